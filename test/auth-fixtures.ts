/**
 * Fixtures shared by the scoped-access tests (test/auth.*.test.ts, test/logging.redaction.test.ts):
 * a clock the test moves by hand, token requests, and the exact error bodies and
 * `WWW-Authenticate` challenges that DESIGN.md "Errors" and RFC 6750 §3 call for. The expected
 * values are written out here rather than taken from the code under test, so a drift fails.
 */
import type { InjectableApp } from './app.js';
import type { InjectOptions, Response as LightMyRequestResponse } from 'light-my-request';
import { expect } from 'vitest';
import { ERROR_TABLE, type ApiErrorBody, type ErrorCode, type Scope } from '../src/errors.js';
import { TEST_BASE_URL } from './helpers.js';

/** Path of createOAuthToken (SPEC.md §4). */
export const TOKEN_PATH = '/api/v1/oauth/token';

/** Every scope of SPEC.md §2, in SPEC order. */
export const ALL_SCOPES: Scope[] = ['search:read', 'content:read', 'internal:read'];

/** A clock that only moves when the test says so. */
export interface ManualClock {
  now: () => Date;
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void;
}

/**
 * A clock starting at `start` (default: the real current time, so that real-time counters such as
 * the rate limiter and the clock agree at the start).
 */
export function manualClock(start: Date = new Date()): ManualClock {
  let nowMs = start.getTime();
  return {
    now: () => new Date(nowMs),
    advance(ms) {
      nowMs += ms;
    },
  };
}

/** The SPEC.md error object (§2 "Error object") as the service must send it. */
export type ExpectedApiError = ApiErrorBody;

/**
 * The exact SPEC.md error object for a code.
 * @param message the precise message, when the service gives one; else the table's default
 */
export function apiErrorBody(code: ErrorCode, options: { message?: string; scopes?: Scope[]; baseUrl?: string } = {}): ExpectedApiError {
  const definition = ERROR_TABLE[code];
  const body: ExpectedApiError = {
    error: true,
    code,
    message: options.message ?? definition.message,
    resolution: definition.resolution,
    status: definition.status,
    docs: `${options.baseUrl ?? TEST_BASE_URL}/developers#error-${code}`,
  };
  if (options.scopes !== undefined) body.scopes = options.scopes;
  return body;
}

/**
 * The RFC 6749 §5.2 error body the token endpoint sends to form-encoded or HTTP Basic requests:
 * `error` is the code string, plus `error_description`, `error_uri` and SPEC.md's other fields.
 */
export function oauthErrorBody(code: ErrorCode, options: { message?: string; baseUrl?: string } = {}): Record<string, unknown> {
  const body = apiErrorBody(code, options);
  return { ...body, error: code, error_description: body.message, error_uri: body.docs };
}

/**
 * RFC 9728 §5.1: the `resource_metadata` parameter every Bearer challenge ends with, naming the
 * protected resource metadata document.
 * @param baseUrl public base URL of the app (default: the test apps' base URL)
 */
export function resourceMetadataParameter(baseUrl: string = TEST_BASE_URL): string {
  return `resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"`;
}

/** RFC 6750 §3: the challenge when no credential was sent (with RFC 9728 `resource_metadata`). */
export function credentialRequiredChallenge(baseUrl: string = TEST_BASE_URL): string {
  return `Bearer realm="sitegate", ${resourceMetadataParameter(baseUrl)}`;
}

/** {@link credentialRequiredChallenge} of the test apps' base URL. */
export const CREDENTIAL_REQUIRED_CHALLENGE =
  'Bearer realm="sitegate", resource_metadata="http://sitegate.test/.well-known/oauth-protected-resource"';

/**
 * RFC 6750 §3.1 forbids `"` and `\` in error_description (it allows %x20-21 / %x23-5B / %x5D-7E),
 * so the service drops them from the message.
 */
function description(message: string): string {
  return message.replace(/["\\]/g, '');
}

/** RFC 6750 §3: the challenge for a refused credential (`invalid_token`, also for API keys and expiry). */
export function invalidTokenChallenge(message: string, baseUrl: string = TEST_BASE_URL): string {
  return `Bearer realm="sitegate", error="invalid_token", error_description="${description(message)}", ${resourceMetadataParameter(baseUrl)}`;
}

/** RFC 6750 §3: the challenge for a credential lacking `scope`. */
export function insufficientScopeChallenge(scope: Scope, baseUrl: string = TEST_BASE_URL): string {
  return `Bearer realm="sitegate", error="insufficient_scope", error_description="This resource needs the scope ${scope}.", scope="${scope}", ${resourceMetadataParameter(baseUrl)}`;
}

/** A JSON token request (SPEC.md §2 "Token request"). */
export function jsonTokenRequest(fields: Record<string, unknown>, extra: Partial<InjectOptions> = {}): InjectOptions {
  return {
    method: 'POST',
    url: TOKEN_PATH,
    ...extra,
    headers: { 'content-type': 'application/json', ...extra.headers },
    payload: JSON.stringify(fields),
  };
}

/** A form-encoded token request (RFC 6749 §4.4.2). */
export function formTokenRequest(fields: Record<string, string> | string, extra: Partial<InjectOptions> = {}): InjectOptions {
  return {
    method: 'POST',
    url: TOKEN_PATH,
    ...extra,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra.headers },
    payload: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  };
}

/**
 * RFC 6749 Appendix B as oauth4webapi applies it to client_secret_basic: form-urlencoding, with
 * `-_.!~*'()` percent-encoded as well.
 */
export function formUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(/[-_.!~*'()]|%20/g, (match) =>
    match === '%20' ? '+' : `%${match.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The `Authorization: Basic` value for a client (RFC 6749 §2.3.1). */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${formUrlEncode(clientId)}:${formUrlEncode(clientSecret)}`).toString('base64')}`;
}

/** The 200 body of the token endpoint. */
export interface TokenResponseBody {
  access_token: string;
  token_type: string;
  scope: string;
  expires_in: number;
}

/**
 * Obtains an access token with a JSON request, asserting that it succeeds.
 * @param scope requested scopes (space-delimited); omitted means all of the key's scopes
 */
export async function obtainToken(
  app: InjectableApp,
  client: { clientId: string; clientSecret: string },
  options: { scope?: string; remoteAddress?: string } = {},
): Promise<string> {
  const fields: Record<string, string> = {
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.clientSecret,
  };
  if (options.scope !== undefined) fields.scope = options.scope;
  const response = await app.inject(
    jsonTokenRequest(fields, options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TokenResponseBody>().access_token;
}

/** The media type of a response without parameters, e.g. `application/json`. */
export function mediaType(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['content-type'];
  return typeof header === 'string' ? header.split(';')[0]?.trim() : undefined;
}

/** The response headers except Date, which differs between any two responses. */
export function headersWithoutDate(response: LightMyRequestResponse): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== 'date'));
}

/** A single-valued response header, or undefined. */
export function header(response: LightMyRequestResponse, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  return value === undefined ? undefined : String(value);
}

/**
 * A client-credentials token request (SPEC.md, JSON body) to a running server over HTTP.
 * @returns the response, unread
 */
export function requestToken(baseUrl: string, clientId: string, clientSecret: string): Promise<Response> {
  return fetch(`${baseUrl}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    signal: AbortSignal.timeout(10_000),
  });
}
