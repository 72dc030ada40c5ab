/**
 * The edit rows of `npm run bench -- scale` (issue 34, done-when 1): `sitegate serve --watch` on a
 * copy of a generated site, a closed loop of requests running throughout (a page, its `.md`, a
 * search), and four changes one after another — one page edited, one added, one deleted, 1,000
 * pages edited at once. For each: milliseconds from the write until the HTML, the `.md` and search
 * show it (polled every {@link POLL_MS}), the p99 and max latency of the loop's requests meanwhile,
 * and the peak resident memory (VmHWM, reset before the change through /proc/PID/clear_refs)
 * against the memory at rest before it, once settled.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../test/free-port.js';
import { sendRequest } from './http-client.js';
import { processMemory } from './memory.js';
import { cell, pageUrlOf, SITEGATE_BIN } from './scale-serve.js';

/** Targets of issue 34 at 100k pages: one page live in ms, 1,000 files in ms, max latency during either in ms, peak RSS over rest. */
export const EDIT_TARGETS = { onePageMs: 300, thousandFilesMs: 3_000, maxLatencyMs: 50, peakOverRest: 1.3 };

/** Pause between probes of a change, ms. */
const POLL_MS = 10;
/** Longest wait for a change to show, ms. */
const CHANGE_TIMEOUT_MS = 300_000;
/** Wait after start and between changes at least, ms: the last build's answers go out. */
const REST_MS = 3_000;
/** Resident memory is settled when {@link SETTLE_SAMPLES} samples this far apart stay within {@link SETTLE_SPREAD} of each other. */
const SETTLE_SAMPLE_MS = 500;
const SETTLE_SAMPLES = 6;
const SETTLE_SPREAD = 0.02;
/**
 * Longest wait for resident memory to settle, ms: V8 gives back the garbage of a build only once
 * the process has been idle a while (its memory reducer; some 30 s after a 100k-page start), and
 * the steady state is what is left then.
 */
const SETTLE_MAX_MS = 60_000;
/** Files changed by the big change. */
const MANY_FILES = 1_000;

/** One measured change. */
export interface EditRow {
  pages: number;
  change: string;
  /** Ms from the write until the page's HTML, its `.md` and search show the change. */
  htmlMs: number;
  markdownMs: number;
  searchMs: number;
  /** Latency of the closed loop's requests from the write until all three showed it, ms. */
  p99Ms: number;
  maxMs: number;
  requests: number;
  /** The loop's requests meanwhile that were not answered 200. */
  failed: number;
  /** VmRSS at rest before the change, and the peak (VmHWM) from the write until it showed, MB. */
  restMb: number;
  peakMb: number;
}

async function get(url: string): Promise<{ status: number; body: string }> {
  const reply = await sendRequest(url, { method: 'GET', headers: {} });
  return { status: reply.status, body: reply.body.toString('utf8') };
}

/** Polls `probe` until true; the ms from `startedMs` then. */
async function shown(what: string, startedMs: number, probe: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await probe()) return performance.now() - startedMs;
    if (performance.now() - startedMs > CHANGE_TIMEOUT_MS) throw new Error(`not shown in ${CHANGE_TIMEOUT_MS} ms: ${what}`);
    await sleep(POLL_MS);
  }
}

/** A closed loop of requests (one at a time, each after the last) recording latencies while `running`. */
function closedLoop(base: string, urls: readonly string[]): { latencies: number[]; failed: number[]; stop: () => Promise<void> } {
  const latencies: number[] = [];
  /** Indexes into `latencies` of the requests that were not answered 200. */
  const failed: number[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const t0 = performance.now();
      const reply = await sendRequest(`${base}${urls[i % urls.length] as string}`, { method: 'GET', headers: {} }).catch(() => undefined);
      if (reply?.status !== 200) failed.push(latencies.length);
      latencies.push(performance.now() - t0);
    }
  })();
  return {
    latencies,
    failed,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * The resident memory of `pid` once it settled (see {@link SETTLE_MAX_MS}), bytes; the last sample
 * when it did not settle in time.
 */
async function settledRss(pid: number): Promise<number> {
  const samples: number[] = [];
  const startedMs = performance.now();
  for (;;) {
    samples.push(processMemory(pid)?.rssBytes ?? 0);
    const recent = samples.slice(-SETTLE_SAMPLES);
    const settled = recent.length === SETTLE_SAMPLES && Math.max(...recent) <= Math.min(...recent) * (1 + SETTLE_SPREAD);
    if (settled || performance.now() - startedMs > SETTLE_MAX_MS) return samples.at(-1) ?? 0;
    await sleep(SETTLE_SAMPLE_MS);
  }
}

/** Resets the process's peak resident memory (proc(5) clear_refs: "5"), so VmHWM is the peak from now. */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** Every markdown page below `dir` but the index pages, relative, sorted. */
function pagesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md') && path.basename(name) !== 'index.md' && !name.startsWith('.'))
    .sort();
}

/**
 * Serves a copy of `siteDir` with `--watch` and measures the four changes.
 * @throws when the server exits, or a change does not show within {@link CHANGE_TIMEOUT_MS}
 */
