/**
 * Maps a request path to what answers it (DESIGN.md "Pages and paths"): a page or folder listing
 * (negotiated, or markdown for the `.md` suffix), a static file of the site, a 308 to the
 * canonical URL, the internal zone, or nothing. Pure; never touches the file system.
 */
import type { Body } from '../body.js';
import type { AssetFile } from '../content/assets.js';
import { canonicalPageOf } from '../content/versions.js';
import type { Page } from '../content/page.js';
import { decodeRequestPath, parsePartPath, type PartPath } from '../content/paths.js';
import { locationOf, spelledTarget } from '../content/redirects.js';
import type { PartBodies, Representations } from './bodies.js';
import type { Snapshot } from './snapshot.js';

/** A page or listing that can answer. */
export interface Found {
  kind: 'page';
  /** The bodies that answer: the page's or listing's, or one part's for a page served in parts. */
  bodies: Representations;
  /** The content page, or undefined for a generated folder listing. */
  page: Page | undefined;
  /** The page's or folder listing's key (`/a/b`, `/a/`): a reader's bodies are found by it (reader-view.ts). */
  key: string;
  /** Canonical URL path of the HTML representation. */
  url: string;
  /** URL path of the markdown representation. */
  markdownUrl: string;
  /**
   * The URL path search engines should index when it is not {@link Found.url}: an old version's
   * page names the current version's page at the same path (content/versions.ts `canonicalPageOf`).
   */
  canonicalUrl?: string | undefined;
  /** True for the `.md` suffix: markdown is the only representation offered. */
  markdownOnly: boolean;
  /** For a part of a page served in parts: which one, and its neighbours (for `Link` rel prev/next). */
  part?: { n: number; count: number; previous: PartBodies | undefined; next: PartBodies | undefined } | undefined;
}

/** A static file of the site that answers (content/assets.ts), read when the answer is written. */
export interface AssetFound {
  kind: 'asset';
  asset: AssetFile;
}

/** A 308 to `location`: a URL path of the site (the base path is added when answering) or an absolute URL. */
export interface Redirected {
  kind: 'redirect';
  location: string;
}

/** What answers a request path. */
export type Resolution =
  | Found
  | AssetFound
  | Redirected
  | { kind: 'static'; body: Body }
  | {
      kind: 'internal';
      /**
       * The page, part or asset, rendered on this call (undefined when there is none): call it only
       * once the caller holds `internal:read`, so an anonymous request never renders a private page
       * and answers in the time a missing one does (DESIGN.md "Private content fails closed").
       */
      find: () => Found | AssetFound | Redirected | undefined;
    }
  | {
      kind: 'hidden';
      /**
       * Another spelling of an internal page's URL outside the internal zone: it answers as a missing
       * page does unless the caller holds `internal:read`, then with the 308 `find` gives.
       */
      find: () => Redirected;
    }
  | { kind: 'not_found' };

/**
 * Resolves a raw request path (no query string). Access is decided from page metadata before
 * anything is rendered: an internal page, or any path of the internal zone, resolves to `internal`.
 * @param rawPath the path exactly as received, percent-encoded
 */
export function resolvePath(snapshot: Snapshot, rawPath: string): Resolution {
  const asset = snapshot.assets.get(rawPath) ?? snapshot.discovery.sitemapParts.get(rawPath) ?? snapshot.discovery.llmsFiles.get(rawPath);
  if (asset !== undefined) return { kind: 'static', body: asset };
  const part = resolvePart(snapshot, rawPath);
  if (part !== undefined) return part;
  const key = decodeRequestPath(rawPath);
  if (key === undefined) return { kind: 'not_found' };

  const located = locate(snapshot, key);
  // A page wins over an asset at its path (content/site.ts `withAssets` leaves such assets out).
  const file = located === undefined ? snapshot.site.assets.get(key) : undefined;
  if (file !== undefined) {
    const found: AssetFound = { kind: 'asset', asset: file };
    if (file.internal || snapshot.site.internalZone.isInternalKey(key)) return { kind: 'internal', find: () => found };
    return rawPath === file.url ? found : { kind: 'redirect', location: file.url };
  }
  if (snapshot.site.internalZone.isInternalKey(key) || located?.page?.kind === 'internal')
    return { kind: 'internal', find: () => represent(snapshot, located) ?? spelledRedirect(snapshot, key) };
  const found = represent(snapshot, located);
  if (found !== undefined) {
    // One canonical URL per representation: other encodings (`c++` for `c%2B%2B`, `%7E` for `~`)
    // and `README.md` for `index.md` redirect to it.
    const canonical = found.markdownOnly ? found.markdownUrl : found.url;
    return rawPath === canonical ? found : { kind: 'redirect', location: canonical };
  }

  return otherSpelling(snapshot, key);
}

