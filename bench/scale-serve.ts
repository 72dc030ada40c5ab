/**
 * The `serve` rows of `npm run bench -- scale`: starts the built CLI (`node bin/sitegate.js serve
 * SITE --port P --data-dir TMP`) on a generated site and measures what an operator waits for and
 * pays: seconds from spawn to the first 200 of `/` and of one page, and the process's resident
 * memory (/proc/PID/status VmRSS) {@link SETTLE_MS} after that first answer, with its peak (VmHWM),
 * and the CPU seconds it used until the page answered (/proc/PID/stat), which a busy machine changes
 * less than the wall time.
 * Beside the in-process rows of bench/scale-child.ts, which time loadSnapshot() alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/free-port.js';
import { sendRequest } from './http-client.js';
import { processCpuSec } from './cpu.js';
import { processMemory } from './memory.js';

/** The targets of issue 34 for `serve` at 100k pages: ready in seconds, resident MB after start. */
export const SERVE_TARGETS = { readySec: 12, rssMb: 500 };

/** Wait after the first answers before reading memory, ms: lets start-up work and garbage settle. */
export const SETTLE_MS = 2_000;
/** Pause between probes of `/` while the server starts, ms. */
const POLL_MS = 50;
/** Longest wait for the first answer, ms. */
const START_TIMEOUT_MS = 300_000;

/** The CLI the scale bench's `serve` and edit rows start (built by `npm run build`). */
export const SITEGATE_BIN = fileURLToPath(new URL('../bin/sitegate.js', import.meta.url));

/** One measured start of `serve`. */
export interface ServeRow {
  pages: number;
  /** Seconds from spawn to the first 200 answer of `/`. */
  firstAnswerSec: number;
  /** Seconds from spawn to the first 200 answer of one page ({@link pageUrlOf}). */
  pageAnswerSec: number;
  /** CPU seconds (user + system, all threads) the process used until the page answered. */
  cpuSec: number;
  /** VmRSS {@link SETTLE_MS} after the first answers, MB (10^6 bytes). */
  rssMb: number;
  /** VmHWM then: the peak resident memory of the start, MB. */
  peakMb: number;
}

/**
 * The URL path of one page of a generated site: the first markdown file other than `index.md`
 * found going down the first folder (names sorted), without `.md`.
 * @throws when the folder holds no such file
 */
export function pageUrlOf(siteDir: string): string {
  let dir = siteDir;
  const parts: string[] = [];
  for (;;) {
    const entries = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith('.'))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    const file = entries.find((entry) => entry.isFile() && entry.name.endsWith('.md') && entry.name !== 'index.md');
    if (file !== undefined) return `/${[...parts, file.name.slice(0, -'.md'.length)].join('/')}`;
    const folder = entries.find((entry) => entry.isDirectory());
    if (folder === undefined) throw new Error(`no page under ${siteDir}`);
    parts.push(folder.name);
    dir = path.join(dir, folder.name);
  }
}

async function status(url: string): Promise<number | undefined> {
  try {
    return (await sendRequest(url, { method: 'GET', headers: {} })).status;
  } catch {
    return undefined; // not listening yet
  }
}

async function firstOk(url: string, startedMs: number, exited: () => boolean): Promise<number> {
  for (;;) {
    const code = await status(url);
    if (code === 200) return (performance.now() - startedMs) / 1000;
    if (code !== undefined) throw new Error(`${url} answered ${code}, not 200`);
    if (exited()) throw new Error(`sitegate serve exited before answering ${url}`);
    if (performance.now() - startedMs > START_TIMEOUT_MS) throw new Error(`${url}: no answer in ${START_TIMEOUT_MS} ms`);
    await sleep(POLL_MS);
  }
}

/**
 * Starts `sitegate serve` on `siteDir` (a fresh data folder, a free port, `npm run build` done),
 * measures one {@link ServeRow}, then stops it with SIGTERM and removes the data folder.
 * @throws when the server exits or answers other than 200 before the page is served
 */
export async function measureServe(siteDir: string, pages: number): Promise<ServeRow> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sitegate-scale-serve-'));
  const args = [SITEGATE_BIN, 'serve', siteDir, '--port', String(port), '--data-dir', dataDir];
  const startedMs = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const firstAnswerSec = await firstOk(`${base}/`, startedMs, () => exited);
    const pageAnswerSec = await firstOk(`${base}${pageUrlOf(siteDir)}`, startedMs, () => exited);
    const cpuSec = child.pid === undefined ? undefined : processCpuSec(child.pid);
    await sleep(SETTLE_MS);
    const memory = child.pid === undefined ? undefined : processMemory(child.pid);
    if (memory === undefined || cpuSec === undefined) throw new Error('cannot read /proc/PID/status and stat of sitegate serve');
    return { pages, firstAnswerSec, pageAnswerSec, cpuSec, rssMb: memory.rssBytes / 1e6, peakMb: memory.peakBytes / 1e6 };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exit;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A table cell of the scale bench: `value` with `digits` decimals, marked ✓ or MISS against a target (at most) when given. */
export function cell(value: number, digits: number, target?: number): string {
  const text = value.toFixed(digits);
  return target === undefined ? text : `${text} ${value <= target ? '✓' : 'MISS'}`;
}

/** The markdown table of the `serve` rows; target columns apply to the 100k row and are marked on every row. */
export function serveTable(rows: readonly ServeRow[]): string {
  const lines = [
    `| pages | first answer s (≤ ${SERVE_TARGETS.readySec}) | page answer s | CPU s | RSS after start MB (≤ ${SERVE_TARGETS.rssMb}) | peak RSS MB |`,
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.pages} | ${cell(row.firstAnswerSec, 2, SERVE_TARGETS.readySec)} | ${cell(row.pageAnswerSec, 2)} | ${cell(row.cpuSec, 2)} | ` +
        `${cell(row.rssMb, 0, SERVE_TARGETS.rssMb)} | ${cell(row.peakMb, 0)} |`,
    );
  }
  return lines.join('\n');
}
