/**
 * The load generator: autocannon in this process against one server at a time, with the CPU time
 * of the server, of the generator and of the whole machine, so a reader can tell which side was
 * the bottleneck and whether other work disturbed the run.
 */
import autocannon, { type Options as AutocannonOptions, type Result } from 'autocannon';
import { machineBusySec, processCpuSec } from './cpu.js';

/** How hard to load a server. */
export interface LoadOptions {
  connections: number;
  pipelining: number;
}

/** One request, repeated. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  /** Absolute URL. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * One body per request, each sent once (the spending rows: spending.ts), instead of `body`: the
   * run then sends `bodies.length` requests less {@link bodySlack}, whatever its duration.
   */
  bodies?: readonly string[];
  /** Every response must have this status. */
  expectedStatus: number;
}

/** The outcome of one measured run. */
export interface Sample {
  /** Completed requests. */
  requests: number;
  wallSec: number;
  p99Ms: number;
  /** Response bytes, headers included. */
  bytes: number;
  /** CPU seconds used by the server; undefined where /proc is missing. */
  serverCpuSec: number | undefined;
  /** CPU seconds used by this process (the load generator). */
  loaderCpuSec: number;
  /** CPU seconds used by the whole machine, all cores; undefined where /proc is missing. */
  machineCpuSec: number | undefined;
}

/** Seconds before a request counts as timed out. */
const REQUEST_TIMEOUT_SEC = 10;
/**
 * autocannon stops a run at its next sample tick, so the tick bounds how precisely a duration is
 * kept (its 1 s default would turn a 0.4 s round into 1 s). Only totals are read, not per-tick rates.
 */
const SAMPLE_INTERVAL_MS = 100;

/** @throws when any request failed, timed out or got another status than expected */
function checkResult(result: Result, request: LoadRequest): void {
  const others = Object.entries(result.statusCodeStats)
    .filter(([status]) => Number(status) !== request.expectedStatus)
    .map(([status, stat]) => `${stat?.count ?? 0}× ${status}`);
  if (result.errors > 0 || result.timeouts > 0 || others.length > 0 || result.requests.total === 0) {
    throw new Error(
      `${request.method} ${request.url}: ${result.requests.total} responses, ${result.errors} errors, ` +
        `${result.timeouts} timeouts, unexpected statuses: ${others.join(', ') || 'none'} (expected ${request.expectedStatus})`,
    );
  }
}

/**
 * Bodies of {@link LoadRequest.bodies} beyond the requests counted: autocannon may prepare a
 * request per connection and pipeline slot past the last one it counts.
 */
export function bodySlack(options: LoadOptions): number {
  return options.connections * options.pipelining;
}

/** `bodies.length` requests less the slack, each with the next body (autocannon `setupRequest`). */
function spendingRun(request: LoadRequest, bodies: readonly string[], options: LoadOptions): Partial<AutocannonOptions> {
  let next = 0;
  const path = new URL(request.url).pathname;
  return {
    amount: bodies.length - bodySlack(options),
    requests: [
      {
        method: request.method === 'POST' ? 'POST' : 'GET',
        path,
        headers: request.headers,
        // Past the last body the request repeats it, which fails the run through its status.
        setupRequest: (spec) => ({ ...spec, body: bodies[Math.min(next++, bodies.length - 1)] }),
      },
    ],
  };
}

function run(request: LoadRequest, options: LoadOptions, durationSec: number): Promise<Result> {
  const spending = request.bodies === undefined ? { duration: durationSec } : spendingRun(request, request.bodies, options);
  return autocannon({
    url: request.url,
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    connections: options.connections,
    pipelining: options.pipelining,
    ...spending,
    timeout: REQUEST_TIMEOUT_SEC,
    sampleInt: SAMPLE_INTERVAL_MS,
  });
}

const difference = (after: number | undefined, before: number | undefined): number | undefined =>
  after === undefined || before === undefined ? undefined : after - before;

/**
 * Loads a server for `durationSec` and measures it. Used unmeasured as a warm-up too: every run
 * is checked, so a warm-up that fails stops the bench before any number is printed.
 * @param serverPid the server's process id, for its CPU time
 * @throws when any response is an error or has an unexpected status
 */
export async function measure(request: LoadRequest, options: LoadOptions, durationSec: number, serverPid: number): Promise<Sample> {
  const serverBefore = processCpuSec(serverPid);
  const machineBefore = machineBusySec();
  const loaderBefore = process.cpuUsage();
  const started = performance.now();
  const result = await run(request, options, durationSec);
  const wallSec = (performance.now() - started) / 1000;
  const loader = process.cpuUsage(loaderBefore);
  const serverCpuSec = difference(processCpuSec(serverPid), serverBefore);
  const machineCpuSec = difference(machineBusySec(), machineBefore);
  checkResult(result, request);
  return {
    requests: result.requests.total,
    wallSec: result.duration > 0 ? result.duration : wallSec,
    p99Ms: result.latency.p99,
    bytes: result.throughput.total,
    serverCpuSec,
    loaderCpuSec: (loader.user + loader.system) / 1e6,
    machineCpuSec,
  };
}
