/**
 * The HTML document shell every page shares: head with canonical and markdown alternate links,
 * header with the search box, main column, sidebar navigation, site footer. Pure string building.
 *
 * Source order puts the page's own text first: only the brand, the search box and a short link
 * to llms.txt (so that agents reading the HTML meet the index near the top) precede the heading; the breadcrumb closes the main column and the resource links sit in the site footer.
 * Agents that convert the HTML (AFDocs' content-start-position check) then find the content within
 * the first tenth of even a short page, and keyboard users still meet the search box first.
 */
import { escapeHtml } from '../escape.js';
import type { Alternate } from '../content/languages.js';

/** Path (under the base path) of the stylesheet and script every HTML page loads. */
export const ASSET_PATHS = { css: '/_sitegate/site.css', js: '/_sitegate/site.js', icon: '/_sitegate/favicon.svg' } as const;

/** What the shell needs from the site, shared by every document of a snapshot. */
export interface SiteChrome {
  /** Site name for the header and `<title>`. */
  name: string;
  /** Public base URL without trailing slash, e.g. `https://docs.example.com`. */
  baseUrl: string;
  /** Path part of the base URL (`''` or `/docs`), prefixed to every root-relative link. */
  basePath: string;
  /** BCP 47 tag of the site's default language, for documents that give none; default `en`. */
  lang?: string | undefined;
  /** Whether the site has feeds (discovery/feeds.ts): every page's head then links the Atom feed. */
  hasFeed?: boolean | undefined;
}

/** One HTML document. */
export interface DocumentInput {
  title: string;
  description: string;
  /** Canonical URL path (percent-encoded, without base path), e.g. `/guides/setup`; none for error pages. */
  path?: string | undefined;
  /** URL path of the markdown alternate, when there is one. */
  markdownPath?: string | undefined;
  /** URL paths of the previous and next part of a long page (`<link rel="prev|next">`). */
  previousPath?: string | undefined;
  nextPath?: string | undefined;
  /** Sidebar HTML (already escaped). */
  sidebarHtml: string;
  /** Breadcrumb HTML (already escaped), may be empty. */
  breadcrumbHtml: string;
  /** Main column HTML (already escaped). */
  mainHtml: string;
  /** `noindex` for error pages. */
  robots?: string;
  /** BCP 47 tag of the document's language (`<html lang>`, WHATWG HTML §3.2.6.2); default the chrome's. */
  lang?: string | undefined;
  /** Text direction (`<html dir>`), when the language declares one. */
  direction?: 'ltr' | 'rtl' | undefined;
  /** The page's versions in other languages (content/languages.ts `alternatesOf`), as `<link rel="alternate" hreflang>`. */
  alternates?: readonly Alternate[] | undefined;
}

/** Renders a complete HTML5 document. */
export function renderDocument(chrome: SiteChrome, input: DocumentInput): string {
  const { basePath, baseUrl } = chrome;
  const pageTitle = input.title === chrome.name ? chrome.name : `${input.title} · ${chrome.name}`;
  const alternate =
    input.markdownPath === undefined
      ? ''
      : `\n<link rel="alternate" type="text/markdown" href="${escapeHtml(baseUrl + input.markdownPath)}" title="Markdown">`;
  const hreflang = (input.alternates ?? [])
    .map((one) => `\n<link rel="alternate" hreflang="${escapeHtml(one.hreflang)}" href="${escapeHtml(baseUrl + one.url)}">`)
    .join('');
  const sequence = [
    input.previousPath === undefined ? '' : `\n<link rel="prev" href="${escapeHtml(baseUrl + input.previousPath)}">`,
    input.nextPath === undefined ? '' : `\n<link rel="next" href="${escapeHtml(baseUrl + input.nextPath)}">`,
  ].join('');
  return `<!DOCTYPE html>
<html lang="${escapeHtml(input.lang ?? chrome.lang ?? 'en')}"${input.direction === undefined ? '' : ` dir="${input.direction}"`}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(pageTitle)}</title>
<meta name="description" content="${escapeHtml(input.description)}">${input.robots === undefined ? '' : `\n<meta name="robots" content="${input.robots}">`}
${input.path === undefined ? '' : `<link rel="canonical" href="${escapeHtml(baseUrl + input.path)}">`}${alternate}${hreflang}${sequence}
${chrome.hasFeed === true ? `<link rel="alternate" type="application/atom+xml" href="${escapeHtml(baseUrl)}/feed.xml" title="${escapeHtml(chrome.name)}">\n` : ''}<link rel="icon" href="${basePath}${ASSET_PATHS.icon}" type="image/svg+xml">
<link rel="stylesheet" href="${basePath}${ASSET_PATHS.css}">
<script src="${basePath}${ASSET_PATHS.js}" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
<a class="brand" href="${basePath}/">${escapeHtml(chrome.name)}</a>
<form class="search" role="search" action="${basePath}/search" method="get">
<input id="search-input" name="q" type="search" aria-label="Search the site" placeholder="Search…" autocomplete="off" maxlength="256">
<button class="search-submit" type="submit">Search</button>
<ul id="search-results" class="search-results" hidden></ul>
</form>
<a class="llms-link" href="${basePath}/llms.txt">llms.txt</a>
</header>
<div class="layout">
<main id="main">
${input.mainHtml}
${input.breadcrumbHtml}<p class="agent-hint">For agents: the index of this site is <a href="${basePath}/llms.txt">${escapeHtml(baseUrl)}/llms.txt</a></p>
</main>
<nav class="sidebar" aria-label="Site">
${input.sidebarHtml}
</nav>
</div>
<footer class="site-footer">
<nav aria-label="Resources"><a href="${basePath}/developers">Developers</a> <a href="${basePath}/llms.txt">llms.txt</a> <a href="${basePath}/openapi.json">OpenAPI</a> <a href="${basePath}/sitemap.xml">Sitemap</a></nav>
</footer>
</body>
</html>
`;
}
