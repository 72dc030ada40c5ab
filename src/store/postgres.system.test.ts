import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test/services.js';
import { migrationProvider } from './schema.js';
import { openPostgresStore } from './postgres.js';
import { CHANGES_CHANNEL, parseChangePayload } from './postgres-changes.js';
import type { AgentGrantRecord, AuthorizationCodeRecord, SessionRecord, SigningKeyRecord, Store, StoreChange } from './store.js';
import { describeStoreContract } from './store.contract.js';

describeStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  const store = await openPostgresStore(database.url);
  const stores: Store[] = [store];
  return {
    store,
    async openAnother() {
      const another = await openPostgresStore(database.url);
      stores.push(another);
      return another;
    },
    async cleanup() {
      for (const each of stores) await each.close();
      await database.drop();
    },
  };
});

const SIGNING_KEY: SigningKeyRecord = {
  kid: 'kid-1',
  alg: 'EdDSA',
  privateJwk: '{"d":"x"}',
  publicJwk: '{"x":"y"}',
  createdAt: new Date('2030-01-01T00:00:00.001Z'),
  expiresAt: null,
};

/** Resolves with the changes `store` announced once `count` have arrived. @throws after 5 s */
function collect(changes: StoreChange[], count: number): Promise<StoreChange[]> {
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`only ${changes.length} of ${count} changes arrived: ${JSON.stringify(changes)}`));
    }, 5000);
    const poll = setInterval(() => {
      if (changes.length < count) return;
      clearInterval(poll);
      clearTimeout(deadline);
      resolve(changes);
    }, 5);
  });
}

