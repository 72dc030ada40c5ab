/**
 * Hot reload (`serve --watch`, DESIGN.md "Architecture"): a watcher on the content folder, one
 * watch per folder (folder-watch.ts), and a reloader that rebuilds the snapshot after content changes and swaps it in. Each build is
 * given the paths changed since the last one, so it reads only what changed and what depends on
 * it (read-cache.ts, issue 34).
 *
 * - Bursts of events (an editor's save, `git checkout`, `rsync`) are coalesced: a build starts
 *   once no event has come for {@link DEFAULT_RELOAD_DEBOUNCE_MS}.
 * - Builds never overlap: events during a build cause exactly one more build after it.
 * - A build that throws leaves the current snapshot in place and reports the error, so a broken
 *   edit (or a content folder that vanished mid-deploy) never takes the site down.
 * - The swap is one assignment (`ServerContext.swapSnapshot`): requests in flight finish on the
 *   snapshot they read, later ones see the new one.
 *
 * The snapshot is put together on the main thread (it holds closures and cannot cross to a worker),
 * so requests wait while that runs; none fails. Files are read on worker threads when they weigh
 * enough (parallel-build.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { watchFolders, type FolderWatch } from './folder-watch.js';
import { isHiddenName } from '../content/load.js';
import { isDependencyFolder } from '../content/walk.js';
import { entersHiddenFolder, inGeneratorAssetFolder } from '../content/assets.js';

/**
 * Quiet period after the last change before a rebuild starts (ms). An editor's save (write, rename)
 * comes in a few ms; a longer burst (`git checkout`) that outlasts it costs one more build after the
 * running one, which reads only what changed meanwhile. It is part of every edit's delay (issue 34:
 * 300 ms from the write until the page shows, at 100,000 pages).
 */
export const DEFAULT_RELOAD_DEBOUNCE_MS = 25;

/** Options of {@link createReloader}. */
export interface ReloaderOptions<S> {
  /**
   * Builds a new snapshot from the content folder; may throw (or reject), e.g. `ContentDirError`.
   * @param changed the paths reported since the last build began, relative to the content folder;
   *   `''` stands for the folder itself or a change of unknown place (everything may have changed)
   * @returns the snapshot, or `undefined` when the changes can change nothing (change-filter.ts): the
   *   current snapshot stays, and neither `swap` nor `onReload` is called
   */
  build: (changed: ReadonlySet<string>) => S | undefined | Promise<S | undefined>;
  /** Puts a new snapshot in service. */
  swap: (snapshot: S) => void;
  /** Quiet period before a build (ms; default {@link DEFAULT_RELOAD_DEBOUNCE_MS}). */
  debounceMs?: number;
  /** Called after each swap with the new snapshot and the build's duration (ms). */
  onReload?: (snapshot: S, buildMs: number) => void;
  /** Called with the error of a build that failed; the old snapshot stays. */
  onError?: (error: unknown) => void;
  /** Monotonic clock in ms, for the build duration (default `performance.now`). */
  now?: () => number;
}

/** Rebuilds on demand, debounced and one build at a time. */
export interface Reloader {
  /**
   * Notes that content changed at `relPath` (relative to the content folder; default `''`: the
   * folder itself, or a place unknown).
   */
  schedule(relPath?: string): void;
  /** Cancels a pending build and waits for a running one; later {@link schedule} calls do nothing. */
  close(): Promise<void>;
}

/**
 * Creates a reloader. Nothing happens until {@link Reloader.schedule} is called.
 * @throws nothing; build errors go to `onError`
 */
