/**
 * The content listing of a build (content/conventions/index.ts `loadSiteFiles`), for `serve
 * --watch` (issue 34) patched from the last build's for the paths the watcher reported
 * (content/listing-patch.ts) when that can tell, else walked; the conventions are read from it,
 * or kept from the last build where a patch cannot have changed them (content/conventions/conventions-memo.ts).
 * The config files the conventions looked at beside the content folder are kept in the cache
 * (config-reads.ts), for `serve --watch` to watch them.
 */
import { siteFilesOf, type ConventionsOptions, type SiteFiles } from '../content/conventions/index.js';
import { astroSourceFoldersOf, staticFoldersOf } from '../content/assets.js';
import { listContent } from '../content/load.js';
import { loadResultOf } from '../content/listing.js';
import { patchListing } from '../content/listing-patch.js';
import type { ReadCache } from './read-cache.js';
import { withConfigReads } from './config-reads.js';
import type { BuildSteps } from '../build-steps.js';

/** The options that shape a listing: the conventions' and the folders never or also listed. */
export interface ListingOptions extends ConventionsOptions {
  /** The `static` setting (config/config.ts `staticDirs`); null or omitted: content/assets.ts `staticFoldersOf` finds them. */
  staticDirs?: readonly string[] | null | undefined;
  /** Absolute paths never listed (config/protected-paths.ts). */
  protectedPaths?: readonly string[] | undefined;
}

/**
 * The published files, assets, problems and conventions of `contentDir`, in two steps
 * (build-steps.ts): the listing, then the conventions read from it. With a read cache, the listing
 * is patched from the cache's last one for {@link ReadCache.changes} when it can be, and kept in
 * the cache for the next build, with the config files read (`ReadCache.configReads`).
 * @throws {ContentDirError} when the folder cannot be read
 */
export function* listSiteFiles(contentDir: string, options: ListingOptions, cache?: ReadCache): BuildSteps<SiteFiles> {
  const loadOptions = {
    staticDirs: staticFoldersOf(contentDir, options.staticDirs),
    prefixedStaticDirs: astroSourceFoldersOf(contentDir, options.conventions),
    protectedPaths: options.protectedPaths ?? [],
  };
  const changes = cache?.changes;
  const previous = cache?.listing;
  // A report not to be trusted alone (read-cache.ts trustedChanges) may have missed files: the folder is walked.
  const trusted = cache?.trustedChanges;
  const patched = previous === undefined || trusted === undefined ? undefined : patchListing(previous, contentDir, trusted, loadOptions);
  const listing = patched ?? listContent(contentDir, loadOptions);
  if (cache !== undefined) {
    cache.listing = listing;
    cache.listingBase = patched === undefined ? undefined : previous;
    // A page's frontmatter holds until its file is reported; after a walk (a folder added, files
    // appearing unreported inside it) every page's is read again.
    if (patched === undefined || changes === undefined) cache.frontmatters.clear();
    else cache.frontmatters.forget(changes);
  }
  yield;
  // A patched listing differs from the last only at the reported paths: the last conventions may hold (conventions-memo.ts).
  const origin = { listing, base: patched === undefined ? undefined : previous, changes: trusted };
  const reuse = cache === undefined ? undefined : { memo: cache.conventionsMemo, origin };
  const read = (): SiteFiles => siteFilesOf(contentDir, loadResultOf(listing), options, cache?.frontmatters, reuse);
  if (cache === undefined) return read();
  // The config files looked at beside the content folder, for `serve --watch` to watch (config-reads.ts).
  const scope = { contentDir, protectedPaths: options.protectedPaths ?? [] };
  const { result, configReads } = withConfigReads(scope, read, (files) => files.configFile);
  cache.configReads = configReads;
  return result;
}
