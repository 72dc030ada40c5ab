/**
 * Pages: every GET not claimed by another route. HTML or markdown by RFC 9110 negotiation on the
 * same URL, markdown for the `.md` suffix, the site's static files (assets.ts), 308 to the
 * canonical URL, real 404s (DESIGN.md).
 * Scopes (DESIGN.md "Scopes on concrete endpoints"): public pages need no credential, but one that
 * is sent must be valid and carry `content:read`; internal pages need `internal:read`, with the
 * same answer whether or not the path exists.
 * Readers (issue 29, snapshot/reader-view.ts): a principal with `person` gets every page with
 * "Signed in as <name>" and "Sign out" in the header, `private, no-store` and `Vary: Cookie`; the
 * sidebar lists internal pages exactly when the principal holds internal:read. Nothing branches
 * on the credential scheme. When sign-in is configured, anonymous HTML varies on Cookie, and the
 * 401 of the internal zone offers "Sign in" (or, with `auth.autoSignIn`, a 302 there).
 */
import { notFoundFor, requireReaderScopes, signInConfigured, signInFacts, type PageConfig } from './reader-access.js';
import { ApiError } from '../errors.js';
import { requireScopes } from '../auth/authenticate.js';
import { resolvePath, type Found, type Redirected } from '../snapshot/lookup.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { alternatesOf } from '../content/languages.js';
import { CONTENT_TYPES, type PartBodies, type Representations } from '../snapshot/bodies.js';
import type { Principal } from '../auth/principal.js';
import { personalHtml, readerTreeOf, type ReaderTree } from '../snapshot/reader-view.js';
import { ReaderError } from './error-answer.js';
import {
  bodyAnswer,
  plainAnswer,
  type Answer,
  type HeaderFields,
  type PlainAnswer,
  type RequestFacts,
  type RouteAnswer,
} from './answer.js';
import type { Body } from '../body.js';
import { PUBLIC_CACHE } from './conditional.js';
import { assetAnswer } from './assets.js';
import type { BuiltAnswer } from './built-pages.js';
import { negotiateMediaType } from './negotiation.js';
import { signOutFormTargets } from '../signin/settings.js';
import { htmlSecurityHeaders, PUBLIC_CORS_HEADERS, agentLinks, markdownAlternateLink } from './headers.js';

/** Media types a page URL offers, in preference order. */
const NEGOTIATED = ['text/html', 'text/markdown'];
/** Media types a `.md` URL offers. */
const MARKDOWN_ONLY = ['text/markdown'];
/** Internal pages must not be kept by shared caches or the browser's disk cache. */
const PRIVATE_CACHE = 'private, no-store';
/** Headers of the site's stylesheet, script and other static files under `/_sitegate/`. */
const STATIC_HEADERS: Readonly<Record<string, string>> = { 'x-content-type-options': 'nosniff', ...PUBLIC_CORS_HEADERS };

/** The page answer's settings with what it derives from them once: the CSP's sign-out form targets. */
type PageSettings = PageConfig & { formTargets: readonly string[] };

/**
 * The page route's answer: every GET no other route of the table takes; with `built`, a
 * generator's build answers first (answers/built-pages.ts). Access is decided before
 * anything renders (DESIGN.md "Private content fails closed"): an internal path's page is looked
 * up only once the principal holds internal:read.
 * @throws {ApiError} `not_found`, `credential_required`, `insufficient_scope`, `not_acceptable`;
 *   a {@link ReaderError} (error-answer.ts) where the answer depends on the reader or the sign-in
 */
