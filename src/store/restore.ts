/**
 * `sitegate restore`'s steps (docs/backup.md "Restore"): refuse a data folder a running server
 * has open, and a non-empty one without `force`; unpack the checked backup into a 0700 folder
 * beside the target; verify it there (SQLite `integrity_check`, the store opens and migrates, the
 * secret opens every signing key); only then move the old folder aside (never deleted) and the
 * new one into place. Nothing is replaced until the backup has proved whole.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { DATA_DIR_MODE, DATA_FILE_MODE } from './data-dir.js';
import { SECRET_FILE } from './secret.js';
import { openSqliteStore, SQLITE_FILE } from './sqlite.js';
import { sealSigningKeys } from './sealed-signing-keys.js';
import { deriveKek } from './key-encryption.js';
import type { VerifiedBackup } from './backup.js';

/** Why a restore was refused; the CLI prints the message (exit 1). */
export class RestoreError extends Error {
  readonly code: 'in-use' | 'not-empty' | 'unusable' | 'secret-mismatch';
  constructor(code: RestoreError['code'], message: string) {
    super(message);
    this.name = 'RestoreError';
    this.code = code;
  }
}

/** What {@link restoreBackup} did. */
export interface Restored {
  /** The data folder now holding the backup. */
  dataDir: string;
  /** Where the folder it replaced was moved; null when there was none or it was empty. */
  previous: string | null;
}

/** The target and the rules of one restore. */
export interface RestoreTarget {
  dataDir: string;
  /** Replace a non-empty data folder (it is moved aside, not deleted). */
  force: boolean;
  /** The secret the restored server will be configured with, when one is (SITEGATE_SECRET, --secret-file); null = the data folder's. */
  configuredSecret: { value: string; from: string } | null;
  now: Date;
}

/**
 * Restores a checked backup into `target.dataDir`.
 * @throws {RestoreError} `in-use` when a process has the folder's database open (whatever `force`
 *   says), `not-empty` without `force`, `unusable` when the database fails its checks or the
 *   backup's secret does not open its keys, `secret-mismatch` when the configured secret does not
 */
export async function restoreBackup(backup: VerifiedBackup, target: RestoreTarget): Promise<Restored> {
  const { dataDir } = target;
  refuseInUse(dataDir);
  const present = existsSync(dataDir) ? readdirSync(dataDir) : [];
  if (present.length > 0 && !target.force)
    throw new RestoreError('not-empty', `${dataDir} is not empty; give --force to replace it (it is kept, moved aside, not deleted)`);
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: DATA_DIR_MODE });
  const staged = `${dataDir}.restoring-${stamp(target.now)}`;
  mkdirSync(staged, { mode: DATA_DIR_MODE });
  try {
    writeFileSync(path.join(staged, SECRET_FILE), `${backup.secret}\n`, { mode: DATA_FILE_MODE, flag: 'wx' });
    if (backup.database !== null) {
      writeFileSync(path.join(staged, SQLITE_FILE), backup.database, { mode: DATA_FILE_MODE, flag: 'wx' });
      await verifyStaged(staged, backup.secret, target.configuredSecret);
    }
  } catch (error) {
    rmSync(staged, { recursive: true, force: true });
    throw error;
  }
  let previous: string | null = null;
  if (present.length > 0) {
    previous = `${dataDir}.before-restore-${stamp(target.now)}`;
    renameSync(dataDir, previous);
  } else if (existsSync(dataDir)) rmdirSync(dataDir);
  try {
    renameSync(staged, dataDir);
  } catch (error) {
    if (previous !== null) renameSync(previous, dataDir);
    throw error;
  }
  return { dataDir, previous };
}

/**
 * Refuses a data folder whose database another connection has open: a server holds it open (WAL
 * mode) as long as it runs, so an exclusive lock is refused at once with SQLITE_BUSY
 * (https://sqlite.org/lockingv3.html, https://sqlite.org/wal.html "Concurrency").
 */
function refuseInUse(dataDir: string): void {
  const file = path.join(dataDir, SQLITE_FILE);
  if (!existsSync(file)) return;
  let database: SqliteDatabase.Database;
  try {
    database = new SqliteDatabase(file, { fileMustExist: true });
  } catch {
    // Not a database: nothing can have it open as one.
    return;
  }
  try {
    database.pragma('busy_timeout = 0');
    database.pragma('locking_mode = EXCLUSIVE');
    database.exec('BEGIN EXCLUSIVE');
    database.exec('COMMIT');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY')
      throw new RestoreError('in-use', `${dataDir} is in use by a running sitegate (its database is open): stop it, then restore`);
  } finally {
    database.close();
  }
}

/** Checks the staged folder as a server would open it; leaves only the database and the secret. */
async function verifyStaged(staged: string, secret: string, configured: RestoreTarget['configuredSecret']): Promise<void> {
  const file = path.join(staged, SQLITE_FILE);
  let problem: string | undefined;
  try {
    const database = new SqliteDatabase(file, { fileMustExist: true });
    try {
      const rows = database.pragma('integrity_check') as { integrity_check: string }[];
      if (rows[0]?.integrity_check !== 'ok') problem = rows.map((row) => row.integrity_check).join('; ');
    } finally {
      database.close();
    }
  } catch (error) {
    problem = (error as Error).message;
  }
  if (problem !== undefined) throw new RestoreError('unusable', `the backup's database fails SQLite's integrity check: ${problem}`);
  const store = await openSqliteStore(staged).catch((error: unknown) => {
    throw new RestoreError('unusable', `the backup's database does not open as a sitegate store: ${(error as Error).message}`);
  });
  try {
    await sealSigningKeys(store, deriveKek(secret)).catch(() => {
      throw new RestoreError('unusable', "the backup's secret does not decrypt its signing keys: the backup is not usable");
    });
    if (configured !== null && configured.value !== secret)
      await sealSigningKeys(store, deriveKek(configured.value)).catch(() => {
        throw new RestoreError(
          'secret-mismatch',
          `the secret configured by ${configured.from} does not decrypt the backup's signing keys; the backup's secret is its file "${SECRET_FILE}": restore without ${configured.from}, or set it to that secret`,
        );
      });
  } finally {
    await store.close();
  }
}

/** A file-name-safe UTC time, e.g. `20261129T142501Z`. */
function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
