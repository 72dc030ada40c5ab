/**
 * "Last updated" times from git: when the content folder is in a git repository, ONE
 * `git log --format=%ct --name-only --relative -- .` over the folder at snapshot build gives each
 * file's last commit time (the first time a file is named, as the log runs newest first). Run
 * asynchronously and bounded in time, never per page; pages rendered before it ends, and files git
 * does not know (untracked, or no repository), fall back to the file's modification time.
 */
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

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
 * The commit `HEAD` names in the repository of `contentDir`; `undefined` outside a repository,
 * without commits, or on any failure. Read from the repository's files where git keeps it (a
 * `.git` folder's `HEAD`, then the branch's ref file or `packed-refs`: git-scm.com/docs/gitrepository-layout),
 * a few reads; `git rev-parse HEAD` (a process: some 10-20 ms of this thread at each `serve --watch`
 * build) only where that layout does not tell (a `.git` file of a worktree or submodule, `GIT_DIR`
 * set, a ref naming a ref).
 */
export function headOf(contentDir: string, timeoutMs: number): Promise<string | undefined> {
  const gitDir = gitDirOf(contentDir);
  if (gitDir === undefined) return Promise.resolve(undefined);
  const head = gitDir === ASK_GIT ? ASK_GIT : headInGitDir(gitDir);
  if (head !== ASK_GIT) return Promise.resolve(head);
  return new Promise((resolve) => {
    execFile('git', ['rev-parse', '--verify', '-q', 'HEAD'], { cwd: contentDir, timeout: timeoutMs, windowsHide: true }, (error, stdout) =>
      resolve(error === null ? stdout.trim() : undefined),
    );
  });
}

/** Git is asked ({@link headOf}): the files alone do not tell. */
const ASK_GIT = Symbol('ask git');
/** An object name: SHA-1, or SHA-256 in a repository of that format. */
const OBJECT_NAME = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * The `.git` folder of the nearest folder from `dir` up that has a `.git`; {@link ASK_GIT} for a
 * `.git` file (worktree, submodule) or with `GIT_DIR` set; `undefined` when none has one.
 */
function gitDirOf(dir: string): string | typeof ASK_GIT | undefined {
  if (process.env.GIT_DIR !== undefined) return ASK_GIT;
  for (let folder = path.resolve(dir); ; folder = path.dirname(folder)) {
    const dotGit = path.join(folder, '.git');
    let stats;
    try {
      stats = statSync(dotGit);
    } catch {
      stats = undefined;
    }
    if (stats !== undefined) return stats.isDirectory() ? dotGit : ASK_GIT;
    if (path.dirname(folder) === folder) return undefined;
  }
}

/** The commit `HEAD` of the `.git` folder names; `undefined` on an unborn branch; {@link ASK_GIT} where its files do not tell. */
function headInGitDir(gitDir: string): string | undefined | typeof ASK_GIT {
  try {
    const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    if (OBJECT_NAME.test(head)) return head;
    const ref = /^ref: (refs\/[^\s]+)$/.exec(head)?.[1];
    if (ref === undefined || ref.split('/').includes('..')) return ASK_GIT;
    let loose: string | undefined;
    try {
      loose = readFileSync(path.join(gitDir, ref), 'utf8').trim();
    } catch {
      loose = undefined;
    }
    if (loose !== undefined) return OBJECT_NAME.test(loose) ? loose : ASK_GIT;
    let packed = '';
    try {
      packed = readFileSync(path.join(gitDir, 'packed-refs'), 'utf8');
    } catch {
      // No packed refs: a branch without commits.
    }
    for (const line of packed.split('\n')) {
      const [name, refName] = line.split(' ');
      if (refName === ref && name !== undefined && OBJECT_NAME.test(name)) return name;
    }
    return undefined;
  } catch {
    return ASK_GIT;
  }
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
