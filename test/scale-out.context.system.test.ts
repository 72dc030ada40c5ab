/**
 * The composition root's choice of shared services (DESIGN.md "Scale-out"): `DATABASE_URL`
 * selects PostgreSQL for the server and the CLI alike, `REDIS_URL` selects shared rate limits,
 * and an unreachable Redis never stops the server: it serves with local limits and says so.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateCredential } from '../src/auth/api-keys.js';
import { createKeyService } from '../src/auth/keys.js';
import { loadConfig, type Config } from '../src/config/config.js';
import { createContext, openStore, type ServerContext } from '../src/context.js';
import { buildInjectableApp } from './app.js';
import type { Log } from '../src/log.js';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import { SQLITE_FILE } from '../src/store/sqlite.js';
import { apiErrorBody, jsonTokenRequest } from './auth-fixtures.js';
import { freePort } from './free-port.js';
import { EXAMPLE_SITE, TEST_BASE_URL } from './helpers.js';
import { createTestDatabase, type TestDatabase } from './services.js';

const FAILURES = 3;

describe('shared services in the composition root', () => {
  let dataDir: string;
  const contexts: ServerContext[] = [];

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-scale-'));
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const config = (settings: { databaseUrl?: string; redisUrl?: string }): Config =>
    loadConfig(
      { contentDir: EXAMPLE_SITE, baseUrl: TEST_BASE_URL, dataDir, ...settings },
      // PostgreSQL needs a secret shared by the server and the CLI, as an operator gives it.
      { secret: 'scale-out-test-secret-0123456789abcdef' },
      { rateLimits: { authFailures: { points: FAILURES, windowSec: 60 }, clientFailures: { points: FAILURES, windowSec: 60 } } },
    );

  const context = async (settings: Config, log?: Log, now?: () => Date): Promise<ServerContext> => {
    const loaded = loadSnapshot(settings.contentDir, { baseUrl: settings.baseUrl, contentSignal: settings.contentSignal });
    const made = await createContext(settings, loaded.snapshot, { log, now });
    contexts.push(made);
    return made;
  };

  it('with Redis unreachable the server starts, counts failures in memory, and logs one warning', { timeout: 20_000 }, async () => {
    const lines: string[] = [];
    const log: Log = {
      info: (_detail, message) => lines.push(`info: ${message}`),
      warn: (_detail, message) => lines.push(`warn: ${message}`),
      error: (_detail, message) => lines.push(`error: ${message}`),
    };
    const made = await context(config({ redisUrl: `redis://127.0.0.1:${await freePort()}` }), log);
    const app = buildInjectableApp(made);
    try {
      const { credential } = await made.auth.keys.create({ name: 'target', scopes: ['search:read'], expiresAt: null });
      const guess = { grant_type: 'client_credentials', client_id: credential.clientId, client_secret: generateCredential().clientSecret };
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= FAILURES; attempt++) statuses.push((await app.inject(jsonTokenRequest(guess))).statusCode);
      expect(statuses).toStrictEqual([401, 401, 401, 429]);
      const refused = await app.inject(jsonTokenRequest(guess));
      expect(refused.json()).toEqual(apiErrorBody('rate_limited', { message: 'Too many failed authentications from this address.' }));
      expect(lines).toStrictEqual(["warn: redis unreachable: rate limits are counted in this process's memory until it returns"]);
    } finally {
      await app.close();
    }
  });

  describe('with DATABASE_URL', () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createTestDatabase();
    });
    afterEach(async () => {
      for (const each of contexts.splice(0)) await each.close();
      await database.drop();
    });

    it('openStore (the CLI) and the server share PostgreSQL, not the data folder; a CLI revocation reaches the server by NOTIFY', async () => {
      const settings = config({ databaseUrl: database.url });
      // A frozen clock: the server's cache never expires, so only a notification can drop it.
      const frozen = new Date();
      const made = await context(settings, undefined, () => frozen);
      const cli = await openStore(settings);
      try {
        const { key, credential } = await createKeyService(cli).create({ name: 'from-cli', scopes: ['search:read'], expiresAt: null });
        expect(await made.auth.keys.verify(credential.clientId, credential.clientSecret)).toStrictEqual({ ok: true, key });
        expect(made.auth.keys.cachedActiveKey(key.id)).toStrictEqual(key);
        expect(await createKeyService(cli).revoke(key.id)).toBe(true);
        await expect.poll(() => made.auth.keys.cachedActiveKey(key.id), { timeout: 2000, interval: 10 }).toBeUndefined();
        expect(await made.auth.keys.verify(credential.clientId, credential.clientSecret)).toStrictEqual({ ok: false, reason: 'revoked' });
      } finally {
        await cli.close();
      }
      expect(existsSync(path.join(dataDir, SQLITE_FILE))).toBe(false);
    });

    it('a client_id holding a NUL (which PostgreSQL refuses in text) is a 401 invalid_client, audited as no client', async () => {
      const settings = config({ databaseUrl: database.url });
      const made = await context(settings);
      const app = buildInjectableApp(made);
      const cli = await openStore(settings);
      try {
        const json = await app.inject(jsonTokenRequest({ grant_type: 'client_credentials', client_id: 'sgc_\u0000', client_secret: 'x' }));
        expect(json.statusCode).toBe(401);
        expect(json.json()).toEqual(apiErrorBody('invalid_client'));
        const basic = await app.inject({
          method: 'POST',
          url: '/api/v1/oauth/token',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from('sgc_%00:x').toString('base64')}`,
          },
          payload: 'grant_type=client_credentials',
        });
        expect(basic.statusCode).toBe(401);
        // Both failures reach the audit log: the batch holding them was written.
        await expect
          .poll(async () => (await cli.listAudit(new Date(0), 10)).map(({ type, clientId }) => ({ type, clientId })), { timeout: 5000 })
          .toStrictEqual([
            { type: 'auth_failed', clientId: null },
            { type: 'auth_failed', clientId: null },
          ]);
      } finally {
        await app.close();
        await cli.close();
      }
    });
  });
});
