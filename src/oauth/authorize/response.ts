/**
 * The authorization response (RFC 6749 §4.1.2) and its errors (§4.1.2.1): a 302 to the client's
 * redirect URI with the answer in its query, the redirect URI's own query kept (§3.1.2: "MUST
 * retain" it), and `iss` (RFC 9207 §2) so the client can tell which authorization server answered
 * (mix-up attacks, RFC 9700 §4.4).
 */
import { ApiError } from '../../errors.js';

/**
 * The error codes an authorization response carries (RFC 6749 §4.1.2.1, RFC 8707 §2
 * `invalid_target`). They go in the redirect's query, not in an error object: the API's error
 * table (errors.ts) does not list the ones only this endpoint sends (`unsupported_response_type`).
 */
export type AuthorizationErrorCode = 'invalid_request' | 'unsupported_response_type' | 'invalid_scope' | 'access_denied' | 'invalid_target';

/** A refusal answered by redirecting to the client (thrown by the steps of request.ts). */
export class AuthorizationError extends Error {
  /**
   * @param code the RFC 6749 §4.1.2.1 code
   * @param description `error_description`: for the client's developer, no secrets
   */
  constructor(
    readonly code: AuthorizationErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'AuthorizationError';
  }
}

/** Where an authorization response goes: the matched redirect URI and the request's `state`. */
export interface ResponseTarget {
  redirectUri: string;
  /** Sent back exactly as received (RFC 6749 §4.1.2); undefined when the request had none. */
  state: string | undefined;
}

/**
 * A URL of `redirectUri` with `params` added to its query (RFC 6749 §3.1.2: the redirect URI's own
 * query is kept as it was sent, byte for byte; the new parameters are form-encoded, Appendix B).
 * Works for private-use URI schemes too (RFC 8252 §7.1), which URL parsers do not all understand.
 */
function withQuery(redirectUri: string, params: readonly (readonly [string, string])[]): string {
  const hash = redirectUri.indexOf('#');
  const uri = hash === -1 ? redirectUri : redirectUri.slice(0, hash);
  const query = new URLSearchParams(params.map(([name, value]) => [name, value])).toString();
  return `${uri}${uri.includes('?') ? '&' : '?'}${query}`;
}

/**
 * The Location of a successful authorization response (RFC 6749 §4.1.2, RFC 9207 §2): `code`,
 * `state` when the request had one, `iss`.
 * @param issuer the authorization server's issuer identifier (the public base URL)
 */
export function codeResponseLocation(target: ResponseTarget, code: string, issuer: string): string {
  return withQuery(target.redirectUri, [['code', code], ...stateOf(target), ['iss', issuer]]);
}

/**
 * The Location of an error response (RFC 6749 §4.1.2.1, RFC 9207 §2): `error`,
 * `error_description`, `state` when the request had one, `iss`.
 * @param issuer the authorization server's issuer identifier (the public base URL)
 */
export function errorResponseLocation(target: ResponseTarget, error: AuthorizationError, issuer: string): string {
  return withQuery(target.redirectUri, [
    ['error', error.code],
    ['error_description', error.description],
    ...stateOf(target),
    ['iss', issuer],
  ]);
}

function stateOf(target: ResponseTarget): [string, string][] {
  return target.state === undefined ? [] : [['state', target.state]];
}

/**
 * An {@link AuthorizationError} as the error page instead of a redirect (the API's error object,
 * negotiated as HTML or JSON, 400, no Location): for a request refused before the person answered
 * it, from a client anyone can bring (a Client ID Metadata Document, an RFC 7591 registration),
 * whose redirect URI would otherwise make this site an open redirector (RFC 9700 §4.11.2).
 * @returns `invalid_scope` and `invalid_target` as themselves, every other code as
 *   `invalid_request`; the message names the RFC 6749 §4.1.2.1 code and the problem
 */
export function authorizationErrorPage(error: AuthorizationError): ApiError {
  const code = error.code === 'invalid_scope' || error.code === 'invalid_target' ? error.code : 'invalid_request';
  return new ApiError(code, { message: `The authorization request was refused (${error.code}): ${error.description}` });
}
