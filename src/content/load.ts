/**
 * Step 1 of the content pipeline: list every page file and static file under the content folder
 * and the static folders, never anything outside them (symlinks included).
 */
import { lstatSync, realpathSync, statSync, type Stats } from 'node:fs';
import { withOpenFile } from './open-file.js';
import path from 'node:path';
import type { ContentProblem } from './problems.js';
import { assetOf, extensionOf, isAssetName, type AssetFile, type PrefixedFolder } from './assets.js';
import { listedKind, loadResultOf, type ContentListing } from './listing.js';
import { isHiddenName, walkFolder } from './walk.js';
import { InternalZone } from './access.js';
import { protectedMatcher, within } from './readable.js';

/**
 * The internal zone assets are judged by while listed: the root's alone, as the site's language
 * folders are read from its files afterwards (content/conventions/index.ts judges them again).
 */
const LISTING_ZONE = new InternalZone([]);

/**
 * One markdown file of the content folder. Its text is not held: the build reads it once, and a page
 * served later reads it again, so a 100k-page site never keeps every source in memory at once.
 */
export interface SourceFile {
  /** Path relative to the content folder, `/`-separated, e.g. `guides/setup.md`. */
  readonly relPath: string;
  /** Last modification time when listed, in ms since the epoch. */
  readonly mtimeMs: number;
  /**
   * The file's real path relative to the content folder, `/`-separated, when a symlink on the way
   * makes it differ from `relPath` (`docs/a/x.md` reached through `docs/a → ../internal` is
   * `internal/x.md`); `undefined` otherwise. Access is decided on both (content/access.ts).
   */
  readonly realRelPath?: string | undefined;
  /**
   * Real path of the content folder the file was listed in, for includes that read beside it
   * (content/dialects/site-files.ts); `undefined` for a source held in memory.
   */
  readonly contentRoot?: string | undefined;
  /**
   * Absolute paths includes may never read (the data folder, the secret file, the config file:
   * content/readable.ts), as the load was given them; `undefined` for a source held in memory.
   */
  readonly protectedPaths?: readonly string[] | undefined;
  /**
   * The file's text, UTF-8, without a byte-order mark, read afresh on every call.
   * @throws {Error} when the file can no longer be read (deleted or unreadable since it was listed,
   *   `code` ENOENT, EACCES…), `code` EOUTSIDE when it has become a symlink leading outside the
   *   content folder, EISDIR or ENOTREG when a folder, FIFO or device has taken its place
   */
  read(): string;
}

/**
 * A file on disk. A class rather than a closure per file: 100k files then cost one small object
 * each, and the full path is kept only for files reached through a symlink.
 */
class DiskSource implements SourceFile {
  private mtime: number | undefined;
  /** What `fstat` said of the file as {@link read} last opened it, before reading it. */
  statsAtRead: Stats | undefined;

  constructor(
    readonly relPath: string,
    private readonly root: string,
    /** The real path when it is not `root/relPath` (a symlink on the way). */
    private readonly realPath: string | undefined,
    /** Shared by every file of one load (content/readable.ts). */
    readonly protectedPaths: readonly string[] = [],
  ) {}

