/**
 * The `/search?q=` results page: server-rendered, so the header's search form works without
 * script. Each hit shows its title (a link), its section and its excerpt with the matched words in
 * `<mark>` (WHATWG HTML §4.5.23); then the count and links to the previous and next page of results.
 */
import { escapeHtml } from '../escape.js';
import type { SearchHit } from '../snapshot/search-hits.js';
import type { Excerpt } from '../search/excerpt.js';
import { renderDocument, type SiteChrome } from './document.js';

/** What the results page shows. */
export interface SearchPageInput {
  /** The query as typed, trimmed; `''` for the page without a query. */
  query: string;
  /** This page's hits, best first. */
  hits: readonly SearchHit[];
  /** Matching pages in all. */
  total: number;
  /** Hits skipped before this page, and hits per page. */
  offset: number;
  limit: number;
  /** The language searched, passed on in the paging links; undefined when none was asked for. */
  lang: string | undefined;
  sidebarHtml: string;
  /** The header's account block (layout/account.ts) for a signed-in person; none otherwise. */
  accountHtml?: string | undefined;
}

/** An excerpt as HTML: its text escaped, each matched word in `<mark>`. */
export function excerptHtml(excerpt: Excerpt): string {
  let html = '';
  let at = 0;
  for (const [start, end] of excerpt.highlights) {
    if (start < at) continue;
    html += `${escapeHtml(excerpt.text.slice(at, start))}<mark>${escapeHtml(excerpt.text.slice(start, end))}</mark>`;
    at = end;
  }
  return html + escapeHtml(excerpt.text.slice(at));
}

function hitHtml(hit: SearchHit, basePath: string): string {
  const section = hit.section === undefined ? '' : `\n<p class="search-hit-section">${escapeHtml(hit.section)}</p>`;
  const text = hit.excerpt === undefined ? escapeHtml(hit.description) : excerptHtml(hit.excerpt);
  return `<li class="search-hit">
<h2><a href="${escapeHtml(basePath + hit.path)}">${escapeHtml(hit.title || hit.path)}</a></h2>${section}
<p class="search-hit-excerpt">${text}</p>
</li>`;
}

/** The link to the results page starting at `offset`. */
function pageLink(chrome: SiteChrome, input: SearchPageInput, offset: number): string {
  const params = new URLSearchParams({ q: input.query });
  if (offset > 0) params.set('offset', String(offset));
  if (input.lang !== undefined) params.set('lang', input.lang);
  return escapeHtml(`${chrome.basePath}/search?${params.toString()}`);
}

function resultsHtml(chrome: SiteChrome, input: SearchPageInput): string {
  if (input.query === '') return '<p class="search-status">Type words to search for in the box above.</p>';
  if (input.total === 0 || input.hits.length === 0)
    return `<p class="search-status" role="status">No pages match <strong>${escapeHtml(input.query)}</strong>. Try fewer or other words.</p>`;
  const first = input.offset + 1;
  const last = input.offset + input.hits.length;
  const status = `${input.total} ${input.total === 1 ? 'page matches' : 'pages match'} <strong>${escapeHtml(input.query)}</strong>${input.total > input.hits.length ? ` (${first}–${last} shown)` : ''}.`;
  const previous =
    input.offset > 0 ? `<a rel="prev" href="${pageLink(chrome, input, Math.max(0, input.offset - input.limit))}">Previous results</a>` : '';
  const next = last < input.total ? `<a rel="next" href="${pageLink(chrome, input, last)}">More results</a>` : '';
  const paging =
    previous === '' && next === ''
      ? ''
      : `\n<nav class="search-paging" aria-label="Result pages">${[previous, next].filter(Boolean).join(' ')}</nav>`;
  return `<p class="search-status" role="status">${status}</p>
<ol class="search-hits" start="${first}">
${input.hits.map((hit) => hitHtml(hit, chrome.basePath)).join('\n')}
</ol>${paging}`;
}

/**
 * Renders the results page: a complete HTML document whose canonical URL is the bare `/search`, so
 * that search engines fold every query's results into one page instead of indexing an endless space
 * of result lists (Google Search Central, "Consolidate duplicate URLs"); no `noindex`, which would make
 * the page itself uncrawlable.
 */
export function renderSearchPage(chrome: SiteChrome, input: SearchPageInput): string {
  const title = input.query === '' ? 'Search' : `Search: ${input.query}`;
  return renderDocument(chrome, {
    title,
    description: `Search the pages of ${chrome.name}.`,
    path: '/search',
    sidebarHtml: input.sidebarHtml,
    breadcrumbHtml: '',
    accountHtml: input.accountHtml,
    mainHtml: `<article class="content search-page">
<h1>${escapeHtml(title)}</h1>
<form class="search-page-form" action="${chrome.basePath}/search" method="get">
<label for="search-page-input">Search the site</label>
<input id="search-page-input" name="q" type="search" value="${escapeHtml(input.query)}" maxlength="256">
<button type="submit">Search</button>
</form>
${resultsHtml(chrome, input)}
</article>`,
  });
}
