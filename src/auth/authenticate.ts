/**
 * Credential → {@link Principal} (DESIGN.md "Credentials and tokens"), through the scheme that
 * presented it (schemes.ts). Failed attempts are counted and refused by the brute-force policy
 * (brute-force.ts).
 */
import { ApiError, type Scope } from '../errors.js';
import type { AuditEvent } from '../store/store.js';
import type { TokenService } from './access-tokens.js';
import type { AgentGrantService } from './agent-grants.js';
import type { KeyService } from './keys.js';
import type { SessionService } from './sessions.js';
import type { Principal, PresentedCredential } from './principal.js';
import type { RateLimiter } from './rate-limits.js';
import { addressKey } from './rate-limits-key.js';
import { checkFailureBudget } from './brute-force.js';
import { SCHEMES } from './schemes.js';

/** What authentication needs; built once by the composition root. */
export interface AuthServices {
  keys: KeyService;
  tokens: TokenService;
  /** People's browser sessions (sessions.ts). */
  sessions: SessionService;
  /** Whether agents' grants are live (agent-grants.ts, issue 30); what revokes one in this process drops its cached answer here. */
  grants: AgentGrantService;
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
  return SCHEMES[credential.scheme].cached(services, credential.value);
}

/**
 * Checks a presented credential with its scheme (schemes.ts), from the scheme's cache when it
 * accepted the value moments ago. An address over its failed-authentication budget is refused
 * before any value that can fail is checked.
 * @param address the client's IP address, for failure counting
 * @returns the principal, or undefined when the credential is none after all (a session cookie
 *   that names no live session: the request is anonymous)
 * @throws {ApiError} `invalid_api_key`, `invalid_token`, `token_expired` or `rate_limited`
 */
export async function authenticate(
  services: AuthServices,
  credential: PresentedCredential,
  address: string,
): Promise<Principal | undefined> {
  const cached = cachedPrincipal(services, credential, address);
  services.onCredentialCache?.(cached !== undefined);
  // Last-used was recorded when the credential was checked afresh, at most a cache TTL ago.
  if (cached !== undefined) return cached;
  const scheme = SCHEMES[credential.scheme];
  if (scheme.refusable) await checkFailureBudget(services, address);
  return scheme.verify(services, credential.value, address);
}

/**
 * Throws `insufficient_scope` unless the principal holds every scope in `needed`.
 * @throws {ApiError} `insufficient_scope` with `scopes` listing what is needed (RFC 6750 §3.1)
 */
export function requireScopes(principal: Principal, needed: readonly Scope[]): void {
  if (needed.every((scope) => principal.scopes.includes(scope))) return;
  throw new ApiError('insufficient_scope', { message: `This resource needs the scope ${needed.join(' ')}.`, scopes: [...needed] });
}
