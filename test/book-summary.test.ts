/**
 * SUMMARY.md as the nav and book redirects (issue 31), from the generators' documentation:
 * mdBook rust-lang.github.io/mdBook/format/summary.html (prefix chapters, part titles, numbered
 * chapters nested by indentation, suffix chapters, separators, draft chapters) and
 * rust-lang.github.io/mdBook/format/configuration/renderers.html#outputhtmlredirect; GitBook
 * gitbook.com/docs/getting-started/git-sync/content-configuration (#summary: groups, link titles,
 * anchors; #redirects).
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isFolder, navLabel, type Folder } from '../src/content/folders.js';
import { Declaration } from '../src/content/conventions/declare.js';
import { readSummary } from '../src/content/conventions/summary.js';
import { gitbookRedirects, mdbookRedirects } from '../src/content/conventions/book.js';
import { loadSnapshot, type Snapshot } from '../src/snapshot/snapshot.js';
import { buildTestApp, removeDir, TEST_BASE_URL, writeContent, type TestApp } from './helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

function site(files: Record<string, string>): Snapshot {
  const dir = writeContent(files);
  dirs.push(dir);
  return loadSnapshot(path.join(dir, 'content'), { baseUrl: TEST_BASE_URL, parallel: false }).snapshot;
}

/** The nav as lines `label url` (a folder: `[label] url`), indented by depth. */
function outline(snapshot: Snapshot): string[] {
  const lines: string[] = [];
  const walk = (folder: Folder, depth: number): void => {
    for (const item of folder.items) {
      lines.push(`${'  '.repeat(depth)}${isFolder(item) ? `[${item.label}]` : navLabel(item)} ${item.url}`);
      if (isFolder(item)) walk(item, depth + 1);
    }
  };
  walk(snapshot.site.folders.get('/') as Folder, 0);
  return lines;
}

/** The summary.html example shapes: a title, a prefix chapter, a part, nested numbered chapters, a draft, a separator, a suffix chapter. */
const MDBOOK_SUMMARY = [
  '# Summary',
  '',
  '[Introduction](README.md)',
  '',
  '# User Guide',
  '',
  '- [Installation](guide/installation.md)',
  '- [Reading Books](guide/reading.md)',
  '    - [Nested](guide/nested.md)',
  '- [Draft Chapter]()',
  '',
  '# Reference Guide',
  '',
  '- [Command Line Tool](cli/README.md)',
  '    - [init](cli/init.md)',
  '    - [build](cli/build.md)',
  '',
  '---',
  '',
  '[Contributors](misc/contributors.md)',
  '',
].join('\n');

describe('mdBook SUMMARY.md (rust-lang.github.io/mdBook/format/summary.html)', () => {
  it('declares parents by nesting, parts by the headings after the title, and no page for drafts or separators', () => {
    const declaration = new Declaration();
    readSummary(MDBOOK_SUMMARY, 'SUMMARY.md', declaration);
    expect([...declaration.pages].map(([file, page]) => [file, page.position, page.parent, page.group])).toEqual([
      ['README.md', 0, undefined, undefined],
      ['guide/installation.md', 1, undefined, 'User Guide'],
      ['guide/reading.md', 2, undefined, 'User Guide'],
      ['guide/nested.md', 3, 'guide/reading.md', 'User Guide'],
      ['cli/README.md', 4, undefined, 'Reference Guide'],
      ['cli/init.md', 5, 'cli/README.md', 'Reference Guide'],
      ['cli/build.md', 6, 'cli/README.md', 'Reference Guide'],
      ['misc/contributors.md', 7, undefined, undefined],
    ]);
  });

  it('makes the nav that tree: parts as folders, chapters with sub-chapters as folders of their page', () => {
    const files: Record<string, string> = { 'book.toml': '[book]\ntitle = "Guide"\n', 'content/SUMMARY.md': MDBOOK_SUMMARY };
    for (const file of [
      'README.md',
      'guide/installation.md',
      'guide/reading.md',
      'guide/nested.md',
      'cli/README.md',
      'cli/init.md',
      'cli/build.md',
      'misc/contributors.md',
    ])
      files[`content/${file}`] = `# ${file}\n`;
    const snapshot = site(files);
    expect(outline(snapshot)).toEqual([
      'Introduction /',
      '[User Guide] /guide/installation',
      '  Installation /guide/installation',
      '  [Reading Books] /guide/reading',
      '    Nested /guide/nested',
      '[Reference Guide] /cli/',
      '  [Command Line Tool] /cli/',
      '    init /cli/init',
      '    build /cli/build',
      'Contributors /misc/contributors',
    ]);
    // Previous and next, llms.txt: SUMMARY order.
    expect(snapshot.site.languages[0]?.navPages.map((page) => page.url)).toEqual([
      '/',
      '/guide/installation',
      '/guide/reading',
      '/guide/nested',
      '/cli/',
      '/cli/init',
      '/cli/build',
      '/misc/contributors',
    ]);
  });
});

