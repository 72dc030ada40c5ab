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

const INDEX_NAMES: Record<string, number> = { 'index.md': 0, 'index.mdx': 0, 'readme.md': 1, 'readme.mdx': 1 };

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
  // Most paths need no escaping: return the key itself, so pages do not hold two copies of it.
  if (/^[A-Za-z0-9\-._~/]*$/.test(key)) return key;
  return key.split('/').map(encodeSegment).join('/');
}

/**
 * The URL of a markdown file.
 * `a/b.md` → `/a/b`; `a/index.md` and `a/README.md` → `/a/`; `common/..md` → `/common/..md`
 * (stripping `.md` would leave the dot-segment `.`, which URL parsers remove — RFC 3986 §5.2.4).
 * An `.mdx` file maps the same way (`a/b.mdx` → `/a/b`, `a/index.mdx` → `/a/`).
 * @param relPath `/`-separated path relative to the content folder, ending in `.md` or `.mdx` (any case)
 */
export function pagePathOf(relPath: string): PagePath {
  const slash = relPath.lastIndexOf('/');
  const dir = slash === -1 ? '' : relPath.slice(0, slash);
  const name = relPath.slice(slash + 1);
  const indexRank = INDEX_NAMES[name.toLowerCase()];
  const folderKey = dir === '' ? '/' : `/${dir}/`;
  if (indexRank !== undefined) return { key: folderKey, url: encodePath(folderKey), isIndex: true, indexRank };
  const stem = name.slice(0, /\.mdx$/i.test(name) ? -4 : -3);
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

/**
 * Parts of a long page (README "Long pages"). Part 1 is the page itself; part `n` ≥ 2 is at the
 * page URL plus the RFC 3986 §3.3 segment parameter `;part=n` (a folder page names its index:
 * `/guides/index;part=2`), and its markdown at the same plus `.md`. A page URL never holds a
 * literal `;` or `=` ({@link encodeSegment} encodes both), so no page can ever be at a part's URL:
 * a file named `b;part=2.md` is served at `/b%3Bpart%3D2`.
 */
const PART_PARAMETER = ';part=';

/** The HTML URL path of part `n` (1-based) of the page at `pageUrl`: `/a/b;part=2`, `/a/index;part=2`; part 1 is `pageUrl`. */
export function partUrlOf(pageUrl: string, n: number): string {
  if (n === 1) return pageUrl;
  return `${pageUrl.endsWith('/') ? `${pageUrl}index` : pageUrl}${PART_PARAMETER}${n}`;
}

/** The markdown URL path of part `n`: `/a/b;part=2.md`; part 1 is the page's own `markdownUrl`. */
export function partMarkdownUrlOf(pageUrl: string, markdownUrl: string, n: number): string {
  return n === 1 ? markdownUrl : `${partUrlOf(pageUrl, n)}.md`;
}

/** A request path that names a part of a page, as {@link parsePartPath} reads it. */
export interface PartPath {
  /** The page's key (decoded URL path), `/a/b` or `/a/` (for `…/index;part=n` and `…/README;part=n`). */
  key: string;
  /** The part number as written, which may not be canonical (`02`, `1`). */
  n: number;
  /** True for the `.md` suffix. */
  markdown: boolean;
}

/**
 * Reads a raw request path as a part URL: `/a/b;part=2` → `{ key: '/a/b', n: 2, markdown: false }`.
 * Undefined when the path has no literal `;part=<digits>` at its end, or its page part does not
 * decode ({@link decodeRequestPath}). Whether that page has such a part is the caller's question.
 */
export function parsePartPath(rawPath: string): PartPath | undefined {
  // Most paths hold no `;`: one character is found faster than the parameter is.
  if (!rawPath.includes(';')) return undefined;
  const at = rawPath.lastIndexOf(PART_PARAMETER);
  if (at === -1) return undefined;
  const match = /^(\d{1,6})(\.md)?$/.exec(rawPath.slice(at + PART_PARAMETER.length));
  if (match === null) return undefined;
  const decoded = decodeRequestPath(rawPath.slice(0, at));
  if (decoded === undefined || decoded.endsWith('/')) return undefined;
  const index = /\/(index|readme)$/i.exec(decoded);
  return { key: index === null ? decoded : decoded.slice(0, index.index + 1), n: Number(match[1]), markdown: match[2] !== undefined };
}
