/**
 * People's browser sessions (issue 29; DESIGN.md "Who may read what"): made at sign-in
 * (signin/callback), read by the session credential scheme on every request that carries the
 * cookie, ended by sign-out or `sitegate sessions revoke`. Kept in the store, so every replica
 * sees a session and a revocation reaches all of them within the cache's bound.
 */
import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { sortScopes, type Scope } from './scopes.js';
import { SESSION_CLIENT_ID, type Principal } from './principal.js';
import type { AuditEvent, SessionRecord, Store, StoreChange } from '../store/store.js';
import type { AuthSettings } from '../signin/settings.js';
import { auditSubject } from './audit-subject.js';

/** Who signed in, as the sign-in step hands it over. */
export interface NewSession {
  /** The provider's `sub`. */
  subject: string;
  /** What the header shows (see {@link SessionRecord.name}). */
  name: string;
  email: string | null;
  scopes: Scope[];
  /** The client's IP address, for the audit log. */
  address: string;
}

/** The sessions, as the listener, the sign-in routes and the CLI use them. */
export interface SessionService {
  /**
   * Starts a session and records `signed_in` in the audit log.
   * @returns the cookie value (the secret: only its hash is stored) and the record
   */
  create(session: NewSession): Promise<{ cookieValue: string; record: SessionRecord }>;
  /**
   * The principal of a cookie value checked moments ago, without I/O; undefined when it must be
   * checked afresh ({@link verify}).
   */
  cachedPrincipal(cookieValue: string): Principal | undefined;
  /**
   * The principal of a cookie value, or undefined when it names no live session (unknown,
   * revoked, past its idle or absolute lifetime): such a cookie is no credential, the request is
   * anonymous. Touches the session (idle lifetime), at most once a minute.
   */
  verify(cookieValue: string): Promise<Principal | undefined>;
  /**
   * Ends the session of a cookie value (sign-out) and records `signed_out`.
   * @returns the session ended, or undefined when it named none
   */
  end(cookieValue: string, address: string): Promise<SessionRecord | undefined>;
}

/**
 * How long a session read from the store is trusted without reading it again (ms). A revocation
 * made on another replica reaches this one within this bound even when its notification is lost
 * (issue 29: within 2 s); with PostgreSQL the store's change feed drops the entry at once.
 */
export const SESSION_CACHE_TTL_MS = 1000;
/** How long a cookie value that named no live session is answered "none" without the store (ms). */
export const SESSION_NEGATIVE_TTL_MS = 10_000;
/** A session's `lastSeenAt` is written at most this often (ms): 1 minute. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
/** Cookie values each cache (accepted, refused) holds at most. */
export const SESSION_CACHE_MAX = 10_000;
/** Prefix of a session's public id. */
export const SESSION_ID_PREFIX = 'sgs_';

/** The cookie value: 32 random bytes, base64url without padding (RFC 4648 §5), 43 characters. */
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The store's session methods the service uses. */
export type SessionStore = Pick<Store, 'createSession' | 'getSessionBySecretHash' | 'touchSession' | 'revokeSessions'>;

/** Options of {@link createSessionService}. */
export interface SessionServiceOptions {
  /** The lifetimes (`auth.sessionTtl`, `auth.sessionIdleTtl`), in seconds. */
  settings: Pick<AuthSettings, 'sessionTtlSec' | 'sessionIdleTtlSec'>;
  /** Clock (tests); default the system clock, read as a number on the hot path. */
  now?: () => Date;
  /** Where errors of background writes (`touchSession`) go: they never fail a request. */
  onBackgroundError?: (error: unknown) => void;
}

/** The service the composition root builds: the {@link SessionService} and the hook of the store's change feed. */
export interface CachedSessionService extends SessionService {
  /**
   * Drops what the caches hold about a session another process revoked (`{ kind: 'session', id }`),
   * or every accepted session (`resync`: changes may have been missed); other changes are not
   * about sessions.
   */
  invalidate(change: StoreChange): void;
}

/** A session accepted moments ago: its principal and the facts that bound how long it may be reused. */
interface Accepted {
  principal: Principal;
  id: string;
  /** {@link SessionRecord.expiresAt}, ms since the epoch. */
  expiresAtMs: number;
  /** The latest activity known (the record's `lastSeenAt`, or a touch since), ms since the epoch. */
  lastSeenMs: number;
  /** When the store was read, ms since the epoch. */
  checkedAtMs: number;
}

