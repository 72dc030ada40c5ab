/**
 * `npm run bench`: every scenario against sitegate and against its baseline (a raw `node:http`
 * server replaying sitegate's exact responses, or oidc-provider for the token endpoint), one server
 * under load at a time, then a markdown report. Exits 0 when the run completes, whether or not
 * targets are met (the report says MISS); 1 when a request fails or a response is not the expected
 * one; 2 on bad options.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { corePlan, describePlan, pinProcess, type CorePlan } from './pin.js';
import { installCleanup, killAll, startOidcProvider, startRawServer, startSitegate, stopServer, type SitegateProcess } from './children.js';
import { measureScenario, roundRatio, roundsOfStart, summariseScenario, type Measurement, type Servers } from './compare.js';
import { parseBenchOptions, USAGE, type BenchOptions } from './options.js';
import { baselineOf, prepareScenarios, verifyBaseline, verifyReplay, type PreparedScenario } from './prepare.js';
import { buildReplayTable } from './replay.js';
import { analyticsCostLine, diagnosticsTable, noiseWarning, resultsTable, summaryLine } from './report.js';
import { runHighlightBench } from './highlight.js';
import { runScale, SCALE_SIZES } from './scale.js';
import { runSearchQuality } from './search-quality.js';
import { BENCH_KEY_SCOPES, BENCH_SCOPE, SCENARIOS, TOKEN_PATH, type BaselineKind, type BenchScenario } from './scenarios.js';

function selectScenarios(only: readonly string[]): BenchScenario[] {
  const selected = SCENARIOS.filter((s) => only.length === 0 || only.some((name) => s.name.toLowerCase().includes(name)));
  if (selected.length === 0) {
    throw new Error(`--only ${only.join(',')} matches no scenario (have: ${SCENARIOS.map((s) => s.name).join(', ')})`);
  }
  return selected;
}

function oidcProviderVersion(): string {
  const manifest = createRequire(import.meta.url)('oidc-provider/package.json') as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}

/** The rows that warm up for longer than `--warmup`, as ` (token, token form: 3 s)`. */
function ownWarmups(scenarios: readonly BenchScenario[]): string {
  const own = scenarios.filter((s) => s.warmupSec !== undefined);
  return own.length === 0 ? '' : ` (${own.map((s) => `${s.name}: ${s.warmupSec} s`).join(', ')})`;
}

function header(options: BenchOptions, scenarios: readonly BenchScenario[], plan: CorePlan): string {
  const cpus = os.cpus();
  const kinds = new Set(scenarios.map((s) => s.baseline ?? 'raw'));
  return [
    '# sitegate bench',
    '',
    `node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}; content ${options.contentDir}`,
    `autocannon on 127.0.0.1, ${options.connections} connections, pipelining ${options.pipelining}; per scenario and server: ` +
      `${options.warmupSec} s warm-up per start${ownWarmups(scenarios)}, then ${options.durationSec} s measured in ${options.rounds} alternating rounds ` +
      `spread over ${options.starts} starts of every server; ` +
      `${scenarios.length} scenarios: ${scenarios.map((s) => s.name).join(', ')}`,
    describePlan(plan),
    'sitegate runs with --log-level warn and its rate limits lifted (see bench/children.ts), with a key created by ' +
      '`sitegate keys create --json` before it starts; raw replays its captured responses',
    `sitegate's analytics: ${process.env.SITEGATE_ANALYTICS === undefined ? 'on (the default)' : `SITEGATE_ANALYTICS=${process.env.SITEGATE_ANALYTICS}`}`,
    ...(kinds.has('sitegate, analytics off')
      ? [
          'analytics rows: two more sitegates started alike at the same moment, SITEGATE_ANALYTICS=1 against SITEGATE_ANALYTICS=0, ' +
            'in more, shorter rounds',
        ]
      : []),
    ...(kinds.has('oidc-provider')
      ? [
          `oidc-provider ${oidcProviderVersion()} (token rows): one client (the bench's key, client_secret_post), client_credentials, ` +
            'EdDSA-signed JWT access tokens through a resource indicator, in-memory adapter. It reads form bodies only, so ' +
            'the "token" row sends it the JSON request\'s parameters form-encoded; "token form" sends both servers the same form body',
        ]
      : []),
    '',
  ].join('\n');
}

/**
 * Starts the baselines the prepared scenarios use and checks them before any load: raw replays
 * sitegate's captured responses byte for byte; oidc-provider answers each token request with a JWT;
 * the analytics rows get two sitegates started alike at the same moment, off and on (their twin).
 */
