/**
 * The frontmatter of each page as the conventions' readers last read it (context.ts
 * `frontmatters`), kept across the builds of `serve --watch` (issue 34), and the text of the other
 * files they look for inside the content folder, one per folder (Docusaurus' `_category_.json`).
 * Docusaurus and Hugo read every page's frontmatter to place pages in the nav: at 100,000 pages
 * that is every file read again at every build, and Docusaurus tried three category file names in
 * each of its thousands of folders (some 200 ms, most of it for files that are not there). A file
 * changes only when the watcher reports it (snapshot/read-cache.ts), so the owner forgets the
 * reported paths before a build (snapshot/site-listing.ts), and everything when the folder was
 * walked again.
 */

/** A page's frontmatter block as written, and its parsed data once some reader wanted it. */
export interface KeptFrontmatter {
  readonly block: string;
  readonly data?: Record<string, unknown> | undefined;
}

/** The kept frontmatter, by page path relative to the content folder. */
export class FrontmatterMemo {
  private readonly kept = new Map<string, KeptFrontmatter>();
  /** Texts of other files by path; `undefined` for a file missing or unreadable. */
  private readonly texts = new Map<string, string | undefined>();

  /** The frontmatter kept for `relPath`, if any. */
  get(relPath: string): KeptFrontmatter | undefined {
    return this.kept.get(relPath);
  }

  /** Keeps what was read of `relPath`. */
  set(relPath: string, frontmatter: KeptFrontmatter): void {
    this.kept.set(relPath, frontmatter);
  }

  /**
   * The text of the file at `relPath` (relative to the content folder, `/`-separated) as kept, else
   * as `read` gives it now, then kept.
   * @param read the file's text, `undefined` when it is missing or unreadable
   */
  textOf(relPath: string, read: () => string | undefined): string | undefined {
    if (this.texts.has(relPath)) return this.texts.get(relPath);
    const text = read();
    this.texts.set(relPath, text);
    return text;
  }

  /** Forgets `relPaths` (their files changed). */
  forget(relPaths: Iterable<string>): void {
    for (const relPath of relPaths) {
      this.kept.delete(relPath);
      this.texts.delete(relPath);
    }
  }

  /** Forgets everything. */
  clear(): void {
    this.kept.clear();
    this.texts.clear();
  }
}
