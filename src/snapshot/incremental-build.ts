/**
 * The build of `serve --watch` (issue 34): the files whose read no longer holds (read-cache.ts) are
 * read again, on worker threads when they weigh enough (parallel-build.ts), else on this thread;
 * then every page is put together in file order from the cache, as the build from scratch does
 * (snapshot.ts `buildContent`): the same pages, duplicate-URL winners, problems, page texts held,
 * and a search index counted from the same terms, with the same vocabulary.
 */
import type { SourceFile } from '../content/load.js';
import type { ContentProblem } from '../content/problems.js';
import type { Conventions } from '../content/conventions/types.js';
import { readSourcePage, SiteAssembler, siteInSteps } from '../content/site.js';
import type { DocumentCounts } from '../search/document-counts.js';
import { searchVersionOf } from '../search/site-search.js';
import type { Page } from '../content/page.js';
import { fingerprintOfRead, withDependencies } from './fingerprint.js';
import { compact, readInParallel, type BuiltContent, type ParallelReads } from './parallel-build.js';
import type { CachedRead, ReadCache } from './read-cache.js';
import type { BuildSteps } from '../build-steps.js';
import { assembledState, patchedAssembly, type AssemblyState } from './assembly-patch.js';
import type { ScopePages } from './incremental-search.js';

/** Files read between two progress calls. */
const PROGRESS_EVERY_FILES = 1_000;
/** Pages put together in one step: about 1-2 µs each, so some 15-35 ms a step on a busy core. */
const ASSEMBLE_STEP_FILES = 15_000;
/** Files read on this thread in one step (build-steps.ts): a markdown page takes well under 1 ms, an MDX page some 10. */
const READ_STEP_FILES = 50;

/** What {@link buildIncrementally} did, besides the content. */
export interface IncrementalContent extends BuiltContent {
  /** Files read again (the others came from the cache). */
  filesRead: number;
}

/**
 * Builds the site and its index from `files`, reading only the files `cache` does not hold.
 * @param parallel whether files to read may go to worker threads
 */
export function* buildIncrementally(
  files: readonly SourceFile[],
  fallbackName: string,
  conventions: Conventions | undefined,
  cache: ReadCache,
  parallel: boolean,
  onProgress?: (done: number, total: number) => void,
): BuildSteps<IncrementalContent> {
  // Taken before `stale` starts the next report; the last build's assembly only after a build that completes.
  const reported = cache.trustedChanges;
  const { assembly, counter } = cache;
  cache.assembly = undefined;
  const stale = cache.stale(files, conventions);
  // An emptied cache (new conventions: read-cache.ts) starts a new term table; nothing of the last build holds.
  const last = cache.counter === counter ? assembly : undefined;
  yield;
  const reads = parallel ? readInParallel(stale, conventions, true, onProgress) : undefined;
  if (reads === undefined) yield* readHere(stale, conventions, cache, onProgress);
  else keepParallelReads(stale, reads, cache);
  yield;
  const patched = last === undefined ? undefined : yield* patchedContent(last, files, stale, reported, fallbackName, conventions, cache);
  cache.assemblyPatched = patched !== undefined;
  const content = patched ?? (yield* assemble(files, fallbackName, conventions, cache));
  return { ...content, workers: reads?.outputs.length ?? 0, filesRead: stale.length };
}

/**
 * Reads `files` on this thread into the cache, recording what each page's text reads, a step every
 * {@link READ_STEP_FILES} files.
 */
function* readHere(
  files: readonly SourceFile[],
  conventions: Conventions | undefined,
  cache: ReadCache,
  onProgress?: (done: number, total: number) => void,
): BuildSteps<void> {
  for (const [done, file] of files.entries()) {
    if (done > 0 && done % READ_STEP_FILES === 0) yield;
    if (onProgress !== undefined && done % PROGRESS_EVERY_FILES === 0) onProgress(done, files.length);
    const problems: ContentProblem[] = [];
    const { result: read, dependencies } = withDependencies(() => readSourcePage(file, problems, conventions));
    // As the file was opened, before its text was read: an edit made meanwhile shows at the next build.
    const fingerprint = fingerprintOfRead(file);
    cache.store(file.relPath, {
      fingerprint,
      page: read?.page,
      rank: read?.rank ?? 0,
      text: read?.text,
      counts: read === undefined ? undefined : cache.counter.count(read.page, read.body),
      problems,
      dependencies,
    });
  }
}