export async function measureEdits(siteDir: string, pages: number): Promise<EditRow[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'sitegate-scale-edit-'));
  const site = path.join(work, 'site');
  cpSync(siteDir, site, { recursive: true });
  // The loop and the probes search far more often than the per-address limit allows (test/load.ts does the same).
  writeFileSync(path.join(work, 'sitegate.json'), JSON.stringify({ rateLimits: { search: { points: 1_000_000_000 } } }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [SITEGATE_BIN, 'serve', site, '--watch', '--port', String(port), '--data-dir', path.join(work, 'data')],
    {
      cwd: work,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid as number;
  try {
    await shown('the first answer', performance.now(), async () => (await get(`${base}/`).catch(() => ({ status: 0 }))).status === 200);
    const page = pageUrlOf(site);
    const loop = closedLoop(base, [page, `${page}.md`, '/api/search.json?q=data%20file']);
    const rows: EditRow[] = [];
    const measure = async (
      change: string,
      url: string,
      act: () => void,
      shows: (html: string, status: number) => boolean,
      inSearch: (hits: string[]) => boolean,
      marker: string,
    ) => {
      await sleep(REST_MS);
      const restMb = (await settledRss(pid)) / 1e6;
      resetPeak(pid);
      const from = loop.latencies.length;
      const startedMs = performance.now();
      act();
      const [htmlMs, markdownMs, searchMs] = await Promise.all([
        shown(`${change}: HTML`, startedMs, async () => {
          const answer = await get(`${base}${url}`);
          return shows(answer.body, answer.status);
        }),
        shown(`${change}: .md`, startedMs, async () => {
          const answer = await get(`${base}${url === '/' ? '/index' : url}.md`);
          return shows(answer.body, answer.status);
        }),
        shown(`${change}: search`, startedMs, async () => {
          const answer = await get(`${base}/api/search.json?q=${marker}&limit=100`);
          if (answer.status !== 200) throw new Error(`search answered ${answer.status}: ${answer.body.slice(0, 200)}`);
          return inSearch((JSON.parse(answer.body) as { path: string }[]).map((hit) => hit.path));
        }),
      ]);
      const latencies = loop.latencies.slice(from).sort((a, b) => a - b);
      rows.push({
        pages,
        change,
        htmlMs,
        markdownMs,
        searchMs,
        p99Ms: percentile(latencies, 99),
        maxMs: latencies.at(-1) ?? 0,
        requests: latencies.length,
        failed: loop.failed.filter((index) => index >= from).length,
        restMb,
        peakMb: (processMemory(pid)?.peakBytes ?? 0) / 1e6,
      });
    };
    const files = pagesOf(site);
    const first = `${page.slice(1)}.md`;
    await measure(
      'one page edited',
      page,
      () => appendFileSync(path.join(site, first), '\nEdited: zqeditone.\n'),
      (html) => html.includes('zqeditone'),
      (hits) => hits.includes(page),
      'zqeditone',
    );
    const added = '/zq-added-page';
    await measure(
      'one page added',
      added,
      () => writeFileSync(path.join(site, 'zq-added-page.md'), '# Added page\n\nFresh: zqaddedone.\n'),
      (html, status) => status === 200 && html.includes('zqaddedone'),
      (hits) => hits.includes(added),
      'zqaddedone',
    );
    await measure(
      'one page deleted',
      added,
      () => rmSync(path.join(site, 'zq-added-page.md')),
      (_html, status) => status === 404,
      (hits) => !hits.includes(added),
      'zqaddedone',
    );
    const many = files.slice(0, MANY_FILES);
    const last = `/${(many.at(-1) as string).slice(0, -'.md'.length)}`;
    await measure(
      `${many.length} pages edited`,
      last,
      () => {
        for (const file of many) appendFileSync(path.join(site, file), '\nEdited: zqeditmany.\n');
      },
      (html) => html.includes('zqeditmany'),
      // A snapshot swaps in whole: the first 100 hits of the marker mean all of the pages have it.
      (hits) => hits.length === Math.min(100, many.length),
      'zqeditmany',
    );
    await loop.stop();
    return rows;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exit;
    rmSync(work, { recursive: true, force: true });
  }
}

/** The markdown table of the edit rows; targets (issue 34, at 100k pages) are marked on every row. */
export function editTable(rows: readonly EditRow[]): string {
  const lines = [
    `| pages | change | HTML ms | .md ms | search ms (≤ ${EDIT_TARGETS.onePageMs} one page, ≤ ${EDIT_TARGETS.thousandFilesMs} 1,000) | loop p99 ms | loop max ms (≤ ${EDIT_TARGETS.maxLatencyMs}) | requests | failed | rest MB | peak MB (≤ ${EDIT_TARGETS.peakOverRest}× rest) |`,
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const target = row.change.startsWith('one') ? EDIT_TARGETS.onePageMs : EDIT_TARGETS.thousandFilesMs;
    const live = Math.max(row.htmlMs, row.markdownMs, row.searchMs);
    lines.push(
      `| ${row.pages} | ${row.change} | ${cell(row.htmlMs, 0)} | ${cell(row.markdownMs, 0)} | ${cell(row.searchMs, 0)} (all: ${cell(live, 0, target)}) | ` +
        `${cell(row.p99Ms, 1)} | ${cell(row.maxMs, 1, EDIT_TARGETS.maxLatencyMs)} | ${row.requests} | ${row.failed} | ${cell(row.restMb, 0)} | ` +
        `${cell(row.peakMb, 0, row.restMb * EDIT_TARGETS.peakOverRest)} |`,
    );
  }
  return lines.join('\n');
}
