/**
 * One row of `npm run bench -- scale`, in a fresh process so its memory is its own: builds the
 * snapshot of a content folder as `sitegate serve` does before listening (loadSnapshot from dist/),
 * then times searches in-process. Sends a {@link ScaleRow} to the parent over IPC.
 *
 * Started by bench/scale.ts with `--expose-gc`: RSS is read after a full collection, a pause and
 * another collection, what the server holds once garbage from the build is gone. The pause
 * matters: V8 frees the memory of dead ArrayBuffers on a background thread after the collection
 * that finds them, so RSS read right after `gc()` still counts the build's temporary buffers.
 */
import { setTimeout as sleep } from 'node:timers/promises';

// The compiled server, as `sitegate serve` runs it (npm run bench builds first); typed by its source.
const { loadSnapshot } = (await import(
  new URL('../dist/snapshot/snapshot.js', import.meta.url).href
)) as typeof import('../src/snapshot/snapshot.js');

/** What the child measured. */
export interface ScaleRow {
  pages: number;
  /** Wall-clock seconds of loadSnapshot(). */
  buildSec: number;
  /** CPU seconds (user + system) of loadSnapshot(); differs from wall time when the machine is busy. */
  cpuSec: number;
  /** Resident set size after the build and a full GC, MB (10^6 bytes). */
  rssMb: number;
  /** Search latency percentiles over the query set, ms. */
  searchP50Ms: number;
  searchP99Ms: number;
  /** Searches timed. */
  searches: number;
  /** Whether bodies were rendered lazily. */
  lazy: boolean;
  /** Worker threads that read the content (0: the main thread). */
  workers: number;
}

/** The request sent by the parent. */
export interface ScaleRequest {
  contentDir: string;
  queries: string[];
  rounds: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Pause between the two collections, ms: ample for the background sweeper of ArrayBuffers. */
const SETTLE_MS = 500;

process.once('message', (request: ScaleRequest) => void measure(request));

async function measure(request: ScaleRequest): Promise<void> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { snapshot } = loadSnapshot(request.contentDir, { baseUrl: 'http://127.0.0.1:8080' });
  const used = process.cpuUsage(cpu);
  const buildSec = (performance.now() - started) / 1000;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await sleep(SETTLE_MS);
  gc?.();
  const rssMb = process.memoryUsage().rss / 1e6;

  const options = { limit: 20, offset: 0, includeInternal: false };
  for (const query of request.queries) snapshot.search.search(query, options);
  const times: number[] = [];
  for (let round = 0; round < request.rounds; round++) {
    for (const query of request.queries) {
      const t0 = performance.now();
      snapshot.search.search(query, options);
      times.push(performance.now() - t0);
    }
  }
  times.sort((a, b) => a - b);
  const row: ScaleRow = {
    pages: snapshot.site.pages.size,
    buildSec,
    cpuSec: (used.user + used.system) / 1e6,
    rssMb,
    searchP50Ms: percentile(times, 50),
    searchP99Ms: percentile(times, 99),
    searches: times.length,
    lazy: !(snapshot.pages instanceof Map),
    workers: snapshot.buildWorkers,
  };
  process.send?.(row, () => process.exit(0));
}
