/**
 * Before any load: resolve each scenario's request headers, send it once to sitegate and check the
 * answer is the one the row is about (a 304 really is a 304, markdown really is text/markdown);
 * then check the raw server replays those responses byte for byte.
 */
import { headerOf, sendRequest, type CapturedReply } from './http-client.js';
import type { Capture } from './replay.js';
import type { BenchScenario, ScenarioSetup } from './scenarios.js';

/** A scenario with its resolved request and sitegate's captured response. */
export interface PreparedScenario {
  scenario: BenchScenario;
  /** Request headers, names lower-cased. */
  headers: Record<string, string>;
  capture: Capture;
}

/** Headers that differ per response or per connection, so are not compared. */
const VOLATILE_HEADERS = new Set(['date', 'connection', 'keep-alive']);

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function describe(scenario: BenchScenario): string {
  return `${scenario.name} (${scenario.method ?? 'GET'} ${scenario.path})`;
}

/** @throws when sitegate's response is not the one the scenario expects */
function checkExpected(scenario: BenchScenario, reply: CapturedReply): void {
  if (reply.status !== scenario.expectedStatus) {
    throw new Error(`${describe(scenario)}: sitegate answered ${reply.status}, expected ${scenario.expectedStatus}`);
  }
  const type = headerOf(reply, 'content-type');
  if (scenario.expectedContentType !== undefined && type !== scenario.expectedContentType) {
    throw new Error(`${describe(scenario)}: sitegate sent Content-Type ${String(type)}, expected ${scenario.expectedContentType}`);
  }
}

/**
 * Resolves and checks every scenario against the running sitegate.
 * @param baseUrl sitegate's `http://127.0.0.1:PORT`
 * @throws when a scenario's headers cannot be computed or its response is not the expected one
 */
export async function prepareScenarios(scenarios: readonly BenchScenario[], baseUrl: string): Promise<PreparedScenario[]> {
  const setup: ScenarioSetup = {
    probe: (path, spec) => sendRequest(baseUrl + path, { method: spec?.method ?? 'GET', headers: spec?.headers ?? {}, body: spec?.body }),
  };
  const prepared: PreparedScenario[] = [];
  for (const scenario of scenarios) {
    const given = typeof scenario.headers === 'function' ? await scenario.headers(setup) : (scenario.headers ?? {});
    const headers = lowerCaseKeys(given);
    const method = scenario.method ?? 'GET';
    const reply = await sendRequest(baseUrl + scenario.path, { method, headers, body: scenario.body });
    checkExpected(scenario, reply);
    prepared.push({ scenario, headers, capture: { method, target: scenario.path, headers, reply } });
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
 * @throws on the first difference, showing both header blocks
 */
export async function verifyReplay(prepared: readonly PreparedScenario[], rawBaseUrl: string): Promise<void> {
  for (const { scenario, headers, capture } of prepared) {
    const reply = await sendRequest(rawBaseUrl + scenario.path, { method: capture.method, headers, body: scenario.body });
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
