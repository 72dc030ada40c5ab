import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationProvider } from './schema.js';
import { auditAppender, openSqliteStore, SQLITE_FILE } from './sqlite.js';
import type { ApiKeyRecord, AuditEvent, Store } from './store.js';
import { describeStoreContract } from './store.contract.js';

describeStoreContract('SQLite', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-store-'));
  const store = await openSqliteStore(dir);
  const stores: Store[] = [store];
  return {
    store,
    async openAnother() {
      const another = await openSqliteStore(dir);
      stores.push(another);
      return another;
    },
    async cleanup() {
      // Closing twice is harmless (Kysely's destroy is idempotent), so the stores the suite closed are fine.
      for (const each of stores) await each.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

const KEY: ApiKeyRecord = {
  id: 'sgc_persist000000000',
  name: 'survivor',
  scopes: ['search:read'],
  secretHash: 'ab'.repeat(32),
  previousSecretHash: null,
  previousSecretExpiresAt: null,
  createdAt: new Date('2030-01-01T00:00:00.123Z'),
  expiresAt: new Date('2030-04-01T00:00:00.456Z'),
  revokedAt: null,
  lastUsedAt: null,
};

describe('openSqliteStore', () => {
  let dir: string;
  const opened: Store[] = [];

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegate-sqlite-'));
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = async (dataDir = dir): Promise<Store> => {
    const store = await openSqliteStore(dataDir);
    opened.push(store);
    return store;
  };

  it('creates the data folder and the database file', async () => {
    const nested = path.join(dir, 'a', 'b');
    await open(nested);
    const database = new SqliteDatabase(path.join(nested, SQLITE_FILE), { readonly: true, fileMustExist: true });
    const tables = database.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all();
    database.close();
    expect(tables).toEqual(expect.arrayContaining(['api_keys', 'audit_events', 'signing_keys']));
  });

  it('turns on WAL mode, so the CLI can write while a server reads', async () => {
    await open();
    const database = new SqliteDatabase(path.join(dir, SQLITE_FILE), { readonly: true, fileMustExist: true });
    const mode: unknown = database.pragma('journal_mode', { simple: true });
    database.close();
    expect(mode).toBe('wal');
  });

  it('keeps keys, signing keys and audit events across close and reopen', async () => {
    const first = await openSqliteStore(dir);
    await first.createKey(KEY);
    const revokedAt = new Date('2030-02-02T00:00:00.789Z');
    await first.revokeKey(KEY.id, revokedAt);
    const signing = {
      kid: 'kid-1',
      alg: 'EdDSA',
      privateJwk: '{"d":"x"}',
      publicJwk: '{"x":"y"}',
      createdAt: new Date('2030-01-01T00:00:00.001Z'),
      expiresAt: null,
    };
    await first.addSigningKey(signing);
    const audit = {
      at: new Date('2030-01-01T00:00:01.000Z'),
      type: 'key_created' as const,
      clientId: KEY.id,
      address: null,
      detail: 'name=survivor',
    };
    await first.appendAudit(audit);
    await first.close();

    const second = await open();
    expect(await second.getKey(KEY.id)).toStrictEqual({ ...KEY, revokedAt });
    expect(await second.listSigningKeys()).toStrictEqual([signing]);
    expect(await second.listAudit(new Date(0), 10)).toStrictEqual([audit]);
  });

  it('lets several stores open a new data folder at once (each migrates it once, none fails)', async () => {
    // Kysely runs SQLite migrations without a transaction or lock: without sitegate's own lock the
    // losers of this race failed with `table "api_keys" already exists`.
    const stores = await Promise.all([open(), open(), open(), open()]);
    await stores[0].createKey(KEY);
    for (const store of stores) expect(await store.getKey(KEY.id)).toStrictEqual(KEY);
    const database = new SqliteDatabase(path.join(dir, SQLITE_FILE), { readonly: true, fileMustExist: true });
    const migrations = database.prepare('select name from kysely_migration').pluck().all();
    database.close();
    expect(migrations).toStrictEqual(Object.keys(await migrationProvider('sqlite').getMigrations()));
  });

  it('rejects a file that is not a database', async () => {
    writeFileSync(path.join(dir, SQLITE_FILE), 'this is not a database, just some text that is long enough to have a header');
    await expect(openSqliteStore(dir)).rejects.toThrow(/not a database/);
  });
});

describe('auditAppender', () => {
  const EVENT: AuditEvent = {
    at: new Date('2030-01-01T00:00:00.000Z'),
    type: 'token_issued',
    clientId: 'sgc_persist000000000',
    address: '203.0.113.7',
    detail: 'scope=search:read method=client_secret_post',
  };
  let database: SqliteDatabase.Database;
  const rows = (): unknown[] => database.prepare('SELECT at, type, client_id, address, detail FROM audit_events').all();

  beforeEach(() => {
    database = new SqliteDatabase(':memory:');
    database.exec(
      'CREATE TABLE audit_events (id integer primary key, at varchar(32) not null, type varchar(32) not null, client_id varchar(64), address varchar(64), detail varchar(500))',
    );
  });
  afterEach(() => database.close());

  it('inserts a batch in one transaction, field by field', async () => {
    const queued: unknown[] = [];
    const append = auditAppender(database, (events) => {
      queued.push(events);
      return Promise.resolve();
    });
    await append([EVENT, { ...EVENT, clientId: null, address: null, detail: null }]);
    expect(rows()).toStrictEqual([
      {
        at: '2030-01-01T00:00:00.000Z',
        type: 'token_issued',
        client_id: 'sgc_persist000000000',
        address: '203.0.113.7',
        detail: 'scope=search:read method=client_secret_post',
      },
      { at: '2030-01-01T00:00:00.000Z', type: 'token_issued', client_id: null, address: null, detail: null },
    ]);
    expect(queued).toStrictEqual([]);
  });

  it('keeps the order and every field of a batch larger than one multi-row INSERT', async () => {
    const append = auditAppender(database, () => Promise.reject(new Error('not in a transaction: the prepared INSERTs write')));
    const events = Array.from({ length: 70 }, (_, i) => ({ ...EVENT, at: new Date(Date.UTC(2030, 0, 1, 0, 0, i)), detail: `n=${i}` }));
    await append(events);
    expect(database.prepare('SELECT at, detail FROM audit_events ORDER BY id').all()).toStrictEqual(
      events.map((event) => ({ at: event.at.toISOString(), detail: event.detail })),
    );
  });

  it('leaves events to the waiting writer while another change holds the transaction open, so a rollback cannot take them', async () => {
    const queued: unknown[] = [];
    const append = auditAppender(database, (events) => {
      queued.push(events);
      return Promise.resolve();
    });
    database.exec('BEGIN');
    await append([EVENT]);
    database.exec('ROLLBACK');
    expect(queued).toStrictEqual([[EVENT]]);
    expect(rows()).toStrictEqual([]);
  });
});
