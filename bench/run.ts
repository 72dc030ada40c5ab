/**
 * `npm run bench`: every scenario against sitegate and against a raw `node:http` server replaying
 * sitegate's exact responses, one server under load at a time, then a markdown report. Exits 0
 * when the run completes, whether or not targets are met (the report says MISS); 1 when a request
 * fails or a response is not the expected one; 2 on bad options.
 */
import os from 'node:os';
import { installCleanup, killAll, startRawServer, startSitegate, stopServer } from './children.js';
import { compareScenario, type ScenarioResult } from './compare.js';
import { parseBenchOptions, USAGE, type BenchOptions } from './options.js';
import { prepareScenarios, verifyReplay } from './prepare.js';
import { buildReplayTable } from './replay.js';
import { diagnosticsTable, noiseWarning, resultsTable, summaryLine } from './report.js';
import { SCENARIOS, type BenchScenario } from './scenarios.js';

function selectScenarios(only: readonly string[]): BenchScenario[] {
  const selected = SCENARIOS.filter((s) => only.length === 0 || only.some((name) => s.name.toLowerCase().includes(name)));
  if (selected.length === 0) {
    throw new Error(`--only ${only.join(',')} matches no scenario (have: ${SCENARIOS.map((s) => s.name).join(', ')})`);
  }
  return selected;
}

function header(options: BenchOptions, scenarios: readonly BenchScenario[]): string {
  const cpus = os.cpus();
  return [
    '# sitegate bench',
    '',
    `node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}; content ${options.contentDir}`,
    `autocannon on 127.0.0.1, ${options.connections} connections, pipelining ${options.pipelining}; per scenario and server: ` +
      `${options.warmupSec} s warm-up, then ${options.durationSec} s measured in ${options.rounds} alternating rounds; ` +
      `${scenarios.length} scenarios: ${scenarios.map((s) => s.name).join(', ')}`,
    'sitegate runs with --log-level warn and its rate limits lifted (see bench/children.ts); raw replays its captured responses',
    '',
  ].join('\n');
}

async function main(args: string[]): Promise<number> {
  const started = performance.now();
  let options: BenchOptions | 'help';
  let scenarios: BenchScenario[];
  try {
    options = parseBenchOptions(args);
    scenarios = options === 'help' ? [] : selectScenarios(options.only);
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  installCleanup();
  process.stdout.write(header(options, scenarios) + '\n');

  const sitegate = await startSitegate(options.contentDir);
  const prepared = await prepareScenarios(scenarios, sitegate.baseUrl);
  const raw = await startRawServer(buildReplayTable(prepared.map((p) => p.capture)));
  await verifyReplay(prepared, raw.baseUrl);

  const results: ScenarioResult[] = [];
  for (const scenario of prepared) {
    const result = await compareScenario(scenario, { sitegate, baselines: { raw } }, options);
    results.push(result);
    process.stderr.write(
      `bench: ${scenario.scenario.name}: sitegate ${Math.round(result.sitegate.requestsPerSec)} req/s, ` +
        `raw ${Math.round(result.baseline.requestsPerSec)} req/s, ${result.ratio.toFixed(2)}×\n`,
    );
  }
  await Promise.all([stopServer(sitegate), stopServer(raw)]);

  const wallSec = (performance.now() - started) / 1000;
  const warning = noiseWarning(results);
  process.stdout.write(
    `\n${resultsTable(results)}\n\n${diagnosticsTable(results)}\n\n${warning === undefined ? '' : `${warning}\n`}${summaryLine(results, wallSec)}\n`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench: FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
    killAll();
    process.exitCode = 1;
  },
);
