/**
 * The one place an error becomes a response (after hono's `errorHandler`): {@link errorAnswer}
 * turns an {@link ApiError} into each of its forms — SPEC.md's JSON error object, the RFC 6749
 * §5.2 body of the token endpoints, an HTML page, markdown — and {@link connectionErrorAnswer} is
 * the JSON form that http/limits.ts writes on a bare socket for what node:http refuses before any
 * request exists. Unexpected exceptions become `internal_error` through {@link internalError}: the
 * detail goes to the log, the client gets a request id only (STYLE.md habit 4).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, type ErrorCode } from '../errors.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { renderErrorHtml } from '../layout/pages.js';
import { AUTH_REALM, usesOAuthErrors, NO_STORE_HEADERS } from '../oauth/answers.js';
import { plainAnswer, type PlainAnswer } from './answer.js';
import { htmlSecurityHeaders, PUBLIC_CORS_HEADERS } from './headers.js';
import { negotiateMediaType } from './negotiation.js';
import { signInErrorHtml } from './signin-pages.js';

/**
 * The forms an error takes: `json` SPEC.md's object; `oauth` what the token endpoints answer (the
 * RFC 6749 §5.2 body to form-encoded or HTTP Basic requests, SPEC.md's object otherwise: DESIGN.md
 * "Errors"); `html` and `markdown` on page URLs, negotiated by {@link negotiatedErrorForm}.
 */
export type ErrorForm = 'json' | 'oauth' | 'html' | 'markdown';

/** What the error's headers depend on: the request's method and headers. */
export interface RequestHead {
  method: string;
  headers: IncomingHttpHeaders;
}

/** What {@link errorAnswer} needs of the site: the public base URL and, for HTML, the snapshot. */
export interface ErrorSite {
  /** Public base URL without trailing slash. */
  baseUrl: string;
  snapshot(): Snapshot;
}

/** Options of {@link errorAnswer}. */
export interface ErrorAnswerOptions {
  /** Add `Vary: Accept`: the form was negotiated (page URLs). */
  negotiated?: boolean;
}

/** Absolute URL of the developer portal, the base of every error's `docs` link. */
export function portalUrl(baseUrl: string): string {
  return `${baseUrl}/developers`;
}

/**
 * The WWW-Authenticate challenge for a 401 or 403 (RFC 6750 §3): no error attribute when no
 * credential was sent, `invalid_token` for a refused one, `insufficient_scope` with `scope`; each
 * with `resource_metadata` pointing at the RFC 9728 document (RFC 9728 §5.1). Undefined for other codes.
 * @param baseUrl public base URL without trailing slash
 */
