/**
 * The part of autocannon 8's API the benchmark uses. autocannon ships no types and
 * `@types/autocannon` lags behind version 8, so the few fields read here are declared by hand.
 */
declare module 'autocannon' {
  /** Options of one run (autocannon README, "API"). */
  interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
    headers?: Record<string, string>;
    body?: string | Buffer;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Requests to send in all, instead of a duration. */
    amount?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    /** Milliseconds between samples; a run ends at the first sample after `duration`. */
    sampleInt?: number;
    /** Requests each connection sends in turn, round and round, instead of the single request above. */
    requests?: RequestSpec[];
    /** Requests per second over all connections; unlimited when absent. */
    overallRate?: number;
  }

  /** One entry of `requests` (autocannon README, "Customizing sent requests"). */
  interface RequestSpec {
    method?: 'GET' | 'POST' | 'HEAD';
    /** Path and query, e.g. `/api/search.json?q=x`. */
    path: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each sending of this request: the request to send instead (a fresh body). */
    setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec;
    /** Called with each response to this request. */
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  /** Summary of an HDR histogram; latency values are milliseconds. */
  interface Histogram {
    average: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  /** The aggregated result of one run. */
  interface Result {
    /** Seconds actually run. */
    duration: number;
    errors: number;
    timeouts: number;
    resets: number;
    mismatches: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number } | undefined>;
    latency: Histogram;
    /** `total` is the number of completed requests. */
    requests: Histogram & { sent: number };
    /** Bytes per second; `total` is all response bytes. */
    throughput: Histogram;
  }

  /** Runs a load test; resolves with the aggregated result when it ends. */
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
  export type { Options, Result, Histogram, RequestSpec };
}
