/**
 * The token endpoints' responses as plain data (status, headers, body), which the Fastify route
 * and the fast path both write as they are, so their bytes cannot drift apart. JSON requests get
 * SPEC.md's error object; form-encoded or HTTP Basic requests the RFC 6749 §5.2 body (DESIGN.md
 * "Errors").
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '../../errors.js';
import type { Log } from '../../log.js';
import { apiErrorHeaders, portalUrl } from '../send.js';

/** A token endpoint's response: status, header fields (lower-case names) and JSON body. */
export interface TokenAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What the choice of error body depends on: the request's method and headers. */
export interface TokenRequestHead {
  method: string;
  /** Lower-case names, as node:http gives them. */
  headers: IncomingHttpHeaders;
}

/** Step: no caching of token responses (RFC 6749 §5.1), nor of their errors (§5.2). */
export const NO_STORE_HEADERS: Readonly<Record<string, string>> = { 'cache-control': 'no-store', pragma: 'no-cache' };

const JSON_TYPE = 'application/json; charset=utf-8';
const SUCCESS_HEADERS: Readonly<Record<string, string>> = { ...NO_STORE_HEADERS, 'content-type': JSON_TYPE };

/** Whether errors go out as RFC 6749 §5.2 bodies: form-encoded or Basic-authenticated requests. */
export function usesOAuthErrors(headers: IncomingHttpHeaders): boolean {
  const type = headers['content-type'] ?? '';
  return type.toLowerCase().startsWith('application/x-www-form-urlencoded') || /^basic /i.test(headers.authorization ?? '');
}

/** A 200 JSON answer, not cached (RFC 6749 §5.1). @param body the response object, serialised here */
export function okAnswer(body: object): TokenAnswer {
  return { status: 200, headers: SUCCESS_HEADERS, body: JSON.stringify(body) };
}

/**
 * The error answer in the form the request calls for (error-body choice): SPEC.md's object with
 * {@link apiErrorHeaders}, or the RFC 6749 §5.2 body (`error` the code, `error_description`,
 * `error_uri`, and SPEC.md's other fields) with the error's own headers; never cached.
 * @param baseUrl public base URL, for the `docs` link
 */
export function tokenErrorAnswer(baseUrl: string, request: TokenRequestHead, error: ApiError): TokenAnswer {
  const docs = error.toBody(portalUrl(baseUrl));
  if (!usesOAuthErrors(request.headers)) {
    return {
      status: error.status,
      headers: { ...NO_STORE_HEADERS, ...apiErrorHeaders(error, baseUrl, request) },
      body: JSON.stringify(docs),
    };
  }
  const body = { ...docs, error: error.code, error_description: error.message, error_uri: docs.docs };
  return {
    status: error.status,
    headers: { ...NO_STORE_HEADERS, ...error.headers, 'content-type': JSON_TYPE },
    body: JSON.stringify(body),
  };
}

/**
 * The 500 for an error no step expected: the detail goes to the log under the request id, the
 * client gets only the id (STYLE.md habit 4).
 */
export function unexpectedError(log: Log, requestId: string, error: unknown): ApiError {
  log.error({ reqId: requestId, err: error }, 'token endpoint error');
  return new ApiError('internal_error', { message: `Something went wrong on our side (request id ${requestId}).` });
}
