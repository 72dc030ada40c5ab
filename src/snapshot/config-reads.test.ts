/**
 * The recorder of the config files a build's conventions look at beside the content folder
 * (config-reads.ts): what each generator's reading leaves to watch, the files looked for and
 * missing included, kept to the project and away from protected paths.
 */
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, writeContent } from '../../test/helpers.js';
import { runSteps } from '../build-steps.js';
import { noteFileRead } from '../content/read-observer.js';
import { projectFolderOf, withConfigReads } from './config-reads.js';
import { fingerprintOfPath } from './fingerprint.js';
import { ReadCache } from './read-cache.js';
import { listSiteFiles, type ListingOptions } from './site-listing.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

/** A site of `files` in a fresh folder (its real path, as fingerprints and watches see it). */
function site(files: Record<string, string>): string {
  const dir = realpathSync(writeContent(files));
  dirs.push(dir);
  return dir;
}

/** The config reads of a watch build of `dir/content`, as `path (relative to dir) +|-` (exists or not), in order. */
function readsOf(dir: string, content: string, options: ListingOptions = {}): string[] {
  const cache = new ReadCache();
  runSteps(listSiteFiles(path.join(dir, content), options, cache));
  return cache.configReads.map((read) => {
    expect(read.fingerprint).toBe(fingerprintOfPath(read.path));
    return `${path.relative(dir, read.path).split(path.sep).join('/')} ${read.fingerprint === '-' ? '-' : '+'}`;
  });
}

const docusaurusConfig = (sidebarPath: string): string =>
  `export default { title: 'T', presets: [['classic', { docs: { sidebarPath: '${sidebarPath}' } }]] };\n`;

describe('withConfigReads through a watch build (site-listing.ts)', () => {
  it('Docusaurus: the config found, those tried before it, the sidebars file named and missing, versions.json looked for', () => {
    const dir = site({ 'docs/a.md': '# A\n', 'docusaurus.config.js': docusaurusConfig('./sidebars.js') });
    // The probes inside `docs/` are the content watcher's; those beside it are kept.
    expect(readsOf(dir, 'docs')).toStrictEqual([
      'docusaurus.config.ts -',
      'docusaurus.config.mts -',
      'docusaurus.config.js +',
      'sidebars.js -',
      'versions.json -',
    ]);
  });

  it('MkDocs: mkdocs.yml after the generators tried before it', () => {
    const dir = site({ 'docs/a.md': '# A\n', 'mkdocs.yml': 'site_name: M\n' });
    expect(readsOf(dir, 'docs')).toStrictEqual([
      ...['ts', 'mts', 'js', 'mjs', 'cjs'].map((ext) => `docusaurus.config.${ext} -`),
      ...['ts', 'mts', 'js', 'mjs', 'cjs'].map((ext) => `astro.config.${ext} -`),
      // Inside the content folder, under a hidden name the content watcher ignores.
      ...['js', 'ts', 'mjs', 'mts'].map((ext) => `docs/.vitepress/config/index.${ext} -`),
      ...['js', 'ts', 'mjs', 'mts', 'cjs', 'cts'].map((ext) => `docs/.vitepress/config.${ext} -`),
      ...['js', 'ts', 'mjs', 'mts'].map((ext) => `.vitepress/config/index.${ext} -`),
      ...['js', 'ts', 'mjs', 'mts', 'cjs', 'cts'].map((ext) => `.vitepress/config.${ext} -`),
      'mkdocs.yml +',
    ]);
  });

  it('Hugo: the config file and the config directory folders, made or not', () => {
    const dir = site({
      'content/a.md': '---\ntitle: A\n---\n',
      'hugo.toml': 'title = "H"\n',
      'config/_default/params.toml': 'color = "red"\n',
    });
    const reads = readsOf(dir, 'content');
    expect(reads.filter((read) => !/(docusaurus|astro|vitepress)/.test(read))).toStrictEqual([
      'mkdocs.yml -',
      'mkdocs.yaml -',
      'book.toml -',
      'hugo.toml +',
      // Render hook templates (content/conventions/hugo-hooks.ts).
      'layouts -',
      'layouts/_markup -',
      'config/_default +',
      'config/_default/params.toml +',
      'config/production -',
    ]);
  });

  it('Starlight: astro.config.mjs three folders up, the tsconfig.json beside it and the file it extends; not one it refuses', () => {
    const dir = site({
      'site/src/content/docs/a.md': '# A\n',
      'site/astro.config.mjs':
        "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S' })] };\n",
      'site/tsconfig.json': '{ "extends": ["./tsconfig.base.json", "../outside/tsconfig.json"] }\n',
      'site/tsconfig.base.json': '{ "compilerOptions": { "paths": { "@a/*": ["src/a/*"] } } }\n',
      'outside/tsconfig.json': '{}\n',
    });
    const reads = readsOf(dir, 'site/src/content/docs');
    expect(reads.filter((read) => read.endsWith('+'))).toStrictEqual([
      'site/astro.config.mjs +',
      'site/tsconfig.json +',
      'site/tsconfig.base.json +',
    ]);
    expect(reads.filter((read) => read.includes('outside'))).toStrictEqual([]);
  });

  it('VitePress with its config inside the content folder: .vitepress/ is watched, the pages are not', () => {
    const dir = site({ 'docs/a.md': '# A\n', 'docs/.vitepress/config.ts': "export default { title: 'V' };\n" });
    const reads = readsOf(dir, 'docs');
    expect(reads.filter((read) => read.endsWith('+'))).toStrictEqual(['docs/.vitepress/config.ts +']);
    expect(reads.some((read) => read.startsWith('docs/a.md'))).toBe(false);
  });

  it('leaves out a protected path and a path outside the project that a config names', () => {
    const dir = site({ 'site/docs/a.md': '# A\n', 'site/docusaurus.config.js': docusaurusConfig('./sitegate.json') });
    writeFileSync(path.join(dir, 'site/sitegate.json'), '{}\n');
    const protectedPaths = [path.join(dir, 'site/sitegate.json')];
    expect(readsOf(dir, 'site/docs', { protectedPaths })).not.toContain('site/sitegate.json +');
    expect(readsOf(dir, 'site/docs')).toContain('site/sitegate.json +');
    mkdirSync(path.join(dir, 'elsewhere'));
    writeFileSync(path.join(dir, 'elsewhere/sidebars.js'), 'export default {};\n');
    writeFileSync(path.join(dir, 'site/docusaurus.config.js'), docusaurusConfig('../elsewhere/sidebars.js'));
    expect(readsOf(dir, 'site/docs')).toStrictEqual([
      'site/docusaurus.config.ts -',
      'site/docusaurus.config.mts -',
      'site/docusaurus.config.js +',
      'site/versions.json -',
    ]);
  });
});

