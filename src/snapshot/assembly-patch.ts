/**
 * The site of a `serve --watch` build in which few files changed (issue 34), made from the last
 * build's by those files alone: the maps of pages, sources and texts patched (patched-map.ts), the
 * public pages' sorted list spliced, the search indexes given the pages gone and come
 * (incremental-search.ts `patch`). The result equals {@link SiteAssembler}'s of every file, but
 * for the order in which `Site.pages` iterates (patched-map.ts), which nothing served depends on
 * once the changes hold no former URL (content/redirects.ts gives a contested former URL to the
 * first page, in file order) — so a change with one takes the assembler's path, as does every
 * change this module cannot tell the outcome of alone:
 *
 * - the watcher's report is not trusted (read-cache.ts `trustedChanges`), or more files changed
 *   than {@link patchLimit};
 * - a file gone that the report does not name (a folder removed whole);
 * - a URL two files claim, before or after (content/site.ts: the lower rank wins, then file order);
 * - a page problem about another file than its own (the problems are sorted by file: see
 *   {@link AssemblyState.problemsOf}).
 */
import type { SourceFile } from '../content/load.js';
import type { ContentProblem } from '../content/problems.js';
import { byUrl, mergeByUrl, type Page } from '../content/page.js';
import { HELD_SOURCE_MAX_CHARS, type SiteAssembler, type SiteParts } from '../content/site.js';
import { PatchedMap } from '../patched-map.js';
import type { DocumentCounts } from '../search/document-counts.js';
import type { CachedRead } from './read-cache.js';
import type { ScopeChange } from './incremental-search.js';

/** What a build put together, which the next one patches. */
export interface AssemblyState {
  readonly parts: SiteParts;
  /** Files the build was given (published files of the listing). */
  readonly fileCount: number;
  /** Files given that made no page: drafts, unreadable files. */
  readonly noPage: ReadonlySet<string>;
  /** Files whose page lost its URL to another file's, with the URL's key; and every key so claimed. */
  readonly losers: ReadonlyMap<string, string>;
  readonly contested: ReadonlySet<string>;
  /**
   * The problems of each file's read that has any, each about that file (`problem.file`): sorted
   * by file, stably, they are in the order a build of every file gives, whatever order the files
   * come in here.
   */
  readonly problemsOf: ReadonlyMap<string, readonly ContentProblem[]>;
  /** The duplicate-URL problems, in the order found. */
  readonly duplicates: readonly ContentProblem[];
}

/** Files changed past which a build puts every page together again: 2 % of the files, at least 200. */
export function patchLimit(files: number): number {
  return Math.max(200, Math.floor(files * 0.02));
}

/**
 * The state of a build of every file, from its assembler after the last `add`.
 * @param noPage the files given that made no page
 * @param problemsOf each file's read problems, for the files that have any
 */
export function assembledState(
  assembler: SiteAssembler,
  parts: SiteParts,
  fileCount: number,
  noPage: ReadonlySet<string>,
  problemsOf: ReadonlyMap<string, readonly ContentProblem[]>,
): AssemblyState {
  return {
    parts,
    fileCount,
    noPage,
    losers: assembler.losers,
    contested: assembler.contested,
    problemsOf,
    duplicates: assembler.duplicates,
  };
}

/** A patched site's parts, its problems (unsorted; content/site.ts `siteInSteps` sorts them) and what its indexes gained and lost. */
export interface AssemblyPatch {
  state: AssemblyState;
  problems: ContentProblem[];
  scopeChanges: ScopeChange[];
}

/** A file's read before and after the change. */
interface FileChange {
  relPath: string;
  file: SourceFile | undefined;
  old: Page | undefined;
  entry: CachedRead | undefined;
}

/**
 * The last build's site with `read` (the files read again, with their new entries in `entryOf`)
 * and the files gone since, or `undefined` when the change takes a build of every file (see the
 * file comment).
 * @param files every file given to this build, in file order
 * @param reported the paths the watcher reported for this build; `undefined` when not trusted
 * @param scopeOf the search index of a page: its language and version (search/site-search.ts)
 */
