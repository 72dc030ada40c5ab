/**
 * Done-when 2 of issue 28: generated include targets — relative, absolute, percent-encoded, `..`
 * detours, symlinked, dot paths, the data folder configured beside or inside the content folder,
 * the secret and settings files, private pages, drafts, internal pages — written into public pages
 * with every include syntax (MkDocs snippets, mdBook, Hugo, VitePress `<!--@include:-->` and `<<<`,
 * GitBook, MDX imports); the site is built and served, and no public answer (pages as HTML and
 * markdown, search, llms files, feeds, MCP search and fetch) holds one byte of any marker. Internal
 * pages under language folders (`de/internal/`, `pt-BR/Internal/`) count as internal pages (item 3).
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { readConfigFile } from '../src/config/config-file.js';
import { createContext } from '../src/context.js';
import { buildInjectableApp, type InjectableApp } from './app.js';
import { loadSnapshot, snapshotOptionsOf, type Snapshot } from '../src/snapshot/snapshot.js';
import { fuzzParameters } from './fuzz-support.js';
import { TEST_BASE_URL } from './helpers.js';
import { SQLITE_HEADER } from './include-safety-support.js';

/** Where the data folder is configured, relative to the site folder (`mkdocs.yml` beside `docs/`). */
const DATA_DIRS = ['.sitegate', 'docs/.sitegate', 'docs/state', 'state'] as const;
/** Where the secret file is. */
const SECRET_FILES = ['kek.txt', 'docs/kek.txt', 'docs/kek.md'] as const;
/** Where the settings file is. */
const CONFIG_FILES = ['sitegate.json', 'docs/conf/site.json'] as const;

type Placement = {
  dataDir: (typeof DATA_DIRS)[number];
  secretFile: (typeof SECRET_FILES)[number];
  configFile: (typeof CONFIG_FILES)[number];
};

/** Every file a page may try to read, relative to the site folder (`OUT/` is a folder outside it), with its marker. */
function plantedFiles(placement: Placement): Record<string, string> {
  const data = placement.dataDir;
  return {
    [`${data}/secret`]: 'zqdatasecretmarker',
    [`${data}/notes.md`]: 'zqdatanotesmarker',
    '.env': 'zqrootenvmarker',
    'docs/.env': 'zqdocsenvmarker',
    '.git/config': 'zqrootgitmarker',
    'docs/.git/config.md': 'zqdocsgitmarker',
    [placement.secretFile]: 'zqsecretfilemarkerpaddingpaddingpadding',
    [placement.configFile]: JSON.stringify({ check: { knownMissing: ['/zqconfigfilemarker'] } }),
    'docs/private.md': '---\naccess: internal\n---\n# Private\n\nzqinternalpagemarker\n',
    'docs/_partial.md': '---\naccess: private\n---\nzqprivatepartialmarker\n',
    'docs/_partial.mdx': '---\naccess: [public, private]\n---\nzqprivatemdxmarker\n',
    'docs/draft.md': '---\ndraft: yes\n---\n# Draft\n\nzqdraftpagemarker\n',
    'docs/broken.md': '---\naccess: [public\n---\nzqbrokenfrontmattermarker\n',
    'docs/internal/plan.md': '# Plan\n\nzqinternalfoldermarker\n',
    'docs/Internal/notes.mdx': '# Notes\n\nzqinternalcasemarker\n',
    'docs/de/internal/roadmap.md': '# Roadmap\n\nzqlanguageinternalmarker\n',
    'docs/pt-BR/Internal/plan.mdx': '# Plano\n\nzqlanguagecasemarker\n',
    'OUT/outside.md': 'zqoutsidemarker\n',
  };
}

/** Every marker: what no public answer may hold. */
const markersOf = (placement: Placement): string[] => [
  ...Object.values(plantedFiles(placement)).map((text) => /zq[a-z]+marker|zqsecretfilemarker\w*/.exec(text)?.[0] as string),
  SQLITE_HEADER,
];

