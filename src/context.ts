/**
 * The composition root: builds every service once from the config (store, keys, tokens, people's
 * sessions, rate limits) and holds the current snapshot.
 */
import type { Config } from './config/config.js';
import type { AppContext } from './answers/context.js';
import type { Snapshot } from './snapshot/snapshot.js';
import { openBuild } from './built/open-build.js';
import type { Store } from './store/store.js';
import { createAuditQueue } from './store/audit-queue.js';
import { openSqliteStore } from './store/sqlite.js';
import { createKeyService } from './auth/keys.js';
import { createTokenService, type TokenService } from './auth/access-tokens.js';
import { createSessionService } from './auth/sessions.js';
import { createAgentGrantService } from './auth/agent-grants.js';
import { resourcesOf } from './oauth/settings.js';
import { createMemoryRateLimiter, type RateLimiter } from './auth/rate-limits.js';
import { SILENT_LOG, type Log } from './log.js';
import { describeTightened, type Tightened } from './store/data-dir.js';
import { deriveKek } from './store/key-encryption.js';
import { startRetention } from './store/retention.js';
import { sealSigningKeys } from './store/sealed-signing-keys.js';
import { resolveSecret } from './store/secret.js';
import { createReadiness } from './readiness.js';
import type { Metrics } from './metrics/metrics.js';
import { instrumentRateLimiter, instrumentStore } from './metrics/instrument.js';
import { createAnalyticsRecorder } from './analytics/recorder.js';
import type { RequestObserver } from './http/observe.js';
import { createSignInService } from './signin/service.js';
import { createClientRegistry } from './oauth/clients/registry.js';
import { derivePendingLoginKey } from './signin/pending-login.js';
import { deriveConsentKey } from './oauth/authorize/consent-seal.js';
import { createLiveReload } from './answers/live-reload.js';

/** The process-wide context: what the HTTP app reads, plus the means to swap the snapshot and close. */
export interface ServerContext extends AppContext {
  store: Store;
  /** What the listener tells of each answered request (http/observe.ts): analytics, when on. */
  observers: readonly RequestObserver[];
  /** Replaces the current snapshot atomically; requests in flight keep the one they read; open pages are told to reload (watch mode). */
  swapSnapshot(next: Snapshot): void;
  /** Writes pending analytics counts and audit events, then closes the rate-limit connection, stops pruning (store/retention.ts) and closes the store. */
  close(): Promise<void>;
}

/** Options of {@link createContext}. */
export interface ContextOptions {
  /** A store to use instead of opening SQLite in the data dir (tests). */
  store?: Store;
  /** Clock, for tests. */
  now?: () => Date;
  /** Where errors of background work go (audit and last-used writes, the store's change feed). */
  onBackgroundError?: (error: unknown) => void;
  /** Where the state of shared services goes (e.g. Redis unreachable, and back). */
  log?: Log;
  /** Prometheus metrics (metrics/metrics.ts): with them, store, rate-limit, Redis and credential-cache calls are counted. */
  metrics?: Metrics;
}

/** How long the server waits at start for Redis before serving with local limits (ms). */
const REDIS_START_WAIT_MS = 3000;

/**
 * Opens the store named by the config: PostgreSQL when `databaseUrl` is set, else SQLite in
 * `dataDir` (folder 0700, files 0600, looser modes tightened and logged). Its signing keys are
 * sealed with a key-encryption key from the configured secret (SQLite: else generated into the
 * data folder); keys an older version stored in clear are sealed now. The server and the CLI
 * both call this, so they always use the same store and the same secret.
 * @param onError errors of the store's background connections (PostgreSQL only)
 * @param log where tightened modes and newly sealed keys are reported
 * @throws {ConfigError} on PostgreSQL without a secret, or when the secret does not decrypt the
 *   stored keys; other errors when the database cannot be opened or migrated
 */
