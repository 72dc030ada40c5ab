/**
 * The report of the servers measured beside rows (scenarios.ts `beside`): one table of what each
 * spends per request beside sitegate and the row's baseline, in the same rounds, and the line that
 * names a column that could not be measured.
 */
import type { ScenarioResult } from './compare.js';
import { baselineOf } from './prepare.js';
import { int, ms, spread, table, times, us } from './report.js';

/**
 * The beside table, or undefined when no row has a beside server: per row, the beside server's
 * req/s, p99 and server CPU µs per request beside sitegate's and the baseline's, the CPU ratio
 * (beside ÷ sitegate µs, as the results table's cpu ratio: below 1 when sitegate spends more),
 * its spread over the rounds ({@link spread}), and bytes per response (headers differ: nginx
 * writes its own). A column that failed reads `FAILED: why`.
 */
export function besideTable(results: readonly ScenarioResult[]): string | undefined {
  const rows = results.flatMap((result): string[][] => {
    const { beside, sitegate, baseline, prepared, starts } = result;
    if (beside === undefined) return [];
    const name = prepared.scenario.name;
    const ours = us(sitegate.serverCpuUsPerRequest);
    const theirs = us(baseline.serverCpuUsPerRequest);
    if ('failure' in beside) return [[name, beside.kind, `**FAILED**: ${beside.failure}`, '', '', ours, theirs, '', '', '']];
    const { side } = beside;
    const ratio =
      side.serverCpuUsPerRequest === undefined || sitegate.serverCpuUsPerRequest === undefined
        ? undefined
        : side.serverCpuUsPerRequest / sitegate.serverCpuUsPerRequest;
    return [
      [
        name,
        beside.kind,
        int(side.requestsPerSec),
        ms(side.p99Ms),
        us(side.serverCpuUsPerRequest),
        ours,
        `${theirs} (${baselineOf(prepared)})`,
        ratio === undefined ? 'n/a' : `${times(ratio)} ${beside.kind}`,
        spread(beside.roundCpuRatios, starts),
        `${int(sitegate.bytesPerResponse)} / ${int(side.bytesPerResponse)}`,
      ],
    ];
  });
  if (rows.length === 0) return undefined;
  return table(
    [
      'scenario',
      'beside',
      'beside req/s',
      'beside p99 ms',
      'beside cpu µs/req',
      'sitegate cpu µs/req',
      'baseline cpu µs/req',
      'cpu ratio (beside ÷ sitegate µs)',
      'round cpu ratios: min, quartiles, max (rounds/starts)',
      'bytes/response (sg / beside)',
    ],
    rows,
  );
}

/** The line naming every beside column that could not be measured, or undefined when none failed. */
export function besideFailures(results: readonly ScenarioResult[]): string | undefined {
  const failed = results.flatMap(({ beside, prepared }) =>
    beside !== undefined && 'failure' in beside ? [`${prepared.scenario.name}: ${beside.failure}`] : [],
  );
  return failed.length === 0 ? undefined : `bench: FAILED beside: ${failed.join('; ')}`;
}
