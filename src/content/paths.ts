/**
 * How files map to URLs (DESIGN.md "Pages and paths"), and how request paths map back.
 *
 * A page has a *key*, its decoded URL path (`/common/c++`), and a canonical *url*, the same path
 * percent-encoded so that only RFC 3986 unreserved characters stay literal (`/common/c%2B%2B`).
 * `decodeRequestPath(url) === key` for every page: URLs round-trip.
 */

/** Where a markdown file is served. */
export interface PagePath {
  /** Decoded URL path: `/a/b`, or `/a/` for a folder page. Map key for lookups. */
  key: string;
  /** Canonical URL path, percent-encoded per RFC 3986 §2.3 (only unreserved characters literal). */
  url: string;
  /** True for `index.md` / `README.md`, which are served at their folder's URL. */
  isIndex: boolean;
  /** Priority among files that claim the same URL: `index.md` (0) beats `README.md` (1). */
  indexRank: number;
}

const INDEX_NAMES: Record<string, number> = { 'index.md': 0, 'readme.md': 1 };

/**
 * Percent-encodes one path segment so that only `A-Z a-z 0-9 - . _ ~` stay literal (RFC 3986 §2.3).
 * Stricter than `encodeURIComponent`: `!'()*` are encoded too, so URLs are safe inside markdown
 * link syntax and XML without further escaping.
 */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Encodes a decoded path (`/a b/c`) segment by segment (`/a%20b/c`). */
export function encodePath(key: string): string {
  return key.split('/').map(encodeSegment).join('/');
}

/**
 * The URL of a markdown file.
 * `a/b.md` → `/a/b`; `a/index.md` and `a/README.md` → `/a/`; `common/..md` → `/common/..md`
 * (stripping `.md` would leave the dot-segment `.`, which URL parsers remove — RFC 3986 §5.2.4).
 * @param relPath `/`-separated path relative to the content folder, ending in `.md` (any case)
 */
export function pagePathOf(relPath: string): PagePath {
  const slash = relPath.lastIndexOf('/');
  const dir = slash === -1 ? '' : relPath.slice(0, slash);
  const name = relPath.slice(slash + 1);
  const indexRank = INDEX_NAMES[name.toLowerCase()];
  const folderKey = dir === '' ? '/' : `/${dir}/`;
  if (indexRank !== undefined) return { key: folderKey, url: encodePath(folderKey), isIndex: true, indexRank };
  const stem = name.slice(0, -3);
  const slug = /^\.*$/.test(stem) ? name : stem;
  const key = `${folderKey}${slug}`;
  return { key, url: encodePath(key), isIndex: false, indexRank: 2 };
}

/**
 * Decodes a request path (without query) into a lookup key, or `undefined` when it cannot name a
 * page: malformed percent-encoding, an encoded `/` or `\`, NUL, or a `.`/`..` segment.
 * No request path ever touches the file system; this only keeps lookups unambiguous.
 */
export function decodeRequestPath(rawPath: string): string | undefined {
  if (!rawPath.startsWith('/')) return undefined;
  // Fast path, most requests: nothing encoded, so only dot-segments and backslashes can be wrong.
  if (!rawPath.includes('%')) return /\/\.\.?(\/|$)|[\\\0]/.test(rawPath) ? undefined : rawPath;
  const segments = rawPath.split('/');
  const decoded: string[] = [];
  for (const segment of segments) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (value === '.' || value === '..' || /[/\\\0]/.test(value)) return undefined;
    decoded.push(value);
  }
  return decoded.join('/');
}

/** The path part of a public base URL, without trailing slash: `https://x.org/docs/` → `/docs`, `https://x.org` → `''`. */
export function basePathOf(baseUrl: string): string {
  return new URL(baseUrl).pathname.replace(/\/$/, '');
}

/** The folder key of a page key: `/a/b` → `/a/`, `/a/` → `/`, `/` → `/`. */
export function parentFolderKey(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  return trimmed.slice(0, trimmed.lastIndexOf('/') + 1) || '/';
}
