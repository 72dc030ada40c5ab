/**
 * Where each exported URL is written (docs/export.md "File layout"): the folder mirrors the URL
 * space of the site, so any static host, or the nginx snippet (nginx.ts), finds a file by its URL.
 * A page URL ending in `/` (Hugo's and folder pages' style) is a folder's `index.html`, any other
 * page URL gets `.html`; markdown twins, llms files, feeds and assets keep their URL's name.
 * Pure: no file system.
 */
import { decodeRequestPath } from '../content/paths.js';

/** What an exported URL holds: an HTML page (named by its URL style) or a file named as its URL. */
export type ExportKind = 'html' | 'file';

/**
 * The decoded segments of a URL path (`/img/a%20b.png` → `['img', 'a b.png']`), as a static
 * server maps a request to a file; undefined for a path no file can be named by, by the rule of
 * the server's own request paths (content/paths.ts `decodeRequestPath`).
 */
function segmentsOf(urlPath: string): string[] | undefined {
  return decodeRequestPath(urlPath)?.split('/').slice(1);
}

/**
 * The file an exported URL is written to, relative to the export folder and `/`-separated:
 * `('/a/b', 'html')` → `a/b.html`, `('/a/b/', 'html')` → `a/b/index.html`, `('/', 'html')` →
 * `index.html`, `('/a/b.md', 'file')` → `a/b.md`, `('/img/a%20b.png', 'file')` → `img/a b.png`.
 * @param urlPath the URL path as served, percent-encoded, base path included (`/docs/a/b`)
 * @returns undefined when the path names no file ({@link segmentsOf}), or a file URL ends in `/`
 */
export function exportFileOf(urlPath: string, kind: ExportKind): string | undefined {
  if (!urlPath.startsWith('/')) return undefined;
  const segments = segmentsOf(urlPath);
  if (segments === undefined) return undefined;
  const last = segments.length - 1;
  if (segments[last] === '') {
    if (kind === 'file') return undefined;
    segments[last] = 'index.html';
  } else if (kind === 'html') segments[last] = `${segments[last] as string}.html`;
  if (segments.slice(0, -1).includes('')) return undefined;
  return segments.join('/');
}
