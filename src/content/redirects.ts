/**
 * The URL paths that answer 308, and the one function that reads any spelling of a page's URL as
 * that page (DESIGN.md "Pages and paths": one canonical URL per page, other spellings redirect).
 * Spellings: the canonical path with or without its trailing slash, `.html` (mdBook, VitePress and
 * Hugo's `uglyURLs` publish `page.html`), `.md` for the markdown, a page's former URLs (its
 * file-name URL where its generator serves it elsewhere, Hugo `aliases`, `redirect_from`,
 * content/conventions/urls.ts), a locale's untranslated pages (Starlight's fallback content,
 * {@link LocaleFallback}) and the `redirects` setting. Pure; the snapshot's lookup
 * (snapshot/lookup.ts) answers with it, and links (content/links.ts) resolve through it.
 */
import type { InternalZone } from './access.js';
import type { Page } from './page.js';
import type { ContentProblem } from './problems.js';
import { decodeRequestPath } from './paths.js';

/** Where a redirecting URL path leads: a page or folder by key, or a URL given by the operator. */
export type Redirect = { key: string } | { location: string };

/** What another spelling names: a page or folder (its markdown for a `.md` spelling), or a URL. */
export type Spelled = { key: string; markdown: boolean } | { location: string };

/** What {@link spelledTarget} reads: pages, redirects and folder keys, all by decoded URL path. */
export interface SpellingSource {
  readonly pages: ReadonlyMap<string, Page>;
  readonly redirects: ReadonlyMap<string, Redirect>;
  /** The folders whose listing answers at their key (`/a/`), with their URL. */
  readonly folders: ReadonlyMap<string, { readonly url: string }>;
  /** True when the generator lowercases its URLs (Hugo, Starlight): another letter case is a spelling then. */
  readonly lowercaseUrls?: boolean;
}

/** The decoded key with its suffix read: `/a/b.html` → `/a/b`, `/a/index.html` and `/a/README.md` → `/a/`. */
function withoutSuffix(key: string, suffix: RegExp): string | undefined {
  const match = suffix.exec(key);
  if (match === null) return undefined;
  const stripped = key.slice(0, match.index);
  const index = /\/(index|README|_index)$/.exec(stripped);
  return index === null ? stripped : stripped.slice(0, index.index + 1);
}

/** The keys a decoded request path may mean, in the order they are tried. */
function candidatesOf(key: string, lowercase: boolean): { key: string; markdown: boolean }[] {
  const candidates = [{ key, markdown: false }];
  const html = withoutSuffix(key, /\.html?$/);
  if (html !== undefined && html !== '') candidates.push({ key: html, markdown: false });
  const markdown = withoutSuffix(key, /\.mdx?$/);
  if (markdown !== undefined && markdown !== '') {
    candidates.push({ key: markdown, markdown: true });
    // `/a/b.md` for a page at a pretty URL (Hugo's `/a/b/`, whose markdown is `/a/b/index.md`).
    if (!markdown.endsWith('/')) candidates.push({ key: `${markdown}/`, markdown: true });
  }
  if (key !== '/') candidates.push({ key: key.endsWith('/') ? key.slice(0, -1) : `${key}/`, markdown: false });
  // Hugo and Starlight lowercase their URLs: `/a/B/` is a spelling of `/a/b`.
  const lower = key.toLowerCase();
  if (lowercase && lower !== key) candidates.push(...candidatesOf(lower, false));
  return candidates;
}

/**
 * What a decoded URL path names when it is not a page's canonical key: the page or folder that
 * one of its spellings names, or the `redirects` setting's URL; undefined when none does.
 */
export function spelledTarget(source: SpellingSource, key: string): Spelled | undefined {
  for (const candidate of candidatesOf(key, source.lowercaseUrls === true)) {
    if (source.pages.has(candidate.key) || source.folders.has(candidate.key)) return candidate;
    const redirect = source.redirects.get(candidate.key);
    if (redirect !== undefined) return 'key' in redirect ? { key: redirect.key, markdown: candidate.markdown } : redirect;
  }
  return undefined;
}

/**
 * Where a generator that falls back to the default language (content/conventions/locales.ts
 * `localeFallbackOf`) has each locale answer for a page it has not translated: Starlight serves
 * `/de/x` with the default language's `/x` and a notice (starlight.astro.build/guides/i18n/#fallback-content).
 * sitegate answers `/de/x` with a 308 to `/x` instead of a copy: one routing decision (this
 * module's redirects, read by the lookup and by links alike), and no duplicate page for search
 * engines, since the default page alone carries its content, `lang` and canonical URL.
 */
