/**
 * The frontmatter of each page as the conventions' readers last read it (context.ts
 * `frontmatters`), kept across the builds of `serve --watch` (issue 34). Docusaurus and Hugo read
 * every page's frontmatter to place pages in the nav: at 100,000 pages that is every file read
 * again at every build. A page's frontmatter changes only with its file, and the watcher reports
 * the files that change (snapshot/read-cache.ts), so the owner forgets the reported ones before a
 * build (snapshot/site-listing.ts), and everything when the folder was walked again.
 */

/** A page's frontmatter block as written, and its parsed data once some reader wanted it. */
export interface KeptFrontmatter {
  readonly block: string;
  readonly data?: Record<string, unknown> | undefined;
}

/** The kept frontmatter, by page path relative to the content folder. */
export class FrontmatterMemo {
  private readonly kept = new Map<string, KeptFrontmatter>();

  /** The frontmatter kept for `relPath`, if any. */
  get(relPath: string): KeptFrontmatter | undefined {
    return this.kept.get(relPath);
  }

  /** Keeps what was read of `relPath`. */
  set(relPath: string, frontmatter: KeptFrontmatter): void {
    this.kept.set(relPath, frontmatter);
  }

  /** Forgets `relPaths` (their files changed). */
  forget(relPaths: Iterable<string>): void {
    for (const relPath of relPaths) this.kept.delete(relPath);
  }

  /** Forgets everything. */
  clear(): void {
    this.kept.clear();
  }
}
