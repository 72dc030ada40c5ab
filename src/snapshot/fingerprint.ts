/**
 * Fingerprints of files on disk, by which the incremental build (read-cache.ts) knows a file
 * unchanged since it was read: its modification time, size and identity (inode, device), and for a
 * page its real path. An edit changes the time or the size; a file replaced by a rename (how editors
 * and `git checkout` save) changes the inode even when both stay; a symlink pointed elsewhere
 * changes the real path.
 */
import { statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { statsAtRead, type SourceFile } from '../content/load.js';
import { observeFileReads } from '../content/read-observer.js';

/** What a page's text read besides its file (content/read-observer.ts), with its fingerprint then. */
export interface Dependency {
  /** Absolute path of the file or folder. */
  readonly path: string;
  /** Its {@link fingerprintOfPath} when the page was read. */
  readonly fingerprint: string;
}

/** A file's or folder's fingerprint, following symlinks; `-` when there is nothing at `absolute`. */
export function fingerprintOfPath(absolute: string): string {
  return fingerprintOfStats(statSync(absolute, { throwIfNoEntry: false }));
}

function fingerprintOfStats(stats: Stats | undefined): string {
  return stats === undefined ? '-' : `${stats.mtimeMs}:${stats.size}:${stats.ino}:${stats.dev}`;
}

/**
 * A page file's fingerprint: {@link fingerprintOfPath} of where it is read from, and that path;
 * `undefined` for a source held in memory, which is never taken as unchanged.
 */
export function fingerprintOfSource(file: SourceFile): string | undefined {
  return sourceFingerprint(file, undefined);
}

/**
 * {@link fingerprintOfSource} as the file was when it was last read: the `fstat` of the opened file,
 * taken before its text was read (content/load.ts `statsAtRead`), so the same string without a
 * `stat`; a file not read (or no longer readable) is statted now.
 */
export function fingerprintOfRead(file: SourceFile): string | undefined {
  return sourceFingerprint(file, statsAtRead(file));
}

/** A page file's fingerprint from `stats` when given, else from a `stat` of it now. */
function sourceFingerprint(file: SourceFile, stats: Stats | undefined): string | undefined {
  if (file.contentRoot === undefined) return undefined;
  const real = path.join(file.contentRoot, file.realRelPath ?? file.relPath);
  return `${real}|${fingerprintOfStats(stats ?? statSync(real, { throwIfNoEntry: false }))}`;
}

/**
 * Runs `read` while recording every path the pipeline looks at, each fingerprinted as it is first
 * looked at (before it is read: a change made meanwhile shows at the next build).
 */
export function withDependencies<T>(read: () => T): { result: T; dependencies: Dependency[] } {
  const seen = new Map<string, string>();
  observeFileReads((absolute) => {
    if (!seen.has(absolute)) seen.set(absolute, fingerprintOfPath(absolute));
  });
  try {
    const result = read();
    return { result, dependencies: [...seen].map(([file, fingerprint]) => ({ path: file, fingerprint })) };
  } finally {
    observeFileReads(undefined);
  }
}
