/**
 * Pages: every GET not claimed by another route. HTML or markdown by RFC 9110 negotiation on the
 * same URL, markdown for the `.md` suffix, the site's static files (assets.ts), 308 to the
 * canonical URL, real 404s (DESIGN.md).
 * Scopes (DESIGN.md "Scopes on concrete endpoints"): public pages need no credential, but one that
 * is sent must be valid and carry `content:read`; internal pages need `internal:read`, with the
 * same answer whether or not the path exists.
 */
import type { Config } from '../config/config.js';
import { ApiError } from '../errors.js';
import { requireScopes } from '../auth/authenticate.js';
import { resolvePath, type Found, type Redirected } from '../snapshot/lookup.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { alternatesOf } from '../content/languages.js';
import type { PartBodies, Representations } from '../snapshot/bodies.js';
import { bodyAnswer, plainAnswer, type Answer, type RequestFacts, type RouteAnswer } from './answer.js';
import { PUBLIC_CACHE } from './conditional.js';
import { assetAnswer } from './assets.js';
import { negotiateMediaType } from './negotiation.js';
import { htmlSecurityHeaders, PUBLIC_CORS_HEADERS, agentLinks, markdownAlternateLink } from './headers.js';

/** Media types a page URL offers, in preference order. */
const NEGOTIATED = ['text/html', 'text/markdown'];
/** Media types a `.md` URL offers. */
const MARKDOWN_ONLY = ['text/markdown'];
/** Internal pages must not be kept by shared caches or the browser's disk cache. */
const PRIVATE_CACHE = 'private, no-store';
/** Headers of the site's stylesheet, script and other static files under `/_sitegate/`. */
const STATIC_HEADERS: Readonly<Record<string, string>> = { 'x-content-type-options': 'nosniff', ...PUBLIC_CORS_HEADERS };

/** What the page answer reads of the config. */
type PageConfig = Pick<Config, 'baseUrl' | 'contentSignal'>;

/**
 * The page route's answer: every GET no other route of the table takes. Access is decided before
 * anything renders (DESIGN.md "Private content fails closed"): an internal path's page is looked
 * up only once the principal holds internal:read.
 * @throws {ApiError} `not_found`, `credential_required`, `insufficient_scope`, `not_acceptable`
 */
export function servePage(config: PageConfig): RouteAnswer {
  return function servePage(facts, snapshot, principal) {
    const resolution = resolvePath(snapshot, facts.path);
    switch (resolution.kind) {
      case 'page':
        if (principal !== undefined) requireScopes(principal, ['content:read']);
        return serving(
          pageAnswer(config, facts, resolution, PUBLIC_CACHE, () => alternateLinks(snapshot, resolution)),
          canonicalUrl(resolution),
        );
      case 'internal': {
        if (principal === undefined) throw new ApiError('credential_required');
        requireScopes(principal, ['internal:read']);
        const found = resolution.find();
        if (found === undefined) throw new ApiError('not_found', { message: 'No page at this address.' });
        if (found.kind === 'asset') return serving(assetAnswer(facts, found.asset, PRIVATE_CACHE), found.asset.url);
        if (found.kind === 'redirect') return redirectAnswer(snapshot.chrome.basePath, found, facts.search);
        return serving(
          pageAnswer(config, facts, found, PRIVATE_CACHE, () => alternateLinks(snapshot, found)),
          canonicalUrl(found),
        );
      }
      case 'hidden':
        if (principal === undefined || !principal.scopes.includes('internal:read'))
          throw new ApiError('not_found', { message: 'No page at this address.' });
        return redirectAnswer(snapshot.chrome.basePath, resolution.find(), facts.search);
      case 'asset':
        if (principal !== undefined) requireScopes(principal, ['content:read']);
        return serving(assetAnswer(facts, resolution.asset, PUBLIC_CACHE), resolution.asset.url);
      case 'static':
        // Found by the exact path (sitegate's own files, sitemap parts, llms files): a bounded set.
        return serving(bodyAnswer(resolution.body, STATIC_HEADERS), facts.path);
      case 'redirect':
        return redirectAnswer(snapshot.chrome.basePath, resolution, facts.search);
      case 'not_found':
        throw new ApiError('not_found', { message: 'No page at this address.' });
    }
  };
}

/**
 * Marks an answer with the site path it serves (answer.ts `resource`), which analytics counts by.
 * Always a canonical spelling, never the request's: other spellings of a page (`/a/%62`,
 * `;part=02`) are unbounded, the site's paths are not.
 * @returns the same answer
 */
function serving(answer: Answer, resource: string): Answer {
  if (answer.kind !== 'raw') answer.resource = resource;
  return answer;
}

/** The canonical URL of what a page answer serves: the `.md` URL when that is the only representation. */
function canonicalUrl(found: Found): string {
  return found.markdownOnly ? found.markdownUrl : found.url;
}

/**
 * A 308 (RFC 9110 §15.4.9) to a URL path of the site, under its base path, or to an absolute URL
 * (the `redirects` setting), the request's query kept. CORS on the redirect too, or a
 * cross-origin fetch could not follow it (Fetch standard §4.4).
 */
