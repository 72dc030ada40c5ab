/**
 * Rate-limit counters in Redis (rate-limiter-flexible's RateLimiterRedis over ioredis), so every
 * replica counts against the same budget. Fail open: while Redis is unreachable each limit falls
 * back to this process's memory (rate-limiter-flexible's `insuranceLimiter`), the server keeps
 * serving, and the change is logged once each way. A replica's local budget is the whole
 * budget, so during an outage an attacker gets at most one budget per replica.
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Log } from '../log.js';
import { createRateLimiter, type RateLimitConfig, type RateLimiter } from './rate-limits.js';

/** A Redis command that takes longer than this counts as a failure and the local counter decides (ms). */
const COMMAND_TIMEOUT_MS = 500;
/** How long a connection attempt may take (ms). */
const CONNECT_TIMEOUT_MS = 2000;
/** Reconnection backoff: attempt × 200 ms, at most this (ms). Reconnection never stops. */
const RECONNECT_MAX_MS = 2000;

/** Options of {@link createRedisRateLimiter}. */
export interface RedisRateLimiterOptions {
  /** `redis://` or `rediss://` URL. */
  url: string;
  /** Prefix of every key, e.g. `sitegate:`; the limit's name and the counted key follow it. */
  keyPrefix: string;
  /** Where "Redis unreachable" and "reachable again" go. */
  log: Log;
  /**
   * Told of every Redis round trip of the counters (`consume` or `get`): its duration (seconds)
   * and whether it failed (the local counter then answered). For metrics.
   */
  onCommand?: (operation: 'consume' | 'get', seconds: number, failed: boolean) => void;
}

/** Rate limits shared through Redis, with the means to wait for the connection and to close it. */
export interface RedisRateLimiter extends RateLimiter {
  /** Resolves true once the first connection is ready, false when the first attempt fails. Never rejects. */
  readonly connected: Promise<boolean>;
  /** Closes the connection (counters stay in Redis until their windows end). */
  close(): void;
}

/** Counts the limits of `config` in Redis, falling back to memory while Redis is unreachable. */
export function createRedisRateLimiter(config: RateLimitConfig, options: RedisRateLimiterOptions): RedisRateLimiter {
  const redis = new Redis(options.url, {
    // Fail at once while disconnected instead of queueing: the local counter answers meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, RECONNECT_MAX_MS),
  });
  let reachable: boolean | undefined;
  const connected = new Promise<boolean>((resolve) => {
    redis.once('ready', () => resolve(true));
    redis.once('error', () => resolve(false));
  });
  const down = (error: unknown): void => {
    if (reachable === false) return;
    reachable = false;
    options.log.warn({ err: error }, "redis unreachable: rate limits are counted in this process's memory until it returns");
  };
  redis.on('error', down);
  redis.on('close', () => {
    if (reachable === true) down(new Error('connection closed'));
  });
  redis.on('ready', () => {
    if (reachable === false) options.log.info({}, 'redis reachable again: rate limits are shared across replicas');
    reachable = true;
  });
  const limiter = createRateLimiter(
    config,
    (name, policy) =>
      new (options.onCommand === undefined ? RateLimiterRedis : timedRedisLimiter(options.onCommand))({
        storeClient: redis,
        keyPrefix: `${options.keyPrefix}${name}`,
        points: policy.points,
        duration: policy.windowSec,
        // While the connection is not ready, go straight to the insurance limiter.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points: policy.points, duration: policy.windowSec }),
      }),
  );
  return {
    ...limiter,
    connected,
    close() {
      redis.removeAllListeners('close');
      redis.disconnect();
    },
  };
}

/** What rate-limiter-flexible's store limiters implement per backend: one round trip each. */
interface StoreRoundTrips {
  _upsert(...args: unknown[]): Promise<unknown>;
  _get(...args: unknown[]): Promise<unknown>;
}

/**
 * RateLimiterRedis with its round trips timed. `_upsert` (consume) and `_get` are the methods
 * rate-limiter-flexible's store limiters implement per backend (its "custom store" extension
 * point, RateLimiterStoreAbstract), so each call is one Redis command; a rejection is a failure
 * the insurance limiter then covers.
 */
function timedRedisLimiter(onCommand: NonNullable<RedisRateLimiterOptions['onCommand']>): typeof RateLimiterRedis {
  const timed = async (operation: 'consume' | 'get', call: () => Promise<unknown>): Promise<unknown> => {
    const started = process.hrtime.bigint();
    const elapsed = (): number => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const result = await call();
      onCommand(operation, elapsed(), false);
      return result;
    } catch (error) {
      onCommand(operation, elapsed(), true);
      throw error;
    }
  };
  const base = RateLimiterRedis.prototype as unknown as StoreRoundTrips;
  return class TimedRateLimiterRedis extends RateLimiterRedis {
    _upsert(...args: unknown[]): Promise<unknown> {
      return timed('consume', () => base._upsert.apply(this, args));
    }
    _get(...args: unknown[]): Promise<unknown> {
      return timed('get', () => base._get.apply(this, args));
    }
  };
}