  /** Read when first asked for, by whoever reads the file (a build worker), not while listing. */
  get mtimeMs(): number {
    // lstat of the real path: the target of a symlink, never the link itself. A file gone since
    // it was listed fails to read first; 0 only guards the race between the two calls.
    this.mtime ??= lstatSync(this.path(), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    return this.mtime;
  }

  get contentRoot(): string {
    return this.root;
  }

  get realRelPath(): string | undefined {
    return this.realPath === undefined ? undefined : path.relative(this.root, this.realPath).split(path.sep).join('/');
  }

  read(): string {
    // The folder may have changed since it was listed (a deploy that swaps a file, or a folder on
    // its way, for a symlink): what is read must still lie inside the root, and be a regular file
    // (a device may never end). One open, fstat and readlink a file (some 100,000 at a large site's
    // start; content/open-file.ts) rather than a realpath's lookup per path segment and two stats.
    this.statsAtRead = undefined;
    return withOpenFile(this.path(), ({ stats, realPath, text }) => {
      if (!realPath.startsWith(this.root + path.sep))
        throw Object.assign(new Error(`${this.relPath} now leads outside the content folder`), { code: 'EOUTSIDE' });
      if (!stats.isFile())
        throw Object.assign(new Error(`${this.relPath} is no longer a regular file`), { code: stats.isDirectory() ? 'EISDIR' : 'ENOTREG' });
      this.statsAtRead = stats;
      this.mtime ??= stats.mtimeMs;
      return text();
    });
  }

  relisted(): DiskSource {
    // Its modification time not yet taken, a source is as good as new: a watch build that relists
    // 100,000 files makes new objects only for those read on this thread since (issue 34).
    return this.mtime === undefined ? this : new DiskSource(this.relPath, this.root, this.realPath, this.protectedPaths);
  }

  parts(): DiskSourceParts {
    return { relPath: this.relPath, root: this.root, realPath: this.realPath };
  }

  private path(): string {
    return this.realPath ?? path.join(this.root, this.relPath);
  }
}

/** What identifies a file on disk, to hand to another thread ({@link diskSource} makes it again). */
export interface DiskSourceParts {
  relPath: string;
  root: string;
  realPath: string | undefined;
}

/**
 * What `fstat` said of a file on disk when it was last read, before reading it; `undefined` for a
 * source held in memory or one not read (or not readable) yet. Spares a `stat` per file for its
 * fingerprint (snapshot/fingerprint.ts).
 */
export function statsAtRead(file: SourceFile): Stats | undefined {
  return file instanceof DiskSource ? file.statsAtRead : undefined;
}

/** The parts of a file listed by {@link loadContent}, or `undefined` for a source held in memory. */
export function diskSourceParts(file: SourceFile): DiskSourceParts | undefined {
  return file instanceof DiskSource ? file.parts() : undefined;
}

/**
 * The same file listed again: a file on disk as a source whose modification time is taken afresh
 * when next asked for (it may have changed since): a new one once the time was taken, else the
 * same; a source held in memory as it is.
 */
export function relisted(file: SourceFile): SourceFile {
  return file instanceof DiskSource ? file.relisted() : file;
}

/** The source of a file listed by {@link loadContent}, from its {@link DiskSourceParts}. */
export function diskSource(parts: DiskSourceParts): SourceFile {
  return new DiskSource(parts.relPath, parts.root, parts.realPath);
}

/** A source held in memory (tests, generated content): `read()` returns `text`. */
export function sourceFile(relPath: string, text: string, mtimeMs = 0): SourceFile {
  return { relPath, mtimeMs, read: () => text };
}

/** What {@link loadContent} found. */
export interface LoadResult {
  /** Files sorted by relPath (code-unit order), so builds are deterministic. */
  files: SourceFile[];
  /** Static files beside the pages and in the static folders, in listing order (content/assets.ts). */
  assets: AssetFile[];
  /** Files neither page nor asset, counted by extension (content/assets.ts `extensionOf`). */
  skipped: Map<string, number>;
  /** The same files, by path relative to the content folder, in listing order: `check` lists them. */
  skippedFiles: string[];
  problems: ContentProblem[];
}

/** Thrown when the content folder itself cannot be read; the message is fit to print. */
export class ContentDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentDirError';
  }
}

/** Thrown when the content cannot be served safely as it is (pages held back); the message is fit to print, one line per file. */
export class ContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentError';
  }
}

export { isHiddenName };

