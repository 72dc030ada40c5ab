/**
 * Request size limits and connection timeouts of the HTTP server (DESIGN.md "Limits"): each has a
 * default, a range, a `sitegate.json` entry (`"limits": { "maxUrlBytes": 4096 }`) and an
 * environment variable (`SITEGATE_MAX_URL_BYTES`). Read as settings (settings.ts), applied in `http/app.ts`.
 */

/** The size limits and timeouts of the HTTP server. */
export interface RequestLimits {
  /** Largest request body, in bytes; over it: 413 `payload_too_large` (token requests are ~200 bytes). */
  bodyLimitBytes: number;
  /** Largest header section (request line and headers), in bytes: node's `maxHeaderSize`; over it: 431. */
  maxHeaderBytes: number;
  /** Longest request target (path and query), in bytes; over it: 414. */
  maxUrlBytes: number;
  /** Longest query string (after `?`), in bytes; over it: 414. */
  maxQueryBytes: number;
  /** A request (headers and body) must arrive whole within this, in ms (node's `requestTimeout`); else 408. */
  requestTimeoutMs: number;
  /** The header section must arrive within this, in ms (node's `headersTimeout`, slow-loris guard); else 408. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this, in ms (node's `keepAliveTimeout`). */
  keepAliveTimeoutMs: number;
}

/** Name of one limit. */
export type LimitName = keyof RequestLimits;

/** The defaults: node's header size, a keep-alive above load balancers', and bounds no honest client comes near. */
export const DEFAULT_LIMITS: Readonly<RequestLimits> = {
  bodyLimitBytes: 4 * 1024, // DESIGN.md: token requests 4 KiB
  maxHeaderBytes: 16 * 1024, // node's default
  maxUrlBytes: 8 * 1024,
  maxQueryBytes: 2 * 1024,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 20_000,
  keepAliveTimeoutMs: 72_000, // above common load balancers' 60 s (Fastify's default too)
};

/** Allowed range of each limit, inclusive. */
export const LIMIT_RANGES: Readonly<Record<LimitName, readonly [min: number, max: number]>> = {
  bodyLimitBytes: [64, 10 * 1024 * 1024],
  maxHeaderBytes: [1024, 1024 * 1024],
  maxUrlBytes: [64, 1024 * 1024],
  maxQueryBytes: [0, 1024 * 1024],
  requestTimeoutMs: [100, 3_600_000],
  headersTimeoutMs: [100, 3_600_000],
  keepAliveTimeoutMs: [100, 3_600_000],
};

/** Environment variable of each limit. */
export const LIMIT_ENV_NAMES: Readonly<Record<LimitName, string>> = {
  bodyLimitBytes: 'SITEGATE_BODY_LIMIT_BYTES',
  maxHeaderBytes: 'SITEGATE_MAX_HEADER_BYTES',
  maxUrlBytes: 'SITEGATE_MAX_URL_BYTES',
  maxQueryBytes: 'SITEGATE_MAX_QUERY_BYTES',
  requestTimeoutMs: 'SITEGATE_REQUEST_TIMEOUT_MS',
  headersTimeoutMs: 'SITEGATE_HEADERS_TIMEOUT_MS',
  keepAliveTimeoutMs: 'SITEGATE_KEEP_ALIVE_TIMEOUT_MS',
};

/** What each limit is, for the settings table (docs/settings.md) and the schema. */
export const LIMIT_DESCRIPTIONS: Readonly<Record<LimitName, string>> = {
  bodyLimitBytes: 'Largest request body, in bytes (over it: 413 `payload_too_large`).',
  maxHeaderBytes: 'Largest header section, in bytes (over it: 431 `header_fields_too_large`).',
  maxUrlBytes: 'Longest request target, in bytes (over it: 414 `uri_too_long`).',
  maxQueryBytes: 'Longest query string, in bytes (over it: 414 `uri_too_long`).',
  requestTimeoutMs: 'A request must arrive whole within this, in ms (else 408 `request_timeout`, connection closed).',
  headersTimeoutMs: 'The header section must arrive within this, in ms (else 408 `request_timeout`, connection closed).',
  keepAliveTimeoutMs: 'An idle keep-alive connection is closed after this, in ms.',
};

/**
 * The rules between limits, which node enforces or which make one limit unreachable: the header
 * timeout within the request timeout, the URL limit within the header limit.
 * @param label names the source of a limit's value in the message, e.g. `limits.maxUrlBytes` or `SITEGATE_MAX_URL_BYTES`
 * @returns the first broken rule as one line, or undefined
 */
export function limitConflict(limits: RequestLimits, label: (name: LimitName) => string): string | undefined {
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    return `${label('headersTimeoutMs')}: ${limits.headersTimeoutMs} must not exceed ${label('requestTimeoutMs')} (${limits.requestTimeoutMs})`;
  if (limits.maxUrlBytes > limits.maxHeaderBytes)
    return `${label('maxUrlBytes')}: ${limits.maxUrlBytes} must not exceed ${label('maxHeaderBytes')} (${limits.maxHeaderBytes})`;
  return undefined;
}
