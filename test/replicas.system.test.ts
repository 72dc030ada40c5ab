/**
 * Scale-out end to end (issue 5): two real `sitegate serve` processes on one PostgreSQL database
 * and one Redis key prefix, made for this run, with the operator's CLI on the same database.
 * Keys and tokens work on every replica, revocations through either reach the other within 2 s,
 * and the brute-force budget is one budget, not one per replica. Each test speaks from a
 * loopback address of its own (127.x.y.z), so per-address limits of one test never touch another.
 */
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCredential } from '../src/auth/api-keys.js';
import { freePort } from './free-port.js';
import { EXAMPLE_SITE } from './helpers.js';
import { createTestDatabase, deleteRedisKeys, REDIS_URL, uniqueName, type TestDatabase } from './services.js';
import { Cli as SitegateProcess } from './cli-process.js';

/** The public URL both replicas share, as behind a load balancer: it is the tokens' `iss` and `aud`. */
const PUBLIC_URL = 'http://replicas.sitegate.test';
/** Failed authentications allowed per address and per client in this test's sitegate.json. */
const FAILURE_LIMIT = 6;
const START_TIMEOUT_MS = 60_000;
const CLI_TIMEOUT_MS = 45_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** How soon a change through one replica or the CLI must be honoured by every replica (DESIGN.md "Scale-out"). */
const PROPAGATION_MS = 2000;

