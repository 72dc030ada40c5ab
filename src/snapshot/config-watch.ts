/**
 * Watching the generator config files a build's conventions looked at (config-reads.ts) for
 * `serve --watch`: an edit of `sidebars.js`, `mkdocs.yml`, `hugo.toml` beside the content folder
 * (which watch.ts `watchContent` does not watch) rebuilds the site with everything changed.
 *
 * As folder-watch.ts does, one `fs.watch` per folder, not per file (inotify(7) reports a folder's
 * entries to the folder's watch), filtered to the names looked at: a file is heard through its
 * folder, so a file created later (`sidebars.js`) or replaced by a rename (an editor's save) is heard
 * too. A path whose folder does not exist yet is heard through its nearest existing ancestor, filtered
 * to the name on the way (`config/` made, for `config/_default/params.toml`). A folder looked at
 * (`config/_default/`, listed) is watched itself too, for files added to it. After each build the set
 * follows that build's {@link ConfigWatch.update}; a handful of watches for a site.
 */
import { statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { configFingerprint } from './config-reads.js';
import type { Dependency } from './fingerprint.js';

/** A running watch of config paths. */
export interface ConfigWatch {
  /**
   * Watches the config paths of the last build (`ReadCache.configReads`) from now on, and no
   * others; calls `onChange` at once when one of them no longer has the fingerprint it was read with
   * (changed between the read and this call, before it was watched).
   */
  update(configReads: readonly Dependency[]): void;
  /** Folders watched. */
  readonly folders: number;
  /** Stops every watch. */
  close(): void;
}

/** All of a folder's entries matter: the folder itself was looked at. */
const EVERY_NAME = '';

/** One folder's watch: the names it reports (or {@link EVERY_NAME}) and the folder's identity when watched. */
interface Watched {
  watcher: FSWatcher;
  names: ReadonlySet<string>;
  ino: number;
}

/**
 * The folders to watch for `paths` and the names each reports: a path's nearest existing ancestor
 * with the name of the next step to it; an existing folder itself with every name.
 */
export function watchedFolders(paths: Iterable<string>): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  const add = (folder: string, name: string): void => {
    const names = folders.get(folder) ?? new Set();
    names.add(name);
    folders.set(folder, names);
  };
  for (const file of paths) {
    if (isFolder(file)) add(file, EVERY_NAME);
    let child = file;
    let parent = path.dirname(file);
    while (parent !== child && !isFolder(parent)) {
      child = parent;
      parent = path.dirname(parent);
    }
    if (parent !== child) add(parent, path.basename(child));
  }
  return folders;
}

/** Whether `absolute` is a folder now (following symlinks). */
function isFolder(absolute: string): boolean {
  try {
    return statSync(absolute, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

/** A folder's inode, `undefined` when it is gone. */
function inodeOf(folder: string): number | undefined {
  try {
    return statSync(folder, { throwIfNoEntry: false })?.ino;
  } catch {
    return undefined;
  }
}

/**
 * Starts an empty watch; {@link ConfigWatch.update} gives it paths.
 * @param onChange called on every event at a watched path (the caller debounces: watch.ts `createReloader`)
 * @param onError called with errors of the watches (ENOSPC); watching goes on where it can
 */
export function watchConfigFiles(onChange: () => void, onError: (error: unknown) => void): ConfigWatch {
  const watched = new Map<string, Watched>();
  let closed = false;

  const open = (folder: string, names: ReadonlySet<string>): void => {
    const ino = inodeOf(folder);
    if (ino === undefined) return;
    try {
      const watcher = watch(folder, (_event, name) => {
        if (closed) return;
        const entry = name?.toString();
        if (names.has(EVERY_NAME) || entry === undefined || names.has(entry)) onChange();
      });
      // A folder removed under its watch: its parent's watch, or the next update, takes over.
      watcher.on('error', (error) => {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EPERM' && code !== 'ENOENT') onError(error);
      });
      watched.set(folder, { watcher, names, ino });
    } catch (error) {
      onError(error);
    }
  };

  const stop = (folder: string): void => {
    watched.get(folder)?.watcher.close();
    watched.delete(folder);
  };

  return {
    update(configReads) {
      if (closed) return;
      const wanted = watchedFolders(configReads.map((read) => read.path));
      for (const [folder, kept] of watched) {
        const names = wanted.get(folder);
        // A folder replaced since (renamed over) is watched afresh; its watch heard the old one.
        const same = names !== undefined && names.size === kept.names.size && [...names].every((name) => kept.names.has(name));
        if (!same || inodeOf(folder) !== kept.ino) stop(folder);
      }
      for (const [folder, names] of wanted) if (!watched.has(folder)) open(folder, names);
      if (configReads.some((read) => configFingerprint(read.path) !== read.fingerprint)) onChange();
    },
    get folders() {
      return watched.size;
    },
    close() {
      closed = true;
      for (const folder of [...watched.keys()]) stop(folder);
    },
  };
}
