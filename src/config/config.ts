/**
 * The typed, validated configuration. Precedence (DESIGN.md "Configuration"):
 * CLI flags > environment > `sitegate.json` in the working directory > defaults.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Env } from './env.js';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig, type RateLimitName } from '../auth/rate-limits.js';
import { DEFAULT_TOKEN_TTL_SEC } from '../auth/access-tokens.js';
import { DEFAULT_CONTENT_SIGNAL } from '../discovery/robots.js';
import { LimitError, parseLimits, type RequestLimits } from './limits.js';
import { AGENT_PAGE_MAX_CHARS } from '../content/page.js';
import { compile as compileProxyTrust } from '@fastify/proxy-addr';

/** Log levels accepted by `--log-level` / `SITEGATE_LOG_LEVEL` (pino's). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The complete, validated configuration of one sitegate process. */
export interface Config {
  /** Absolute path of the folder of markdown pages. */
  contentDir: string;
  /** TCP port to listen on (0 = any free port). */
  port: number;
  /** Interface to bind, e.g. `127.0.0.1`. */
  host: string;
  /** Public origin (and optional path prefix) without a trailing slash, e.g. `https://docs.example.com`. */
  baseUrl: string;
  /** Whether baseUrl was given explicitly (else it follows the bound port). */
  baseUrlExplicit: boolean;
  /** Absolute path of the folder for mutable state (SQLite file, signing keys). */
  dataDir: string;
  logLevel: LogLevel;
  /** Lifetime of issued access tokens, in seconds. */
  tokenTtlSec: number;
  /** Rate-limit policies; `points: 0` turns one off. */
  rateLimits: RateLimitConfig;
  /** Content-Signal for robots.txt and markdown responses (contentsignals.org), e.g. `search=yes, ai-input=yes, ai-train=no`. */
  contentSignal: string;
  /** `postgres://…` URL of the store shared by replicas; null = SQLite in `dataDir`. */
  databaseUrl: string | null;
  /** `redis://…` URL of the rate-limit counters shared by replicas; null = this process's memory. */
  redisUrl: string | null;
  /** Prefix of every Redis key sitegate writes, e.g. `sitegate:` (several sites can share one Redis). */
  redisKeyPrefix: string;
  /** Rebuild the snapshot when the content folder changes (`serve --watch`). */
  watch: boolean;
  /** On SIGTERM, how long requests in flight may take to finish before their connections are closed (seconds). */
  drainTimeoutSec: number;
  /** Request size limits and connection timeouts (config/limits.ts). */
  limits: RequestLimits;
  /** Page limit in characters of markdown: longer pages are served in parts (README "Long pages"); 0 = off. */
  pageMaxChars: number;
  /** Site name everywhere (llms.txt, `<title>`, openapi.json, MCP); null = the public root page's title, else the folder name. */
  siteTitle: string | null;
  /**
   * Start even when pages are held back because their frontmatter names `access` or `draft` but does
   * not parse (they stay unpublished and are logged); without it `serve` refuses to start (exit 2).
   */
  allowContentErrors: boolean;
  /**
   * Reverse proxies whose `X-Forwarded-For` names the client (http/client-address.ts): IP
   * addresses, CIDR ranges (`10.0.0.0/8`) and proxy-addr's names `loopback`, `linklocal`,
   * `uniquelocal`, validated. Empty (the default): the socket peer is the client.
   */
  trustProxy: string[];
  /**
   * Where the secret that seals signing keys comes from; null = generated into the data folder
   * (SQLite; PostgreSQL refuses to start). Never logged.
   */
  secret: SecretSource | null;
  /** Audit events older than this many days are deleted (`audit.retentionDays`). */
  auditRetentionDays: number;
  /**
   * Absolute paths of the static folders whose files are served at the site root (`--static`,
   * `static` in sitegate.json); null = the generators' folders found beside the content folder
   * (content/assets.ts `staticFoldersOf`).
   */
  staticDirs: string[] | null;
}

/** The secret behind the key-encryption key: the value itself (environment) or a file holding it. */
export type SecretSource = { from: 'SITEGATE_SECRET'; value: string } | { from: '--secret-file'; path: string };

