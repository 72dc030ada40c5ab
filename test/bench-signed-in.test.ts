/**
 * The bench row "page HTML, signed-in session" (issue 29 "done when" #4), without the real
 * sign-in: a small node:http server stands for a signed-in sitegate (it names the person and
 * answers privately when the session cookie comes, and serves the anonymous page otherwise), so
 * the row's request, its checks, its two sides on one process and its judging on CPU are tested
 * here; the whole row runs in `npm run bench`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureScenario, type ScenarioResult, type Side } from '../bench/compare.js';
import { prepareScenarios, verifyBaseline, type PreparedScenario } from '../bench/prepare.js';
import { judgedRatioOf, misses, resultsTable, summaryLine } from '../bench/report.js';
import { BENCH_PERSON_NAME, SCENARIOS, SIGNED_IN_PAGE_TARGET, type BenchSession } from '../bench/scenarios.js';
import type { ServerProcess } from '../bench/children.js';

const row = SCENARIOS.find((scenario) => scenario.name === 'page HTML, signed-in session')!;
const session: BenchSession = {
  id: 'sgs_bench0000000000000000',
  subject: 'bench-reader',
  cookieName: 'sitegate_session',
  cookieValue: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA',
  name: BENCH_PERSON_NAME,
};
const credential = { clientId: 'sg_bench', clientSecret: 'secret', apiKey: 'sg_bench.secret' };

/** Requests the stand-in server saw, by whether they carried the session cookie. */
const seen = { signedIn: 0, anonymous: 0 };
/** Whether the stand-in reads the cookie (false: a sitegate whose session scheme is missing). */
let readsCookie = true;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const signedIn = readsCookie && request.headers.cookie === `${session.cookieName}=${session.cookieValue}`;
    if (signedIn) seen.signedIn++;
    else seen.anonymous++;
    const body = signedIn ? `<header>Signed in as ${BENCH_PERSON_NAME}</header>` : '<header><a>Sign in</a></header>';
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': signedIn ? 'private, no-store' : 'public, max-age=0, must-revalidate',
      vary: 'Accept, Cookie',
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the signed-in row', () => {
  it('runs on a signed-in sitegate of its own, judged on CPU against the same page anonymous, at 0.85×', () => {
    expect(row).toMatchObject({
      path: '/concepts/acme-orders-challenges',
      baseline: 'sitegate, anonymous',
      signedIn: true,
      judgedBy: 'cpu',
      target: 0.85,
      expectedStatus: 200,
      expectedContentType: 'text/html; charset=utf-8',
    });
    expect(SIGNED_IN_PAGE_TARGET).toBe(0.85);
  });

  it('sends the page with the session cookie to sitegate and without it to the baseline, and checks both answers', async () => {
    readsCookie = true;
    const [prepared] = await prepareScenarios([row], baseUrl, credential, session);
    expect(prepared!.request.headers).toStrictEqual({
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      cookie: `sitegate_session=${session.cookieValue}`,
    });
    expect(prepared!.baselineRequest.headers).toStrictEqual({ accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' });
    expect(prepared!.session).toBe(session);
    await expect(verifyBaseline([prepared!], 'sitegate, anonymous', baseUrl)).resolves.toBeUndefined();
  });

  it('refuses to run when the session is not read: the answer is not private or does not name the person', async () => {
    readsCookie = false;
    try {
      await expect(prepareScenarios([row], baseUrl, credential, session)).rejects.toThrow(
        'page HTML, signed-in session (GET /concepts/acme-orders-challenges): sitegate: the page for a signed-in session is not private, no-store (Cache-Control: public, max-age=0, must-revalidate): was the session read?',
      );
    } finally {
      readsCookie = true;
    }
  });

  it('refuses to run on a sitegate without a session', async () => {
    await expect(prepareScenarios([row], baseUrl, credential)).rejects.toThrow(
      'the signed-in row runs on a sitegate without a session (signedIn not set)',
    );
  });

  it('measures both sides on the one process, the cookie on the sitegate side only', async () => {
    const [prepared] = await prepareScenarios([row], baseUrl, credential, session);
    const one: ServerProcess = { baseUrl, pid: process.pid, child: undefined as never };
    seen.signedIn = 0;
    seen.anonymous = 0;
    const measurement = await measureScenario(
      { ...prepared!, scenario: { ...row, warmupSec: 0, rounds: 2 } },
      { sitegate: one, baselines: { 'sitegate, anonymous': one }, contenders: { 'sitegate, anonymous': one } },
      { connections: 2, pipelining: 1, durationSec: 0.4, rounds: 2, starts: 1, warmupSec: 0 },
      2,
    );
    expect(measurement.sitegate).toHaveLength(2);
    expect(measurement.baseline).toHaveLength(2);
    const sum = (samples: typeof measurement.sitegate): number => samples.reduce((total, sample) => total + sample.requests, 0);
    expect(sum(measurement.sitegate)).toBeGreaterThan(0);
    expect(sum(measurement.baseline)).toBeGreaterThan(0);
    // Each side's requests reached the server as that side: the cookie only on the sitegate side.
    expect(seen.signedIn).toBeGreaterThanOrEqual(sum(measurement.sitegate));
    expect(seen.anonymous).toBeGreaterThanOrEqual(sum(measurement.baseline));
  });
});

