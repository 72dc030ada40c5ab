/**
 * Retention: what the store may forget, deleted in the background. Audit events older than the
 * retention period, revocations of tokens that have expired anyway, signing keys retired past
 * their last token, people's sessions once expired or revoked (refused either way), agent grants once ended or
 * revoked, RFC 7591 registered clients a day old that no grant names (Store.pruneAgentGrants), and analytics rows past theirs (minutes after a day, hours after 31 days,
 * days after the analytics retention: analytics/buckets.ts). Each replica runs it; the deletes are idempotent, so running them on
 * several PostgreSQL replicas at once is safe (each deletes what is left).
 */
import type { Store } from './store.js';
import { GRANULARITIES, keptMs } from '../analytics/buckets.js';

/** How often pruning runs (ms): hourly, and once at start. */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What one pass deleted. */
export interface PruneResult {
  auditEvents: number;
  revokedTokens: number;
  signingKeys: number;
  /** Sessions past their absolute end, or revoked. */
  sessions: number;
  /**
   * Agent grants past their end or revoked, with their refresh tokens (and, not counted, day-old
   * authorization codes and registered clients a day old that no grant or unexpired code names).
   */
  agentGrants: number;
  /** Analytics counter and zero-result rows. */
  analyticsRows: number;
}

/** Options of {@link prune} and {@link startRetention}. */
export interface RetentionOptions {
  /** Audit events older than this many days are deleted. */
  auditRetentionDays: number;
  /** Analytics rows are kept this many days at most (`analytics.retentionDays`). */
  analyticsRetentionDays: number;
  now?: () => Date;
}

/**
 * One pruning pass.
 * @throws (rejects) on database failures
 */
export async function prune(store: Store, options: RetentionOptions): Promise<PruneResult> {
  const now = (options.now ?? (() => new Date()))();
  const auditEvents = await store.pruneAudit(new Date(now.getTime() - options.auditRetentionDays * DAY_MS));
  const revokedTokens = await store.pruneRevokedTokens(now);
  const signingKeys = await store.pruneSigningKeys(now);
  const sessions = await store.pruneSessions(now);
  const agentGrants = await store.pruneAgentGrants(now);
  let analyticsRows = 0;
  for (const granularity of GRANULARITIES)
    analyticsRows += await store.pruneAnalytics(granularity, new Date(now.getTime() - keptMs(granularity, options.analyticsRetentionDays)));
  return { auditEvents, revokedTokens, signingKeys, sessions, agentGrants, analyticsRows };
}

/**
 * Prunes now and every {@link PRUNE_INTERVAL_MS} on an unref'd timer (it never keeps the process
 * alive). Errors go to `onError`; the next pass retries.
 * @returns stops the timer and waits for a pass in flight, so the store can then be closed
 */
export function startRetention(store: Store, options: RetentionOptions & { onError: (error: unknown) => void }): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const pass = (): void => {
    running = running.then(() => prune(store, options)).catch(options.onError);
  };
  pass();
  const timer = setInterval(pass, PRUNE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