/** Shortest secret accepted (characters): 32 characters of base64 carry 192 bits. */
export const SECRET_MIN_CHARS = 32;
/** Default of `audit.retentionDays`. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 90;

/** Settings as given by CLI flags or `sitegate.json`, all optional and unvalidated. */
export interface ConfigInput {
  contentDir?: string | undefined;
  port?: string | number | undefined;
  host?: string | undefined;
  baseUrl?: string | undefined;
  dataDir?: string | undefined;
  logLevel?: string | undefined;
  tokenTtl?: string | number | undefined;
  contentSignal?: string | undefined;
  databaseUrl?: string | undefined;
  redisUrl?: string | undefined;
  redisKeyPrefix?: string | undefined;
  watch?: string | boolean | undefined;
  drainTimeout?: string | number | undefined;
  pageMaxChars?: string | number | undefined;
  /** `--site-title` / `SITEGATE_SITE_TITLE`; in sitegate.json, `site.title`. */
  siteTitle?: string | undefined;
  /** sitegate.json's `site` object: `{ "title": "Acme Docs" }`. */
  site?: { title?: unknown } | undefined;
  allowContentErrors?: string | boolean | undefined;
  /** Per-limit overrides, e.g. `{ "search": { "points": 100, "windowSec": 60 } }` (sitegate.json only). */
  rateLimits?: Partial<Record<RateLimitName, Partial<{ points: number; windowSec: number }>>> | undefined;
  /** Request limits, e.g. `{ "maxUrlBytes": 4096 }` (sitegate.json only; see config/limits.ts). */
  limits?: Partial<RequestLimits> | undefined;
  /** Trusted proxies: a list (sitegate.json) or one comma-separated string (flag, environment). */
  trustProxy?: string | string[] | undefined;
  /** File holding the secret that seals signing keys (`--secret-file`, or `secretFile` in sitegate.json). */
  secretFile?: string | undefined;
  /** Audit settings, e.g. `{ "retentionDays": 90 }` (sitegate.json only). */
  audit?: { retentionDays?: string | number | undefined } | undefined;
  /** Static folders served at the site root: `--static DIR` (repeatable), or a path or list in sitegate.json. */
  static?: string | string[] | undefined;
}

/** Thrown when a setting is invalid; the message names the setting and is fit to print as is. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The bundled example site, served when no folder is given. */
export const EXAMPLE_SITE_DIR = fileURLToPath(new URL('../../examples/site', import.meta.url));

/**
 * Reads `sitegate.json` from `cwd` if it exists.
 * @throws {ConfigError} when the file is not a JSON object
 */
