/**
 * Where the secret behind the key-encryption key comes from (DESIGN.md "Secrets at rest"):
 * `SITEGATE_SECRET`, or a file named by `--secret-file` / `secretFile`; with neither, a SQLite
 * site generates one into `secret` in its data folder (0600) and reuses it, while PostgreSQL
 * replicas refuse to start, since they must all share one secret.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, SECRET_MIN_CHARS, type SecretSource } from '../config/config.js';
import { DATA_FILE_MODE, secureDataDir, type Tightened } from './data-dir.js';

/** Name of the generated secret file inside the data folder. */
export const SECRET_FILE = 'secret';
/** Bytes of a generated secret (written base64url: 43 characters). */
const GENERATED_SECRET_BYTES = 32;

/** What the PostgreSQL store says when started without a secret (exit 2). */
export const POSTGRES_SECRET_REQUIRED =
  'no secret configured: replicas sharing PostgreSQL encrypt their signing keys with one secret; set SITEGATE_SECRET or --secret-file (the same on every replica and for the CLI)';

/** The settings {@link resolveSecret} reads. */
export interface SecretSettings {
  secret: SecretSource | null;
  /** Absolute path of the data folder (SQLite). */
  dataDir: string;
  /** Set for PostgreSQL: then a secret must be configured. */
  databaseUrl: string | null;
}

/**
 * The secret text: configured, or (SQLite only) read from or generated into the data folder.
 * Two processes generating at once agree: the file is created exclusively and the loser reads it.
 * @param onTightened called when the data folder or the secret file had a looser mode
 * @throws {ConfigError} on PostgreSQL without a configured secret ({@link POSTGRES_SECRET_REQUIRED}),
 *   or when a secret file cannot be read or holds fewer than {@link SECRET_MIN_CHARS} characters
 */
export function resolveSecret(settings: SecretSettings, onTightened?: (entry: Tightened) => void): string {
  const { secret } = settings;
  if (secret?.from === 'SITEGATE_SECRET') return secret.value;
  if (secret?.from === '--secret-file') return readSecretFile(secret.path, '--secret-file');
  if (settings.databaseUrl !== null) throw new ConfigError(POSTGRES_SECRET_REQUIRED);
  for (const entry of secureDataDir(settings.dataDir, [SECRET_FILE])) onTightened?.(entry);
  const file = path.join(settings.dataDir, SECRET_FILE);
  // Written whole under a temporary name, then linked into place: link() fails if the name
  // exists, so a process racing this one never reads a half-written file.
  const draft = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(draft, `${randomBytes(GENERATED_SECRET_BYTES).toString('base64url')}\n`, { mode: DATA_FILE_MODE, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readSecretFile(file, "the data folder's secret file");
}

/** Reads a secret file, without surrounding whitespace. @throws {ConfigError} naming `setting` */
function readSecretFile(file: string, setting: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new ConfigError(`${setting}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (text.length < SECRET_MIN_CHARS) throw new ConfigError(`${setting}: ${file} must hold at least ${SECRET_MIN_CHARS} characters`);
  return text;
}
