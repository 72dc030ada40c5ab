/**
 * Resolution of relative links between markdown files (DESIGN.md: relative links between `.md`
 * files are rewritten to page URLs; links that would leave the content root are not followed).
 */
import path from 'node:path';
import { decodeRequestPath } from './paths.js';

/** What a link in a page points at. */
export type LinkTarget =
  | { kind: 'external' }
  | { kind: 'fragment' }
  | { kind: 'absolute' }
  | { kind: 'page'; url: string }
  | { kind: 'escapes' }
  | { kind: 'broken' }
  /** A link sitegate cannot resolve on a site whose own link render hook reads it (see {@link LinkRules.renderLinkHook}). */
  | { kind: 'hook' };

/**
 * How a generator reads links that sitegate's plain rules would call broken
 * (content/conventions/urls.ts `linkRulesOf`).
 */
export interface LinkRules {
  /**
   * A `.md` link not found beside the page is looked up from the content folder's root: Docusaurus
   * tries the docs root after the file's folder (docusaurus.io/docs/markdown-features/links).
   */
  fromContentRoot?: boolean;
  /**
   * A link that leaves the content folder is another site's on the same host, not an error: mdBook
   * books are published side by side (the Rust book's `../std/…` is the standard library's docs),
   * and mdBook leaves such links as written (rust-lang.github.io/mdBook/format/markdown.html#links).
   */
  outsideIsExternal?: boolean;
  /**
   * A link that names no file is a page path looked up from the site root too: Hugo's link render
   * hooks find pages with `GetPage`, relative to the page and then from the content root
   * (gohugo.io/render-hooks/links/#default).
   */
  pathFromRoot?: boolean;
  /**
   * A link that names no `.md` file is read first as a URL relative to the page's own URL, then as
   * a file path: Hugo writes links as they are (gohugo.io/content-management/urls/), so a browser
   * resolves `../basics/` from the page's published URL, which for a regular page is one level
   * deeper than its file (`docs/intro.md` at `/docs/intro/`).
   */
  pageUrlFirst?: boolean;
  /**
   * A relative path that climbs past the content root stops at the root, as a URL path does
   * (RFC 3986 §5.2.4 remove_dot_segments): GitBook reads a space's paths inside the space only
   * (`.gitbook.yaml` `root`: "all other options that specify paths will be relative to this root
   * folder", gitbook.com/docs/getting-started/git-sync/content-configuration), and nothing exists above it.
   */
  climbStopsAtRoot?: boolean;
  /**
   * The site renders its markdown links with its own link render hook (a Hugo template,
   * gohugo.io/render-hooks/links/; content/conventions/hugo-hooks.ts finds it). The hook receives the
   * destination as written and may make anything of it (`[term](g)` as a glossary link), so a link
   * sitegate cannot resolve is the hook's ({@link LinkTarget} `hook`), not broken.
   */
  renderLinkHook?: boolean;
  /**
   * Pages published at another path than their file's (VitePress `rewrites`): "relative links should
   * be based on the rewritten paths" (vitepress.dev/guide/routing#route-rewrites). A relative link is
   * read first from the page's published path, naming the file published where it leads; then from
   * the page's file as any link is, so a link written to a moved page's file still reaches its page.
   */
  published?: PublishedPaths;
}

/** Where moved files are published (content/conventions/urls.ts `publishedPathsOf`), both ways. */
export interface PublishedPaths {
  /** The path a moved file is published as (`pkg-a/foo.md`); `undefined` for a file published as itself. */
  pathOf(relPath: string): string | undefined;
  /** The moved file published at a path (`packages/pkg-a/src/foo.md`); `undefined` when none is. */
  fileAt(publishedPath: string): string | undefined;
}

/**
 * Looks a file up by its `/`-separated path relative to the content folder and returns its page's
 * canonical URL, or `undefined` when no served page comes from that file. It may carry the
 * generator's {@link LinkRules} and `sitePath`, which gives the canonical URL of a decoded site path
 * in any of its spellings (content/redirects.ts), so that root-absolute links (`/a/b/`) resolve.
 */
export interface PageUrlLookup {
  (relPath: string): string | undefined;
  readonly rules?: LinkRules | undefined;
  readonly sitePath?: ((key: string) => string | undefined) | undefined;
}

/** `find` with the generator's link rules and site path lookup (see {@link PageUrlLookup}). */
export function linkLookup(
  find: (relPath: string) => string | undefined,
  rules: LinkRules | undefined,
  sitePath?: (key: string) => string | undefined,
): PageUrlLookup {
  return Object.assign((relPath: string) => find(relPath), { rules, sitePath });
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const INDEX_FILES = ['README.md', 'readme.md', 'index.md', 'index.mdx', 'README.mdx', '_index.md'];

/** The href's path part decoded (`a%20b.md` → `a b.md`), as written when it does not decode. */
function decodedPath(rawPath: string): string {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return rawPath;
  }
}