export async function openStore(config: Config, onError?: (error: unknown) => void, log: Log = SILENT_LOG): Promise<Store> {
  const onTightened = (entry: Tightened): void => log.warn({ path: entry.path }, describeTightened(entry));
  const secret = resolveSecret(config, onTightened);
  let store: Store;
  if (config.databaseUrl === null) store = await openSqliteStore(config.dataDir, { onTightened });
  else {
    // Loaded only when asked for: a single-machine site never loads pg.
    const { openPostgresStore } = await import('./store/postgres.js');
    store = await openPostgresStore(config.databaseUrl, { onError });
  }
  try {
    const sealed = await sealSigningKeys(store, deriveKek(secret));
    if (sealed.sealedNow > 0) log.info({ keys: sealed.sealedNow }, `encrypted ${sealed.sealedNow} signing keys stored in clear`);
    return sealed.store;
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * The rate limiter the config names: Redis when `redisUrl` is set (waiting up to
 * {@link REDIS_START_WAIT_MS} for it, then failing open), else this process's memory.
 */
async function openRateLimiter(config: Config, log: Log, metrics: Metrics | undefined): Promise<{ limiter: RateLimiter; close(): void }> {
  if (config.redisUrl === null) {
    const memory = createMemoryRateLimiter(config.rateLimits);
    return { limiter: metrics === undefined ? memory : instrumentRateLimiter(memory, metrics), close: () => undefined };
  }
  const { createRedisRateLimiter } = await import('./auth/rate-limits-redis.js');
  const redis = createRedisRateLimiter(config.rateLimits, {
    url: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    log,
    ...(metrics === undefined ? {} : { onCommand: (operation, seconds, failed) => metrics.redisCall(operation, seconds, failed) }),
  });
  const limiter = metrics === undefined ? redis : instrumentRateLimiter(redis, metrics);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([limiter.connected, new Promise((resolve) => (timer = setTimeout(resolve, REDIS_START_WAIT_MS)))]);
  clearTimeout(timer);
  return { limiter, close: () => limiter.close() };
}

/**
 * Builds the services around a first snapshot. An unreachable Redis does not fail it (rate
 * limits fail open); an unreachable database does.
 * @throws when the store cannot be opened or migrated, or its change feed cannot be opened
 */
export async function createContext(config: Config, first: Snapshot, options: ContextOptions = {}): Promise<ServerContext> {
  const onBackgroundError = options.onBackgroundError ?? (() => undefined);
  const { metrics } = options;
  // `serve --html` (issue 33): a build that would leak an internal page refuses the start before anything opens.
  const built = openBuild(config, first);
  // People sign-in (issue 29), made first so a bad setting fails before the store opens; its
  // pending-login cookie is sealed under a key from the operator's secret.
  // The consent form of the authorization endpoint (issue 30) is sealed under another key from it.
  const secret = config.auth.oidc === null ? undefined : resolveSecret(config);
  const signin =
    secret === undefined
      ? undefined
      : createSignInService(config.baseUrl, config.auth, derivePendingLoginKey(secret), {
          now: options.now,
          log: options.log,
        });
  const opened = options.store ?? (await openStore(config, onBackgroundError, options.log));
  const store = metrics === undefined ? opened : instrumentStore(opened, metrics);
  const keys = createKeyService(store, { now: options.now, onBackgroundError });
  // Sign-in and sign-out are audited in the transaction of the session's own write (store.createSession, revokeSessions).
  const sessions = createSessionService(store, { settings: config.auth, now: options.now, onBackgroundError });
  // Agents' grants (issue 30): their tokens live while the grant does, cached about a second.
  const grants = createAgentGrantService(store, { now: options.now });
  let tokens: TokenService;
  let unwatch: () => Promise<void>;
  try {
    tokens = await createTokenService(store, keys, {
      issuer: config.baseUrl,
      audience: config.baseUrl,
      audiences: resourcesOf(config.baseUrl),
      grants,
      ttlSec: config.tokenTtlSec,
      now: options.now,
    });
    // Changes made by other replicas or the CLI drop this process's cached answers at once; the
    // caches' TTLs (about a second) bound staleness should a notification be lost.
    unwatch = await store.watch((change) => {
      keys.invalidate(change);
      tokens.invalidate(change);
      sessions.invalidate(change);
      grants.invalidate(change);
    });
  } catch (error) {
    if (options.store === undefined) await store.close();
    throw error;
  }
  const stopRetention = startRetention(store, {
    auditRetentionDays: config.auditRetentionDays,
    analyticsRetentionDays: config.analyticsRetentionDays,
    now: options.now,
    onError: onBackgroundError,
  });
  const rateLimits = await openRateLimiter(config, options.log ?? SILENT_LOG, metrics);
  const limiter = rateLimits.limiter;
  const now = options.now ?? (() => new Date());
  let current = first;
  const auditQueue = createAuditQueue(store, now, onBackgroundError);
  // Open pages reload after each rebuild in watch mode only (issue 32); the swap tells them.
  const liveReload = config.watch ? createLiveReload() : undefined;
  const analytics = config.analyticsEnabled
    ? createAnalyticsRecorder(store, {
        flushSec: config.analyticsFlushSec,
        onError: onBackgroundError,
        nowMs: options.now === undefined ? Date.now : () => now().getTime(),
      })
    : undefined;
  return {
    config,
    store,
    auth: {
      keys,
      tokens,
      sessions,
      grants,
      limiter,
      blockedAddresses: new Map(),
      audit: (event) => auditQueue.append(event),
      ...(metrics === undefined ? {} : { onCredentialCache: (hit: boolean) => metrics.cacheLookup('credential', hit) }),
    },
    readiness: createReadiness({ ping: () => store.ping() }),
    ...(signin === undefined ? {} : { signin }),
    agents: {
      settings: config.auth.agents,
      clients: createClientRegistry({ settings: config.auth.agents, store, limiter }),
      store,
      now,
      ...(secret === undefined ? {} : { consentKey: deriveConsentKey(secret) }),
    },
    observers: analytics === undefined ? [] : [analytics.observe],
    ...(analytics === undefined ? {} : { searched: analytics.searched }),
    ...(liveReload === undefined ? {} : { liveReload }),
    ...(built === undefined ? {} : { built }),
    snapshot: () => current,
    swapSnapshot(next) {
      current = next;
      liveReload?.changed();
    },
    async close() {
      liveReload?.close();
      await analytics?.close();
      await auditQueue.flush();
      rateLimits.close();
      await stopRetention();
      await unwatch();
      await store.close();
    },
  };
}
