/**
 * Turning every failure into the SPEC.md error object: the framework's own errors (bad JSON, body
 * too large, validation, malformed URL), unknown routes and methods, and unexpected exceptions,
 * whose details go to the log only (STYLE.md habit 4).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type ErrorCode } from '../errors.js';
import { bearerChallenge, errorCorsHeaders, sendApiError } from './send.js';
import { HTML_SECURITY_HEADERS, PREFLIGHT_HEADERS, splitTarget } from './headers.js';
import { negotiateMediaType } from './negotiation.js';
import type { AppContext } from './context.js';
import { renderErrorHtml } from '../layout/pages.js';
import { renderSidebar } from '../layout/navigation.js';

/** Route config read by the error handler. */
export interface RouteErrorConfig {
  /** Code for schema validation failures on this route (default `invalid_request`). */
  validationCode?: ErrorCode;
}

/** Allowed methods of paths that are not GET/HEAD-only. */
const ALLOW_BY_PATH: Record<string, string> = {
  '/api/v1/oauth/token': 'POST, OPTIONS',
  '/api/v1/oauth/revoke': 'POST, OPTIONS',
  '/api/v1/oauth/introspect': 'POST, OPTIONS',
  '/mcp': 'POST, OPTIONS',
};

/** Maps an error thrown by the framework or a handler to an {@link ApiError}, or undefined for a 500. */
export function toApiError(error: FastifyError, validationCode: ErrorCode): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error.validation !== undefined) {
    const detail = error.validation[0];
    const where = detail?.instancePath
      ? detail.instancePath.slice(1)
      : (detail?.params as { missingProperty?: string } | undefined)?.missingProperty;
    const message =
      detail === undefined ? error.message : `${where ?? error.validationContext ?? 'request'} ${detail.message ?? 'is invalid'}.`;
    return new ApiError(validationCode, { message: `Invalid parameter: ${message}` });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return error.statusCode === 415 ? new ApiError('unsupported_media_type') : new ApiError('invalid_request');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_request', { message: 'The JSON body is empty.' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('invalid_request', { message: 'The body is not valid JSON.' });
  }
  if (error.statusCode === 400 || (error as { type?: string }).type === 'entity.parse.failed') {
    return new ApiError('invalid_request', { message: 'The request is malformed.' });
  }
  if (error.statusCode === 413) return new ApiError('payload_too_large');
  if (error.statusCode === 415) return new ApiError('unsupported_media_type');
  return undefined;
}

/**
 * Sends an error in the form the client asked for: HTML page, markdown, or the JSON error object
 * (the default, and what API routes always get). Used for page URLs, where 404s must not be
 * soft (DESIGN.md).
 */
export function sendNegotiatedError(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  const form = negotiateMediaType(request.headers.accept, ['text/html', 'text/markdown', 'application/json']);
  reply.header('vary', 'Accept');
  const challenge = bearerChallenge(error, ctx.config.baseUrl);
  if (challenge !== undefined && form !== 'application/json') reply.header('www-authenticate', challenge);
  if (form === 'text/html') {
    const snapshot = ctx.snapshot();
    const html =
      error.code === 'not_found'
        ? snapshot.notFoundHtml.bytes
        : renderErrorHtml(
            snapshot.chrome,
            error.status,
            error.message,
            ERROR_PAGE_HINT[error.code] ?? error.message,
            renderSidebar(snapshot.site, '/', snapshot.chrome.basePath),
          );
    return reply
      .code(error.status)
      .headers({
        ...error.headers,
        ...HTML_SECURITY_HEADERS,
        ...errorCorsHeaders(request),
        'cache-control': 'no-store',
        'content-type': 'text/html; charset=utf-8',
      })
      .send(html);
  }
  if (form === 'text/markdown') {
    // The request path is not echoed: a crafted path would put attacker markdown (links) in our answer.
    const text = `# ${error.message}\n\nHTTP ${error.status} \`${error.code}\`. Every public page is listed at ${ctx.config.baseUrl}/llms.txt.\n`;
    return reply
      .code(error.status)
      .headers({
        ...error.headers,
        ...errorCorsHeaders(request),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-type': 'text/markdown; charset=utf-8',
      })
      .send(text);
  }
  return sendApiError(reply, ctx.config.baseUrl, error);
}

const ERROR_PAGE_HINT: Partial<Record<ErrorCode, string>> = {
  credential_required: 'This page is internal. Send a credential with the internal:read scope.',
};

/** Installs the error handler, the not-found handler (405/OPTIONS for non-GET methods). */
export function installErrorHandling(app: FastifyInstance, ctx: AppContext): void {
  app.setErrorHandler(function handleError(error: FastifyError, request, reply) {
    const config = request.routeOptions.config as RouteErrorConfig | undefined;
    const apiError = toApiError(error, config?.validationCode ?? 'invalid_request');
    if (apiError !== undefined) return sendApiError(reply, ctx.config.baseUrl, apiError);
    request.log.error({ reqId: request.id, err: error }, 'unhandled error');
    return sendApiError(
      reply,
      ctx.config.baseUrl,
      new ApiError('internal_error', { message: `Something went wrong on our side (request id ${request.id}).` }),
    );
  });

  // Every GET and HEAD is routed (pages are a catch-all), so only other methods reach here.
  app.setNotFoundHandler(function methodNotAllowed(request, reply) {
    const [path] = splitTarget(request.url);
    const postOnly = ALLOW_BY_PATH[path];
    const allow = postOnly ?? 'GET, HEAD, OPTIONS';
    if (request.method === 'OPTIONS') {
      // A CORS preflight (Origin and Access-Control-Request-Method) for a GET/HEAD resource gets
      // the public read-only grant; POST endpoints are not opened to other origins (headers.ts).
      const preflight = request.headers.origin !== undefined && request.headers['access-control-request-method'] !== undefined;
      return reply
        .code(204)
        .headers(preflight && postOnly === undefined ? { allow, ...PREFLIGHT_HEADERS } : { allow })
        .send();
    }
    return sendApiError(
      reply,
      ctx.config.baseUrl,
      new ApiError('method_not_allowed', { message: `${request.method} is not allowed here.`, headers: { allow } }),
    );
  });
}
