/**
 * Maps a request path to what answers it (DESIGN.md "Pages and paths"): a page or folder listing
 * (negotiated, or markdown for the `.md` suffix), a 308 to the canonical URL, the internal zone,
 * or nothing. Pure; never touches the file system.
 */
import type { Body } from '../body.js';
import { INTERNAL_FOLDER, type Page } from '../content/page.js';
import { decodeRequestPath } from '../content/paths.js';
import type { PageBodies, Snapshot } from './snapshot.js';

/** A page or listing that can answer. */
export interface Found {
  kind: 'page';
  bodies: PageBodies;
  /** The content page, or undefined for a generated folder listing. */
  page: Page | undefined;
  /** Canonical URL path of the HTML representation. */
  url: string;
  /** URL path of the markdown representation. */
  markdownUrl: string;
  /** True for the `.md` suffix: markdown is the only representation offered. */
  markdownOnly: boolean;
}

/** What answers a request path. */
export type Resolution =
  | Found
  | { kind: 'redirect'; location: string }
  | { kind: 'static'; body: Body }
  | { kind: 'internal'; found: Found | undefined }
  | { kind: 'not_found' };

/** Top folder whose paths are internal whether or not a page exists there (no existence oracle). */
const INTERNAL_PREFIX = `/${INTERNAL_FOLDER}`;

/**
 * Resolves a raw request path (no query string).
 * @param rawPath the path exactly as received, percent-encoded
 */
export function resolvePath(snapshot: Snapshot, rawPath: string): Resolution {
  const asset = snapshot.assets.get(rawPath) ?? snapshot.discovery.sitemapParts.get(rawPath) ?? snapshot.discovery.llmsFiles.get(rawPath);
  if (asset !== undefined) return { kind: 'static', body: asset };
  const key = decodeRequestPath(rawPath);
  if (key === undefined) return { kind: 'not_found' };

  const lower = key.toLowerCase();
  const inInternalZone = lower === INTERNAL_PREFIX || lower.startsWith(`${INTERNAL_PREFIX}/`);
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

function atKey(snapshot: Snapshot, key: string, markdownOnly: boolean): Found | undefined {
  const page = snapshot.site.pages.get(key);
  const bodies = snapshot.pages.get(key);
  if (page !== undefined && bodies !== undefined) {
    return { kind: 'page', bodies, page, url: page.url, markdownUrl: page.markdownUrl, markdownOnly };
  }
  const listing = snapshot.listings.get(key);
  const folder = snapshot.site.folders.get(key);
  if (listing !== undefined && folder !== undefined) {
    return { kind: 'page', bodies: listing, page: undefined, url: folder.url, markdownUrl: `${folder.url}index.md`, markdownOnly };
  }
  return undefined;
}