export function readConfigFile(cwd: string): ConfigInput {
  const file = path.join(cwd, 'sitegate.json');
  if (!existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`sitegate.json: not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('sitegate.json: must hold a JSON object');
  }
  return parsed;
}

/**
 * Merges flags, environment and file settings over the defaults and validates the result.
 * @param flags settings from the command line (highest precedence)
 * @param env settings from {@link readEnv}
 * @param file settings from {@link readConfigFile}
 * @param cwd directory relative paths are resolved against
 * @throws {ConfigError} naming the first invalid setting
 */
export function loadConfig(flags: ConfigInput, env: Env, file: ConfigInput = {}, cwd = process.cwd()): Config {
  const contentDir = path.resolve(cwd, flags.contentDir ?? env.contentDir ?? file.contentDir ?? EXAMPLE_SITE_DIR);
  const port = parsePort(flags.port ?? env.port ?? file.port ?? 3000);
  const host = flags.host ?? env.host ?? file.host ?? '127.0.0.1';
  if (!/^[\w.:-]+$/.test(host)) throw new ConfigError(`--host: "${host}" is not a host name or IP address`);
  const explicitBase = flags.baseUrl ?? env.baseUrl ?? file.baseUrl;
  const baseUrl = parseBaseUrl(explicitBase ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  const dataDir = path.resolve(cwd, flags.dataDir ?? env.dataDir ?? file.dataDir ?? '.sitegate');
  const logLevel = flags.logLevel ?? env.logLevel ?? file.logLevel ?? 'info';
  if (!isLogLevel(logLevel)) {
    throw new ConfigError(`--log-level: "${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  }
  const tokenTtlSec = parseInteger('--token-ttl', flags.tokenTtl ?? env.tokenTtl ?? file.tokenTtl ?? DEFAULT_TOKEN_TTL_SEC, 60, 86_400);
  const contentSignal = flags.contentSignal ?? env.contentSignal ?? file.contentSignal ?? DEFAULT_CONTENT_SIGNAL;
  if (!/^[a-z-]+=(yes|no)(, *[a-z-]+=(yes|no))*$/.test(contentSignal)) {
    throw new ConfigError(`--content-signal: "${contentSignal}" is not a list like "search=yes, ai-input=yes, ai-train=no"`);
  }
  const databaseUrl = flags.databaseUrl ?? env.databaseUrl ?? file.databaseUrl ?? null;
  // The message never echoes the URL: it may hold a password.
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//i.test(databaseUrl))
    throw new ConfigError('--database-url: must be a postgres:// or postgresql:// URL');
  const redisUrl = flags.redisUrl ?? env.redisUrl ?? file.redisUrl ?? null;
  if (redisUrl !== null && !/^rediss?:\/\//i.test(redisUrl)) throw new ConfigError('--redis-url: must be a redis:// or rediss:// URL');
  const redisKeyPrefix = flags.redisKeyPrefix ?? env.redisKeyPrefix ?? file.redisKeyPrefix ?? 'sitegate:';
  if (!/^[\w:.-]{1,64}$/.test(redisKeyPrefix))
    throw new ConfigError(`--redis-key-prefix: "${redisKeyPrefix}" must be 1 to 64 letters, digits or _ : . -`);
  const watch = parseBoolean('--watch', flags.watch ?? env.watch ?? file.watch ?? false);
  const drainTimeoutSec = parseInteger('--drain-timeout', flags.drainTimeout ?? env.drainTimeout ?? file.drainTimeout ?? 10, 0, 3600);
  const pageMaxChars = parsePageMaxChars(flags.pageMaxChars ?? env.pageMaxChars ?? file.pageMaxChars ?? AGENT_PAGE_MAX_CHARS);
  const siteTitle = parseSiteTitle(flags.siteTitle ?? env.siteTitle ?? file.site?.title ?? null);
  const allowContentErrors = parseBoolean(
    '--allow-content-errors',
    flags.allowContentErrors ?? env.allowContentErrors ?? file.allowContentErrors ?? false,
  );
  const trustProxy = parseTrustProxy(flags.trustProxy ?? env.trustProxy ?? file.trustProxy ?? []);
  const secret = parseSecret(flags.secretFile, env.secret, file.secretFile, cwd);
  const auditRetentionDays = parseInteger(
    'audit.retentionDays',
    env.auditRetentionDays ?? file.audit?.retentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS,
    1,
    36_500,
  );
  const staticDirs = parseStaticDirs(flags.static ?? file.static, cwd);
  return {
    staticDirs,
    siteTitle,
    allowContentErrors,
    secret,
    auditRetentionDays,
    pageMaxChars,
    trustProxy,
    databaseUrl,
    redisUrl,
    redisKeyPrefix,
    watch,
    drainTimeoutSec,
    contentSignal,
    tokenTtlSec,
    rateLimits: parseRateLimits({ ...file.rateLimits, ...flags.rateLimits }),
    limits: readLimits(env, file.limits),
    contentDir,
    port,
    host,
    baseUrl,
    baseUrlExplicit: explicitBase !== undefined,
    dataDir,
    logLevel,
  };
}

/**
 * The secret's source: `--secret-file` > `SITEGATE_SECRET` > `secretFile` in sitegate.json.
 * @throws {ConfigError} when SITEGATE_SECRET is shorter than {@link SECRET_MIN_CHARS} (the message never echoes it)
 */
function parseSecret(
  flagFile: string | undefined,
  envValue: string | undefined,
  fileFile: string | undefined,
  cwd: string,
): SecretSource | null {
  if (flagFile !== undefined) return { from: '--secret-file', path: path.resolve(cwd, flagFile) };
  if (envValue !== undefined) {
    if (envValue.trim().length < SECRET_MIN_CHARS)
      throw new ConfigError(
        `SITEGATE_SECRET: must be at least ${SECRET_MIN_CHARS} characters (e.g. the output of openssl rand -base64 32)`,
      );
    return { from: 'SITEGATE_SECRET', value: envValue.trim() };
  }
  if (fileFile !== undefined) return { from: '--secret-file', path: path.resolve(cwd, fileFile) };
  return null;
}

/**
 * Validates the `static` setting: a folder path or a list of them, resolved against `cwd`; null
 * when none is given.
 * @throws {ConfigError} naming `--static` when a value is not a non-empty string
 */
function parseStaticDirs(value: unknown, cwd: string): string[] | null {
  if (value === undefined) return null;
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.map((dir) => {
    if (typeof dir !== 'string' || dir.trim() === '')
      throw new ConfigError(`--static (static): ${JSON.stringify(dir)} is not a folder path`);
    return path.resolve(cwd, dir);
  });
}

/** The smallest page limit (characters): room for a part's navigation lines and some text. */
export const PAGE_MAX_CHARS_MIN = 5_000;

/**
 * Validates a page limit: 0 (pages are served whole) or {@link PAGE_MAX_CHARS_MIN} to 10,000,000 characters.
 * @throws {ConfigError} naming `--page-max-chars`
 */
export function parsePageMaxChars(value: string | number): number {
  const chars = parseInteger('--page-max-chars', value, 0, 10_000_000);
  if (chars !== 0 && chars < PAGE_MAX_CHARS_MIN)
    throw new ConfigError(`--page-max-chars: "${value}" is below ${PAGE_MAX_CHARS_MIN} (0 serves every page whole)`);
  return chars;
}

/**
 * Validates a site title: one line of 1 to 200 characters, trimmed; null when none is set.
 * @throws {ConfigError} naming `--site-title`
 */
function parseSiteTitle(value: unknown): string | null {
  if (value === null) return null;
  const title = typeof value === 'string' ? value.trim() : '';
  if (title === '' || title.length > 200 || /[\r\n]/.test(title))
    throw new ConfigError(`--site-title (site.title): ${JSON.stringify(value)} must be one line of 1 to 200 characters`);
  return title;
}

function parseInteger(setting: string, value: string | number, min: number, max: number): number {
  const number = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new ConfigError(`${setting}: "${value}" is not an integer from ${min} to ${max}`);
  }
  return number;
}

function parseBoolean(setting: string, value: string | boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (/^(1|true|yes)$/i.test(value)) return true;
  if (/^(0|false|no)$/i.test(value)) return false;
  throw new ConfigError(`${setting}: "${value}" is not a boolean (1 or 0, true or false)`);
}

function readLimits(env: Env, file: unknown): RequestLimits {
  try {
    return parseLimits(env.limits ?? {}, file);
  } catch (error) {
    throw error instanceof LimitError ? new ConfigError(error.message) : error;
  }
}

function parseRateLimits(overrides: Record<string, unknown>): RateLimitConfig {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const [name, override] of Object.entries(overrides)) {
    if (!Object.hasOwn(DEFAULT_RATE_LIMITS, name))
      throw new ConfigError(`rateLimits: unknown limit "${name}" (${Object.keys(DEFAULT_RATE_LIMITS).join(', ')})`);
    // sitegate.json is unchecked JSON: an entry may be null, a number or a list.
    if (typeof override !== 'object' || override === null || Array.isArray(override))
      throw new ConfigError(`rateLimits.${name}: must be an object like { "points": 100, "windowSec": 60 }`);
    const { points, windowSec } = override as { points?: number; windowSec?: number };
    const base = DEFAULT_RATE_LIMITS[name as RateLimitName];
    limits[name as RateLimitName] = {
      points: parseInteger(`rateLimits.${name}.points`, points ?? base.points, 0, 1_000_000_000),
      windowSec: parseInteger(`rateLimits.${name}.windowSec`, windowSec ?? base.windowSec, 1, 86_400),
    };
  }
  return limits;
}

