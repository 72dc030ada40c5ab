/**
 * `/sitemap.xml` per sitemaps.org protocol 0.9: a `urlset` of every public page with `lastmod` and
 * its translations as `xhtml:link` alternates,
 * or, past {@link SITEMAP_MAX_URLS} URLs, a `sitemapindex` of `/sitemap-N.xml` files.
 */
import { escapeHtml as escapeXml } from '../escape.js';
import type { Page } from '../content/page.js';
import type { Alternate } from '../content/languages.js';

/** The protocol's limit of URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** The sitemap files of a site: `/sitemap.xml`, and `/sitemap-1.xml`… when it is an index. */
export interface Sitemaps {
  /** The document served at `/sitemap.xml`. */
  root: string;
  /**
   * Child sitemaps by URL path (`/sitemap-1.xml`), each made when called (a part of 50,000 URLs is
   * about 5 MB, so big sites make them on request); empty when the root is a plain urlset.
   */
  parts: Map<string, () => string>;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** The path of the `n`th sitemap of a sitemap index (1-based): `/sitemap-1.xml`. */
function partPath(n: number): string {
  return `/sitemap-${n}.xml`;
}

/** Whether `path` has the shape of a part of a sitemap index ({@link buildSitemaps}); cheap, before any sitemap is made. */
export function isSitemapPartPath(path: string): boolean {
  return /^\/sitemap-[1-9]\d{0,5}\.xml$/.test(path);
}

/**
 * Builds the sitemap(s).
 * @param pages public pages in the order to list them
 * @param baseUrl public base URL without trailing slash
 * @param maxUrls URLs per file (the protocol's 50,000; smaller in tests)
 * @param alternatesOf a page's `hreflang` alternates (content/languages.ts `alternatesOf`); none by default
 * @param lastModifiedOf a page's `lastmod`, ms since the epoch: the date its HTML shows as "Last
 *   updated" (snapshot/site-view.ts `updatedMsOf`); by default its `lastModifiedMs`
 */
export function buildSitemaps(
  pages: readonly Page[],
  baseUrl: string,
  maxUrls = SITEMAP_MAX_URLS,
  alternatesOf: (page: Page) => readonly Alternate[] = () => [],
  lastModifiedOf: (page: Page) => number = (page) => page.lastModifiedMs,
): Sitemaps {
  const listed: Listed = { baseUrl, alternatesOf, lastModifiedOf };
  if (pages.length <= maxUrls) return { root: urlset(pages, listed), parts: new Map() };
  const parts = new Map<string, () => string>();
  const entries: string[] = [];
  for (let i = 0; i * maxUrls < pages.length; i++) {
    const chunk = pages.slice(i * maxUrls, (i + 1) * maxUrls);
    const path = partPath(i + 1);
    parts.set(path, () => urlset(chunk, listed));
    entries.push(`<sitemap><loc>${escapeXml(baseUrl + path)}</loc><lastmod>${latest(chunk, lastModifiedOf)}</lastmod></sitemap>`);
  }
  return { root: `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`, parts };
}

/**
 * A `urlset` of `pages`, each with its `xhtml:link` alternates when it has translations
 * (developers.google.com/search/docs/specialty/international/localized-versions#sitemap); the
 * `xhtml` namespace is declared only when one is listed.
 */
/** How each page of a `urlset` is written. */
interface Listed {
  baseUrl: string;
  alternatesOf: (page: Page) => readonly Alternate[];
  lastModifiedOf: (page: Page) => number;
}

function urlset(pages: readonly Page[], { baseUrl, alternatesOf, lastModifiedOf }: Listed): string {
  const links = pages.map((page) =>
    alternatesOf(page)
      .map(
        (alternate) =>
          `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(baseUrl + alternate.url)}"/>`,
      )
      .join(''),
  );
  const multilingual = links.some((one) => one !== '');
  const urls = pages.map(
    (page, i) =>
      `<url><loc>${escapeXml(baseUrl + page.url)}</loc><lastmod>${w3cDate(lastModifiedOf(page))}</lastmod>${links[i] ?? ''}</url>`,
  );
  const namespaces = multilingual ? `xmlns="${NS}" xmlns:xhtml="${XHTML_NS}"` : `xmlns="${NS}"`;
  return `${XML_HEAD}<urlset ${namespaces}>\n${urls.join('\n')}${urls.length > 0 ? '\n' : ''}</urlset>\n`;
}

/** W3C Datetime (the format sitemaps.org requires), to the second, in UTC. */
function w3cDate(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function latest(pages: readonly Page[], lastModifiedOf: (page: Page) => number): string {
  return w3cDate(pages.reduce((max, page) => Math.max(max, lastModifiedOf(page)), -Infinity));
}
