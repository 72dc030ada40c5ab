/**
 * Where includes may read (content/readable.ts holds the rule): the content folder and, when it
 * holds the generator's config (`book.toml`, `mkdocs.yml`), the folder above it, which mdBook's
 * book root and MkDocs' `base_path` (`includes/`, `listings/`) are. The data folder, the secret and
 * the config file are never readable, wherever they are: their paths come with the content files.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { InternalZone } from '../access.js';
import type { ReadableRoots } from '../readable.js';

export { INCLUDE_MAX_BYTES, type IncludeRead } from '../readable.js';

/** Config files that make the folder above the content folder the site folder. */
const SITE_CONFIGS = ['book.toml', 'mkdocs.yml', 'mkdocs.yaml'];

/** Where includes may read from, and the paths they may never read (content/readable.ts). */
export type SiteFiles = ReadableRoots;

const siteRootByContentRoot = new Map<string, string | null>();

/**
 * The readable roots of a content folder (its real path): the folder above counts when it holds a
 * generator config (looked up once per content folder and process).
 * @param protectedPaths absolute paths never read: the data folder, the secret file, the config file
 * @param zone the site's internal zone (content/site.ts `Site.internalZone`)
 */
export function siteFilesOf(contentRoot: string, protectedPaths: readonly string[], zone: InternalZone): SiteFiles {
  let siteRoot = siteRootByContentRoot.get(contentRoot);
  if (siteRoot === undefined) {
    const parent = path.dirname(contentRoot);
    siteRoot = SITE_CONFIGS.some((name) => existsSync(path.join(parent, name))) ? parent : null;
    siteRootByContentRoot.set(contentRoot, siteRoot);
  }
  return { contentRoot, siteRoot: siteRoot ?? undefined, protectedPaths, zone };
}
