/**
 * Watching a folder tree with one `fs.watch` per folder, not per file (issue 34): on Linux, inotify
 * reports changes to a folder's entries to the folder's watch (inotify(7): "When a directory is
 * monitored, inotify will return events for the directory itself, and for files inside the
 * directory"), so a 100,000-page site needs one watch per folder (some 14,000 for the bench's
 * site) where chokidar set one per file, about 650 MB and 7–10 s of start at that size. What each
 * folder holds is kept to tell an addition from an edit and a removed folder from a removed file.
 * A folder that appears is watched at once, with everything below it. Symlinks to folders are
 * followed, each real folder watched once, so a loop ends.
 * `@parcel/watcher` (native, one inotify watch per folder too) was tried on the 100k-page bench site
 * (2026-11-29): 32 MB and 4.3 s to start against this module's 50 MB and 1.3 s, but it reports a
 * symlinked folder's files by their real path, not the path the content walk lists them by, and
 * reports nothing once the root is swapped (a deploy), which watch.ts must follow.
 */
import { readdirSync, realpathSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

/** What changed, in chokidar's words: a file added, changed or removed; a folder added or removed. */
export type FolderEvent = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';

/** Options of {@link watchFolders}. */
export interface FolderWatchOptions {
  /** Whether a path (relative to the root, `/`-separated) is left out, with everything below it. */
  ignored: (relPath: string) => boolean;
  /**
   * Called with each change and its path relative to the root; `unlinkDir` with `''` when the root
   * itself is removed or renamed away (then nothing more is reported).
   */
  onEvent: (event: FolderEvent, relPath: string) => void;
  /** Called with errors of the watches (too many watches: ENOSPC); watching goes on where it can. */
  onError: (error: unknown) => void;
}

/** A running watch of a folder tree. */
export interface FolderWatch {
  /** Folders watched. */
  readonly folders: number;
  /** Stops every watch. */
  close(): void;
}

/** A watched folder: its watch, its real path and what it held, name → whether a folder. */
interface Watched {
  watcher: FSWatcher;
  real: string;
  entries: Map<string, boolean>;
}

/**
 * One write is several events (created, modified, closed): a file's `change` within this many ms of
 * its last report is the same write, and not reported again, as chokidar does. A second edit that
 * soon changes nothing for the reloader, which waits longer for quiet (watch.ts) and reads files by fingerprint.
 */
const SAME_WRITE_MS = 50;

/** `rel/name`, or `name` at the root. */
function join(rel: string, name: string): string {
  return rel === '' ? name : `${rel}/${name}`;
}

/**
 * Watches `root` (an existing folder) and every folder below it that is not ignored.
 * @throws when the root cannot be watched
 */
export function watchFolders(root: string, options: FolderWatchOptions): FolderWatch {
  const folders = new Map<string, Watched>();
  const reals = new Set<string>();
  const rootIno = statSync(root).ino;
  /** When each file was last reported (performance.now() ms), for {@link SAME_WRITE_MS}. */
  const reported = new Map<string, number>();
  let closed = false;
  const full = (rel: string): string => (rel === '' ? root : path.join(root, ...rel.split('/')));

  /** Watches folder `rel` and the folders below it; false when it is gone or already watched (a link loop). */
  const add = (rel: string): boolean => {
    let real: string;
    try {
      real = realpathSync.native(full(rel));
    } catch {
      return false;
    }
    if (reals.has(real)) return false;
    let watcher: FSWatcher;
    try {
      watcher = watch(full(rel), (_event, name) => changed(rel, name));
    } catch (error) {
      if (rel === '') throw error;
      options.onError(error);
      return false;
    }
    watcher.on('error', (error) => {
      // A folder removed under its watch: its parent reports it.
      if ((error as NodeJS.ErrnoException).code !== 'EPERM' && (error as NodeJS.ErrnoException).code !== 'ENOENT') options.onError(error);
    });
    const entries = new Map<string, boolean>();
    folders.set(rel, { watcher, real, entries });
    reals.add(real);
    let names: string[];
    try {
      names = readdirSync(full(rel));
    } catch {
      return true;
    }
    for (const name of names) {
      const child = join(rel, name);
      if (options.ignored(child)) continue;
      const isFolder = statSync(full(child), { throwIfNoEntry: false })?.isDirectory() === true;
      entries.set(name, isFolder);
      if (isFolder) add(child);
    }
    return true;
  };

  /** Stops watching folder `rel` and every folder below it. */
  const remove = (rel: string): void => {
    for (const [key, watched] of folders) {
      if (key !== rel && !key.startsWith(`${rel}/`)) continue;
      watched.watcher.close();
      reals.delete(watched.real);
      folders.delete(key);
    }
  };

  /** An event of folder `dirRel`'s watch about entry `name` (or about the folder itself). */
  const changed = (dirRel: string, name: string | Buffer | null): void => {
    if (closed) return;
    if (dirRel === '' && statSync(root, { throwIfNoEntry: false })?.ino !== rootIno) {
      closed = true;
      for (const key of [...folders.keys()]) remove(key);
      options.onEvent('unlinkDir', '');
      return;
    }
    const folder = folders.get(dirRel);
    if (folder === undefined) return;
    if (name === null) {
      // The platform did not say which entry: every entry is looked at again.
      for (const entry of new Set([...folder.entries.keys(), ...safeList(full(dirRel))])) changed(dirRel, entry);
      return;
    }
    const entry = name.toString();
    const rel = join(dirRel, entry);
    if (options.ignored(rel)) return;
    const was = folder.entries.get(entry);
    const stats = statSync(full(rel), { throwIfNoEntry: false });
    if (was !== undefined && (stats === undefined || stats.isDirectory() !== was)) {
      folder.entries.delete(entry);
      if (was) remove(rel);
      options.onEvent(was ? 'unlinkDir' : 'unlink', rel);
    }
    if (stats === undefined) return;
    const isFolder = stats.isDirectory();
    const known = folder.entries.has(entry);
    folder.entries.set(entry, isFolder);
    if (!isFolder) {
      const now = performance.now();
      const last = reported.get(rel);
      // Only a report restarts the window: a write that goes on is reported every SAME_WRITE_MS, so
      // its end comes less than that after a report, well within the reloader's quiet period.
      if (known && last !== undefined && now - last < SAME_WRITE_MS) return;
      reported.set(rel, now);
      if (reported.size > 1_000) for (const [file, at] of reported) if (now - at >= SAME_WRITE_MS) reported.delete(file);
      options.onEvent(known ? 'change' : 'add', rel);
    } else if (!known) {
      add(rel);
      options.onEvent('addDir', rel);
    }
  };

  add('');
  return {
    get folders() {
      return folders.size;
    },
    close() {
      closed = true;
      for (const key of [...folders.keys()]) remove(key);
    },
  };
}

/** The names in a folder, none when it cannot be read. */
function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