describe('ReadCache.sweep and the config files', () => {
  it("reports '' (everything) when a config file read beside the content folder changed unheard, or one looked for appeared", () => {
    const dir = site({ 'docs/a.md': '# A\n', 'mkdocs.yml': 'site_name: M\n' });
    const cache = new ReadCache();
    const build = (): void => {
      const files = runSteps(listSiteFiles(path.join(dir, 'docs'), {}, cache));
      cache.stale(files.files, files.conventions);
    };
    build();
    expect(runSteps(cache.sweep())).toStrictEqual([]);
    writeFileSync(path.join(dir, 'mkdocs.yml'), 'site_name: Renamed site\n');
    expect(runSteps(cache.sweep())).toStrictEqual(['']);
    cache.report(['']);
    build();
    expect(runSteps(cache.sweep())).toStrictEqual([]);
    // Looked for and missing at the build: its creation changes what detection finds.
    writeFileSync(path.join(dir, 'docusaurus.config.js'), 'export default {};\n');
    expect(runSteps(cache.sweep())).toStrictEqual(['']);
  });
});

describe('withConfigReads', () => {
  it('keeps what the read looked at outside the content folder once, fingerprinted, in order; stops observing after', () => {
    const dir = site({ 'docs/a.md': '# A\n', 'book.toml': '[book]\n' });
    const content = path.join(dir, 'docs');
    const { result, configReads } = withConfigReads(
      { contentDir: content, protectedPaths: [path.join(dir, 'data')] },
      () => {
        for (const rel of ['book.toml', 'docs/a.md', 'docs/_category_.json', 'missing.yml', 'book.toml', 'data/sitegate.db', '../x.toml'])
          noteFileRead(path.join(dir, rel));
        return 'read';
      },
      () => path.join(dir, 'book.toml'),
    );
    expect(result).toBe('read');
    expect(configReads).toStrictEqual([
      { path: path.join(dir, 'book.toml'), fingerprint: fingerprintOfPath(path.join(dir, 'book.toml')) },
      { path: path.join(dir, 'missing.yml'), fingerprint: '-' },
    ]);
    // No observer is left behind: a later look is no one's.
    const after = withConfigReads(
      { contentDir: content, protectedPaths: [] },
      () => undefined,
      () => undefined,
    );
    noteFileRead(path.join(dir, 'book.toml'));
    expect(after.configReads).toStrictEqual([]);
  });

  it('projectFolderOf: the config file’s folder, out of .vitepress/, else the content folder’s parent', () => {
    expect(projectFolderOf('/s/docs', '/s/docusaurus.config.js')).toBe('/s');
    expect(projectFolderOf('/s/docs', '/s/docs/.vitepress/config.ts')).toBe('/s/docs');
    expect(projectFolderOf('/s/docs', '/s/.vitepress/config/index.ts')).toBe('/s');
    expect(projectFolderOf('/s/src/content/docs', '/s/astro.config.mjs')).toBe('/s');
    expect(projectFolderOf('/s/docs', undefined)).toBe('/s');
  });
});
