/**
 * `sitegate stats [--since 7d] [--json] [--html FILE]`: what agents, browsers and API clients did
 * on the site, from the analytics counters in the store (analytics/). It opens the store the way
 * `keys` does (the server's data folder, never a new one).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildReport, reportWindow, type StatsReport } from '../analytics/report.js';
import { renderHtmlReport } from '../analytics/html-report.js';
import { MAX_KEYS_PER_FLUSH, OTHER_PATH, OVERFLOW_PATH } from '../analytics/counter.js';
import { parseDuration } from './durations.js';
import { printTable, withKeys, type StoreFlags } from './keys.js';

/** Flags of `sitegate stats`. */
export interface StatsFlags extends StoreFlags {
  /** How far back, e.g. `7d` (default {@link DEFAULT_SINCE}). */
  since?: string;
  json?: boolean;
  /** File to write the HTML report to. */
  html?: string;
}

/** The window when `--since` is not given. */
export const DEFAULT_SINCE = '7d';

/**
 * Prints the report: tables, or one JSON object with `--json`; with `--html FILE`, also writes
 * the self-contained HTML report there.
 * @throws {UsageError} for a bad `--since` or a missing data folder
 */
export async function statsCommand(flags: StatsFlags, now: () => Date = () => new Date()): Promise<void> {
  const windowMs = parseDuration('--since', flags.since ?? DEFAULT_SINCE);
  const report = await withKeys(flags, async (_keys, store, config) => {
    const nowMs = now().getTime();
    const window = reportWindow(nowMs, windowMs, config.analyticsRetentionDays);
    const since = new Date(window.sinceMs);
    const [rows, zeroResults, keys] = await Promise.all([
      store.listAnalytics(window.granularity, since),
      store.listZeroResults(since),
      store.listKeys(),
    ]);
    return buildReport(rows, zeroResults, new Map(keys.map((key) => [key.id, key.name])), { ...window, nowMs });
  });
  if (flags.html !== undefined) {
    const file = path.resolve(flags.html);
    writeFileSync(file, renderHtmlReport(report));
    process.stderr.write(`sitegate: wrote the HTML report to ${file}\n`);
  }
  if (flags.json === true) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else printReport(report);
}

const print = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

const formats = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([format, n]) => `${format} ${n}`)
    .join(', ');

/** The report as tables, one per section, each under a heading line. */
function printReport(report: StatsReport): void {
  print(`${report.requests} requests from ${report.since} to ${report.until} (${report.granularity} counts)`);
  const section = (title: string, head: string[], rows: string[][]): void => {
    print('');
    print(title);
    if (rows.length === 0) print('  (none)');
    else printTable([head, ...rows]);
  };
  section(
    'Agents',
    ['AGENT', 'CATEGORY', 'REQUESTS', 'FORMATS'],
    report.agents.map((a) => [a.agent, a.category, String(a.requests), formats(a.formats)]),
  );
  const shown = [...new Set(report.agents.slice(0, 5).map((a) => a.agent))];
  section(
    `Agents over time (per ${report.series})`,
    ['START', ...shown.map((agent) => agent.toUpperCase()), 'OTHERS'],
    report.agentsOverTime
      .filter((point) => Object.keys(point.agents).length > 0)
      .map((point) => {
        const values = shown.map((agent) => point.agents[agent] ?? 0);
        const total = Object.values(point.agents).reduce((sum, n) => sum + n, 0);
        return [point.start, ...values.map(String), String(total - values.reduce((sum, n) => sum + n, 0))];
      }),
  );
  section(
    'Top pages by agent',
    ['PAGE', 'REQUESTS', 'AGENTS'],
    report.topPages.map((page) => [page.path, String(page.requests), formats(page.agents)]),
  );
  section(
    'Markdown share of pages read',
    ['CATEGORY', 'HTML', 'MARKDOWN', 'SHARE'],
    report.markdownShare.map((s) => [s.category, String(s.html), String(s.markdown), `${(s.share * 100).toFixed(1)}%`]),
  );
  section(
    'Searches that found nothing',
    ['QUERY', 'SEARCHES'],
    report.zeroResultQueries.map((q) => [q.query, String(q.count)]),
  );
  section(
    'API keys',
    ['CLIENT_ID', 'NAME', 'REQUESTS', 'FORMATS'],
    report.keys.map((k) => [k.client_id, k.name ?? '-', String(k.requests), formats(k.formats)]),
  );
  section(
    'Statuses',
    ['STATUS', 'REQUESTS'],
    report.statuses.map((s) => [String(s.status), String(s.requests)]),
  );
  section(
    `Outside the site (no page, asset or route: counted as ${OTHER_PATH})`,
    ['STATUS', 'REQUESTS'],
    report.outsideSite.map((s) => [String(s.status), String(s.requests)]),
  );
  if (report.overflowRequests > 0)
    print(`\n${report.overflowRequests} requests past the per-flush cap of ${MAX_KEYS_PER_FLUSH} kinds, counted as ${OVERFLOW_PATH}`);
}
