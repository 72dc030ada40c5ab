/** The printed report: a markdown table of results, a diagnostics table and a summary line. */
import type { ScenarioResult } from './compare.js';
import { THROUGHPUT_TARGET } from './scenarios.js';

/** Other load on the machine above this (percent of one core) makes a row's numbers suspect. */
export const NOISY_OTHER_CPU_PCT = 25;

/** Whether a row misses its target; rows that are not precomputed have none. */
export function misses(result: ScenarioResult): boolean {
  return result.prepared.scenario.precomputed && result.ratio < THROUGHPUT_TARGET;
}

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
/** autocannon records latencies in whole milliseconds; a median of two rounds can add a half. */
const ms = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const pct = (n: number | undefined): string => (n === undefined ? 'n/a' : `${Math.round(n)}%`);
const us = (n: number | undefined): string => (n === undefined ? 'n/a' : n.toFixed(1));

/**
 * Raw's server CPU per request over sitegate's: what the throughput ratio would be if the server
 * alone limited both (undefined off Linux). It moves much less than req/s when other work shares
 * the machine, so the table shows it beside the ratio.
 */
export function cpuRatioOf(result: ScenarioResult): number | undefined {
  const { sitegate, baseline: raw } = result;
  if (sitegate.serverCpuUsPerRequest === undefined || raw.serverCpuUsPerRequest === undefined) return undefined;
  return raw.serverCpuUsPerRequest / sitegate.serverCpuUsPerRequest;
}

const times = (n: number | undefined): string => (n === undefined ? 'n/a' : `${n.toFixed(2)}×`);

/** The results table: one row per scenario, with ratio, CPU ratio, target and pass/MISS. */
export function resultsTable(results: readonly ScenarioResult[]): string {
  const rows = results.map((result) => {
    const { precomputed, name } = result.prepared.scenario;
    return [
      name,
      int(result.sitegate.requestsPerSec),
      ms(result.sitegate.p99Ms),
      int(result.baseline.requestsPerSec),
      ms(result.baseline.p99Ms),
      times(result.ratio),
      times(cpuRatioOf(result)),
      precomputed ? `≥ ${THROUGHPUT_TARGET.toFixed(2)}×` : 'none (computed per request)',
      precomputed ? (misses(result) ? '**MISS**' : 'pass') : 'info',
    ];
  });
  return table(['scenario', 'sitegate req/s', 'sitegate p99 ms', 'raw req/s', 'raw p99 ms', 'ratio', 'cpu ratio', 'target', 'pass'], rows);
}

/**
 * Where the time went. Server CPU µs per request is the cost of one response, and less disturbed
 * by other load than req/s. A load generator near 100% means it, not the server, limited the rate
 * (ratios then flatten towards 1); "other load" is CPU the machine spent on anything else.
 */
export function diagnosticsTable(results: readonly ScenarioResult[]): string {
  const rows = results.map(({ prepared, sitegate, baseline: raw }) => [
    prepared.scenario.name,
    int(sitegate.bytesPerResponse),
    us(sitegate.serverCpuUsPerRequest),
    us(raw.serverCpuUsPerRequest),
    pct(sitegate.serverCpuPct),
    pct(raw.serverCpuPct),
    `${pct(sitegate.loaderCpuPct)} / ${pct(raw.loaderCpuPct)}`,
    `${pct(sitegate.otherCpuPct)} / ${pct(raw.otherCpuPct)}`,
  ]);
  return table(
    [
      'scenario',
      'bytes/response',
      'sitegate cpu µs/req',
      'raw cpu µs/req',
      'sitegate cpu',
      'raw cpu',
      'loader cpu (sg / raw)',
      'other load (sg / raw)',
    ],
    rows,
  );
}

/** A warning naming the rows measured while other work used the machine, or undefined. */
export function noiseWarning(results: readonly ScenarioResult[]): string | undefined {
  const noisy = results.filter(({ sitegate, baseline: raw }) =>
    [sitegate.otherCpuPct, raw.otherCpuPct].some((other) => other !== undefined && other > NOISY_OTHER_CPU_PCT),
  );
  if (noisy.length === 0) return undefined;
  return (
    `warning: other processes used more than ${NOISY_OTHER_CPU_PCT}% of a core during ${noisy.map((r) => r.prepared.scenario.name).join(', ')}; ` +
    'those numbers are noisy (rounds alternate the servers to share the disturbance, but rerun on a quiet machine to be sure)'
  );
}

/** The last line: how many precomputed rows met the target, and the worst one. */
export function summaryLine(results: readonly ScenarioResult[], wallSec: number): string {
  const checked = results.filter((result) => result.prepared.scenario.precomputed);
  const missed = checked.filter(misses);
  const worst = [...checked].sort((a, b) => a.ratio - b.ratio)[0];
  const worstText = worst === undefined ? '' : `; lowest ${worst.ratio.toFixed(2)}× (${worst.prepared.scenario.name})`;
  const cpuWorst = checked
    .map((result) => ({ name: result.prepared.scenario.name, ratio: cpuRatioOf(result) }))
    .filter((entry): entry is { name: string; ratio: number } => entry.ratio !== undefined)
    .sort((a, b) => a.ratio - b.ratio)[0];
  const cpuText = cpuWorst === undefined ? '' : `; lowest cpu ratio ${cpuWorst.ratio.toFixed(2)}× (${cpuWorst.name})`;
  const names = missed.map((r) => r.prepared.scenario.name).join(', ');
  const verdict =
    missed.length === 0
      ? `PASS: ${checked.length}/${checked.length} precomputed scenarios at ≥ ${THROUGHPUT_TARGET}× raw`
      : `MISS: ${missed.length}/${checked.length} precomputed scenarios below ${THROUGHPUT_TARGET}× raw (${names})`;
  return `bench: ${verdict}${worstText}${cpuText}; wall time ${wallSec.toFixed(0)} s`;
}
