/** Step 4 of the content pipeline: a page's metadata from its frontmatter, body and path. */
import { accessOf, type InternalZone } from './access.js';
import type { PageNav } from './conventions/page-nav.js';

/** What kind of page this is (DESIGN.md "Pages and paths"). Internal pages need `internal:read`. */
export type PageKind = 'page' | 'post' | 'legal' | 'internal';

export const PAGE_KINDS: readonly PageKind[] = ['page', 'post', 'legal', 'internal'];

/** One served page of the site snapshot. Immutable once built. */
export interface Page {
  /** Decoded URL path, the lookup key: `/a/b` or `/a/`. */
  readonly key: string;
  /** Canonical URL path, percent-encoded: `/a/b`. */
  readonly url: string;
  /** URL path of the markdown representation: `/a/b.md`, or `/a/index.md` for a folder page. */
  readonly markdownUrl: string;
  /** Source file, `/`-separated, relative to the content folder. */
  readonly file: string;
  readonly title: string;
  /** At most {@link DESCRIPTION_MAX_CHARS} characters; may be empty. */
  readonly description: string;
  readonly kind: PageKind;
  /** BCP 47 tag of the page's language (RFC 5646): its locale's (content/conventions/locales.ts), `en` by default. */
  readonly lang: string;
  /**
   * Name of the docs version whose folder holds it (content/conventions/types.ts `DocsVersion`,
   * content/versions.ts); absent on an unversioned site and for pages outside every version.
   */
  readonly version?: string | undefined;
  /** Top folder (`guides`), or `''` for pages at the root. */
  readonly section: string;
  /**
   * Frontmatter `lastmod`/`updated`/`date` when valid, else the file's mtime, in ms since the
   * epoch (a number, not a `Date`: 100k `Date` objects cost 10 MB).
   */
  readonly lastModifiedMs: number;
  /**
   * Present when the frontmatter declares the last change (`lastmod`, `updated`, Docusaurus
   * `last_update.date`): it then wins over git's date (snapshot/site-view.ts `updatedMsOf`).
   */
  readonly lastModifiedDeclared?: true;
  /**
   * When the page was published, ms since the epoch: frontmatter `date`, else the `YYYY-MM-DD-`
   * prefix of its file name (Docusaurus blog, Jekyll posts); absent when neither is given. Feeds
   * list dated pages (discovery/feeds.ts).
   */
  readonly publishedMs?: number;
  /** Length of the source file in characters (UTF-16 code units), frontmatter included. */
  readonly sourceChars: number;
  /** `llms: false` in frontmatter keeps the page out of the llms files only. */
  readonly inLlms: boolean;
  /** Its place and label in the nav, when the generator's conventions give any (content/conventions/page-nav.ts). */
  readonly nav?: PageNav;
  /**
   * Decoded URL paths that answer 308 to this page: its file-name URL when its generator serves it
   * elsewhere, and old URLs from its frontmatter (content/conventions/urls.ts); absent when none.
   */
  readonly formerKeys?: readonly string[];
  /**
   * A regular page published at a URL with a trailing slash, as Hugo publishes `docs/basics.md` at
   * `/docs/basics/` (gohugo.io/content-management/urls/): its key ends in `/` as a folder page's
   * does, but it is no folder's page (see {@link isFolderPage}). Absent on every other page.
   */
  readonly prettyUrl?: true;
}

/**
 * The order of a site's public pages (`Site.publicPages`): by URL, code unit by code unit. The
 * trees (content/versions.ts `buildTreesInSteps`) take the pages in it.
 */
export function byUrl(a: Pick<Page, 'url'>, b: Pick<Page, 'url'>): number {
  return a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
}

/**
 * Two lists of pages sorted by {@link byUrl} merged into one, in one pass; `undefined` when two
 * pages have one URL (their order would be a sort's, unknown here).
 */
export function mergeByUrl(a: readonly Page[], b: readonly Page[]): Page[] | undefined {
  const merged: Page[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const order = byUrl(a[i] as Page, b[j] as Page);
    if (order === 0) return undefined;
    merged.push((order < 0 ? a[i++] : b[j++]) as Page);
  }
  while (i < a.length) merged.push(a[i++] as Page);
  while (j < b.length) merged.push(b[j++] as Page);
  for (let k = 1; k < b.length; k++) if (byUrl(b[k - 1] as Page, b[k] as Page) === 0) return undefined;
  return merged;
}

/** Whether a page is its folder's page (`/a/` from `a/index.md`), not a regular page at a pretty URL. */
export function isFolderPage(page: Pick<Page, 'key' | 'prettyUrl'>): boolean {
  return page.key.endsWith('/') && page.prettyUrl !== true;
}

/** Descriptions longer than this are cut at a word boundary and end with `…`. */
export const DESCRIPTION_MAX_CHARS = 200;

/**
 * Size in characters past which agents risk truncating a page (AFDocs "page-size-markdown": pass
 * under 50,000, fail over 100,000; agent clients truncate near 100,000). The default page limit:
 * pages whose markdown is longer are served in parts (`pageMaxChars`, README "Long pages").
 */
export const AGENT_PAGE_MAX_CHARS = 50_000;

/** A Map, not an object literal: a folder named `constructor` must not find Object.prototype's. */
const KIND_BY_TOP_FOLDER = new Map<string, PageKind>([
  ['posts', 'post'],
  ['blog', 'post'],
  ['legal', 'legal'],
]);

