/**
 * Measures one scenario on sitegate and on its baseline. The measured time is cut into rounds
 * (`--rounds`, or the row's own), spread over the starts of the servers (`--starts`); in each
 * start, after a warm-up of each server, each round runs both back to back, in alternating order,
 * so a burst of other work on the machine hits both sides of a round alike. The ratio is the
 * median of the per-round ratios of all starts; rates and p99 are medians over rounds.
 */
import { bodySlack, measure, type LoadOptions, type LoadRequest, type Sample } from './load.js';
import { mintBodies } from './spending.js';
import { baselineOf, type PreparedScenario } from './prepare.js';
import type { ServerProcess } from './children.js';
import { SPENDING_REQUESTS_PER_ROUND, SPENDING_WARMUP_REQUESTS, type BaselineKind, type BesideKind } from './scenarios.js';

/** How to run one comparison. */
export interface CompareOptions extends LoadOptions {
  /** Measured seconds per server, split evenly over `rounds`. */
  durationSec: number;
  rounds: number;
  /** Times every server is started afresh; the rounds are spread over the starts. At most `rounds`. */
  starts: number;
  /** Unmeasured seconds per server and start before its first round. */
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
  /** Each round's sitegate req/s ÷ baseline req/s, in round order over the starts: the spread {@link ratio} is the median of. */
  roundRatios: number[];
  /** Starts of the servers the rounds were spread over. */
  starts: number;
  /**
   * Median over rounds of sitegate's server CPU µs per request minus the baseline's in the same
   * round (undefined off Linux): what sitegate costs more per request, less disturbed by a burst
   * of other work than totals over all rounds.
   */
  extraCpuUsPerRequest: number | undefined;
  /** The server measured beside the row (scenarios.ts `beside`): its side, or why it could not be measured. */
  beside?: BesideResult;
}

/** A server measured beside a row, in the same rounds on the same request. */
export type BesideResult =
  | {
      kind: BesideKind;
      side: Side;
      /**
       * Each round's beside server CPU µs per request ÷ sitegate's (as report.ts cpuRatioOf: below 1
       * when sitegate spends more), in round order over the starts.
       */
      roundCpuRatios: number[];
    }
  | { kind: BesideKind; failure: string };

