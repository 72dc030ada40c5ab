/**
 * The only module that reads `process.env` (STYLE.md: config read in exactly one place).
 * It returns raw strings; {@link ../config/config.ts} validates them.
 */

import { LIMIT_ENV_NAMES, type LimitName } from './limits.js';

/** The environment variables sitegate understands, unvalidated. */
export interface Env {
  port?: string;
  host?: string;
  baseUrl?: string;
  dataDir?: string;
  contentDir?: string;
  logLevel?: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisKeyPrefix?: string;
  tokenTtl?: string;
  contentSignal?: string;
  watch?: string;
  drainTimeout?: string;
  pageMaxChars?: string;
  siteTitle?: string;
  allowContentErrors?: string;
  /** Trusted proxies, comma-separated, from `SITEGATE_TRUST_PROXY`. */
  trustProxy?: string;
  /** The secret that seals signing keys, `SITEGATE_SECRET` (never logged). */
  secret?: string;
  /** `SITEGATE_AUDIT_RETENTION_DAYS`. */
  auditRetentionDays?: string;
  /** Request limits by name, from `SITEGATE_BODY_LIMIT_BYTES` and the others of {@link LIMIT_ENV_NAMES}. */
  limits?: Partial<Record<LimitName, string>>;
}

/**
 * Reads sitegate's settings from the environment: `PORT`, `SITEGATE_HOST`, `SITEGATE_BASE_URL`,
 * `SITEGATE_DATA_DIR`, `SITEGATE_CONTENT_DIR`, `SITEGATE_LOG_LEVEL`, `SITEGATE_TOKEN_TTL` (seconds), `SITEGATE_CONTENT_SIGNAL`,
 * `SITEGATE_WATCH` (1/0), `SITEGATE_DRAIN_TIMEOUT` (seconds), `SITEGATE_PAGE_MAX_CHARS`,
 * `SITEGATE_SITE_TITLE`, `SITEGATE_ALLOW_CONTENT_ERRORS` (1/0), the request limits (`SITEGATE_MAX_URL_BYTES`…),
 * `DATABASE_URL`, `REDIS_URL`, `SITEGATE_REDIS_KEY_PREFIX`, `SITEGATE_TRUST_PROXY` (comma-separated),
 * `SITEGATE_SECRET`, `SITEGATE_AUDIT_RETENTION_DAYS`.
 * Empty values count as unset.
 */
export function readEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const read = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value === '' ? undefined : value;
  };
  return {
    port: read('PORT') ?? read('SITEGATE_PORT'),
    host: read('SITEGATE_HOST'),
    baseUrl: read('SITEGATE_BASE_URL'),
    dataDir: read('SITEGATE_DATA_DIR'),
    contentDir: read('SITEGATE_CONTENT_DIR'),
    logLevel: read('SITEGATE_LOG_LEVEL'),
    databaseUrl: read('DATABASE_URL'),
    redisUrl: read('REDIS_URL'),
    redisKeyPrefix: read('SITEGATE_REDIS_KEY_PREFIX'),
    tokenTtl: read('SITEGATE_TOKEN_TTL'),
    contentSignal: read('SITEGATE_CONTENT_SIGNAL'),
    watch: read('SITEGATE_WATCH'),
    drainTimeout: read('SITEGATE_DRAIN_TIMEOUT'),
    pageMaxChars: read('SITEGATE_PAGE_MAX_CHARS'),
    siteTitle: read('SITEGATE_SITE_TITLE'),
    allowContentErrors: read('SITEGATE_ALLOW_CONTENT_ERRORS'),
    trustProxy: read('SITEGATE_TRUST_PROXY'),
    secret: read('SITEGATE_SECRET'),
    auditRetentionDays: read('SITEGATE_AUDIT_RETENTION_DAYS'),
    limits: Object.fromEntries(
      Object.entries(LIMIT_ENV_NAMES).flatMap(([name, variable]) => {
        const value = read(variable);
        return value === undefined ? [] : [[name, value]];
      }),
    ),
  };
}