describe('openPostgresStore', () => {
  let database: TestDatabase;
  const opened: Store[] = [];

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    await database.drop();
  });

  const open = async (): Promise<Store> => {
    const store = await openPostgresStore(database.url);
    opened.push(store);
    return store;
  };

  it('lets several replicas open a new database at once: each migrates it, none fails, every migration runs once', async () => {
    const stores = await Promise.all([open(), open(), open(), open()]);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>('select name from kysely_migration order by name');
    const tables = await client.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    await client.end();
    expect(rows.map((row) => row.name)).toStrictEqual(Object.keys(await migrationProvider('postgres').getMigrations()));
    expect(tables.rows.map((row) => row.table_name)).toStrictEqual([
      'agent_grants',
      'analytics_counts',
      'analytics_zero_results',
      'api_keys',
      'audit_events',
      'authorization_codes',
      'kysely_migration',
      'kysely_migration_lock',
      'oauth_clients',
      'refresh_tokens',
      'revoked_tokens',
      'sessions',
      'signing_keys',
    ]);
    expect(await stores[3].listKeys()).toStrictEqual([]);
  });

  it('announces each committed change to every watcher, its own process included, and stops when asked', async () => {
    const writer = await open();
    const reader = await open();
    const heardByReader: StoreChange[] = [];
    const heardByWriter: StoreChange[] = [];
    const stopReader = await reader.watch((change) => heardByReader.push(change));
    const stopWriter = await writer.watch((change) => heardByWriter.push(change));
    const key = {
      id: 'sgc_watch00000000000',
      name: 'watched',
      scopes: [],
      secretHash: 'ab'.repeat(32),
      previousSecretHash: null,
      previousSecretExpiresAt: null,
      createdAt: new Date('2030-01-01T00:00:00.000Z'),
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
    };
    await writer.createKey(key);
    await writer.rotateKey(key.id, 'cd'.repeat(32), new Date('2030-01-02T00:00:00.000Z'));
    await writer.touchKey(key.id, new Date('2030-01-01T00:00:01.000Z'));
    await writer.revokeKey(key.id, new Date('2030-01-01T00:00:02.000Z'));
    // Nothing changed: no announcement.
    await writer.revokeKey(key.id, new Date('2030-01-01T00:00:03.000Z'));
    await writer.revokeToken({ jti: 'jti-1', clientId: key.id, expiresAt: new Date('2030-01-01T01:00:00.000Z'), revokedAt: new Date() });
    expect(await writer.addFirstSigningKey(SIGNING_KEY)).toBe(true);
    expect(await writer.addFirstSigningKey({ ...SIGNING_KEY, kid: 'kid-2' })).toBe(false);
    await writer.appendAudit({ at: new Date(), type: 'key_created', clientId: null, address: null, detail: null });
    // Rotation (`keys rotate-signing`): replicas reload their keys; pruning announces nothing.
    await writer.rotateSigningKey({ ...SIGNING_KEY, kid: 'kid-rotated' }, new Date('2030-01-01T02:00:00.000Z'));
    await writer.pruneSigningKeys(new Date('2030-01-01T02:00:00.000Z'));
    await writer.pruneRevokedTokens(new Date('2030-01-01T02:00:00.000Z'));
    await writer.pruneAudit(new Date('2031-01-01T00:00:00.000Z'));
    const expected: StoreChange[] = [
      { kind: 'key', id: key.id },
      { kind: 'key', id: key.id },
      { kind: 'key', id: key.id },
      { kind: 'token', jti: 'jti-1' },
      { kind: 'signingKey', kid: 'kid-1' },
      { kind: 'signingKey', kid: 'kid-rotated' },
    ];
    expect(await collect(heardByReader, 6)).toStrictEqual(expected);
    expect(await collect(heardByWriter, 6)).toStrictEqual(expected);
    await stopReader();
    await writer.addSigningKey({ ...SIGNING_KEY, kid: 'kid-3' });
    expect(await collect(heardByWriter, 7)).toStrictEqual([...expected, { kind: 'signingKey', kid: 'kid-3' }]);
    expect(heardByReader).toHaveLength(6);
    await stopWriter();
  });

  it('announces each session a revocation revoked, by id, to every watcher; creating, touching, listing and pruning announce nothing', async () => {
    const writer = await open();
    const reader = await open();
    const heard: StoreChange[] = [];
    const stop = await reader.watch((change) => heard.push(change));
    const session = (n: number, subject: string): SessionRecord => ({
      id: `sgs_${String(n).padStart(22, '0')}`,
      secretHash: String(n).padStart(2, '0').repeat(32),
      subject,
      name: subject,
      email: null,
      scopes: ['internal:read'],
      createdAt: new Date(`2030-01-01T00:00:0${String(n)}.000Z`),
      lastSeenAt: new Date(`2030-01-01T00:00:0${String(n)}.000Z`),
      expiresAt: new Date('2030-01-01T08:00:00.000Z'),
      revokedAt: null,
    });
    const at = new Date('2030-01-01T01:00:00.000Z');
    for (const [n, subject] of [
      [1, 'alice'],
      [2, 'alice'],
      [3, 'bob'],
      [4, 'carol'],
      [5, 'dave'],
    ] as const)
      await writer.createSession(session(n, subject));
    await writer.touchSession(session(1, 'alice').id, at);
    await writer.listSessions(at);
    expect(await writer.revokeSessions({ id: session(3, 'bob').id }, at)).toHaveLength(1);
    // Nothing revoked: no announcement, no audit.
    expect(
      await writer.revokeSessions({ id: session(3, 'bob').id }, at, {
        at,
        type: 'session_revoked',
        clientId: null,
        address: null,
        detail: 'x',
      }),
    ).toStrictEqual([]);
    expect(await writer.revokeSessions({ subject: 'alice' }, at)).toHaveLength(2);
    expect(await writer.revokeSessions('all', at)).toHaveLength(2);
    await writer.pruneSessions(new Date('2031-01-01T00:00:00.000Z'));
    expect(await collect(heard, 5)).toStrictEqual([
      { kind: 'session', id: session(3, 'bob').id },
      { kind: 'session', id: session(2, 'alice').id },
      { kind: 'session', id: session(1, 'alice').id },
      { kind: 'session', id: session(5, 'dave').id },
      { kind: 'session', id: session(4, 'carol').id },
    ]);
    expect(await writer.listAudit(new Date(0), 10)).toStrictEqual([]);
    // A marker change: had anything else been announced, it would arrive before it.
    await writer.revokeToken({ jti: 'marker', clientId: 'c', expiresAt: at, revokedAt: at });
    expect(await collect(heard, 6)).toHaveLength(6);
    expect(heard[5]).toStrictEqual({ kind: 'token', jti: 'marker' });
    await stop();
  });

  it('announces each agent grant revoked (by id, session, or a refresh-token reuse) to every watcher; making and rotating announce nothing', async () => {
    const writer = await open();
    const reader = await open();
    const heard: StoreChange[] = [];
    const stop = await reader.watch((change) => heard.push(change));
    const grant = (n: number): AgentGrantRecord => ({
      id: `sga_${String(n).padStart(22, '0')}`,
      subject: 'alice',
      name: 'Alice',
      clientId: 'configured-agent',
      clientName: 'Agent',
      scopes: ['internal:read'],
      resource: 'https://docs.example/mcp',
      sessionId: `sgs_${String(n).padStart(22, '0')}`,
      createdAt: new Date(`2030-01-01T00:00:0${String(n)}.000Z`),
      lastUsedAt: new Date(`2030-01-01T00:00:0${String(n)}.000Z`),
      expiresAt: new Date('2030-02-01T00:00:00.000Z'),
      revokedAt: null,
    });
    const hash = (n: number): string => String(n).padStart(64, '0');
    const code = (n: number): AuthorizationCodeRecord => ({
      codeHash: hash(100 + n),
      clientId: 'configured-agent',
      redirectUri: 'http://127.0.0.1:4567/callback',
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      scopes: ['internal:read'],
      resource: 'https://docs.example/mcp',
      subject: 'alice',
      name: 'Alice',
      sessionId: grant(n).sessionId,
      createdAt: grant(n).createdAt,
      expiresAt: new Date('2030-01-01T00:01:00.000Z'),
      consumedAt: null,
      grantId: null,
    });
    for (const n of [1, 2, 3]) {
      await writer.createSession({
        id: grant(n).sessionId,
        secretHash: String(n).padStart(64, 's'),
        subject: 'alice',
        name: 'Alice',
        email: null,
        scopes: ['internal:read'],
        createdAt: grant(n).createdAt,
        lastSeenAt: grant(n).createdAt,
        expiresAt: new Date('2030-01-01T08:00:00.000Z'),
        revokedAt: null,
      });
      await writer.createAuthorizationCode(code(n));
      expect(await writer.createAgentGrant(grant(n), hash(n), hash(100 + n))).toBe(true);
    }
    const at = new Date('2030-01-01T01:00:00.000Z');
    expect((await writer.rotateRefreshToken(hash(1), hash(11), at))?.outcome).toBe('rotated');
    expect(await writer.revokeAgentGrants({ id: grant(2).id }, at)).toHaveLength(1);
    expect(await writer.revokeAgentGrants({ sessionId: grant(3).sessionId }, at)).toHaveLength(1);
    expect((await writer.rotateRefreshToken(hash(1), hash(12), at))?.outcome).toBe('reused');
    expect(await collect(heard, 3)).toStrictEqual([
      { kind: 'agentGrant', id: grant(2).id },
      { kind: 'agentGrant', id: grant(3).id },
      { kind: 'agentGrant', id: grant(1).id },
    ]);
    // A marker change: had anything else been announced, it would arrive before it.
    await writer.revokeToken({ jti: 'marker', clientId: 'c', expiresAt: at, revokedAt: at });
    expect(await collect(heard, 4)).toHaveLength(4);
    expect(heard[3]).toStrictEqual({ kind: 'token', jti: 'marker' });
    await stop();
  });

  it('keeps a change and its announcement together: a failed write announces nothing', async () => {
    const store = await open();
    const heard: StoreChange[] = [];
    const stop = await store.watch((change) => heard.push(change));
    await store.addSigningKey(SIGNING_KEY);
    await expect(store.addSigningKey(SIGNING_KEY)).rejects.toThrow(/duplicate key/);
    await store.addSigningKey({ ...SIGNING_KEY, kid: 'kid-2' });
    expect(await collect(heard, 2)).toStrictEqual([
      { kind: 'signingKey', kid: 'kid-1' },
      { kind: 'signingKey', kid: 'kid-2' },
    ]);
    await stop();
  });

  it('reconnects a listener whose connection was ended and reports a resync', async () => {
    const store = await open();
    const heard: StoreChange[] = [];
    const errors: unknown[] = [];
    const watched = await openPostgresStore(database.url, { onError: (error) => errors.push(error) });
    opened.push(watched);
    const stop = await watched.watch((change) => heard.push(change));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query = 'LISTEN ${CHANGES_CHANNEL}'`,
    );
    await admin.end();
    expect(await collect(heard, 1)).toStrictEqual([{ kind: 'resync' }]);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    await store.revokeToken({ jti: 'jti-after', clientId: 'c', expiresAt: new Date('2030-01-01T00:00:00.000Z'), revokedAt: new Date() });
    expect(await collect(heard, 2)).toStrictEqual([{ kind: 'resync' }, { kind: 'token', jti: 'jti-after' }]);
    await stop();
  });

  it('rejects an unreachable server', async () => {
    await expect(openPostgresStore('postgres://postgres@127.0.0.1:1/none')).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('parseChangePayload', () => {
  it.each<[string | undefined, StoreChange | undefined]>([
    ['{"kind":"key","id":"sgc_1"}', { kind: 'key', id: 'sgc_1' }],
    ['{"kind":"token","jti":"j"}', { kind: 'token', jti: 'j' }],
    ['{"kind":"signingKey","kid":"k","extra":1}', { kind: 'signingKey', kid: 'k' }],
    ['{"kind":"session","id":"sgs_1"}', { kind: 'session', id: 'sgs_1' }],
    ['{"kind":"session","id":null}', undefined],
    ['{"kind":"resync"}', { kind: 'resync' }],
    ['{"kind":"key","id":7}', undefined],
    ['{"kind":"unknown"}', undefined],
    ['null', undefined],
    ['not json', undefined],
    [undefined, undefined],
  ])('%s', (payload, expected) => {
    expect(parseChangePayload(payload)).toStrictEqual(expected);
  });
});
