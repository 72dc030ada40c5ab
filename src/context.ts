/**
 * The composition root: builds every service once from the config (store, keys, tokens, rate
 * limits) and holds the current snapshot.
 */
import type { Config } from './config/config.js';
import type { AppContext } from './http/context.js';
import type { Snapshot } from './snapshot/snapshot.js';
import type { AuditEvent, Store } from './store/store.js';
import { openSqliteStore } from './store/sqlite.js';
import { createKeyService } from './auth/keys.js';
import { createTokenService } from './auth/access-tokens.js';
import { createMemoryRateLimiter } from './auth/rate-limits.js';

/** The process-wide context: what the HTTP app reads, plus the means to swap the snapshot and close. */
export interface ServerContext extends AppContext {
  store: Store;
  /** Replaces the current snapshot atomically; requests in flight keep the one they read. */
  swapSnapshot(next: Snapshot): void;
  /** Closes the store. */
  close(): Promise<void>;
}

/** Request-driven audit events are written at least this often (ms)… */
const AUDIT_FLUSH_MS = 200;
/** …or as soon as this many are waiting. */
const AUDIT_BATCH_MAX = 200;

/** Options of {@link createContext}. */
export interface ContextOptions {
  /** A store to use instead of opening SQLite in the data dir (tests). */
  store?: Store;
  /** Clock, for tests. */
  now?: () => Date;
  /** Where errors of background work go (audit and last-used writes). */
  onBackgroundError?: (error: unknown) => void;
}

/** Opens the store named by the config. */
export function openStore(config: Config): Promise<Store> {
  return openSqliteStore(config.dataDir);
}

/**
 * Builds the services around a first snapshot.
 * @throws when the store cannot be opened or migrated
 */
export async function createContext(config: Config, first: Snapshot, options: ContextOptions = {}): Promise<ServerContext> {
  const store = options.store ?? (await openStore(config));
  const onBackgroundError = options.onBackgroundError ?? (() => undefined);
  const keys = createKeyService(store, { now: options.now, onBackgroundError });
  const tokens = await createTokenService(store, keys, {
    issuer: config.baseUrl,
    audience: config.baseUrl,
    ttlSec: config.tokenTtlSec,
    now: options.now,
  });
  const limiter = createMemoryRateLimiter(config.rateLimits);
  const now = options.now ?? (() => new Date());
  let current = first;
  // Request-driven audit events (tokens issued, failed authentications) are written in batches:
  // one INSERT per batch instead of one per request, off the request path.
  let auditQueue: AuditEvent[] = [];
  let auditTimer: NodeJS.Timeout | undefined;
  let auditWrites: Promise<void> = Promise.resolve();
  const flushAudit = (): void => {
    if (auditTimer !== undefined) clearTimeout(auditTimer);
    auditTimer = undefined;
    if (auditQueue.length === 0) return;
    const batch = auditQueue;
    auditQueue = [];
    auditWrites = auditWrites.then(() => store.appendAudit(batch)).catch(onBackgroundError);
  };
  return {
    config,
    store,
    auth: {
      keys,
      tokens,
      limiter,
      blockedAddresses: new Map(),
      audit: (event) => {
        auditQueue.push({ ...event, at: now() });
        if (auditQueue.length >= AUDIT_BATCH_MAX) flushAudit();
        else auditTimer ??= setTimeout(flushAudit, AUDIT_FLUSH_MS);
      },
    },
    snapshot: () => current,
    swapSnapshot(next) {
      current = next;
    },
    async close() {
      flushAudit();
      await auditWrites;
      await store.close();
    },
  };
}