describe('GitBook SUMMARY.md (gitbook.com/docs/getting-started/git-sync/content-configuration#summary)', () => {
  const snapshot = site({
    'content/.gitbook.yaml': 'root: ./\nredirects:\n  help: ./support/README.md\n  old/keys: api/keys.md\n',
    'content/SUMMARY.md':
      '# Table of contents\n\n## Getting Started\n\n* [Welcome](README.md)\n  * [Install \\& set up](start/install.md)\n* [Keys, anchored](api/keys.md#create)\n\n## Support\n\n* [Support](support/README.md)\n',
    'content/README.md': '# Welcome\n',
    'content/start/install.md': '# Install\n',
    'content/api/keys.md': '# Keys\n',
    'content/support/README.md': '# Support\n',
  });

  it('groups pages under their ## heading, nests by the lists, titles by link text, reads anchored links as their page', () => {
    expect(outline(snapshot)).toEqual([
      '[Getting Started] /',
      '  [Welcome] /',
      '    Install & set up /start/install',
      '  Keys, anchored /api/keys',
      '[Support] /support/',
      '  Support /support/',
    ]);
    expect(snapshot.site.pages.get('/start/install')?.title).toBe('Install & set up');
  });

  it('reads .gitbook.yaml redirects as 308s to the pages (#redirects)', () => {
    expect(snapshot.site.redirects.get('/help')).toEqual({ key: '/support/' });
    expect(snapshot.site.redirects.get('/old/keys')).toEqual({ key: '/api/keys' });
  });
});

describe('book redirects', () => {
  it('mdBook: keys as URL paths without .html, values relative to the old page (renderers.html#outputhtmlredirect)', () => {
    expect(
      mdbookRedirects({
        '/appendices/bibliography.html': 'https://rustc-dev-guide.rust-lang.org/appendices/bibliography.html',
        '/foo/bar.html': '../new/bar.html',
        'ch17-00-oop.html': 'ch18-00-oop.html',
        '/types.html#closure-types': 'types/closure.html',
        '/x.html': 7,
      }),
    ).toEqual(
      new Map([
        ['/appendices/bibliography', 'https://rustc-dev-guide.rust-lang.org/appendices/bibliography.html'],
        ['/foo/bar', '/new/bar.html'],
        ['/ch17-00-oop', '/ch18-00-oop.html'],
      ]),
    );
    expect(mdbookRedirects(undefined)).toBeUndefined();
  });

  it('GitBook: keys as URL paths, values as files relative to root', () => {
    expect(gitbookRedirects({ help: './support.md', 'previous/page': 'new-folder/page.md' }, 'docs/')).toEqual(
      new Map([
        ['/help', '/docs/support.md'],
        ['/previous/page', '/docs/new-folder/page.md'],
      ]),
    );
  });

  describe('served', () => {
    let t: TestApp;
    afterAll(async () => t.app.close());

    it('answers an old mdBook page with 308 to its new one', async () => {
      const dir = writeContent({
        'book.toml': '[book]\ntitle = "B"\n\n[output.html.redirect]\n"ch17-00-oop.html" = "ch18-00-oop.html"\n',
        'content/SUMMARY.md': '# Summary\n\n- [OOP](ch18-00-oop.md)\n',
        'content/ch18-00-oop.md': '# OOP\n',
      });
      dirs.push(dir);
      t = await buildTestApp(path.join(dir, 'content'));
      for (const url of ['/ch17-00-oop.html', '/ch17-00-oop']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(308);
        expect(res.headers.location, url).toBe('/ch18-00-oop');
      }
    });
  });
});
