/**
 * Sites laid out as each generator lays them out, for the include-safety tests: a site folder with
 * the generator's config, a content folder, the data folder, the secret file and the settings file
 * where a real site keeps them, and a file for every target a page might try to include, each
 * holding a marker that must never reach a public answer.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/config.js';
import { readConfigFile } from '../src/config/config-file.js';
import { createContext, type ServerContext } from '../src/context.js';
import { buildInjectableApp, type InjectableApp } from './app.js';
import { loadSnapshot, snapshotOptionsOf, type LoadedSnapshot } from '../src/snapshot/snapshot.js';
import { TEST_BASE_URL } from './helpers.js';

/** The first bytes of every SQLite database (sqlite.org/fileformat.html §1.3.1): the store's marker. */
export const SQLITE_HEADER = 'SQLite format 3';

/** What a page may try to include, each with its unique marker. */
export const TARGETS = {
  dataSecret: 'mk-datasecret-7f3a',
  dataDb: SQLITE_HEADER,
  env: 'mk-dotenv-91c2',
  gitConfig: 'mk-gitconfig-4be8',
  secretFile: 'mk-secretfile-0d6e-padding-to-thirty-two-chars',
  configFile: '/mk-configfile-55a1',
  internalPage: 'mk-internalpage-c3d9',
  privatePartial: 'mk-privatepartial-8e17',
  draftPage: 'mk-draftpage-2a4f',
  internalFolder: 'mk-internalfolder-b6d0',
  symlinkOut: 'mk-symlinkout-e5c3',
} as const;

/** A target's name. */
export type TargetId = keyof typeof TARGETS;

/** Where a layout keeps things, relative to the site folder, and how its pages include a file. */
export interface Layout {
  name: string;
  /** The generator's own files, relative to the site folder. */
  files: Record<string, string>;
  /** The content folder, relative to the site folder (`''`: the site folder itself). */
  content: string;
  /** The data folder when configured (`--data-dir`), else undefined: the default, beside the settings file. */
  dataDir: string | undefined;
  /** Where the data folder ends up. */
  dataDirAt: string;
  secretFile: string;
  configFile: string;
  /** The folder holding `.env` and `.git/`. */
  dotFolder: string;
  /** Extension of the including pages (`md`, or `mdx` for MDX imports). */
  pageExt: 'md' | 'mdx';
  /** The file of each target, relative to the site folder, when it differs from the default (MDX imports read markdown only). */
  paths?: Partial<Record<TargetId, string>>;
  /** Targets this syntax cannot name at all (an MDX import names markdown files only). */
  skip?: TargetId[];
  /** How the page writes the path of `target` (absolute), from the page at `page` (absolute), in a site at `site`. */
  written(target: string, page: string, site: string, content: string): string;
  /** The page source including `written`. */
  page(written: string): string;
}

const rel = (from: string, to: string): string => {
  const r = path.relative(from, to).split(path.sep).join('/');
  return r.startsWith('.') ? r : `./${r}`;
};
const bare = (from: string, to: string): string => path.relative(from, to).split(path.sep).join('/');
const md = (written: string, line: string): string => `# Leak\n\nBefore.\n\n${line}\n\nAfter.\n`.replace('WRITTEN', written);

