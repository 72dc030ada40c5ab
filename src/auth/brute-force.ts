/**
 * The whole brute-force policy (DESIGN.md "Credentials and tokens": brute force never locks a
 * client out for others): failure budgets per client address (IPv6 per /64: rate-limits-key.ts)
 * for every credential check, the token endpoints' request budget per address and failure budget
 * per (client_id, address), and the no-I/O block list that makes a blocked address skip the
 * credential cache. Every failure is audited.
 */
import { ApiError, type ErrorCode } from '../errors.js';
import type { AuthServices } from './authenticate.js';
import { rateLimitHeaders } from './rate-limits.js';
import { addressKey } from './rate-limits-key.js';

/**
 * Addresses {@link AuthServices.blockedAddresses} holds at most. The map only makes a blocked
 * address skip the no-I/O cache; the rate limiter stays the authority, so dropping entries never
 * unblocks anyone early.
 */
export const BLOCKED_ADDRESSES_MAX = 10_000;

/**
 * Records that `address` (an {@link addressKey}) is blocked until `untilMs` (ms since the epoch). When the map is full,
 * expired entries go first, then everything, so that a flood of failing addresses (IPv6 gives an
 * attacker plenty) cannot grow it without bound.
 */
export function blockAddress(blocked: Map<string, number>, address: string, untilMs: number, nowMs = Date.now()): void {
  if (blocked.size >= BLOCKED_ADDRESSES_MAX && !blocked.has(address)) {
    for (const [other, until] of blocked) if (until <= nowMs) blocked.delete(other);
    if (blocked.size >= BLOCKED_ADDRESSES_MAX) blocked.clear();
  }
  blocked.set(address, untilMs);
}

/**
 * Throws `rate_limited` when `address` has used up its failed-authentication budget.
 * @throws {ApiError} `rate_limited` with Retry-After and RateLimit headers
 */
export async function checkFailureBudget(services: AuthServices, address: string): Promise<void> {
  const state = await services.limiter.check('authFailures', address);
  if (!state.allowed) throw failureBudgetSpent(state);
}

/** The 429 of an address whose failed authentications spent its budget. */
function failureBudgetSpent(state: Parameters<typeof rateLimitHeaders>[0]): ApiError {
  return new ApiError('rate_limited', { message: 'Too many failed authentications from this address.', headers: rateLimitHeaders(state) });
}

/** Counts a failed authentication against `address` and audits it (with the address as resolved). */
export async function recordFailure(services: AuthServices, address: string, clientId: string | null, code: ErrorCode): Promise<void> {
  services.audit({ type: 'auth_failed', clientId, address, detail: code });
  const state = await services.limiter.consume('authFailures', address);
  if (!state.allowed || (state.limit > 0 && state.remaining === 0))
    blockAddress(services.blockedAddresses, addressKey(address), Date.now() + state.resetSec * 1000);
}

/** The message of the 429 for a client_id over its failure budget at one address. */
export const CLIENT_FAILURES_MESSAGE = 'Too many failed attempts for this client from this address.';

/**
 * The token endpoints' budgets, checked before any secret is: requests per address, failed
 * authentications per address, and failed secrets per client_id at this address. A client_id's
 * failures at one address never refuse it at another.
 * @param address the client address (http/client-address.ts)
 * @throws {ApiError} `rate_limited` with Retry-After and RateLimit headers
 */
export async function checkTokenBudgets(services: AuthServices, address: string, clientId: string): Promise<void> {
  // One wait for the three (with Redis, one round trip's time): only the first spends, the others read.
  const [perAddress, failures, perClient] = await Promise.all([
    services.limiter.consume('token', address),
    services.limiter.check('authFailures', address),
    services.limiter.check('clientFailures', address, clientId),
  ]);
  if (!perAddress.allowed) throw new ApiError('rate_limited', { headers: rateLimitHeaders(perAddress) });
  if (!failures.allowed) throw failureBudgetSpent(failures);
  if (!perClient.allowed) throw new ApiError('rate_limited', { message: CLIENT_FAILURES_MESSAGE, headers: rateLimitHeaders(perClient) });
}

/**
 * Counts a refused client authentication: against the address, and against the client_id at that
 * address when it has the shape of one (a malformed id has no secret to guess).
 * @param clientId the client_id when well-formed, else null
 */
export async function recordClientFailure(services: AuthServices, address: string, clientId: string | null): Promise<void> {
  await recordFailure(services, address, clientId, 'invalid_client');
  if (clientId !== null) await services.limiter.consume('clientFailures', address, clientId);
}
