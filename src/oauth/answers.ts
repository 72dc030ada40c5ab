/**
 * What the token endpoints' responses look like, whatever writes them: never cached (RFC 6749
 * §5.1, §5.2), JSON, and errors as RFC 6749 §5.2 bodies for clients that speak OAuth the RFC way
 * (form-encoded bodies, HTTP Basic). answers/error-answer.ts builds the error bodies from these rules.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Realm of every challenge (RFC 7235 §2.2): Basic at the token endpoints, Bearer elsewhere. */
export const AUTH_REALM = 'sitegate';

/** No caching of token responses (RFC 6749 §5.1), nor of their errors (§5.2). */
export const NO_STORE_HEADERS: Readonly<Record<string, string>> = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** Header fields of every 200 JSON answer of the token endpoints (one object, so writers can cache it). */
export const TOKEN_SUCCESS_HEADERS: Readonly<Record<string, string>> = {
  ...NO_STORE_HEADERS,
  'content-type': 'application/json; charset=utf-8',
};

/**
 * Whether errors go out as RFC 6749 §5.2 bodies: form-encoded or Basic-authenticated requests.
 * @param headers the request's headers (lower-case names)
 */
export function usesOAuthErrors(headers: IncomingHttpHeaders): boolean {
  const type = headers['content-type'] ?? '';
  return type.toLowerCase().startsWith('application/x-www-form-urlencoded') || /^basic /i.test(headers.authorization ?? '');
}
