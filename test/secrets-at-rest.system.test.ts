/**
 * Secrets at rest (DESIGN.md "Secrets at rest"; sitegate issue 11, items 9 and 11): the data
 * folder's modes, signing keys sealed in SQLite and PostgreSQL, the secret's resolution and its
 * failures, signing-key rotation, and the token lifetime cap.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectableApp } from './app.js';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyService } from '../src/auth/keys.js';
import { createTokenService, rotateSigningKey, SIGNING_KEY_REFRESH_MS, TOKEN_LIFETIME_LEEWAY_SEC } from '../src/auth/access-tokens.js';
import { ConfigError, loadConfig, type Config } from '../src/config/config.js';
import { openStore, type ServerContext } from '../src/context.js';
import type { Log } from '../src/log.js';
import { isSealed } from '../src/store/key-encryption.js';
import { WRONG_SECRET } from '../src/store/sealed-signing-keys.js';
import { POSTGRES_SECRET_REQUIRED, SECRET_FILE } from '../src/store/secret.js';
import { openSqliteStore, SQLITE_FILE } from '../src/store/sqlite.js';
import type { Store } from '../src/store/store.js';
import { apiErrorBody, invalidTokenChallenge, manualClock, obtainToken, type ManualClock } from './auth-fixtures.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, TEST_BASE_URL } from './helpers.js';
import { createTestDatabase, type TestDatabase } from './services.js';

const SECRET_A = 'a'.repeat(16) + 'secret-number-one-0123456789';
const SECRET_B = 'b'.repeat(16) + 'secret-number-two-0123456789';
const TTL_SEC = 600;

const mode = (file: string): string => `0${(statSync(file).mode & 0o777).toString(8)}`;

/** A log that keeps its lines. */
function recordingLog(): Log & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (_detail, message) => lines.push(`info: ${message}`),
    warn: (_detail, message) => lines.push(`warn: ${message}`),
    error: (_detail, message) => lines.push(`error: ${message}`),
  };
}

/** Every byte of every file in `dir` (the database, its WAL, the secret…), to search for leaks. */
function allBytes(dir: string): Buffer {
  return Buffer.concat(readdirSync(dir).map((name) => readFileSync(path.join(dir, name))));
}

/** The private JWK's `d` of the store's active key, opened through the sealed store. */
async function privateD(store: Store): Promise<string> {
  const [record] = await store.listSigningKeys();
  const d = (JSON.parse(record?.privateJwk ?? '{}') as JWK).d;
  if (d === undefined) throw new Error('no private key');
  return d;
}

