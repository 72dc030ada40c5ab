/**
 * Pages: every GET not claimed by another route. HTML or markdown by RFC 9110 negotiation on the
 * same URL, markdown for the `.md` suffix, 308 to the canonical URL, real 404s (DESIGN.md).
 * Scopes (DESIGN.md "Scopes on concrete endpoints"): public pages need no credential, but one that
 * is sent must be valid and carry `content:read`; internal pages need `internal:read`, with the
 * same answer whether or not the path exists.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import { requireScopes } from '../../auth/authenticate.js';
import { resolvePath, type Found } from '../../snapshot/lookup.js';
import type { PartBodies, Representations } from '../../snapshot/snapshot.js';
import type { AppContext } from '../context.js';
import { PUBLIC_CACHE, sendApiError, sendBody } from '../send.js';
import { sendNegotiatedError } from '../errors.js';
import { negotiateMediaType } from '../negotiation.js';
import { HTML_SECURITY_HEADERS, PUBLIC_CORS_HEADERS, agentLinks, markdownAlternateLink, splitTarget } from '../headers.js';
import { principalOf, requirePrincipal } from '../credentials.js';

/** Media types a page URL offers, in preference order. */
export const NEGOTIATED = ['text/html', 'text/markdown'];
/** Media types a `.md` URL offers. */
export const MARKDOWN_ONLY = ['text/markdown'];
/** Internal pages must not be kept by shared caches or the browser's disk cache. */
const PRIVATE_CACHE = 'private, no-store';
/** Headers of the site's stylesheet, script and other static files under `/_sitegate/`. */
export const STATIC_HEADERS: Readonly<Record<string, string>> = { 'x-content-type-options': 'nosniff', ...PUBLIC_CORS_HEADERS };

const sendsCredential = (request: FastifyRequest): boolean =>
  request.headers['x-api-key'] !== undefined || request.headers.authorization !== undefined;

/** Registers the catch-all page route. */
export function pageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('*', function servePage(request, reply) {
    const snapshot = ctx.snapshot();
    const [path, query] = splitTarget(request.url);
    const resolution = resolvePath(snapshot, path);
    switch (resolution.kind) {
      case 'page':
        // The common case, no credential, stays synchronous.
        if (!sendsCredential(request)) return sendPage(ctx, request, reply, resolution, PUBLIC_CACHE);
        return guarded(ctx, request, reply, async () => {
          const principal = await principalOf(ctx, request);
          if (principal !== undefined) requireScopes(principal, ['content:read']);
          return sendPage(ctx, request, reply, resolution, PUBLIC_CACHE);
        });
      case 'internal':
        return guarded(ctx, request, reply, async () => {
          requireScopes(await requirePrincipal(ctx, request), ['internal:read']);
          const found = resolution.find();
          if (found === undefined) throw new ApiError('not_found', { message: 'No page at this address.' });
          return sendPage(ctx, request, reply, found, PRIVATE_CACHE);
        });
      case 'static':
        return sendBody(request, reply, resolution.body, STATIC_HEADERS);
      case 'redirect':
        // CORS on the redirect too, or a cross-origin fetch could not follow it (Fetch standard §4.4).
        return reply
          .code(308)
          .headers(PUBLIC_CORS_HEADERS)
          .header('location', `${snapshot.chrome.basePath}${resolution.location}${query}`)
          .send();
      case 'not_found': {
        const error = new ApiError('not_found', { message: 'No page at this address.' });
        // API clients get the error object whatever they accept.
        if (path.startsWith('/api/') || path.startsWith('/.well-known/')) return sendApiError(reply, ctx.config.baseUrl, error);
        return sendNegotiatedError(ctx, request, reply, error);
      }
    }
  });
}

/** Runs a credentialed step, sending any ApiError in the negotiated form. */
async function guarded(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  step: () => Promise<FastifyReply>,
): Promise<FastifyReply> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ApiError) return sendNegotiatedError(ctx, request, reply, error);
    throw error;
  }
}

/** Sends a page in the negotiated representation, or 406 when the client accepts neither. */
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

/** The response headers of a page's representations (cached for public pages). */
export function pageHeaders(ctx: AppContext, found: Found, cacheControl: string): PageHeaders {
  const cached = cacheControl === PUBLIC_CACHE ? publicHeaders.get(found.bodies) : undefined;
  if (cached !== undefined) return cached;
  const { baseUrl } = ctx.config;
  // Public pages are readable from any origin; internal ones, answers to a credential, are not.
  const cors = cacheControl === PUBLIC_CACHE ? PUBLIC_CORS_HEADERS : {};
  const headers: PageHeaders = {
    html: {
      ...HTML_SECURITY_HEADERS,
      ...cors,
      'cache-control': cacheControl,
      vary: found.bodies.html.compressible ? 'Accept, Accept-Encoding' : 'Accept',
      link: `${markdownAlternateLink(baseUrl + found.markdownUrl)}, ${partLinks(baseUrl, found, 'html')}${agentLinks(baseUrl)}`,
    },
    markdown: {
      'x-content-type-options': 'nosniff',
      ...cors,
      'cache-control': cacheControl,
      link: `<${baseUrl}${found.url}>; rel="canonical", ${partLinks(baseUrl, found, 'markdown')}${agentLinks(baseUrl)}`,
      'x-markdown-tokens': String(found.bodies.markdownTokens()),
      'content-signal': ctx.config.contentSignal,
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

function sendPage(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, found: Found, cacheControl: string): FastifyReply {
  const type = negotiateMediaType(request.headers.accept, found.markdownOnly ? MARKDOWN_ONLY : NEGOTIATED);
  const vary = found.markdownOnly ? undefined : 'Accept';
  if (type === undefined) {
    if (vary !== undefined) reply.header('vary', vary);
    const offered = found.markdownOnly ? 'text/markdown' : 'text/html or text/markdown';
    return sendNegotiatedError(ctx, request, reply, new ApiError('not_acceptable', { message: `This page is available as ${offered}.` }));
  }
  const headers = pageHeaders(ctx, found, cacheControl);
  if (type === 'text/html') return sendBody(request, reply, found.bodies.html, headers.html);
  return sendBody(request, reply, found.bodies.markdown, found.markdownOnly ? headers.markdown : headers.negotiatedMarkdown);
}
