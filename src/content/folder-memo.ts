/**
 * The folders (content/folders.ts) of the last build, kept across the builds of `serve --watch`
 * (issue 34): at 100,000 pages, making every folder again (each item's sort keys, an
 * `Intl.Collator` sort, the folder's lists) took 150-240 ms after a one-page edit. A folder made of
 * the very same index page, pages (in the same order) and subfolders as at the last build is that
 * build's folder: pages read from the cache are the same objects from build to build, and a folder
 * holds nothing else but what the rules declare. Only the folders of the pages that changed, and
 * their ancestors, are made again.
 *
 * Valid while the rules (declared folders, fallback order) are those of the last build: its owner
 * (snapshot/read-cache.ts) makes a new one when the conventions change.
 */
import type { Folder } from './folders.js';
import type { Page } from './page.js';

/** A folder as made at a build, with what it was made of. */
export interface KeptFolder {
  readonly index: Page | undefined;
  readonly pages: readonly Page[];
  readonly subfolders: readonly Folder[];
  readonly folder: Folder;
  /** The lowest position declared in the folder (content/folders.ts `firstPosition`). */
  readonly firstPosition: number;
}

/** The folders of the last build and of this one, by tree root and folder key. */
export class FolderMemo {
  private last = new Map<string, KeptFolder>();
  private current = new Map<string, KeptFolder>();

  /** Starts a build: the folders kept are the last build's, those of the build before forgotten. */
  begin(): void {
    this.last = this.current;
    this.current = new Map();
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
