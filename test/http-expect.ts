/**
 * Expected shapes shared by the end-to-end tests: the SPEC.md error object, the headers every
 * error and HTML response carries, and response headers without the per-request ones.
 */
import type { Response as InjectResponse } from 'light-my-request';
import { ERROR_TABLE, type ApiErrorBody, type ErrorCode } from '../src/errors.js';
import { TEST_BASE_URL } from './helpers.js';

/** The SPEC.md §2 error object, exactly as the server must send it. */
export function errorBody(code: ErrorCode, message: string, baseUrl = TEST_BASE_URL): ApiErrorBody {
  return {
    error: true,
    code,
    message,
    resolution: ERROR_TABLE[code].resolution,
    status: ERROR_TABLE[code].status,
    docs: `${baseUrl}/developers#error-${code}`,
  };
}

/**
 * Content-Security-Policy of HTML responses at {@link TEST_BASE_URL}: scripts only from sitegate's
 * /_sitegate/ folder under the base URL (never 'self', issue 28), same-origin styles, no
 * `unsafe-inline`; the one inline script (the theme applied before the first paint) allowed by its SHA-256.
 */
export const CSP =
  "default-src 'none'; script-src http://sitegate.test/_sitegate/ 'sha256-7nvslTcqvCAkVzzG4uCFqtORktP4/XaGGEc+OQrcXXo='; style-src 'self'; img-src 'self' https: data:; object-src 'none'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Security headers of every HTML response. */
export const HTML_SECURITY = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
} as const;

/**
 * CORS headers of public, read-only answers (GET/HEAD without a credential): any origin, never
 * credentialed (src/answers/headers.ts).
 */
export const PUBLIC_CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Link, Content-Signal, X-Markdown-Tokens, RateLimit, RateLimit-Policy, Retry-After',
} as const;

export const HTML_TYPE = 'text/html; charset=utf-8';
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';

/** A copy of `record` without `keys`. */
export function without(record: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

/** The response headers without `date` and `connection`, which say nothing about the resource. */
export function headersOf(res: InjectResponse): Record<string, unknown> {
  return without(res.headers, 'date', 'connection');
}

/** Content-Length of a response's payload, as the header states it. */
export function lengthOf(res: InjectResponse): string {
  return String(res.rawPayload.length);
}