/** The servers of a bench run: sitegate and one server per kind of baseline the scenarios use. */
export interface Servers {
  sitegate: ServerProcess;
  baselines: Partial<Record<BaselineKind, ServerProcess>>;
  /**
   * The sitegate measured, in the rows of a baseline, instead of {@link Servers.sitegate}: for
   * `sitegate, analytics off`, its twin with analytics on, started alike at the same moment; for
   * `sitegate, anonymous`, the signed-in sitegate itself (both sides are that one process).
   */
  contenders?: Partial<Record<BaselineKind, ServerProcess>>;
  /** The servers measured beside rows (scenarios.ts `beside`), or why one could not be started. */
  beside?: Partial<Record<BesideKind, ServerProcess | { failure: string }>>;
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

function loadRequest(prepared: PreparedScenario, server: ServerProcess, isBaseline: boolean, bodies?: readonly string[]): LoadRequest {
  const { scenario } = prepared;
  const { headers, body } = isBaseline ? prepared.baselineRequest : prepared.request;
  return {
    method: scenario.method ?? 'GET',
    url: server.baseUrl + scenario.path,
    headers,
    ...(bodies !== undefined ? { bodies } : body === undefined ? {} : { body }),
    expectedStatus: scenario.expectedStatus,
  };
}

/**
 * The bodies of one run of a spending row (scenarios.ts `spends`), minted now, before the run's
 * measured time: `requests` and the load generator's slack.
 */
async function spendingBodies(
  prepared: PreparedScenario,
  server: ServerProcess,
  isBaseline: boolean,
  requests: number,
  options: CompareOptions,
): Promise<string[] | undefined> {
  const kind = prepared.scenario.spends;
  if (kind === undefined) return undefined;
  const side = isBaseline ? baselineOf(prepared) : 'sitegate';
  if (side !== 'sitegate' && side !== 'oidc-provider')
    throw new Error(`${prepared.scenario.name}: spending rows compare with oidc-provider`);
  return mintBodies(side, server, kind, requests + bodySlack(options));
}

/** One start's measurement of a scenario: each round's sample of each server, in round order. */
export interface Measurement {
  sitegate: Sample[];
  baseline: Sample[];
  /** The beside server's samples (scenarios.ts `beside`), or why it could not be measured. */
  beside?: Sample[] | { failure: string };
}

/**
 * The rounds a start runs of a row's `total`: as even a share as the starts allow, the earlier
 * starts taking the remainder (10 over 3 starts: 4, 3, 3).
 * @param start 0-based
 */
export function roundsOfStart(total: number, starts: number, start: number): number {
  return Math.floor(total / starts) + (start < total % starts ? 1 : 0);
}

/**
 * Warms up and measures both servers of one start on one scenario.
 * @param rounds this start's rounds (see {@link roundsOfStart}); the measured time per round is
 *   `durationSec / ` the row's total rounds
 * @throws when any response fails or has an unexpected status (see load.ts)
 */
export async function measureScenario(
  prepared: PreparedScenario,
  servers: Servers,
  options: CompareOptions,
  rounds: number,
): Promise<Measurement> {
  const kind = baselineOf(prepared);
  const baseline = servers.baselines[kind];
  if (baseline === undefined) throw new Error(`${prepared.scenario.name}: the ${kind} baseline is not running`);
  const sitegate = servers.contenders?.[kind] ?? servers.sitegate;
  const sliceSec = options.durationSec / (prepared.scenario.rounds ?? options.rounds);
  // By side, not by process: the two sides of a `sitegate, anonymous` row are one process.
  // A spending row's run is a number of requests, each with a body minted before it.
  const run = async (isBaseline: boolean, durationSec: number, requests = SPENDING_REQUESTS_PER_ROUND): Promise<Sample> => {
    const server = isBaseline ? baseline : sitegate;
    const bodies = await spendingBodies(prepared, server, isBaseline, requests, options);
    return measure(loadRequest(prepared, server, isBaseline, bodies), options, durationSec, server.pid);
  };
  const besideKind = prepared.scenario.beside;
  const besideServer = besideKind === undefined ? undefined : servers.beside?.[besideKind];
  if (besideKind !== undefined && besideServer === undefined) throw new Error(`${prepared.scenario.name}: ${besideKind} was not started`);
  const failure = besideServer !== undefined && 'failure' in besideServer ? besideServer.failure : undefined;
  const beside = besideServer !== undefined && !('failure' in besideServer) ? besideServer : undefined;
  // The beside server gets sitegate's request (the same page, as a browser asks for it).
  const runBeside = (server: ServerProcess, durationSec: number): Promise<Sample> =>
    measure(loadRequest(prepared, server, false), options, durationSec, server.pid);
  type SideName = 'sitegate' | 'baseline' | 'beside';
  const runSide = (side: SideName, durationSec: number, requests?: number): Promise<Sample> =>
    side === 'beside' ? runBeside(beside!, durationSec) : run(side === 'baseline', durationSec, requests);

  const sides: SideName[] = beside === undefined ? ['sitegate', 'baseline'] : ['sitegate', 'baseline', 'beside'];
  const warmupSec = prepared.scenario.warmupSec ?? options.warmupSec;
  if (warmupSec > 0 || prepared.scenario.spends !== undefined)
    for (const side of sides) await runSide(side, warmupSec, SPENDING_WARMUP_REQUESTS);
  const measurement: Measurement = { sitegate: [], baseline: [], ...(failure === undefined ? {} : { beside: { failure } }) };
  const besideSamples: Sample[] = [];
  for (let round = 0; round < rounds; round++) {
    // Each round starts with the next side (with two: sitegate first in even rounds, the baseline in odd ones).
    const order = sides.map((_, k) => sides[(round + k) % sides.length]!);
    for (const side of order) {
      const sample = await runSide(side, sliceSec);
      (side === 'beside' ? besideSamples : measurement[side]).push(sample);
    }
  }
  if (beside !== undefined) measurement.beside = besideSamples;
  return measurement;
}

/** One round's sitegate req/s ÷ baseline req/s. */
export function roundRatio(ours: Sample, theirs: Sample): number {
  return ours.requests / ours.wallSec / (theirs.requests / theirs.wallSec);
}

/**
 * Pools the rounds of every start of a scenario: the ratio is the median of all the per-round
 * ratios, so no single draw of a process start (which moved a row's CPU per request by ~10 %
 * between starts of the same build) decides a row.
 */
export function summariseScenario(prepared: PreparedScenario, measurements: readonly Measurement[]): ScenarioResult {
  const ours = measurements.flatMap((m) => m.sitegate);
  const theirs = measurements.flatMap((m) => m.baseline);
  const ratios = ours.map((sample, i) => roundRatio(sample, theirs[i]!));
  const extraCpuUs: number[] = [];
  ours.forEach((sample, i) => {
    const other = theirs[i]!;
    if (sample.serverCpuSec !== undefined && other.serverCpuSec !== undefined)
      extraCpuUs.push((sample.serverCpuSec / sample.requests - other.serverCpuSec / other.requests) * 1e6);
  });
  const beside = summariseBeside(prepared, measurements, ours);
  return {
    prepared,
    sitegate: summarise(ours),
    baseline: summarise(theirs),
    ratio: median(ratios),
    roundRatios: ratios,
    starts: measurements.length,
    extraCpuUsPerRequest: extraCpuUs.length === ratios.length ? median(extraCpuUs) : undefined,
    ...(beside === undefined ? {} : { beside }),
  };
}

/** Server CPU µs per request of one sample, or undefined off Linux. */
const cpuUsPerRequest = (sample: Sample): number | undefined =>
  sample.serverCpuSec === undefined ? undefined : (sample.serverCpuSec / sample.requests) * 1e6;

/**
 * The beside server of a row over all starts: its side and each round's beside ÷ sitegate CPU per
 * request; a failure in any start fails the whole column (never a column of fewer rounds).
 * @param ours sitegate's samples, in the order of the beside samples
 */
function summariseBeside(
  prepared: PreparedScenario,
  measurements: readonly Measurement[],
  ours: readonly Sample[],
): BesideResult | undefined {
  const kind = prepared.scenario.beside;
  if (kind === undefined) return undefined;
  const failed = measurements.find((m) => m.beside !== undefined && 'failure' in m.beside)?.beside;
  if (failed !== undefined && 'failure' in failed) return { kind, failure: failed.failure };
  const samples = measurements.flatMap((m) => (Array.isArray(m.beside) ? m.beside : []));
  if (samples.length !== ours.length) return { kind, failure: `${kind} measured in ${samples.length} of ${ours.length} rounds` };
  const roundCpuRatios: number[] = [];
  samples.forEach((sample, i) => {
    const theirs = cpuUsPerRequest(sample);
    const mine = cpuUsPerRequest(ours[i]!);
    if (theirs !== undefined && mine !== undefined && mine > 0) roundCpuRatios.push(theirs / mine);
  });
  return { kind, side: summarise(samples), roundCpuRatios };
}
