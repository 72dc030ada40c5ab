import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceFile } from '../load.js';
import { buildSite } from '../site.js';
import { writeSite } from '../dialects/test-support.js';
import { detectGenerator } from './detect.js';
import { readConventions } from './index.js';
import { pageLocationOf, publishedPathOf } from './urls.js';
import { configImportReader, markdownAttrsOf } from './vitepress-config.js';
import { readTextFile } from './context.js';
import { parseJsModule, objectOf } from './js-literal.js';

const sites: string[] = [];
afterAll(() => sites.forEach((site) => rmSync(site, { recursive: true, force: true })));
const site = (files: Record<string, string>): string => {
  const dir = writeSite(files);
  sites.push(dir);
  return dir;
};

const CONFIG = `import { defineConfig } from 'vitepress'
export default defineConfig({
  title: 'Split config',
  locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } },
  markdown: { attrs: { leftDelimiter: '%{', rightDelimiter: '}%' } },
  themeConfig: { sidebar: [{ text: 'Guide', items: [{ text: 'Second', link: '/b' }, { text: 'First', link: '/a' }] }] },
})
`;

// vitepress.dev/reference/site-config#config-resolution; VitePress' resolver (src/node/config.ts) tries config/index.* too.
describe('VitePress config locations', () => {
  it.each(['.vitepress/config/index.ts', '.vitepress/config/index.mjs', '.vitepress/config.cts', '.vitepress/config.mts'])(
    'recognises %s and reads its title, locales, order and attribute delimiters',
    (configPath) => {
      const dir = site({ [configPath]: CONFIG, 'a.md': '# A\n', 'b.md': '# B\n', 'fr/a.md': '# A fr\n' });
      expect(detectGenerator(dir)).toStrictEqual({
        generator: 'vitepress',
        configFile: path.join(dir, configPath),
        detectedBy: configPath,
      });
      const files = ['a.md', 'b.md', 'fr/a.md'].map((relPath) => sourceFile(relPath, ''));
      const conventions = readConventions(dir, files);
      expect(conventions.site.title).toBe('Split config');
      expect(conventions.locales.map((locale) => [locale.lang, locale.dir])).toStrictEqual([
        ['en', ''],
        ['fr', 'fr'],
      ]);
      expect([...conventions.pages].filter(([file]) => !file.startsWith('fr/')).map(([file, page]) => [file, page.label])).toStrictEqual([
        ['b.md', 'Second'],
        ['a.md', 'First'],
      ]);
      expect(conventions.markdownAttrs).toStrictEqual({ left: '%{', right: '}%' });
    },
  );

  it('prefers config/index.* as VitePress does, and finds the config beside the content folder', () => {
    const dir = site({ '.vitepress/config/index.js': CONFIG, '.vitepress/config.js': 'export default {}\n', 'docs/a.md': '# A\n' });
    expect(detectGenerator(dir)?.configFile).toBe(path.join(dir, '.vitepress/config/index.js'));
    expect(detectGenerator(path.join(dir, 'docs'))?.configFile).toBe(path.join(dir, '.vitepress/config/index.js'));
  });

  // vitepress.dev/reference/site-config#srcdir
  it('reports a srcDir that is not the content folder', () => {
    const dir = site({ '.vitepress/config.ts': "export default { srcDir: './src' }\n", 'index.md': '# Home\n' });
    const conventions = readConventions(dir, [sourceFile('index.md', '')]);
    expect(conventions.problems.map((problem) => [problem.file, problem.message])).toStrictEqual([
      ['.vitepress/config.ts', `srcDir is ./src: the pages are in ${path.join(dir, 'src')}; serve that folder`],
    ]);
    const inSrc = site({ '.vitepress/config.ts': "export default { srcDir: 'src' }\n", 'src/index.md': '# Home\n' });
    expect(readConventions(path.join(inSrc, 'src'), [sourceFile('index.md', '')]).problems).toStrictEqual([]);
  });
});

