/**
 * sitegate as a relying party of the identity provider (OpenID Connect Core 1.0), through
 * openid-client 6: the provider's metadata is discovered (OpenID Connect Discovery 1.0 §4) lazily,
 * at the first sign-in rather than at start (the docs serve even when the provider is down), then
 * kept for the life of the process. A failed discovery is retried at the next sign-in at most
 * every {@link DISCOVERY_RETRY_MS}; meanwhile sign-ins answer "provider unavailable" at once. Every
 * request to the provider times out after {@link PROVIDER_TIMEOUT_SEC}.
 *
 * Client authentication at the token endpoint (OpenID Connect Core §9): `client_secret_basic`
 * when a secret is configured, else `none` (a public client: PKCE alone binds the code, RFC 7636).
 * ID token signatures are verified against the provider's `jwks_uri` (openid-client
 * `enableNonRepudiationChecks`; it caches the key set), not only trusted to TLS.
 */
import * as client from 'openid-client';
import type { Log } from '../log.js';
import type { OidcSettings } from './settings.js';

/** Timeout of each request to the provider (seconds): discovery, token, userinfo. */
export const PROVIDER_TIMEOUT_SEC = 10;
/** Least time between two discovery attempts after a failure (ms). */
export const DISCOVERY_RETRY_MS = 30_000;

/** The provider could not be reached, or answered its metadata, JWKS or token request with a server error. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The relying party: the provider's configuration, discovered once. */
export interface RelyingParty {
  /** The settings it was made from. */
  readonly settings: OidcSettings;
  /**
   * openid-client's Configuration of the provider (its metadata, sitegate's client id and
   * authentication), discovered on first call.
   * @throws {ProviderUnavailableError} when discovery fails now, or failed less than
   *   {@link DISCOVERY_RETRY_MS} ago
   */
  configuration(): Promise<client.Configuration>;
}

/** Options of {@link createRelyingParty}. */
export interface RelyingPartyOptions {
  /** Clock (ms since the epoch), for the retry delay. */
  nowMs?: () => number;
  /** Per-request timeout, seconds (default {@link PROVIDER_TIMEOUT_SEC}). */
  timeoutSec?: number;
  /** Where a failed discovery is reported (warn: the issuer and why, never the client secret). */
  log?: Log;
}

/** Whether a host name is a loopback address (RFC 6761 §6.3 `localhost`, 127.0.0.0/8, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Makes the relying party of `settings`. Nothing is fetched until {@link RelyingParty.configuration}.
 * @throws {Error} when the issuer is neither https nor http on a loopback address (the settings
 *   loader refuses it first; this is the second line)
 */
export function createRelyingParty(settings: OidcSettings, options: RelyingPartyOptions = {}): RelyingParty {
  const issuer = new URL(settings.issuer);
  const insecure = issuer.protocol === 'http:';
  if (!(issuer.protocol === 'https:' || (insecure && isLoopbackHost(issuer.hostname)))) {
    throw new Error(`auth.oidc.issuer must be https (or http on a loopback address): ${settings.issuer}`);
  }
  const nowMs = options.nowMs ?? Date.now;
  const timeout = options.timeoutSec ?? PROVIDER_TIMEOUT_SEC;
  const authentication = settings.clientSecret === null ? client.None() : client.ClientSecretBasic(settings.clientSecret);
  let found: client.Configuration | undefined;
  let pending: Promise<client.Configuration> | undefined;
  let failedAtMs: number | undefined;
  let failure: unknown;

  const discover = async (): Promise<client.Configuration> => {
    try {
      // ID token signatures are checked against the provider's JWKS (OpenID Connect Core
      // §3.1.3.7 item 6), not left to TLS: fail closed even on a plain-HTTP loopback issuer or
      // behind a TLS-intercepting proxy. Plain HTTP only to a loopback issuer, checked above.
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the loopback exception is deliberate
      const execute = insecure ? [client.allowInsecureRequests, client.enableNonRepudiationChecks] : [client.enableNonRepudiationChecks];
      found = await client.discovery(issuer, settings.clientId, undefined, authentication, { timeout, execute });
      failedAtMs = undefined;
      return found;
    } catch (error) {
      failedAtMs = nowMs();
      failure = error;
      const refused = unavailable(error);
      options.log?.warn({ issuer: settings.issuer, retryInSec: DISCOVERY_RETRY_MS / 1000 }, refused.message);
      throw refused;
    } finally {
      pending = undefined;
    }
  };

  const unavailable = (error: unknown): ProviderUnavailableError =>
    new ProviderUnavailableError(`the identity provider's metadata could not be read from ${settings.issuer}: ${describeError(error)}`, {
      cause: error,
    });

  return {
    settings,
    configuration() {
      if (found !== undefined) return Promise.resolve(found);
      if (pending !== undefined) return pending;
      if (failedAtMs !== undefined && nowMs() - failedAtMs < DISCOVERY_RETRY_MS) return Promise.reject(unavailable(failure));
      return (pending = discover());
    },
  };
}

/** A short description of an error for the log: its message and its cause's (never a token: openid-client's messages name none). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

/**
 * Whether an error of openid-client means the provider is unreachable or failing rather than
 * refusing this sign-in: a network failure (fetch's TypeError), a timeout or abort, or an HTTP 5xx.
 */
export function isProviderUnavailable(error: unknown): boolean {
  if (error instanceof ProviderUnavailableError) return true;
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  if (error instanceof client.ClientError) {
    if (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT') return true;
    if (error.cause instanceof Response && error.cause.status >= 500) return true;
  }
  if (error instanceof client.ResponseBodyError && error.status >= 500) return true;
  return false;
}
