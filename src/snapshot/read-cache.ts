/**
 * What reading each content file produced, kept across builds for `serve --watch` (issue 34): its
 * page (or none: a draft, an unreadable file), its problems, its page text while the texts fit
 * content/site.ts `HELD_SOURCE_MAX_CHARS`, and its counted search terms (search/document-counts.ts).
 * An entry holds while
 *
 * - the watcher (watch.ts) has not reported its file since it was read: the watcher's report is
 *   trusted, so a build stats the reported files, not every listed one (at 100,000 pages that stat
 *   of every file cost 440-550 ms per edit); a change the watcher never reports is found by
 *   {@link ReadCache.sweep} (sweep.ts), and after a watcher error no report is trusted alone
 *   ({@link ReadCache.distrustReports});
 * - every path its text read (includes, partials, folders listed: content/read-observer.ts) has the
 *   fingerprint it had then, and none of them was reported: these are statted at every build, once
 *   per path, so an include changed unheard is still seen, and a listed file found changed that way
 *   is read again too;
 * - the conventions are equal, value for value, to those it was read under: a sidebar, `mkdocs.yml`,
 *   `SUMMARY.md` or `sitegate.json` change that changes them empties the cache, and the build is
 *   one from scratch. A config file beside the content folder, which the watcher does not hear, is
 *   watched apart (config-watch.ts) and reported as `''`. Nothing else of the site goes into a page's read (content/site.ts `readPage`).
 *
 * Used by one build at a time (watch.ts never overlaps builds).
 */
import { isDeepStrictEqual } from 'node:util';
import type { SourceFile } from '../content/load.js';
import type { ContentListing } from '../content/listing.js';
import type { Page } from '../content/page.js';
import type { ContentProblem } from '../content/problems.js';
import type { Conventions } from '../content/conventions/types.js';
import { HELD_SOURCE_MAX_CHARS } from '../content/site.js';
import { DocumentCounter, type DocumentCounts } from '../search/document-counts.js';
import { DependencyIndex } from './dependency-index.js';
import { FolderMemo } from '../content/folder-memo.js';
import { FrontmatterMemo } from '../content/conventions/frontmatter-memo.js';
import { ConventionsMemo } from '../content/conventions/conventions-memo.js';
import { indexOfPage } from '../content/listing-patch.js';
import { fingerprintOfSource, type Dependency } from './fingerprint.js';
import { configFingerprint } from './config-reads.js';
import { IncrementalSearch } from './incremental-search.js';
import type { AssemblyState } from './assembly-patch.js';
import { LlmsMemo } from './llms-bodies.js';
import type { BuildSteps } from '../build-steps.js';

/**
 * Reported paths beyond which a build does not trust the report alone: every listed file is statted
 * (fingerprint.ts) and the folder walked, as a burst that big (a `git checkout`, an `rsync`) may
 * have overflowed the kernel's queue of watch events (inotify(7): `/proc/sys/fs/inotify/max_queued_events`,
 * 16,384 by default; a saved file is several events), which the watcher is not told of.
 */
export const TRUSTED_REPORT_MAX_PATHS = 2_000;

/** Listed files statted per step of {@link ReadCache.sweep} (build-steps.ts): some 25 ms at 5 µs a stat. */
const SWEEP_STEP_FILES = 5_000;

/** A file as it was read. */
export interface CachedRead {
  /**
   * fingerprint.ts `fingerprintOfSource` before the read; `undefined` for a source in memory, read
   * again by every build. Not compared at later builds: the watcher's report says what changed.
   */
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
  /**
   * The content folder's listing at the last build (content/load.ts), which the next one patches
   * for the reported paths instead of walking again (site-listing.ts); `undefined` before the first.
   */
  listing: ContentListing | undefined;
  /** The listing the last build's was patched from (site-listing.ts); `undefined` when it was walked. */
  listingBase: ContentListing | undefined;
  /** The listing of the last {@link ReadCache.stale}: the files the entries were read from. */
  private readListing: ContentListing | undefined;
  /** The pages' frontmatter as the conventions' readers last read it (content/conventions/frontmatter-memo.ts). */
  readonly frontmatters = new FrontmatterMemo();
  /**
   * The generator config files the last build's conventions looked at that the content watcher
   * does not hear (config-reads.ts), with their fingerprints then: `serve --watch` watches them
   * (config-watch.ts), and {@link ReadCache.sweep} compares them.
   */
  configReads: readonly Dependency[] = [];
  /** The last build's conventions of a plain folder, kept while a patched listing cannot change them. */
  readonly conventionsMemo = new ConventionsMemo();
  /** The folders of the last build (content/folder-memo.ts), reused where made of the same pages. */
  folders = new FolderMemo();
  /** The search indexes of the last build, which the next one builds on (incremental-search.ts). */
  readonly search = new IncrementalSearch();
  /**
   * What the last build put together (assembly-patch.ts), which the next one patches when few files
   * changed; `undefined` before a build completes, and once the cache is emptied.
   */
  assembly: AssemblyState | undefined;
  /** Whether the last build's site was patched from the one before (assembly-patch.ts), else put together of every file. */
  assemblyPatched = false;
  /** The last build's llms index files (llms-bodies.ts), whose bodies the next build keeps where a file is unchanged. */
  readonly llmsFiles = new LlmsMemo();
  private readonly entries = new Map<string, CachedRead>();
  /** Who read what besides its own file, to stat each such path once per build. */
  private dependents = new DependencyIndex();
  private conventions: Conventions | undefined;
  /** Relative paths the watcher reported since the last build; `everything` after a root change. */
  private reported = new Set<string>();
  private everything = false;
  /** False once {@link ReadCache.distrustReports} was called. */
  private reportsTrusted = true;
  private textChars = 0;
  /** False once the texts passed the budget: the site reads every page from disk then. */
  private holdTexts = true;

