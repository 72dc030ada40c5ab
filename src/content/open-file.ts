/**
 * A file of the site read through one open, so that the file judged (where it lies, what it is, its
 * size) is the very file read: nothing can be swapped in between, as it could between a `realpath`,
 * a `stat` and a read of the same path (a deploy that swaps files, a folder made a symlink). Opened
 * non-blocking, so a FIFO in a page's place opens at once (and is refused by its caller, being no
 * regular file) rather than hold the thread until a writer comes. Used by page files
 * (content/load.ts) and includes (content/readable.ts).
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, readlinkSync, readSync, realpathSync, type Stats } from 'node:fs';

/** An open file, while {@link withOpenFile}'s callback runs. */
export interface OpenedFile {
  /** Its `fstat`, taken when opened. */
  readonly stats: Stats;
  /** The path the kernel resolved when opening it (symlinks followed), absolute. */
  readonly realPath: string;
  /** Its text, UTF-8 without a byte-order mark, up to the size {@link stats} gave. */
  readonly text: () => string;
}

/**
 * Opens `file` (symlinks followed) for reading, calls `use` with it, then closes it.
 * @throws what opening throws (`code` ENOENT, EACCES…), and what `use` throws
 */
export function withOpenFile<T>(file: string, use: (opened: OpenedFile) => T): T {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    const realPath = openedPath(fd) ?? realpathSync.native(file);
    return use({ stats, realPath, text: () => readText(fd, stats.size) });
  } finally {
    closeSync(fd);
  }
}

/**
 * The path an open file descriptor reads, as the kernel resolved it (proc(5): `/proc/self/fd/N` is a
 * symlink to it); `undefined` where there is no `/proc` (the path opened is then resolved again: one
 * `realpath`, as every read made before).
 */
function openedPath(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/**
 * Reads an open file of `size` bytes (its `fstat`, taken already: not asked again) as UTF-8 without
 * its byte-order mark; what grew since is left for the next read, as `readFileSync` does. A size of 0
 * may be a file that tells none (proc(5)): read to its end.
 */
function readText(fd: number, size: number): string {
  let text: string;
  if (size === 0) text = readFileSync(fd, 'utf8');
  else {
    const bytes = Buffer.allocUnsafe(size);
    let length = 0;
    while (length < size) {
      const read = readSync(fd, bytes, length, size - length, null);
      if (read === 0) break;
      length += read;
    }
    text = bytes.toString('utf8', 0, length);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
