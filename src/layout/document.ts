/**
 * The HTML document shell every page shares: head with canonical and markdown alternate links,
 * a one-row header (menu button, logo or site title, search box, theme toggle), the main column,
 * the sidebar navigation (a drawer on narrow screens), and a site footer with the markdown and
 * llms.txt links. Pure string building.
 *
 * Source order puts the page's own text first: only the header precedes the main column, and the
 * navigation follows it (the stylesheet places it on the left with CSS grid), so that agents that
 * convert the HTML (AFDocs' content-start-position check) find the content within the first tenth
 * of even a short page, and keyboard users still meet the search box first. Agents find the
 * markdown through `<link rel="alternate">` and the `Link` headers, and the index through a
 * `hidden` "For agents" line at the top of the body, after the skip link (which must be the first link to count as one) (the words of the markdown's directive,
 * content/portable-markdown.ts), which people never see but agents that read the HTML do (AFDocs'
 * llms-txt-directive-html check: "a visually-hidden element near the top of each page");
 * the footer links the page's markdown and llms.txt for people who want them, in a paragraph
 * rather than a `<nav>`, which agents that look for an llms.txt directive skip (AFDocs'
 * llms-txt-directive-html check).
 */
import { escapeHtml } from '../escape.js';
import type { Alternate } from '../content/languages.js';
import type { Theme } from './branding.js';
import { THEME_INIT_SCRIPT } from './client/theme-init.js';
import { LIVE_RELOAD_SCRIPT_PATH } from './client/live-reload.js.js';

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
  /** Header logo URL (layout/branding.ts `imageUrlOf`), shown before the site name. */
  logoUrl?: string | undefined;
  /** Site icon URL; default sitegate's, {@link ASSET_PATHS} `icon`. */
  faviconUrl?: string | undefined;
  /** Theme before the reader picks one (`<html data-theme>`); default `auto`. */
  theme?: Theme | undefined;
  /** Whether the site has feeds (discovery/feeds.ts): every page's head then links the Atom feed. */
  hasFeed?: boolean | undefined;
  /**
   * `serve --watch` (issue 32): every document loads the live-reload script
   * (client/live-reload.js.ts) with the id of the build it was drawn from (`data-build`), and
   * reloads after a later build. Default none: no script.
   */
  liveReload?: { build: string } | undefined;
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
  /**
   * HTML placed in the header after the theme toggle (already escaped): who is signed in and the
   * "Sign out" button (account.ts), or the snapshot's {@link ACCOUNT_MARKER} the reader's bodies
   * are spliced at (snapshot/reader-view.ts). Default none: anonymous documents are unchanged.
   */
  accountHtml?: string | undefined;
  /** The version switcher (layout/versions.ts, already escaped), placed after the search form; none on an unversioned page. */
  versionSwitcherHtml?: string | undefined;
  /** The docs version the header's search asks for (a hidden `version` field), on a page of an old version. */
  searchVersion?: string | undefined;
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
  const theme = chrome.theme ?? 'auto';
  const icon =
    chrome.faviconUrl === undefined
      ? `<link rel="icon" href="${basePath}${ASSET_PATHS.icon}" type="image/svg+xml">`
      : `<link rel="icon" href="${escapeHtml(chrome.faviconUrl)}">`;
  const logo = chrome.logoUrl === undefined ? '' : `<img class="brand-logo" src="${escapeHtml(chrome.logoUrl)}" alt="">`;
  const markdownLink =
    input.markdownPath === undefined
      ? ''
      : `<a href="${escapeHtml(basePath + input.markdownPath)}" type="text/markdown">This page as Markdown</a> `;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(input.lang ?? chrome.lang ?? 'en')}"${input.direction === undefined ? '' : ` dir="${input.direction}"`} data-theme="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(pageTitle)}</title>
<meta name="description" content="${escapeHtml(input.description)}">${input.robots === undefined ? '' : `\n<meta name="robots" content="${input.robots}">`}
${input.path === undefined ? '' : `<link rel="canonical" href="${escapeHtml(baseUrl + input.path)}">`}${alternate}${hreflang}${sequence}
<script>${THEME_INIT_SCRIPT}</script>
${chrome.hasFeed === true ? `<link rel="alternate" type="application/atom+xml" href="${escapeHtml(baseUrl)}/feed.xml" title="${escapeHtml(chrome.name)}">\n` : ''}${icon}
<link rel="stylesheet" href="${basePath}${ASSET_PATHS.css}">
<script src="${basePath}${ASSET_PATHS.js}" defer></script>
${chrome.liveReload === undefined ? '' : `<script src="${basePath}${LIVE_RELOAD_SCRIPT_PATH}" data-build="${escapeHtml(chrome.liveReload.build)}" defer></script>\n`}</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<p class="agent-directive" hidden>For agents: the index of this site is <a href="${basePath}/llms.txt">${escapeHtml(baseUrl)}/llms.txt</a></p>
<header class="site-header">
<button type="button" class="menu-button" aria-controls="site-nav" aria-expanded="false" aria-label="Menu"><svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" stroke-width="2"/></svg></button>
<a class="brand" href="${basePath}/">${logo}<span class="brand-name">${escapeHtml(chrome.name)}</span></a>
<form class="search" role="search" action="${basePath}/search" method="get">
<input id="search-input" name="q" type="search" aria-label="Search the site" placeholder="Search…" autocomplete="off" maxlength="256">
<button class="search-submit" type="submit">Search</button>
${input.searchVersion === undefined ? '' : `<input type="hidden" name="version" value="${escapeHtml(input.searchVersion)}">\n`}<ul id="search-results" class="search-results" hidden></ul>
</form>
${input.versionSwitcherHtml ?? ''}<button type="button" class="theme-toggle" aria-label="Colour theme: ${theme}" title="Colour theme: ${theme}"><svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor"/></svg></button>
${input.accountHtml ?? ''}</header>
<div class="layout">
<main id="main">
${input.breadcrumbHtml}${input.mainHtml}
</main>
<nav class="sidebar" id="site-nav" aria-label="Site">
${input.sidebarHtml}
</nav>
</div>
<footer class="site-footer">
<p class="footer-links">${markdownLink}<a href="${basePath}/llms.txt">llms.txt</a> <a href="${basePath}/developers">Developers</a> <a href="${basePath}/openapi.json">OpenAPI</a> <a href="${basePath}/sitemap.xml">Sitemap</a></p>
</footer>
</body>
</html>
`;
}
