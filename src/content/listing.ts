/**
 * The content folder's listing as content/load.ts `listContent` walks it, by part, and what each
 * listed path is: kept by `serve --watch` and patched for the files that change
 * (content/listing-patch.ts), then joined into the {@link LoadResult} the build reads.
 */
import { extensionOf, inGeneratorAssetFolder, isServedAsset, type AssetFile } from './assets.js';
import type { LoadOptions, LoadResult, SourceFile } from './load.js';
import type { ContentProblem } from './problems.js';
import { isHiddenName } from './walk.js';

/** Pages: `.md`, and `.mdx` read as MDX (content/mdx/). */
const MARKDOWN_FILE = /\.mdx?$/i;

/**
 * What content/load.ts `loadContent` walked, kept by part, so that a later build can patch it for the files
 * the watcher reported instead of walking again (content/listing-patch.ts). Arrays are never
 * changed once made: a patch makes new ones.
 */
export interface ContentListing {
  /** The content folder's real path. */
  readonly root: string;
  /** The options it was listed with. */
  readonly options: Required<LoadOptions>;
  /** Page files, sorted by relPath (code-unit order). */
  readonly files: readonly SourceFile[];
  /** Assets of the content folder, in walk order. */
  readonly assets: readonly AssetFile[];
  /** Files of the content folder neither page nor asset, by relative path, in walk order. */
  readonly skippedFiles: readonly string[];
  /** The static folders' assets, in walk order, after the content folder's. */
  readonly staticAssets: readonly AssetFile[];
  /** The static folders' other files as `check` shows them, and their count by extension. */
  readonly staticSkippedFiles: readonly string[];
  readonly staticSkipped: ReadonlyMap<string, number>;
  /** The walks' problems, in walk order. */
  readonly problems: readonly ContentProblem[];
  /**
   * Whether the content folder's walk met a symlink: where files are listed then depends on more
   * than their own path (content/walk.ts lists a linked folder after every real one), so a patch
   * gives way to a walk.
   */
  readonly linked: boolean;
}

/** What a page of the content folder is listed as, by its path: `undefined` when it is not listed at all. */
export function listedKind(rel: string, name: string): 'page' | 'asset' | 'skipped' | undefined {
  // Only a generator's asset folder is hidden and walked (content/walk.ts): assets alone are listed there.
  const hidden = isHiddenName(rel.split('/', 1)[0] as string);
  if (hidden && !inGeneratorAssetFolder(rel)) return undefined;
  // A generator's upload folder is served by type as any other folder: an upload of a script,
  // a page or a stylesheet would run on the site's origin (content/assets.ts ASSET_EXTENSIONS).
  if (!hidden && MARKDOWN_FILE.test(name)) return 'page';
  return isServedAsset(rel) ? 'asset' : 'skipped';
}

/** The {@link LoadResult} of a listing: its parts joined, content folder first. */
export function loadResultOf(listing: ContentListing): LoadResult {
  const skipped = new Map<string, number>();
  for (const rel of listing.skippedFiles) {
    const extension = extensionOf(rel.slice(rel.lastIndexOf('/') + 1));
    skipped.set(extension, (skipped.get(extension) ?? 0) + 1);
  }
  for (const [extension, count] of listing.staticSkipped) skipped.set(extension, (skipped.get(extension) ?? 0) + count);
  return {
    files: [...listing.files],
    assets: [...listing.assets, ...listing.staticAssets],
    skipped,
    skippedFiles: [...listing.skippedFiles, ...listing.staticSkippedFiles],
    problems: [...listing.problems],
  };
}
