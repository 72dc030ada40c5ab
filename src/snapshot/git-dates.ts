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
  return startGitLog(contentDir, timeoutMs).dates;
}

/** {@link readGitDates}, and whether the log was read (false: no repository, no `git`, a failure or the time bound). */
function startGitLog(contentDir: string, timeoutMs: number): { dates: GitDates; read: Promise<boolean> } {
  let times = new Map<string, number>();
  const read = new Promise<boolean>((resolve) => {
    execFile(
      'git',
      ['-c', 'core.quotepath=off', 'log', '--format=%ct', '--name-only', '--relative', '--no-renames', '--', '.'],
      { cwd: contentDir, timeout: timeoutMs, maxBuffer: GIT_LOG_MAX_BYTES, windowsHide: true },
      (error, stdout) => {
        if (error === null) times = parseGitLog(stdout);
        resolve(error === null);
      },
    );
  });
  return { dates: { timeOf: (relPath) => times.get(relPath), ready: read.then(() => undefined) }, read };
}

/**
 * The commit `HEAD` names in the repository of `contentDir` (`git rev-parse HEAD`, a few ms);
 * `undefined` outside a repository, without commits, or on any failure.
 */
function headOf(contentDir: string, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['rev-parse', '--verify', '-q', 'HEAD'], { cwd: contentDir, timeout: timeoutMs, windowsHide: true }, (error, stdout) =>
      resolve(error === null ? stdout.trim() : undefined),
    );
  });
}

/**
 * Git dates for the successive builds of one content folder (`serve --watch`): each call asks which
 * commit `HEAD` names and reads the log ({@link readGitDates}) again only when it moved (a commit, a
 * checkout, a pull), since an edit of the working tree changes no commit time. In a repository of
 * a long history the log takes seconds, which every rebuild would otherwise wait for.
 * @param timeoutMs bound of each git run (default {@link GIT_LOG_TIMEOUT_MS})
 * @returns a function giving each build its dates; never throws
 */
export function gitDatesReader(contentDir: string, timeoutMs = GIT_LOG_TIMEOUT_MS): () => GitDates {
  let last: { head: string; dates: GitDates } | undefined;
  return () => {
    let dates: GitDates | undefined;
    const ready = headOf(contentDir, timeoutMs).then(async (head) => {
      // No commit to name (no repository, no commit yet, no git): no log to read either.
      if (head === undefined) return;
      if (last?.head === head) {
        dates = last.dates;
        return;
      }
      const started = startGitLog(contentDir, timeoutMs);
      dates = started.dates;
      // A log that failed (a time bound under load) is read again by the next build.
      last = (await started.read) ? { head, dates } : undefined;
    });
    return { timeOf: (relPath) => dates?.timeOf(relPath), ready };
  };
}