interface Created {
  client_id: string;
  client_secret: string;
  api_key: string;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A loopback address no other test uses, e.g. `127.83.4.201`. */
function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * One HTTP request from `from` (a loopback source address), so the replica sees that client address.
 * @throws on network errors or after {@link REQUEST_TIMEOUT_MS}
 */
function send(
  url: string,
  from: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: from, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A running replica: the process and its origin. */
interface Replica {
  process: SitegateProcess;
  origin: string;
}

describe('two replicas on one PostgreSQL and one Redis', { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let redisKeyPrefix: string;
  let cwd: string;
  let env: NodeJS.ProcessEnv;
  const replicas: Replica[] = [];
  const children: SitegateProcess[] = [];

  /** Runs the operator's CLI on the replicas' database and returns its stdout. @throws unless it exits 0 */
  async function sitegate(...args: string[]): Promise<string> {
    const cli = new SitegateProcess(args, cwd, env);
    children.push(cli);
    const exit = await cli.exited(CLI_TIMEOUT_MS);
    expect(exit, cli.stderr).toStrictEqual({ code: 0, signal: null });
    return cli.stdout;
  }

  async function createKey(name: string): Promise<Created> {
    return JSON.parse(await sitegate('keys', 'create', '--name', name, '--scopes', 'search:read,content:read', '--json')) as Created;
  }

  const whoami = async (replica: Replica, from: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> => {
    const answer = await send(`${replica.origin}/api/v1/whoami`, from, { headers });
    return { status: answer.status, body: JSON.parse(answer.body) };
  };
  const authenticated = (scheme: 'apiKey' | 'bearer'): { status: number; body: unknown } => ({
    status: 200,
    body: { authenticated: true, scheme, scopes: ['search:read', 'content:read'] },
  });

  const tokenRequest = (replica: Replica, from: string, clientId: string, clientSecret: string): Promise<Answer> =>
    send(`${replica.origin}/api/v1/oauth/token`, from, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });

  async function token(replica: Replica, from: string, key: Created): Promise<string> {
    const answer = await tokenRequest(replica, from, key.client_id, key.client_secret);
    expect(answer.status, answer.body).toBe(200);
    return (JSON.parse(answer.body) as { access_token: string }).access_token;
  }

  /**
   * Polls `probe` every 50 ms from `since` until it answers `status`.
   * @returns the milliseconds from `since` to that answer
   * @throws (an assertion) when that answer comes later than {@link PROPAGATION_MS}
   */
  async function msUntil(since: number, status: number, probe: () => Promise<{ status: number; body: unknown }>): Promise<number> {
    const seen: number[] = [];
    for (;;) {
      const answer = await probe();
      const elapsedMs = Math.round(performance.now() - since);
      seen.push(answer.status);
      expect(elapsedMs, `statuses while polling: ${seen.join(',')}`).toBeLessThanOrEqual(PROPAGATION_MS);
      if (answer.status === status) return elapsedMs;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  // Shared, as two server processes on PostgreSQL and Redis are slow to start: every test creates its
  // own key and sends from its own loopback address, so no key, token or budget is used by two tests.
  beforeAll(async () => {
    database = await createTestDatabase();
    redisKeyPrefix = `${uniqueName()}:`;
    cwd = mkdtempSync(path.join(tmpdir(), 'sitegate-replicas-'));
    const limit = { points: FAILURE_LIMIT, windowSec: 600 };
    writeFileSync(path.join(cwd, 'sitegate.json'), JSON.stringify({ rateLimits: { authFailures: limit, clientFailures: limit } }));
    env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      SITEGATE_REDIS_KEY_PREFIX: redisKeyPrefix,
      SITEGATE_BASE_URL: PUBLIC_URL,
      SITEGATE_LOG_LEVEL: 'warn',
      // The secret every replica and the CLI share: it seals the signing keys in PostgreSQL.
      SITEGATE_SECRET: 'replicas-test-secret-0123456789abcdef',
      // Nothing may land here: with DATABASE_URL set, the data folder stays unused.
      SITEGATE_DATA_DIR: path.join(cwd, 'unused-data'),
    };
    // Both start at once on the empty database: the migrations and the first signing key race.
    const ports = [await freePort(), await freePort()];
    const started = ports.map((port) => {
      const child = new SitegateProcess(['serve', EXAMPLE_SITE, '--port', String(port)], cwd, env);
      children.push(child);
      return { process: child, origin: `http://127.0.0.1:${port}` };
    });
    for (const replica of started) await replica.process.waitForStdout(/listening on /, START_TIMEOUT_MS);
    replicas.push(...started);
  }, 2 * START_TIMEOUT_MS);

  afterAll(async () => {
    for (const child of children) {
      if (!child.running) continue;
      child.child.kill('SIGTERM');
      await child.exited(20_000).catch(() => {
        child.child.kill('SIGKILL');
        return child.exited(10_000);
      });
    }
    await database.drop();
    await deleteRedisKeys(redisKeyPrefix);
    rmSync(cwd, { recursive: true, force: true });
  }, 60_000);

  const replica = (index: 0 | 1): Replica => {
    const found = replicas[index];
    if (found === undefined) throw new Error('replicas did not start');
    return found;
  };

  it('the replicas started together share one signing key and publish the same JWKS; the data folder stays unused', async () => {
    const from = loopbackAddress();
    const [a, b] = await Promise.all([
      send(`${replica(0).origin}/.well-known/jwks.json`, from),
      send(`${replica(1).origin}/.well-known/jwks.json`, from),
    ]);
    expect(a.status).toBe(200);
    expect((JSON.parse(a.body) as { keys: unknown[] }).keys).toHaveLength(1);
    expect(b.body).toBe(a.body);
    expect(existsSync(path.join(cwd, 'unused-data'))).toBe(false);
  });

  it('a key created by the CLI works on both replicas, and a token from either works on the other', async () => {
    const from = loopbackAddress();
    const key = await createKey('both');
    for (const index of [0, 1] as const)
      expect(await whoami(replica(index), from, { 'x-api-key': key.api_key })).toStrictEqual(authenticated('apiKey'));
    const fromA = await token(replica(0), from, key);
    const fromB = await token(replica(1), from, key);
    expect(await whoami(replica(1), from, { authorization: `Bearer ${fromA}` })).toStrictEqual(authenticated('bearer'));
    expect(await whoami(replica(0), from, { authorization: `Bearer ${fromB}` })).toStrictEqual(authenticated('bearer'));
    const listed = JSON.parse(await sitegate('keys', 'list', '--json')) as { client_id: string; status: string }[];
    expect(listed.find((each) => each.client_id === key.client_id)?.status).toBe('active');
  });

  it('a token revoked through replica A (RFC 7009) is refused by replica B within 2 s', async () => {
    const from = loopbackAddress();
    const key = await createKey('revoke-token');
    const accessToken = await token(replica(0), from, key);
    const bearer = { authorization: `Bearer ${accessToken}` };
    // Warm B's caches (verified token, key, "not revoked") so the test sees the worst case.
    expect(await whoami(replica(1), from, bearer)).toStrictEqual(authenticated('bearer'));
    expect(await whoami(replica(1), from, bearer)).toStrictEqual(authenticated('bearer'));

    const revoked = await send(`${replica(0).origin}/api/v1/oauth/revoke`, from, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: accessToken, client_id: key.client_id, client_secret: key.client_secret }).toString(),
    });
    const revokedAt = performance.now();
    expect(revoked.status, revoked.body).toBe(200);
    await msUntil(revokedAt, 401, () => whoami(replica(1), from, bearer));
    expect(await whoami(replica(1), from, bearer)).toMatchObject({
      status: 401,
      body: { error: true, code: 'invalid_token', status: 401 },
    });
    expect(await whoami(replica(0), from, bearer)).toMatchObject({ status: 401, body: { code: 'invalid_token' } });
    // The key itself stays good: a new token works on both.
    const fresh = await token(replica(1), from, key);
    expect(await whoami(replica(0), from, { authorization: `Bearer ${fresh}` })).toStrictEqual(authenticated('bearer'));
  });

  it('a key revoked with the CLI is refused by both replicas within 2 s, its API key and its tokens', async () => {
    const from = loopbackAddress();
    const key = await createKey('revoke-key');
    const tokens = [await token(replica(0), from, key), await token(replica(1), from, key)];
    const probes = [0, 1].flatMap((index) => [
      { replica: replica(index as 0 | 1), headers: { 'x-api-key': key.api_key } },
      ...tokens.map((each) => ({ replica: replica(index as 0 | 1), headers: { authorization: `Bearer ${each}` } })),
    ]);
    for (const probe of probes) expect((await whoami(probe.replica, from, probe.headers)).status).toBe(200);

    const revoking = new SitegateProcess(['keys', 'revoke', key.client_id], cwd, env);
    children.push(revoking);
    // The line is printed once the revocation is committed: the clock starts there.
    await revoking.waitForStdout(/^Revoked key /m, CLI_TIMEOUT_MS);
    const revokedAt = performance.now();
    await Promise.all(probes.map((probe) => msUntil(revokedAt, 401, () => whoami(probe.replica, from, probe.headers))));
    // Six refusals spent this address's failure budget; ask from another one.
    expect(await whoami(replica(1), loopbackAddress(), { 'x-api-key': key.api_key })).toMatchObject({
      status: 401,
      body: { code: 'invalid_api_key' },
    });
    expect(await revoking.exited(CLI_TIMEOUT_MS)).toStrictEqual({ code: 0, signal: null });
  });

  it('a secret rotated with the CLI works on both replicas within 2 s, and the old one during its grace', async () => {
    const from = loopbackAddress();
    const key = await createKey('rotate');
    for (const index of [0, 1] as const)
      expect((await tokenRequest(replica(index), from, key.client_id, key.client_secret)).status).toBe(200);
    const rotated = JSON.parse(await sitegate('keys', 'rotate', key.client_id, '--grace', '1h', '--json')) as Created;
    const rotatedAt = performance.now();
    for (const index of [0, 1] as const) {
      await msUntil(rotatedAt, 200, async () => ({
        ...(await tokenRequest(replica(index), from, rotated.client_id, rotated.client_secret)),
        body: null,
      }));
      expect(await whoami(replica(index), from, { 'x-api-key': rotated.api_key })).toStrictEqual(authenticated('apiKey'));
      expect((await tokenRequest(replica(index), from, key.client_id, key.client_secret)).status).toBe(200);
    }
  });

  it('the brute-force budget is shared: wrong secrets sent to both replicas in turn get at most the limit of answers before 429', async () => {
    const from = loopbackAddress();
    const key = await createKey('target');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4 * FAILURE_LIMIT; attempt++) {
      const answer = await tokenRequest(replica((attempt % 2) as 0 | 1), from, key.client_id, generateCredential().clientSecret);
      statuses.push(answer.status);
    }
    const answered = statuses.filter((status) => status !== 429);
    expect(answered.length, statuses.join(',')).toBeLessThanOrEqual(FAILURE_LIMIT);
    // Requests are sent one at a time, so the shared counter is exact: the first FAILURE_LIMIT
    // are refused as wrong secrets, every later one as over the limit (with memory counters,
    // each replica would have allowed FAILURE_LIMIT of its own).
    expect(statuses).toStrictEqual([...Array<number>(FAILURE_LIMIT).fill(401), ...Array<number>(3 * FAILURE_LIMIT).fill(429)]);
    // The real secret is refused too while the budgets are spent: from that address…
    expect((await tokenRequest(replica(0), from, key.client_id, key.client_secret)).status).toBe(429);
    // …but never from another address, on either replica: the attacker cannot lock the client out;
    expect((await tokenRequest(replica(1), loopbackAddress(), key.client_id, key.client_secret)).status).toBe(200);
    expect((await tokenRequest(replica(0), loopbackAddress(), key.client_id, key.client_secret)).status).toBe(200);
    // and another client from another address is not affected.
    const bystander = await createKey('bystander');
    expect((await tokenRequest(replica(1), loopbackAddress(), bystander.client_id, bystander.client_secret)).status).toBe(200);
  });
});
