/**
 * `npm run soak`: sitegate as a child process on 127.0.0.1, loaded with a mix of every endpoint
 * (soak-mix.ts): first unthrottled for a short while to measure its capacity, then at a fraction
 * of it (80 % by default) for the soak duration (10 minutes by default), in windows (30 s by
 * default) during which the server's RSS is sampled once a second. RSS is judged as soak-rss.ts
 * describes: the first window is warm-up, start = median of the second window's samples, end =
 * median of the last window's. Prints a markdown report. Exit codes: 0 when both targets hold (no
 * failed request: no error, timeout or unexpected status; RSS at the end within 10 % of the start),
 * 1 when one fails or the run breaks, 2 on bad options.
 */
import os from 'node:os';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { installCleanup, killAll, startSitegate, stopServer } from './children.js';
import { processRssBytes } from './memory.js';
import { buildMix, checkMix, type MixEntry } from './soak-mix.js';
import { judgeRss, median, type RssVerdict } from './soak-rss.js';
import { parseSoakOptions, SOAK_USAGE, type SoakOptions } from './soak-options.js';

/** Scope of the soak's key: whoami, search and MCP search need it. */
const SOAK_SCOPE = 'search:read';
/** Seconds before a request counts as timed out. */
const REQUEST_TIMEOUT_SEC = 10;
/** Milliseconds between RSS samples during a window. */
const RSS_SAMPLE_MS = 1000;

/** Per-entry tallies of one or more runs. */
interface EntryCounts {
  responses: number;
  unexpected: Map<number, number>;
}

/** What one autocannon run over the mix gave. */
interface RunOutcome {
  requests: number;
  wallSec: number;
  errors: number;
  timeouts: number;
  unexpected: number;
  p99Ms: number;
}

/** One soak window. */
interface Window {
  outcome: RunOutcome;
  /** RSS samples taken during the window, bytes (none where /proc is missing). */
  rssSamples: number[];
}

/** Samples the RSS of `pid` every {@link RSS_SAMPLE_MS} while `work` runs, and once when it ends. */
async function sampleRssDuring<T>(pid: number, work: Promise<T>): Promise<{ result: T; samples: number[] }> {
  const samples: number[] = [];
  const sample = (): void => {
    const rss = processRssBytes(pid);
    if (rss !== undefined) samples.push(rss);
  };
  const timer = setInterval(sample, RSS_SAMPLE_MS);
  try {
    const result = await work;
    sample();
    return { result, samples };
  } finally {
    clearInterval(timer);
  }
}

/** Runs the mix once for `durationSec` (at `rate` requests per second overall, or flat out). */
async function runMix(
  baseUrl: string,
  mix: readonly MixEntry[],
  counts: Map<string, EntryCounts>,
  options: SoakOptions,
  durationSec: number,
  rate?: number,
): Promise<RunOutcome> {
  let unexpected = 0;
  const requests: RequestSpec[] = mix.map((entry) => {
    const tally = counts.get(entry.name) ?? { responses: 0, unexpected: new Map<number, number>() };
    counts.set(entry.name, tally);
    return {
      method: entry.method,
      path: entry.path,
      headers: entry.headers,
      ...(entry.body === undefined ? {} : { body: entry.body }),
      onResponse: (status: number) => {
        tally.responses++;
        if (status !== entry.expectedStatus) {
          unexpected++;
          tally.unexpected.set(status, (tally.unexpected.get(status) ?? 0) + 1);
        }
      },
    };
  });
  const result: Result = await autocannon({
    url: baseUrl,
    requests,
    connections: options.connections,
    duration: durationSec,
    timeout: REQUEST_TIMEOUT_SEC,
    sampleInt: 100,
    ...(rate === undefined ? {} : { overallRate: rate }),
  });
  return {
    requests: result.requests.total,
    wallSec: result.duration,
    errors: result.errors,
    timeouts: result.timeouts,
    unexpected,
    p99Ms: result.latency.p99,
  };
}

const mib = (bytes: number | undefined): string => (bytes === undefined ? 'n/a' : `${(bytes / 2 ** 20).toFixed(1)} MiB`);
const failedOf = (outcome: RunOutcome): number => outcome.errors + outcome.timeouts + outcome.unexpected;