/** The layouts, one per generator and include syntax. */
export const LAYOUTS: Layout[] = [
  {
    name: 'MkDocs snippets (mkdocs.yml beside docs/, default .sitegate/ beside it)',
    files: { 'mkdocs.yml': 'site_name: Acme\nmarkdown_extensions:\n  - pymdownx.snippets\n' },
    content: 'docs',
    dataDir: undefined,
    dataDirAt: '.sitegate',
    secretFile: 'secrets/kek.txt',
    configFile: 'sitegate.json',
    dotFolder: '',
    pageExt: 'md',
    written: (target, _page, site) => bare(site, target),
    page: (written) => md(written, '--8<-- "WRITTEN"'),
  },
  {
    name: 'mdBook {{#include}} (book.toml, src/, data folder configured in the book root)',
    files: { 'book.toml': '[book]\ntitle = "Acme"\nsrc = "src"\n' },
    content: 'src',
    dataDir: 'state',
    dataDirAt: 'state',
    secretFile: 'secret.txt',
    configFile: 'sitegate.json',
    dotFolder: '',
    pageExt: 'md',
    written: (target, page) => bare(path.dirname(page), target),
    page: (written) => md(written, '{{#include WRITTEN}}'),
  },
  {
    name: 'Hugo/Docsy include (hugo.toml, content/, everything configured inside content/)',
    files: { 'hugo.toml': 'title = "Acme"\n' },
    content: 'content',
    dataDir: 'content/data',
    dataDirAt: 'content/data',
    secretFile: 'content/keys/kek.txt',
    configFile: 'content/conf/sitegate.json',
    dotFolder: 'content',
    pageExt: 'md',
    written: (target, _page, _site, content) => `/${bare(content, target)}`,
    page: (written) => md(written, `{{% include "WRITTEN" %}}`),
  },
  {
    name: 'Docusaurus MDX import (docusaurus.config.js, docs/, data folder inside docs/)',
    files: { 'docusaurus.config.js': 'export default { title: "Acme" };\n' },
    content: 'docs',
    dataDir: 'docs/.sitegate',
    dataDirAt: 'docs/.sitegate',
    secretFile: 'docs/keys/kek.md',
    configFile: 'sitegate.json',
    dotFolder: 'docs',
    pageExt: 'mdx',
    paths: { dataSecret: 'docs/.sitegate/notes.md', env: 'docs/.env.md', gitConfig: 'docs/.git/config.md', symlinkOut: 'docs/_link.mdx' },
    skip: ['dataDb', 'configFile'],
    written: (target, page) => rel(path.dirname(page), target),
    page: (written) => `import Leak from '${written}';\n\n# Leak\n\nBefore.\n\n<Leak />\n\nAfter.\n`,
  },
  {
    name: 'VitePress <!--@include:--> (docs/.vitepress, data folder inside docs/)',
    files: { 'docs/.vitepress/config.mts': 'export default { title: "Acme" };\n' },
    content: 'docs',
    dataDir: 'docs/.sitegate',
    dataDirAt: 'docs/.sitegate',
    secretFile: 'docs/keys/kek.txt',
    configFile: 'docs/sitegate.json',
    dotFolder: 'docs',
    pageExt: 'md',
    written: (target, page) => rel(path.dirname(page), target),
    page: (written) => md(written, '<!--@include: WRITTEN-->'),
  },
  {
    name: 'VitePress <<< code snippet (docs/.vitepress, @/ paths)',
    files: { 'docs/.vitepress/config.mts': 'export default { title: "Acme" };\n' },
    content: 'docs',
    dataDir: 'docs/state',
    dataDirAt: 'docs/state',
    secretFile: 'docs/keys/kek.txt',
    configFile: 'docs/sitegate.json',
    dotFolder: 'docs',
    pageExt: 'md',
    written: (target, _page, _site, content) => `@/${bare(content, target)}`,
    page: (written) => md(written, '<<< WRITTEN'),
  },
  {
    name: 'GitBook {% include %} (.gitbook.yaml, the space root is the content folder)',
    files: { '.gitbook.yaml': 'root: ./\n', '.gitbook/includes/ok.md': '---\ntitle: OK\n---\nReusable mk-reusable-ok.\n' },
    content: '',
    dataDir: undefined,
    dataDirAt: '.sitegate',
    secretFile: 'keys/kek.txt',
    configFile: 'sitegate.json',
    dotFolder: '',
    pageExt: 'md',
    written: (target, page) => rel(path.dirname(page), target),
    page: (written) => md(written, `{% include "WRITTEN" %}`),
  },
];

/** A site of a layout, built and served, with the files its pages try to include. */
export interface ServedSite {
  app: InjectableApp;
  context: ServerContext;
  loaded: LoadedSnapshot;
  /** Real path of the site folder. */
  site: string;
  /** Page URL of the page that includes each target. */
  pageUrl: Map<TargetId, string>;
  /** The path each page wrote. */
  written: Map<TargetId, string>;
  close(): Promise<void>;
}

/** The file of each target in a layout, relative to the site folder. */
export function targetPaths(layout: Layout): Record<TargetId, string> {
  const c = (p: string): string => path.posix.join(layout.content, p);
  return {
    dataSecret: path.posix.join(layout.dataDirAt, 'secret'),
    dataDb: path.posix.join(layout.dataDirAt, 'sitegate.db'),
    env: path.posix.join(layout.dotFolder, '.env'),
    gitConfig: path.posix.join(layout.dotFolder, '.git/config'),
    secretFile: layout.secretFile,
    configFile: layout.configFile,
    internalPage: c(`private-page.${layout.pageExt}`),
    privatePartial: c(`_partial.${layout.pageExt}`),
    draftPage: c(`draft.${layout.pageExt}`),
    internalFolder: c(`internal/plan.${layout.pageExt}`),
    symlinkOut: c('link.md'),
    ...layout.paths,
  };
}

