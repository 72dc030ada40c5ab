/**
 * Step 1 of the content pipeline: read every markdown file under the content folder, never
 * anything outside it (symlinks included).
 */
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { ContentProblem } from './problems.js';

/** One markdown file as read from disk. */
export interface SourceFile {
  /** Path relative to the content folder, `/`-separated, e.g. `guides/setup.md`. */
  relPath: string;
  /** The file's text, UTF-8, without a byte-order mark. */
  text: string;
  /** Last modification time, in ms since the epoch. */
  mtimeMs: number;
}

/** What {@link loadContent} found. */
export interface LoadResult {
  /** Files sorted by relPath (code-unit order), so builds are deterministic. */
  files: SourceFile[];
  problems: ContentProblem[];
}

/** Thrown when the content folder itself cannot be read; the message is fit to print. */
export class ContentDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentDirError';
  }
}

const MARKDOWN_FILE = /\.md$/i;
/** `..md`, `...md`: pages for commands named with dots (tldr's `.`), not hidden files. */
const DOTS_ONLY_PAGE = /^\.+\.md$/i;

/**
 * Whether a directory entry is hidden: dotfiles and dot-folders are never served (DESIGN.md).
 * A name made only of dots plus `.md` (`..md`) is a page, not a dotfile.
 */
export function isHiddenName(name: string): boolean {
  return name.startsWith('.') && !DOTS_ONLY_PAGE.test(name);
}

/**
 * Reads every `.md` file below `rootDir`. Hidden names are skipped. A symlink is followed only when
 * its real target lies inside the root; otherwise it is skipped and reported. Each real folder is
 * visited once, so symlink loops end.
 * @throws {ContentDirError} when `rootDir` does not exist or is not a folder
 */
export function loadContent(rootDir: string): LoadResult {
  let root: string;
  try {
    root = realpathSync(rootDir);
  } catch {
    throw new ContentDirError(`content folder not found: ${rootDir}`);
  }
  if (!statSync(root).isDirectory()) throw new ContentDirError(`not a folder: ${rootDir}`);

  const files: SourceFile[] = [];
  const problems: ContentProblem[] = [];
  const visited = new Set<string>([root]);
  const inside = (real: string): boolean => real === root || real.startsWith(root + path.sep);

  const walk = (dir: string, relDir: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      problems.push({
        severity: 'error',
        file: relDir || '.',
        message: `cannot read folder: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      });
      return;
    }
    for (const entry of entries) {
      if (isHiddenName(entry.name)) continue;
      const full = path.join(dir, entry.name);
      const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
      // Request paths never decode to a backslash (content/paths.ts), so such a page could be listed but never fetched.
      if (entry.name.includes('\\')) {
        problems.push({ severity: 'warning', file: rel, message: 'name holds a backslash, which no URL can name; skipped' });
        continue;
      }
      let real = full;
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          real = realpathSync(full);
        } catch {
          problems.push({ severity: 'warning', file: rel, message: 'broken symlink, skipped' });
          continue;
        }
        if (!inside(real)) {
          problems.push({ severity: 'error', file: rel, message: 'symlink points outside the content folder, skipped' });
          continue;
        }
        const stats = statSync(real);
        isDir = stats.isDirectory();
        isFile = stats.isFile();
      }
      if (isDir) {
        if (visited.has(real)) continue;
        visited.add(real);
        // Walk the real path, so entries below a symlinked folder are recorded by their real paths too.
        walk(real, rel);
      } else if (isFile && MARKDOWN_FILE.test(entry.name)) {
        const file = readSource(real, rel, problems);
        if (file !== undefined) files.push(file);
      }
    }
  };
  walk(root, '');
  files.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  return { files, problems };
}

function readSource(real: string, relPath: string, problems: ContentProblem[]): SourceFile | undefined {
  try {
    // lstat of the real path: the target of a symlink, never the link itself.
    const stats = lstatSync(real);
    const text = readFileSync(real, 'utf8');
    return { relPath, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, mtimeMs: stats.mtimeMs };
  } catch (error) {
    problems.push({ severity: 'error', file: relPath, message: `cannot read file: ${(error as NodeJS.ErrnoException).code ?? 'error'}` });
    return undefined;
  }
}
