/**
 * `sitegate stats`: the report made from the store's analytics rows (pure: rows in, report out).
 * Every list is sorted (count descending, then name), so the JSON is stable for scripts and tests.
 */
import { BUCKET_MS, bucketStart, granularityFor, GRANULARITIES, type Granularity } from './buckets.js';
import type { AnalyticsCount, ZeroResultCount } from '../store/store.js';
import { OTHER_PATH, OVERFLOW_PATH } from './counter.js';

/** Requests by format (http/observe.ts `format`), only formats seen. */
export type FormatCounts = Record<string, number>;

/** The report `sitegate stats --json` prints. */
export interface StatsReport {
  /** Start of the window: `--since` before `until`, down to the start of its bucket (ISO-8601 UTC). */
  since: string;
  until: string;
  /** The rows the report reads: minute, hour or day. */
  granularity: Granularity;
  /** Size of each point of `agentsOverTime`. */
  series: Granularity;
  requests: number;
  categories: { category: string; requests: number }[];
  agents: { category: string; agent: string; requests: number; formats: FormatCounts }[];
  /** Requests per point and agent, every point of the window (zeros included). */
  agentsOverTime: { start: string; agents: Record<string, number> }[];
  /** Paths most read as pages (HTML or markdown, status below 400), with their readers. */
  topPages: { path: string; requests: number; agents: Record<string, number> }[];
  /** Of the pages read (HTML or markdown, status below 400), how many as markdown, per category and in all. */
  markdownShare: { category: string; html: number; markdown: number; share: number }[];
  statuses: { status: number; requests: number }[];
  /**
   * Requests for no page, asset or route of the site (stored under the path `(other)`: made-up
   * URLs, probes, missing pages, the internal zone asked without a credential), by status. Their
   * agents and formats are counted in `agents`, their statuses in `statuses`.
   */
  outsideSite: { status: number; requests: number }[];
  /**
   * Requests counted past the distinct-key cap of a flush (analytics/counter.ts
   * `MAX_KEYS_PER_FLUSH`; stored under the path and agent `(overflow)`): in every total and status,
   * their agent, format and page merged. 0 unless one flush saw thousands of kinds of requests.
   */
  overflowRequests: number;
  zeroResultQueries: { query: string; count: number }[];
  /** Requests made with an accepted credential, per client_id (`name` from the store, null when the key is gone). */
  keys: { client_id: string; name: string | null; requests: number; formats: FormatCounts }[];
}

/** Rows shown in the top lists. */
export const TOP_PAGES = 20;
export const TOP_QUERIES = 50;

/**
 * Which rows a report over `windowMs` before `nowMs` reads, and from when.
 * @param retentionDays `analytics.retentionDays`: what the store still holds
 */
export function reportWindow(nowMs: number, windowMs: number, retentionDays: number): { granularity: Granularity; sinceMs: number } {
  const granularity = granularityFor(windowMs, retentionDays);
  return { granularity, sinceMs: bucketStart(granularity, nowMs - windowMs) };
}

/** Points of the over-time series: a few dozen whatever the window. */
function seriesOf(granularity: Granularity, windowMs: number): Granularity {
  const wanted: Granularity = windowMs <= 3 * BUCKET_MS.hour ? 'minute' : windowMs <= 3 * BUCKET_MS.day ? 'hour' : 'day';
  return GRANULARITIES.indexOf(wanted) > GRANULARITIES.indexOf(granularity) ? wanted : granularity;
}

const add = (record: Record<string, number>, key: string, n: number): void => {
  record[key] = (record[key] ?? 0) + n;
};
/** Count descending, then name ascending. */
const byCount =
  <T>(count: (item: T) => number, name: (item: T) => string) =>
  (a: T, b: T) =>
    count(b) - count(a) || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);
const sortedRecord = (record: Record<string, number>): Record<string, number> =>
  Object.fromEntries(
    Object.entries(record).sort(
      byCount(
        ([, n]) => n,
        ([k]) => k,
      ),
    ),
  );
/** A page read: HTML or markdown, below 400, at a path of the site (never `(other)` or `(overflow)`). */
const isPageView = (row: AnalyticsCount): boolean =>
  (row.format === 'html' || row.format === 'markdown') && row.status < 400 && row.path !== OTHER_PATH && row.path !== OVERFLOW_PATH;

/**
 * Builds the report.
 * @param rows the counter rows of `window.granularity` from `window.sinceMs` on (store `listAnalytics`)
 * @param zeroResults the zero-result rows from the same instant on (store `listZeroResults`)
 * @param keyNames names of the store's keys by client_id
 */
