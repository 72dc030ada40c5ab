/**
 * Rate limits (DESIGN.md "Limits"): token requests and failed authentications per client address,
 * failed client secrets per (client_id, address) (brute force), search per address. Every limit is
 * counted per address (IPv6 per /64: rate-limits-key.ts), so one address's failures never lock a
 * client out for the others. Counters live behind {@link RateLimiter} (rate-limiter-flexible): in
 * process memory for one replica, in Redis when replicas share them (rate-limits-redis.ts).
 */
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { addressKey, clientFailuresKey } from './rate-limits-key.js';

/**
 * The named limits: `token` (token requests per address), `authFailures` (failed authentications
 * of any kind per address), `clientFailures` (failed secrets of one client_id per address; once
 * per client_id alone, the name is kept so that `rateLimits.clientFailures` in sitegate.json works),
 * `search` (searches per address), `clientMetadataFetches` (Client ID Metadata Documents fetched
 * for an address's authorization requests: the fetches anyone can cause, issue 30) and
 * `clientRegistrations` (RFC 7591 registrations per address).
 */
export type RateLimitName = 'token' | 'authFailures' | 'clientFailures' | 'search' | 'clientMetadataFetches' | 'clientRegistrations';

/** The limits counted per client address alone. */
export type AddressLimitName = Exclude<RateLimitName, 'clientFailures'>;

/** One limit: at most `points` per `windowSec`. `points` 0 turns the limit off. */
export interface RateLimitPolicy {
  points: number;
  windowSec: number;
}

/** Every limit's policy. */
export type RateLimitConfig = Record<RateLimitName, RateLimitPolicy>;

/** Defaults: generous for real clients, tight for guessing secrets. */
export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  token: { points: 300, windowSec: 60 },
  authFailures: { points: 30, windowSec: 60 },
  clientFailures: { points: 30, windowSec: 60 },
  search: { points: 1200, windowSec: 60 },
  // A person authorizes a handful of agents; each document is then cached for a minute at least.
  clientMetadataFetches: { points: 30, windowSec: 60 },
  // An agent registers once per installation.
  clientRegistrations: { points: 20, windowSec: 3600 },
};

/** The state of one counter after a check. */
export interface RateLimitState {
  /** False when the limit is exhausted. */
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (≥ 1 when refused). */
  resetSec: number;
  windowSec: number;
  name: RateLimitName;
}

/**
 * Counters for the named limits. `address` is the client address as resolved
 * (http/client-address.ts), before normalisation: the limiter counts it by {@link addressKey}.
 */
export interface RateLimiter {
  /** Counts one request against `name` for the client at `address` and says whether it is allowed. */
  consume(name: AddressLimitName, address: string): Promise<RateLimitState>;
  /** Counts one failed secret of `clientId` from `address` and says whether more are allowed. */
  consume(name: 'clientFailures', address: string, clientId: string): Promise<RateLimitState>;
  /** Says whether the client at `address` is still under `name`'s limit, without counting. */
  check(name: AddressLimitName, address: string): Promise<RateLimitState>;
  /** Says whether `clientId` from `address` is still under its failure budget, without counting. */
  check(name: 'clientFailures', address: string, clientId: string): Promise<RateLimitState>;
}

/**
 * The key a limit counts under: {@link clientFailuresKey} for `clientFailures`, else {@link addressKey}.
 * @throws {TypeError} for `clientFailures` without a client_id
 */
function counterKey(name: RateLimitName, address: string, clientId: string | undefined): string {
  if (name !== 'clientFailures') return addressKey(address);
  if (clientId === undefined) throw new TypeError('the clientFailures limit is counted per client_id and address');
  return clientFailuresKey(clientId, address);
}

/** In-process counters (one per limit), for a single replica. */
export function createMemoryRateLimiter(config: RateLimitConfig): RateLimiter {
  return createRateLimiter(
    config,
    (name, policy) => new RateLimiterMemory({ keyPrefix: name, points: policy.points, duration: policy.windowSec }),
  );
}

/**
 * The {@link RateLimiter} over one rate-limiter-flexible counter per enabled limit.
 * @param counter makes the counter of a limit whose `points` is above 0
 */
export function createRateLimiter(
  config: RateLimitConfig,
  counter: (name: RateLimitName, policy: RateLimitPolicy) => RateLimiterAbstract,
): RateLimiter {
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  for (const [name, policy] of Object.entries(config) as [RateLimitName, RateLimitPolicy][]) {
    if (policy.points > 0) limiters.set(name, counter(name, policy));
  }
  const state = (name: RateLimitName, res: RateLimiterRes | null, allowed: boolean): RateLimitState => {
    const policy = config[name];
    return {
      allowed,
      name,
      limit: policy.points,
      windowSec: policy.windowSec,
      remaining: res === null ? policy.points : Math.max(0, res.remainingPoints),
      resetSec: res === null ? policy.windowSec : Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    };
  };
  const unlimited = (name: RateLimitName): RateLimitState => ({ allowed: true, name, limit: 0, remaining: 0, resetSec: 0, windowSec: 0 });
  return {
    async consume(name: RateLimitName, address: string, clientId?: string) {
      const limiter = limiters.get(name);
      if (limiter === undefined) return unlimited(name);
      try {
        return state(name, await limiter.consume(counterKey(name, address, clientId)), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return state(name, rejection, false);
        throw rejection;
      }
    },
    async check(name: RateLimitName, address: string, clientId?: string) {
      const limiter = limiters.get(name);
      if (limiter === undefined) return unlimited(name);
      const res = await limiter.get(counterKey(name, address, clientId));
      return state(name, res, res === null || res.consumedPoints < config[name].points);
    },
  };
}

/**
 * The RateLimit and RateLimit-Policy header fields (draft-ietf-httpapi-ratelimit-headers) and,
 * when refused, Retry-After (RFC 9110 §10.2.3).
 */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-policy': `"${state.name}";q=${state.limit};w=${state.windowSec}`,
    ratelimit: `"${state.name}";r=${state.remaining};t=${state.resetSec}`,
  };
  if (!state.allowed) headers['retry-after'] = String(state.resetSec);
  return headers;
}
