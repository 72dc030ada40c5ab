/**
 * Rate limits (DESIGN.md "Limits"): token requests and failed authentications per client address
 * and per client_id (brute force), search per address. Counters live behind {@link RateLimiter}
 * (rate-limiter-flexible): in process memory for one replica, in Redis when replicas share them
 * (rate-limits-redis.ts).
 */
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** The named limits. */
export type RateLimitName = 'token' | 'authFailures' | 'clientFailures' | 'search';

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

/** Counters for the named limits. */
export interface RateLimiter {
  /** Counts one request against `name` for `key` and says whether it is allowed. */
  consume(name: RateLimitName, key: string): Promise<RateLimitState>;
  /** Says whether `key` is still under `name`'s limit, without counting. */
  check(name: RateLimitName, key: string): Promise<RateLimitState>;
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
    async consume(name, key) {
      const limiter = limiters.get(name);
      if (limiter === undefined) return unlimited(name);
      try {
        return state(name, await limiter.consume(key), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return state(name, rejection, false);
        throw rejection;
      }
    },
    async check(name, key) {
      const limiter = limiters.get(name);
      if (limiter === undefined) return unlimited(name);
      const res = await limiter.get(key);
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