/** Frontmatter `title`, else the first H1, else the file (or folder) name. */
export function deriveTitle(
  data: Record<string, unknown>,
  firstH1: string | undefined,
  relPath: string,
): { title: string; fromFallback: boolean } {
  const fromFrontmatter = scalarText(data.title);
  if (fromFrontmatter !== undefined) return { title: fromFrontmatter, fromFallback: false };
  if (firstH1 !== undefined && firstH1 !== '') return { title: firstH1, fromFallback: false };
  const parts = relPath.split('/');
  const name = parts.pop() ?? relPath;
  const isIndex = /^(index|readme)\.md$/i.test(name);
  const fallback = isIndex ? (parts.pop() ?? 'Home') : name.replace(/\.md$/i, '');
  return { title: fallback, fromFallback: true };
}

/** Frontmatter `description`, else the first paragraph or blockquote, whitespace collapsed and cut to 200 characters. */
export function deriveDescription(data: Record<string, unknown>, firstParagraph: string | undefined): string {
  const text = (scalarText(data.description) ?? firstParagraph ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= DESCRIPTION_MAX_CHARS) return text;
  const cut = text.slice(0, DESCRIPTION_MAX_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  let end = space > DESCRIPTION_MAX_CHARS / 2 ? space : cut.length;
  // Trailing spaces and punctuation go, read from the end (linear, where `/[\s,;:.]+$/` is not).
  while (end > 0 && /[\s,;:.]/.test(cut[end - 1] ?? '')) end--;
  return `${cut.slice(0, end)}…`;
}

/**
 * The page's kind. Internal, whatever else it says, when content/access.ts says so: the file (at
 * its listed or real path) or its URL lies in the site's internal zone, or its `access` is not an
 * explicit `public`. Else frontmatter `kind` if valid (`kind: internal` included), then the top
 * folder (`posts/`, `blog/` → post; `legal/` → legal), else `page`.
 * @param where the file's path relative to the content folder; its real path there when a symlink
 *   led to it; and the decoded URL path it is served at, when known (a frontmatter `url` may put a
 *   page of any file in the zone, whose every URL answers 401 to the public: it is listed nowhere)
 * @param zone the site's internal zone (content/access.ts `internalZoneOf`)
 */
export function deriveKind(
  data: Record<string, unknown>,
  where: { relPath: string; realRelPath?: string | undefined; key?: string | undefined },
  zone: InternalZone,
): { kind: PageKind; invalid?: string } {
  const { relPath, realRelPath, key } = where;
  if (
    zone.isInternalFile(relPath) ||
    (realRelPath !== undefined && zone.isInternalFile(realRelPath)) ||
    (key !== undefined && zone.isInternalKey(key)) ||
    accessOf(data) === 'internal'
  )
    return { kind: 'internal' };
  const top = relPath.includes('/') ? relPath.slice(0, relPath.indexOf('/')).toLowerCase() : '';
  const byFolder = KIND_BY_TOP_FOLDER.get(top);
  const declared = data.kind;
  if (declared !== undefined) {
    if (PAGE_KINDS.includes(declared as PageKind)) return { kind: declared as PageKind };
    return { kind: byFolder ?? 'page', invalid: `frontmatter kind ${JSON.stringify(declared)} is not one of ${PAGE_KINDS.join(', ')}` };
  }
  return { kind: byFolder ?? 'page' };
}

/** A frontmatter value as a date, when it is one. */
function dateOf(value: unknown): Date | undefined {
  if (typeof value !== 'string' && !(value instanceof Date)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The last change the frontmatter declares: `lastmod` (Hugo, gohugo.io/content-management/front-matter/#lastmod),
 * `updated`, or Docusaurus' `last_update: { date }` (docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#markdown-front-matter);
 * `undefined` when none parses as a date. A page's `date` is when it was published, not this.
 */
export function declaredLastModified(data: Record<string, unknown>): Date | undefined {
  const lastUpdate = data.last_update;
  const nested = typeof lastUpdate === 'object' && lastUpdate !== null ? (lastUpdate as Record<string, unknown>).date : undefined;
  return dateOf(data.lastmod) ?? dateOf(data.updated) ?? dateOf(nested);
}

/** {@link declaredLastModified}, else frontmatter `date` if it parses as a date, else `mtimeMs`. */
export function deriveLastModified(data: Record<string, unknown>, mtimeMs: number): Date {
  return declaredLastModified(data) ?? dateOf(data.date) ?? new Date(Math.floor(mtimeMs));
}

/** A file name's date prefix, as Docusaurus blog posts and Jekyll posts are named: `2026-11-01-launch.md`. */
const DATED_FILE_NAME = /(?:^|\/)(\d{4}-\d{2}-\d{2})-[^/]+$/;

/**
 * When a page was published (see {@link Page.publishedMs}): `{ publishedMs }`, or nothing for an
 * undated page, so that most pages carry no such property.
 */
export function derivePublished(data: Record<string, unknown>, relPath: string): { publishedMs?: number } {
  const value = data.date;
  const fromFile = DATED_FILE_NAME.exec(relPath)?.[1];
  for (const text of [typeof value === 'string' || value instanceof Date ? value : undefined, fromFile]) {
    if (text === undefined) continue;
    const ms = new Date(text).getTime();
    if (!Number.isNaN(ms)) return { publishedMs: ms };
  }
  return {};
}

/** A frontmatter value as text: trimmed non-empty strings, numbers and booleans; otherwise `undefined`. */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
