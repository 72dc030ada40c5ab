/**
 * The site as a signed-in reader sees it (issue 29, "The site for a signed-in reader"): made from
 * the {@link Principal} alone, never from its scheme. `scopes` decides what is listed (with
 * `internal:read` the nav tree, the root sidebar of the /search and error pages, and `/llms.txt`
 * list internal pages too); `person` decides that the header shows who is signed in, with a "Sign
 * out" button.
 *
 * Everything here is made lazily, once per snapshot, on the first request that needs it, so a site
 * read only anonymously pays nothing: the folder tree over every page (content/languages.ts
 * `buildLanguages`, as content/site.ts `SiteAssembler.finish` builds the public one), its
 * sidebars, and the reader's page and listing bodies, kept in the snapshot's bounded body cache
 * (lazy-map.ts) under their own prefixes (`reader-i:`/`reader-p:` public pages with and without
 * the internal tree, `reader-li:`/`reader-lp:` listings). Internal pages, which only readers with
 * internal:read are ever served, are drawn that way in the snapshot's own page bodies
 * ({@link ReaderView.internalPages}), so they are rendered once. Reader bodies carry
 * {@link ACCOUNT_MARKER} in the header: a client without a person is served them as they are
 * (with their precomputed ETag and compression); for a person the escaped name is spliced in
 * ({@link personalHtml}: a copy of the bytes, no render, served uncompressed; answers/pages.ts
 * keeps the last person's answer per body). The anonymous bodies are not touched.
 */
import { makeBody, type Body } from '../body.js';
import type { Principal } from '../auth/principal.js';
import { buildTrees } from '../content/versions.js';
import { withUrlFolders } from '../content/conventions/urls.js';
import { plainConventions, type Conventions, type DeclaredSite } from '../content/conventions/types.js';
import type { Site } from '../content/site.js';
import type { Page } from '../content/page.js';
import { buildLlmsFiles } from '../discovery/llms.js';
import { ACCOUNT_MARKER, renderAccount } from '../layout/account.js';
import { renderErrorHtml } from '../layout/pages.js';
import { CONTENT_TYPES, type PageBodies, type Representations } from './bodies.js';
import type { BodyCache } from './lazy-map.js';
import { listingBodiesOf } from './listing-bodies.js';
import type { Found } from './lookup.js';
import { pageBodiesOf, type PageBodiesOptions } from './page-bodies.js';
import { siteViewOf, type SiteView } from './site-view.js';
import { NOT_FOUND_MESSAGE, NOT_FOUND_TITLE } from './chrome-bodies.js';

export { ACCOUNT_MARKER } from '../layout/account.js';

/** The scope that lets a reader see internal pages (DESIGN.md "Who may read what"). */
const INTERNAL_READ = 'internal:read';

/** Which of a reader's two views a principal gets: the tree with internal pages, or the public one. */
export type ReaderTree = 'internal' | 'public';

/** The reader's side of a snapshot (snapshot.ts `reader`). */
export interface ReaderView {
  /**
   * The root folder's sidebar of `tree`: for `internal`, the tree over every page (made on first
   * call); for `public`, the snapshot's own root sidebar.
   */
  rootSidebar(tree: ReaderTree): string;
  /**
   * The reader's bodies of what `found` (snapshot/lookup.ts) names, page or listing, whole or one
   * part, drawn with `tree`'s sidebar and {@link ACCOUNT_MARKER} in the header; undefined when
   * they cannot be made now (the page's source vanished).
   */
  bodiesOf(found: Found, tree: ReaderTree): Representations | undefined;
  /** `/llms.txt` listing internal pages too (made on first call, then kept for the snapshot). */
  readonly internalLlmsTxt: Body;
  /** The HTML 404 page drawn with `tree`'s root sidebar and {@link ACCOUNT_MARKER} in the header. */
  notFoundHtml(tree: ReaderTree): Body;
  /**
   * How the snapshot's own page bodies draw internal pages (page-bodies.ts `internalPages`): as a
   * reader with internal:read sees them, the only reader they are served to, so that such a page
   * is rendered once, not once more for the reader.
   */
  readonly internalPages: { sidebarOf: (page: Page) => string; accountHtml: string };
  /** Whether the tree over every page has been built (tests: an anonymous-only site never builds it). */
  readonly internalTreeBuilt: boolean;
}

/** What {@link readerViewOf} reads beyond the view and the cache. */
export interface ReaderViewOptions extends Pick<PageBodiesOptions, 'pageMaxChars' | 'onPageRender' | 'log'> {
  /** The generator's conventions the site was built by (its folder labels and order); default a plain folder's. */
  conventions?: Conventions | undefined;
  /** Size bound of llms index files (default 50,000). */
  llmsMaxChars?: number | undefined;
}

/** Which tree a principal's pages are drawn with: `internal` exactly when it holds internal:read. */
export function readerTreeOf(principal: Principal): ReaderTree {
  return principal.scopes.includes(INTERNAL_READ) ? 'internal' : 'public';
}

/**
 * The reader's view of a snapshot's `view`, sharing its body `cache`. Nothing is built until asked.
 * @param options as the snapshot was built (snapshot.ts `SnapshotOptions`)
 */
