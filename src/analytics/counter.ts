/**
 * The in-memory side of analytics: requests counted per minute in maps (a request costs a few map
 * lookups by values whose hashes V8 already holds, and no string built), bounded per flush
 * ({@link MAX_KEYS_PER_FLUSH}), and turned into minute, hour and day rows for the store when flushed.
 */
import { BUCKET_MS, bucketStart, GRANULARITIES } from './buckets.js';
import type { AnalyticsCount, ZeroResultCount } from '../store/store.js';

/** What one request is counted by. */
export interface CountedRequest {
  /** The site's path of what answered, or {@link OTHER_PATH} (analytics/recorder.ts decides). */
  path: string;
  format: string;
  status: number;
  category: string;
  agent: string;
  clientId: string | undefined;
}

/**
 * Distinct (minute, path, variant) pairs one flush holds at most (a pair becomes a minute, an hour
 * and a day row). Paths are already bounded by the site (the recorder counts by a page, asset or
 * route of the site, else {@link OTHER_PATH}); this bounds what a flush writes whatever the site's
 * size and the variety of agents and keys: 5,000 pairs are at most 15,000 rows, a few MB in SQLite.
 * Past it, a new pair counts in its minute's {@link OVERFLOW_PATH} row of its status, so no request
 * goes uncounted: its details are merged, never lost.
 */
export const MAX_KEYS_PER_FLUSH = 5_000;
/** Distinct zero-result queries kept per hour; past it, a new one counts as {@link OTHER}. */
export const MAX_QUERIES_PER_HOUR = 1_000;
/** Path characters kept: longer paths are cut (request targets may be up to the URL limit). */
export const PATH_MAX_CHARS = 512;
/** Query characters kept. */
export const QUERY_MAX_CHARS = 200;
/** The query of zero-result searches past {@link MAX_QUERIES_PER_HOUR}. */
export const OTHER = '(other)';
/**
 * The path key of requests for no page, asset or route of the site: made-up URLs, probes, 404s,
 * the internal zone asked without a credential. The recorder counts them in one row per status and
 * category (and client_id, for the operator's keys), with format {@link OTHER_FORMAT} and agent
 * {@link OTHER_AGENT}, whatever their paths and User-Agents: a flood of them adds no rows past the
 * few dozen statuses and six categories. Never a real path: those the recorder counts start with
 * `/` (or are absolute URLs, the targets of the `redirects` setting), and a parenthesis starts neither.
 */
export const OTHER_PATH = OTHER;
/** The format of {@link OTHER_PATH} rows. */
export const OTHER_FORMAT = 'other';
/** The agent of {@link OTHER_PATH} rows: their agents are merged (categories are kept). */
export const OTHER_AGENT = OTHER;
/**
 * The path key of requests past {@link MAX_KEYS_PER_FLUSH}, one row per minute and status, with
 * format `other`, category `unknown` and agent {@link OVERFLOW_AGENT}. Never a real path, as
 * {@link OTHER_PATH}.
 */
export const OVERFLOW_PATH = '(overflow)';
/** The agent of {@link OVERFLOW_PATH} rows. */
export const OVERFLOW_AGENT = '(overflow)';

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

/**
 * The fields of a request other than its path (client_id '' for none), one object per combination
 * ({@link Variants}), numbered in the order first counted since the last drain.
 */
interface Variant {
  readonly id: number;
  readonly format: string;
  readonly status: number;
  readonly category: string;
  readonly agent: string;
  readonly clientId: string;
}

/**
 * The (format, status, category, agent, client_id) combinations counted since the last drain,
 * one object each, found through one map per field: the fields are strings the server holds once
 * (route formats, the classifier's agents, cached client_ids), whose hashes V8 keeps, so finding a
 * combination costs a few map lookups and builds no key string per request.
 */
class Variants {
  #count = 0;
  readonly #tree = new Map<string, Map<number, Map<string, Map<string, Map<string, Variant>>>>>();

