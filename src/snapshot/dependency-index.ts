/**
 * Which cached reads (read-cache.ts) depend on which paths besides their own file: an include, a
 * partial, a folder listed (content/read-observer.ts). Kept by path, so that a build stats each
 * such path once, whatever the number of pages that read it, and never walks the entries that read
 * nothing else (most pages).
 */
import path from 'node:path';
import { fingerprintOfPath, type Dependency } from './fingerprint.js';

/** The reads of each dependency path: the reading file's relative path → the fingerprint it saw. */
export class DependencyIndex {
  private readonly byPath = new Map<string, Map<string, string>>();

  /** Records that `relPath`'s read looked at `dependencies`. */
  add(relPath: string, dependencies: readonly Dependency[]): void {
    for (const { path: absolute, fingerprint } of dependencies) {
      let readers = this.byPath.get(absolute);
      if (readers === undefined) this.byPath.set(absolute, (readers = new Map<string, string>()));
      readers.set(relPath, fingerprint);
    }
  }

  /** Forgets `relPath`'s read of `dependencies`. */
  remove(relPath: string, dependencies: readonly Dependency[]): void {
    for (const { path: absolute } of dependencies) {
      const readers = this.byPath.get(absolute);
      readers?.delete(relPath);
      if (readers?.size === 0) this.byPath.delete(absolute);
    }
  }

  /** Whether some read looked at `absolute`. */
  has(absolute: string): boolean {
    return this.byPath.has(absolute);
  }

  /**
   * Stats every dependency path once (fingerprint.ts `fingerprintOfPath`).
   * @param root the content folder's real path, which `reported` paths are relative to (`undefined`:
   *   sources held in memory, which read nothing on disk)
   * @param reported paths the watcher reported, relative to `root`, `/`-separated: changed whatever
   *   their fingerprint says
   * @returns the relative paths of the files whose reads no longer hold (a path they read changed),
   *   and of the dependency paths inside `root` found changed (a page included by another is itself
   *   read again, though the watcher did not report it)
   */
  changed(root: string | undefined, reported: ReadonlySet<string>): Set<string> {
    const stale = new Set<string>();
    for (const [absolute, readers] of this.byPath) {
      const relative = root === undefined ? undefined : path.relative(root, absolute).split(path.sep).join('/');
      const now = relative !== undefined && reported.has(relative) ? undefined : fingerprintOfPath(absolute);
      let changed = false;
      for (const [relPath, fingerprint] of readers)
        if (fingerprint !== now) {
          stale.add(relPath);
          changed = true;
        }
      if (changed && relative !== undefined && !relative.startsWith('../')) stale.add(relative);
    }
    return stale;
  }
}
