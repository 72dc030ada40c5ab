/**
 * Credential → {@link Principal} (DESIGN.md "Credentials and tokens"). Failed attempts are counted
 * and refused by the brute-force policy (brute-force.ts).
 */
import { ApiError, type Scope } from '../errors.js';
import type { ApiKeyRecord, AuditEvent } from '../store/store.js';
import type { TokenService } from './access-tokens.js';
import { parseApiKey } from './api-keys.js';
import type { KeyService } from './keys.js';
import type { SessionService } from './sessions.js';
import type { Principal, PresentedCredential } from './principal.js';
import type { RateLimiter } from './rate-limits.js';
import { addressKey } from './rate-limits-key.js';
import { checkFailureBudget, recordFailure } from './brute-force.js';

/** What authentication needs; built once by the composition root. */
export interface AuthServices {
  keys: KeyService;
  tokens: TokenService;
  /** People's browser sessions (sessions.ts). */
  sessions: SessionService;
  limiter: RateLimiter;
  /** Appends an audit event without waiting (failures are logged, never fail the request). */
  audit(event: Omit<AuditEvent, 'at'>): void;
  /**
   * Told whether each credential check found the credential accepted moments ago (hit) or had to
   * check it afresh (miss): {@link authenticate} counts its lookups, the listener its hits without I/O.
   */
  onCredentialCache?: (hit: boolean) => void;
  /** Addresses over their failed-authentication budget ({@link addressKey}), until when (ms since the epoch): brute-force.ts. */
  blockedAddresses: Map<string, number>;
}

/**
 * The principal of a credential accepted moments ago, without I/O: most requests of a client
 * repeat its credential, and hashing or verifying a signature each time costs more than the
 * rest of the request. Undefined when the credential must be checked afresh.
 */
export function cachedPrincipal(services: AuthServices, credential: PresentedCredential, address: string): Principal | undefined {
  // Most of the time nobody is blocked, and the address need not be normalised.
  if (services.blockedAddresses.size > 0) {
    const key = addressKey(address);
    const blockedUntil = services.blockedAddresses.get(key);
    if (blockedUntil !== undefined) {
      if (blockedUntil > Date.now()) return undefined;
      services.blockedAddresses.delete(key);
    }
  }
  if (credential.scheme === 'bearer') return services.tokens.cachedPrincipal(credential.value);
  const key = services.keys.cachedApiKey(credential.value);
  if (key === undefined) return undefined;
  let principal = apiKeyPrincipals.get(key);
  if (principal === undefined) apiKeyPrincipals.set(key, (principal = { scheme: 'apiKey', clientId: key.id, scopes: key.scopes }));
  return principal;
}

/** The principal of each cached key record, made once: a record is replaced, never changed, when its key changes. */
const apiKeyPrincipals = new WeakMap<ApiKeyRecord, Principal>();

/**
 * Checks a presented credential.
 * @param address the client's IP address, for failure counting
 * @throws {ApiError} `invalid_api_key`, `invalid_token`, `token_expired` or `rate_limited`
 */
export async function authenticate(services: AuthServices, credential: PresentedCredential, address: string): Promise<Principal> {
  const cached = cachedPrincipal(services, credential, address);
  services.onCredentialCache?.(cached !== undefined);
  // Last-used was recorded when the credential was checked afresh, at most KEY_CACHE_TTL_MS ago.
  if (cached !== undefined) return cached;
  await checkFailureBudget(services, address);
  if (credential.scheme === 'apiKey') {
    const parsed = parseApiKey(credential.value);
    if (parsed === undefined) {
      await recordFailure(services, address, null, 'invalid_api_key');
      throw new ApiError('invalid_api_key', { message: 'The API key is malformed (prefix, length or checksum).' });
    }
    const result = await services.keys.verify(parsed.clientId, parsed.clientSecret);
    if (!result.ok) {
      await recordFailure(services, address, parsed.clientId, 'invalid_api_key');
      throw new ApiError('invalid_api_key');
    }
    services.keys.touch(result.key.id);
    services.keys.rememberApiKey(credential.value, result.key);
    return { scheme: 'apiKey', clientId: result.key.id, scopes: result.key.scopes };
  }
  try {
    const principal = await services.tokens.verify(credential.value);
    services.keys.touch(principal.clientId);
    return principal;
  } catch (error) {
    if (error instanceof ApiError) await recordFailure(services, address, null, error.code);
    throw error;
  }
}

/**
 * Throws `insufficient_scope` unless the principal holds every scope in `needed`.
 * @throws {ApiError} `insufficient_scope` with `scopes` listing what is needed (RFC 6750 §3.1)
 */
export function requireScopes(principal: Principal, needed: readonly Scope[]): void {
  if (needed.every((scope) => principal.scopes.includes(scope))) return;
  throw new ApiError('insufficient_scope', { message: `This resource needs the scope ${needed.join(' ')}.`, scopes: [...needed] });
}
