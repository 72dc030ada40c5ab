/**
 * The walk below a folder that listing pages and assets shares: hidden names skipped (but for the
 * generators' asset folders, content/assets.ts), `node_modules` never entered, a symlink followed only when its real target lies
 * inside the root (else skipped and reported), each real folder visited once so symlink loops end.
 */
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { ContentProblem } from './problems.js';
import { entersHiddenFolder } from './assets.js';

/**
 * Folders never walked, wherever they are: a project's installed packages (`node_modules`, which
 * a generator's site folder holds beside its docs) are nobody's documentation, and each holds
 * thousands of READMEs and images that would otherwise be served as pages and files of the site.
 */
const DEPENDENCY_FOLDER = 'node_modules';

/** Whether a folder name is one no walk enters nor any watcher watches ({@link DEPENDENCY_FOLDER}). */
export function isDependencyFolder(name: string): boolean {
  return name === DEPENDENCY_FOLDER;
}

/** `..md`, `...md`: pages for commands named with dots (tldr's `.`), not hidden files. */
const DOTS_ONLY_PAGE = /^\.+\.mdx?$/i;

/**
 * Whether a directory entry is hidden: dotfiles and dot-folders are never served (DESIGN.md).
 * A name made only of dots plus `.md` (`..md`) is a page, not a dotfile.
 */
export function isHiddenName(name: string): boolean {
  return name.startsWith('.') && !DOTS_ONLY_PAGE.test(name);
}

/**
 * Called for each regular file found.
 * @param rel its path relative to the root, `/`-separated (the listed path, through links)
 * @param real its real path
 * @param name its file name
 */
export type FileVisitor = (rel: string, real: string, name: string) => void;

/**
 * Walks every file below `root` (a real path), reporting unreadable folders and symlinks that lead
 * outside or nowhere into `problems`. A linked folder is walked after every real one, so a folder
 * reached both ways is listed at its own path, not at the link's.
 * @param reportPrefix put before reported paths (`static:` for a static folder)
 * @param skip called with an entry's path, real path and relative path: true leaves it (and all
 *   below it) out, e.g. the data folder inside the content folder (content/load.ts)
 */
export function walkFolder(
  root: string,
  visit: FileVisitor,
  problems: ContentProblem[],
  reportPrefix = '',
  skip?: (full: string, real: string, rel: string) => boolean,
  onLink?: () => void,
): void {
  const visited = new Set<string>([root]);
  const linkedFolders: [real: string, rel: string][] = [];
  const inside = (real: string): boolean => real === root || real.startsWith(root + path.sep);
  const report = (severity: ContentProblem['severity'], rel: string, message: string): void => {
    problems.push({ severity, file: reportPrefix + rel, message });
  };

  const walk = (dir: string, relDir: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      report('error', relDir || '.', `cannot read folder: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
      return;
    }
    for (const entry of entries) {
      const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
      if (isHiddenName(entry.name) && !(reportPrefix === '' && entersHiddenFolder(rel))) continue;
      const full = path.join(dir, entry.name);
      // Request paths never decode to a backslash (content/paths.ts), so such a file could be listed but never fetched.
      if (entry.name.includes('\\')) {
        report('warning', rel, 'name holds a backslash, which no URL can name; skipped');
        continue;
      }
      let real = full;
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        onLink?.();
        try {
          real = realpathSync.native(full);
        } catch {
          report('warning', rel, 'broken symlink, skipped');
          continue;
        }
        if (!inside(real)) {
          report('error', rel, `symlink points outside the ${reportPrefix === '' ? 'content' : 'static'} folder, skipped`);
          continue;
        }
        const stats = statSync(real);
        isDir = stats.isDirectory();
        isFile = stats.isFile();
      }
      if (skip?.(full, real, rel) === true) continue;
      if (isDir && isDependencyFolder(entry.name)) continue;
      if (isDir && real !== full) linkedFolders.push([real, rel]);
      else if (isDir) {
        if (visited.has(real)) continue;
        visited.add(real);
        walk(real, rel);
      } else if (isFile) visit(rel, real, entry.name);
    }
  };
  walk(root, '');
  for (let i = 0; i < linkedFolders.length; i++) {
    const [real, rel] = linkedFolders[i] as [string, string];
    if (visited.has(real)) continue;
    visited.add(real);
    // Walk the real path, so entries below a symlinked folder are recorded by their real paths too.
    walk(real, rel);
  }
}