function redirectAnswer(basePath: string, redirect: Redirected, search: string): Answer {
  const target = redirect.location.startsWith('/') ? `${basePath}${redirect.location}` : redirect.location;
  // Counted under the page or URL it leads to: the spellings that lead there are unbounded.
  return serving(plainAnswer(308, { ...PUBLIC_CORS_HEADERS, location: `${target}${search}` }, undefined), redirect.location);
}

/** Response headers of a page's two representations; the same for every request of a snapshot. */
export interface PageHeaders {
  html: Record<string, string>;
  /** Markdown at the `.md` URL, the only representation there. */
  markdown: Record<string, string>;
  /** Markdown negotiated on the page URL, which varies on Accept. */
  negotiatedMarkdown: Record<string, string>;
}

/** Headers of public pages, built on first use per page (keyed by its bodies, so per snapshot). */
const publicHeaders = new WeakMap<Representations, PageHeaders>();

/**
 * `Link` values to a page's versions in other languages (RFC 8288 rel `alternate` with `hreflang`,
 * content/languages.ts `alternatesOf`), each followed by `, `; `''` for a page without
 * translation, a part past the first, or a folder listing.
 */
function alternateLinks(snapshot: Snapshot, found: Found): string {
  if (found.page === undefined || (found.part !== undefined && found.part.n !== 1)) return '';
  const { baseUrl } = snapshot.chrome;
  return alternatesOf(snapshot.site, found.page.key)
    .map((alternate) => `<${baseUrl}${alternate.url}>; rel="alternate"; hreflang="${alternate.hreflang}", `)
    .join('');
}

/** The response headers of a page's representations (cached for public pages). */
function pageHeaders(config: PageConfig, found: Found, cacheControl: string, alternates: () => string): PageHeaders {
  const cached = cacheControl === PUBLIC_CACHE ? publicHeaders.get(found.bodies) : undefined;
  if (cached !== undefined) return cached;
  const { baseUrl } = config;
  const languages = alternates();
  // Public pages are readable from any origin; internal ones, answers to a credential, are not.
  const cors = cacheControl === PUBLIC_CACHE ? PUBLIC_CORS_HEADERS : {};
  const headers: PageHeaders = {
    html: {
      ...htmlSecurityHeaders(baseUrl),
      ...cors,
      'cache-control': cacheControl,
      vary: found.bodies.html.compressible ? 'Accept, Accept-Encoding' : 'Accept',
      link: `${markdownAlternateLink(baseUrl + found.markdownUrl)}, ${languages}${partLinks(baseUrl, found, 'html')}${agentLinks(baseUrl)}`,
    },
    markdown: {
      'x-content-type-options': 'nosniff',
      ...cors,
      'cache-control': cacheControl,
      link: `<${baseUrl}${found.url}>; rel="canonical", ${languages}${partLinks(baseUrl, found, 'markdown')}${agentLinks(baseUrl)}`,
      'x-markdown-tokens': String(found.bodies.markdownTokens()),
      'content-signal': config.contentSignal,
      // Search engines should index the HTML page, not its markdown twin.
      'x-robots-tag': 'noindex',
    },
    negotiatedMarkdown: {},
  };
  headers.negotiatedMarkdown = { ...headers.markdown, vary: found.bodies.markdown.compressible ? 'Accept, Accept-Encoding' : 'Accept' };
  if (cacheControl === PUBLIC_CACHE) publicHeaders.set(found.bodies, headers);
  return headers;
}

/**
 * `Link` values to the previous and next part of a page served in parts (RFC 8288, rel `prev` and
 * `next` of the IANA link relations), each followed by `, `; `''` for a whole page. HTML answers
 * point at the parts' HTML, markdown answers at their markdown.
 */
function partLinks(baseUrl: string, found: Found, representation: 'html' | 'markdown'): string {
  if (found.part === undefined) return '';
  const links: string[] = [];
  const { previous, next } = found.part;
  const target = (part: PartBodies): string => baseUrl + (representation === 'html' ? part.url : part.markdownUrl);
  const type = representation === 'html' ? '' : '; type="text/markdown"';
  if (previous !== undefined) links.push(`<${target(previous)}>; rel="prev"${type}, `);
  if (next !== undefined) links.push(`<${target(next)}>; rel="next"${type}, `);
  return links.join('');
}

/**
 * A page in the negotiated representation (RFC 9110 §12.5.1), with its precomputed headers.
 * @param alternates its {@link alternateLinks}, made when its headers are (once for a public page)
 * @throws {ApiError} `not_acceptable` when the client accepts neither representation
 */
function pageAnswer(config: PageConfig, facts: RequestFacts, found: Found, cacheControl: string, alternates: () => string): Answer {
  const type = negotiateMediaType(facts.headers.accept, found.markdownOnly ? MARKDOWN_ONLY : NEGOTIATED);
  if (type === undefined) {
    const offered = found.markdownOnly ? 'text/markdown' : 'text/html or text/markdown';
    throw new ApiError('not_acceptable', { message: `This page is available as ${offered}.` });
  }
  const headers = pageHeaders(config, found, cacheControl, alternates);
  if (type === 'text/html') return bodyAnswer(found.bodies.html, headers.html);
  return bodyAnswer(found.bodies.markdown, found.markdownOnly ? headers.markdown : headers.negotiatedMarkdown);
}