export function buildReport(
  rows: readonly AnalyticsCount[],
  zeroResults: readonly ZeroResultCount[],
  keyNames: ReadonlyMap<string, string>,
  window: { granularity: Granularity; sinceMs: number; nowMs: number },
): StatsReport {
  const series = seriesOf(window.granularity, window.nowMs - window.sinceMs);
  const categories: Record<string, number> = {};
  const agents = new Map<string, StatsReport['agents'][number]>();
  const points = new Map<number, Record<string, number>>();
  for (let start = bucketStart(series, window.sinceMs); start <= window.nowMs; start += BUCKET_MS[series]) points.set(start, {});
  const pages = new Map<string, StatsReport['topPages'][number]>();
  const share = new Map<string, { html: number; markdown: number }>();
  const statuses: Record<string, number> = {};
  const outside: Record<string, number> = {};
  let overflowRequests = 0;
  const keys = new Map<string, StatsReport['keys'][number]>();
  let requests = 0;
  for (const row of rows) {
    requests += row.count;
    add(categories, row.category, row.count);
    add(statuses, String(row.status), row.count);
    if (row.path === OTHER_PATH) add(outside, String(row.status), row.count);
    else if (row.path === OVERFLOW_PATH) overflowRequests += row.count;
    const agentKey = `${row.category}\u0000${row.agent}`;
    let agent = agents.get(agentKey);
    if (agent === undefined) agents.set(agentKey, (agent = { category: row.category, agent: row.agent, requests: 0, formats: {} }));
    agent.requests += row.count;
    add(agent.formats, row.format, row.count);
    const point = points.get(bucketStart(series, row.bucketStart.getTime()));
    if (point !== undefined) add(point, row.agent, row.count);
    if (isPageView(row)) {
      let page = pages.get(row.path);
      if (page === undefined) pages.set(row.path, (page = { path: row.path, requests: 0, agents: {} }));
      page.requests += row.count;
      add(page.agents, row.agent, row.count);
      for (const category of [row.category, 'all']) {
        let counts = share.get(category);
        if (counts === undefined) share.set(category, (counts = { html: 0, markdown: 0 }));
        counts[row.format as 'html' | 'markdown'] += row.count;
      }
    }
    if (row.clientId !== null) {
      let key = keys.get(row.clientId);
      if (key === undefined)
        keys.set(row.clientId, (key = { client_id: row.clientId, name: keyNames.get(row.clientId) ?? null, requests: 0, formats: {} }));
      key.requests += row.count;
      add(key.formats, row.format, row.count);
    }
  }
  const queries: Record<string, number> = {};
  for (const row of zeroResults) add(queries, row.query, row.count);
  return {
    since: new Date(window.sinceMs).toISOString(),
    until: new Date(window.nowMs).toISOString(),
    granularity: window.granularity,
    series,
    requests,
    categories: Object.entries(categories)
      .map(([category, n]) => ({ category, requests: n }))
      .sort(
        byCount(
          (c) => c.requests,
          (c) => c.category,
        ),
      ),
    agents: [...agents.values()]
      .map((agent) => ({ ...agent, formats: sortedRecord(agent.formats) }))
      .sort(
        byCount(
          (a) => a.requests,
          (a) => `${a.agent}\u0000${a.category}`,
        ),
      ),
    agentsOverTime: [...points].map(([start, counts]) => ({ start: new Date(start).toISOString(), agents: sortedRecord(counts) })),
    topPages: [...pages.values()]
      .sort(
        byCount(
          (p) => p.requests,
          (p) => p.path,
        ),
      )
      .slice(0, TOP_PAGES)
      .map((page) => ({ ...page, agents: sortedRecord(page.agents) })),
    markdownShare: [...share]
      .map(([category, counts]) => ({ category, ...counts, share: round(counts.markdown / (counts.html + counts.markdown)) }))
      .sort(
        byCount(
          (s) => (s.category === 'all' ? Infinity : s.html + s.markdown),
          (s) => s.category,
        ),
      ),
    statuses: byStatus(statuses),
    outsideSite: byStatus(outside),
    overflowRequests,
    zeroResultQueries: Object.entries(queries)
      .map(([query, count]) => ({ query, count }))
      .sort(
        byCount(
          (q) => q.count,
          (q) => q.query,
        ),
      )
      .slice(0, TOP_QUERIES),
    keys: [...keys.values()]
      .map((key) => ({ ...key, formats: sortedRecord(key.formats) }))
      .sort(
        byCount(
          (k) => k.requests,
          (k) => k.client_id,
        ),
      ),
  };
}

/** Counts by status, most first, then by status code. */
function byStatus(counts: Record<string, number>): { status: number; requests: number }[] {
  return Object.entries(counts)
    .map(([status, n]) => ({ status: Number(status), requests: n }))
    .sort(
      byCount(
        (s) => s.requests,
        (s) => String(s.status).padStart(4, '0'),
      ),
    );
}

/** A share to three decimals (0.667). */
function round(share: number): number {
  return Math.round(share * 1000) / 1000;
}
