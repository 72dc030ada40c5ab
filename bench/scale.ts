/**
 * `npm run bench -- scale`: build time, memory and search latency of synthetic sites of 1k, 10k and
 * 100k pages (bench/generate-site.ts), each built in a fresh child process (bench/scale-child.ts),
 * then the start of `sitegate serve` on each (bench/scale-serve.ts: first answer, resident memory),
 * then edits under `serve --watch` (bench/scale-edit.ts: time until a change shows, latency, memory).
 * Sites are generated into the system temp folder (the bench says where) and removed at the end;
 * with `--keep-sites` they stay and are reused while the generator is unchanged.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATOR_VERSION, vocabulary, writeSite } from './generate-site.js';
import type { ScaleRequest, ScaleRow } from './scale-child.js';
import { cell, measureServe, serveTable, SETTLE_MS, type ServeRow } from './scale-serve.js';
import { editTable, measureEdits, type EditRow } from './scale-edit.js';

/** The targets of issue 5 at 100k pages. */
export const SCALE_TARGETS = { buildSec: 10, rssMb: 400, searchP99Ms: 5 };

/** Site sizes measured by default. */
export const SCALE_SIZES = [1_000, 10_000, 100_000];

/** Searches per size: each query of the set this many times. */
const ROUNDS = 5;
const QUERY_COUNT = 200;
/** Marker file written when a generated site is complete (hidden: never served). */
const COMPLETE = '.complete';

/**
 * A fixed set of 1–2 word queries from the generator's vocabulary: a third single words, a third two
 * words, a third ending in a prefix (2–5 letters of a word), words drawn from the 5,000 most common.
 */
export function scaleQueries(count = QUERY_COUNT): string[] {
  const words = vocabulary().slice(0, 5_000);
  let state = 42;
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const word = (): string => words[Math.floor(next() * words.length)] as string;
  return Array.from({ length: count }, (_, i) => {
    if (i % 3 === 0) return word();
    if (i % 3 === 1) return `${word()} ${word()}`;
    const stem = word();
    const prefix = stem.slice(0, Math.max(2, Math.min(stem.length, 2 + Math.floor(next() * 4))));
    return next() < 0.5 ? prefix : `${word()} ${prefix}`;
  });
}

/** The folder of the sites kept between runs (`--keep-sites`); without it, each run generates into a folder of its own. */
const KEPT_SITES_DIR = path.join(os.tmpdir(), `sitegate-scale-v${GENERATOR_VERSION}`);

/** The folder of a generated site of `pages` pages under `sitesDir`, generating it when missing. */
function siteOf(sitesDir: string, pages: number): string {
  const dir = path.join(sitesDir, String(pages));
  if (!existsSync(path.join(dir, COMPLETE))) {
    process.stderr.write(`bench: generating ${pages} pages into ${dir}\n`);
    writeSite(dir, { pages });
    writeFileSync(path.join(dir, COMPLETE), '');
  }
  return dir;
}

function measure(contentDir: string, queries: string[]): Promise<ScaleRow> {
  const file = fileURLToPath(new URL('./scale-child.ts', import.meta.url));
  const child = fork(file, [], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (row: ScaleRow) => resolve(row));
    child.once('exit', (code) => reject(new Error(`scale child exited with ${code ?? 'a signal'} before reporting`)));
    child.send({ contentDir, queries, rounds: ROUNDS } satisfies ScaleRequest);
  });
}