export function servePage(pageConfig: PageConfig, built?: BuiltAnswer): RouteAnswer {
  const config: PageSettings = {
    ...pageConfig,
    formTargets: pageConfig.auth === undefined ? [] : signOutFormTargets(pageConfig.auth),
  };
  const sitegatePage: RouteAnswer = function sitegatePage(facts, snapshot, principal) {
    const resolution = resolvePath(snapshot, facts.path);
    switch (resolution.kind) {
      case 'page':
        if (principal !== undefined) requireReaderScopes(principal, ['content:read']);
        if (principal?.person !== undefined)
          return serving(readerPageAnswer(config, facts, snapshot, resolution, principal, principal.person.name), canonicalUrl(resolution));
        return serving(
          pageAnswer(config, facts, resolution, PUBLIC_CACHE, () => alternateLinks(snapshot, resolution)),
          canonicalUrl(resolution),
        );
      case 'internal': {
        if (principal === undefined) throw new ReaderError(signInFacts(config, snapshot, facts), 'credential_required');
        requireReaderScopes(principal, ['internal:read']);
        const found = resolution.find();
        if (found === undefined) throw notFoundFor(principal);
        if (found.kind === 'asset') return serving(assetAnswer(facts, found.asset, PRIVATE_CACHE), found.asset.url);
        if (found.kind === 'redirect') return redirectAnswer(snapshot.chrome.basePath, found, facts.search);
        return serving(readerPageAnswer(config, facts, snapshot, found, principal, principal.person?.name), canonicalUrl(found));
      }
      case 'hidden':
        if (principal === undefined || !principal.scopes.includes('internal:read')) throw notFoundFor(principal);
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
        throw notFoundFor(principal);
    }
  };
  if (built === undefined) return sitegatePage;
  // `serve --html` (issue 33): the build answers first; a source page's markdown is sitegate's, at its URL.
  return function servePage(facts, snapshot, principal) {
    const answer = built(facts, snapshot, principal, (path) => sitegatePage({ ...facts, path }, snapshot, principal));
    return answer ?? sitegatePage(facts, snapshot, principal);
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
function pageHeaders(config: PageSettings, found: Found, cacheControl: string, alternates: () => string): PageHeaders {
  const cached = cacheControl === PUBLIC_CACHE ? publicHeaders.get(found.bodies) : undefined;
  if (cached !== undefined) return cached;
  const { baseUrl } = config;
  const languages = alternates();
  // Public pages are readable from any origin; internal ones, answers to a credential, are not.
  const cors = cacheControl === PUBLIC_CACHE ? PUBLIC_CORS_HEADERS : {};
  // When people can sign in, a shared cache must not give the anonymous page to a signed-in reader.
  const cookieVary = cacheControl === PUBLIC_CACHE && signInConfigured(config) ? ', Cookie' : '';
  const headers: PageHeaders = {
    html: {
      ...htmlSecurityHeaders(baseUrl, config.formTargets),
      ...cors,
      'cache-control': cacheControl,
      vary: `${found.bodies.html.compressible ? 'Accept, Accept-Encoding' : 'Accept'}${cookieVary}`,
      link: `${markdownAlternateLink(baseUrl + found.markdownUrl)}, ${languages}${partLinks(baseUrl, found, 'html')}${agentLinks(baseUrl)}`,
    },
    markdown: {
      'x-content-type-options': 'nosniff',
      ...cors,
      'cache-control': cacheControl,
      link: `<${baseUrl}${found.canonicalUrl ?? found.url}>; rel="canonical", ${languages}${partLinks(baseUrl, found, 'markdown')}${agentLinks(baseUrl)}`,
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
function pageAnswer(config: PageSettings, facts: RequestFacts, found: Found, cacheControl: string, alternates: () => string): Answer {
  const type = negotiateMediaType(facts.headers.accept, found.markdownOnly ? MARKDOWN_ONLY : NEGOTIATED);
  if (type === undefined) {
    const offered = found.markdownOnly ? 'text/markdown' : 'text/html or text/markdown';
    throw new ApiError('not_acceptable', { message: `This page is available as ${offered}.` });
  }
  const headers = pageHeaders(config, found, cacheControl, alternates);
  if (type === 'text/html') return bodyAnswer(found.bodies.html, headers.html);
  return bodyAnswer(found.bodies.markdown, found.markdownOnly ? headers.markdown : headers.negotiatedMarkdown);
}

/** Headers of a person's answers, by the page's bodies (so per snapshot), made on first use. */
const personHeaders = new WeakMap<Representations, PageHeaders>();

/**
 * The private headers of a page for a person (issue 29): as an internal page's, `private,
 * no-store`, with `Cookie` added to `Vary` (RFC 9110 §12.5.5); the HTML, spliced per request and
 * sent uncompressed, names its Content-Type and varies on Accept and Cookie only.
 */
function personPageHeaders(config: PageSettings, found: Found, alternates: () => string): PageHeaders {
  const cached = personHeaders.get(found.bodies);
  if (cached !== undefined) return cached;
  const base = pageHeaders(config, found, PRIVATE_CACHE, alternates);
  const withCookie = (vary: string | undefined): string => (vary === undefined ? 'Cookie' : `${vary}, Cookie`);
  const headers: PageHeaders = {
    html: { ...base.html, 'content-type': CONTENT_TYPES.html, vary: 'Accept, Cookie' },
    markdown: { ...base.markdown, vary: withCookie(base.markdown.vary) },
    negotiatedMarkdown: { ...base.negotiatedMarkdown, vary: withCookie(base.negotiatedMarkdown.vary) },
  };
  personHeaders.set(found.bodies, headers);
  return headers;
}

/**
 * A page as a reader sees it (issue 29): a principal with `person` (whatever its scheme) gets the
 * reader's HTML with "Signed in as <name>" spliced into the header (snapshot/reader-view.ts
 * `personalHtml`: a copy of cached bytes, uncompressed, no render); a client without a person (an
 * internal page read with an API key or token) gets the reader's cached HTML as it is. The sidebar
 * lists internal pages exactly when the principal holds internal:read. Markdown is the page's own
 * bytes. Every such answer is `private, no-store`.
 * @param name the person's display name; undefined for a client without a person
 * @throws {ApiError} `not_acceptable`, or `not_found` when the page's source vanished
 */
function readerPageAnswer(
  config: PageSettings,
  facts: RequestFacts,
  snapshot: Snapshot,
  found: Found,
  principal: Principal,
  name: string | undefined,
): Answer {
  const type = negotiateMediaType(facts.headers.accept, found.markdownOnly ? MARKDOWN_ONLY : NEGOTIATED);
  if (type === undefined) {
    const offered = found.markdownOnly ? 'text/markdown' : 'text/html or text/markdown';
    throw new ApiError('not_acceptable', { message: `This page is available as ${offered}.` });
  }
  const alternates = (): string => alternateLinks(snapshot, found);
  const headers = name === undefined ? pageHeaders(config, found, PRIVATE_CACHE, alternates) : personPageHeaders(config, found, alternates);
  if (type === 'text/markdown')
    return bodyAnswer(found.bodies.markdown, found.markdownOnly ? headers.markdown : headers.negotiatedMarkdown);
  const tree: ReaderTree = readerTreeOf(principal);
  const reader = snapshot.reader.bodiesOf(found, tree);
  if (reader === undefined) throw notFoundFor(principal);
  if (name === undefined) return bodyAnswer(reader.html, headers.html);
  return personalAnswer(reader.html, headers.html, snapshot.chrome.basePath, name);
}

/** The last person's answer of each reader body (by the body, so per snapshot, and gone with it). */
const lastPersonal = new WeakMap<Body, { name: string; headers: HeaderFields; answer: PlainAnswer }>();

/**
 * The HTML answer of a reader body for the person named `name`: spliced (reader-view.ts
 * `personalHtml`) once, then the same answer object while the same name asks again (a reader
 * moving between pages and back, reloading): the bytes depend on the name alone, and the writer
 * keeps the header fields of an answer with a Buffer body (http/write.ts), so a repeat costs a
 * lookup. At most one spliced copy is kept per cached body.
 */
function personalAnswer(html: Body, headers: HeaderFields, basePath: string, name: string): PlainAnswer {
  const last = lastPersonal.get(html);
  if (last !== undefined && last.name === name && last.headers === headers) return last.answer;
  const answer = plainAnswer(200, headers, personalHtml(html, basePath, name));
  lastPersonal.set(html, { name, headers, answer });
  return answer;
}