describe('judging the row on CPU', () => {
  const side = (requestsPerSec: number, serverCpuUsPerRequest: number | undefined): Side => ({
    requestsPerSec,
    p99Ms: 3,
    bytesPerResponse: 20_000,
    serverCpuUsPerRequest,
    serverCpuPct: 100,
    loaderCpuPct: 90,
    otherCpuPct: 0,
  });
  const prepared: PreparedScenario = {
    scenario: row,
    request: { headers: {} },
    baselineRequest: { headers: {} },
    capture: { method: 'GET', target: row.path, headers: {}, reply: { status: 200, headers: [], body: Buffer.alloc(0) } },
  };
  /** A result whose req/s ratio is `ratio` and whose CPU µs per request are `signedIn` and `anonymous`. */
  const result = (ratio: number, signedIn: number | undefined, anonymous: number | undefined): ScenarioResult => ({
    prepared,
    sitegate: side(5000 * ratio, signedIn),
    baseline: side(5000, anonymous),
    ratio,
    roundRatios: [ratio],
    starts: 1,
    extraCpuUsPerRequest: undefined,
  });

  it('passes on the CPU ratio when the load generator held req/s level', () => {
    const passing = result(0.99, 40, 36);
    expect(judgedRatioOf(passing)).toBeCloseTo(0.9, 10);
    expect(misses(passing)).toBe(false);
    expect(resultsTable([passing]).split('\n')[2]).toBe(
      '| page HTML, signed-in session | sitegate, anonymous | 4,950 | 3 | 5,000 | 3 | 0.99× sitegate, anonymous | 0.90× sitegate, anonymous | ≥ 0.85× sitegate, anonymous (cpu ratio) | pass |',
    );
  });

  it('misses when the signed-in page costs more than 1 / 0.85 of the anonymous one in CPU, whatever req/s says', () => {
    const missing = result(0.98, 50, 40);
    expect(misses(missing)).toBe(true);
    expect(summaryLine([missing], 61)).toBe(
      'bench: MISS: 1/1 scenarios below their target (page HTML, signed-in session 0.80× sitegate, anonymous cpu (target 0.85×)); ' +
        'tightest page HTML, signed-in session 0.80× sitegate, anonymous cpu (target 0.85×); ' +
        'tightest cpu ratio page HTML, signed-in session 0.80× sitegate, anonymous cpu (target 0.85×); wall time 61 s',
    );
  });

  it('falls back to the req/s ratio where /proc gives no CPU times', () => {
    const noCpu = result(0.8, undefined, undefined);
    expect(judgedRatioOf(noCpu)).toBe(0.8);
    expect(misses(noCpu)).toBe(true);
    expect(resultsTable([noCpu]).split('\n')[2]).toContain('| ≥ 0.85× sitegate, anonymous | **MISS** |');
  });
});
