/** What the include dialects (mdBook, MkDocs snippets, Hugo `include`) need to read a file, and where they report. */
import path from 'node:path';
import { readSiteFile, type IncludeRead, type SiteFiles } from './site-files.js';

/** The page being rendered, as the include dialects see it. */
export interface IncludeContext {
  /** The readable folders; `undefined` (a page held in memory) refuses every include. */
  files: SiteFiles | undefined;
  /** The page file, `/`-separated, relative to the content folder. */
  relPath: string;
  /** Whether the page is internal (only an internal page may include an internal file). */
  internal: boolean;
  /** Problems found, one line each, for `check`. */
  problems: string[];
}

/** Maximum include nesting: an include that includes itself stops here (mdBook stops at 10 as well). */
export const MAX_INCLUDE_DEPTH = 10;

/**
 * Reads `target` for an include, relative to the page's folder (`from: 'page'`), the content
 * folder, or the site folder (`'site'`: where `mkdocs.yml` is, else the content folder).
 */
export function readInclude(context: IncludeContext, target: string, from: 'page' | 'content' | 'site'): IncludeRead {
  const files = context.files;
  if (files === undefined) return { error: `${target} cannot be read (no site folder)` };
  const base =
    from === 'page'
      ? path.dirname(path.join(files.contentRoot, context.relPath))
      : from === 'site'
        ? (files.siteRoot ?? files.contentRoot)
        : files.contentRoot;
  return readSiteFile(files, target, base, context.internal);
}
