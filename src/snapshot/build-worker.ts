/**
 * A worker thread of the parallel build (parallel-build.ts): reads its share of the content files
 * into pages through the one pipeline (content/page-text.ts, as the main thread does) and counts
 * the terms of their search text, then posts both back and wakes the main thread.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { diskSource, type DiskSourceParts, type SourceFile } from '../content/load.js';
import { loadMdx, MdxNotLoadedError } from '../content/mdx/on-demand.js';
import type { ContentProblem } from '../content/problems.js';
import { readSourcePage, type SourcePageRead } from '../content/site.js';
import { BatchCounter } from '../search/index-builder.js';
import { fingerprintOfRead, withDependencies, type Dependency } from './fingerprint.js';
import type { FileOutcome, WorkerInput, WorkerOutput } from './parallel-build.js';

const input = workerData as WorkerInput;
const port: MessagePort = input.port;
const signals = new Int32Array(input.signals);

async function run(
  files: readonly DiskSourceParts[],
  heldMaxChars: number,
  conventions: WorkerInput['conventions'],
  protectedPaths: readonly string[],
  recordReads: boolean,
): Promise<WorkerOutput> {
  const outcomes: FileOutcome[] = [];
  const counter = new BatchCounter();
  const reads: WorkerOutput['reads'] = [];
  let texts: string[] | undefined = [];
  let heldChars = 0;
  for (const [fileIndex, parts] of files.entries()) {
    const file = diskSource(parts);
    const { read, problems, dependencies } = await readOnce(file, conventions, protectedPaths, recordReads);
    // As the file was opened, before its text was read: an edit made meanwhile shows at the next build.
    const fingerprint = recordReads ? fingerprintOfRead(file) : undefined;
    outcomes.push(recordReads ? { problems, fingerprint, dependencies } : { problems });
    if (read !== undefined) {
      reads.push({ page: read.page, rank: read.rank, fileIndex });
      counter.add(read.page, read.body);
      heldChars += read.text.length;
      // Past this worker's share of the budget, no text is sent: the site reads every page from disk.
      if (heldChars <= heldMaxChars) texts?.push(read.text);
      else texts = undefined;
    }
    Atomics.add(signals, 1, 1);
  }
  return { reads, texts, files: outcomes, batch: counter.finish() };
}

/**
 * A page read as the main thread reads it, with its problems and, when asked, what its text read
 * (fingerprint.ts); a page that needs the MDX reader this worker started without
 * (content/mdx/on-demand.ts) is read again once the reader is loaded, its problems reported once.
 */
async function readOnce(
  file: SourceFile,
  conventions: WorkerInput['conventions'],
  protectedPaths: readonly string[],
  recordReads: boolean,
): Promise<{ read: SourcePageRead | undefined; problems: ContentProblem[]; dependencies: Dependency[] }> {
  const attempt = (): { read: SourcePageRead | undefined; problems: ContentProblem[]; dependencies: Dependency[] } => {
    const problems: ContentProblem[] = [];
    const readPage = (): SourcePageRead | undefined => readSourcePage(file, problems, conventions, { protectedPaths });
    if (!recordReads) return { read: readPage(), problems, dependencies: [] };
    const { result, dependencies } = withDependencies(readPage);
    return { read: result, problems, dependencies };
  };
  try {
    return attempt();
  } catch (error) {
    if (!(error instanceof MdxNotLoadedError)) throw error;
    await loadMdx();
    return attempt();
  }
}

try {
  const output = await run(input.files, input.heldMaxChars, input.conventions, input.protectedPaths, input.recordReads);
  const buffers = output.batch.fields.flatMap((field) => [field.starts.buffer, field.ids.buffer, field.tfs.buffer, field.lengths.buffer]);
  port.postMessage(output, buffers as ArrayBuffer[]);
} catch (error) {
  port.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
} finally {
  port.close();
  Atomics.add(signals, 0, 1);
  Atomics.notify(signals, 0);
  parentPort?.close();
}
