/**
 * API key administration (the operator's CLI) and verification (requests and the token endpoint).
 * Verification reads keys through a short cache, so a revocation anywhere is honoured within
 * {@link KEY_CACHE_TTL_MS} while steady traffic costs no database round trip.
 */
import type { Scope } from '../errors.js';
import type { ApiKeyRecord, AuditEvent, Store, StoreChange } from '../store/store.js';
import { generateCredential, generateSecret, hashSecret, secretMatches, type NewCredential } from './api-keys.js';
import { sortScopes } from './scopes.js';

/** How long a key record read from the store is trusted (ms). */
export const KEY_CACHE_TTL_MS = 1000;
/** Last-used is written at most this often per key (ms): 5 minutes. */
export const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** Why a client's credentials were refused. */
export type KeyRefusal = 'unknown' | 'wrong_secret' | 'revoked' | 'expired';

/** Outcome of {@link KeyService.verify}. */
export type KeyVerification = { ok: true; key: ApiKeyRecord } | { ok: false; reason: KeyRefusal };

/**
 * The state of a key at an instant, as `keys list` shows it.
 * @param now the instant, as a Date or in ms since the epoch (the hot path passes a number)
 */
export function keyStatus(key: ApiKeyRecord, now: Date | number): 'active' | 'revoked' | 'expired' {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && key.expiresAt.getTime() <= (typeof now === 'number' ? now : now.getTime())) return 'expired';
  return 'active';
}

/** Operator actions and verification over the store. */
export interface KeyService {
  /** Issues a key. The credential is returned once and never stored in clear. */
  create(input: { name: string; scopes: Scope[]; expiresAt: Date | null }): Promise<{ key: ApiKeyRecord; credential: NewCredential }>;
  list(): Promise<ApiKeyRecord[]>;
  get(id: string): Promise<ApiKeyRecord | undefined>;
  /** @returns false when there is no such active key */
  revoke(id: string): Promise<boolean>;
  /** New secret; the old one keeps working for `graceMs`. @returns undefined when there is no such active key */
  rotate(id: string, graceMs: number): Promise<NewCredential | undefined>;
  /** Checks a client id and secret (constant-time) against the current or, within its grace, the previous secret. */
  verify(clientId: string, secret: string): Promise<KeyVerification>;
  /** The key if it exists and is neither revoked nor expired (cached). */
  activeKey(clientId: string): Promise<ApiKeyRecord | undefined>;
  /**
   * The key, without I/O, when the cache read it less than {@link KEY_CACHE_TTL_MS} ago and it is
   * active; undefined when the cache cannot tell (then use {@link activeKey}).
   * @param atMs the instant, ms since the epoch (default: the service's clock), so a caller that
   *   has read the clock for the same request need not read it again
   */
  cachedActiveKey(clientId: string, atMs?: number): ApiKeyRecord | undefined;
  /** Remembers an X-API-Key value that {@link verify} accepted, for {@link KEY_CACHE_TTL_MS}. */
  rememberApiKey(apiKey: string, key: ApiKeyRecord): void;
  /** The key of an X-API-Key value accepted moments ago and still active; undefined otherwise. */
  cachedApiKey(apiKey: string): ApiKeyRecord | undefined;
  /**
   * Records a successful use, at most every {@link TOUCH_INTERVAL_MS}. Called when a credential is
   * checked afresh: a client in steady use is, at least every {@link KEY_CACHE_TTL_MS}, so the
   * cached hits between (auth/authenticate.ts `cachedPrincipal`) need not call it.
   */
  touch(clientId: string): void;
  /**
   * Drops what the cache holds about a key another process changed (`key`), or everything
   * (`resync`); other changes are not about keys. The next use reads the store.
   */
  invalidate(change: StoreChange): void;
}

/** Options of {@link createKeyService}. */
export interface KeyServiceOptions {
  now?: () => Date;
  /** Called with store errors of background writes (last-used), which must not fail a request. */
  onBackgroundError?: (error: unknown) => void;
}