/** The text planted at each target (the store's database is the store's own). */
function plantedText(id: TargetId): string | undefined {
  const marker = TARGETS[id];
  switch (id) {
    case 'dataDb':
      return undefined;
    case 'configFile':
      return `${JSON.stringify({ check: { knownMissing: [marker] } })}\n`;
    case 'secretFile':
      return `${marker}\n`;
    case 'internalPage':
      return `---\naccess: internal\n---\n# Internal\n\n${marker}\n`;
    case 'privatePartial':
      return `---\naccess: private\n---\n${marker}\n`;
    case 'draftPage':
      return `---\ndraft: true\n---\n# Draft\n\n${marker}\n`;
    case 'internalFolder':
      return `# Plan\n\n${marker}\n`;
    default:
      return `${marker}\n`;
  }
}

/**
 * Writes a layout's site, configures sitegate as an operator would (settings file, secret file,
 * data folder) and serves it through the production listener (`app.inject`).
 */
export async function serveLayout(layout: Layout): Promise<ServedSite> {
  const site = realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-include-safety-')));
  const outside = realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-outside-')));
  const write = (relPath: string, text: string): void => {
    mkdirSync(path.dirname(path.join(site, relPath)), { recursive: true });
    writeFileSync(path.join(site, relPath), text);
  };
  for (const [file, text] of Object.entries(layout.files)) write(file, text);
  const content = path.join(site, layout.content);
  write(path.join(layout.content, `index.${layout.pageExt}`), '# Acme\n\nWelcome.\n');
  const paths = targetPaths(layout);
  for (const id of Object.keys(TARGETS) as TargetId[]) {
    const text = plantedText(id);
    if (text === undefined || id === 'symlinkOut' || layout.skip?.includes(id)) continue;
    write(paths[id], text);
  }
  const outsideFile = path.join(outside, path.basename(paths.symlinkOut));
  writeFileSync(outsideFile, `${TARGETS.symlinkOut}\n`);
  symlinkSync(outsideFile, path.join(site, paths.symlinkOut));
  const pageUrl = new Map<TargetId, string>();
  const written = new Map<TargetId, string>();
  const ids = (Object.keys(TARGETS) as TargetId[]).filter((id) => layout.skip?.includes(id) !== true);
  for (const id of ids) {
    const page = path.join(content, `leak-${id.toLowerCase()}.${layout.pageExt}`);
    const line = layout.written(path.join(site, paths[id]), page, site, content);
    written.set(id, line);
    write(path.relative(site, page), layout.page(line));
  }
  const configFile = path.join(site, layout.configFile);
  if (layout.skip?.includes('configFile') === true) write(layout.configFile, '{}\n');
  const config = loadConfig(
    {
      contentDir: content,
      baseUrl: TEST_BASE_URL,
      secretFile: path.join(site, layout.secretFile),
      ...(layout.dataDir === undefined ? {} : { dataDir: path.join(site, layout.dataDir) }),
    },
    {},
    readConfigFile(site, configFile),
    site,
    configFile,
  );
  if (config.dataDir !== path.join(site, layout.dataDirAt)) throw new Error(`data folder at ${config.dataDir}, not ${layout.dataDirAt}`);
  const loaded = loadSnapshot(config.contentDir, { ...snapshotOptionsOf(config), parallel: false });
  const context = await createContext(config, loaded.snapshot);
  const app = buildInjectableApp(context);
  app.onClose(() => context.close());
  for (const id of ids) {
    const file = `leak-${id.toLowerCase()}.${layout.pageExt}`;
    const page = [...loaded.snapshot.site.pages.values()].find((p) => p.file === file);
    if (page === undefined) throw new Error(`${layout.name}: ${file} is not served`);
    pageUrl.set(id, page.url);
  }
  return {
    app,
    context,
    loaded,
    site,
    pageUrl,
    written,
    async close() {
      await app.close();
      rmSync(site, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    },
  };
}