/** Options of {@link loadContent}. */
export interface LoadOptions {
  /**
   * Static folders whose assets are served at the site root (content/static-folders.ts); each is
   * walked as the content folder is, and a file there must stay inside it.
   */
  staticDirs?: readonly string[];
  /**
   * Folders whose assets are served below a URL path (content/assets.ts `astroSourceFoldersOf`: a
   * Starlight project's `src/` at `/_astro/`), listed after the static folders as they are, but
   * for what lies in the content folder or a static folder (listed there) and for other files than
   * assets (the project's code, which `check` does not list: it is not content).
   */
  prefixedStaticDirs?: readonly PrefixedFolder[];
  /**
   * Absolute paths never listed, as page or static file, wherever they lie (the data folder, the
   * secret file, the config file: content/readable.ts); they are also what includes may never read.
   */
  protectedPaths?: readonly string[];
}

/**
 * Lists every page file (`.md`, `.mdx`) and asset (content/assets.ts) below `rootDir` (their text
 * is read by {@link SourceFile.read}), then the assets of the static folders. Hidden names are
 * skipped, but for the generators' asset folders (`.gitbook/assets`), where assets alone are
 * listed by type as anywhere else (content/assets.ts `isServedAsset`: no script, page or
 * stylesheet). A symlink is followed only when its real target lies inside the root (content/walk.ts).
 * Other files are counted by extension in `skipped` and listed in `skippedFiles`.
 *
 * A static folder inside the content folder (VitePress' `docs/public/`) is listed once, as a
 * static folder: its files are served at the site root and nowhere else, as the generators publish
 * them ("Assets placed in public will be copied to the root of the output directory as-is",
 * vitepress.dev/guide/asset-handling#the-public-directory; Docusaurus copies `static/` "into the
 * root of the generated build folder", docusaurus.io/docs/static-assets; Hugo serves `static/` "on
 * the site root path", gohugo.io/content-management/static-files; Astro copies `public/` untouched,
 * docs.astro.build/en/basics/project-structure/#public). Listed from the content folder as well, a
 * file would also answer at `/public/…`, where the internal zone (content/access.ts), decided by
 * URL, does not reach: `public/internal/plan.txt` is internal at `/internal/plan.txt` only. Files
 * of such a folder are skipped by real path, so a link into it from elsewhere in the content
 * folder serves no second copy either.
 * @throws {ContentDirError} when `rootDir` does not exist or is not a folder
 */
export function loadContent(rootDir: string, options: LoadOptions = {}): LoadResult {
  return loadResultOf(listContent(rootDir, options));
}

