/**
 * Before any load: resolve each scenario's request, send it once to sitegate and check the answer
 * is the one the row is about (a 304 really is a 304, markdown really is text/markdown, a token
 * really is a JWT); then check the raw server replays those responses byte for byte, and that the
 * other baselines answer their requests as expected.
 */
import { headerOf, sendRequest, type CapturedReply } from './http-client.js';
import type { Capture } from './replay.js';
import type { BaselineKind, BenchCredential, BenchScenario, BenchSession, RequestParts, ScenarioSetup } from './scenarios.js';
import type { SpentGrant } from './spending.js';

/** A scenario with its resolved requests and sitegate's captured response. */
export interface PreparedScenario {
  scenario: BenchScenario;
  /** The session of its sitegate, for a signed-in row ({@link BenchScenario.signedIn}): what its checks look for. */
  session?: BenchSession;
  /** What sitegate is sent; header names lower-cased. */
  request: RequestParts;
  /** What the baseline is sent: `request` unless the scenario gives another. */
  baselineRequest: RequestParts;
  capture: Capture;
}

/** The baseline a scenario is compared with. */
export function baselineOf(prepared: PreparedScenario): BaselineKind {
  return prepared.scenario.baseline ?? 'raw';
}

/** Headers that differ per response or per connection, so are not compared. */
const VOLATILE_HEADERS = new Set(['date', 'connection', 'keep-alive']);

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function describe(scenario: BenchScenario): string {
  return `${scenario.name} (${scenario.method ?? 'GET'} ${scenario.path})`;
}

/**
 * @param isBaseline whether `reply` answers the baseline's request (checked by the scenario's
 *   `checkBaselineReply` when it has one)
 * @throws when a response to the scenario is not the one it expects (status, checkReply)
 */
function checkReply(
  scenario: BenchScenario,
  server: string,
  reply: CapturedReply,
  session: BenchSession | undefined,
  isBaseline: boolean,
): void {
  if (reply.status !== scenario.expectedStatus) {
    throw new Error(
      `${describe(scenario)}: ${server} answered ${reply.status}, expected ${scenario.expectedStatus}: ${reply.body.toString('utf8', 0, 300)}`,
    );
  }
  try {
    const check = isBaseline ? (scenario.checkBaselineReply ?? scenario.checkReply) : scenario.checkReply;
    check?.(reply, session);
  } catch (error) {
    throw new Error(`${describe(scenario)}: ${server}: ${(error as Error).message}`, { cause: error });
  }
}

/** @throws when sitegate's response is not the one the scenario expects */
function checkExpected(scenario: BenchScenario, reply: CapturedReply, session: BenchSession | undefined): void {
  checkReply(scenario, 'sitegate', reply, session, false);
  const type = headerOf(reply, 'content-type');
  if (scenario.expectedContentType !== undefined && type !== scenario.expectedContentType) {
    throw new Error(`${describe(scenario)}: sitegate sent Content-Type ${String(type)}, expected ${scenario.expectedContentType}`);
  }
}

/**
 * Resolves and checks every scenario against the running sitegate.
 * @param baseUrl sitegate's `http://127.0.0.1:PORT`
 * @param credential the key the bench created before starting sitegate
 * @param session the session created in its store, for a signed-in sitegate
 * @param spend one fresh body of a spending row (scenarios.ts `spends`), minted in this sitegate
 * @throws when a scenario's request cannot be computed or its response is not the expected one
 */
export async function prepareScenarios(
  scenarios: readonly BenchScenario[],
  baseUrl: string,
  credential: BenchCredential,
  session?: BenchSession,
  spend?: (kind: SpentGrant) => Promise<string>,
): Promise<PreparedScenario[]> {
  const setup: ScenarioSetup = {
    probe: (path, spec) => sendRequest(baseUrl + path, { method: spec?.method ?? 'GET', headers: spec?.headers ?? {}, body: spec?.body }),
    credential,
    session,
  };
  const prepared: PreparedScenario[] = [];
  for (const scenario of scenarios) {
    const given = typeof scenario.headers === 'function' ? await scenario.headers(setup) : (scenario.headers ?? {});
    const headers = lowerCaseKeys(given);
    let body = typeof scenario.body === 'function' ? scenario.body(setup) : scenario.body;
    if (scenario.spends !== undefined) {
      if (spend === undefined) throw new Error(`${describe(scenario)}: a spending row needs a sitegate started with agents`);
      body = await spend(scenario.spends);
    }
    const request: RequestParts = body === undefined ? { headers } : { headers, body };
    const other = scenario.baselineRequest?.(setup);
    if (other !== undefined && (scenario.baseline ?? 'raw') === 'raw')
      throw new Error(`${describe(scenario)}: the raw baseline replays sitegate's request; baselineRequest is for other baselines`);
    const baselineRequest: RequestParts = other === undefined ? request : { ...other, headers: lowerCaseKeys(other.headers) };
    const method = scenario.method ?? 'GET';
    const reply = await sendRequest(baseUrl + scenario.path, { method, ...request });
    checkExpected(scenario, reply, session);
    prepared.push({
      scenario,
      request,
      baselineRequest,
      capture: { method, target: scenario.path, headers, reply },
      ...(session === undefined ? {} : { session }),
    });
  }
  return prepared;
}

function comparable(reply: CapturedReply): string {
  return reply.headers
    .filter(([name]) => !VOLATILE_HEADERS.has(name))
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/**
 * Sends every scenario to the raw server and checks it answers exactly as sitegate did: status,
 * every header but Date and the connection ones (so Content-Type, ETag, Content-Length too), body.
 * @param prepared the scenarios whose baseline is `raw`
 * @throws on the first difference, showing both header blocks
 */
export async function verifyReplay(prepared: readonly PreparedScenario[], rawBaseUrl: string): Promise<void> {
  for (const { scenario, baselineRequest, capture } of prepared) {
    const reply = await sendRequest(rawBaseUrl + scenario.path, { method: capture.method, ...baselineRequest });
    const expected = capture.reply;
    if (reply.status !== expected.status || comparable(reply) !== comparable(expected) || !reply.body.equals(expected.body)) {
      throw new Error(
        `${describe(scenario)}: the raw server's response differs from sitegate's\n` +
          `sitegate ${expected.status}, ${expected.body.length} bytes:\n${comparable(expected)}\n` +
          `raw ${reply.status}, ${reply.body.length} bytes:\n${comparable(reply)}`,
      );
    }
  }
}

/**
 * Sends each scenario's baseline request once to its baseline (not `raw`, which
 * {@link verifyReplay} checks) and checks the answer: status, and `checkBaselineReply` (else `checkReply`).
 * @param server the server's name in the error
 * @param baseUrl the baseline's `http://127.0.0.1:PORT`
 * @throws on the first unexpected answer
 */
export async function verifyBaseline(prepared: readonly PreparedScenario[], server: string, baseUrl: string): Promise<void> {
  for (const { scenario, session, baselineRequest, capture } of prepared) {
    const reply = await sendRequest(baseUrl + scenario.path, { method: capture.method, ...baselineRequest });
    checkReply(scenario, server, reply, session, true);
  }
}
