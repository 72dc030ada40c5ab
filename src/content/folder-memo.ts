/**
 * The folders (content/folders.ts) of the last build, kept across the builds of `serve --watch`
 * (issue 34): at 100,000 pages, making every folder again (each item's sort keys, an
 * `Intl.Collator` sort, the folder's lists) took 150-240 ms after a one-page edit. A folder made of
 * the very same index page, pages (in the same order) and subfolders as at the last build is that
 * build's folder: pages read from the cache are the same objects from build to build, and a folder
 * holds nothing else but what the rules declare. Only the folders of the pages that changed, and
 * their ancestors, are made again.
 *
 * It keeps the last complete build's trees too, with the pages they were made of, for the next
 * build to patch when few pages changed (content/trees-patch.ts).
 *
 * Valid while the rules (declared folders, fallback order, locales, versions) are those of the last
 * build: its owner (snapshot/read-cache.ts) makes a new one when the conventions change.
 */
import type { Folder } from './folders.js';
import type { PathIndex } from './languages.js';
import type { Page } from './page.js';
import type { SiteTrees } from './versions.js';

/** A folder as made at a build, with what it was made of. */
export interface KeptFolder {
  readonly index: Page | undefined;
  readonly pages: readonly Page[];
  readonly subfolders: readonly Folder[];
  readonly folder: Folder;
  /** The lowest position declared in the folder or, failing that, in its items (content/folders.ts `makeFolder`). */
  readonly firstPosition: number;
  /** How many pages it lists in nav order (content/folders.ts `navPagesOf`): its index, its pages and its subfolders'. */
  readonly navCount: number;
}

/** What a complete build of the trees (content/versions.ts `buildTreesInSteps`) was made of and made. */
export interface KeptTrees {
  /** The public pages, in URL order (content/page.ts `byUrl`). */
  readonly pages: readonly Page[];
  readonly trees: SiteTrees;
  /**
   * The language trees' pages by relative path, from which the translations are patched (made by
   * the first patch that needs it, then patched in place); `undefined` until then.
   */
  paths?: PathIndex | undefined;
  /** Whether they were patched from the last build's trees (content/trees-patch.ts), not made. */
  readonly patched: boolean;
}

/** The folders of the last build and of this one, by tree root and folder key. */
export class FolderMemo {
  private last = new Map<string, KeptFolder>();
  private current = new Map<string, KeptFolder>();
  /** The trees of this build once complete. */
  private trees: KeptTrees | undefined;
  /** The trees of the last build if it was complete (a build left unfinished keeps none). */
  private previous: KeptTrees | undefined;

  /** Starts a build: the folders kept are the last build's, those of the build before forgotten. */
  begin(): void {
    this.last = this.current;
    this.current = new Map();
    this.previous = this.trees;
    this.trees = undefined;
  }

  /** The trees of the last build, when it was complete: every folder of theirs is kept, by {@link FolderMemo.keptOf}. */
  lastTrees(): KeptTrees | undefined {
    return this.previous;
  }

  /** Whether this build's trees, once complete, were patched from the last build's (content/trees-patch.ts): for tests and logs. */
  get patched(): boolean {
    return this.trees?.patched === true;
  }

  /** Keeps this build's trees, once complete, for the next build. */
  keepTrees(trees: KeptTrees): void {
    this.trees = trees;
  }

  /** The folder `key` of the tree at `rootKey` as the last build made it, or as this build's patch remade it. */
  keptOf(rootKey: string, key: string): KeptFolder | undefined {
    return this.last.get(`${rootKey} ${key}`);
  }

  /**
   * Starts a patch of the last build's folders (content/trees-patch.ts): this build's folders are
   * the last build's, remade by {@link FolderMemo.keep} and removed by {@link FolderMemo.forget} in place.
   */
  patch(): void {
    this.current = this.last;
  }

  /** Forgets the folder `key` of the tree at `rootKey`, emptied by a patch. */
  forget(rootKey: string, key: string): void {
    this.current.delete(`${rootKey} ${key}`);
  }

  /**
   * The folder `key` of the tree at `rootKey` as the last build made it, when made of the very
   * same (`===`) index page, pages and subfolders, in the same order; it is kept for the next build too.
   */
  reuse(
    rootKey: string,
    key: string,
    index: Page | undefined,
    pages: readonly Page[],
    subfolders: readonly Folder[],
  ): KeptFolder | undefined {
    const id = `${rootKey} ${key}`;
    const kept = this.last.get(id);
    if (kept === undefined || kept.index !== index || !sameItems(kept.pages, pages) || !sameItems(kept.subfolders, subfolders))
      return undefined;
    this.current.set(id, kept);
    return kept;
  }

  /** Keeps a folder made at this build, for the next. */
  keep(rootKey: string, key: string, kept: KeptFolder): void {
    this.current.set(`${rootKey} ${key}`, kept);
  }
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