/** {@link loadContent}'s walk, by part (content/listing.ts), which `serve --watch` keeps and patches (content/listing-patch.ts). */
export function listContent(rootDir: string, options: LoadOptions = {}): ContentListing {
  let root: string;
  try {
    // The native realpath everywhere (here, for symlinks and when reading): on case-insensitive
    // or drive-mapped file systems it spells paths its own way, and the three must agree.
    root = realpathSync.native(rootDir);
  } catch {
    throw new ContentDirError(`content folder not found: ${rootDir}`);
  }
  if (!statSync(root).isDirectory()) throw new ContentDirError(`not a folder: ${rootDir}`);

  const files: SourceFile[] = [];
  const assets: AssetFile[] = [];
  const skippedFiles: string[] = [];
  const staticAssets: AssetFile[] = [];
  const staticSkipped = new Map<string, number>();
  const staticSkippedFiles: string[] = [];
  const problems: ContentProblem[] = [];
  const staticDirs = options.staticDirs ?? [];
  const staticRoots = staticDirs.map((dir) => ({ dir, real: realFolder(dir) }));
  const servedAtRoot = staticRoots.flatMap(({ real }) => (real !== undefined && real !== root && within(root, real) ? [real] : []));
  const protectedPaths = options.protectedPaths ?? [];
  const skip = protectedSkip(protectedPaths, problems);
  let linked = false;
  walkFolder(
    root,
    (rel, real, name) => {
      if (real !== path.join(root, rel)) linked = true;
      // A static folder inside the content folder is served at the site root only (see loadContent).
      if (servedAtRoot.some((folder) => within(folder, real))) return;
      const kind = listedKind(rel, name);
      if (kind === 'page') files.push(listedFile(root, real, rel, protectedPaths));
      else if (kind === 'asset') assets.push(listedAsset(root, real, rel));
      else if (kind === 'skipped') skippedFiles.push(rel);
    },
    problems,
    '',
    skip,
    () => (linked = true),
  );
  for (const { dir, real: staticRoot } of staticRoots) {
    if (staticRoot === undefined) {
      problems.push({ severity: 'error', file: `static:${dir}`, message: 'static folder not found' });
      continue;
    }
    // Shown as `check` names files: from the content folder when the static folder lies inside it.
    const shown = servedAtRoot.includes(staticRoot) ? `${path.relative(root, staticRoot).split(path.sep).join('/')}/` : 'static:';
    walkFolder(
      staticRoot,
      (rel, real, name) => {
        if (isAssetName(name)) staticAssets.push(assetOf(rel, real, staticRoot, root, true, LISTING_ZONE));
        else {
          // Served by type as the content folder's files are: `check` lists the rest.
          staticSkipped.set(extensionOf(name), (staticSkipped.get(extensionOf(name)) ?? 0) + 1);
          staticSkippedFiles.push(`${shown}${rel}`);
        }
      },
      problems,
      'static:',
      skip,
    );
  }
  const prefixedStaticDirs = options.prefixedStaticDirs ?? [];
  const listedElsewhere = [root, ...staticRoots.flatMap(({ real }) => (real === undefined ? [] : [real]))];
  for (const { dir, urlPrefix } of prefixedStaticDirs) {
    const folderRoot = realFolder(dir);
    // Missing, or listed already as (part of) the content or a static folder.
    if (folderRoot === undefined || listedElsewhere.some((folder) => within(folder, folderRoot))) continue;
    // Shown, and named by links, relative to the content folder as given: `../../assets/a.png`.
    const shownFrom = path.resolve(rootDir);
    const shown = (rel: string): string =>
      path
        .relative(shownFrom, path.join(path.resolve(dir), rel))
        .split(path.sep)
        .join('/');
    walkFolder(
      folderRoot,
      (rel, real, name) => {
        if (isAssetName(name)) staticAssets.push(assetOf(rel, real, folderRoot, root, { urlPrefix, file: shown(rel) }, LISTING_ZONE));
      },
      problems,
      `${shown('.')}/`,
      (full, real, rel) => listedElsewhere.some((folder) => within(folder, real)) || (skip?.(full, real, rel) ?? false),
    );
  }
  files.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  return {
    root,
    options: { staticDirs, prefixedStaticDirs, protectedPaths },
    files,
    assets,
    skippedFiles,
    staticAssets,
    staticSkippedFiles,
    staticSkipped,
    problems,
    linked,
  };
}

/** The real path of a folder, or undefined when there is none. */
function realFolder(dir: string): string | undefined {
  try {
    return realpathSync.native(dir);
  } catch {
    return undefined;
  }
}

/** An asset of the content folder as listed, judged by the root's internal zone alone (see {@link LISTING_ZONE}). */
export function listedAsset(root: string, real: string, rel: string): AssetFile {
  return assetOf(rel, real, root, root, false, LISTING_ZONE);
}

/** A listed file; it is read (and its mtime taken) later, by the build. */
export function listedFile(root: string, real: string, relPath: string, protectedPaths: readonly string[]): SourceFile {
  return new DiskSource(relPath, root, real === path.join(root, relPath) ? undefined : real, protectedPaths);
}

/**
 * The walk's test for protected paths: the data folder (and the secret and config files) inside
 * the content or a static folder is never listed, and `check` says so once per path.
 */
function protectedSkip(
  protectedPaths: readonly string[],
  problems: ContentProblem[],
): ((full: string, real: string, rel: string) => boolean) | undefined {
  if (protectedPaths.length === 0) return undefined;
  const isProtected = protectedMatcher(protectedPaths);
  return function skipProtected(full, real, rel) {
    if (!isProtected(full) && !isProtected(real)) return false;
    problems.push({
      severity: 'warning',
      file: rel,
      message: "sitegate's data folder, secret or config file: never served nor read by content",
    });
    return true;
  };
}