export function patchedAssembly(
  state: AssemblyState,
  files: readonly SourceFile[],
  read: readonly SourceFile[],
  reported: ReadonlySet<string> | undefined,
  entryOf: (relPath: string) => CachedRead | undefined,
  scopeOf: (page: Page) => { language: string; version: string | undefined },
): AssemblyPatch | undefined {
  if (reported === undefined || read.length > patchLimit(files.length)) return undefined;
  const { parts, noPage, losers } = state;
  const listedBefore = (relPath: string): boolean => parts.byFile.has(relPath) || noPage.has(relPath) || losers.has(relPath);
  const changes: FileChange[] = read.map((file) => ({
    relPath: file.relPath,
    file,
    old: parts.byFile.get(file.relPath),
    entry: entryOf(file.relPath),
  }));
  const added = read.filter((file) => !listedBefore(file.relPath)).length;
  const gone = [...reported].filter((relPath) => listedBefore(relPath) && entryOf(relPath) === undefined);
  if (state.fileCount + added - gone.length !== files.length) return undefined;
  for (const relPath of gone) changes.push({ relPath, file: undefined, old: parts.byFile.get(relPath), entry: undefined });
  if (!claimsAreClear(changes, state)) return undefined;

  const pagesSet: [string, Page][] = [];
  const sourcesSet: [string, SourceFile][] = [];
  const textsSet: [string, string][] = [];
  const keysGone: string[] = [];
  let heldChars = parts.heldChars;
  const scopeChanges: ScopeChange[] = [];
  for (const { file, old, entry } of changes) {
    const page = entry?.page;
    if (old !== undefined) {
      if (page?.key !== old.key) keysGone.push(old.key);
      heldChars -= parts.held?.get(old.key)?.length ?? 0;
      scopeChanges.push({ ...scopeOf(old), removed: old.url });
    }
    if (page === undefined || file === undefined) continue;
    pagesSet.push([page.key, page]);
    sourcesSet.push([page.key, file]);
    heldChars += entry?.text?.length ?? Infinity;
    if (entry?.text !== undefined) textsSet.push([page.key, entry.text]);
    scopeChanges.push({ ...scopeOf(page), added: { page, counts: entry?.counts as DocumentCounts } });
  }
  const held =
    parts.held === undefined || heldChars > HELD_SOURCE_MAX_CHARS ? undefined : PatchedMap.of(parts.held).patched(textsSet, keysGone);
  const byFileSet = changes.flatMap(({ relPath, entry }) => (entry?.page === undefined ? [] : [[relPath, entry.page] as [string, Page]]));
  const nextParts: SiteParts = {
    // No page changed has former keys (claimsAreClear): the same pages have them.
    ...parts,
    pages: PatchedMap.of(parts.pages).patched(pagesSet, keysGone),
    sources: PatchedMap.of(parts.sources).patched(sourcesSet, keysGone),
    held,
    heldChars,
    publicPages: splicedPublicPages(parts.publicPages, changes),
    byFile: PatchedMap.of(parts.byFile).patched(
      byFileSet,
      changes.filter(({ old, entry }) => old !== undefined && entry?.page === undefined).map(({ relPath }) => relPath),
    ),
  };
  const nextNoPage = new Set(noPage);
  const problemsOf = new Map(state.problemsOf);
  for (const { relPath, entry } of changes) {
    nextNoPage.delete(relPath);
    problemsOf.delete(relPath);
    if (entry === undefined) continue;
    if (entry.page === undefined) nextNoPage.add(relPath);
    if (entry.problems.length > 0) problemsOf.set(relPath, entry.problems);
  }
  const next: AssemblyState = { ...state, parts: nextParts, fileCount: files.length, noPage: nextNoPage, problemsOf };
  return { state: next, problems: [...[...problemsOf.values()].flat(), ...state.duplicates], scopeChanges };
}

/**
 * Whether no changed file's URL, before or after, is or becomes one two files claim, no page of them
 * has former URLs, and every problem of their reads is about their own file.
 */
function claimsAreClear(changes: readonly FileChange[], { parts, losers, contested }: AssemblyState): boolean {
  const claimed = new Set<string>();
  for (const { relPath, old, entry } of changes) {
    if (losers.has(relPath) || (old !== undefined && (contested.has(old.key) || (old.formerKeys?.length ?? 0) > 0))) return false;
    if (entry?.problems.some((problem) => problem.file !== relPath) === true) return false;
    const page = entry?.page;
    if (page === undefined) continue;
    if ((page.formerKeys?.length ?? 0) > 0 || contested.has(page.key) || claimed.has(page.key)) return false;
    claimed.add(page.key);
    const holder = parts.pages.get(page.key);
    if (holder !== undefined && holder.file !== relPath) return false;
  }
  return true;
}

/** The public pages sorted by URL, without the changed files' old pages and with their new public ones: one pass. */
function splicedPublicPages(publicPages: readonly Page[], changes: readonly FileChange[]): Page[] {
  const gone = new Set(changes.flatMap(({ old }) => (old === undefined || old.kind === 'internal' ? [] : [old])));
  const come = changes
    .flatMap(({ entry }) => (entry?.page === undefined || entry.page.kind === 'internal' ? [] : [entry.page]))
    .sort(byUrl);
  const kept = gone.size === 0 ? publicPages : publicPages.filter((page) => !gone.has(page));
  // No two pages have one URL: each has its own key (claimsAreClear).
  const next = mergeByUrl(kept, come);
  if (next === undefined) throw new Error('two public pages have one URL');
  return next;
}