async function startBaselines(
  prepared: readonly PreparedScenario[],
  sitegate: SitegateProcess,
  contentDir: string,
): Promise<{ baselines: Servers['baselines']; contenders: NonNullable<Servers['contenders']> }> {
  const using = (kind: BaselineKind): PreparedScenario[] => prepared.filter((p) => baselineOf(p) === kind);
  const baselines: Servers['baselines'] = {};
  const contenders: NonNullable<Servers['contenders']> = {};
  const rawRows = using('raw');
  if (rawRows.length > 0) {
    const raw = await startRawServer(buildReplayTable(rawRows.map((p) => p.capture)));
    baselines.raw = raw;
    await verifyReplay(rawRows, raw.baseUrl);
  }
  const oidcRows = using('oidc-provider');
  if (oidcRows.length > 0) {
    const oidc = await startOidcProvider(sitegate.credential, BENCH_SCOPE, TOKEN_PATH);
    baselines['oidc-provider'] = oidc;
    await verifyBaseline(oidcRows, 'oidc-provider', oidc.baseUrl);
  }
  const quietRows = using('sitegate, analytics off');
  if (quietRows.length > 0) {
    const [quiet, counting] = await Promise.all(
      ['0', '1'].map((analytics) => startSitegate(contentDir, BENCH_KEY_SCOPES, { SITEGATE_ANALYTICS: analytics })),
    );
    baselines['sitegate, analytics off'] = quiet;
    contenders['sitegate, analytics off'] = counting;
    await verifyBaseline(quietRows, 'sitegate, analytics off', quiet!.baseUrl);
    await verifyBaseline(quietRows, 'sitegate, analytics on', counting!.baseUrl);
  }
  return { baselines, contenders };
}

/**
 * One start: fresh servers (sitegate, its key, the baselines), the scenarios prepared against
 * them, this start's share of each row's rounds, then the servers stopped.
 * @param measurements per scenario, in order: this start's measurement is appended
 * @returns the scenarios as prepared in this start
 */
async function runStart(
  scenarios: readonly BenchScenario[],
  options: BenchOptions,
  plan: CorePlan,
  start: number,
  measurements: Measurement[][],
): Promise<PreparedScenario[]> {
  const sitegate = await startSitegate(options.contentDir, BENCH_KEY_SCOPES);
  const prepared = await prepareScenarios(scenarios, sitegate.baseUrl, sitegate.credential);
  const { baselines, contenders } = await startBaselines(prepared, sitegate, options.contentDir);
  const servers = [sitegate, ...Object.values(baselines), ...Object.values(contenders)];
  if ('servers' in plan) {
    for (const server of servers) pinProcess(server.pid, plan.servers);
    pinProcess(process.pid, plan.loader);
  }
  for (const [i, scenario] of prepared.entries()) {
    const rounds = roundsOfStart(scenario.scenario.rounds ?? options.rounds, options.starts, start);
    if (rounds === 0) continue;
    const measurement = await measureScenario(scenario, { sitegate, baselines, contenders }, options, rounds);
    measurements[i]!.push(measurement);
    const ratios = measurement.sitegate.map((ours, round) => roundRatio(ours, measurement.baseline[round]!));
    process.stderr.write(
      `bench: start ${start + 1}/${options.starts}: ${scenario.scenario.name}: round ratios ${ratios.map((r) => r.toFixed(2)).join(' ')}\n`,
    );
  }
  await Promise.all(servers.map(stopServer));
  return prepared;
}

async function main(args: string[]): Promise<number> {
  if (args[0] === 'search-quality') {
    runSearchQuality(args.slice(1));
    return 0;
  }
  if (args[0] === 'highlight') {
    await runHighlightBench(args.slice(1));
    return 0;
  }
  if (args[0] === 'scale') {
    const keepSites = args.includes('--keep-sites');
    const counts = args.slice(1).filter((arg) => arg !== '--keep-sites');
    const sizes = counts.map(Number);
    if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
      process.stderr.write(`bench: scale takes page counts, got "${counts.join(' ')}"\n\n${USAGE}`);
      return 2;
    }
    await runScale(sizes.length === 0 ? SCALE_SIZES : sizes, { keepSites });
    return 0;
  }
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
  const plan = corePlan();
  process.stdout.write(header(options, scenarios, plan) + '\n');

  const measurements: Measurement[][] = scenarios.map(() => []);
  let prepared: PreparedScenario[] = [];
  for (let start = 0; start < options.starts; start++) prepared = await runStart(scenarios, options, plan, start, measurements);
  const results = prepared.map((scenario, i) => summariseScenario(scenario, measurements[i]!));

  const wallSec = (performance.now() - started) / 1000;
  const warning = noiseWarning(results);
  const analyticsCost = analyticsCostLine(results);
  process.stdout.write(
    `\n${resultsTable(results)}\n\n${diagnosticsTable(results)}\n\n${warning === undefined ? '' : `${warning}\n`}${analyticsCost === undefined ? '' : `${analyticsCost}\n`}${summaryLine(results, wallSec)}\n`,
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