/** Symlinks the site holds, relative to the site folder → what they lead to. */
const SYMLINKS = (placement: Placement): Record<string, string> => ({
  'docs/link.md': 'OUT/outside.md',
  'docs/secret-link.md': placement.secretFile,
  'docs/data-link': placement.dataDir,
  'docs/env-link.md': '.env',
});

/** The targets generated: a file (relative to the site folder) and whatever lies below a symlinked folder. */
const TARGETS = (placement: Placement): string[] => [
  ...Object.keys(plantedFiles(placement)),
  `${placement.dataDir}/sitegate.db`,
  'docs/link.md',
  'docs/secret-link.md',
  'docs/data-link/secret',
  'docs/data-link/sitegate.db',
  'docs/env-link.md',
];

type Syntax = 'snippets' | 'mdbook' | 'hugo' | 'vitepress' | 'vitepress-code' | 'gitbook' | 'mdx';
const SYNTAXES: Syntax[] = ['snippets', 'mdbook', 'hugo', 'vitepress', 'vitepress-code', 'gitbook', 'mdx'];
type Spelling = 'plain' | 'dot-slash' | 'detour' | 'double-slash' | 'encoded' | 'absolute';
const SPELLINGS: Spelling[] = ['plain', 'dot-slash', 'detour', 'double-slash', 'encoded', 'absolute'];

/** How a syntax writes `target` (absolute) from a page in `docs/` of the site folder `site`. */
function written(syntax: Syntax, spelling: Spelling, target: string, site: string): string {
  const content = path.join(site, 'docs');
  const from = syntax === 'snippets' ? site : content;
  let relative = path.relative(from, target).split(path.sep).join('/');
  if (spelling === 'absolute') return target;
  if (spelling === 'dot-slash' && !relative.startsWith('.')) relative = `./${relative}`;
  if (spelling === 'detour') relative = `zz/../${relative}`;
  if (spelling === 'double-slash') relative = relative.replace('/', '//');
  if (spelling === 'encoded') relative = relative.replace('.', '%2E').replace('/', '%2F');
  if (syntax === 'hugo') return `/${relative}`;
  if (syntax === 'vitepress-code') return `@/${relative}`;
  if (syntax === 'mdx' && !relative.startsWith('.') && !relative.startsWith('/')) return `./${relative}`;
  return relative;
}

/** A public page including `path` with `syntax`. */
function pageSource(syntax: Syntax, target: string, i: number): string {
  const head = `---\ntitle: Leak ${i}\ndate: 2026-01-0${(i % 9) + 1}\n---\n`;
  const lines: Record<Syntax, string> = {
    snippets: `--8<-- "${target}"`,
    mdbook: `{{#include ${target}}}`,
    hugo: `{{% include "${target}" %}}`,
    vitepress: `<!--@include: ${target}-->`,
    'vitepress-code': `<<< ${target}`,
    gitbook: `{% include "${target}" %}`,
    mdx: '<Leak />',
  };
  const imports = syntax === 'mdx' ? `import Leak from '${target}';\n\n` : '';
  return `${head}${imports}# Leak ${i}\n\nBefore.\n\n${lines[syntax]}\n\nAfter.\n`;
}

interface Case {
  placement: Placement;
  includes: { target: number; syntax: Syntax; spelling: Spelling; post: boolean }[];
}

const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  placement: fc.record({
    dataDir: fc.constantFrom(...DATA_DIRS),
    secretFile: fc.constantFrom(...SECRET_FILES),
    configFile: fc.constantFrom(...CONFIG_FILES),
  }),
  includes: fc.array(
    fc.record({
      target: fc.nat(),
      syntax: fc.constantFrom(...SYNTAXES),
      spelling: fc.constantFrom(...SPELLINGS),
      post: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  ),
});