/** Keeps the workers' reads of `files` in the cache, their terms taken into its table. */
function keepParallelReads(files: readonly SourceFile[], { outputs, share }: ParallelReads, cache: ReadCache): void {
  const sections = new Map<string, string>();
  outputs.forEach((output, w) => {
    const counts = cache.counter.takeBatch(output.batch);
    const pages = new Map(output.reads.map((read, doc) => [read.fileIndex, { ...read, doc }]));
    output.files.forEach((outcome, fileIndex) => {
      const file = files[w * share + fileIndex] as SourceFile;
      const read = pages.get(fileIndex);
      const entry: CachedRead = {
        fingerprint: outcome.fingerprint,
        page: read === undefined ? undefined : compact(read.page, file, sections),
        rank: read?.rank ?? 0,
        text: read === undefined ? undefined : output.texts?.[read.doc],
        counts: read === undefined ? undefined : counts[read.doc],
        problems: outcome.problems,
        dependencies: outcome.dependencies ?? [],
      };
      cache.store(file.relPath, entry);
    });
  });
}

/**
 * The site and index of `files` made from the `last` build's by the files read again and those
 * gone (assembly-patch.ts); `undefined` when that cannot be: then {@link assemble}.
 */
function* patchedContent(
  last: AssemblyState,
  files: readonly SourceFile[],
  read: readonly SourceFile[],
  reported: ReadonlySet<string> | undefined,
  fallbackName: string,
  conventions: Conventions | undefined,
  cache: ReadCache,
): BuildSteps<Omit<BuiltContent, 'workers'> | undefined> {
  const scopeOf = (page: Page): { language: string; version: string | undefined } => ({
    language: page.lang,
    version: searchVersionOf(page, conventions?.versions),
  });
  const patch = patchedAssembly(last, files, read, reported, (relPath) => cache.get(relPath), scopeOf);
  if (patch === undefined) return undefined;
  const { pages } = patch.state.parts;
  const pagesOf = (language: string, version: string | undefined): ScopePages => {
    const scope: ScopePages & { pages: Page[]; counts: DocumentCounts[] } = { language, version, pages: [], counts: [] };
    for (const page of pages.values()) {
      const { language: lang, version: of } = scopeOf(page);
      if (lang !== language || of !== version) continue;
      scope.pages.push(page);
      scope.counts.push(cache.get(page.file)?.counts as DocumentCounts);
    }
    return scope;
  };
  const search = yield* cache.search.patch(patch.scopeChanges, conventions?.locales[0]?.lang, cache.counter, pagesOf);
  if (search === undefined) return undefined;
  yield;
  const site = yield* siteInSteps(patch.state.parts, patch.problems, fallbackName, conventions, cache.folders);
  cache.assembly = patch.state;
  return { site, search };
}

/**
 * The site and index of `files`, every one read (the cache holds them all): pages added in file
 * order, each index (a language's, or an old docs version's in a language: search/site-search.ts)
 * the last one's with the pages changed since in a segment, or made of one batch of its pages'
 * counts in the order they were added (incremental-search.ts).
 */
function* assemble(
  files: readonly SourceFile[],
  fallbackName: string,
  conventions: Conventions | undefined,
  cache: ReadCache,
): BuildSteps<Omit<BuiltContent, 'workers'>> {
  const problems: ContentProblem[] = [];
  const assembler = new SiteAssembler(problems);
  /** Pages added and their counts, by index: language, then version (none for the current one). */
  const added = new Map<string, { language: string; version: string | undefined; pages: Page[]; counts: DocumentCounts[] }>();
  const noPage = new Set<string>();
  const problemsOf = new Map<string, readonly ContentProblem[]>();
  for (const [done, file] of files.entries()) {
    if (done > 0 && done % ASSEMBLE_STEP_FILES === 0) yield;
    const entry = cache.get(file.relPath);
    if (entry === undefined) throw new Error(`${file.relPath} was not read`);
    if (entry.problems.length > 0) {
      problems.push(...entry.problems);
      problemsOf.set(file.relPath, entry.problems);
    }
    const { page, counts } = entry;
    if (page === undefined || counts === undefined) noPage.add(file.relPath);
    if (page === undefined || counts === undefined || !assembler.add(page, entry.rank, file, entry.text)) continue;
    const version = searchVersionOf(page, conventions?.versions);
    const key = `${page.lang}\n${version ?? ''}`;
    let index = added.get(key);
    if (index === undefined) added.set(key, (index = { language: page.lang, version, pages: [], counts: [] }));
    index.pages.push(page);
    index.counts.push(counts);
  }
  yield;
  const search = yield* cache.search.build([...added.values()], conventions?.locales[0]?.lang, cache.counter);
  yield;
  const parts = assembler.parts();
  yield;
  const site = yield* siteInSteps(parts, problems, fallbackName, conventions, cache.folders);
  cache.assembly = assembledState(assembler, parts, files.length, noPage, problemsOf);
  return { site, search };
}
