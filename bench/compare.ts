/**
 * Measures one scenario on sitegate and on its baseline. After a warm-up of each, the measured
 * time is cut into rounds (`--rounds`, or the row's own); each round runs both servers back to
 * back, in alternating order, so a burst of other work on the machine hits both sides of a round alike. The ratio is the median of
 * the per-round ratios; rates and p99 are medians over rounds.
 */
import { measure, type LoadOptions, type LoadRequest, type Sample } from './load.js';
import { baselineOf, type PreparedScenario } from './prepare.js';
import type { ServerProcess } from './children.js';
import type { BaselineKind } from './scenarios.js';

/** How to run one comparison. */
export interface CompareOptions extends LoadOptions {
  /** Measured seconds per server, split evenly over `rounds`. */
  durationSec: number;
  rounds: number;
  /** Unmeasured seconds per server before the first round. */
  warmupSec: number;
}

/** One server's side of a comparison. */
export interface Side {
  /** Median over rounds. */
  requestsPerSec: number;
  /** Median over rounds, ms. */
  p99Ms: number;
  bytesPerResponse: number;
  /** Server CPU time per request, µs (a rate that other load on the machine disturbs less). */
  serverCpuUsPerRequest: number | undefined;
  /** Server CPU over wall time, percent of one core. */
  serverCpuPct: number | undefined;
  /** Load generator CPU over wall time, percent of one core. */
  loaderCpuPct: number;
  /** CPU used by everything else on the machine over wall time, percent of one core (approximate). */
  otherCpuPct: number | undefined;
}

/** The comparison of one scenario. */
export interface ScenarioResult {
  prepared: PreparedScenario;
  sitegate: Side;
  /** The row's baseline side (raw `node:http` unless the scenario names another: see {@link baselineOf}). */
  baseline: Side;
  /** Median over rounds of sitegate req/s ÷ baseline req/s. */
  ratio: number;
  /** Each round's sitegate req/s ÷ baseline req/s, in round order: the spread {@link ratio} is the median of. */
  roundRatios: number[];
  /**
   * Median over rounds of sitegate's server CPU µs per request minus the baseline's in the same
   * round (undefined off Linux): what sitegate costs more per request, less disturbed by a burst
   * of other work than totals over all rounds.
   */
  extraCpuUsPerRequest: number | undefined;
}

/** The servers of a bench run: sitegate and one server per kind of baseline the scenarios use. */
export interface Servers {
  sitegate: ServerProcess;
  baselines: Partial<Record<BaselineKind, ServerProcess>>;
  /**
   * The sitegate measured, in the rows of a baseline, instead of {@link Servers.sitegate}: for
   * `sitegate, analytics off`, its twin with analytics on, started alike at the same moment.
   */
  contenders?: Partial<Record<BaselineKind, ServerProcess>>;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function sum(values: readonly (number | undefined)[]): number | undefined {
  let total = 0;
  for (const value of values) {
    if (value === undefined) return undefined;
    total += value;
  }
  return total;
}

function summarise(samples: readonly Sample[]): Side {
  const wallSec = samples.reduce((total, s) => total + s.wallSec, 0);
  const requests = samples.reduce((total, s) => total + s.requests, 0);
  const serverCpuSec = sum(samples.map((s) => s.serverCpuSec));
  const machineCpuSec = sum(samples.map((s) => s.machineCpuSec));
  const loaderCpuSec = samples.reduce((total, s) => total + s.loaderCpuSec, 0);
  const otherCpuSec = machineCpuSec === undefined || serverCpuSec === undefined ? undefined : machineCpuSec - serverCpuSec - loaderCpuSec;
  const percent = (cpuSec: number | undefined): number | undefined => (cpuSec === undefined ? undefined : (cpuSec / wallSec) * 100);
  return {
    requestsPerSec: median(samples.map((s) => s.requests / s.wallSec)),
    p99Ms: median(samples.map((s) => s.p99Ms)),
    bytesPerResponse: samples.reduce((total, s) => total + s.bytes, 0) / requests,
    serverCpuUsPerRequest: serverCpuSec === undefined ? undefined : (serverCpuSec / requests) * 1e6,
    serverCpuPct: percent(serverCpuSec),
    loaderCpuPct: percent(loaderCpuSec) ?? 0,
    otherCpuPct: otherCpuSec === undefined ? undefined : Math.max(0, percent(otherCpuSec) ?? 0),
  };
}

function loadRequest(prepared: PreparedScenario, server: ServerProcess, isBaseline: boolean): LoadRequest {
  const { scenario } = prepared;
  const { headers, body } = isBaseline ? prepared.baselineRequest : prepared.request;
  return {
    method: scenario.method ?? 'GET',
    url: server.baseUrl + scenario.path,
    headers,
    ...(body === undefined ? {} : { body }),
    expectedStatus: scenario.expectedStatus,
  };
}

/**
 * Warms up and measures both servers on one scenario.
 * @throws when any response fails or has an unexpected status (see load.ts)
 */
export async function compareScenario(prepared: PreparedScenario, servers: Servers, options: CompareOptions): Promise<ScenarioResult> {
  const kind = baselineOf(prepared);
  const baseline = servers.baselines[kind];
  if (baseline === undefined) throw new Error(`${prepared.scenario.name}: the ${kind} baseline is not running`);
  const sitegate = servers.contenders?.[kind] ?? servers.sitegate;
  const sides = [sitegate, baseline] as const;
  const rounds = prepared.scenario.rounds ?? options.rounds;
  const sliceSec = options.durationSec / rounds;
  const run = (server: ServerProcess, durationSec: number): Promise<Sample> =>
    measure(loadRequest(prepared, server, server === baseline), options, durationSec, server.pid);

  if (options.warmupSec > 0) for (const server of sides) await run(server, options.warmupSec);
  const samples = { sitegate: [] as Sample[], baseline: [] as Sample[] };
  const ratios: number[] = [];
  const extraCpuUs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const sitegateFirst = round % 2 === 0;
    const first = await run(sitegateFirst ? sitegate : baseline, sliceSec);
    const second = await run(sitegateFirst ? baseline : sitegate, sliceSec);
    const [ours, theirs] = sitegateFirst ? [first, second] : [second, first];
    samples.sitegate.push(ours);
    samples.baseline.push(theirs);
    ratios.push(ours.requests / ours.wallSec / (theirs.requests / theirs.wallSec));
    if (ours.serverCpuSec !== undefined && theirs.serverCpuSec !== undefined)
      extraCpuUs.push((ours.serverCpuSec / ours.requests - theirs.serverCpuSec / theirs.requests) * 1e6);
  }
  return {
    prepared,
    sitegate: summarise(samples.sitegate),
    baseline: summarise(samples.baseline),
    ratio: median(ratios),
    roundRatios: ratios,
    extraCpuUsPerRequest: extraCpuUs.length === rounds ? median(extraCpuUs) : undefined,
  };
}
