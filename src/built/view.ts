/**
 * The build as one snapshot sees it (issue 33): each built page matched to its source page, who may
 * read each file, the files sitegate's own answers replace, and the bytes people get. Made on the
 * first request of a snapshot and kept with it (a rebuild in watch mode makes a new one).
 *
 * Matching follows the generator's URL rules of content/conventions/ (urls.ts), never a copy: a
 * built page's published URL (build-index.ts `publishedUrlOf`) is looked up as sitegate looks up a
 * request path, by the page's key and then by content/redirects.ts `spelledTarget` (the same URL
 * with or without its trailing slash or `.html`, a page's former URL).
 *
 * Access fails closed (DESIGN.md "Private content fails closed", content/access.ts): a built file is
 * internal when its source page is, when its URL lies in the internal zone, or when it sits in an
 * internal folder: a folder whose built pages include an internal page and no public one (an
 * internal page's images, chunks and unknown files beside it).
 */
import type { Page } from '../content/page.js';
import { spelledTarget } from '../content/redirects.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { Body } from '../body.js';
import { makeBody } from '../body.js';
import { publishedUrlOf, type BuildIndex, type BuiltFile } from './build-index.js';
import { injectHeadLinks, type InjectKind } from './inject.js';
import { replacementOf } from './reserved.js';

/** How a built page matches its source. */
export interface BuiltMatch {
  /** The source page. */
  page: Page;
  /** The built page's published URL (`/guide/`). */
  url: string;
  /** True when the URLs differ by more than a trailing slash or `.html` (a former URL, an alias). */
  mismatch: boolean;
}

/** One snapshot's view of the build. */
export interface BuiltView {
  /** The source page of a built page, by {@link BuiltFile.rel}. */
  readonly matches: ReadonlyMap<string, BuiltMatch>;
  /** Built HTML pages that match no source page (the 404 page left out), by rel. */
  readonly unmatched: readonly BuiltFile[];
  /** Source pages that no built page matches. */
  readonly unbuilt: readonly Page[];
  /** Files sitegate's own answers replace, by rel, with the path of what answers instead (reserved.ts). */
  readonly replaced: ReadonlyMap<string, string>;
  /** Whether a built file is served only to `internal:read`. */
  isInternal(file: BuiltFile): boolean;
  /** The bytes people get for a held file: as built, or with `inject`'s links (inject.ts). */
  bodyOf(file: BuiltFile): Body | undefined;
}

/** What a view reads besides the index and the snapshot. */
export interface BuiltViewOptions {
  /** The route table's own paths (reserved.ts `routePathsOf`). */
  routePaths: ReadonlySet<string>;
  /** `inject` (inject.ts); empty for the bytes as built. */
  inject: readonly InjectKind[];
  /** Public base URL without a trailing slash, for injected links. */
  baseUrl: string;
}

/** Whether a source page is internal (content/access.ts decided it when the site was built). */
function isInternalPage(snapshot: Snapshot, page: Page): boolean {
  return page.kind === 'internal' || snapshot.site.internalZone.isInternalKey(page.key);
}

/** The source page a published URL names by the site's URL rules, if any. */
function matchOf(snapshot: Snapshot, url: string): BuiltMatch | undefined {
  const { site } = snapshot;
  const exact = site.pages.get(url);
  if (exact !== undefined) return { page: exact, url, mismatch: false };
  const spelled = spelledTarget(site, url);
  if (spelled === undefined || !('key' in spelled) || spelled.markdown) return undefined;
  const page = site.pages.get(spelled.key);
  if (page === undefined) return undefined;
  const sameSpelling = page.key === `${url}/` || `${page.key}/` === url || `${page.key}.html` === url;
  return { page, url, mismatch: !sameSpelling };
}

/** The URL folders of a decoded path, the root first: `/a/b/c.png` → `/`, `/a/`, `/a/b/`. */
function foldersOf(key: string): string[] {
  const folders: string[] = [];
  for (let i = key.indexOf('/'); i !== -1; i = key.indexOf('/', i + 1)) folders.push(key.slice(0, i + 1));
  return folders;
}

const views = new WeakMap<Snapshot, WeakMap<BuildIndex, BuiltView>>();

/**
 * The view of `index` for `snapshot`, made once per pair.
 */
export function builtViewOf(index: BuildIndex, snapshot: Snapshot, options: BuiltViewOptions): BuiltView {
  let byIndex = views.get(snapshot);
  if (byIndex === undefined) views.set(snapshot, (byIndex = new WeakMap()));
  let view = byIndex.get(index);
  if (view === undefined) byIndex.set(index, (view = makeView(index, snapshot, options)));
  return view;
}

function makeView(index: BuildIndex, snapshot: Snapshot, options: BuiltViewOptions): BuiltView {
  const zone = snapshot.site.internalZone;
  const matches = new Map<string, BuiltMatch>();
  const unmatched: BuiltFile[] = [];
  const replaced = new Map<string, string>();
  // Pages by audience under each URL folder: a folder of internal pages alone is internal.
  const audience = new Map<string, { internal: number; public: number }>();
  const count = (key: string, internal: boolean): void => {
    for (const folder of foldersOf(key)) {
      const counts = audience.get(folder) ?? { internal: 0, public: 0 };
      if (internal) counts.internal++;
      else counts.public++;
      audience.set(folder, counts);
    }
  };
  const matchedKeys = new Set<string>();
  for (const file of index.files.values()) {
    const replacement = replacementOf(file.key, options.routePaths, snapshot);
    if (replacement !== undefined) {
      replaced.set(file.rel, replacement);
      continue;
    }
    if (!file.page || file === index.notFound) continue;
    const url = publishedUrlOf(file);
    const match = matchOf(snapshot, url);
    if (match === undefined) {
      unmatched.push(file);
      count(url, zone.isInternalKey(url));
      continue;
    }
    matches.set(file.rel, match);
    matchedKeys.add(match.page.key);
    count(url, isInternalPage(snapshot, match.page));
  }
  const internalFolder = (folder: string): boolean => {
    const counts = audience.get(folder);
    return counts !== undefined && counts.internal > 0 && counts.public === 0;
  };
  const isInternal = (file: BuiltFile): boolean => {
    const match = matches.get(file.rel);
    if (match !== undefined && isInternalPage(snapshot, match.page)) return true;
    if (zone.isInternalKey(file.key) || (file.page && zone.isInternalKey(publishedUrlOf(file)))) return true;
    return foldersOf(file.key).some(internalFolder);
  };
  const bodies = new Map<string, Body>();
  const llmsTxtUrl = `${options.baseUrl}/llms.txt`;
  return {
    matches,
    unmatched,
    unbuilt: [...snapshot.site.pages.values()].filter((page) => !matchedKeys.has(page.key)),
    replaced,
    isInternal,
    bodyOf(file) {
      if (file.body === undefined || !file.page || options.inject.length === 0) return file.body;
      let body = bodies.get(file.rel);
      if (body === undefined) {
        const match = matches.get(file.rel);
        const markdownUrl = match === undefined ? undefined : options.baseUrl + match.page.markdownUrl;
        const bytes = injectHeadLinks(file.body.bytes, options.inject, { markdownUrl, llmsTxtUrl });
        body = bytes === file.body.bytes ? file.body : makeBody(bytes, file.body.type);
        bodies.set(file.rel, body);
      }
      return body;
    },
  };
}
