/**
 * `sitegate backup`'s contents (docs/backup.md): what a working server needs back — the SQLite
 * database, copied with SQLite's online backup API while servers read and write it
 * (https://sqlite.org/backup.html), and the secret that seals the signing keys in it — with a
 * manifest naming each file's size and SHA-256. PostgreSQL sites back up the secret here and the
 * database with `pg_dump`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { ArchiveError, readArchive, writeArchive, type ArchiveFile } from './backup-archive.js';
import { DATA_FILE_MODE } from './data-dir.js';
import { SECRET_FILE } from './secret.js';
import { SQLITE_FILE } from './sqlite.js';

/** The manifest's name in the archive; it comes first. */
export const MANIFEST_FILE = 'sitegate-backup.json';
/** The manifest's `format`, and the layout version {@link readBackup} reads. */
const FORMAT = 'sitegate-backup';
const FORMAT_VERSION = 1;
/** Pages per online-backup step: all of them, so the copy is one read transaction, never restarted by a writer between steps. */
const ALL_PAGES = 0x7fffffff;
/** How long the copy waits for a writer's lock (ms), as the store's connections do. */
const BUSY_TIMEOUT_MS = 5000;

/** Where the secret in a backup came from, as config.ts names the sources. */
export type SecretOrigin = 'data folder' | '--secret-file' | 'SITEGATE_SECRET';

/** `sitegate-backup.json`: what the archive holds. */
export interface BackupManifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  /** ISO 8601 time the backup was made. */
  createdAt: string;
  /** The sitegate version that made it (package.json). */
  sitegate: string;
  /** `sqlite`: the archive holds the database; `postgresql`: only the secret (the database is `pg_dump`'s). */
  store: 'sqlite' | 'postgresql';
  secretFrom: SecretOrigin;
  /** Each other file of the archive: size in bytes and SHA-256 (hex). */
  files: Record<string, { bytes: number; sha256: string }>;
}

/** A backup read and checked by {@link readBackup}. */
export interface VerifiedBackup {
  manifest: BackupManifest;
  /** The SQLite database file; null for a PostgreSQL backup. */
  database: Buffer | null;
  /** The secret's text, without surrounding whitespace. */
  secret: string;
}

/** What {@link createBackup} copies. */
export interface BackupSource {
  /** The SQLite data folder; null for PostgreSQL (then only the secret is backed up). */
  dataDir: string | null;
  secret: string;
  secretFrom: SecretOrigin;
  sitegateVersion: string;
  now: Date;
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * Makes a backup archive: the manifest, the database (SQLite: an online backup, consistent while
 * servers write; the copy goes through a 0700 temporary folder beside the data folder), the secret.
 * @returns the archive's bytes (gzip-compressed ustar, backup-archive.ts)
 * @throws the SQLite error when the database cannot be read (e.g. still locked after 5 s)
 */
export async function createBackup(source: BackupSource): Promise<Buffer> {
  const files: ArchiveFile[] = [];
  if (source.dataDir !== null) files.push({ name: SQLITE_FILE, data: await copyDatabase(source.dataDir), mode: DATA_FILE_MODE });
  files.push({ name: SECRET_FILE, data: Buffer.from(`${source.secret}\n`), mode: DATA_FILE_MODE });
  const manifest: BackupManifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt: source.now.toISOString(),
    sitegate: source.sitegateVersion,
    store: source.dataDir === null ? 'postgresql' : 'sqlite',
    secretFrom: source.secretFrom,
    files: Object.fromEntries(files.map((file) => [file.name, { bytes: file.data.length, sha256: sha256(file.data) }])),
  };
  const manifestFile = { name: MANIFEST_FILE, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), mode: DATA_FILE_MODE };
  return writeArchive([manifestFile, ...files], Math.floor(source.now.getTime() / 1000));
}

/** The database of `dataDir`, copied page by page in one step of SQLite's online backup. */
async function copyDatabase(dataDir: string): Promise<Buffer> {
  const scratch = mkdtempSync(path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.backup-`));
  try {
    const database = new SqliteDatabase(path.join(dataDir, SQLITE_FILE), { readonly: true, fileMustExist: true });
    try {
      database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      const copy = path.join(scratch, SQLITE_FILE);
      await database.backup(copy, { progress: () => ALL_PAGES });
      return readFileSync(copy);
    } finally {
      database.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Reads a backup and checks it: the archive (gzip trailer, ustar headers), the manifest (format,
 * version), and each file's size and SHA-256 against the manifest.
 * @throws {ArchiveError} naming the first problem
 */
export async function readBackup(compressed: Buffer): Promise<VerifiedBackup> {
  const files = await readArchive(compressed);
  const [first, ...rest] = files;
  if (first?.name !== MANIFEST_FILE) throw new ArchiveError(`no ${MANIFEST_FILE} at the start: not a sitegate backup`);
  const manifest = parseManifest(first.data);
  const named = new Map(rest.map((file) => [file.name, file.data]));
  for (const name of named.keys()) if (manifest.files[name] === undefined) throw new ArchiveError(`"${name}" is not in the manifest`);
  for (const [name, expected] of Object.entries(manifest.files)) {
    const data = named.get(name);
    if (data === undefined) throw new ArchiveError(`"${name}" is missing`);
    if (data.length !== expected.bytes || sha256(data) !== expected.sha256)
      throw new ArchiveError(`"${name}" does not match its SHA-256 in the manifest: the backup is damaged`);
  }
  const secret = named.get(SECRET_FILE)?.toString('utf8').trim();
  if (secret === undefined || secret === '') throw new ArchiveError(`no ${SECRET_FILE} in the backup`);
  const database = named.get(SQLITE_FILE) ?? null;
  if ((manifest.store === 'sqlite') !== (database !== null)) throw new ArchiveError(`a ${manifest.store} backup with the wrong files`);
  return { manifest, database, secret };
}

function parseManifest(data: Buffer): BackupManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new ArchiveError(`${MANIFEST_FILE} is not JSON`);
  }
  const manifest = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (manifest.format !== FORMAT) throw new ArchiveError(`${MANIFEST_FILE}: not a sitegate backup`);
  if (manifest.version !== FORMAT_VERSION)
    throw new ArchiveError(`${MANIFEST_FILE}: layout version ${String(manifest.version)}; this sitegate reads version ${FORMAT_VERSION}`);
  const complete =
    (manifest.store === 'sqlite' || manifest.store === 'postgresql') &&
    typeof manifest.files === 'object' &&
    manifest.files !== null &&
    typeof manifest.createdAt === 'string' &&
    typeof manifest.sitegate === 'string';
  if (!complete) throw new ArchiveError(`${MANIFEST_FILE}: incomplete`);
  return manifest as unknown as BackupManifest;
}

/**
 * Writes `data` to `file` atomically: a 0600 temporary file in the same folder, flushed to disk,
 * then renamed over `file` — a reader sees the old file or the whole new one, never part of it.
 * @throws when the folder is not writable
 */
export function writeFileAtomic(file: string, data: Buffer): void {
  const draft = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(draft, 'wx', DATA_FILE_MODE);
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(draft);
    throw error;
  }
  closeSync(fd);
  renameSync(draft, file);
}