// vitepress.dev/guide/routing#route-rewrites and vitepress.dev/reference/site-config#rewrites
describe('rewrites', () => {
  const read = (config: string, relPaths: string[]) => {
    const dir = site({ '.vitepress/config.ts': config, ...Object.fromEntries(relPaths.map((relPath) => [relPath, '# Page\n'])) });
    return readConventions(
      dir,
      relPaths.map((relPath) => sourceFile(relPath, '')),
    );
  };
  const FILES = ['index.md', 'packages/pkg-a/src/index.md', 'packages/pkg-a/src/foo.md', 'packages/pkg-b/src/guide/bar.md'];

  it('reads the static map and the parameters into the conventions, where URLs take them', () => {
    const conventions = read(
      "export default { rewrites: { 'packages/pkg-a/src/index.md': 'pkg-a/index.md', 'packages/:pkg/src/:slug*': ':pkg/:slug*' } }\n",
      FILES,
    );
    expect(conventions.problems).toStrictEqual([]);
    expect(conventions.rewrites?.map((rule) => rule.source)).toStrictEqual(['packages/pkg-a/src/index.md', 'packages/:pkg/src/:slug*']);
    expect(FILES.map((file) => publishedPathOf(file, conventions))).toStrictEqual([
      'index.md',
      'pkg-a/index.md',
      'pkg-a/foo.md',
      'pkg-b/guide/bar.md',
    ]);
    expect(FILES.map((file) => pageLocationOf(file, {}, conventions))).toStrictEqual([
      { path: { key: '/', url: '/', isIndex: true, indexRank: 0 }, formerKeys: [] },
      { path: { key: '/pkg-a/', url: '/pkg-a/', isIndex: true, indexRank: 0 }, formerKeys: ['/packages/pkg-a/src/'] },
      { path: { key: '/pkg-a/foo', url: '/pkg-a/foo', isIndex: false, indexRank: 2 }, formerKeys: ['/packages/pkg-a/src/foo'] },
      {
        path: { key: '/pkg-b/guide/bar', url: '/pkg-b/guide/bar', isIndex: false, indexRank: 2 },
        formerKeys: ['/packages/pkg-b/src/guide/bar'],
      },
    ]);
  });

  it('reads sidebar links as the rewritten paths they are', () => {
    const conventions = read(
      "export default { rewrites: { 'packages/:pkg/src/:slug*': ':pkg/:slug*' }, themeConfig: { sidebar: [{ text: 'B', link: '/pkg-b/guide/bar' }, { text: 'Foo', link: '/pkg-a/foo.md' }, { text: 'A', link: '/pkg-a/' }] } }\n",
      FILES,
    );
    expect([...conventions.pages].map(([file, page]) => [file, page.label])).toStrictEqual([
      ['packages/pkg-b/src/guide/bar.md', 'B'],
      ['packages/pkg-a/src/foo.md', 'Foo'],
      ['packages/pkg-a/src/index.md', 'A'],
    ]);
  });

  // The docs' own function example, as a method and as an arrow function: the code is named, cut to 60 characters.
  it.each([
    [
      "export default { rewrites(id) { return id.replace(/^packages\\/([^/]+)\\/src\\//, '$1/') } }\n",
      'rewrites(id) { return id.replace(/^packages\\/([^/]+)\\/src\\//',
    ],
    ['export default {\n  rewrites: (id) => id.replace(/^docs\\//, "")\n}\n', '(id) => id.replace(/^docs\\//, "")'],
  ])('reports a function-valued rewrites, never run, and keeps file URLs: %s', (config, code) => {
    const conventions = read(config, FILES);
    const line = config.startsWith('export default {\n') ? 2 : 1;
    expect(conventions.problems).toStrictEqual([
      {
        severity: 'warning',
        file: '.vitepress/config.ts',
        message: `line ${line}: rewrites is code (${code}), which is never run: pages keep the URL of their file`,
      },
    ]);
    expect(conventions.rewrites).toBeUndefined();
    expect(pageLocationOf('packages/pkg-a/src/foo.md', {}, conventions).path.key).toBe('/packages/pkg-a/src/foo');
  });

  it('reports rules it cannot read and paths that cannot be pages, whose files stay', () => {
    const conventions = read(
      "export default { rewrites: { '^packages/(.*)': '$1', 'packages/pkg-a/src/foo.md': 'pkg-a/foo', 'packages/:pkg/src/:slug*': ':pkg/:slug*' } }\n",
      FILES,
    );
    expect(conventions.problems.map((problem) => problem.message)).toStrictEqual([
      "rewrites '^packages/(.*)': a regular expression; not followed",
      'rewrites: packages/pkg-a/src/foo.md would move to pkg-a/foo, not a page path; it stays',
    ]);
    expect(publishedPathOf('packages/pkg-a/src/foo.md', conventions)).toBe('packages/pkg-a/src/foo.md');
    expect(publishedPathOf('packages/pkg-a/src/index.md', conventions)).toBe('pkg-a/index.md');
  });
});

