import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import { deleteRedisKeys, REDIS_URL, uniqueName } from '../../test/services.js';
import type { Log } from '../log.js';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from './rate-limits.js';
import { createRedisRateLimiter, type RedisRateLimiter } from './rate-limits-redis.js';

const CONFIG: RateLimitConfig = { ...DEFAULT_RATE_LIMITS, token: { points: 3, windowSec: 60 }, search: { points: 0, windowSec: 60 } };

/** A Log that keeps what it is told. */
function recordingLog(): Log & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (_detail, message) => lines.push(`info: ${message}`),
    warn: (_detail, message) => lines.push(`warn: ${message}`),
    error: (_detail, message) => lines.push(`error: ${message}`),
  };
}

/** Polls `condition` every 10 ms. @throws after `timeoutMs` */
async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A TCP proxy to the test Redis that can be cut and restored, to play an outage. */
class RedisProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = createConnection(6379, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server === undefined ? resolve() : this.server.close(() => resolve())));
    this.server = undefined;
  }
}

describe('createRedisRateLimiter', () => {
  let prefix: string;
  const limiters: RedisRateLimiter[] = [];

  beforeEach(() => {
    prefix = `${uniqueName('sitegate_test')}:`;
  });
  afterEach(async () => {
    for (const limiter of limiters.splice(0)) limiter.close();
    await deleteRedisKeys(prefix);
  });

  const open = (url = REDIS_URL, log: Log = recordingLog()): RedisRateLimiter => {
    const limiter = createRedisRateLimiter(CONFIG, { url, keyPrefix: prefix, log });
    limiters.push(limiter);
    return limiter;
  };

  it('shares one budget between replicas: the fourth request is refused wherever it arrives', async () => {
    const [a, b] = [open(), open()];
    expect(await Promise.all([a.connected, b.connected])).toStrictEqual([true, true]);
    const states = [];
    for (const replica of [a, b, a, b, a]) states.push(await replica.consume('token', '192.0.2.1'));
    expect(states.map((state) => [state.allowed, state.remaining])).toStrictEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
    for (const state of states) {
      expect(state).toMatchObject({ name: 'token', limit: 3, windowSec: 60 });
      expect(state.resetSec).toBeGreaterThanOrEqual(59);
      expect(state.resetSec).toBeLessThanOrEqual(60);
    }
    expect((await b.check('token', '192.0.2.1')).allowed).toBe(false);
    // Another key and another limit have budgets of their own.
    expect(await b.consume('token', '192.0.2.2')).toMatchObject({ allowed: true, remaining: 2 });
    expect(await b.consume('authFailures', '192.0.2.1')).toMatchObject({
      allowed: true,
      remaining: DEFAULT_RATE_LIMITS.authFailures.points - 1,
    });
  });

  it('check counts nothing and sees the other replica’s count', async () => {
    const [a, b] = [open(), open()];
    await Promise.all([a.connected, b.connected]);
    expect(await b.check('token', 'k')).toMatchObject({ allowed: true, remaining: 3 });
    await a.consume('token', 'k');
    expect(await b.check('token', 'k')).toMatchObject({ allowed: true, remaining: 2 });
    expect(await b.check('token', 'k')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('keeps counters under its prefix only', async () => {
    const limiter = open();
    await limiter.connected;
    await limiter.consume('token', '192.0.2.1');
    const other = createRedisRateLimiter(CONFIG, { url: REDIS_URL, keyPrefix: `${prefix}other:`, log: recordingLog() });
    limiters.push(other);
    await other.connected;
    expect(await other.consume('token', '192.0.2.1')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('keys clientFailures as <prefix>clientFailures:<client_id>@<address key>, apart from a bare client_id', async () => {
    const limiter = createRedisRateLimiter(
      { ...CONFIG, clientFailures: { points: 2, windowSec: 60 } },
      { url: REDIS_URL, keyPrefix: prefix, log: recordingLog() },
    );
    limiters.push(limiter);
    await limiter.connected;
    const client = 'sgc_0123456789abcdef';
    await limiter.consume('clientFailures', '2001:db8:1:2::1', client);
    await limiter.consume('token', '::ffff:192.0.2.1');
    const redis = new Redis(REDIS_URL);
    try {
      expect((await redis.keys(`${prefix}*`)).sort()).toStrictEqual([
        `${prefix}clientFailures:${client}@2001:db8:1:2::/64`,
        `${prefix}token:192.0.2.1`,
      ]);
      // A counter of the former per-client_id format is not read as the pair's.
      await redis.set(`${prefix}clientFailures:${client}`, '1000', 'EX', 60);
      expect(await limiter.check('clientFailures', '192.0.2.1', client)).toMatchObject({ allowed: true, remaining: 2 });
    } finally {
      redis.disconnect();
    }
  });

  it('leaves a limit with 0 points unlimited and never asks Redis', async () => {
    const limiter = open();
    expect(await limiter.consume('search', 'k')).toStrictEqual({
      allowed: true,
      name: 'search',
      limit: 0,
      remaining: 0,
      resetSec: 0,
      windowSec: 0,
    });
  });

  it('fails open when Redis is unreachable: local limits, one warning, and no error thrown', { timeout: 10_000 }, async () => {
    const log = recordingLog();
    const closedPort = await freePort();
    const limiter = open(`redis://127.0.0.1:${closedPort}`, log);
    expect(await limiter.connected).toBe(false);
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await limiter.consume('token', '192.0.2.1'));
    expect(states.map((state) => [state.allowed, state.remaining])).toStrictEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect((await limiter.check('token', '192.0.2.1')).allowed).toBe(false);
    // Reconnection keeps failing meanwhile; the warning is not repeated.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(log.lines).toStrictEqual(["warn: redis unreachable: rate limits are counted in this process's memory until it returns"]);
  });

  it('falls back to memory during an outage and shares counters again once Redis is back', { timeout: 20_000 }, async () => {
    const proxy = new RedisProxy(await freePort());
    await proxy.start();
    const log = recordingLog();
    const limiter = open(`redis://127.0.0.1:${proxy.port}`, log);
    const peer = open();
    expect(await Promise.all([limiter.connected, peer.connected])).toStrictEqual([true, true]);
    expect(await limiter.consume('token', 'k')).toMatchObject({ allowed: true, remaining: 2 });

    await proxy.stop();
    await until(() => log.lines.length === 1, 5000);
    expect(log.lines).toStrictEqual(["warn: redis unreachable: rate limits are counted in this process's memory until it returns"]);
    // The local counter starts from nothing; Redis, meanwhile, is not told.
    expect(await limiter.consume('token', 'k')).toMatchObject({ allowed: true, remaining: 2 });
    expect(await peer.check('token', 'k')).toMatchObject({ remaining: 2 });

    await proxy.start();
    await until(() => log.lines.length === 2, 5000);
    expect(log.lines[1]).toBe('info: redis reachable again: rate limits are shared across replicas');
    expect(await limiter.consume('token', 'k')).toMatchObject({ allowed: true, remaining: 1 });
    expect(await peer.consume('token', 'k')).toMatchObject({ allowed: true, remaining: 0 });
    await proxy.stop();
  });
});
