/**
 * The one place an error becomes a response (after hono's `errorHandler`): {@link errorAnswer}
 * turns an {@link ApiError} into each of its forms — SPEC.md's JSON error object, the RFC 6749
 * §5.2 body of the token endpoints, an HTML page, markdown — and {@link connectionErrorAnswer} is
 * the JSON form that http/limits.ts writes on a bare socket for what node:http refuses before any
 * request exists. Unexpected exceptions become `internal_error` through {@link internalError}: the
 * detail goes to the log, the client gets a request id only (STYLE.md habit 4).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, type ApiErrorOptions, type ErrorCode } from '../errors.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { renderErrorHtml } from '../layout/pages.js';
import { renderAccount, renderSignOutForm } from '../layout/account.js';
import { escapeHtml } from '../escape.js';
import { personalHtml, type ReaderTree } from '../snapshot/reader-view.js';
import { AUTH_REALM, usesOAuthErrors, NO_STORE_HEADERS } from '../oauth/answers.js';
import { plainAnswer, type PlainAnswer } from './answer.js';
import { htmlSecurityHeaders, PUBLIC_CORS_HEADERS } from './headers.js';
import { negotiateMediaType } from './negotiation.js';
import { signInErrorHtml } from './signin-pages.js';
import { resourceMetadataUrl } from '../discovery/well-known.js';

/**
 * The forms an error takes: `json` SPEC.md's object; `oauth` what the token endpoints answer (the
 * RFC 6749 §5.2 body to form-encoded or HTTP Basic requests, SPEC.md's object otherwise: DESIGN.md
 * "Errors"); `registration` the RFC 7591 §3.2.2 body (the RFC 6749 §5.2 shape) to every request;
 * `html` and `markdown` on page URLs, negotiated by {@link negotiatedErrorForm}.
 */
export type ErrorForm = 'json' | 'oauth' | 'registration' | 'html' | 'markdown';

/** What the error's headers depend on: the request's method and headers. */
export interface RequestHead {
  method: string;
  headers: IncomingHttpHeaders;
  /** The request path relative to the base URL, when known: `/mcp`'s challenge names its own RFC 9728 document. */
  path?: string;
}

/** What {@link errorAnswer} needs of the site: the public base URL and, for HTML, the snapshot. */
export interface ErrorSite {
  /** Public base URL without trailing slash. */
  baseUrl: string;
  /** Origins besides the site's its HTML pages' forms may lead to (headers.ts `htmlSecurityHeaders`); none when omitted. */
  formTargets?: readonly string[];
  snapshot(): Snapshot;
}

/** Options of {@link errorAnswer}. */
export interface ErrorAnswerOptions {
  /** Add `Vary: Accept`: the form was negotiated (page URLs). */
  negotiated?: boolean;
}

/**
 * What a page's refusal knows of the reader and of the sign-in (issue 29), for its HTML page and
 * its caching. Answers (answers/pages.ts) throw a {@link ReaderError} carrying it; every other
 * field of the error (code, status, message, scopes) is the plain {@link ApiError}'s, so the JSON
 * and markdown forms stay as they were.
 */
export interface ReaderErrorFacts {
  /**
   * Sign-in is configured and no one is signed in: where the "Sign in" button leads,
   * `{basePath}/_sitegate/login?return_to=<the requested path, encoded>`.
   */
  signInUrl?: string | undefined;
  /** `auth.autoSignIn`: a request that negotiates HTML is sent (302) to {@link signInUrl} instead. */
  autoSignIn?: boolean | undefined;
  /** The signed-in person (Principal `person`): the page says who, and the answer is private. */
  person?: { name: string } | undefined;
  /** The sidebar the HTML page is drawn with (reader-view.ts); default the public one. */
  tree?: ReaderTree | undefined;
}

/** An {@link ApiError} of a page request with what its answer needs to know of the reader (issue 29). */
export class ReaderError extends ApiError {
  /**
   * @param reader see {@link ReaderErrorFacts}
   * @param code, options as {@link ApiError}'s
   */
  constructor(
    readonly reader: ReaderErrorFacts,
    code: ErrorCode,
    options: ApiErrorOptions = {},
  ) {
    super(code, options);
  }
}

/** Cache-Control of answers that depend on who is signed in (DESIGN.md "Who may read what"). */
const PERSONAL_CACHE = 'private, no-store';

/** Absolute URL of the developer portal, the base of every error's `docs` link. */
export function portalUrl(baseUrl: string): string {
  return `${baseUrl}/developers`;
}

/**
 * The WWW-Authenticate challenge for a 401 or 403 (RFC 6750 §3): no error attribute when no
 * credential was sent, `invalid_token` for a refused one, `insufficient_scope` with `scope`; each
 * with `resource_metadata` pointing at the RFC 9728 document (RFC 9728 §5.1): the MCP endpoint's
 * own for `/mcp`, the site's otherwise (discovery/well-known.ts `resourceMetadataUrl`). Undefined for other codes.
 * @param baseUrl public base URL without trailing slash
 * @param path the request path relative to the base URL
 */
