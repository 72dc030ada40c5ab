/**
 * File modes of the data folder (DESIGN.md "Secrets at rest"): the folder 0700, its files (the
 * SQLite database with its -wal and -shm, the generated secret) 0600, so no other account on the
 * machine reads the store or the secret. A layout left looser by an older version is tightened.
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Mode of the data folder: owner only. */
export const DATA_DIR_MODE = 0o700;
/** Mode of every file in it: owner read and write. */
export const DATA_FILE_MODE = 0o600;

/** A path whose mode was tightened, with the mode it had (for the log line). */
export interface Tightened {
  path: string;
  /** Permission bits before, e.g. 0o755. */
  fromMode: number;
  toMode: number;
}

/**
 * Creates `dir` (and parents) 0700 if missing, then tightens `dir` to 0700 and each of `files`
 * (names inside `dir`; missing ones are skipped) to 0600 when their mode grants more.
 * @returns what was tightened, for the caller to log
 * @throws when the folder cannot be created or a mode cannot be changed (not the owner)
 */
export function secureDataDir(dir: string, files: readonly string[]): Tightened[] {
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  const tightened: Tightened[] = [];
  const tighten = (target: string, mode: number): void => {
    let current: number;
    try {
      current = statSync(target).mode & 0o777;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if ((current & ~mode) === 0) return;
    chmodSync(target, mode);
    tightened.push({ path: target, fromMode: current, toMode: mode });
  };
  tighten(dir, DATA_DIR_MODE);
  for (const file of files) tighten(path.join(dir, file), DATA_FILE_MODE);
  return tightened;
}

/** One log line for a tightened path, e.g. `tightened /srv/.sitegate/sitegate.db from 0644 to 0600`. */
export function describeTightened(entry: Tightened): string {
  const octal = (mode: number): string => `0${mode.toString(8).padStart(3, '0')}`;
  return `tightened ${entry.path} from ${octal(entry.fromMode)} to ${octal(entry.toMode)}`;
}
