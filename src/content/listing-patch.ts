/**
 * A content listing (content/load.ts `listContent`) brought up to date from the paths the watcher
 * reported, instead of walking the folder again (issue 34: at 100,000 pages the walk cost
 * 290-430 ms per edit). Each reported file that exists is listed (again) as the walk lists it, each
 * one gone is dropped, in the order a walk gives: pages sorted by path, assets and other files in
 * walk order (each folder's entries in `readdirSync` order, depth first: content/walk.ts).
 *
 * It gives way to a walk (returns `undefined`) whenever the reported paths may change more than
 * their own entries: a folder added or removed, a symlink, a listing that holds symlinks, a path in
 * a static folder inside the content folder or a protected one, a name no URL can hold, other
 * options or another root. Conventions are not its concern: they are read again from the listing
 * and the config files at every build (content/conventions/index.ts `siteFilesOf`).
 */
import { lstatSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { entersHiddenFolder } from './assets.js';
import { listedAsset, listedFile, relisted, type LoadOptions, type SourceFile } from './load.js';
import { listedKind, type ContentListing } from './listing.js';
import { protectedMatcher, within } from './readable.js';
import { isDependencyFolder, isHiddenName } from './walk.js';

/** What one reported path does to the listing. */
type Change = 'walk' | 'none' | 'gone' | 'listed';

/**
 * `previous` with the reported paths listed again.
 * @param rootDir the content folder, as given to `listContent`
 * @param changed paths relative to the content folder, `/`-separated (watch.ts), none of them `''`
 * @param options the load options of this build (`previous` was listed with its own)
 * @returns the listing a walk would give now; `undefined` when only a walk can tell (see the file comment)
 */
export function patchListing(
  previous: ContentListing,
  rootDir: string,
  changed: ReadonlySet<string>,
  options: Required<LoadOptions>,
): ContentListing | undefined {
  const { root } = previous;
  if (previous.linked || !isDeepStrictEqual(previous.options, options) || realPathOf(rootDir) !== root) return undefined;
  const isProtected = options.protectedPaths.length === 0 ? () => false : protectedMatcher(options.protectedPaths);
  const staticInside = options.staticDirs.flatMap((dir) => {
    const real = realPathOf(dir);
    return real !== undefined && real !== root && within(root, real) ? [real] : [];
  });
  const files = previous.files.map(relisted);
  const assets = [...previous.assets];
  const skippedFiles = [...previous.skippedFiles];
  for (const rel of [...changed].sort()) {
    const change = changeAt(root, rel, (full) => isProtected(full) || staticInside.some((folder) => within(folder, full)));
    if (change === 'walk') return undefined;
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    const kind = change === 'listed' ? listedKind(rel, name) : undefined;
    const pageAt = indexOfPage(files, rel);
    const assetAt = assets.findIndex((asset) => asset.file === rel);
    const skippedAt = skippedFiles.indexOf(rel);
    // A path gone, or a file now, where files were listed below a folder of its name: only a walk tells.
    if (change !== 'none' && !pageAt.found && assetAt === -1 && skippedAt === -1 && holdsListed(files, assets, skippedFiles, rel))
      return undefined;
    // A file edited keeps its place (a page is listed afresh: its modification time is taken anew).
    if (kind === 'page' && pageAt.found) files[pageAt.index] = listedFile(root, path.join(root, rel), rel, options.protectedPaths);
    else if (kind === 'asset' && assetAt !== -1) assets[assetAt] = listedAsset(root, path.join(root, rel), rel);
    else if (kind !== 'skipped' || skippedAt === -1) {
      if (pageAt.found) files.splice(pageAt.index, 1);
      if (assetAt !== -1) assets.splice(assetAt, 1);
      if (skippedAt !== -1) skippedFiles.splice(skippedAt, 1);
      if (kind === 'page') files.splice(pageAt.index, 0, listedFile(root, path.join(root, rel), rel, options.protectedPaths));
      else if (kind === 'asset') {
        const order = assets.map((asset) => asset.file);
        assets.splice(walkIndex(root, order, rel), 0, listedAsset(root, path.join(root, rel), rel));
      } else if (kind === 'skipped') skippedFiles.splice(walkIndex(root, skippedFiles, rel), 0, rel);
    }
  }
  return { ...previous, files, assets, skippedFiles };
}

/**
 * What the reported path `rel` is now, as the walk would see it: `none` when the walk never lists
 * it (a hidden name, below `node_modules`), `gone` when nothing is there to list, `listed` for a
 * regular file, `walk` when only a walk can tell.
 * @param excluded whether an absolute path lies where the content walk does not list (a protected
 *   path, a static folder inside the content folder): a walk decides
 */
function changeAt(root: string, rel: string, excluded: (full: string) => boolean): Change {
  const parts = rel.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) return 'walk';
  for (const [i, part] of parts.entries()) {
    const prefix = parts.slice(0, i + 1).join('/');
    if (isHiddenName(part) && !entersHiddenFolder(prefix)) return 'none';
    if (i < parts.length - 1 && isDependencyFolder(part)) return 'none';
    if (excluded(path.join(root, prefix))) return 'walk';
  }
  const full = path.join(root, rel);
  let stats;
  try {
    stats = lstatSync(full, { throwIfNoEntry: false });
  } catch {
    // ENOTDIR: a folder on the way is a file now; anything else unexpected: a walk tells.
    return 'walk';
  }
  if (stats === undefined) return 'gone';
  if (stats.isSymbolicLink() || stats.isDirectory()) return 'walk';
  // A folder on the way that is a link lists the file elsewhere (content/walk.ts).
  if (realPathOf(path.dirname(full)) !== path.dirname(full)) return 'walk';
  // Neither file nor folder (a socket, a FIFO): the walk passes it by.
  return stats.isFile() ? 'listed' : 'gone';
}