export interface LocaleFallback {
  /** Folder key of the default language's tree: `/`, or `/en/` when it has a folder of its own. */
  readonly defaultRoot: string;
  /** Folder keys of the other locales' trees (`/de/`, `/pt-br/`). */
  readonly localeRoots: readonly string[];
}

/**
 * The redirects of a site: each page's former keys to the page, then each locale's untranslated
 * pages to the default language's ({@link LocaleFallback}), then the `redirects` setting (from →
 * to), its targets read as any spelling of a page ({@link spelledTarget}) or kept as given.
 * A former key that is some page's own URL stays that page's; one claimed by two pages goes to the
 * first; both, and settings that cannot apply, are reported in `problems`.
 * @param settings the `redirects` setting, decoded path → path or absolute URL (config/config.ts)
 * @param zone the site's internal zone (content/access.ts): no locale fallback leads into it or from it
 * @param fallback the locales that fall back to the default language; none when undefined
 * @param formerKeyPages the pages of `pages` that have former keys, in file order (default: found
 *   in `pages`, a pass over every page; content/site.ts keeps them)
 */
export function siteRedirects(
  pages: ReadonlyMap<string, Page>,
  settings: ReadonlyMap<string, string> | undefined,
  problems: ContentProblem[],
  zone: InternalZone,
  fallback?: LocaleFallback,
  formerKeyPages: Iterable<Page> = pages.values(),
): Map<string, Redirect> {
  const redirects = new Map<string, Redirect>();
  for (const page of formerKeyPages)
    for (const former of page.formerKeys ?? []) {
      if (pages.has(former)) continue;
      const taken = redirects.get(former);
      if (taken === undefined) redirects.set(former, { key: page.key });
      else if ('key' in taken && taken.key !== page.key)
        problems.push({ severity: 'warning', file: page.file, message: `old URL ${former} also leads to ${taken.key}, which keeps it` });
    }
  if (fallback !== undefined) addFallbacks(pages, fallback, redirects, zone);
  const source: SpellingSource = { pages, redirects, folders: new Map() };
  for (const [from, to] of settings ?? []) {
    if (pages.has(from)) {
      problems.push({
        severity: 'warning',
        file: 'sitegate.json',
        message: `redirects: a page is served at ${from}; its redirect is ignored`,
      });
      continue;
    }
    const toKey = to.startsWith('/') ? decodeRequestPath(to.replace(/[?#][\s\S]*/, '')) : undefined;
    const target = toKey === undefined ? undefined : spelledTarget(source, toKey);
    redirects.set(from, target !== undefined && 'key' in target ? { key: target.key } : { location: to });
  }
  return redirects;
}

/**
 * Adds `/de/x` → `/x` for each public default-language page `/x` and each locale root that has no
 * page and no redirect at `/de/x`. An internal page gets none (DESIGN.md "Private content fails
 * closed"): its locale URL answers as a missing page does, never showing that the page exists;
 * and no fallback URL lies in the internal zone (`/de/internal/x`), where every URL answers 401.
 */
function addFallbacks(
  pages: ReadonlyMap<string, Page>,
  fallback: LocaleFallback,
  redirects: Map<string, Redirect>,
  zone: InternalZone,
): void {
  const { defaultRoot, localeRoots } = fallback;
  for (const page of pages.values()) {
    if (page.kind === 'internal' || zone.isInternalKey(page.key) || !page.key.startsWith(defaultRoot)) continue;
    if (localeRoots.some((root) => page.key.startsWith(root))) continue; // a translation, not a default page
    const relative = page.key.slice(defaultRoot.length);
    const target = { key: page.key };
    for (const root of localeRoots) {
      const key = `${root}${relative}`;
      if (!pages.has(key) && !redirects.has(key) && !zone.isInternalKey(key)) redirects.set(key, target);
    }
  }
}

/**
 * The canonical URL path of a decoded site path in any spelling (`/a/B/`, `/a/b.html`, an alias):
 * the page's or folder's URL, its markdown URL for a `.md` spelling, or the `redirects` setting's
 * target; undefined when it names nothing. What a root-absolute link in a page resolves to.
 */
export function canonicalUrlOf(source: SpellingSource, key: string): string | undefined {
  const page = source.pages.get(key);
  if (page !== undefined) return page.url;
  const target = spelledTarget(source, key);
  if (target === undefined || 'location' in target) return target?.location;
  return locationOf(source, target);
}

/** The URL path a {@link spelledTarget} page or folder answers at (its markdown URL for a `.md` spelling). */
export function locationOf(source: SpellingSource, target: { key: string; markdown: boolean }): string | undefined {
  const page = source.pages.get(target.key);
  if (page !== undefined) return target.markdown ? page.markdownUrl : page.url;
  const folder = source.folders.get(target.key);
  if (folder === undefined) return undefined;
  return target.markdown ? `${folder.url}index.md` : folder.url;
}