/**
 * The page whose canonical URL is `rawPath`, from metadata alone (nothing rendered), when the
 * caller may read it: by {@link resolvePath}'s rule, an internal page (or any page of the internal
 * zone) only with `includeInternal`. Undefined for anything else there (a static file or discovery
 * document that answers first, a part, a listing, another spelling, a page the caller may not
 * read); {@link resolvePath} then says what answers.
 */
export function readablePage(snapshot: Snapshot, rawPath: string, includeInternal: boolean): Page | undefined {
  const { assets, discovery } = snapshot;
  if (assets.has(rawPath) || discovery.sitemapParts.has(rawPath) || discovery.llmsFiles.has(rawPath)) return undefined;
  if (parsePartPath(rawPath) !== undefined) return undefined;
  const key = decodeRequestPath(rawPath);
  const page = key === undefined ? undefined : snapshot.site.pages.get(key);
  if (page === undefined || page.url !== rawPath) return undefined;
  return includeInternal || !isInternalPage(snapshot, page) ? page : undefined;
}

/** Whether `page` is read with `internal:read` only: internal itself, or in the internal zone. */
function isInternalPage(snapshot: Snapshot, page: Page): boolean {
  return page.kind === 'internal' || snapshot.site.internalZone.isInternalKey(page.key);
}

/**
 * A 308 for another spelling of a page or folder URL (content/redirects.ts: trailing slash,
 * `.html`, `.md` of a former URL, aliases, the `redirects` setting), or 404. A spelling of an
 * internal page never shows that the page exists: in the internal zone it answers as every path
 * there does (401 without a credential), elsewhere as a missing page does, unless the caller may
 * read the page (DESIGN.md "Private content fails closed").
 */
function otherSpelling(snapshot: Snapshot, key: string): Resolution {
  const redirect = spelledRedirect(snapshot, key);
  if (redirect === undefined) return { kind: 'not_found' };
  const target = spelledTarget(snapshot.site, key);
  const page = target === undefined || 'location' in target ? undefined : snapshot.site.pages.get(target.key);
  if (page !== undefined && isInternalPage(snapshot, page)) return { kind: 'hidden', find: () => redirect };
  return redirect;
}

/** The 308 for another spelling of a page or folder URL, whoever may read it; undefined when none. */
function spelledRedirect(snapshot: Snapshot, key: string): Redirected | undefined {
  const target = spelledTarget(snapshot.site, key);
  if (target === undefined) return undefined;
  if ('location' in target) return { kind: 'redirect', location: target.location };
  const location = locationOf(snapshot.site, target);
  return location === undefined ? undefined : { kind: 'redirect', location };
}

/** A page or folder listing found by key, from metadata alone: nothing rendered yet. */
interface Located {
  /** The page or folder key. */
  key: string;
  /** The content page, or undefined for a generated folder listing. */
  page: Page | undefined;
  /** True for the `.md` suffix. */
  markdownOnly: boolean;
}

/** What a decoded path names: a page (or its `.md` twin) or a listing, read from metadata only. */
function locate(snapshot: Snapshot, key: string): Located | undefined {
  const exact = atKey(snapshot, key, false);
  if (exact !== undefined) return exact;
  if (!key.endsWith('.md')) return undefined;
  const stripped = key.slice(0, -3);
  const index = /\/(index|README)$/.exec(stripped);
  if (index !== null) return atKey(snapshot, stripped.slice(0, index.index + 1), true);
  return stripped.endsWith('/') ? undefined : atKey(snapshot, stripped, true);
}