/** The markdown table of the rows; target columns apply to the 100k row and are marked on every row. */
export function scaleTable(rows: readonly ScaleRow[]): string {
  const lines = [
    `| pages | bodies | workers | build s (≤ ${SCALE_TARGETS.buildSec}) | CPU s | build ms / 1k pages | RSS MB (≤ ${SCALE_TARGETS.rssMb}) | RSS KB / page | search p50 ms | search p99 ms (≤ ${SCALE_TARGETS.searchP99Ms}) |`,
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.pages} | ${row.lazy ? 'lazy' : 'eager'} | ${row.workers} | ${cell(row.buildSec, 2, SCALE_TARGETS.buildSec)} | ${cell(row.cpuSec, 2)} | ` +
        `${cell((row.buildSec * 1000 * 1000) / row.pages, 0)} | ${cell(row.rssMb, 0, SCALE_TARGETS.rssMb)} | ${cell((row.rssMb * 1000) / row.pages, 2)} | ` +
        `${cell(row.searchP50Ms, 3)} | ${cell(row.searchP99Ms, 3, SCALE_TARGETS.searchP99Ms)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Runs the scale bench and prints its table.
 * @param sizes page counts to measure
 * @param keepSites leave the generated sites in the temp folder for the next run (else they are removed, even on failure)
 */
export async function runScale(sizes: readonly number[] = SCALE_SIZES, { keepSites = false } = {}): Promise<void> {
  const sitesDir = keepSites ? KEPT_SITES_DIR : mkdtempSync(path.join(os.tmpdir(), 'sitegate-scale-'));
  process.stderr.write(
    `bench: generated sites go to ${sitesDir}${keepSites ? ' and stay there (--keep-sites)' : ', removed at the end'}\n`,
  );
  try {
    await measureSizes(sitesDir, sizes);
  } finally {
    if (!keepSites) {
      rmSync(sitesDir, { recursive: true, force: true });
      process.stderr.write(`bench: removed ${sitesDir}\n`);
    }
  }
}

async function measureSizes(sitesDir: string, sizes: readonly number[]): Promise<void> {
  const cpus = os.cpus();
  const queries = scaleQueries();
  process.stdout.write(
    `# sitegate scale bench\n\nnode ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; synthetic sites (bench/generate-site.ts, v${GENERATOR_VERSION}); ` +
      `build = loadSnapshot() in a fresh process; ${queries.length} queries (1–2 words, a third ending in a prefix) × ${ROUNDS}, limit 20\n\n`,
  );
  const rows: ScaleRow[] = [];
  const serveRows: ServeRow[] = [];
  const editRows: EditRow[] = [];
  for (const pages of sizes) {
    const dir = siteOf(sitesDir, pages);
    const row = await measure(dir, queries);
    process.stderr.write(
      `bench: ${pages} pages: ${row.buildSec.toFixed(2)} s, ${row.rssMb.toFixed(0)} MB, p99 ${row.searchP99Ms.toFixed(2)} ms\n`,
    );
    rows.push(row);
    const served = await measureServe(dir, row.pages);
    process.stderr.write(
      `bench: ${pages} pages, serve: first answer ${served.firstAnswerSec.toFixed(2)} s, ${served.rssMb.toFixed(0)} MB (peak ${served.peakMb.toFixed(0)} MB)\n`,
    );
    serveRows.push(served);
    const edits = await measureEdits(dir, row.pages);
    for (const edit of edits)
      process.stderr.write(
        `bench: ${pages} pages, ${edit.change}: live in ${Math.max(edit.htmlMs, edit.markdownMs, edit.searchMs).toFixed(0)} ms, max latency ${edit.maxMs.toFixed(1)} ms\n`,
      );
    editRows.push(...edits);
  }
  process.stdout.write(`${scaleTable(rows)}\n`);
  process.stdout.write(
    `\n## serve\n\n\`node bin/sitegate.js serve SITE --port P --data-dir TMP\` in a fresh process: seconds from spawn to the first 200 of \`/\` and of one page; ` +
      `CPU s of the process until then; VmRSS ${SETTLE_MS / 1000} s after them, and VmHWM (peak) then; targets of issue 34 at 100k pages\n\n${serveTable(serveRows)}\n`,
  );
  process.stdout.write(
    `\n## edits\n\n\`serve --watch\` on a copy of the site, a closed loop of requests (a page, its .md, a search) throughout; per change, ms from the write ` +
      `until the HTML, the .md and search show it; the loop's latency meanwhile; VmRSS at rest before it and VmHWM from the write on; targets of issue 34 at 100k pages\n\n${editTable(editRows)}\n`,
  );
}