// vitepress.dev/reference/site-config#markdown (`markdown.attrs`, markdown-it-attrs' delimiters)
describe('markdown.attrs', () => {
  const attrsOf = (text: string) => markdownAttrsOf(objectOf(parseJsModule(text).exported));

  it('reads the delimiters, each defaulting to markdown-it-attrs', () => {
    expect(attrsOf('export default {}')).toBeUndefined();
    expect(attrsOf("export default { markdown: { attrs: { leftDelimiter: '%{', rightDelimiter: '}%' } } }")).toStrictEqual({
      left: '%{',
      right: '}%',
    });
    expect(attrsOf("export default { markdown: { attrs: { leftDelimiter: '[[' } } }")).toStrictEqual({ left: '[[', right: '}' });
    expect(attrsOf('export default { markdown: { attrs: { disable: true } } }')).toBe(false);
    expect(attrsOf('export default { markdown: { attrs: { leftDelimiter: x } } }')).toStrictEqual({ left: '{', right: '}' });
  });

  it('keeps custom delimiters out of titles derived from the H1', () => {
    const dir = site({ '.vitepress/config.ts': CONFIG, 'a.md': '', 'b.md': '' });
    const files = [sourceFile('a.md', '# Getting started %{#start}%\n\nText.\n'), sourceFile('b.md', '# B\n')];
    const conventions = readConventions(dir, files);
    const built = buildSite(files, { conventions, fallbackName: 'Site' });
    expect(built.publicPages.map((page) => page.title)).toStrictEqual(['Getting started', 'B']);
  });
});

// VitePress' own docs split the config: .vitepress/config/index.ts spreads ./shared and names ./en per locale.
describe('a config split into files', () => {
  it('follows relative imports inside .vitepress/, read as literals, spreads merged', () => {
    const dir = site({
      '.vitepress/config/index.ts':
        "import { defineConfig } from 'vitepress'\nimport { shared } from './shared'\nimport { en } from './en'\nimport fr from './fr.mts'\n" +
        "export default defineConfig({ ...shared, locales: { root: { label: 'English', ...en }, fr: { label: 'Français', ...fr } } })\n",
      '.vitepress/config/shared.ts':
        "import { defineConfig } from 'vitepress'\nexport const shared = defineConfig({ title: 'Split', markdown: { attrs: { disable: true } } })\n",
      '.vitepress/config/en.ts':
        "export const en = { lang: 'en-US', themeConfig: { sidebar: [{ text: 'Guide', items: [{ text: 'B', link: '/b' }, { text: 'A', link: '/a' }] }] } }\n",
      '.vitepress/config/fr.mts': "import { outside } from '../../outside'\nexport default { lang: 'fr', description: outside }\n",
      'outside.ts': "export const outside = 'never read'\n",
      'a.md': '# A\n',
      'b.md': '# B\n',
      'fr/a.md': '# A\n',
    });
    const conventions = readConventions(
      dir,
      ['a.md', 'b.md', 'fr/a.md'].map((relPath) => sourceFile(relPath, '')),
    );
    expect(conventions.site.title).toBe('Split');
    const readImport = configImportReader(path.join(dir, '.vitepress/config/index.ts'), readTextFile);
    expect(readImport('./en', 'en')).toMatchObject({ lang: 'en-US' });
    expect([readImport('../../outside', 'outside'), readImport('vitepress', 'defineConfig'), readImport('./missing', 'x')]).toStrictEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(conventions.markdownAttrs).toBe(false);
    expect(conventions.locales.map((locale) => [locale.lang, locale.dir, locale.label])).toStrictEqual([
      ['en-US', '', 'English'],
      ['fr', 'fr', 'Français'],
    ]);
    expect([...conventions.pages].filter(([file]) => !file.startsWith('fr/')).map(([file, page]) => [file, page.label])).toStrictEqual([
      ['b.md', 'B'],
      ['a.md', 'A'],
    ]);
  });
});
