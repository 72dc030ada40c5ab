/**
 * What reading each content file produced, kept across builds for `serve --watch` (issue 34): its
 * page (or none: a draft, an unreadable file), its problems, its page text while the texts fit
 * content/site.ts `HELD_SOURCE_MAX_CHARS`, and its counted search terms (search/document-counts.ts).
 * An entry holds while
 *
 * - the file's fingerprint (fingerprint.ts: modification time, size, identity, real path) is the one
 *   it had when read, and the watcher has not reported it since;
 * - every path its text read (includes, partials, folders listed: content/read-observer.ts) has the
 *   fingerprint it had then, and none of them was reported;
 * - the conventions are equal, value for value, to those it was read under: a sidebar, `mkdocs.yml`,
 *   `SUMMARY.md` or `sitegate.json` change that changes them empties the cache, and the build is
 *   one from scratch. Nothing else of the site goes into a page's read (content/site.ts `readPage`).
 *
 * Used by one build at a time (watch.ts never overlaps builds).
 */
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { SourceFile } from '../content/load.js';
import type { Page } from '../content/page.js';
import type { ContentProblem } from '../content/problems.js';
import type { Conventions } from '../content/conventions/types.js';
import { HELD_SOURCE_MAX_CHARS } from '../content/site.js';
import { DocumentCounter, type DocumentCounts } from '../search/document-counts.js';
import { fingerprintOfPath, fingerprintOfSource, type Dependency } from './fingerprint.js';
import { IncrementalSearch } from './incremental-search.js';

/** A file as it was read. */
export interface CachedRead {
  /** fingerprint.ts `fingerprintOfSource` before the read; `undefined` for a source in memory, read again by every build. */
  readonly fingerprint: string | undefined;
  /** The page and its rank among files of one URL; `undefined` for a draft or an unreadable file. */
  readonly page: Page | undefined;
  readonly rank: number;
  /** The page text, while the cache holds texts (see {@link ReadCache.holdsTexts}). */
  text: string | undefined;
  /** The page's counted terms; `undefined` with no page. */
  readonly counts: DocumentCounts | undefined;
  readonly problems: readonly ContentProblem[];
  readonly dependencies: readonly Dependency[];
}

/** The per-file read cache of one content folder (see the file comment). */
export class ReadCache {
  /**
   * The term table of every page counted since the cache was last emptied: terms of pages since
   * changed stay in it (a build's index holds only the terms its pages use, index-builder.ts
   * `addCountsInSteps`), until a build from scratch starts a new one.
   */
  counter = new DocumentCounter();
  /** The search indexes of the last build, which the next one builds on (incremental-search.ts). */
  readonly search = new IncrementalSearch();
  private readonly entries = new Map<string, CachedRead>();
  private conventions: Conventions | undefined;
  /** Relative paths the watcher reported since the last build; `everything` after a root change. */
  private reported = new Set<string>();
  private everything = false;
  private textChars = 0;
  /** False once the texts passed the budget: the site reads every page from disk then. */
  private holdTexts = true;

  /** Files the cache holds. */
  get size(): number {
    return this.entries.size;
  }

  /** Whether the cache keeps page texts (they fit {@link HELD_SOURCE_MAX_CHARS}). */
  get holdsTexts(): boolean {
    return this.holdTexts;
  }

  /**
   * Notes changes the watcher heard (watch.ts), paths relative to the content folder; `''` (the
   * folder itself) makes the next build one from scratch.
   */
  report(relPaths: Iterable<string>): void {
    for (const relPath of relPaths) {
      if (relPath === '') this.everything = true;
      else this.reported.add(relPath);
    }
  }

  /**
   * Starts a build of `files` under `conventions`: forgets everything when the conventions differ
   * or the whole folder was reported, and the files no longer listed.
   * @returns the files to read again, in file order; the others' entries hold
   */
  stale(files: readonly SourceFile[], conventions: Conventions | undefined): SourceFile[] {
    if (this.everything || !isDeepStrictEqual(this.conventions, conventions)) this.clear();
    this.conventions = conventions;
    this.everything = false;
    const listed = new Set(files.map((file) => file.relPath));
    for (const relPath of this.entries.keys()) if (!listed.has(relPath)) this.forget(relPath);
    const root = files.find((file) => file.contentRoot !== undefined)?.contentRoot;
    const reported = new Set([...this.reported].map((relPath) => (root === undefined ? relPath : path.join(root, relPath))));
    const reportedRel = this.reported;
    this.reported = new Set();
    const now = new Map<string, string>();
    const unchanged = (dependency: Dependency): boolean => {
      if (reported.has(dependency.path)) return false;
      let fingerprint = now.get(dependency.path);
      if (fingerprint === undefined) now.set(dependency.path, (fingerprint = fingerprintOfPath(dependency.path)));
      return fingerprint === dependency.fingerprint;
    };
    return files.filter((file) => {
      const entry = this.entries.get(file.relPath);
      const fresh =
        entry?.fingerprint !== undefined &&
        !reportedRel.has(file.relPath) &&
        fingerprintOfSource(file) === entry.fingerprint &&
        entry.dependencies.every(unchanged);
      if (!fresh) this.forget(file.relPath);
      return !fresh;
    });
  }

  /** The entry of a file, after {@link ReadCache.stale} and {@link ReadCache.store}. */
  get(relPath: string): CachedRead | undefined {
    return this.entries.get(relPath);
  }

  /** Keeps what reading `relPath` produced, for this build and, with a fingerprint, the next ones. */
  store(relPath: string, read: CachedRead): void {
    const text = this.holdTexts ? read.text : undefined;
    this.entries.set(relPath, { ...read, text });
    this.holdText(text);
  }

  private holdText(text: string | undefined): void {
    if (!this.holdTexts || text === undefined) return;
    this.textChars += text.length;
    if (this.textChars <= HELD_SOURCE_MAX_CHARS) return;
    // Past the budget the site reads every page from disk (content/site.ts): no text is worth keeping.
    this.holdTexts = false;
    for (const entry of this.entries.values()) entry.text = undefined;
  }

  private forget(relPath: string): void {
    const entry = this.entries.get(relPath);
    if (entry === undefined) return;
    if (entry.text !== undefined) this.textChars -= entry.text.length;
    this.entries.delete(relPath);
  }

  private clear(): void {
    this.entries.clear();
    this.counter = new DocumentCounter();
    this.textChars = 0;
    this.holdTexts = true;
  }
}