/**
 * Validates the trusted proxies: a list, or a comma-separated string, of IP addresses, CIDR ranges
 * (`10.0.0.0/8`, or `10.0.0.0/255.0.0.0`) and the names `loopback`, `linklocal`, `uniquelocal`, as
 * @fastify/proxy-addr (the proxy-addr of express, forked by fastify) reads them.
 * @returns the entries, trimmed
 * @throws {ConfigError} naming `--trust-proxy` and the first invalid entry
 */
export function parseTrustProxy(value: unknown): string[] {
  const list: unknown = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string'))
    throw new ConfigError('--trust-proxy: must be a list of proxy addresses like ["10.0.0.0/8", "127.0.0.1"]');
  const entries = list.map((entry) => entry.trim());
  for (const entry of entries) {
    try {
      // Throws TypeError "invalid IP address: …" or "invalid range on address: …".
      compileProxyTrust(entry);
    } catch {
      throw new ConfigError(
        `--trust-proxy: "${entry}" is not an IP address, a CIDR range (10.0.0.0/8) or loopback, linklocal, uniquelocal`,
      );
    }
  }
  return entries;
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

function parsePort(value: string | number): number {
  const port = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`--port: "${value}" is not a port number (0-65535)`);
  }
  return port;
}

function parseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`--base-url: "${value}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`--base-url: "${value}" must use http or https`);
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new ConfigError(`--base-url: "${value}" must not carry a query, fragment or credentials`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
