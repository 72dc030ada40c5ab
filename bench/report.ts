/** The printed report: a markdown table of results, a diagnostics table and a summary line. */
import type { ScenarioResult } from './compare.js';
import { baselineOf } from './prepare.js';
import { targetOf } from './scenarios.js';

/** Other load on the machine above this (percent of one core) makes a row's numbers suspect. */
export const NOISY_OTHER_CPU_PCT = 25;

/** Whether a row misses its target ({@link judgedRatioOf}); rows measured for information have none. */
export function misses(result: ScenarioResult): boolean {
  const target = targetOf(result.prepared.scenario);
  return target !== undefined && judgedRatioOf(result) < target;
}

/** Whether a row is judged on its CPU ratio: it asks to be, and /proc gave the CPU times. */
function judgedOnCpu(result: ScenarioResult): boolean {
  return result.prepared.scenario.judgedBy === 'cpu' && cpuRatioOf(result) !== undefined;
}

/**
 * The ratio a row's target is judged on: its CPU ratio ({@link cpuRatioOf}) for a row judged by
 * `cpu` where it was measured, else the median of its rounds' req/s ratios.
 */
export function judgedRatioOf(result: ScenarioResult): number {
  return judgedOnCpu(result) ? (cpuRatioOf(result) as number) : result.ratio;
}

/** A markdown table. */
export function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A count, rounded, with thousands separators. */
export const int = (n: number): string => Math.round(n).toLocaleString('en-US');
/** autocannon records latencies in whole milliseconds; a median of two rounds can add a half. */
export const ms = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const pct = (n: number | undefined): string => (n === undefined ? 'n/a' : `${Math.round(n)}%`);
/** Microseconds to a tenth, or n/a. */
export const us = (n: number | undefined): string => (n === undefined ? 'n/a' : n.toFixed(1));

/**
 * The baseline's server CPU per request over sitegate's: what the throughput ratio would be if the
 * server alone limited both (undefined off Linux). It moves much less than req/s when other work
 * shares the machine, so the table shows it beside the ratio.
 */
export function cpuRatioOf(result: ScenarioResult): number | undefined {
  const { sitegate, baseline } = result;
  if (sitegate.serverCpuUsPerRequest === undefined || baseline.serverCpuUsPerRequest === undefined) return undefined;
  return baseline.serverCpuUsPerRequest / sitegate.serverCpuUsPerRequest;
}

/** A ratio as `0.93×`, or n/a. */
export const times = (n: number | undefined): string => (n === undefined ? 'n/a' : `${n.toFixed(2)}×`);

/** A ratio labelled by what it divides by, e.g. `0.93× raw`. */
const ratioCell = (n: number | undefined, result: ScenarioResult): string =>
  n === undefined ? 'n/a' : `${times(n)} ${baselineOf(result.prepared)}`;

function targetCell(result: ScenarioResult): string {
  const { scenario } = result.prepared;
  const target = targetOf(scenario);
  if (target === undefined) return scenario.precomputed ? 'none' : 'none (computed per request)';
  return `≥ ${ratioCell(target, result)}${judgedOnCpu(result) ? ' (cpu ratio)' : ''}`;
}

/**
 * The results table: one row per scenario, with its baseline, the ratio of sitegate's req/s to
 * the baseline's (labelled by baseline), CPU ratio, target and pass/MISS.
 */
export function resultsTable(results: readonly ScenarioResult[]): string {
  const rows = results.map((result) => [
    result.prepared.scenario.name,
    baselineOf(result.prepared),
    int(result.sitegate.requestsPerSec),
    ms(result.sitegate.p99Ms),
    int(result.baseline.requestsPerSec),
    ms(result.baseline.p99Ms),
    ratioCell(result.ratio, result),
    ratioCell(cpuRatioOf(result), result),
    targetCell(result),
    targetOf(result.prepared.scenario) === undefined ? 'info' : misses(result) ? '**MISS**' : 'pass',
  ]);
  return table(
    [
      'scenario',
      'baseline',
      'sitegate req/s',
      'sitegate p99 ms',
      'baseline req/s',
      'baseline p99 ms',
      'ratio (sitegate ÷ baseline)',
      'cpu ratio',
      'target',
      'pass',
    ],
    rows,
  );
}

/**
 * The spread of a row's per-round ratios: `0.84 · 0.95–0.99–1.03 · 1.10 (9/3)` is the minimum, the
 * lower quartile, median and upper quartile, the maximum, then the number of rounds and of the
 * server starts they were spread over.
 */
export function spread(ratios: readonly number[], starts: number): string {
  if (ratios.length === 0) return '–';
  const sorted = [...ratios].sort((a, b) => a - b);
  // Nearest-rank quantile: no interpolation between rounds, so every figure is a measured round.
  const at = (q: number): string => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!.toFixed(2);
  return `${at(0)} · ${at(0.25)}–${at(0.5)}–${at(0.75)} · ${sorted[sorted.length - 1]!.toFixed(2)} (${sorted.length}/${starts})`;
}

/**
 * Where the time went, and how far the rounds agreed ({@link spread}). Server CPU µs per request
 * is the cost of one response, and less disturbed by other load than req/s. A load generator near
 * 100% means it, not the server, limited the rate (ratios then flatten towards 1); "other load" is
 * CPU the machine spent on anything else. Bytes per response differ between the sides only where
 * the baseline is another server.
 */
