/**
 * The parallel build of big sites: worker threads read the content files, put each through the
 * one pipeline (content/page-text.ts) and count its search text's terms (most of a build's work), the main thread puts the pages and postings together in file
 * order, so the result equals the single-threaded build. The main thread waits synchronously
 * (Atomics.wait on a shared counter the workers bump, then receiveMessageOnPort), so loading a
 * snapshot stays one synchronous call. Each worker's garbage (every file's text) dies with it.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { diskSourceParts, type DiskSourceParts, type SourceFile } from '../content/load.js';
import { PAGE_KINDS, type Page } from '../content/page.js';
import type { ContentProblem } from '../content/problems.js';
import type { Conventions } from '../content/conventions/types.js';
import { HELD_SOURCE_MAX_CHARS, SiteAssembler, type Site } from '../content/site.js';
import { SiteSearchBuilder, searchVersionOf } from '../search/site-search.js';
import type { CountedBatch } from '../search/field-pairs.js';
import type { SearchIndex } from '../search/search-index.js';
import type { Dependency } from './fingerprint.js';

/** Sites with fewer files build on the main thread: starting workers costs more than it saves. */
export const PARALLEL_MIN_FILES = 5_000;
/**
 * How many files an `.mdx` page counts for against {@link PARALLEL_MIN_FILES}: reading MDX (a
 * micromark parse with its JavaScript grammar, content/mdx/) costs some 25 times a markdown page's
 * pipeline, so a site of a few hundred MDX pages already builds faster on workers.
 */
export const MDX_FILE_WEIGHT = 25;

/** An `.mdx` page's file name. */
const MDX_PAGE = /\.mdx$/i;

/** The files' weight against {@link PARALLEL_MIN_FILES}: one each, {@link MDX_FILE_WEIGHT} for an `.mdx` page. */
export function buildWeight(files: readonly SourceFile[]): number {
  let weight = 0;
  for (const file of files) weight += MDX_PAGE.test(file.relPath) ? MDX_FILE_WEIGHT : 1;
  return weight;
}
/** At most this many workers, whatever the core count: merging on the main thread bounds the gain. */
const MAX_WORKERS = 4;
/**
 * How long the main thread waits without any file being read before it gives up on the workers,
 * ms: a worker that died without a word (out of memory, its module failing to load) never
 * reports, and the main thread then builds on its own.
 */
const STALL_MS = 30_000;
/** How often the main thread wakes to report progress while it waits, ms. */
const PROGRESS_INTERVAL_MS = 250;

/** What a worker is given. */
export interface WorkerInput {
  files: DiskSourceParts[];
  port: MessagePort;
  /** Int32 [workers done, files read], shared by every worker and the main thread. */
  signals: SharedArrayBuffer;
  /** The worker's share of {@link HELD_SOURCE_MAX_CHARS}: texts are sent back while they fit. */
  heldMaxChars: number;
  /** The generator's conventions, which pages are read by (declared titles, nav fields, the dialect). */
  conventions: Conventions | undefined;
  /**
   * The paths includes may never read (content/readable.ts): the files a worker rebuilds from
   * their parts carry none of their own, so the load's are passed (every file of a load shares them).
   */
  protectedPaths: readonly string[];
  /**
   * True when no file is `.mdx`: the worker starts without the MDX reader and loads it at the first
   * page that needs one (content/mdx/on-demand.ts), so a plain site's workers do not pay its load.
   */
  mdxOnDemand: boolean;
  /** Whether each file's fingerprint and what its text read are sent back (fingerprint.ts), for the incremental build. */
  recordReads: boolean;
}

/** What came of reading one file, besides its page. */
export interface FileOutcome {
  /** The file's own problems and its dialect's (content/site.ts `readSourcePage`). */
  problems: ContentProblem[];
  /** Its fingerprint before it was read (fingerprint.ts `fingerprintOfSource`), when asked for. */
  fingerprint?: string | undefined;
  /** The paths its text read, when asked for. */
  dependencies?: Dependency[];
}

/** What a worker posts back. */
export interface WorkerOutput {
  /** Pages read, in file order; `fileIndex` is the file's index in the worker's share. */
  reads: { page: Page; rank: number; fileIndex: number }[];
  /** The page text of each read (content/page-text.ts), or `undefined` when they did not fit the worker's share. */
  texts: string[] | undefined;
  /** Each file of the worker's share, in order. */
  files: FileOutcome[];
  /** The pages' counted terms, document d being reads[d]. */
  batch: CountedBatch;
}

/** The workers' answers, each for its share of the files: worker w read files w × share … (w + 1) × share − 1. */
export interface ParallelReads {
  outputs: WorkerOutput[];
  share: number;
}

/** A site and its search index. */
export interface BuiltContent {
  site: Site;
  search: SearchIndex;
  /** Worker threads that read the files; 0 for the main thread. */
  workers: number;
}

/** The worker script beside this module, once compiled (`npm run build`); source-only runs have none. */
function workerScript(): URL | undefined {
  const url = new URL('./build-worker.js', import.meta.url);
  return existsSync(fileURLToPath(url)) ? url : undefined;
}

/**
 * Builds the site and its index on worker threads when it pays: files weighing at least
 * {@link PARALLEL_MIN_FILES} ({@link buildWeight}), all on disk, more than one core, and the compiled worker present.
 * @returns `undefined` when it does not pay or the workers failed: the caller builds on its own thread
 */
export function buildInParallel(
  files: readonly SourceFile[],
  fallbackName: string,
  onProgress?: (done: number, total: number) => void,
  conventions?: Conventions,
): BuiltContent | undefined {
  const read = readInParallel(files, conventions, false, onProgress);
  if (read === undefined) return undefined;
  return { ...merge(files, read, fallbackName, conventions), workers: read.outputs.length };
}