export function bearerChallenge(error: ApiError, baseUrl: string, path?: string): string | undefined {
  const quote = (text: string): string => text.replace(/["\\]/g, '');
  const metadata = `resource_metadata="${resourceMetadataUrl(baseUrl, path)}"`;
  // A 401 that knows what it needs names it (RFC 6750 §3 `scope`), as MCP clients read it to ask for it.
  if (error.code === 'credential_required')
    return error.scopes === undefined
      ? `Bearer realm="${AUTH_REALM}", ${metadata}`
      : `Bearer realm="${AUTH_REALM}", scope="${error.scopes.join(' ')}", ${metadata}`;
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
  if (error instanceof ReaderError) return readerErrorAnswer(error, form, request, site, options);
  const { baseUrl } = site;
  const headers: Record<string, string> = { ...error.headers };
  if (options.negotiated === true) headers.vary = 'Accept';
  const challenge = error.headers['www-authenticate'] ?? bearerChallenge(error, baseUrl, request.path);
  switch (form) {
    case 'oauth':
      if (usesOAuthErrors(request.headers)) return oauthErrorAnswer(error, baseUrl);
      Object.assign(headers, NO_STORE_HEADERS);
      return jsonErrorAnswer(error, request, baseUrl, headers, challenge);
    case 'registration':
      return oauthErrorAnswer(error, baseUrl);
    case 'json':
      return jsonErrorAnswer(error, request, baseUrl, headers, challenge);
    case 'html': {
      Object.assign(headers, htmlSecurityHeaders(baseUrl, site.formTargets), errorCorsHeaders(request), {
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

/**
 * The answer of a {@link ReaderError}: as any error's, but for a person private (`Cache-Control:
 * private, no-store`, `Vary: Cookie`) and drawn with the reader's sidebar and header; the 401 of
 * a browser without a session, when sign-in is configured, offers "Sign in" (or, with
 * `auth.autoSignIn`, is a 302 there for a request that negotiates HTML) and varies on Cookie.
 */
function readerErrorAnswer(
  error: ReaderError,
  form: ErrorForm,
  request: RequestHead,
  site: ErrorSite,
  options: ErrorAnswerOptions,
): PlainAnswer {
  const { reader } = error;
  const personal = reader.person !== undefined;
  const signIn = reader.signInUrl !== undefined && !personal;
  const plainError = new ApiError(error.code, { message: error.message, scopes: error.scopes, headers: error.headers });
  let answer: PlainAnswer;
  if (signIn && form === 'html' && reader.autoSignIn === true && reader.signInUrl !== undefined) {
    // RFC 9110 §15.4.3: a 302 to the sign-in, never stored.
    const headers: Record<string, string> = { ...error.headers, location: reader.signInUrl, 'cache-control': 'no-store' };
    if (options.negotiated === true) headers.vary = 'Accept';
    answer = plainAnswer(302, headers, undefined);
  } else {
    answer = errorAnswer(plainError, form, request, site, options);
    if (form === 'html') answer = plainAnswer(answer.status, answer.headers, readerErrorHtml(error, site.snapshot()));
  }
  if (!personal && !signIn) return answer;
  const headers: Record<string, string> = { ...answer.headers };
  // Whether a session cookie came decides this answer: caches must key on it (RFC 9110 §12.5.5).
  headers.vary = headers.vary === undefined ? 'Cookie' : `${headers.vary}, Cookie`;
  if (personal) {
    // A person's answer is no one else's, and not readable cross-origin either.
    headers['cache-control'] = PERSONAL_CACHE;
    delete headers['access-control-allow-origin'];
    delete headers['access-control-expose-headers'];
  }
  return plainAnswer(answer.status, headers, answer.body);
}

/** The HTML page of a {@link ReaderError}: the 404 page, or the error page with the reader's sign-in or account. */
function readerErrorHtml(error: ReaderError, snapshot: Snapshot): Buffer | string {
  const { reader } = error;
  const { basePath } = snapshot.chrome;
  const tree = reader.tree ?? 'public';
  const person = reader.person;
  if (error.code === 'not_found') {
    if (person === undefined && tree === 'public') return snapshot.notFoundHtml.bytes;
    const body = snapshot.reader.notFoundHtml(tree);
    return person === undefined ? body.bytes : personalHtml(body, basePath, person.name);
  }
  const sidebar = snapshot.reader.rootSidebar(tree);
  if (person !== undefined) {
    const who = `<p class="signed-in-as">Signed in as ${escapeHtml(person.name)}, whose account cannot read ${error.code === 'insufficient_scope' ? 'internal pages' : 'this page'}.</p>
${renderSignOutForm(basePath)}
`;
    return renderErrorHtml(snapshot.chrome, error.status, SIGNED_IN_TITLE, ERROR_PAGE_HINT_SIGNED_IN, sidebar, {
      accountHtml: renderAccount(basePath, person.name),
      actionsHtml: who,
    });
  }
  if (reader.signInUrl !== undefined && error.code === 'credential_required') {
    return renderErrorHtml(snapshot.chrome, error.status, SIGN_IN_TITLE, SIGN_IN_HINT, sidebar, {
      actionsHtml: `<p><a class="sign-in" href="${escapeHtml(reader.signInUrl)}">Sign in</a></p>
`,
    });
  }
  return errorHtml(error, snapshot);
}

/** The heading of the 401 page when people can sign in: words for a person, not the API's message. */
const SIGN_IN_TITLE = 'Sign in to read this page';
/** The heading of the 403 page of a signed-in person. */
const SIGNED_IN_TITLE = 'Your account cannot read this page';
/** The hint of the 401 page when people can sign in. */
const SIGN_IN_HINT = 'This page is internal. Sign in with your company account to read it.';
/** The hint of the 403 page of a signed-in person. */
const ERROR_PAGE_HINT_SIGNED_IN = 'Your account may not read this page. Sign out to sign in with another account.';

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
