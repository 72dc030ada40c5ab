/**
 * The PostgreSQL adapter (`pg` through Kysely's PostgresDialect), selected by
 * `DATABASE_URL=postgres://…`: the store every replica of a scaled-out site shares. Writes that
 * caches depend on announce themselves with NOTIFY (see {@link listenForChanges}).
 */
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrationProvider, type Database } from './schema.js';
import type { Store } from './store.js';
import { kyselyStore } from './kysely-store.js';
import { CHANGES_CHANNEL, changePayload, listenForChanges } from './postgres-changes.js';

/**
 * sitegate's advisory locks (two-key form: class, object), apart from any other application's
 * on the same database.
 */
const LOCK_CLASS = 0x5347; // "SG"
const MIGRATION_LOCK = 1;
const SIGNING_KEY_LOCK = 2;
/** Connections per process: requests mostly hit caches, so a few suffice. */
const POOL_MAX = 10;
/** How long opening a connection may take before the query fails (ms). */
const CONNECT_TIMEOUT_MS = 10_000;

/** Options of {@link openPostgresStore}. */
export interface PostgresStoreOptions {
  /** Called with errors of idle pooled connections and of the change listener (never thrown). */
  onError?: (error: unknown) => void;
}

/**
 * Opens and migrates the store in the PostgreSQL database named by `connectionString`.
 * @param connectionString e.g. `postgres://sitegate@db.internal:5432/sitegate`
 * @throws when the database cannot be reached or migrated
 */
export async function openPostgresStore(connectionString: string, options: PostgresStoreOptions = {}): Promise<Store> {
  const onError = options.onError ?? (() => undefined);
  const pool = new pg.Pool({ connectionString, max: POOL_MAX, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection that dies (database restart) emits 'error' on the pool; unhandled, it
  // would end the process. The next query opens a new connection.
  pool.on('error', onError);
  // A connection that dies while checked out between two queries (a transaction, the migration
  // lock, a ping the readiness probe gave up on) emits 'error' on its client, which the pool no
  // longer listens to: every client gets its own listener, so that too is reported, not fatal.
  pool.on('connect', (client) => client.on('error', onError));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const store: Store = {
    ...kyselyStore(db, {
      exclusive: (run) =>
        db.transaction().execute(async (trx) => {
          await sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${SIGNING_KEY_LOCK})`.execute(trx);
          return run(trx);
        }),
      announce: async (trx, change) => {
        await sql`select pg_notify(${CHANGES_CHANNEL}, ${changePayload(change)})`.execute(trx);
      },
    }),
    migrate: () => migrateExclusively(db),
    watch: (listener) => listenForChanges(connectionString, listener, onError),
  };
  try {
    await store.migrate();
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return store;
}

/**
 * Runs the migrations holding a session advisory lock on one connection, so replicas starting
 * together on a new database migrate one after another: the first creates the tables, the
 * others find them made. (Kysely's own migration lock is taken only after it has created its
 * bookkeeping tables, which two processes could otherwise race to create.)
 * @throws the migration's error (its transaction rolled back)
 */
async function migrateExclusively(db: Kysely<Database>): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${LOCK_CLASS}, ${MIGRATION_LOCK})`.execute(connection);
    try {
      const { error } = await new Migrator({ db: connection, provider: migrationProvider('postgres') }).migrateToLatest();
      if (error !== undefined) throw error instanceof Error ? error : new Error('migration failed');
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_CLASS}, ${MIGRATION_LOCK})`.execute(connection);
    }
  });
}
