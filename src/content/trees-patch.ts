/**
 * The trees of a build in which few public pages changed, patched from the last build's (issue
 * 34): at 100,000 pages, splitting the pages by tree, grouping them by folder and looking up every
 * folder in the memo took some 100 ms after a one-page edit. The pages that changed are found by
 * one pass of `===` over the last and the new pages (both in URL order, pages read from the cache
 * being the same objects from build to build); only their folders and those folders' ancestors are
 * made again (content/folders.ts `makeFolder`), the nav pages of the other folders copied from the
 * last build's, and the translations of their paths set again (content/translations-patch.ts). The result equals a build from scratch: the same folders
 * in the same order, nav pages, languages, translations and versions.
 *
 * A change that cannot be patched exactly (too many pages, a page outside its tree's root, two
 * pages at one URL, a SUMMARY.md nav, trees sharing a root) is left to the full build, which the
 * folder memo still spares most of the work.
 */
import type { FolderMemo, KeptFolder } from './folder-memo.js';
import { isFolder, makeFolder, navPagesOf, type Folder } from './folders.js';
import { languageTreesOf, type LanguageTrees } from './languages.js';
import { byUrl, isFolderPage, mergeByUrl, type Page } from './page.js';
import { parentFolderKey } from './paths.js';
import { patchTranslations } from './translations-patch.js';
import type { SiteTrees, TreeRules } from './versions.js';
import type { BuildSteps } from '../build-steps.js';

/**
 * More pages added or removed than this (an edit is one of each) and the trees are built in full.
 * A patch stays the faster well past it (measured without the limit, at 100,000 pages in 2,774
 * folders: 2,000 pages edited, 4,000 changes, 194-202 ms against 326-354 ms in full; 5,000 edited,
 * 284-302 against 333-387 ms), every folder of a change being remade either way.
 */
export const PATCH_MAX_CHANGED_PAGES = 5_000;

/** Folders remade between two yields of {@link patchTreesInSteps}: some 5-10 ms. */
const PATCH_STEP_FOLDERS = 100;

/** Changed pages put in their folders' drafts between two yields of {@link patchTreesInSteps}: some 5-10 ms. */
const PATCH_STEP_CHANGES = 500;

/**
 * The trees of `pages` patched from the memo's last build, with this build's folders kept in the
 * memo, in steps (build-steps.ts: {@link PATCH_STEP_CHANGES} changes drafted, then {@link PATCH_STEP_FOLDERS} folders remade, a step); `undefined`
 * when they cannot be (none kept, too many changes, a change not classified), the memo then left
 * as it was. A patch left unfinished leaves the memo no trees: the next build is a full one.
 * @param pages public pages in URL order (content/page.ts `byUrl`)
 */
export function* patchTreesInSteps(pages: readonly Page[], rules: TreeRules, memo: FolderMemo): BuildSteps<SiteTrees | undefined> {
  const last = memo.lastTrees();
  if (last === undefined || rules.summaryNav === true) return undefined;
  const changes = changesOf(last.pages, pages);
  const layout = layoutOf(rules);
  if (changes === undefined || layout === undefined) return undefined;
  const { trees } = last;
  const drafts = layout.rootKeys.map((rootKey) => new TreeDraft(rootKey, memo));
  const drafting = [...changes.removed.map((page) => [page, false] as const), ...changes.added.map((page) => [page, true] as const)];
  for (const [done, [page, added]] of drafting.entries()) {
    if (done > 0 && done % PATCH_STEP_CHANGES === 0) yield;
    const draft = drafts[layout.treeOf(page) ?? -1];
    if (draft !== undefined && !(added ? draft.add(page) : draft.remove(page))) return undefined;
  }
  if (!drafts.every((draft) => draft.settle())) return undefined;
  yield;
  // Nothing can fail from here: the memo's folders are remade in place.
  memo.patch();
  const lastNav = [...trees.languages, ...trees.versions].map((tree) => tree.navPages);
  const navPages: (Page[] | undefined)[] = [];
  for (const [i, draft] of drafts.entries()) navPages.push(yield* draft.apply(rules, lastNav[i] ?? []));
  const folders = new Map<string, Folder>();
  for (const draft of drafts) draft.listFolders(folders);
  const languageCount = layout.languages.locales.length;
  return {
    folders,
    languages: trees.languages.map((language, i) => withNavPages(language, navPages[i])),
    translations: languageCount === 1 ? trees.translations : patchTranslations(last, changes, pages, layout),
    versions: trees.versions.map((version, i) => withNavPages(version, navPages[languageCount + i])),
  };
}

/** The pages of the last build that are gone (or replaced) and the new ones, both in URL order. */
export interface Changes {
  removed: Page[];
  added: Page[];
}

/**
 * What changed from `last` to `pages`, both in URL order, by one pass of `===` and a URL
 * comparison where they differ; `undefined` past {@link PATCH_MAX_CHANGED_PAGES}.
 */