  /** Files the cache holds. */
  get size(): number {
    return this.entries.size;
  }

  /** Whether the last build's listing was patched from the one before (else walked). */
  get listingPatched(): boolean {
    return this.listingBase !== undefined;
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
   * The paths reported since the last build, relative to the content folder, `/`-separated;
   * `undefined` when the whole folder was reported (`''`): anything may have changed.
   */
  get changes(): ReadonlySet<string> | undefined {
    return this.everything ? undefined : this.reported;
  }

  /**
   * {@link ReadCache.changes} when a build may rely on them alone (patch the listing, check no other
   * file): `undefined` after `''`, past {@link TRUSTED_REPORT_MAX_PATHS} (the kernel's event queue may
   * have overflowed), and once {@link ReadCache.distrustReports} was called. Then every file's
   * fingerprint is checked and the folder walked.
   */
  get trustedChanges(): ReadonlySet<string> | undefined {
    return !this.reportsTrusted || this.reported.size > TRUSTED_REPORT_MAX_PATHS ? undefined : this.changes;
  }

  /**
   * Notes that the watcher may miss changes from now on (a folder it could not watch: folder-watch.ts
   * errors such as ENOSPC when the inotify watches run out): every later build checks every file's
   * fingerprint and walks the folder, as builds did before reports were trusted.
   */
  distrustReports(): void {
    this.reportsTrusted = false;
  }

  /**
   * Starts a build of `files` under `conventions`: forgets everything when the conventions differ
   * or the whole folder was reported, and the files no longer listed.
   * @returns the files to read again, in file order: those not held, those reported, those whose
   *   recorded dependencies changed, and those found changed as another entry's dependency; the
   *   others' entries hold
   */
  stale(files: readonly SourceFile[], conventions: Conventions | undefined): SourceFile[] {
    // A report not to be trusted alone (see trustedChanges): every file statted too.
    const statAll = this.trustedChanges === undefined;
    // Conventions kept from the last build (conventions-memo.ts) are the very same object.
    const kept = conventions !== undefined && conventions === this.conventions;
    const cleared = this.everything || !(kept || isDeepStrictEqual(this.conventions, conventions));
    if (cleared) this.clear();
    this.conventions = conventions;
    this.everything = false;
    const reported = this.reported;
    this.reported = new Set();
    const root = files.find((file) => file.contentRoot !== undefined)?.contentRoot;
    const stale = this.dependents.changed(root, reported);
    // Patched from the listing the entries were read from: files differ from those read at the reported paths alone.
    const patched = this.listingBase !== undefined && this.listingBase === this.readListing && this.listing?.linked === false;
    this.readListing = this.listing;
    const toReadOfReports = !cleared && !statAll && patched ? this.staleOfReports(files, new Set([...reported, ...stale])) : undefined;
    if (toReadOfReports !== undefined) return toReadOfReports;
    let held = 0;
    const toRead = files.filter((file) => {
      const entry = this.entries.get(file.relPath);
      // A file reached through a symlink: the link may point elsewhere now, which no report of the
      // file tells; its fingerprint holds its real path (fingerprint.ts), so it is checked.
      const checkFingerprint = statAll || file.realRelPath !== undefined;
      const fresh =
        entry?.fingerprint !== undefined &&
        !stale.has(file.relPath) &&
        !reported.has(file.relPath) &&
        (file.realRelPath === undefined || (!stale.has(file.realRelPath) && !reported.has(file.realRelPath))) &&
        (!checkFingerprint || fingerprintOfSource(file) === entry.fingerprint);
      if (fresh) held += 1;
      else this.forget(file.relPath);
      return !fresh;
    });
    // Entries beyond those held are of files no longer listed: the reported ones gone, as a rule
    // (the listed ones reported were just forgotten); else found by a pass over the listing.
    for (const relPath of reported) if (this.entries.size > held) this.forget(relPath);
    if (this.entries.size > held) {
      const listed = new Set(files.map((file) => file.relPath));
      for (const relPath of this.entries.keys()) if (!listed.has(relPath)) this.forget(relPath);
    }
    return toRead;
  }

  /**
   * {@link ReadCache.stale} of a build whose listing was patched for the reported paths alone
   * (site-listing.ts) under equal conventions: no other file can need reading, so the files to
   * read are looked up by path (`files` are sorted by path, as content/listing.ts lists pages)
   * rather than every file checked against the cache (some 40 ms at 100,000 pages).
   * @param changed the reported paths and those whose reads no longer hold (dependency-index.ts)
   * @returns the files of `changed` listed, in file order, their entries forgotten; `undefined`
   *   (nothing forgotten) unless the entries held are then exactly the other files: this needs every
   *   file not in `changed` to have been read at the last build, which a build that threw may not
   *   have done, and `files` sorted
   */
  private staleOfReports(files: readonly SourceFile[], changed: ReadonlySet<string>): SourceFile[] | undefined {
    const at: number[] = [];
    let held = this.entries.size;
    for (const relPath of changed) {
      if (this.entries.has(relPath)) held -= 1;
      const { index, found } = indexOfPage(files, relPath);
      if (found) at.push(index);
    }
    // Entries hold only paths listed at the last build (stale forgets the others), and the listing
    // changed at `changed` alone: as many entries left as files not to read means one for each.
    if (held !== files.length - at.length) return undefined;
    for (const relPath of changed) this.forget(relPath);
    return at.sort((a, b) => a - b).map((index) => files[index] as SourceFile);
  }

  /**
   * Looks for changes the watcher did not report (an inotify queue overflow tells Node nothing, and
   * nothing reports a change made while a folder could not be watched): the page files of the last
   * listing whose fingerprint (fingerprint.ts) is no longer the one they were read with, in steps of
   * {@link SWEEP_STEP_FILES}. `serve --watch` runs it now and then between requests and reports what it
   * finds (sweep.ts), so a missed edit, a page made internal among them, is served within a sweep.
   * The config files of {@link ReadCache.configReads} are compared first: one changed reports
   * `''` (everything may have changed: the conventions are read again).
   * Reads the cache only; a build that runs meanwhile at worst makes it report a file twice.
   * @returns relative paths of the files changed or gone, in listing order, after `''` if a config file changed
   */
  *sweep(): BuildSteps<string[]> {
    const files = this.listing?.files ?? [];
    const changed: string[] = [];
    if (this.configReads.some((read) => configFingerprint(read.path) !== read.fingerprint)) changed.push('');
    for (const [i, file] of files.entries()) {
      if (i > 0 && i % SWEEP_STEP_FILES === 0) yield;
      const entry = this.entries.get(file.relPath);
      if (entry?.fingerprint === undefined) continue;
      let fingerprint: string | undefined;
      try {
        fingerprint = fingerprintOfSource(file);
      } catch {
        // ENOTDIR: a folder on the way is a file now.
      }
      if (fingerprint !== entry.fingerprint) changed.push(file.relPath);
    }
    return changed;
  }

  /** Whether some cached read looked at `absolute` (a path besides its own file: fingerprint.ts `Dependency`). */
  isDependency(absolute: string): boolean {
    return this.dependents.has(absolute);
  }

  /** The entry of a file, after {@link ReadCache.stale} and {@link ReadCache.store}. */
  get(relPath: string): CachedRead | undefined {
    return this.entries.get(relPath);
  }

  /** Keeps what reading `relPath` produced, for this build and, with a fingerprint, the next ones. */
  store(relPath: string, read: CachedRead): void {
    const text = this.holdTexts ? read.text : undefined;
    this.forget(relPath);
    this.entries.set(relPath, { ...read, text });
    this.dependents.add(relPath, read.dependencies);
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
    this.dependents.remove(relPath, entry.dependencies);
    this.entries.delete(relPath);
  }

  private clear(): void {
    this.entries.clear();
    this.assembly = undefined;
    this.dependents = new DependencyIndex();
    this.folders = new FolderMemo();
    this.counter = new DocumentCounter();
    this.textChars = 0;
    this.holdTexts = true;
  }
}
