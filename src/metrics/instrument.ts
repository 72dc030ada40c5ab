/**
 * Wrappers that time and count the calls of the store and the rate limiter, applied once by the
 * composition root (context.ts) when metrics are on; with metrics off nothing is wrapped.
 */
import type { Store } from '../store/store.js';
import type { RateLimiter, RateLimitState } from '../auth/rate-limits.js';
import type { Metrics } from './metrics.js';

/**
 * The store with every method timed: `metrics.storeCall(method, seconds, failed)` after each
 * call settles. Every method of the object is wrapped, so methods added to {@link Store} later
 * are measured without a change here.
 */
export function instrumentStore(store: Store, metrics: Pick<Metrics, 'storeCall'>): Store {
  const timed: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(store)) {
    if (typeof member !== 'function') {
      timed[name] = member;
      continue;
    }
    const method = member as (...args: unknown[]) => unknown;
    timed[name] = function timedStoreCall(...args: unknown[]): unknown {
      const started = process.hrtime.bigint();
      const settle = (failed: boolean): void => metrics.storeCall(name, Number(process.hrtime.bigint() - started) / 1e9, failed);
      let result: unknown;
      try {
        result = method.apply(store, args);
      } catch (error) {
        settle(true);
        throw error;
      }
      if (!(result instanceof Promise)) {
        settle(false);
        return result;
      }
      return result.then(
        (value: unknown) => {
          settle(false);
          return value;
        },
        (error: unknown) => {
          settle(true);
          throw error;
        },
      );
    };
  }
  return timed as unknown as Store;
}

/** The limiter with each refusal (a check or consume whose state is not allowed) counted by limit name. */
export function instrumentRateLimiter<L extends RateLimiter>(limiter: L, metrics: Pick<Metrics, 'rateLimited'>): L {
  const counted = (state: RateLimitState): RateLimitState => {
    if (!state.allowed) metrics.rateLimited(state.name);
    return state;
  };
  const consume = limiter.consume.bind(limiter) as (...args: unknown[]) => Promise<RateLimitState>;
  const check = limiter.check.bind(limiter) as (...args: unknown[]) => Promise<RateLimitState>;
  return {
    ...limiter,
    consume: (...args: unknown[]) => consume(...args).then(counted),
    check: (...args: unknown[]) => check(...args).then(counted),
  };
}
