/**
 * The files includes may read (mdBook `{{#include}}`, MkDocs snippets, Hugo `include`): the
 * content folder and, when it holds the generator's config (`book.toml`, `mkdocs.yml`), the folder
 * above it, which mdBook's `listings/` and MkDocs' `includes/` sit in. Never anything else: a path
 * that leads out, a symlink that leads out, a file of the internal zone included into a public page
 * (content/access.ts), a folder or an oversized file are refused, and the include is reported and
 * left out (fail closed).
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isInternalFile, type InternalZone } from '../access.js';

/** Includes larger than this are refused: a listing is a few kB, and a page must stay servable. */
export const INCLUDE_MAX_BYTES = 1024 * 1024;

/** Config files that make the folder above the content folder the site folder. */
const SITE_CONFIGS = ['book.toml', 'mkdocs.yml', 'mkdocs.yaml'];

/** Where includes may read from. */
export interface SiteFiles {
  /** Real path of the content folder. */
  readonly contentRoot: string;
  /** Real path of the folder holding `book.toml`/`mkdocs.yml` above the content folder, if any. */
  readonly siteRoot: string | undefined;
  /** The site's internal zone (content/access.ts `internalZoneOf`): its files are never included into a public page. */
  readonly zone: InternalZone;
}

/** The result of reading an included file: its text, or why it was refused (fit to print). */
export type IncludeRead = { text: string } | { error: string };

const siteFilesByRoot = new Map<string, Omit<SiteFiles, 'zone'>>();

/**
 * Site-file access for a content folder (its real path): the folder above counts when it holds a
 * generator config. Looked up once per content folder and process.
 * @param zone the site's internal zone (content/site.ts `Site.internalZone`)
 */
export function siteFilesOf(contentRoot: string, zone: InternalZone): SiteFiles {
  let files = siteFilesByRoot.get(contentRoot);
  if (files === undefined) {
    const parent = path.dirname(contentRoot);
    const siteRoot = SITE_CONFIGS.some((name) => existsSync(path.join(parent, name))) ? parent : undefined;
    files = { contentRoot, siteRoot };
    siteFilesByRoot.set(contentRoot, files);
  }
  return { ...files, zone };
}

/** Whether `child` is `root` or lies below it. */
function within(root: string, child: string): boolean {
  return child === root || child.startsWith(root + path.sep);
}

/**
 * Reads a file for an include.
 * @param target the path as the include wrote it, relative to `base` (or to the content folder when
 *   it starts with `/`)
 * @param base absolute folder the path is relative to (the page's folder, or the site folder)
 * @param intoInternalPage whether the page including it is internal: only then may an internal file be read
 * @returns the text (UTF-8, no byte-order mark, CRLF as LF), or the reason it was refused; never throws
 */
export function readSiteFile(files: SiteFiles, target: string, base: string, intoInternalPage: boolean): IncludeRead {
  const roots = files.siteRoot === undefined ? [files.contentRoot] : [files.siteRoot, files.contentRoot];
  const resolved = target.startsWith('/') ? path.join(files.contentRoot, target) : path.resolve(base, target);
  if (!roots.some((root) => within(root, resolved))) return { error: `${target} is outside the site folder` };
  let real: string;
  try {
    real = realpathSync.native(resolved);
  } catch {
    return { error: `${target} not found` };
  }
  if (!roots.some((root) => within(root, real))) return { error: `${target} leads outside the site folder` };
  if (within(files.contentRoot, real) && !intoInternalPage) {
    const rel = path.relative(files.contentRoot, real).split(path.sep).join('/');
    const listed = path.relative(files.contentRoot, resolved).split(path.sep).join('/');
    if (isInternalFile(rel, files.zone) || (within(files.contentRoot, resolved) && isInternalFile(listed, files.zone)))
      return { error: `${target} is internal and cannot be included in a public page` };
  }
  try {
    const stats = statSync(real);
    if (!stats.isFile()) return { error: `${target} is not a file` };
    if (stats.size > INCLUDE_MAX_BYTES) return { error: `${target} is over ${INCLUDE_MAX_BYTES} bytes` };
    const text = readFileSync(real, 'utf8');
    return { text: (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n/g, '\n') };
  } catch {
    return { error: `${target} cannot be read` };
  }
}