export function bearerChallenge(error: ApiError, baseUrl: string): string | undefined {
  const quote = (text: string): string => text.replace(/["\\]/g, '');
  const metadata = `resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"`;
  if (error.code === 'credential_required') return `Bearer realm="${AUTH_REALM}", ${metadata}`;
  if (error.code === 'insufficient_scope') {
    return `Bearer realm="${AUTH_REALM}", error="insufficient_scope", error_description="${quote(error.message)}", scope="${(error.scopes ?? []).join(' ')}", ${metadata}`;
  }
  if (error.code === 'invalid_api_key' || error.code === 'invalid_token' || error.code === 'token_expired') {
    return `Bearer realm="${AUTH_REALM}", error="invalid_token", error_description="${quote(error.message)}", ${metadata}`;
  }
  return undefined;
}

/**
 * CORS headers of an error answer (headers.ts): readable from any origin when it answers a GET or
 * HEAD without a credential, as the resource itself would be; none otherwise.
 */
export function errorCorsHeaders(request: RequestHead): Readonly<Record<string, string>> {
  const { method, headers } = request;
  const anonymousRead =
    (method === 'GET' || method === 'HEAD') && headers.authorization === undefined && headers['x-api-key'] === undefined;
  return anonymousRead ? PUBLIC_CORS_HEADERS : {};
}

/** The form of an error on a page URL: HTML, markdown or (the default, and for JSON clients) the error object. */
export function negotiatedErrorForm(accept: string | undefined): ErrorForm {
  const type = negotiateMediaType(accept, NEGOTIATED_ERROR_TYPES);
  return type === 'text/html' ? 'html' : type === 'text/markdown' ? 'markdown' : 'json';
}

const NEGOTIATED_ERROR_TYPES = ['text/html', 'text/markdown', 'application/json'];
const JSON_TYPE = 'application/json; charset=utf-8';

/** A better hint than the message on an HTML error page, where one helps. */
const ERROR_PAGE_HINT: Partial<Record<ErrorCode, string>> = {
  credential_required: 'This page is internal. Send a credential with the internal:read scope.',
};

/**
 * The answer for an error in the given form. Every form carries the error's own headers (Allow,
 * Retry-After…), `Cache-Control: no-store` and CORS as {@link errorCorsHeaders}; 401 and 403 the
 * RFC 6750 challenge unless the error brings its own (Basic, for the token endpoints).
 * @param error the error; its status is the answer's
 * @param form see {@link ErrorForm}
 * @param request the request's method and headers
 * @param site base URL (for `docs` and the challenge) and the snapshot (for the HTML page)
 */
export function errorAnswer(
  error: ApiError,
  form: ErrorForm,
  request: RequestHead,
  site: ErrorSite,
  options: ErrorAnswerOptions = {},
): PlainAnswer {
  const { baseUrl } = site;
  const headers: Record<string, string> = { ...error.headers };
  if (options.negotiated === true) headers.vary = 'Accept';
  const challenge = error.headers['www-authenticate'] ?? bearerChallenge(error, baseUrl);
  switch (form) {
    case 'oauth':
      if (usesOAuthErrors(request.headers)) return oauthErrorAnswer(error, baseUrl);
      Object.assign(headers, NO_STORE_HEADERS);
      return jsonErrorAnswer(error, request, baseUrl, headers, challenge);
    case 'json':
      return jsonErrorAnswer(error, request, baseUrl, headers, challenge);
    case 'html': {
      Object.assign(headers, htmlSecurityHeaders(baseUrl), errorCorsHeaders(request), {
        'cache-control': 'no-store',
        'content-type': 'text/html; charset=utf-8',
      });
      if (challenge !== undefined) headers['www-authenticate'] = challenge;
      return plainAnswer(error.status, headers, errorHtml(error, site.snapshot()));
    }
    case 'markdown': {
      Object.assign(headers, errorCorsHeaders(request), {
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-type': 'text/markdown; charset=utf-8',
      });
      if (challenge !== undefined) headers['www-authenticate'] = challenge;
      // The request path is not echoed: a crafted path would put attacker markdown (links) in our answer.
      const text = `# ${error.message}\n\nHTTP ${error.status} \`${error.code}\`. Every public page is listed at ${baseUrl}/llms.txt.\n`;
      return plainAnswer(error.status, headers, text);
    }
  }
}

/** SPEC.md's error object with its headers (nosniff, no-store, JSON, the challenge). */
function jsonErrorAnswer(
  error: ApiError,
  request: RequestHead,
  baseUrl: string,
  headers: Record<string, string>,
  challenge: string | undefined,
): PlainAnswer {
  Object.assign(headers, errorCorsHeaders(request), {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-type': JSON_TYPE,
  });
  if (challenge !== undefined) headers['www-authenticate'] = challenge;
  return plainAnswer(error.status, headers, JSON.stringify(error.toBody(portalUrl(baseUrl))));
}

/** RFC 6749 §5.2: `error` is the code, with `error_description`, `error_uri` and SPEC.md's other fields. */
function oauthErrorAnswer(error: ApiError, baseUrl: string): PlainAnswer {
  const docs = error.toBody(portalUrl(baseUrl));
  const body = { ...docs, error: error.code, error_description: error.message, error_uri: docs.docs };
  return plainAnswer(error.status, { ...NO_STORE_HEADERS, ...error.headers, 'content-type': JSON_TYPE }, JSON.stringify(body));
}

/** The HTML error page: the snapshot's 404 page, or the layout's error page with a hint. */
function errorHtml(error: ApiError, snapshot: Snapshot): Buffer | string {
  if (error.code === 'not_found') return snapshot.notFoundHtml.bytes;
  const signIn = signInErrorHtml(error, snapshot);
  if (signIn !== undefined) return signIn;
  const hint = ERROR_PAGE_HINT[error.code] ?? error.message;
  return renderErrorHtml(snapshot.chrome, error.status, error.message, hint, snapshot.rootSidebar);
}

/** The 500 of an unexpected exception: a generic message naming the request id (the detail is logged by the caller). */
export function internalError(requestId: string): ApiError {
  return new ApiError('internal_error', { message: `Something went wrong on our side (request id ${requestId}).` });
}

/**
 * The JSON form of {@link errorAnswer} for a connection that has no request object (CONNECT, a
 * request node:http could not parse): no request headers to read, so no CORS and no challenge.
 * http/limits.ts writes it as raw bytes on the socket.
 * @param baseUrl public base URL without trailing slash (for `docs`)
 */
export function connectionErrorAnswer(error: ApiError, baseUrl: string): PlainAnswer {
  return jsonErrorAnswer(error, { method: 'POST', headers: {} }, baseUrl, { ...error.headers }, undefined);
}
