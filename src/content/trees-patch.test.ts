import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random.js';
import type { DocsVersion } from './conventions/types.js';
import { FolderMemo } from './folder-memo.js';
import { sourceFile } from './load.js';
import { byUrl, type Page } from './page.js';
import { encodePath } from './paths.js';
import { buildSite } from './site.js';
import { PATCH_MAX_CHANGED_PAGES } from './trees-patch.js';
import { buildTrees, buildTreesInSteps, type TreeRules } from './versions.js';

const FILES: Record<string, string> = {
  'index.md': '# Home\n',
  'a/index.md': '# Section A\n',
  'a/one.md': '# One\n',
  'a/two.md': '# Two\n',
  'a/deep/three.md': '# Three\n',
  'a/deep/er/four.md': '# Four\n',
  'b/five.md': '# Five\n',
  'b/six.md': '# Six\n',
  'c-d/seven.md': '# Seven\n',
  'de/index.md': '# Start\n',
  'de/a/one.md': '# Eins\n',
  'docs/index.md': '# Docs\n',
  'docs/guide.md': '# Guide\n',
  'docs/1.x/guide.md': '# Old guide\n',
};

/** The public pages of {@link FILES}: those under `de/` in German, those under `docs/` of a version (`1.x`'s, else `next`). */
function basePages(): Page[] {
  const site = buildSite(
    Object.entries(FILES).map(([relPath, text]) => sourceFile(relPath, text)),
    { fallbackName: 'Site' },
  );
  return site.publicPages.map((page) => {
    if (page.key.startsWith('/de/')) return { ...page, lang: 'de' };
    if (page.key.startsWith('/docs/')) return { ...page, version: page.key.startsWith('/docs/1.x/') ? '1.x' : 'next' };
    return page;
  });
}

const VERSIONS: DocsVersion[] = [
  { name: 'next', label: 'Next', dir: 'docs', urlDir: 'docs', current: true, banner: 'none' },
  { name: '1.x', label: '1.x', dir: 'versioned_docs/version-1.x', urlDir: 'docs/1.x', current: false, banner: 'unmaintained' },
];

const RULES: Record<string, TreeRules> = {
  'one language': { folders: new Map(), fallbackOrder: 'title', locales: [] },
  'two languages': {
    folders: new Map([['b', { label: 'Bees', position: 1 }]]),
    fallbackOrder: 'path',
    locales: [
      { lang: 'en', dir: '' },
      { lang: 'de', dir: 'de', label: 'Deutsch' },
    ],
  },
  'two languages and versions': {
    folders: new Map(),
    fallbackOrder: 'title',
    locales: [
      { lang: 'en', dir: '' },
      { lang: 'de', dir: 'de' },
    ],
    versions: VERSIONS,
  },
};

/** A public page of no nav declaration nor version, for {@link pageAt}. */
const PLAIN_PAGE = buildSite([sourceFile('plain.md', '# Plain\n')], { fallbackName: 'Site' }).publicPages[0] as Page;

/** A new public page at `key` (a folder's page when it ends in `/`). */
function pageAt(key: string, title: string, fields: Partial<Page> = {}): Page {
  const file = key.endsWith('/') ? `${key.slice(1)}index.md` : `${key.slice(1)}.md`;
  return { ...PLAIN_PAGE, key, url: encodePath(key), file, title, ...fields };
}

/** `pages` with each page of a key in `changes` replaced (or added), or removed where `undefined`, in URL order. */
function changed(pages: readonly Page[], changes: Record<string, Page | undefined>): Page[] {
  const kept = pages.filter((page) => !(page.key in changes));
  const added = Object.values(changes).filter((page): page is Page => page !== undefined);
  return [...kept, ...added].sort(byUrl);
}

/** The page at `key`. */
function at(pages: readonly Page[], key: string): Page {
  const page = pages.find((one) => one.key === key);
  if (page === undefined) throw new Error(`no page ${key}`);
  return page;
}

/** A run of builds with one memo: each build's trees are compared with a build from scratch. */
class Builds {
  readonly memo = new FolderMemo();
  pages: Page[] = [];

  constructor(private readonly rules: TreeRules) {}