/**
 * SHA-256 of a cookie value, lowercase hex: what {@link SessionRecord.secretHash} holds. The value
 * has 256 random bits, so a plain hash (no salt, no stretching) cannot be reversed or guessed.
 */
export function sessionSecretHash(cookieValue: string): string {
  return createHash('sha256').update(cookieValue).digest('hex');
}

/**
 * The principal of a session record (DESIGN.md "Who may read what"): scheme `session`, the shared
 * {@link SESSION_CLIENT_ID}, the scopes fixed at sign-in, and the person.
 */
export function sessionPrincipal(record: SessionRecord): Principal {
  return {
    scheme: 'session',
    clientId: SESSION_CLIENT_ID,
    scopes: record.scopes,
    person: { subject: record.subject, name: record.name, sessionId: record.id },
  };
}

/**
 * Builds the session service over a store. Sessions are read through two bounded in-memory
 * caches keyed by cookie value: accepted ones, reused without I/O for at most
 * {@link SESSION_CACHE_TTL_MS} and never past their idle or absolute end, and refused ones
 * (unknown, revoked, expired: none can come back), answered without the store for
 * {@link SESSION_NEGATIVE_TTL_MS}, so a stale cookie sent on every request costs no query each time.
 * @param store the store's session methods (store/store.ts)
 */