/** Writes the site of a case; returns its folder and the outside folder. */
function writeCase(c: Case): { site: string; root: string } {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-include-property-')));
  const site = path.join(root, 'site');
  const write = (rel: string, text: string): void => {
    const file = rel.startsWith('OUT/') ? path.join(root, rel) : path.join(site, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  write('mkdocs.yml', 'site_name: Acme\n');
  write('docs/index.md', '# Acme\n\nWelcome.\n');
  for (const [rel, text] of Object.entries(plantedFiles(c.placement))) write(rel, `${text}\n`);
  for (const [link, to] of Object.entries(SYMLINKS(c.placement)))
    symlinkSync(to.startsWith('OUT/') ? path.join(root, to) : path.join(site, to), path.join(site, link));
  const targets = TARGETS(c.placement);
  c.includes.forEach((include, i) => {
    const rel = targets[include.target % targets.length] as string;
    const target = rel.startsWith('OUT/') ? path.join(root, rel) : path.join(site, rel);
    const folder = include.post ? 'docs/blog' : 'docs';
    const spelled = written(include.syntax, include.spelling, target, site);
    // A page in blog/ is one level deeper: its relative paths climb once more.
    const fromPage =
      include.post && !['snippets', 'hugo', 'vitepress-code'].includes(include.syntax) && !path.isAbsolute(spelled)
        ? `../${spelled.replace(/^\.\//, '')}`
        : spelled;
    write(`${folder}/leak-${i}.${include.syntax === 'mdx' ? 'mdx' : 'md'}`, pageSource(include.syntax, fromPage, i));
  });
  return { site, root };
}

/** Every public answer of a served site, by request. */
async function publicAnswers(app: InjectableApp, snapshot: Snapshot, markers: readonly string[]): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  const get = async (url: string, accept = '*/*'): Promise<void> => {
    const answer = await app.inject({ method: 'GET', url, headers: { accept } });
    answers.set(`${answer.statusCode} ${accept} ${url}`, answer.body);
  };
  for (const page of snapshot.site.publicPages) {
    await get(page.url, 'text/html');
    await get(page.markdownUrl);
  }
  for (const url of ['/api/search.json', '/llms.txt', '/llms-full.txt', '/feed.xml', '/rss.xml']) await get(url);
  const words = ['leak', 'before', ...markers.filter((m) => m.startsWith('zq'))];
  for (const word of words) await get(`/api/search.json?q=${word}`);
  const mcp = async (name: string, args: Record<string, unknown>): Promise<void> => {
    const answer = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-06-18' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
    });
    answers.set(`${answer.statusCode} mcp ${name} ${JSON.stringify(args)}`, answer.body);
  };
  for (const page of snapshot.site.publicPages) await mcp('fetch', { id: page.url });
  for (const word of words) await mcp('search', { query: word });
  return answers;
}

describe('include targets generated into public pages (issue 28, done-when 2)', () => {
  it('show no byte of any protected, private or outside file in any public answer', async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (c) => {
        const { site, root } = writeCase(c);
        const configFile = path.join(site, c.placement.configFile);
        const config = loadConfig(
          {
            contentDir: path.join(site, 'docs'),
            baseUrl: TEST_BASE_URL,
            dataDir: path.join(site, c.placement.dataDir),
            secretFile: path.join(site, c.placement.secretFile),
          },
          {},
          readConfigFile(site, configFile),
          site,
          configFile,
        );
        const { snapshot } = loadSnapshot(config.contentDir, { ...snapshotOptionsOf(config), parallel: false });
        const context = await createContext(config, snapshot);
        const app = buildInjectableApp(context);
        app.onClose(() => context.close());
        try {
          const markers = markersOf(c.placement);
          const answers = await publicAnswers(app, snapshot, markers);
          // The answers are real: every leak page is served, and MCP answered.
          const served = [...answers.keys()].filter((key) => /^200 text\/html \/(blog\/)?leak-\d+$/.test(key));
          expect(served).toHaveLength(c.includes.length);
          expect([...answers.keys()].filter((key) => key.startsWith('200 mcp fetch'))).toHaveLength(snapshot.site.publicPages.length);
          const leaks = [...answers].flatMap(([request, body]) => markers.filter((m) => body.includes(m)).map((m) => `${m} in ${request}`));
          expect(leaks).toStrictEqual([]);
        } finally {
          await app.close();
          rmSync(root, { recursive: true, force: true });
        }
      }),
      fuzzParameters(10),
    );
  }, 120_000);
});