  /** Builds `pages` with the memo; expects the trees of a build from scratch, patched from the last build's or not. */
  build(pages: Page[], patched = true): ReturnType<typeof buildTrees> {
    this.pages = pages;
    this.memo.begin();
    const trees = buildTrees(pages, { ...this.rules, memo: this.memo });
    const scratch = buildTrees(pages, this.rules);
    expect(trees).toStrictEqual(scratch);
    // Maps compare regardless of order: the folders' is the order of a build from scratch too.
    expect([...trees.folders.keys()]).toStrictEqual([...scratch.folders.keys()]);
    expect(this.memo.patched).toBe(patched);
    return trees;
  }

  /** Builds the last pages with `changes` (see {@link changed}). */
  change(changes: (pages: readonly Page[]) => Record<string, Page | undefined>, patched = true): ReturnType<typeof buildTrees> {
    return this.build(changed(this.pages, changes(this.pages)), patched);
  }
}

describe.each(Object.keys(RULES))('trees patched from the last build (%s)', (name) => {
  const rules = RULES[name] as TreeRules;

  it('equal trees made from scratch after each kind of change', () => {
    const builds = new Builds(rules);
    builds.build(basePages(), false);
    const first = builds.build(builds.pages);
    // Nothing changed: every tree as it was.
    expect(builds.build(builds.pages).languages[0]?.navPages).toBe(first.languages[0]?.navPages);
    // An edit (the page read again, a new object), then a retitle that moves it in its folder.
    builds.change((pages) => ({ '/a/one': { ...at(pages, '/a/one') } }));
    const retitled = builds.change((pages) => ({ '/a/two': { ...at(pages, '/a/two'), title: 'Adjusting two' } }));
    expect(retitled.folders.get('/a/')?.items.map((item) => item.title)).toStrictEqual(
      rules.fallbackOrder === 'path' ? ['Deep', 'One', 'Adjusting two'] : ['Deep', 'Adjusting two', 'One'],
    );
    // A page added to a folder, and in new folders (before the others in URL order: listed first).
    builds.change(() => ({ '/a/deep/zeta': pageAt('/a/deep/zeta', 'Zeta') }));
    const added = builds.change(() => ({ '/a/ant/hill/x': pageAt('/a/ant/hill/x', 'Ant hill') }));
    expect(added.folders.get('/a/ant/hill/')?.pages.map((page) => page.title)).toStrictEqual(['Ant hill']);
    // Deleted, made internal (gone from the public pages): the index of a folder too.
    builds.change(() => ({ '/a/deep/three': undefined }));
    builds.change(() => ({ '/a/': undefined }));
    // A folder emptied, with its ancestors that held nothing else; then one emptied of all but its subfolder.
    const emptied = builds.change(() => ({ '/a/ant/hill/x': undefined }));
    expect([emptied.folders.has('/a/ant/'), emptied.folders.has('/a/ant/hill/')]).toStrictEqual([false, false]);
    builds.change(() => ({ '/b/five': undefined, '/b/six': undefined }));
    // Moved to another folder: one removed, one added.
    builds.change((pages) => ({
      '/a/two': undefined,
      '/b/two': { ...at(pages, '/a/two'), key: '/b/two', url: '/b/two', file: 'b/two.md' },
    }));
    // A declared position and weight: the folder moves among its siblings.
    builds.change((pages) => ({ '/a/deep/er/four': { ...at(pages, '/a/deep/er/four'), nav: { position: 0 } } }));
    builds.change((pages) => ({ '/c-d/seven': { ...at(pages, '/c-d/seven'), nav: { weight: -5, label: 'Seventh' } } }));
    // A folder's index page back, retitled: the folder's label, and so its place, change.
    builds.change(() => ({ '/a/': pageAt('/a/', 'Zz section A') }));
    // A page hidden from the nav: listed after its folder's items.
    builds.change((pages) => ({ '/a/one': { ...at(pages, '/a/one'), nav: { hidden: true } } }));
    // The home page gone and back.
    builds.change(() => ({ '/': undefined }));
    builds.change(() => ({ '/': pageAt('/', 'Home again') }));
  });

  it('equal trees after changes to a locale and to versions', () => {
    const builds = new Builds(rules);
    builds.build(basePages(), false);
    builds.build(builds.pages);
    const de = { lang: 'de' };
    builds.change(() => ({ '/de/a/two': pageAt('/de/a/two', 'Zwei', de) }));
    builds.change((pages) => ({ '/a/two': { ...at(pages, '/a/two'), title: 'Second' } }));
    const translated = builds.change((pages) => ({ '/de/a/one': { ...at(pages, '/de/a/one'), title: 'Erste' } }));
    builds.change(() => ({ '/de/a/one': undefined }));
    builds.change(() => ({ '/de/b/six': pageAt('/de/b/six', 'Sechs', de) }));
    // A German page outside the German folder joins the main tree.
    builds.change(() => ({ '/b/sieben': pageAt('/b/sieben', 'Sieben', de) }));
    builds.change((pages) => ({ '/docs/1.x/guide': { ...at(pages, '/docs/1.x/guide'), title: 'Older guide' } }));
    builds.change(() => ({ '/docs/more': pageAt('/docs/more', 'More', { version: 'next' }) }));
    builds.change(() => ({ '/docs/1.x/guide': undefined }));
    // A page of a version not declared: in no tree.
    builds.change(() => ({ '/docs/2.x/x': pageAt('/docs/2.x/x', 'X', { version: '2.x' }) }));
    if (rules.locales.length > 1)
      expect(translated.translations.get('/a/one')).toStrictEqual([
        { lang: 'en', url: '/a/one' },
        { lang: 'de', url: '/de/a/one' },
      ]);
  });

  it('builds the trees in full after a build or a patch left unfinished, and for a SUMMARY.md nav', () => {
    const builds = new Builds(rules);
    builds.build(basePages(), false);
    // A build started (the memo begun) and never finished: no trees kept to patch.
    builds.memo.begin();
    builds.change((pages) => ({ '/a/one': { ...at(pages, '/a/one'), title: 'Won' } }), false);
    builds.change((pages) => ({ '/a/two': { ...at(pages, '/a/two'), title: 'Too' } }));
    // A patch left between two of its steps (more folders than a step remakes): the next build is a full one.
    builds.memo.begin();
    const many = changed(
      builds.pages,
      Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`/f${i}/x`, pageAt(`/f${i}/x`, `X ${i}`)])),
    );
    const steps = buildTreesInSteps(many, { ...rules, memo: builds.memo });
    expect(steps.next().done).toBe(false);
    builds.build(many, false);
    builds.change((pages) => ({ '/f7/x': { ...at(pages, '/f7/x'), title: 'Seven' } }));
    const summary = new Builds({ ...rules, summaryNav: true });
    summary.build(basePages(), false);
    summary.change((pages) => ({ '/a/one': { ...at(pages, '/a/one'), title: 'Won' } }), false);
  });

  it('builds the trees in full past the changes a patch takes, and patches the build after', () => {
    const builds = new Builds(rules);
    builds.build(basePages(), false);
    const many = Array.from({ length: PATCH_MAX_CHANGED_PAGES + 1 }, (_, i) => pageAt(`/many/p${i}`, `P ${i}`));
    builds.build(changed(builds.pages, Object.fromEntries(many.map((page) => [page.key, page]))), false);
    builds.change(() => ({ '/many/p7': undefined }));
  });

  it('equal trees after random changes of many pages at once (seeded)', () => {
    const random = seededRandom(34);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const folders = [
      '/',
      '/a/',
      '/a/deep/',
      '/a/deep/er/',
      '/b/',
      '/c-d/',
      '/e/',
      '/e/f/',
      '/de/',
      '/de/a/',
      '/docs/',
      '/docs/1.x/',
      '/docs/g/',
    ];
    const builds = new Builds(rules);
    builds.build(basePages(), false);
    for (let round = 0; round < 40; round++) {
      const changes: Record<string, Page | undefined> = {};
      for (let n = 1 + Math.floor(random() * 6); n > 0; n--) {
        const page = pick(builds.pages);
        const choice = random();
        if (choice < 0.3) changes[page.key] = undefined;
        else if (choice < 0.5) changes[page.key] = { ...page, title: `T${Math.floor(random() * 50)}` };
        else if (choice < 0.6)
          changes[page.key] = { ...page, nav: { position: Math.floor(random() * 3), hidden: random() < 0.3 ? true : undefined } };
        else {
          const folder = pick(folders);
          const key = random() < 0.2 ? folder : `${folder}p${Math.floor(random() * 40)}`;
          const lang = key.startsWith('/de/') ? 'de' : 'en';
          const version = key.startsWith('/docs/1.x/') ? '1.x' : key.startsWith('/docs/') ? 'next' : undefined;
          changes[key] = pageAt(key, `N${Math.floor(random() * 50)}`, { lang, ...(version === undefined ? {} : { version }) });
        }
      }
      builds.change(() => changes);
    }
  });
});
