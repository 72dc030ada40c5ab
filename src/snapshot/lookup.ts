/**
 * Maps a request path to what answers it (DESIGN.md "Pages and paths"): a page or folder listing
 * (negotiated, or markdown for the `.md` suffix), a 308 to the canonical URL, the internal zone,
 * or nothing. Pure; never touches the file system.
 */
import type { Body } from '../body.js';
import { isInternalKey, type Page } from '../content/page.js';
import { decodeRequestPath, parsePartPath } from '../content/paths.js';
import type { PartBodies, Representations, Snapshot } from './snapshot.js';

/** A page or listing that can answer. */
export interface Found {
  kind: 'page';
  /** The bodies that answer: the page's or listing's, or one part's for a page served in parts. */
  bodies: Representations;
  /** The content page, or undefined for a generated folder listing. */
  page: Page | undefined;
  /** Canonical URL path of the HTML representation. */
  url: string;
  /** URL path of the markdown representation. */
  markdownUrl: string;
  /** True for the `.md` suffix: markdown is the only representation offered. */
  markdownOnly: boolean;
  /** For a part of a page served in parts: which one, and its neighbours (for `Link` rel prev/next). */
  part?: { n: number; count: number; previous: PartBodies | undefined; next: PartBodies | undefined } | undefined;
}

/** What answers a request path. */
export type Resolution =
  | Found
  | { kind: 'redirect'; location: string }
  | { kind: 'static'; body: Body }
  | { kind: 'internal'; found: Found | undefined }
  | { kind: 'not_found' };

/**
 * Resolves a raw request path (no query string).
 * @param rawPath the path exactly as received, percent-encoded
 */
export function resolvePath(snapshot: Snapshot, rawPath: string): Resolution {
  const asset = snapshot.assets.get(rawPath) ?? snapshot.discovery.sitemapParts.get(rawPath) ?? snapshot.discovery.llmsFiles.get(rawPath);
  if (asset !== undefined) return { kind: 'static', body: asset };
  const part = resolvePart(snapshot, rawPath);
  if (part !== undefined) return part;
  const key = decodeRequestPath(rawPath);
  if (key === undefined) return { kind: 'not_found' };

  const inInternalZone = isInternalKey(key);
  const found = findRepresentation(snapshot, key);
  if (inInternalZone || found?.page?.kind === 'internal') return { kind: 'internal', found };
  if (found !== undefined) {
    // One canonical URL per representation: other encodings (`c++` for `c%2B%2B`, `%7E` for `~`)
    // and `README.md` for `index.md` redirect to it.
    const canonical = found.markdownOnly ? found.markdownUrl : found.url;
    return rawPath === canonical ? found : { kind: 'redirect', location: canonical };
  }

  const alternate = key.endsWith('/') ? key.slice(0, -1) : `${key}/`;
  const target = findRepresentation(snapshot, alternate);
  if (target !== undefined && !target.markdownOnly) return { kind: 'redirect', location: target.url };
  return { kind: 'not_found' };
}

function findRepresentation(snapshot: Snapshot, key: string): Found | undefined {
  const exact = atKey(snapshot, key, false);
  if (exact !== undefined) return exact;
  if (!key.endsWith('.md')) return undefined;
  const stripped = key.slice(0, -3);
  const index = /\/(index|README)$/.exec(stripped);
  if (index !== null) return atKey(snapshot, stripped.slice(0, index.index + 1), true);
  return stripped.endsWith('/') ? undefined : atKey(snapshot, stripped, true);
}

/**
 * A part URL (`/a/b;part=2`, content/paths.ts) of a page served in parts: the part; a 308 for
 * another spelling of it (`;part=02`, `c++;part=2`) or for part 1, which is the page URL; 404 for
 * a part the page does not have (the internal answer for an internal page: no existence oracle).
 * Undefined when the page is not served in parts, so that the path is looked up as any other (a
 * file named `b;part=2.md` is a page of its own, at `/b%3Bpart%3D2`). Whether a page is in parts
 * is known once it is rendered: this renders it (snapshot.ts `pages`, on demand and cached).
 */
function resolvePart(snapshot: Snapshot, rawPath: string): Resolution | undefined {
  const parsed = parsePartPath(rawPath);
  if (parsed === undefined) return undefined;
  const page = snapshot.site.pages.get(parsed.key);
  const parts = page === undefined ? undefined : snapshot.pages.get(parsed.key)?.parts;
  if (page === undefined || parts === undefined) return undefined;
  const internal = page.kind === 'internal' || isInternalKey(parsed.key);
  const part = parts[parsed.n - 1];
  if (part === undefined) return internal ? { kind: 'internal', found: undefined } : { kind: 'not_found' };
  const found = partFound(page, parts, part, parsed.markdown);
  if (internal) return { kind: 'internal', found };
  const canonical = parsed.markdown ? part.markdownUrl : part.url;
  return rawPath === canonical ? found : { kind: 'redirect', location: canonical };
}

function partFound(page: Page, parts: readonly PartBodies[], part: PartBodies, markdownOnly: boolean): Found {
  const neighbours = { n: part.n, count: parts.length, previous: parts[part.n - 2], next: parts[part.n] };
  return { kind: 'page', bodies: part, page, url: part.url, markdownUrl: part.markdownUrl, markdownOnly, part: neighbours };
}

function atKey(snapshot: Snapshot, key: string, markdownOnly: boolean): Found | undefined {
  const page = snapshot.site.pages.get(key);
  const bodies = snapshot.pages.get(key);
  if (page !== undefined && bodies !== undefined) {
    const first = bodies.parts?.[0];
    if (bodies.parts !== undefined && first !== undefined) return partFound(page, bodies.parts, first, markdownOnly);
    return { kind: 'page', bodies, page, url: page.url, markdownUrl: page.markdownUrl, markdownOnly };
  }
  const listing = snapshot.listings.get(key);
  const folder = snapshot.site.folders.get(key);
  if (listing !== undefined && folder !== undefined) {
    return { kind: 'page', bodies: listing, page: undefined, url: folder.url, markdownUrl: `${folder.url}index.md`, markdownOnly };
  }
  return undefined;
}
