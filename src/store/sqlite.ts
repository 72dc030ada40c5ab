/** The SQLite adapter (better-sqlite3): the default store, one file under the data dir. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import type { Store } from './store.js';
import { kyselyStore } from './kysely-store.js';

/** File name of the database inside the data dir. */
export const SQLITE_FILE = 'sitegate.db';

/**
 * Opens (creating the folder and file if needed) and migrates the SQLite store in `dataDir`.
 * WAL mode lets the CLI write while a server reads; a committed change survives a killed process.
 * @throws when the folder cannot be created or the file is not a database
 */
export async function openSqliteStore(dataDir: string): Promise<Store> {
  mkdirSync(dataDir, { recursive: true });
  const database = new SqliteDatabase(path.join(dataDir, SQLITE_FILE));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  // Concurrent writers (CLI and server) wait up to 5 s for the lock instead of failing at once.
  database.pragma('busy_timeout = 5000');
  const store = kyselyStore(new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), 'sqlite');
  await store.migrate();
  return store;
}