/** Builds the key service over a store. */
export function createKeyService(store: Store, options: KeyServiceOptions = {}): KeyService {
  const now = options.now ?? (() => new Date());
  // The hot path reads the clock as a number: no Date per request unless a test injects a clock.
  const nowMs = options.now === undefined ? Date.now : (): number => now().getTime();
  const cache = new Map<string, { key: ApiKeyRecord | undefined; untilMs: number }>();
  const touched = new Map<string, number>();
  const acceptedApiKeys = new Map<string, { id: string; untilMs: number }>();
  // Secrets that matched moments ago, by `client_id` and secret, with the hash they matched: a
  // client's repeated token requests skip the SHA-256. A map lookup compares a presented secret
  // with nothing unless its hash collides, so a wrong one learns no more than from secretMatches.
  const matchedSecrets = new Map<string, { hash: string; untilMs: number }>();
  /** Whether `secret` is the one hashed as `hash`, from the memo while it is fresh (at most {@link KEY_CACHE_TTL_MS}). */
  const matches = (clientId: string, secret: string, hash: string): boolean => {
    const memoKey = `${clientId}\n${secret}`;
    const atMs = nowMs();
    const memo = matchedSecrets.get(memoKey);
    if (memo !== undefined && memo.hash === hash && memo.untilMs > atMs) return true;
    if (!secretMatches(secret, hash)) return false;
    if (matchedSecrets.size >= 10_000) matchedSecrets.clear();
    matchedSecrets.set(memoKey, { hash, untilMs: atMs + KEY_CACHE_TTL_MS });
    return true;
  };
  // Operator actions are audited in the transaction of the change itself (a crash keeps both or neither).
  const audit = (event: Omit<AuditEvent, 'at' | 'address'>): AuditEvent => ({ ...event, at: now(), address: null });

  const read = async (id: string): Promise<ApiKeyRecord | undefined> => {
    const atMs = nowMs();
    const cached = cache.get(id);
    if (cached !== undefined && cached.untilMs > atMs) return cached.key;
    const key = await store.getKey(id);
    if (cache.size > 10_000) cache.clear();
    cache.set(id, { key, untilMs: atMs + KEY_CACHE_TTL_MS });
    return key;
  };

  const service: KeyService = {
    async create({ name, scopes, expiresAt }) {
      const credential = generateCredential();
      const key: ApiKeyRecord = {
        id: credential.clientId,
        name,
        scopes: sortScopes(scopes),
        secretHash: hashSecret(credential.clientSecret),
        previousSecretHash: null,
        previousSecretExpiresAt: null,
        createdAt: now(),
        expiresAt,
        revokedAt: null,
        lastUsedAt: null,
      };
      await store.createKey(key, audit({ type: 'key_created', clientId: key.id, detail: `name=${name} scopes=${key.scopes.join(',')}` }));
      return { key, credential };
    },
    list: () => store.listKeys(),
    get: (id) => store.getKey(id),
    async revoke(id) {
      const revoked = await store.revokeKey(id, now(), audit({ type: 'key_revoked', clientId: id, detail: null }));
      cache.delete(id);
      return revoked;
    },
    async rotate(id, graceMs) {
      const credential = generateSecret(id);
      const rotated = await store.rotateKey(
        id,
        hashSecret(credential.clientSecret),
        new Date(now().getTime() + graceMs),
        audit({ type: 'key_rotated', clientId: id, detail: `grace=${Math.round(graceMs / 1000)}s` }),
      );
      cache.delete(id);
      return rotated ? credential : undefined;
    },
    async verify(clientId, secret) {
      const key = await read(clientId);
      if (key === undefined) return { ok: false, reason: 'unknown' };
      const current = matches(clientId, secret, key.secretHash);
      const previous =
        !current &&
        key.previousSecretHash !== null &&
        key.previousSecretExpiresAt !== null &&
        key.previousSecretExpiresAt.getTime() > nowMs() &&
        matches(clientId, secret, key.previousSecretHash);
      if (!current && !previous) return { ok: false, reason: 'wrong_secret' };
      const status = keyStatus(key, nowMs());
      if (status !== 'active') return { ok: false, reason: status };
      return { ok: true, key };
    },
    cachedActiveKey(clientId, atMs = nowMs()) {
      const cached = cache.get(clientId);
      if (cached === undefined) return undefined;
      if (cached.untilMs <= atMs || cached.key === undefined) return undefined;
      return keyStatus(cached.key, atMs) === 'active' ? cached.key : undefined;
    },
    rememberApiKey(apiKey, key) {
      if (acceptedApiKeys.size >= 10_000) acceptedApiKeys.clear();
      acceptedApiKeys.set(apiKey, { id: key.id, untilMs: now().getTime() + KEY_CACHE_TTL_MS });
    },
    cachedApiKey(apiKey) {
      const accepted = acceptedApiKeys.get(apiKey);
      if (accepted === undefined) return undefined;
      const atMs = nowMs();
      if (accepted.untilMs <= atMs) {
        acceptedApiKeys.delete(apiKey);
        return undefined;
      }
      return service.cachedActiveKey(accepted.id, atMs);
    },
    async activeKey(clientId) {
      const key = await read(clientId);
      return key !== undefined && keyStatus(key, now()) === 'active' ? key : undefined;
    },
    touch(clientId) {
      const atMs = nowMs();
      if ((touched.get(clientId) ?? 0) + TOUCH_INTERVAL_MS > atMs) return;
      touched.set(clientId, atMs);
      store.touchKey(clientId, new Date(atMs)).catch(options.onBackgroundError ?? (() => undefined));
    },
    invalidate(change) {
      // Accepted X-API-Key values need no sweep: cachedApiKey asks cachedActiveKey, which now misses.
      if (change.kind === 'key') cache.delete(change.id);
      else if (change.kind === 'resync') cache.clear();
    },
  };
  return service;
}