export function diagnosticsTable(results: readonly ScenarioResult[]): string {
  const rows = results.map(({ prepared, sitegate, baseline, roundRatios, starts }) => [
    prepared.scenario.name,
    baselineOf(prepared),
    spread(roundRatios, starts),
    `${int(sitegate.bytesPerResponse)} / ${int(baseline.bytesPerResponse)}`,
    us(sitegate.serverCpuUsPerRequest),
    us(baseline.serverCpuUsPerRequest),
    pct(sitegate.serverCpuPct),
    pct(baseline.serverCpuPct),
    `${pct(sitegate.loaderCpuPct)} / ${pct(baseline.loaderCpuPct)}`,
    `${pct(sitegate.otherCpuPct)} / ${pct(baseline.otherCpuPct)}`,
  ]);
  return table(
    [
      'scenario',
      'baseline',
      'round ratios: min, quartiles, max (rounds/starts)',
      'bytes/response (sg / baseline)',
      'sitegate cpu µs/req',
      'baseline cpu µs/req',
      'sitegate cpu',
      'baseline cpu',
      'loader cpu (sg / baseline)',
      'other load (sg / baseline)',
    ],
    rows,
  );
}

/**
 * What counting a request costs (analytics/), from the rows that measure a sitegate with analytics
 * on against its twin with analytics off: server CPU µs per request on minus off (the median of
 * the rounds' differences), and the share of throughput it takes (1 − the median on ÷ off ratio).
 * Either is negative when on measured faster, i.e. within the noise. Undefined when no such row ran.
 */
export function analyticsCostLine(results: readonly ScenarioResult[]): string | undefined {
  const rows = results.filter((result) => baselineOf(result.prepared) === 'sitegate, analytics off');
  if (rows.length === 0) return undefined;
  const parts = rows.map((result) => {
    const extra = result.extraCpuUsPerRequest;
    const cpu =
      extra === undefined
        ? 'n/a µs'
        : `${extra.toFixed(2)} µs of server CPU (${us(result.sitegate.serverCpuUsPerRequest)} on, ${us(result.baseline.serverCpuUsPerRequest)} off${extra < 0 ? ': less than the noise' : ''})`;
    const share = `${((1 - result.ratio) * 100).toFixed(1)} %`;
    return `${result.prepared.scenario.name}: analytics costs ${cpu} per request, ${share} of throughput (on ÷ off ${times(result.ratio)})`;
  });
  return `analytics cost: ${parts.join('; ')}`;
}

/** A warning naming the rows measured while other work used the machine, or undefined. */
export function noiseWarning(results: readonly ScenarioResult[]): string | undefined {
  const noisy = results.filter(({ sitegate, baseline }) =>
    [sitegate.otherCpuPct, baseline.otherCpuPct].some((other) => other !== undefined && other > NOISY_OTHER_CPU_PCT),
  );
  if (noisy.length === 0) return undefined;
  return (
    `warning: other processes used more than ${NOISY_OTHER_CPU_PCT}% of a core during ${noisy.map((r) => r.prepared.scenario.name).join(', ')}; ` +
    'those numbers are noisy (rounds alternate the servers to share the disturbance, but rerun on a quiet machine to be sure)'
  );
}

/** How far a row is above (> 1) or below (< 1) its target. */
function margin(ratio: number, result: ScenarioResult): number {
  return ratio / targetOf(result.prepared.scenario)!;
}

/** `name 0.93× raw (target 0.90×)`, and ` cpu` before the target when the row is judged on its CPU ratio. */
function describeAgainstTarget(result: ScenarioResult, ratio: number): string {
  const on = judgedOnCpu(result) ? ' cpu' : '';
  return `${result.prepared.scenario.name} ${ratioCell(ratio, result)}${on} (target ${times(targetOf(result.prepared.scenario))})`;
}

/**
 * The last line: how many rows with a target met it, and the row closest to (or furthest below)
 * its target, by req/s and by CPU ratio.
 */
export function summaryLine(results: readonly ScenarioResult[], wallSec: number): string {
  const checked = results.filter((result) => targetOf(result.prepared.scenario) !== undefined);
  const missed = checked.filter(misses);
  const tightest = [...checked].sort((a, b) => margin(judgedRatioOf(a), a) - margin(judgedRatioOf(b), b))[0];
  const tightText = tightest === undefined ? '' : `; tightest ${describeAgainstTarget(tightest, judgedRatioOf(tightest))}`;
  const cpuTightest = checked
    .map((result) => ({ result, ratio: cpuRatioOf(result) }))
    .filter((entry): entry is { result: ScenarioResult; ratio: number } => entry.ratio !== undefined)
    .sort((a, b) => margin(a.ratio, a.result) - margin(b.ratio, b.result))[0];
  const cpuText = cpuTightest === undefined ? '' : `; tightest cpu ratio ${describeAgainstTarget(cpuTightest.result, cpuTightest.ratio)}`;
  const names = missed.map((r) => describeAgainstTarget(r, judgedRatioOf(r))).join(', ');
  const verdict =
    missed.length === 0
      ? `PASS: ${checked.length}/${checked.length} scenarios with a target met it`
      : `MISS: ${missed.length}/${checked.length} scenarios below their target (${names})`;
  return `bench: ${verdict}${tightText}${cpuText}; wall time ${wallSec.toFixed(0)} s`;
}