  /** The variant found last: consecutive requests (a crawler's, a client's) mostly share theirs. */
  #last: Variant | undefined;

  of(format: string, status: number, category: string, agent: string, clientId: string): Variant {
    const last = this.#last;
    if (
      last !== undefined &&
      last.format === format &&
      last.status === status &&
      last.category === category &&
      last.agent === agent &&
      last.clientId === clientId
    )
      return last;
    const byClient = branch(branch(branch(branch(this.#tree, format), status), category), agent);
    let variant = byClient.get(clientId);
    if (variant === undefined) byClient.set(clientId, (variant = { id: this.#count++, format, status, category, agent, clientId }));
    this.#last = variant;
    return variant;
  }
}

/** The map under `key`, made when missing. */
function branch<K, L, V>(map: Map<K, Map<L, V>>, key: K): Map<L, V> {
  let next = map.get(key);
  if (next === undefined) map.set(key, (next = new Map<L, V>()));
  return next;
}

/** Counts of one minute: by path, then by variant. */
interface Minute {
  readonly start: number;
  readonly end: number;
  readonly byPath: Map<string, Map<Variant, number>>;
}

/** Whether a minute counts the pair already. */
function holds(minute: Minute, path: string, variant: Variant): boolean {
  return minute.byPath.get(path)?.has(variant) === true;
}

/**
 * Adds one to a pair, starting it at one when new.
 * @returns whether the pair is new
 */
function bump(minute: Minute, path: string, variant: Variant): boolean {
  const counts = branch(minute.byPath, path);
  const count = counts.get(variant);
  counts.set(variant, (count ?? 0) + 1);
  return count === undefined;
}

/** Makes an empty counter. */
export function createAnalyticsCounter(): AnalyticsCounter {
  let minutes = new Map<number, Minute>();
  let variants = new Variants();
  let queries = new Map<number, Map<string, number>>();
  // Requests come in time order, so most find the minute of the one before.
  let current: Minute | undefined;
  // (minute, path, variant) pairs held since the last drain, overflow pairs aside.
  let keys = 0;
  const minuteOf = (atMs: number): Minute => {
    const start = bucketStart('minute', atMs);
    let minute = minutes.get(start);
    if (minute === undefined) minutes.set(start, (minute = { start, end: start + BUCKET_MS.minute, byPath: new Map() }));
    return minute;
  };
  return {
    count(request, atMs) {
      if (current === undefined || atMs < current.start || atMs >= current.end) current = minuteOf(atMs);
      const path = request.path.length > PATH_MAX_CHARS ? request.path.slice(0, PATH_MAX_CHARS) : request.path;
      const variant = variants.of(request.format, request.status, request.category, request.agent, request.clientId ?? '');
      if (keys < MAX_KEYS_PER_FLUSH || holds(current, path, variant)) {
        if (bump(current, path, variant)) keys++;
      } else bump(current, OVERFLOW_PATH, variants.of('other', request.status, 'unknown', OVERFLOW_AGENT, ''));
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
      variants = new Variants();
      current = undefined;
      keys = 0;
      queries = new Map();
      return { counts: rowsOf(taken), zeroResults: zeroRowsOf(takenQueries) };
    },
  };
}

/** Each minute's counts added to its minute, hour and day rows. */
function rowsOf(minutes: ReadonlyMap<number, Minute>): AnalyticsCount[] {
  const rows = new Map<string, AnalyticsCount>();
  for (const { start: minuteStart, byPath } of minutes.values())
    for (const [path, counts] of byPath)
      for (const [variant, count] of counts)
        for (const granularity of GRANULARITIES) {
          const start = bucketStart(granularity, minuteStart);
          const rowKey = `${granularity}\u0000${start}\u0000${path}\u0000${variant.id}`;
          const row = rows.get(rowKey);
          if (row !== undefined) {
            row.count += count;
            continue;
          }
          const { format, status, category, agent, clientId } = variant;
          rows.set(rowKey, {
            granularity,
            bucketStart: new Date(start),
            path,
            format,
            status,
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
