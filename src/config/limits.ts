/**
 * Request size limits and connection timeouts of the HTTP server (DESIGN.md "Limits"): each has a
 * default, a range, a `sitegate.json` entry (`"limits": { "maxUrlBytes": 4096 }`) and an
 * environment variable (`SITEGATE_MAX_URL_BYTES`). Validated here, applied in `http/app.ts`.
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

/** The defaults: node's header size, Fastify's keep-alive, and bounds no honest client comes near. */
export const DEFAULT_LIMITS: Readonly<RequestLimits> = {
  bodyLimitBytes: 4 * 1024, // DESIGN.md: token requests 4 KiB
  maxHeaderBytes: 16 * 1024, // node's default
  maxUrlBytes: 8 * 1024,
  maxQueryBytes: 2 * 1024,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 20_000,
  keepAliveTimeoutMs: 72_000, // Fastify's default, above common load balancers' 60 s
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

/** Thrown for an invalid limit; the message names the setting. */
export class LimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LimitError';
  }
}

/**
 * Merges environment values over `sitegate.json` values over {@link DEFAULT_LIMITS}.
 * @param fromEnv raw strings by limit name (from `SITEGATE_*` variables)
 * @param fromFile the `limits` object of `sitegate.json`, unchecked JSON
 * @throws {LimitError} for an unknown name, a value that is not an integer in its range, a header
 *   timeout longer than the request timeout (node refuses it), or a URL limit over the header limit
 */
export function parseLimits(fromEnv: Partial<Record<LimitName, string>>, fromFile: unknown): RequestLimits {
  if (fromFile !== undefined && (typeof fromFile !== 'object' || fromFile === null || Array.isArray(fromFile)))
    throw new LimitError('limits: must be an object like { "maxUrlBytes": 8192 }');
  const file = (fromFile ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(file))
    if (!Object.hasOwn(DEFAULT_LIMITS, name))
      throw new LimitError(`limits: unknown limit "${name}" (${Object.keys(DEFAULT_LIMITS).join(', ')})`);
  const limits = { ...DEFAULT_LIMITS };
  for (const name of Object.keys(DEFAULT_LIMITS) as LimitName[]) {
    const envValue = fromEnv[name];
    const [setting, value] = envValue !== undefined ? [LIMIT_ENV_NAMES[name], envValue] : [`limits.${name}`, file[name] ?? limits[name]];
    limits[name] = parseLimit(setting, value, LIMIT_RANGES[name]);
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    throw new LimitError(
      `limits.headersTimeoutMs: ${limits.headersTimeoutMs} must not exceed limits.requestTimeoutMs (${limits.requestTimeoutMs})`,
    );
  if (limits.maxUrlBytes > limits.maxHeaderBytes)
    throw new LimitError(`limits.maxUrlBytes: ${limits.maxUrlBytes} must not exceed limits.maxHeaderBytes (${limits.maxHeaderBytes})`);
  return limits;
}

function parseLimit(setting: string, value: unknown, [min, max]: readonly [number, number]): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < min || number > max)
    throw new LimitError(`${setting}: ${JSON.stringify(value)} is not an integer from ${min} to ${max}`);
  return number;
}