export function createReloader<S>(options: ReloaderOptions<S>): Reloader {
  const debounceMs = options.debounceMs ?? DEFAULT_RELOAD_DEBOUNCE_MS;
  const now = options.now ?? (() => performance.now());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let changedWhileRunning = false;
  let closed = false;
  /** Paths reported since the running (or last) build began. */
  let changed = new Set<string>();

  const rebuild = async (): Promise<void> => {
    const startedMs = now();
    const paths = changed;
    changed = new Set();
    try {
      const snapshot = await options.build(paths);
      if (closed || snapshot === undefined) return;
      options.swap(snapshot);
      options.onReload?.(snapshot, now() - startedMs);
    } catch (error) {
      // The next build reads what this one was to read, whatever it got to.
      for (const relPath of paths) changed.add(relPath);
      options.onError?.(error);
    }
  };

  const start = (): void => {
    timer = undefined;
    running = rebuild().finally(() => {
      running = undefined;
      if (changedWhileRunning) {
        changedWhileRunning = false;
        schedule();
      }
    });
  };

  const schedule = (relPath = ''): void => {
    if (closed) return;
    changed.add(relPath);
    if (running !== undefined) {
      changedWhileRunning = true;
      return;
    }
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(start, debounceMs);
  };

  return {
    schedule,
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

/** A running watcher on a content folder. */
export interface ContentWatcher {
  /**
   * Calls `listener` on every change from now on with the changed path relative to the folder
   * (`''` for the folder itself), and once at once with `''` if changes came before.
   */
  onChange(listener: (relPath: string) => void): void;
  /** Stops watching. */
  close(): Promise<void>;
}

/**
 * Whether a change at `relPath` (relative to the content folder) is reported to the build: every
 * change but those of hidden names. Not only pages and assets: a snippet an include reads
 * (`example.py`), a config file the conventions read (`sidebars.js`, `_category_.json`) or a folder
 * a page lists changes the site too, and only the build knows what its pages read; it skips a
 * change that can matter to none (change-filter.ts `mayChangeSite`).
 */
export function isContentChange(relPath: string): boolean {
  const parts = relPath.split(/[\\/]/).filter((part) => part !== '');
  // Hidden files and folders are never served (DESIGN.md), so their changes cannot matter, but
  // for a generator's asset folder (content/assets.ts).
  return !parts.some(isHiddenName) || inGeneratorAssetFolder(parts.join('/'));
}

/** How often a vanished content folder is looked for (ms). */
export const ROOT_POLL_MS = 250;

/**
 * Watches `contentDir` (recursively, following symlinks, one watch per folder: folder-watch.ts)
 * and resolves once every folder is watched, so no change after that is missed. Changes to hidden
 * names are ignored (see {@link isContentChange}). When the folder itself is
 * removed or renamed away (a deploy that swaps folders), the change is reported and the path is
 * polled every {@link ROOT_POLL_MS} until a folder is back, which is then watched afresh and reported.
 * @param onError called with watcher errors (e.g. too many watched folders); watching goes on
 * @throws when the folder cannot be watched
 */
export async function watchContent(contentDir: string, onError: (error: unknown) => void): Promise<ContentWatcher> {
  const root = path.resolve(contentDir);
  let listener: ((relPath: string) => void) | undefined;
  let missed = false;
  let closed = false;
  let poll: NodeJS.Timeout | undefined;
  const notify = (relPath: string): void => {
    if (listener === undefined) missed = true;
    else listener(relPath);
  };

  const start = (): FolderWatch =>
    watchFolders(root, {
      // What the content walk never enters (content/walk.ts) cannot change the site.
      // A generator's hidden asset folder (`.gitbook/assets`) is walked, so it is watched too.
      ignored: (relPath) =>
        !entersHiddenFolder(relPath) &&
        !inGeneratorAssetFolder(relPath) &&
        relPath.split('/').some((part) => isHiddenName(part) || isDependencyFolder(part)),
      onEvent: (event, relPath) => {
        if (event === 'unlinkDir' && relPath === '') awaitRoot();
        if (isContentChange(relPath)) notify(relPath);
      },
      onError,
    });

  // The root's watch ends with it, so a fresh one takes over once a folder is back.
  const awaitRoot = (): void => {
    if (poll !== undefined) return;
    poll = setInterval(() => {
      if (!existsSync(root)) return;
      clearInterval(poll);
      poll = undefined;
      if (closed) return;
      try {
        current.close();
        current = start();
        notify('');
      } catch (error) {
        onError(error);
      }
    }, ROOT_POLL_MS);
  };

  let current = start();
  await Promise.resolve();
  return {
    onChange(next) {
      listener = next;
      if (missed) {
        missed = false;
        next('');
      }
    },
    async close() {
      closed = true;
      if (poll !== undefined) clearInterval(poll);
      current.close();
      await Promise.resolve();
    },
  };
}
