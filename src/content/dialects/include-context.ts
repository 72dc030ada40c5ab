/** What the include dialects (mdBook, MkDocs snippets, Hugo `include`, VitePress, GitBook) need to read a file, and where they report. */
import path from 'node:path';
import { readContentFile, refusalNote, type IncludeRead } from '../readable.js';
import type { SiteFiles } from './site-files.js';

/** A problem of the dialect step with the text that locates it in the written page (an include's path), for `check`'s line. */
export interface LocatedProblem {
  message: string;
  /** Text on the written line the problem is about. */
  needle: string;
}

/** The page being rendered, as the include dialects see it. */
export interface IncludeContext {
  /** The readable folders; `undefined` (a page held in memory) refuses every include. */
  files: SiteFiles | undefined;
  /** The page file, `/`-separated, relative to the content folder. */
  relPath: string;
  /** Whether the page is internal (only an internal page may include an internal file). */
  internal: boolean;
  /** Problems found, one line each, for `check`. */
  problems: (string | LocatedProblem)[];
}

/** Maximum include nesting: an include that includes itself stops here (mdBook stops at 10 as well). */
export const MAX_INCLUDE_DEPTH = 10;

/**
 * Reads `target` for an include through the one rule (content/readable.ts), relative to the page's
 * folder (`from: 'page'`), the content folder, or the site folder (`'site'`: where `mkdocs.yml` is,
 * else the content folder).
 * @param dotFolders dot folders the generator documents as an include source (GitBook `.gitbook/includes`)
 */
export function readInclude(
  context: IncludeContext,
  target: string,
  from: 'page' | 'content' | 'site',
  dotFolders?: readonly string[],
): IncludeRead {
  const files = context.files;
  if (files === undefined) return { error: `${target} cannot be read (no site folder)` };
  const base =
    from === 'page'
      ? path.dirname(path.join(files.contentRoot, context.relPath))
      : from === 'site'
        ? (files.siteRoot ?? files.contentRoot)
        : files.contentRoot;
  return readContentFile(files, { target, base, intoInternalPage: context.internal, dotFolders });
}

/**
 * Reports a refused include (`syntax: include refused: reason`, an error for `check`, located by
 * `target` on the written page) and returns the visible note that stands in its place.
 */
export function refuseInclude(context: IncludeContext, syntax: string, target: string, reason: string): string {
  context.problems.push({ message: `${syntax}: include refused: ${reason}`, needle: target });
  return refusalNote(target);
}