describe('secrets at rest', () => {
  let root: string;
  let dataDir: string;
  const closers: (() => Promise<unknown>)[] = [];

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'sitegate-secrets-'));
    dataDir = path.join(root, 'data');
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    rmSync(root, { recursive: true, force: true });
  });

  const config = (flags: Parameters<typeof loadConfig>[0] = {}, env: Parameters<typeof loadConfig>[1] = {}): Config =>
    loadConfig({ contentDir: EXAMPLE_SITE, baseUrl: TEST_BASE_URL, dataDir, tokenTtl: TTL_SEC, ...flags }, env);

  const open = async (settings: Config, log?: Log): Promise<Store> => {
    const store = await openStore(settings, undefined, log);
    closers.push(() => store.close());
    return store;
  };

  /** Opens the store the server opens and makes its first signing key, as `serve` does. */
  const openWithKey = async (settings: Config, log?: Log): Promise<Store> => {
    const store = await open(settings, log);
    await createTokenService(store, createKeyService(store), { issuer: TEST_BASE_URL, audience: TEST_BASE_URL, ttlSec: TTL_SEC });
    return store;
  };

  describe('file modes', () => {
    it('creates the data folder 0700 and the database, its -wal and -shm, and the generated secret 0600', async () => {
      await openWithKey(config());
      expect(mode(dataDir)).toBe('0700');
      const files = readdirSync(dataDir).sort();
      expect(files).toStrictEqual([SECRET_FILE, SQLITE_FILE, `${SQLITE_FILE}-shm`, `${SQLITE_FILE}-wal`]);
      for (const file of files) expect([file, mode(path.join(dataDir, file))]).toStrictEqual([file, '0600']);
    });

    it('tightens an existing 0755 folder and 0644 files at start, and logs one line for each', async () => {
      const first = await openWithKey(config());
      await first.close();
      chmodSync(dataDir, 0o755);
      for (const file of [SECRET_FILE, SQLITE_FILE]) chmodSync(path.join(dataDir, file), 0o644);
      const log = recordingLog();
      await openWithKey(config(), log);
      expect(mode(dataDir)).toBe('0700');
      for (const file of readdirSync(dataDir)) expect([file, mode(path.join(dataDir, file))]).toStrictEqual([file, '0600']);
      expect(log.lines).toStrictEqual([
        `warn: tightened ${dataDir} from 0755 to 0700`,
        `warn: tightened ${path.join(dataDir, SECRET_FILE)} from 0644 to 0600`,
        `warn: tightened ${path.join(dataDir, SQLITE_FILE)} from 0644 to 0600`,
      ]);
    });
  });

  describe('SQLite', () => {
    it('holds no private key material in clear: neither the base64url `d` nor its raw bytes, in any file', async () => {
      const store = await openWithKey(config());
      const d = await privateD(store);
      const raw = await openSqliteStore(dataDir);
      const [stored] = await raw.listSigningKeys();
      expect(isSealed(stored?.privateJwk ?? '')).toBe(true);
      await raw.close();
      await store.close();
      const bytes = allBytes(dataDir);
      expect(bytes.length).toBeGreaterThan(4096);
      expect(bytes.includes(Buffer.from(d, 'utf8'))).toBe(false);
      expect(bytes.includes(Buffer.from(d, 'base64url'))).toBe(false);
    });

    it('generates the secret once and reuses it: a second start opens the same key', async () => {
      const store = await openWithKey(config());
      const d = await privateD(store);
      const secret = readFileSync(path.join(dataDir, SECRET_FILE), 'utf8');
      expect(secret).toMatch(/^[\w-]{43}\n$/);
      await store.close();
      const again = await openWithKey(config());
      expect(await privateD(again)).toBe(d);
      expect(readFileSync(path.join(dataDir, SECRET_FILE), 'utf8')).toBe(secret);
    });

    it('encrypts keys an older version stored in clear, in place, keeping the kid; tokens signed before still verify', async () => {
      const legacy = await openSqliteStore(dataDir);
      const legacyKeys = createKeyService(legacy);
      const legacyTokens = await createTokenService(legacy, legacyKeys, {
        issuer: TEST_BASE_URL,
        audience: TEST_BASE_URL,
        ttlSec: TTL_SEC,
      });
      const { key } = await legacyKeys.create({ name: 'before', scopes: ['search:read'], expiresAt: null });
      const { token } = await legacyTokens.issue(key.id, ['search:read']);
      const [clear] = await legacy.listSigningKeys();
      await legacy.close();
      expect(isSealed(clear?.privateJwk ?? '')).toBe(false);

      const log = recordingLog();
      const store = await open(config({}, { secret: SECRET_A }), log);
      expect(log.lines).toStrictEqual(['info: encrypted 1 signing keys stored in clear']);
      expect(await store.listSigningKeys()).toStrictEqual([clear]);
      const keys = createKeyService(store);
      const tokens = await createTokenService(store, keys, { issuer: TEST_BASE_URL, audience: TEST_BASE_URL, ttlSec: TTL_SEC });
      expect((await tokens.verify(token)).clientId).toBe(key.id);
      await store.close();
      const raw = await openSqliteStore(dataDir);
      closers.push(() => raw.close());
      const [sealed] = await raw.listSigningKeys();
      expect({ ...sealed, privateJwk: isSealed(sealed?.privateJwk ?? '') }).toStrictEqual({ ...clear, privateJwk: true });
      expect(allBytes(dataDir).includes(Buffer.from((JSON.parse(clear?.privateJwk ?? '{}') as JWK).d ?? '-', 'utf8'))).toBe(false);
    });

    it('refuses to start with a wrong secret, and writes no new key', async () => {
      await (await openWithKey(config({}, { secret: SECRET_A }))).close();
      const raw = await openSqliteStore(dataDir);
      const before = await raw.listSigningKeys();
      await raw.close();
      const refused = openStore(config({}, { secret: SECRET_B }));
      await expect(refused).rejects.toThrow(new ConfigError(WRONG_SECRET));
      await expect(refused).rejects.toBeInstanceOf(ConfigError);
      const after = await openSqliteStore(dataDir);
      closers.push(() => after.close());
      expect(await after.listSigningKeys()).toStrictEqual(before);
    });

    it('takes the secret from --secret-file, and SITEGATE_SECRET from the environment, before generating one', async () => {
      const secretFile = path.join(root, 'secret.txt');
      writeFileSync(secretFile, `${SECRET_A}\n`);
      await (await openWithKey(config({ secretFile }))).close();
      expect(existsSync(path.join(dataDir, SECRET_FILE))).toBe(false);
      // The same secret given through the environment opens the same keys.
      await expect(open(config({}, { secret: SECRET_A }))).resolves.toBeDefined();
      await expect(openStore(config({}, { secret: SECRET_B }))).rejects.toThrow(WRONG_SECRET);
    });

    it('refuses a short SITEGATE_SECRET and an unreadable secret file, naming the setting', () => {
      expect(() => config({}, { secret: 'short' })).toThrow(
        new ConfigError('SITEGATE_SECRET: must be at least 32 characters (e.g. the output of openssl rand -base64 32)'),
      );
      const missing = path.join(root, 'missing');
      return expect(openStore(config({ secretFile: missing }))).rejects.toThrow(
        new ConfigError(`--secret-file: cannot read ${missing} (ENOENT)`),
      );
    });
  });

  describe('PostgreSQL', () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createTestDatabase();
      closers.push(() => database.drop());
    });

    it('refuses to start without a configured secret, with the exact message, creating nothing', async () => {
      const refused = openStore(config({ databaseUrl: database.url }));
      await expect(refused).rejects.toThrow(new ConfigError(POSTGRES_SECRET_REQUIRED));
      expect(POSTGRES_SECRET_REQUIRED).toBe(
        'no secret configured: replicas sharing PostgreSQL encrypt their signing keys with one secret; set SITEGATE_SECRET or --secret-file (the same on every replica and for the CLI)',
      );
      expect(existsSync(dataDir)).toBe(false);
    });

    it('stores only sealed private keys in its rows, and refuses a wrong secret', async () => {
      const store = await openWithKey(config({ databaseUrl: database.url }, { secret: SECRET_A }));
      const d = await privateD(store);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ private_jwk: string }>('select private_jwk from signing_keys');
        expect(rows).toHaveLength(1);
        for (const row of rows) {
          expect(isSealed(row.private_jwk)).toBe(true);
          expect(row.private_jwk.includes(d)).toBe(false);
          expect(Buffer.from(row.private_jwk, 'utf8').includes(Buffer.from(d, 'base64url'))).toBe(false);
        }
      } finally {
        await client.end();
      }
      await expect(openStore(config({ databaseUrl: database.url }, { secret: SECRET_B }))).rejects.toThrow(new ConfigError(WRONG_SECRET));
    });
  });
});