/**
 * Reads the files on worker threads when it pays (see {@link buildInParallel}).
 * @param recordReads send back each file's fingerprint and what its text read (the incremental build's)
 * @returns `undefined` when it does not pay or the workers failed
 */
export function readInParallel(
  files: readonly SourceFile[],
  conventions: Conventions | undefined,
  recordReads: boolean,
  onProgress?: (done: number, total: number) => void,
): ParallelReads | undefined {
  const script = workerScript();
  const workerCount = Math.min(MAX_WORKERS, os.availableParallelism());
  if (script === undefined || workerCount < 2 || buildWeight(files) < PARALLEL_MIN_FILES) return undefined;
  const parts = files.map(diskSourceParts);
  if (parts.some((part) => part === undefined)) return undefined;

  const signals = new SharedArrayBuffer(8);
  const counters = new Int32Array(signals);
  const share = Math.ceil(files.length / workerCount);
  const mdxOnDemand = !files.some((file) => MDX_PAGE.test(file.relPath));
  const ports: MessagePort[] = [];
  const workers: Worker[] = [];
  for (let w = 0; w < workerCount; w++) {
    const { port1, port2 } = new MessageChannel();
    ports.push(port1);
    const input: WorkerInput = {
      files: parts.slice(w * share, (w + 1) * share) as DiskSourceParts[],
      port: port2,
      signals,
      heldMaxChars: HELD_SOURCE_MAX_CHARS / workerCount,
      conventions,
      protectedPaths: files[0]?.protectedPaths ?? [],
      mdxOnDemand,
      recordReads,
    };
    const worker = new Worker(script, { workerData: input, transferList: [port2] });
    // Its error reaches this thread's event loop after the build, whatever became of it: heard,
    // it cannot end the process (the build has already fallen back, or succeeded).
    worker.on('error', () => undefined);
    worker.unref();
    workers.push(worker);
  }
  const outputs = awaitWorkers(counters, workerCount, files.length, onProgress)
    ? ports.map((port) => receiveMessageOnPort(port)?.message as WorkerOutput | { error: string } | undefined)
    : [undefined];
  for (const port of ports) port.close();
  if (outputs.some((output) => output === undefined || 'error' in output)) {
    for (const worker of workers) void worker.terminate();
    return undefined;
  }
  return { outputs: outputs as WorkerOutput[], share };
}

/**
 * Waits, blocking this thread, until every worker has posted its answer.
 * @param counters Int32 [workers done, files read], bumped by the workers
 * @param stallMs how long to wait without a file being read (ms)
 * @returns false when no file was read for `stallMs` before all were done
 */
export function awaitWorkers(
  counters: Int32Array,
  workerCount: number,
  total: number,
  onProgress?: (done: number, total: number) => void,
  stallMs = STALL_MS,
): boolean {
  let read = Atomics.load(counters, 1);
  let progressAt = Date.now();
  for (let done = Atomics.load(counters, 0); done < workerCount; done = Atomics.load(counters, 0)) {
    Atomics.wait(counters, 0, done, PROGRESS_INTERVAL_MS);
    const now = Atomics.load(counters, 1);
    if (now !== read) {
      read = now;
      progressAt = Date.now();
    } else if (Date.now() - progressAt > stallMs) return false;
    onProgress?.(now, total);
  }
  return true;
}

/**
 * A page from a worker with its strings shared again: a message carries every string as a copy,
 * so the key and the URL (usually equal), the file path (the listing has it), the kind and the
 * section would each cost their own memory, some 20 MB over 100k pages.
 */
export function compact(received: Page, file: SourceFile, sections: Map<string, string>): Page {
  // The object is the message's own copy: changed in place rather than copied, which would double
  // the garbage of the merge (100k objects), and the heap it leaves behind.
  const page = received as Mutable<Page>;
  if (page.url === page.key) page.url = page.key;
  let section = sections.get(page.section);
  if (section === undefined) sections.set(page.section, (section = page.section));
  page.section = section;
  let lang = sections.get(`lang:${page.lang}`);
  if (lang === undefined) sections.set(`lang:${page.lang}`, (lang = page.lang));
  page.lang = lang;
  page.markdownUrl = page.key.endsWith('/') ? `${page.url}index.md` : `${page.url}.md`;
  page.file = file.relPath;
  page.kind = PAGE_KINDS.find((kind) => kind === page.kind) ?? page.kind;
  return page;
}

/** `T` with its properties writable. */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Puts the workers' pages and counts together in file order, as the single-threaded build would. */
function merge(
  files: readonly SourceFile[],
  { outputs, share }: ParallelReads,
  fallbackName: string,
  conventions: Conventions | undefined,
): Omit<BuiltContent, 'workers'> {
  const problems: ContentProblem[] = [];
  const assembler = new SiteAssembler(problems);
  const indexer = new SiteSearchBuilder(conventions?.locales[0]?.lang);
  const sections = new Map<string, string>();
  outputs.forEach((output, w) => {
    for (const outcome of output.files) problems.push(...outcome.problems);
    const batch = indexer.addBatch(output.batch);
    output.reads.forEach(({ page: received, rank, fileIndex }, doc) => {
      const file = files[w * share + fileIndex] as SourceFile;
      const page = compact(received, file, sections);
      const document = { path: page.url, title: page.title, description: page.description };
      if (assembler.add(page, rank, file, output.texts?.[doc]))
        indexer.addCounted(document, page.kind === 'internal', batch, doc, page.lang, searchVersionOf(page, conventions?.versions));
    });
  });
  return { site: assembler.finish(fallbackName, conventions), search: indexer.finish() };
}
