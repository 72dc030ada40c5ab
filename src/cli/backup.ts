/**
 * `sitegate backup FILE` and `sitegate restore FILE` (docs/backup.md): the data folder a site's
 * commands resolve (config/data-dir.ts), saved to one file and put back. The steps are
 * store/backup.ts and store/restore.ts; this file reads the settings and talks to the operator.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.js';
import { loadSettings } from '../config/config-file.js';
import { ArchiveError } from '../store/backup-archive.js';
import { createBackup, readBackup, writeFileAtomic, type SecretOrigin } from '../store/backup.js';
import { RestoreError, restoreBackup } from '../store/restore.js';
import { resolveSecret, SECRET_FILE } from '../store/secret.js';
import { SQLITE_FILE } from '../store/sqlite.js';
import { noteDataDir, refuseMissingDataDir, type StoreFlags } from './keys.js';
import { PACKAGE_VERSION } from '../version.js';
import { CommandError } from './output.js';

const print = (text: string): void => void process.stdout.write(`${text}\n`);
const bytes = (count: number): string =>
  count < 1024 * 1024 ? `${Math.ceil(count / 1024)} KiB` : `${(count / 1024 / 1024).toFixed(1)} MiB`;

function settingsOf(flags: StoreFlags): Config {
  return loadSettings({ config: flags.config, dataDir: flags.dataDir, databaseUrl: flags.databaseUrl, secretFile: flags.secretFile });
}

/**
 * `sitegate backup FILE`: the database (SQLite, copied online while servers write) and the secret,
 * to FILE (gzip-compressed tar, mode 0600, written atomically). On PostgreSQL, the secret only.
 * @throws {UsageError} when the SQLite data folder does not exist
 * @throws {CommandError} when it holds no database or no secret
 * @throws {ConfigError} on PostgreSQL without a configured secret
 */
export async function backupCommand(file: string, flags: StoreFlags): Promise<void> {
  const config = settingsOf(flags);
  const sqlite = config.databaseUrl === null;
  if (sqlite) {
    refuseMissingDataDir(config);
    noteDataDir(config);
    for (const name of [SQLITE_FILE, ...(config.secret === null ? [SECRET_FILE] : [])])
      if (!existsSync(path.join(config.dataDir, name))) throw new CommandError(`no ${name} in ${config.dataDir}: nothing to back up`);
  }
  const secretFrom: SecretOrigin = config.secret?.from ?? 'data folder';
  const archive = await createBackup({
    dataDir: sqlite ? config.dataDir : null,
    secret: resolveSecret(config),
    secretFrom,
    sitegateVersion: PACKAGE_VERSION,
    now: new Date(),
  });
  const target = path.resolve(file);
  writeFileAtomic(target, archive);
  print(
    sqlite
      ? `wrote ${target} (${bytes(archive.length)}): the database and the secret (from ${secretFrom}). It holds secrets: store it encrypted.`
      : `wrote ${target}: the secret only (from ${secretFrom}); back up the PostgreSQL database with pg_dump (docs/backup.md). It holds a secret: store it encrypted.`,
  );
}

/**
 * `sitegate restore FILE [--force]`: checks the backup whole, then puts it in the data folder
 * (store/restore.ts): never into a folder a running server has open, never over a non-empty one
 * without `--force`, which moves the old folder aside.
 * @throws {CommandError} when FILE cannot be read, is damaged or truncated, or the restore is refused
 */
export async function restoreCommand(file: string, flags: StoreFlags & { force?: boolean }): Promise<void> {
  const config = settingsOf(flags);
  noteDataDir(config);
  const source = path.resolve(file);
  let data: Buffer;
  try {
    data = readFileSync(source);
  } catch (error) {
    throw new CommandError(`cannot read ${source} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const backup = await readBackup(data);
    const configured = config.secret === null ? null : { value: resolveSecret(config), from: config.secret.from };
    const restored = await restoreBackup(backup, {
      dataDir: config.dataDir,
      force: flags.force === true,
      configuredSecret: configured,
      now: new Date(),
    });
    const { manifest } = backup;
    print(
      `restored ${source} (made ${manifest.createdAt} by sitegate ${manifest.sitegate}) into ${restored.dataDir}` +
        (restored.previous === null ? '' : `; the folder it replaced is at ${restored.previous}`),
    );
    if (manifest.store === 'postgresql' || config.databaseUrl !== null)
      print(
        `the secret is in ${path.join(restored.dataDir, SECRET_FILE)}: give it to every replica with --secret-file; restore the PostgreSQL database with pg_restore (docs/backup.md)`,
      );
  } catch (error) {
    if (error instanceof ArchiveError) throw new CommandError(`${source} is not a usable backup: ${error.message}; nothing was changed`);
    if (error instanceof RestoreError) throw new CommandError(`${error.message}; nothing was changed`);
    throw error;
  }
}