describe('signing-key rotation and the lifetime cap', () => {
  let app: InjectableApp;
  let context: ServerContext;
  let clock: ManualClock;
  let dataDir: string;

  beforeEach(async () => {
    clock = manualClock();
    dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-rotation-'));
    ({ app, context } = await buildTestApp(EXAMPLE_SITE, { dataDir, now: clock.now, settings: { tokenTtl: TTL_SEC } }));
  });
  afterEach(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const whoami = (token: string): Promise<LightMyRequestResponse> =>
    app.inject({ url: '/api/v1/whoami', headers: { authorization: `Bearer ${token}` } });
  const jwksKids = async (): Promise<unknown[]> =>
    (await app.inject({ url: '/.well-known/jwks.json' })).json<{ keys: { kid: string }[] }>().keys.map((key) => key.kid);

  it('keeps old tokens valid until they expire, signs new ones with the new kid, publishes both, then only the new one', async () => {
    const client = await issueKey(context, ['search:read']);
    const oldToken = await obtainToken(app, client);
    const oldKid = decodeProtectedHeader(oldToken).kid;
    clock.advance(1000);
    const rotatedAt = clock.now().getTime();
    const rotation = await rotateSigningKey(context.store, { ttlSec: TTL_SEC, now: clock.now });
    expect(rotation.retiredUntil.getTime()).toBe(rotatedAt + TTL_SEC * 1000 + SIGNING_KEY_REFRESH_MS);
    // What the PostgreSQL change feed does on the store's announcement.
    context.auth.tokens.invalidate({ kind: 'signingKey', kid: rotation.kid });
    await expect.poll(jwksKids).toStrictEqual([oldKid, rotation.kid]);

    const newToken = await obtainToken(app, client);
    expect(decodeProtectedHeader(newToken).kid).toBe(rotation.kid);
    clock.advance(TTL_SEC * 1000 - 2000); // one second before the old token expires
    expect((await whoami(oldToken)).statusCode).toBe(200);
    expect((await whoami(newToken)).statusCode).toBe(200);
    expect(await jwksKids()).toStrictEqual([oldKid, rotation.kid]);

    clock.advance(rotation.retiredUntil.getTime() - clock.now().getTime());
    expect(await jwksKids()).toStrictEqual([rotation.kid]);
    expect((await whoami(await obtainToken(app, client))).statusCode).toBe(200);
  });

  it('refuses a fresh token signed with a retired key once its end has passed', async () => {
    const client = await issueKey(context, ['search:read']);
    const [old] = await context.store.listSigningKeys();
    const rotation = await rotateSigningKey(context.store, { ttlSec: TTL_SEC, now: clock.now });
    context.auth.tokens.invalidate({ kind: 'signingKey', kid: rotation.kid });
    await expect.poll(jwksKids).toHaveLength(2);
    clock.advance(rotation.retiredUntil.getTime() - clock.now().getTime());
    const iat = Math.floor(clock.now().getTime() / 1000);
    const token = await sign(old?.privateJwk ?? '', old?.kid ?? '', claimsFor(client.clientId, iat, iat + TTL_SEC));
    const response = await whoami(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual(apiErrorBody('invalid_token'));
  });

  /** RFC 9068 claims as sitegate issues them, with the given iat and exp (s). */
  const claimsFor = (clientId: string, iat: number, exp: number): Record<string, unknown> => ({
    iss: TEST_BASE_URL,
    aud: TEST_BASE_URL,
    sub: clientId,
    client_id: clientId,
    scope: 'search:read',
    iat,
    exp,
    jti: `jti-${String(iat)}-${String(exp)}`,
  });

  async function sign(privateJwk: string, kid: string, claims: Record<string, unknown>): Promise<string> {
    const key = await importJWK(JSON.parse(privateJwk) as JWK, 'EdDSA');
    return new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid }).sign(key);
  }

  it.each([
    ['a lifetime one second over the cap', TTL_SEC + TOKEN_LIFETIME_LEEWAY_SEC + 1, 0],
    ['a one-year lifetime', 365 * 24 * 3600, 0],
    ['an iat in the future', TTL_SEC, TOKEN_LIFETIME_LEEWAY_SEC + 1],
  ])('refuses a token signed with the real key with %s: 401 invalid_token, the exact body', async (_label, lifetimeSec, aheadSec) => {
    const client = await issueKey(context, ['search:read', 'internal:read']);
    const [record] = await context.store.listSigningKeys();
    const iat = Math.floor(clock.now().getTime() / 1000) + aheadSec;
    const token = await sign(record?.privateJwk ?? '', record?.kid ?? '', claimsFor(client.clientId, iat, iat + lifetimeSec));
    const response = await whoami(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual(apiErrorBody('invalid_token'));
    expect(response.headers['www-authenticate']).toBe(invalidTokenChallenge(apiErrorBody('invalid_token').message));
  });

  it('accepts a token at the cap (lifetime + leeway), signed with the real key', async () => {
    const client = await issueKey(context, ['search:read']);
    const [record] = await context.store.listSigningKeys();
    const iat = Math.floor(clock.now().getTime() / 1000);
    const token = await sign(
      record?.privateJwk ?? '',
      record?.kid ?? '',
      claimsFor(client.clientId, iat, iat + TTL_SEC + TOKEN_LIFETIME_LEEWAY_SEC),
    );
    expect((await whoami(token)).statusCode).toBe(200);
  });
});