/**
 * Resolves `href` as written in the file `fromRelPath`. Folder links (`../install/`,
 * `../install`) resolve to the folder's `README.md` or `index.md`; extensionless names try `.md`;
 * `page.html` (mdBook, VitePress) is `page.md`; `page.md/` is `page.md`. Root-absolute links
 * resolve through `lookup.sitePath` when given; on a site whose pages move ({@link LinkRules.published}),
 * relative links are read from the page's published path first. A query or fragment is kept. Never
 * reads the file system. A path that leaves the content folder names only a file listed under it
 * (an asset listed outside it: content/site.ts `withAssets`), else it `escapes`.
 * @returns `page` with the target's URL plus the original `?query#fragment`, or why it did not resolve
 */
export function resolveLink(fromRelPath: string, href: string, lookup: PageUrlLookup): LinkTarget {
  if (SCHEME.test(href) || href.startsWith('//')) return { kind: 'external' };
  if (href === '' || href.startsWith('#') || href.startsWith('?')) return { kind: 'fragment' };

  const cut = href.search(/[?#]/);
  const rawPath = cut === -1 ? href : href.slice(0, cut);
  const suffix = cut === -1 ? '' : href.slice(cut);
  if (href.startsWith('/')) {
    if (lookup.sitePath === undefined) return { kind: 'absolute' };
    const key = decodeRequestPath(rawPath);
    const url = key === undefined ? undefined : lookup.sitePath(key);
    if (url !== undefined) return { kind: 'page', url: url + suffix };
    return lookup.rules?.renderLinkHook === undefined ? { kind: 'broken' } : { kind: 'hook' };
  }
  if (lookup.rules?.pageUrlFirst === true && !/\.mdx?$/i.test(rawPath)) {
    const url = fromPageUrl(fromRelPath, rawPath, lookup, false);
    if (url !== undefined) return { kind: 'page', url: url + suffix };
  }
  const linkPath = decodedPath(rawPath).replace(/(\.mdx?)\/$/i, '$1');
  const published = lookup.rules?.published;
  if (published !== undefined) {
    const url = fromPublishedPath(fromRelPath, linkPath, lookup, published);
    if (url !== undefined) return { kind: 'page', url: url + suffix };
  }
  const joined = joinedPath(fromRelPath, linkPath, lookup.rules);
  if (escapes(joined)) {
    // Only a file the listing serves from outside the content folder, by the path it is listed
    // under (a Starlight project's `src/assets/a.png` as `../../assets/a.png`: content/assets.ts
    // `astroSourceFoldersOf`); never the disk.
    const listed = joined.startsWith('../') ? lookup(joined) : undefined;
    if (listed !== undefined) return { kind: 'page', url: listed + suffix };
    return lookup.rules?.outsideIsExternal === true ? { kind: 'external' } : { kind: 'escapes' };
  }

  const found = lookUpMarkdown(joined, lookup);
  if (found !== undefined) return { kind: 'page', url: found + suffix };
  const html = /\.html?$/i.test(joined) ? joined.replace(/\.html?$/i, '.md') : undefined;
  const markdownPath = html ?? joined;
  if (lookup.rules?.fromContentRoot === true && /\.mdx?$/i.test(markdownPath)) {
    const fromRoot = path.posix.normalize(html === undefined ? linkPath : linkPath.replace(/\.html?$/i, '.md'));
    const atRoot = fromRoot.startsWith('../') ? undefined : lookUpFile(fromRoot, lookup);
    if (atRoot !== undefined) return { kind: 'page', url: atRoot + suffix };
  }
  // A link that names no file is a URL relative to the page's own (Hugo links, Docusaurus URL links).
  if (!/\.mdx?$/i.test(rawPath)) {
    const url = fromPageUrl(fromRelPath, rawPath, lookup, lookup.rules?.pathFromRoot === true);
    if (url !== undefined) return { kind: 'page', url: url + suffix };
  }
  return lookup.rules?.renderLinkHook === undefined ? { kind: 'broken' } : { kind: 'hook' };
}

/** Whether a joined relative path leaves the content folder. */
function escapes(joined: string): boolean {
  return joined === '..' || joined.startsWith('../') || path.posix.isAbsolute(joined);
}

/**
 * The URL of the page or file a normalized relative path names: {@link lookUpFile}, then `page.html`
 * as `page.md` (how mdBook and VitePress publish it), unless a file of that name is there.
 */
function lookUpMarkdown(joined: string, lookup: PageUrlLookup): string | undefined {
  const html = /\.html?$/i.test(joined) ? joined.replace(/\.html?$/i, '.md') : undefined;
  return lookUpFile(joined, lookup) ?? (html === undefined ? undefined : lookUpFile(html, lookup));
}

/**
 * The URL a relative link names read from its page's published path ({@link LinkRules.published}):
 * a path names the file published there, a moved file at its new path and no longer at its own.
 */
function fromPublishedPath(fromRelPath: string, linkPath: string, lookup: PageUrlLookup, published: PublishedPaths): string | undefined {
  const joined = joinedPath(published.pathOf(fromRelPath) ?? fromRelPath, linkPath, lookup.rules);
  if (escapes(joined)) return undefined;
  const atPublished = (candidate: string): string | undefined => {
    const file = published.fileAt(candidate) ?? (published.pathOf(candidate) === undefined ? candidate : undefined);
    return file === undefined ? undefined : lookup(file);
  };
  return lookUpMarkdown(joined, linkLookup(atPublished, lookup.rules));
}

/** The page URL a link path names read as a URL relative to the page's own URL (and to `/` when `fromRoot`), if any. */
function fromPageUrl(fromRelPath: string, rawPath: string, lookup: PageUrlLookup, fromRoot: boolean): string | undefined {
  const pageUrl = lookup.sitePath === undefined ? undefined : lookup(fromRelPath);
  if (pageUrl === undefined) return undefined;
  for (const base of fromRoot ? [pageUrl, '/'] : [pageUrl]) {
    const key = decodeRequestPath(new URL(rawPath, `http://h${base}`).pathname);
    const url = key === undefined ? undefined : lookup.sitePath?.(key);
    if (url !== undefined) return url;
  }
  return undefined;
}

/**
 * The decoded site path a link's target would have, `?query#fragment` cut: a root-absolute link's
 * path (`/img/a b.gif`), a relative link's path from the content folder with a leading `/`
 * (`/.gitbook/assets/a.gif`; `/../x` when it climbs out); undefined for an external link, a
 * fragment or a path that does not decode. What the `check.knownMissing` setting names (cli/check.ts).
 */
export function linkTargetPath(fromRelPath: string, href: string, rules: LinkRules | undefined): string | undefined {
  if (SCHEME.test(href) || href.startsWith('//')) return undefined;
  const rawPath = href.replace(/[?#][\s\S]*/, '');
  if (rawPath === '') return undefined;
  if (rawPath.startsWith('/')) return decodeRequestPath(rawPath);
  const joined = joinedPath(fromRelPath, decodedPath(rawPath), rules);
  return joined === '.' ? '/' : `/${joined}`;
}

/**
 * The content-relative path a relative link names from the file `fromRelPath`, normalized
 * (`../x` when it climbs out; with {@link LinkRules.climbStopsAtRoot}, never above the root).
 */
export function joinedPath(fromRelPath: string, linkPath: string, rules: LinkRules | undefined): string {
  if (rules?.climbStopsAtRoot === true) {
    const fromRoot = path.posix.join('/', path.posix.dirname(fromRelPath), linkPath);
    return fromRoot === '/' ? '.' : fromRoot.slice(1);
  }
  return path.posix.normalize(path.posix.join(path.posix.dirname(fromRelPath), linkPath));
}

/** The URL of the page a normalized relative path names: the file, `.md`/`.mdx` added, or its folder's index. */
function lookUpFile(joined: string, lookup: PageUrlLookup): string | undefined {
  const dir = joined === '.' || joined === './' ? '' : joined.replace(/\/$/, '');
  const inDir = (name: string): string => (dir === '' ? name : `${dir}/${name}`);
  const candidates = /\.mdx?$/i.test(joined)
    ? [joined]
    : joined.endsWith('/') || dir === ''
      ? INDEX_FILES.map(inDir)
      : [joined, `${joined}.md`, `${joined}.mdx`, ...INDEX_FILES.map(inDir)];
  // `index.md` written for a folder whose page is `README.md` (mdBook's `index` preprocessor) or `_index.md` (Hugo).
  if (/(^|\/)index\.md$/i.test(joined)) candidates.push(...INDEX_FILES.map((name) => joined.replace(/index\.md$/i, name)));
  for (const candidate of candidates) {
    const url = lookup(candidate);
    if (url !== undefined) return url;
  }
  return undefined;
}

/** A percent-decoded URL fragment (without `#`), or the fragment as written when it does not decode. */
export function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
