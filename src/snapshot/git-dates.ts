/**
 * "Last updated" times from git: when the content folder is in a git repository, ONE
 * `git log --format=%ct --name-only --relative -- .` over the folder at snapshot build gives each
 * file's last commit time (the first time a file is named, as the log runs newest first). Run
 * asynchronously and bounded in time, never per page; pages rendered before it ends, and files git
 * does not know (untracked, or no repository), fall back to the file's modification time.
 */
import { execFile } from 'node:child_process';

/** How long the one `git log` may run before it is given up on (ms). */
export const GIT_LOG_TIMEOUT_MS = 10_000;
/** Largest `git log` output read (bytes): 64 MiB, about a million file lines. */
const GIT_LOG_MAX_BYTES = 64 * 1024 * 1024;

/** Last commit times of a content folder's files. */
export interface GitDates {
  /** Last commit time (ms since the epoch) of `relPath` (`/`-separated, relative to the content folder), once known. */
  timeOf(relPath: string): number | undefined;
  /** Settles when `git log` has ended (or failed, or timed out); never rejects. */
  readonly ready: Promise<void>;
}

/**
 * Each file's last commit time from `git log` output (`%ct` lines, each followed by a blank line
 * and the commit's file names): the first, newest, time a name appears.
 * @returns ms since the epoch by relative path
 */
export function parseGitLog(output: string): Map<string, number> {
  const times = new Map<string, number>();
  let commitMs: number | undefined;
  for (const line of output.split('\n')) {
    if (line === '') continue;
    if (/^\d+$/.test(line)) commitMs = Number(line) * 1000;
    else if (commitMs !== undefined && !times.has(line)) times.set(line, commitMs);
  }
  return times;
}

/**
 * Starts reading the last commit times of the files in `contentDir`. A folder outside any git
 * repository, a missing `git`, a failure or the time bound leave every time unknown.
 * @param timeoutMs bound of the `git log` run (default {@link GIT_LOG_TIMEOUT_MS})
 */
export function readGitDates(contentDir: string, timeoutMs = GIT_LOG_TIMEOUT_MS): GitDates {
  let times = new Map<string, number>();
  const ready = new Promise<void>((resolve) => {
    execFile(
      'git',
      ['-c', 'core.quotepath=off', 'log', '--format=%ct', '--name-only', '--relative', '--no-renames', '--', '.'],
      { cwd: contentDir, timeout: timeoutMs, maxBuffer: GIT_LOG_MAX_BYTES, windowsHide: true },
      (error, stdout) => {
        if (error === null) times = parseGitLog(stdout);
        resolve();
      },
    );
  });
  return { timeOf: (relPath) => times.get(relPath), ready };
}
