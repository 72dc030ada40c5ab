/**
 * sitegate's Prometheus metrics (prom-client): one registry per server, never prom-client's
 * global one, so two servers in one process (tests) count apart. Names follow the Prometheus
 * naming conventions (https://prometheus.io/docs/practices/naming/): the `sitegate_` prefix,
 * base units (seconds), `_total` on counters. The process and Node.js series of
 * `collectDefaultMetrics` keep their standard names (`process_*`, `nodejs_*`), which dashboards expect.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RequestObserver } from '../http/observe.js';

/** Caches whose hits and misses are counted: the accepted-credential cache and conditional requests (304). */
export type CacheName = 'credential' | 'conditional';

/** Latency buckets of requests and calls to the store and Redis (seconds): 0.5 ms to 5 s. */
const LATENCY_BUCKETS_SEC = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Buckets of snapshot builds (seconds): 10 ms to 5 minutes. */
const BUILD_BUCKETS_SEC = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** The recording side of the metrics, as the server's parts call it; every method is cheap and never throws. */
export interface Metrics {
  /** The registry to scrape (`metrics()` gives the text format, `contentType` its media type). */
  readonly registry: Registry;
  /** Counts an answered request and its duration (the request hook, http/observe.ts). */
  readonly observeRequest: RequestObserver;
  /** Records a snapshot build: its duration (seconds) and the pages and static files it serves. */
  snapshotBuilt(seconds: number, pages: number, staticFiles: number): void;
  /** Counts a cache lookup. */
  cacheLookup(cache: CacheName, hit: boolean): void;
  /** Counts a request refused by a rate limit (auth/rate-limits.ts names). */
  rateLimited(limit: string): void;
  /** Records one store call (store/store.ts method name), its duration and whether it failed. */
  storeCall(operation: string, seconds: number, failed: boolean): void;
  /** Records one Redis round trip of the rate limiter (`consume` or `get`), its duration and whether it failed. */
  redisCall(operation: string, seconds: number, failed: boolean): void;
}

/**
 * Builds the registry and its series, with the default process metrics.
 * @returns the metrics of one server
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const labelled = <L extends string>(name: string, help: string, label: L): Counter<L> =>
    new Counter({ name, help, labelNames: [label] as const, registers });
  const requests = new Counter({
    name: 'sitegate_http_requests_total',
    help: 'HTTP requests answered, by route (operation id) and status code.',
    labelNames: ['route', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'sitegate_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer written, by route.',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS_SEC,
    registers,
  });
  const buildSeconds = new Histogram({
    name: 'sitegate_snapshot_build_duration_seconds',
    help: 'Duration of snapshot builds (the first one and each reload).',
    buckets: BUILD_BUCKETS_SEC,
    registers,
  });
  const pages = new Gauge({ name: 'sitegate_snapshot_pages', help: 'Pages in the snapshot being served.', registers });
  const staticFiles = new Gauge({ name: 'sitegate_snapshot_static_files', help: 'Static files in the snapshot being served.', registers });
  const cacheHits = labelled('sitegate_cache_hits_total', 'Cache lookups that hit, by cache.', 'cache');
  const cacheMisses = labelled('sitegate_cache_misses_total', 'Cache lookups that missed, by cache.', 'cache');
  const rateLimited = labelled('sitegate_rate_limit_rejections_total', 'Requests refused by a rate limit, by limit name.', 'limit');
  // Zero series exist from the start, so rate() and ratios work before the first event.
  for (const cache of ['credential', 'conditional'] as const) {
    cacheHits.inc({ cache }, 0);
    cacheMisses.inc({ cache }, 0);
  }
  const storeCall = callRecorder(
    registers,
    ['sitegate_store_operation_duration_seconds', 'Duration of store calls (SQLite or PostgreSQL), by operation.'],
    ['sitegate_store_errors_total', 'Store calls that failed, by operation.'],
  );
  const redisCall = callRecorder(
    registers,
    ['sitegate_redis_command_duration_seconds', 'Duration of the rate limiter’s Redis round trips, by operation.'],
    ['sitegate_redis_errors_total', 'Redis round trips that failed (the local counter answered instead), by operation.'],
  );

  return {
    registry,
    observeRequest: function observeRequest(request) {
      requests.inc({ route: request.route, status: String(request.status) });
      requestSeconds.observe({ route: request.route }, request.seconds);
    },
    snapshotBuilt(seconds, pageCount, staticFileCount) {
      buildSeconds.observe(seconds);
      pages.set(pageCount);
      staticFiles.set(staticFileCount);
    },
    cacheLookup(cache, hit) {
      (hit ? cacheHits : cacheMisses).inc({ cache });
    },
    rateLimited(limit) {
      rateLimited.inc({ limit });
    },
    storeCall,
    redisCall,
  };
}

/**
 * The recorder of one backend's calls (the store, Redis): a latency histogram (seconds) and a counter of the
 * calls that failed, both labelled by `operation`.
 * @param seconds the histogram's name and help
 * @param errors the counter's name and help
 * @returns `(operation, seconds, failed)`: observes the duration, and counts the call when it failed
 */
function callRecorder(
  registers: Registry[],
  seconds: readonly [name: string, help: string],
  errors: readonly [name: string, help: string],
): Metrics['storeCall'] {
  const labelNames = ['operation'] as const;
  const duration = new Histogram({ name: seconds[0], help: seconds[1], labelNames, buckets: LATENCY_BUCKETS_SEC, registers });
  const failures = new Counter({ name: errors[0], help: errors[1], labelNames, registers });
  return (operation, elapsed, failed) => {
    duration.observe({ operation }, elapsed);
    if (failed) failures.inc({ operation });
  };
}

/** The request hook and the conditional-request counter that feed `metrics`, as buildApp (http/app.ts) takes them. */
export function listenerHooks(metrics: Metrics): { observers: readonly RequestObserver[]; onConditional: (hit: boolean) => void } {
  return { observers: [metrics.observeRequest], onConditional: (hit) => metrics.cacheLookup('conditional', hit) };
}