export function createSessionService(store: SessionStore, options: SessionServiceOptions): CachedSessionService {
  const now = options.now ?? (() => new Date());
  // The hot path reads the clock as a number: no Date per request unless a test injects a clock.
  const nowMs = options.now === undefined ? Date.now : (): number => now().getTime();
  const onBackgroundError = options.onBackgroundError ?? (() => undefined);
  const ttlMs = options.settings.sessionTtlSec * 1000;
  const idleMs = options.settings.sessionIdleTtlSec * 1000;
  const accepted = new LRUCache<string, Accepted>({ max: SESSION_CACHE_MAX });
  /** Refused cookie values → until when they stay refused without a look-up (ms since the epoch). */
  const refused = new LRUCache<string, number>({ max: SESSION_CACHE_MAX });
  /** Session id → when this process last wrote its `lastSeenAt` (ms since the epoch). */
  const touched = new LRUCache<string, number>({ max: SESSION_CACHE_MAX });

  const refuse = (cookieValue: string, atMs: number): undefined => {
    accepted.delete(cookieValue);
    refused.set(cookieValue, atMs + SESSION_NEGATIVE_TTL_MS);
    return undefined;
  };

  /** Whether a session, as last known, is live at `atMs`: not past its absolute end, not idle too long. */
  const live = (expiresAtMs: number, lastSeenMs: number, atMs: number): boolean => atMs < expiresAtMs && atMs < lastSeenMs + idleMs;

  /** Records activity at most every {@link SESSION_TOUCH_INTERVAL_MS}, off the request path. @returns the latest activity known */
  const touch = (record: SessionRecord, atMs: number): number => {
    const lastSeenMs = Math.max(record.lastSeenAt.getTime(), touched.get(record.id) ?? 0);
    if (atMs - lastSeenMs < SESSION_TOUCH_INTERVAL_MS) return lastSeenMs;
    touched.set(record.id, atMs);
    store.touchSession(record.id, new Date(atMs)).catch(onBackgroundError);
    return atMs;
  };

  /** Look-ups of the store in flight, by cookie value. */
  const inflight = new Map<string, Promise<Principal | undefined>>();
  /**
   * Counts the change-feed notifications about sessions: a look-up that began before one does not
   * fill the cache with what it read (a revocation could have crossed it).
   */
  let generation = 0;

  /** Reads a cookie value's session from the store and caches the outcome. */
  const lookUp = async (cookieValue: string): Promise<Principal | undefined> => {
    const startedIn = generation;
    const record = await store.getSessionBySecretHash(sessionSecretHash(cookieValue));
    const atMs = nowMs();
    if (record === undefined || record.revokedAt !== null) return refuse(cookieValue, atMs);
    const expiresAtMs = record.expiresAt.getTime();
    const knownLastSeenMs = Math.max(record.lastSeenAt.getTime(), touched.get(record.id) ?? 0);
    if (!live(expiresAtMs, knownLastSeenMs, atMs)) return refuse(cookieValue, atMs);
    const lastSeenMs = touch(record, atMs);
    // A record read again keeps the principal made before when nothing it shows changed.
    const previous = accepted.get(cookieValue);
    const principal =
      previous !== undefined && previous.id === record.id && sameScopes(previous.principal.scopes, record.scopes)
        ? previous.principal
        : sessionPrincipal(record);
    if (startedIn === generation) accepted.set(cookieValue, { principal, id: record.id, expiresAtMs, lastSeenMs, checkedAtMs: atMs });
    return principal;
  };

  const service: CachedSessionService = {
    async create(session) {
      const at = now();
      const cookieValue = randomBytes(32).toString('base64url');
      // The public id is drawn apart from the secret: knowing one tells nothing of the other.
      const id = SESSION_ID_PREFIX + randomBytes(16).toString('base64url');
      const scopes = sortScopes(session.scopes);
      const record: SessionRecord = {
        id,
        secretHash: sessionSecretHash(cookieValue),
        subject: session.subject,
        name: session.name,
        email: session.email,
        scopes,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + ttlMs),
        revokedAt: null,
      };
      const audit: AuditEvent = {
        at,
        type: 'signed_in',
        clientId: null,
        address: session.address,
        detail: `session=${id} sub=${auditSubject(session.subject)} scopes=${scopes.join(' ')}`,
      };
      await store.createSession(record, audit);
      return { cookieValue, record };
    },

    cachedPrincipal(cookieValue) {
      const hit = accepted.get(cookieValue);
      if (hit === undefined) return undefined;
      const atMs = nowMs();
      if (atMs - hit.checkedAtMs >= SESSION_CACHE_TTL_MS || !live(hit.expiresAtMs, hit.lastSeenMs, atMs)) return undefined;
      return hit.principal;
    },

    async verify(cookieValue) {
      const cached = service.cachedPrincipal(cookieValue);
      if (cached !== undefined) return cached;
      const atMs = nowMs();
      // Not a value create() makes: no session can have it, and it is not worth a query.
      if (!COOKIE_VALUE.test(cookieValue)) return undefined;
      const refusedUntil = refused.get(cookieValue);
      if (refusedUntil !== undefined) {
        if (refusedUntil > atMs) return undefined;
        refused.delete(cookieValue);
      }
      // A page's parallel requests share one look-up of its cookie.
      let reading = inflight.get(cookieValue);
      if (reading === undefined) {
        reading = lookUp(cookieValue).finally(() => inflight.delete(cookieValue));
        inflight.set(cookieValue, reading);
      }
      return reading;
    },

    async end(cookieValue, address) {
      if (!COOKIE_VALUE.test(cookieValue)) return undefined;
      // Dropped first: from here on this replica never answers the cookie from memory.
      accepted.delete(cookieValue);
      const record = await store.getSessionBySecretHash(sessionSecretHash(cookieValue));
      const at = now();
      if (record === undefined) return refuse(cookieValue, at.getTime());
      const audit: AuditEvent = {
        at,
        type: 'signed_out',
        clientId: null,
        address,
        detail: `session=${record.id} sub=${auditSubject(record.subject)}`,
      };
      const [ended] = await store.revokeSessions({ id: record.id }, at, audit);
      refuse(cookieValue, at.getTime());
      return ended;
    },

    invalidate(change) {
      if (change.kind !== 'session' && change.kind !== 'resync') return;
      generation++;
      if (change.kind === 'resync') accepted.clear();
      else {
        // Revocations are rare and the cache bounded: a scan beats a second index kept on every sign-in.
        const gone: string[] = [];
        for (const [cookieValue, entry] of accepted.entries()) if (entry.id === change.id) gone.push(cookieValue);
        for (const cookieValue of gone) accepted.delete(cookieValue);
      }
    },
  };
  return service;
}

/** Whether two scope lists are the same, in the same order (both come sorted from the store). */
function sameScopes(a: readonly Scope[], b: readonly Scope[]): boolean {
  return a.length === b.length && a.every((scope, i) => scope === b[i]);
}