function changesOf(last: readonly Page[], pages: readonly Page[]): Changes | undefined {
  const removed: Page[] = [];
  const added: Page[] = [];
  let i = 0;
  let j = 0;
  while (i < last.length || j < pages.length) {
    const before = last[i];
    const after = pages[j];
    if (before === after) {
      i++;
      j++;
      continue;
    }
    if (removed.length + added.length >= PATCH_MAX_CHANGED_PAGES) return undefined;
    const order = before === undefined ? 1 : after === undefined ? -1 : byUrl(before, after);
    if (order <= 0) {
      removed.push(before as Page);
      i++;
    }
    if (order >= 0) {
      added.push(after as Page);
      j++;
    }
  }
  return { removed, added };
}

/** Every tree of a build, languages' then versions', as content/versions.ts `buildTreesInSteps` makes them. */
export interface Layout {
  languages: LanguageTrees;
  /** Each tree's root, languages' then versions'. */
  rootKeys: string[];
  /** Index of the tree a public page is in; `undefined` for a page of a version not declared. */
  treeOf: (page: Page) => number | undefined;
}

/** The trees of `rules`; `undefined` when two share a root or a version name (their folders would mix in the memo). */
function layoutOf(rules: TreeRules): Layout | undefined {
  const languages = languageTreesOf(rules.locales);
  const versions = rules.versions ?? [];
  const rootKeys = [...languages.rootKeys, ...versions.map((version) => `/${version.urlDir}/`)];
  const versionAt = new Map(versions.map((version, i) => [version.name, languages.rootKeys.length + i]));
  if (new Set(rootKeys).size !== rootKeys.length || versionAt.size !== versions.length) return undefined;
  return {
    languages,
    rootKeys,
    treeOf: (page) => (page.version === undefined || rules.versions === undefined ? languages.treeOf(page) : versionAt.get(page.version)),
  };
}

/** A language or version as at the last build, with its new nav pages if its tree changed. */
function withNavPages<T extends { readonly navPages: readonly Page[] }>(tree: T, navPages: readonly Page[] | undefined): T {
  return navPages === undefined ? tree : { ...tree, navPages };
}

/** What a folder is made of, as patched: its index page, pages in URL order and subfolders' keys. */
interface Draft {
  index: Page | undefined;
  pages: readonly Page[];
  subfolders: string[];
  /** Pages to take out of `pages`, and to put in, when settled ({@link TreeDraft.settle}). */
  gone: Set<Page>;
  come: Page[];
}

/** The changes to one tree's folders: drafted (pure, may refuse), then applied to the memo. */
class TreeDraft {
  private readonly drafts = new Map<string, Draft>();

  constructor(
    private readonly rootKey: string,
    private readonly memo: FolderMemo,
  ) {}

  /** Takes a page out of its folder; false when the last build did not hold it there. */
  remove(page: Page): boolean {
    const draft = this.draftOf(folderKeyOf(page));
    if (draft === undefined) return false;
    if (isFolderPage(page)) {
      if (draft.index !== page) return false;
      draft.index = undefined;
      return true;
    }
    draft.gone.add(page);
    return true;
  }

  /** Puts a page in its folder, making the folder and its ancestors if new; false when outside the tree or its index taken. */
  add(page: Page): boolean {
    const key = folderKeyOf(page);
    if (!key.startsWith(this.rootKey)) return false;
    const draft = this.ensure(key);
    if (isFolderPage(page)) {
      if (draft.index !== undefined) return false;
      draft.index = page;
      return true;
    }
    draft.come.push(page);
    return true;
  }

  /**
   * Each folder's pages with those removed taken out and those added merged in, in one pass a
   * folder (a folder of 100,000 pages is not spliced once per change); false when a page removed
   * was not in it or two pages have one URL.
   */
  settle(): boolean {
    for (const draft of this.drafts.values()) {
      if (draft.gone.size === 0 && draft.come.length === 0) continue;
      const kept = draft.gone.size === 0 ? draft.pages : draft.pages.filter((page) => !draft.gone.has(page));
      const merged = kept.length + draft.gone.size === draft.pages.length ? mergeByUrl(kept, draft.come.sort(byUrl)) : undefined;
      if (merged === undefined) return false;
      draft.pages = merged;
      draft.gone.clear();
      draft.come = [];
    }
    return true;
  }

