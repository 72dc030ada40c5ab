import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimiter, DEFAULT_RATE_LIMITS, rateLimitHeaders, type RateLimitConfig } from './rate-limits.js';

const CONFIG: RateLimitConfig = {
  ...DEFAULT_RATE_LIMITS,
  token: { points: 3, windowSec: 60 },
  search: { points: 2, windowSec: 10 },
  authFailures: { points: 0, windowSec: 60 },
};

describe('createMemoryRateLimiter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows `points` requests per window, counting down, then refuses', async () => {
    const limiter = createMemoryRateLimiter(CONFIG);
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await limiter.consume('token', '192.0.2.1'));
    expect(states.map((s) => [s.allowed, s.remaining])).toStrictEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(states[3]).toStrictEqual({ allowed: false, name: 'token', limit: 3, windowSec: 60, remaining: 0, resetSec: 60 });
  });

  it('counts each key and each limit apart', async () => {
    const limiter = createMemoryRateLimiter(CONFIG);
    for (let i = 0; i < 3; i++) await limiter.consume('token', '192.0.2.1');
    expect((await limiter.consume('token', '192.0.2.1')).allowed).toBe(false);
    expect((await limiter.consume('token', '192.0.2.2')).allowed).toBe(true);
    expect((await limiter.consume('search', '192.0.2.1')).allowed).toBe(true);
  });

  it('opens again when the window has passed, with resetSec counting down meanwhile', async () => {
    const limiter = createMemoryRateLimiter(CONFIG);
    await limiter.consume('search', 'a');
    await limiter.consume('search', 'a');
    vi.advanceTimersByTime(4_000);
    const refused = await limiter.consume('search', 'a');
    expect(refused.allowed).toBe(false);
    expect(refused.resetSec).toBe(6);
    vi.advanceTimersByTime(6_001);
    const state = await limiter.consume('search', 'a');
    expect(state).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('check reports without counting', async () => {
    const limiter = createMemoryRateLimiter(CONFIG);
    expect(await limiter.check('token', 'a')).toStrictEqual({
      allowed: true,
      name: 'token',
      limit: 3,
      windowSec: 60,
      remaining: 3,
      resetSec: 60,
    });
    for (let i = 0; i < 5; i++) await limiter.check('token', 'a');
    expect((await limiter.consume('token', 'a')).remaining).toBe(2);
    await limiter.consume('token', 'a');
    expect(await limiter.check('token', 'a')).toMatchObject({ allowed: true, remaining: 1 });
    await limiter.consume('token', 'a');
    expect(await limiter.check('token', 'a')).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('counts per-address limits per IPv6 /64, and an IPv4-mapped address as its IPv4 address', async () => {
    const limiter = createMemoryRateLimiter(CONFIG);
    await limiter.consume('token', '2001:db8:1:2::1');
    await limiter.consume('token', '2001:db8:1:2:ffff::9');
    expect(await limiter.consume('token', '2001:db8:1:2:abcd::')).toMatchObject({ allowed: true, remaining: 0 });
    expect((await limiter.consume('token', '2001:db8:1:2::77')).allowed).toBe(false);
    expect(await limiter.check('token', '2001:db8:1:3::1')).toMatchObject({ allowed: true, remaining: 3 });

    await limiter.consume('search', '::ffff:192.0.2.9');
    expect(await limiter.consume('search', '192.0.2.9')).toMatchObject({ allowed: true, remaining: 0 });
    expect((await limiter.check('search', '::ffff:c000:209')).allowed).toBe(false);
  });

  it('counts clientFailures per client_id and address: one address spending it leaves the others theirs', async () => {
    const limiter = createMemoryRateLimiter({ ...CONFIG, clientFailures: { points: 2, windowSec: 60 } });
    const client = 'sgc_0123456789abcdef';
    await limiter.consume('clientFailures', '192.0.2.1', client);
    await limiter.consume('clientFailures', '::ffff:192.0.2.1', client);
    expect(await limiter.check('clientFailures', '192.0.2.1', client)).toMatchObject({ allowed: false, remaining: 0 });
    expect(await limiter.check('clientFailures', '192.0.2.2', client)).toMatchObject({ allowed: true, remaining: 2 });
    expect(await limiter.check('clientFailures', '192.0.2.1', 'sgc_fedcba9876543210')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('refuses to count clientFailures without a client_id', async () => {
    const limiter = createMemoryRateLimiter({ ...CONFIG, clientFailures: { points: 2, windowSec: 60 } });
    const untyped = limiter as unknown as { consume(name: string, address: string): Promise<unknown> };
    await expect(untyped.consume('clientFailures', '192.0.2.1')).rejects.toThrow(
      new TypeError('the clientFailures limit is counted per client_id and address'),
    );
  });

  it('points 0 turns a limit off', async () => {
    const limiter = createMemoryRateLimiter(CONFIG);
    for (let i = 0; i < 1000; i++) expect((await limiter.consume('authFailures', 'a')).allowed).toBe(true);
    expect(await limiter.check('authFailures', 'a')).toStrictEqual({
      allowed: true,
      name: 'authFailures',
      limit: 0,
      remaining: 0,
      resetSec: 0,
      windowSec: 0,
    });
  });
});

describe('DEFAULT_RATE_LIMITS', () => {
  it('limits every named limit', () => {
    expect(Object.keys(DEFAULT_RATE_LIMITS).sort()).toStrictEqual([
      'authFailures',
      'clientFailures',
      'clientMetadataFetches',
      'clientRegistrations',
      'search',
      'token',
    ]);
    for (const policy of Object.values(DEFAULT_RATE_LIMITS)) {
      expect(policy.points).toBeGreaterThan(0);
      expect(policy.windowSec).toBeGreaterThan(0);
    }
  });
});

describe('rateLimitHeaders', () => {
  it('gives RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers) while allowed', () => {
    expect(rateLimitHeaders({ allowed: true, name: 'search', limit: 1200, remaining: 1199, resetSec: 60, windowSec: 60 })).toStrictEqual({
      'ratelimit-policy': '"search";q=1200;w=60',
      ratelimit: '"search";r=1199;t=60',
    });
  });

  it('adds Retry-After when refused', () => {
    expect(rateLimitHeaders({ allowed: false, name: 'token', limit: 3, remaining: 0, resetSec: 17, windowSec: 60 })).toStrictEqual({
      'ratelimit-policy': '"token";q=3;w=60',
      ratelimit: '"token";r=0;t=17',
      'retry-after': '17',
    });
  });
});