/** The real path of `target` (native spelling, as content/load.ts takes it), `undefined` when there is none. */
function realPathOf(target: string): string | undefined {
  try {
    return realpathSync.native(target);
  } catch {
    return undefined;
  }
}

/** Where `relPath` is, or would go, in pages sorted by path (code-unit order, as content/load.ts sorts): a binary search. */
export function indexOfPage(files: readonly SourceFile[], relPath: string): { index: number; found: boolean } {
  let low = 0;
  let high = files.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((files[middle] as SourceFile).relPath < relPath) low = middle + 1;
    else high = middle;
  }
  return { index: low, found: files[low]?.relPath === relPath };
}

/**
 * Whether anything listed lies below the folder `rel` (relative, `/`-separated): pages by a binary
 * search of their sorted paths, assets and other files by a pass over them.
 */
export function holdsListed(
  files: readonly SourceFile[],
  assets: readonly { file: string }[],
  skipped: readonly string[],
  rel: string,
): boolean {
  const below = `${rel}/`;
  return (
    files[indexOfPage(files, below).index]?.relPath.startsWith(below) === true ||
    assets.some((asset) => asset.file.startsWith(below)) ||
    skipped.some((file) => file.startsWith(below))
  );
}

/**
 * Where a file at `rel` goes among `rels` (paths of the content folder in walk order) for the
 * order to stay the walk's: after everything listed below the nearest entry before it in its
 * folder's `readdirSync` order, else (none there lists anything) after what comes before its folder,
 * and so on up to the root.
 */
function walkIndex(root: string, rels: readonly string[], rel: string): number {
  const parts = rel.split('/');
  for (let depth = parts.length - 1; depth >= 0; depth--) {
    const folder = parts.slice(0, depth).join('/');
    const prefix = folder === '' ? '' : `${folder}/`;
    /** The last index of the files listed below each entry of `folder`, by the entry's name. */
    const lastBelow = new Map<string, number>();
    rels.forEach((other, index) => {
      if (other.startsWith(prefix)) lastBelow.set(other.slice(prefix.length).split('/', 1)[0] as string, index);
    });
    const names = readdirSync(path.join(root, folder));
    for (let at = names.indexOf(parts[depth] as string) - 1; at >= 0; at--) {
      const last = lastBelow.get(names[at] as string);
      if (last !== undefined) return last + 1;
    }
  }
  return 0;
}
