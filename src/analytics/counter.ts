/**
 * The in-memory side of analytics: requests counted per minute in maps (a request costs one map
 * increment), bounded, and turned into minute, hour and day rows for the store when flushed.
 */
import { bucketStart, GRANULARITIES } from './buckets.js';
import type { AnalyticsCount, ZeroResultCount } from '../store/store.js';

/** What one request is counted by. */
export interface CountedRequest {
  path: string;
  format: string;
  status: number;
  category: string;
  agent: string;
  clientId: string | undefined;
}

/** Distinct kinds of requests kept per minute; past it, a new path counts as {@link OTHER}. */
export const MAX_KEYS_PER_MINUTE = 5_000;
/** Further kinds kept under the path {@link OTHER}; past them, a request counts in one row of {@link OTHER} everything. */
export const MAX_OTHER_KEYS_PER_MINUTE = 1_000;
/** Distinct zero-result queries kept per hour; past it, a new one counts as {@link OTHER}. */
export const MAX_QUERIES_PER_HOUR = 1_000;
/** Path characters kept: longer paths are cut (request targets may be up to the URL limit). */
export const PATH_MAX_CHARS = 512;
/** Query characters kept. */
export const QUERY_MAX_CHARS = 200;
/** The path, agent or query of what went past a bound. */
export const OTHER = '(other)';

const SEPARATOR = '\u0000';
const OVERFLOW_KEY = [OTHER, 'other', '0', 'unknown', OTHER, ''].join(SEPARATOR);

/** Counts of one minute, by key (the fields of {@link CountedRequest} joined by NUL). */
type Minute = Map<string, number>;

/** Requests and zero-result searches counted since the last {@link AnalyticsCounter.drain}. */
export interface AnalyticsCounter {
  /** Counts one request at `atMs` (ms since the epoch). */
  count(request: CountedRequest, atMs: number): void;
  /** Counts one full-text search that found nothing; `query` is already normalized. */
  countZeroResult(query: string, atMs: number): void;
  /**
   * Takes what was counted and empties the counter.
   * @returns store rows: each minute's counts as minute, hour and day rows (keys distinct), and the zero-result rows
   */
  drain(): { counts: AnalyticsCount[]; zeroResults: ZeroResultCount[] };
}

/** The key of a request in a minute's map, with the bounds applied. */
function keyOf(minute: Minute, request: CountedRequest): string {
  const path = request.path.length > PATH_MAX_CHARS ? request.path.slice(0, PATH_MAX_CHARS) : request.path;
  const rest = `${SEPARATOR}${request.format}${SEPARATOR}${request.status}${SEPARATOR}${request.category}${SEPARATOR}${request.agent}${SEPARATOR}${request.clientId ?? ''}`;
  const key = path + rest;
  if (minute.size < MAX_KEYS_PER_MINUTE || minute.has(key)) return key;
  const other = OTHER + rest;
  if (minute.size < MAX_KEYS_PER_MINUTE + MAX_OTHER_KEYS_PER_MINUTE || minute.has(other)) return other;
  return OVERFLOW_KEY;
}

/** Makes an empty counter. */
export function createAnalyticsCounter(): AnalyticsCounter {
  let minutes = new Map<number, Minute>();
  let queries = new Map<number, Map<string, number>>();
  return {
    count(request, atMs) {
      const start = bucketStart('minute', atMs);
      let minute = minutes.get(start);
      if (minute === undefined) minutes.set(start, (minute = new Map<string, number>()));
      const key = keyOf(minute, request);
      minute.set(key, (minute.get(key) ?? 0) + 1);
    },
    countZeroResult(query, atMs) {
      const start = bucketStart('hour', atMs);
      let hour = queries.get(start);
      if (hour === undefined) queries.set(start, (hour = new Map<string, number>()));
      const text = query.slice(0, QUERY_MAX_CHARS);
      const key = hour.size < MAX_QUERIES_PER_HOUR || hour.has(text) ? text : OTHER;
      hour.set(key, (hour.get(key) ?? 0) + 1);
    },
    drain() {
      const taken = minutes;
      const takenQueries = queries;
      minutes = new Map();
      queries = new Map();
      return { counts: rowsOf(taken), zeroResults: zeroRowsOf(takenQueries) };
    },
  };
}

/** Each minute's counts added to its minute, hour and day rows. */
function rowsOf(minutes: ReadonlyMap<number, Minute>): AnalyticsCount[] {
  const rows = new Map<string, AnalyticsCount>();
  for (const [minuteStart, counts] of minutes)
    for (const [key, count] of counts)
      for (const granularity of GRANULARITIES) {
        const start = bucketStart(granularity, minuteStart);
        const rowKey = `${granularity}${SEPARATOR}${start}${SEPARATOR}${key}`;
        const row = rows.get(rowKey);
        if (row !== undefined) {
          row.count += count;
          continue;
        }
        const [path = '', format = '', status = '0', category = '', agent = '', clientId = ''] = key.split(SEPARATOR);
        rows.set(rowKey, {
          granularity,
          bucketStart: new Date(start),
          path,
          format,
          status: Number(status),
          category,
          agent,
          clientId: clientId === '' ? null : clientId,
          count,
        });
      }
  return [...rows.values()];
}

function zeroRowsOf(hours: ReadonlyMap<number, Map<string, number>>): ZeroResultCount[] {
  const rows: ZeroResultCount[] = [];
  for (const [start, counts] of hours) for (const [query, count] of counts) rows.push({ bucketStart: new Date(start), query, count });
  return rows;
}
