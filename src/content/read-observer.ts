/**
 * What a page's text depends on besides its own file: every path the pipeline looks at while it
 * runs (an include, an MDX partial, a folder `<DocCardList />` lists, a file Hugo `ref` tests for,
 * the `mkdocs.yml` Snippets reads), told to whoever observes this thread. The incremental build
 * (snapshot/read-cache.ts) records them per page, so that a page is read again when one changes.
 * Readers call {@link noteFileRead} before they look, so a change made while they read shows as a
 * changed fingerprint at the next build rather than going unseen. The conventions' readers tell it
 * the generator config files they read or look for (content/conventions/context.ts `readTextFile`,
 * `pathExists`), which `serve --watch` watches (snapshot/config-reads.ts, snapshot/config-watch.ts).
 */

/** Called with the absolute path of each file or folder the pipeline looks at (it may not exist). */
export type ReadObserver = (absolutePath: string) => void;

let observer: ReadObserver | undefined;

/** Sets (or, with `undefined`, removes) the observer of this thread's reads. */
export function observeFileReads(next: ReadObserver | undefined): void {
  observer = next;
}

/** Tells the observer, if any, that the pipeline is about to look at `absolutePath`. */
export function noteFileRead(absolutePath: string): void {
  observer?.(absolutePath);
}