function report(
  options: SoakOptions,
  capacity: RunOutcome,
  rate: number,
  windows: readonly Window[],
  rss: RssVerdict,
  counts: Map<string, EntryCounts>,
): { text: string; passed: boolean } {
  const soakRequests = windows.reduce((sum, w) => sum + w.outcome.requests, 0);
  const soakSec = windows.reduce((sum, w) => sum + w.outcome.wallSec, 0);
  const failed = windows.reduce((sum, w) => sum + failedOf(w.outcome), 0);
  const errors = windows.reduce((sum, w) => sum + w.outcome.errors, 0);
  const timeouts = windows.reduce((sum, w) => sum + w.outcome.timeouts, 0);
  const unexpected = windows.reduce((sum, w) => sum + w.outcome.unexpected, 0);
  const p99 = Math.max(...windows.map((w) => w.outcome.p99Ms));
  const lines = [
    '# sitegate soak',
    '',
    `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}; content ${options.contentDir}; ` +
      `${options.connections} connections; ${counts.size} kinds of request in turn`,
    '',
    '| phase | seconds | requests | req/s | failed | worst p99 (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| capacity (unthrottled) | ${capacity.wallSec.toFixed(0)} | ${capacity.requests} | ${(capacity.requests / capacity.wallSec).toFixed(0)} | ${failedOf(capacity)} | ${capacity.p99Ms} |`,
    `| soak at ${Math.round(options.rateFraction * 100)} % (${rate} req/s) | ${soakSec.toFixed(0)} | ${soakRequests} | ${(soakRequests / soakSec).toFixed(0)} | ${failed} | ${p99} |`,
    '',
    '| target | measured | result |',
    '| --- | --- | --- |',
    `| failed requests during the soak: 0 | ${failed} (errors ${errors}, timeouts ${timeouts}, unexpected status ${unexpected}) | ${failed === 0 ? 'PASS' : 'FAIL'} |`,
    `| server RSS flat within ${Math.round(options.rssTolerance * 100)} % | start ${mib(rss.start)}, end ${mib(rss.end)}, max ${mib(rss.max)}, change ${rss.change === undefined ? 'n/a' : `${(rss.change * 100).toFixed(1)} %`} | ${rss.ok ? 'PASS' : 'FAIL'} |`,
    '',
    `RSS sampled every ${RSS_SAMPLE_MS / 1000} s; window 1 is warm-up, start = median of window 2, end = median of the last window.`,
    '',
    '| window | end (s) | req/s | failed | p99 (ms) | RSS median | RSS min–max |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...windows.map((w, index) => {
      const endSec = windows.slice(0, index + 1).reduce((sum, x) => sum + x.outcome.wallSec, 0);
      const low = w.rssSamples.length === 0 ? undefined : Math.min(...w.rssSamples);
      const high = w.rssSamples.length === 0 ? undefined : Math.max(...w.rssSamples);
      return `| ${index + 1}${index === 0 ? ' (warm-up)' : ''} | ${endSec.toFixed(0)} | ${(w.outcome.requests / w.outcome.wallSec).toFixed(0)} | ${failedOf(w.outcome)} | ${w.outcome.p99Ms} | ${mib(median(w.rssSamples))} | ${mib(low)}–${mib(high)} |`;
    }),
    '',
    '| request | responses | unexpected statuses |',
    '| --- | ---: | --- |',
    ...[...counts].map(
      ([name, tally]) =>
        `| ${name} | ${tally.responses} | ${[...tally.unexpected].map(([status, count]) => `${count}× ${status}`).join(', ') || 'none'} |`,
    ),
    '',
  ];
  return { text: lines.join('\n'), passed: failed === 0 && rss.ok };
}

async function main(): Promise<number> {
  let options: SoakOptions | 'help';
  try {
    options = parseSoakOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`soak: ${(error as Error).message}\n\n${SOAK_USAGE}`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(SOAK_USAGE);
    return 0;
  }
  installCleanup();
  const server = await startSitegate(options.contentDir, SOAK_SCOPE);
  try {
    const mix = await buildMix(server.baseUrl, server.credential);
    await checkMix(server.baseUrl, mix);
    const counts = new Map<string, EntryCounts>();

    process.stderr.write(`soak: measuring capacity for ${options.capacitySec} s on ${server.baseUrl}\n`);
    const capacity = await runMix(server.baseUrl, mix, new Map(), options, options.capacitySec);
    const rate = Math.max(1, Math.round((capacity.requests / capacity.wallSec) * options.rateFraction));
    process.stderr.write(
      `soak: capacity ${(capacity.requests / capacity.wallSec).toFixed(0)} req/s; soaking at ${rate} req/s for ${options.durationSec} s\n`,
    );

    const windows: Window[] = [];
    const started = performance.now();
    for (;;) {
      const remainingSec = options.durationSec - (performance.now() - started) / 1000;
      if (remainingSec < 0.5) break;
      const run = runMix(server.baseUrl, mix, counts, options, Math.min(options.windowSec, remainingSec), rate);
      const { result: outcome, samples } = await sampleRssDuring(server.pid, run);
      windows.push({ outcome, rssSamples: samples });
      process.stderr.write(
        `soak: ${((performance.now() - started) / 1000).toFixed(0)} s, ${(outcome.requests / outcome.wallSec).toFixed(0)} req/s, ` +
          `failed ${failedOf(outcome)}, p99 ${outcome.p99Ms} ms, RSS median ${mib(median(samples))}\n`,
      );
    }
    const { text, passed } = report(
      options,
      capacity,
      rate,
      windows,
      judgeRss(
        windows.map((w) => w.rssSamples),
        options.rssTolerance,
      ),
      counts,
    );
    process.stdout.write(text);
    return passed ? 0 : 1;
  } finally {
    await stopServer(server);
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    killAll();
    process.exitCode = 1;
  },
);