function atKey(snapshot: Snapshot, key: string, markdownOnly: boolean): Located | undefined {
  const page = snapshot.site.pages.get(key);
  if (page !== undefined) return { key, page, markdownOnly };
  return snapshot.listings.has(key) ? { key, page: undefined, markdownOnly } : undefined;
}

/** The bodies of what {@link locate} found, rendered (or taken from the cache) now. */
function represent(snapshot: Snapshot, located: Located | undefined): Found | undefined {
  if (located === undefined) return undefined;
  const { key, page, markdownOnly } = located;
  if (page !== undefined) {
    const bodies = snapshot.pages.get(key);
    if (bodies === undefined) return undefined; // the source vanished since the build
    const first = bodies.parts?.[0];
    if (bodies.parts !== undefined && first !== undefined) return partFound(key, page, bodies.parts, first, markdownOnly);
    const canonical = canonicalPageOf(snapshot.site, page);
    const found: Found = { kind: 'page', bodies, page, key, url: page.url, markdownUrl: page.markdownUrl, markdownOnly };
    return canonical === page ? found : { ...found, canonicalUrl: canonical.url };
  }
  const listing = snapshot.listings.get(key);
  const folder = snapshot.site.folders.get(key);
  if (listing === undefined || folder === undefined) return undefined;
  return { kind: 'page', bodies: listing, page: undefined, key, url: folder.url, markdownUrl: `${folder.url}index.md`, markdownOnly };
}

/**
 * A part URL (`/a/b;part=2`, content/paths.ts) of a page or folder listing served in parts: the part; a 308 for
 * another spelling of it (`;part=02`, `c++;part=2`) or for part 1, which is the page URL; 404 for
 * a part the page does not have. Undefined when the page is not served in parts, so that the path
 * is looked up as any other (a file named `b;part=2.md` is a page of its own, at `/b%3Bpart%3D2`).
 * Whether a page is in parts is known once it is rendered: this renders a public page (snapshot.ts
 * `pages`, on demand and cached), never an internal one, whose answer waits for the credential.
 */
function resolvePart(snapshot: Snapshot, rawPath: string): Resolution | undefined {
  const parsed = parsePartPath(rawPath);
  if (parsed === undefined) return undefined;
  const page = snapshot.site.pages.get(parsed.key);
  if (page === undefined)
    return snapshot.listings.has(parsed.key) ? partOf(snapshot.listings.get(parsed.key)?.parts, parsed, rawPath) : undefined;
  if (isInternalPage(snapshot, page)) {
    return {
      kind: 'internal',
      find: () => {
        const parts = snapshot.pages.get(parsed.key)?.parts;
        if (parts === undefined) {
          const key = decodeRequestPath(rawPath);
          return key === undefined ? undefined : represent(snapshot, locate(snapshot, key));
        }
        const part = parts[parsed.n - 1];
        return part === undefined ? undefined : partFound(parsed.key, page, parts, part, parsed.markdown);
      },
    };
  }
  return partOf(snapshot.pages.get(parsed.key)?.parts, parsed, rawPath, page);
}

/** Part `parsed.n` of a public page or listing in `parts`, a 308 to its canonical spelling, or 404; undefined when not in parts. */
function partOf(parts: readonly PartBodies[] | undefined, parsed: PartPath, rawPath: string, page?: Page): Resolution | undefined {
  if (parts === undefined) return undefined;
  const part = parts[parsed.n - 1];
  if (part === undefined) return { kind: 'not_found' };
  const found = partFound(parsed.key, page, parts, part, parsed.markdown);
  const canonical = parsed.markdown ? part.markdownUrl : part.url;
  return rawPath === canonical ? found : { kind: 'redirect', location: canonical };
}

function partFound(key: string, page: Page | undefined, parts: readonly PartBodies[], part: PartBodies, markdownOnly: boolean): Found {
  const neighbours = { n: part.n, count: parts.length, previous: parts[part.n - 2], next: parts[part.n] };
  return { kind: 'page', bodies: part, page, key, url: part.url, markdownUrl: part.markdownUrl, markdownOnly, part: neighbours };
}
