/**
 * Whether the paths the watcher reported (watch.ts reports every change but hidden names) can give
 * another site than the last build's, so that `serve --watch` skips a build that could change
 * nothing: a script beside the pages that no page includes, a build artefact. The rule errs towards
 * building:
 *
 * - a page (content/load.ts `listedKind`), an asset added or removed (an asset's bytes are read
 *   when served, so an edit changes nothing), or a file of a type a generator's config is written in
 *   ({@link CONFIG_EXTENSION}: `sidebars.js`, `_category_.json`, `mkdocs.yml`, `versions.json`…,
 *   which the conventions read: content/conventions/) changes the site;
 * - so does a path a page's read looked at (an include, a folder listed: read-cache.ts), or whose
 *   folder one looked at;
 * - so does a folder, a symlink, a path in a static folder inside the content folder, or a path
 *   gone (or a file now) below which files were listed.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { listedKind } from '../content/listing.js';
import { holdsListed } from '../content/listing-patch.js';
import { within } from '../content/readable.js';
import type { ReadCache } from './read-cache.js';

/** The extensions of the generators' config files (JavaScript and TypeScript modules, JSON, YAML, TOML). */
const CONFIG_EXTENSION = /\.(?:[cm]?[jt]s|json5?|ya?ml|toml)$/i;

/**
 * Whether a build for `changed` (paths relative to the content folder, `/`-separated, `''` for the
 * folder itself) may give another site than the last build from `cache`; true when unsure (no
 * build yet, the whole folder reported).
 */
export function mayChangeSite(cache: ReadCache, changed: ReadonlySet<string>): boolean {
  const listing = cache.listing;
  if (listing === undefined || cache.changes === undefined) return true;
  for (const rel of changed) {
    if (rel === '') return true;
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    const kind = listedKind(rel, name);
    if (kind === 'page' || CONFIG_EXTENSION.test(name)) return true;
    const full = path.join(listing.root, rel);
    if (cache.isDependency(full) || cache.isDependency(path.dirname(full))) return true;
    // A static folder inside the content folder (VitePress `public/`) is listed apart: a build tells.
    if (listing.options.staticDirs.some((dir) => within(dir, full))) return true;
    let stats;
    try {
      stats = lstatSync(full, { throwIfNoEntry: false });
    } catch {
      // ENOTDIR: a folder on the way is a file now.
      return true;
    }
    // Gone, or a file now, where a folder of its name held listed files; a folder; a symlink.
    if (stats === undefined || stats.isFile() ? holdsListed(listing.files, listing.assets, listing.skippedFiles, rel) : true) return true;
    // An asset's bytes are read when it is served: only its arrival or removal changes the site.
    if (kind === 'asset' && (stats !== undefined) !== listing.assets.some((asset) => asset.file === rel)) return true;
  }
  return false;
}
