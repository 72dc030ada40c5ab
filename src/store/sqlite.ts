/** The SQLite adapter (better-sqlite3): the default store, one file under the data dir. */
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider, type Database } from './schema.js';
import type { AuditEvent, Store } from './store.js';
import { kyselyStore } from './kysely-store.js';
import { DATA_FILE_MODE, secureDataDir, type Tightened } from './data-dir.js';

/** File name of the database inside the data dir. */
export const SQLITE_FILE = 'sitegate.db';

/** How long a writer waits for another's lock before failing (ms). */
const BUSY_TIMEOUT_MS = 5000;
/** How long an exclusive section (migrations, the first signing key) waits for another connection's lock (ms). */
const EXCLUSIVE_LOCK_TIMEOUT_MS = 30_000;
const EXCLUSIVE_LOCK_POLL_MS = 20;

/** The files of the SQLite store in the data dir: the database, its write-ahead log and shared memory. */
export const SQLITE_FILES = [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`] as const;

/** Options of {@link openSqliteStore}. */
export interface SqliteStoreOptions {
  /** Called for each path whose mode was looser than 0700 (folder) or 0600 (files) and was tightened. */
  onTightened?: (entry: Tightened) => void;
}

/**
 * Opens (creating the folder and file if needed) and migrates the SQLite store in `dataDir`.
 * WAL mode lets the CLI write while a server reads; a committed change survives a killed process.
 * The folder is made 0700 and the files 0600 (data-dir.ts), tightening looser modes.
 * @throws when the folder cannot be created or the file is not a database
 */
export async function openSqliteStore(dataDir: string, options: SqliteStoreOptions = {}): Promise<Store> {
  const report = (entries: Tightened[]): void => entries.forEach((entry) => options.onTightened?.(entry));
  report(secureDataDir(dataDir, SQLITE_FILES));
  const file = path.join(dataDir, SQLITE_FILE);
  // SQLite creates a new database 0644 and gives its -wal and -shm the database's mode: an empty
  // file made 0600 first (a valid empty database) makes all three 0600 from the start.
  closeSync(openSync(file, 'a', DATA_FILE_MODE));
  const database = new SqliteDatabase(file);
  // Switching a new file to WAL can fail at once with SQLITE_BUSY, without waiting, while
  // another process opens it too.
  await whenUnlocked(() => database.pragma('journal_mode = WAL'));
  report(secureDataDir(dataDir, SQLITE_FILES));
  database.pragma('synchronous = NORMAL');
  // Concurrent writers (CLI and server) wait up to 5 s for the lock instead of failing at once.
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  const shared = kyselyStore(db, { exclusive: (run) => immediately(db, database, run) });
  const store: Store = { ...shared, migrate: () => migrateExclusively(db, database) };
  await store.migrate();
  store.appendAudit = auditAppender(database, shared.appendAudit);
  return store;
}

/** Rows per multi-row INSERT of {@link auditAppender}: past ~25, more rows per statement saved nothing more. */
const AUDIT_ROWS_PER_INSERT = 32;

/**
 * The audit writer of the token endpoint's hot path: one transaction per batch, its rows through
 * prepared INSERTs made once (of {@link AUDIT_ROWS_PER_INSERT} rows, then one row at a time for the
 * rest). Kysely compiled and SQLite prepared a new multi-row statement for every batch, which cost
 * more than the rows themselves; a prepared 32-row INSERT costs ~1.8 µs a row against ~2.3 µs for
 * single rows (`npm run bench -- --only token`). While an exclusive section holds the connection's
 * transaction open, the events go through Kysely, which waits for it, so they never join (and roll
 * back with) another change.
 * @param database the store's connection, migrated (the table must exist)
 * @param queued Kysely's appendAudit, which waits for the connection
 */
export function auditAppender(database: SqliteDatabase.Database, queued: Store['appendAudit']): Store['appendAudit'] {
  const insertSql = (rows: number): string =>
    `INSERT INTO audit_events (at, type, client_id, address, detail) VALUES ${Array(rows).fill('(?, ?, ?, ?, ?)').join(', ')}`;
  const insertMany = database.prepare(insertSql(AUDIT_ROWS_PER_INSERT));
  const insertOne = database.prepare(insertSql(1));
  // Bound afresh by each run (better-sqlite3 copies the values), so one array serves every batch.
  const params: (string | null)[] = [];
  const bind = (events: readonly AuditEvent[], from: number, rows: number): (string | null)[] => {
    params.length = 0;
    for (let i = from; i < from + rows; i++) {
      const event = events[i] as AuditEvent;
      params.push(event.at.toISOString(), event.type, event.clientId, event.address, event.detail);
    }
    return params;
  };
  const insertAll = database.transaction((events: readonly AuditEvent[]) => {
    let next = 0;
    for (; next + AUDIT_ROWS_PER_INSERT <= events.length; next += AUDIT_ROWS_PER_INSERT)
      insertMany.run(bind(events, next, AUDIT_ROWS_PER_INSERT));
    for (; next < events.length; next++) insertOne.run(bind(events, next, 1));
  });
  return async function appendAudit(events) {
    if (database.inTransaction) return queued(events);
    insertAll(Array.isArray(events) ? (events as readonly AuditEvent[]) : [events as AuditEvent]);
  };
}

/**
 * Runs the migrations inside one `BEGIN IMMEDIATE` transaction. Kysely runs SQLite migrations
 * outside any transaction and takes no lock (its adapter assumes a single connection), so two
 * processes opening a new database at once both created the tables and one failed ("table already
 * exists"), and a process killed mid-migration left a half-made schema. Holding SQLite's write lock
 * for the whole run makes it atomic and one at a time; holding Kysely's connection keeps this
 * store's other queries out of the transaction. The lock is polled with the event loop free:
 * better-sqlite3's busy timeout blocks the thread, which would stall a second connection in the
 * same process for the whole timeout while the first one could not finish.
 * @throws the migration's error (rolled back), or SQLITE_BUSY after {@link EXCLUSIVE_LOCK_TIMEOUT_MS}
 */
async function migrateExclusively(db: Kysely<Database>, database: SqliteDatabase.Database): Promise<void> {
  await immediately(db, database, async (connection) => {
    const { error } = await new Migrator({ db: connection, provider: migrationProvider('sqlite') }).migrateToLatest();
    if (error !== undefined) throw error instanceof Error ? error : new Error('migration failed');
  });
}

/**
 * Runs `run` inside `BEGIN IMMEDIATE`: SQLite's write lock is taken before the first read, so
 * no other process writes between what `run` reads and what it writes (a deferred transaction
 * would fail with SQLITE_BUSY on its first write instead). Kysely's connection is held throughout.
 * @throws `run`'s error (rolled back), or SQLITE_BUSY after {@link EXCLUSIVE_LOCK_TIMEOUT_MS}
 */
async function immediately<T>(
  db: Kysely<Database>,
  database: SqliteDatabase.Database,
  run: (connection: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await beginImmediate(database);
    try {
      const result = await run(connection);
      database.exec('COMMIT');
      return result;
    } catch (error) {
      if (database.inTransaction) database.exec('ROLLBACK');
      throw error;
    }
  });
}

async function beginImmediate(database: SqliteDatabase.Database): Promise<void> {
  database.pragma('busy_timeout = 0');
  try {
    await whenUnlocked(() => database.exec('BEGIN IMMEDIATE'));
  } finally {
    database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

/**
 * Runs `statement`, retrying while the database is locked, with the event loop free.
 * @throws the statement's error, or SQLITE_BUSY after {@link EXCLUSIVE_LOCK_TIMEOUT_MS}
 */
async function whenUnlocked(statement: () => unknown): Promise<void> {
  const deadlineMs = Date.now() + EXCLUSIVE_LOCK_TIMEOUT_MS;
  for (;;) {
    try {
      statement();
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= deadlineMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, EXCLUSIVE_LOCK_POLL_MS));
    }
  }
}