export function readerViewOf(view: SiteView, cache: BodyCache, options: ReaderViewOptions): ReaderView {
  let internalView: SiteView | undefined;
  const internalViewOf = (): SiteView => (internalView ??= siteViewOf(withEveryPageInNav(view.site, options.conventions), view.baseUrl));
  const pageOptions = { pageMaxChars: options.pageMaxChars, onPageRender: options.onPageRender, log: options.log };
  const pages = {
    internal: pageBodiesOf(view, cache, {
      ...pageOptions,
      sidebarOf: (page) => internalViewOf().pageSidebarOf(page),
      accountHtml: ACCOUNT_MARKER,
      namespace: 'reader-i:',
    }),
    public: pageBodiesOf(view, cache, { ...pageOptions, accountHtml: ACCOUNT_MARKER, namespace: 'reader-p:' }),
  };
  // Listings are of public folders (the site's own tree), drawn with the reader's sidebar.
  const listings = {
    internal: listingBodiesOf(view, cache, options.pageMaxChars, {
      sidebarOf: (key) => internalViewOf().sidebarOf(key),
      accountHtml: ACCOUNT_MARKER,
      namespace: 'reader-li:',
    }),
    public: listingBodiesOf(view, cache, options.pageMaxChars, {
      sidebarOf: (key) => view.sidebarOf(key),
      accountHtml: ACCOUNT_MARKER,
      namespace: 'reader-lp:',
    }),
  };
  let llmsTxt: Body | undefined;
  const notFound: Partial<Record<ReaderTree, Body>> = {};
  const rootSidebar = (tree: ReaderTree): string => (tree === 'internal' ? internalViewOf().rootSidebar : view.rootSidebar);
  return {
    rootSidebar,
    internalPages: { sidebarOf: (page) => internalViewOf().pageSidebarOf(page), accountHtml: ACCOUNT_MARKER },
    bodiesOf(found, tree) {
      // An internal page's own bodies are drawn for readers already (`internalPages`).
      if (found.page !== undefined && isInternalPage(view.site, found.page)) return found.bodies;
      const bodies: PageBodies | undefined = (found.page === undefined ? listings : pages)[tree].get(found.key);
      if (bodies === undefined || found.part === undefined) return bodies;
      return bodies.parts?.[found.part.n - 1];
    },
    get internalLlmsTxt() {
      if (llmsTxt !== undefined) return llmsTxt;
      const text = buildLlmsFiles(internalViewOf().site, { baseUrl: view.baseUrl, maxChars: options.llmsMaxChars }).get('/llms.txt');
      // The index says what it lists: discovery/llms.ts writes it for the public.
      const said = (text ?? '').replace(
        /^This index lists the (\d+) public pages/m,
        'This index lists the $1 pages, internal ones included,',
      );
      return (llmsTxt ??= makeBody(said, CONTENT_TYPES.text));
    },
    notFoundHtml(tree) {
      const declared: DeclaredSite['notFound'] = (options.conventions ?? PLAIN).site.notFound;
      return (notFound[tree] ??= makeBody(
        renderErrorHtml(view.chrome, 404, declared?.title ?? NOT_FOUND_TITLE, declared?.message ?? NOT_FOUND_MESSAGE, rootSidebar(tree), {
          accountHtml: ACCOUNT_MARKER,
        }),
        CONTENT_TYPES.html,
      ));
    },
    get internalTreeBuilt() {
      return internalView !== undefined;
    },
  };
}

/** Whether `page` is internal or in the internal zone: served only to internal:read (snapshot/lookup.ts). */
function isInternalPage(site: Site, page: Page): boolean {
  return page.kind === 'internal' || site.internalZone.isInternalKey(page.key);
}

/** The conventions of a plain folder, made once. */
const PLAIN = plainConventions();

/**
 * `site` with its folders, languages and nav order built over every page, internal ones too (the
 * public site's are built over its public pages alone: content/site.ts `SiteAssembler.finish`).
 */
function withEveryPageInNav(site: Site, conventions: Conventions | undefined): Site {
  const every = [...site.pages.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const { folders, languages, versions } = buildTrees(every, withUrlFolders(conventions ?? PLAIN));
  return { ...site, folders, languages, versions, navPages: languages[0]?.navPages ?? [] };
}

/**
 * Where {@link ACCOUNT_MARKER} is in a reader's HTML body, found once per body and kept (by the
 * body object, so per snapshot); -1 when it holds none.
 */
const markerAt = new WeakMap<Body, number>();
const MARKER_BYTES = Buffer.from(ACCOUNT_MARKER, 'utf8');

/**
 * A reader's HTML body with the person's account block (layout/account.ts `renderAccount`, the
 * name escaped) in place of {@link ACCOUNT_MARKER}: one copy of the bytes, no render. The body
 * unchanged (a copy of its bytes) when it holds no marker.
 * @param basePath path of the public base URL (`''` or `/docs`)
 * @param name the person's display name (Principal `person.name`), any text
 */
export function personalHtml(body: Body, basePath: string, name: string): Buffer {
  let at = markerAt.get(body);
  if (at === undefined) markerAt.set(body, (at = body.bytes.indexOf(MARKER_BYTES)));
  if (at === -1) return Buffer.from(body.bytes);
  const account = Buffer.from(renderAccount(basePath, name), 'utf8');
  return Buffer.concat([body.bytes.subarray(0, at), account, body.bytes.subarray(at + MARKER_BYTES.length)]);
}