  /**
   * Remakes the folders drafted and their ancestors in the memo, deepest first, in steps, and
   * forgets those emptied; the tree's nav pages, or `undefined` when nothing in it changed.
   * @param lastNav the tree's nav pages at the last build, whose runs of unchanged folders are copied
   */
  *apply(rules: TreeRules, lastNav: readonly Page[]): BuildSteps<Page[] | undefined> {
    if (this.drafts.size === 0) return undefined;
    // Every ancestor of a folder remade is remade (its subfolder is a new object), up to the root.
    for (const key of [...this.drafts.keys()])
      for (let up = key; up !== this.rootKey && up !== '/'; up = parentFolderKey(up)) this.draftOf(parentFolderKey(up));
    const starts = this.lastNavStarts();
    for (const key of [...this.drafts.keys()].sort(byDepthDown)) this.pruneIfEmpty(key);
    yield;
    const keptOf = (key: string): KeptFolder => this.kept(key);
    for (const [done, key] of [...this.drafts.keys()].sort(byDepthDown).entries()) {
      if (done > 0 && done % PATCH_STEP_FOLDERS === 0) yield;
      const draft = this.drafts.get(key) as Draft;
      const firsts = new Map(draft.subfolders.map((sub) => [sub, this.firstPageOf(this.kept(sub))]));
      const subfolders = draft.subfolders
        .sort((a, b) => byUrl(firsts.get(a) as Page, firsts.get(b) as Page))
        .map((sub) => this.kept(sub).folder);
      this.memo.keep(this.rootKey, key, makeFolder(key, draft.index, draft.pages, subfolders, rules, keptOf));
    }
    return navPagesOf(this.kept(this.rootKey).folder, false, (folder, navPages) => {
      const start = starts.get(folder);
      if (start === undefined) return false;
      const end = start + this.kept(folder.key).navCount;
      for (let at = start; at < end; at++) navPages.push(lastNav[at] as Page);
      return true;
    });
  }

  /**
   * Where the pages of each subfolder of a folder drafted started in the tree's nav pages at the
   * last build, by folder object (those of the folders not drafted are listed from there again).
   * Read from the memo before it is patched.
   */
  private lastNavStarts(): Map<Folder, number> {
    const starts = new Map<Folder, number>([[this.kept(this.rootKey).folder, 0]]);
    for (const key of [...this.drafts.keys()].sort((a, b) => byDepthDown(b, a))) {
      const folder = this.memo.keptOf(this.rootKey, key)?.folder;
      let at = folder === undefined ? undefined : starts.get(folder);
      if (folder === undefined || at === undefined) continue;
      if (folder.index !== undefined) at++;
      for (const item of folder.items)
        if (isFolder(item)) {
          starts.set(item, at);
          at += this.kept(item.key).navCount;
        } else at++;
    }
    return starts;
  }

  /** Lists the tree's folders into `folders` as a full build does: depth first, each after its subfolders, in the order their pages come. */
  listFolders(folders: Map<string, Folder>): void {
    const visit = (kept: KeptFolder): void => {
      for (const sub of kept.subfolders) visit(this.kept(sub.key));
      folders.set(kept.folder.key, kept.folder);
    };
    visit(this.kept(this.rootKey));
  }

  private kept(key: string): KeptFolder {
    return this.memo.keptOf(this.rootKey, key) as KeptFolder;
  }

  /** The folder's draft, from the last build's folder; `undefined` when it had none. */
  private draftOf(key: string): Draft | undefined {
    const drafted = this.drafts.get(key);
    if (drafted !== undefined) return drafted;
    const kept = this.memo.keptOf(this.rootKey, key);
    if (kept === undefined) return undefined;
    const draft = {
      index: kept.index,
      pages: kept.pages,
      subfolders: kept.subfolders.map((folder) => folder.key),
      gone: new Set<Page>(),
      come: [],
    };
    this.drafts.set(key, draft);
    return draft;
  }

  /** The folder's draft, made with its ancestors' when new, as content/folders.ts groups pages. */
  private ensure(key: string): Draft {
    const known = this.draftOf(key);
    if (known !== undefined) return known;
    const draft: Draft = { index: undefined, pages: [], subfolders: [], gone: new Set(), come: [] };
    this.drafts.set(key, draft);
    if (key !== this.rootKey && key !== '/') this.ensure(parentFolderKey(key)).subfolders.push(key);
    return draft;
  }

  /** Drops a folder left with no page (a tree's root stays), and so its parent if emptied in turn. */
  private pruneIfEmpty(key: string): void {
    const draft = this.drafts.get(key);
    if (key === this.rootKey || draft === undefined) return;
    if (draft.index !== undefined || draft.pages.length > 0 || draft.subfolders.length > 0) return;
    this.drafts.delete(key);
    this.memo.forget(this.rootKey, key);
    const parent = parentFolderKey(key);
    const siblings = (this.draftOf(parent) as Draft).subfolders;
    siblings.splice(siblings.indexOf(key), 1);
    this.pruneIfEmpty(parent);
  }

  /** The first page in URL order under a folder: where a full build meets it, so where it lists it among its siblings. */
  private firstPageOf(kept: KeptFolder): Page | undefined {
    const sub = kept.subfolders[0];
    const candidates = [kept.index, kept.pages[0], sub === undefined ? undefined : this.firstPageOf(this.kept(sub.key))];
    let first: Page | undefined;
    for (const page of candidates) if (page !== undefined && (first === undefined || byUrl(page, first) < 0)) first = page;
    return first;
  }
}

/** The key of the folder that holds a page, as content/folders.ts groups them. */
function folderKeyOf(page: Page): string {
  return isFolderPage(page) ? page.key : parentFolderKey(page.key);
}

/** Deeper folders first: a folder's key is longer than its parent's. */
function byDepthDown(a: string, b: string): number {
  return b.length - a.length;
}
