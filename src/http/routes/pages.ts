/**
 * Pages: every GET not claimed by another route. HTML or markdown by RFC 9110 negotiation on the
 * same URL, markdown for the `.md` suffix, 308 to the canonical URL, real 404s (DESIGN.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import { resolvePath, type Found } from '../../snapshot/lookup.js';
import type { AppContext } from '../context.js';
import { sendBody } from '../send.js';
import { sendNegotiatedError } from '../errors.js';
import { negotiateMediaType } from '../negotiation.js';
import { HTML_SECURITY_HEADERS, markdownAlternateLink, splitTarget } from '../headers.js';

const NEGOTIATED = ['text/html', 'text/markdown'];
const MARKDOWN_ONLY = ['text/markdown'];

/** Registers the catch-all page route. */
export function pageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('*', function servePage(request, reply) {
    const snapshot = ctx.snapshot();
    const [path, query] = splitTarget(request.url);
    const resolution = resolvePath(snapshot, path);
    switch (resolution.kind) {
      case 'page':
        return sendPage(ctx, request, reply, resolution);
      case 'static':
        return sendBody(request, reply, resolution.body, { 'x-content-type-options': 'nosniff' });
      case 'redirect':
        return reply.code(308).header('location', `${snapshot.chrome.basePath}${resolution.location}${query}`).send();
      case 'internal':
        return sendNegotiatedError(
          ctx,
          request,
          reply,
          new ApiError('credential_required', { message: 'This page needs a credential with internal:read.' }),
        );
      case 'not_found':
        return sendNegotiatedError(ctx, request, reply, new ApiError('not_found', { message: 'No page at this address.' }));
    }
  });
}

/** Sends a page in the negotiated representation, or 406 when the client accepts neither. */
function sendPage(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, found: Found): FastifyReply {
  const { baseUrl } = ctx.config;
  const type = negotiateMediaType(request.headers.accept, found.markdownOnly ? MARKDOWN_ONLY : NEGOTIATED);
  const vary = found.markdownOnly ? undefined : 'Accept';
  if (type === undefined) {
    if (vary !== undefined) reply.header('vary', vary);
    const offered = found.markdownOnly ? 'text/markdown' : 'text/html or text/markdown';
    return sendNegotiatedError(ctx, request, reply, new ApiError('not_acceptable', { message: `This page is available as ${offered}.` }));
  }
  if (type === 'text/html') {
    return sendBody(request, reply, found.bodies.html, {
      ...HTML_SECURITY_HEADERS,
      vary: 'Accept',
      link: markdownAlternateLink(baseUrl + found.markdownUrl),
    });
  }
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    link: `<${baseUrl}${found.url}>; rel="canonical"`,
  };
  if (vary !== undefined) headers.vary = vary;
  return sendBody(request, reply, found.bodies.markdown, headers);
}
