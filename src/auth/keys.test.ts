import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStore } from '../store/sqlite.js';
import type { Store } from '../store/store.js';
import { hashSecret } from './api-keys.js';
import { createKeyService, KEY_CACHE_TTL_MS, keyStatus, TOUCH_INTERVAL_MS, type KeyService } from './keys.js';

const START_MS = Date.parse('2030-01-01T00:00:00.000Z');
const HOUR_MS = 60 * 60 * 1000;

describe('KeyService', () => {
  let dir: string;
  let store: Store;
  let nowMs: number;
  let keys: KeyService;
  const now = (): Date => new Date(nowMs);

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegate-keys-'));
    store = await openSqliteStore(dir);
    nowMs = START_MS;
    keys = createKeyService(store, { now });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('create', () => {
    it('stores the key with the hash of its secret only, and returns the credential once', async () => {
      const { key, credential } = await keys.create({ name: 'crawler', scopes: ['content:read', 'search:read'], expiresAt: null });
      expect(key).toStrictEqual({
        id: credential.clientId,
        name: 'crawler',
        // Stored in SPEC.md order whatever the order given.
        scopes: ['search:read', 'content:read'],
        secretHash: hashSecret(credential.clientSecret),
        previousSecretHash: null,
        previousSecretExpiresAt: null,
        createdAt: new Date(START_MS),
        expiresAt: null,
        revokedAt: null,
        lastUsedAt: null,
      });
      expect(await store.getKey(key.id)).toStrictEqual(key);
      expect(await keys.get(key.id)).toStrictEqual(key);
      expect(await keys.list()).toStrictEqual([key]);
    });
  });

  describe('verify', () => {
    it('accepts the current secret', async () => {
      const { key, credential } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      expect(await keys.verify(credential.clientId, credential.clientSecret)).toStrictEqual({ ok: true, key });
    });

    it('refuses a wrong secret', async () => {
      const { credential } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      const wrong = `${credential.clientSecret.slice(0, -1)}${credential.clientSecret.endsWith('x') ? 'y' : 'x'}`;
      expect(await keys.verify(credential.clientId, wrong)).toStrictEqual({ ok: false, reason: 'wrong_secret' });
      expect(await keys.verify(credential.clientId, '')).toStrictEqual({ ok: false, reason: 'wrong_secret' });
    });

    it('refuses an unknown client', async () => {
      expect(await keys.verify('sgc_0000000000000000', 'secret')).toStrictEqual({ ok: false, reason: 'unknown' });
    });

    it('refuses a revoked key, at once when revoked through the same service', async () => {
      const { credential } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      expect((await keys.verify(credential.clientId, credential.clientSecret)).ok).toBe(true);
      expect(await keys.revoke(credential.clientId)).toBe(true);
      expect(await keys.verify(credential.clientId, credential.clientSecret)).toStrictEqual({ ok: false, reason: 'revoked' });
      expect(await keys.activeKey(credential.clientId)).toBeUndefined();
    });

    it('refuses an expired key from its expiry instant on', async () => {
      const expiresAt = new Date(START_MS + HOUR_MS);
      const { key, credential } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt });
      nowMs = expiresAt.getTime() - 1;
      expect(await keys.verify(credential.clientId, credential.clientSecret)).toStrictEqual({ ok: true, key });
      nowMs = expiresAt.getTime();
      expect(await keys.verify(credential.clientId, credential.clientSecret)).toStrictEqual({ ok: false, reason: 'expired' });
      expect(await keys.activeKey(credential.clientId)).toBeUndefined();
    });

    it('refuses a key created already expired', async () => {
      const { credential } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: new Date(START_MS - 1) });
      expect(await keys.verify(credential.clientId, credential.clientSecret)).toStrictEqual({ ok: false, reason: 'expired' });
    });

    it('honours a revocation made elsewhere (another process) once KEY_CACHE_TTL_MS has passed', async () => {
      const { credential } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      expect((await keys.verify(credential.clientId, credential.clientSecret)).ok).toBe(true);
      const elsewhere = createKeyService(store, { now });
      expect(await elsewhere.revoke(credential.clientId)).toBe(true);
      // Within the cache lifetime the cached record may still answer…
      nowMs += KEY_CACHE_TTL_MS - 1;
      expect((await keys.verify(credential.clientId, credential.clientSecret)).ok).toBe(true);
      // …and from KEY_CACHE_TTL_MS after it was read, the revocation is honoured.
      nowMs = START_MS + KEY_CACHE_TTL_MS;
      expect(await keys.verify(credential.clientId, credential.clientSecret)).toStrictEqual({ ok: false, reason: 'revoked' });
      expect(await keys.activeKey(credential.clientId)).toBeUndefined();
    });

    it('sees a key created elsewhere once an earlier "unknown" answer is KEY_CACHE_TTL_MS old', async () => {
      const id = 'sgc_0000000000000042';
      expect(await keys.verify(id, 'the-secret')).toStrictEqual({ ok: false, reason: 'unknown' });
      await store.createKey({
        id,
        name: 'made elsewhere',
        scopes: ['search:read'],
        secretHash: hashSecret('the-secret'),
        previousSecretHash: null,
        previousSecretExpiresAt: null,
        createdAt: new Date(START_MS),
        expiresAt: null,
        revokedAt: null,
        lastUsedAt: null,
      });
      nowMs += KEY_CACHE_TTL_MS - 1;
      expect((await keys.verify(id, 'the-secret')).ok).toBe(false);
      nowMs += 1;
      expect((await keys.verify(id, 'the-secret')).ok).toBe(true);
    });
  });

  describe('rotate', () => {
    it('makes a new secret that works at once, and keeps the old one until the grace period ends', async () => {
      const { credential: old } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      const graceMs = HOUR_MS;
      const fresh = await keys.rotate(old.clientId, graceMs);
      expect(fresh).toBeDefined();
      if (fresh === undefined) return;
      expect(fresh.clientId).toBe(old.clientId);
      expect(fresh.clientSecret).not.toBe(old.clientSecret);
      expect((await keys.verify(old.clientId, fresh.clientSecret)).ok).toBe(true);
      expect((await keys.verify(old.clientId, old.clientSecret)).ok).toBe(true);

      nowMs = START_MS + graceMs - 1;
      expect((await keys.verify(old.clientId, old.clientSecret)).ok).toBe(true);
      nowMs = START_MS + graceMs;
      expect(await keys.verify(old.clientId, old.clientSecret)).toStrictEqual({ ok: false, reason: 'wrong_secret' });
      expect((await keys.verify(old.clientId, fresh.clientSecret)).ok).toBe(true);
    });

    it('stores only hashes: the new one current, the old one previous with the grace end', async () => {
      const { credential: old } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      const fresh = await keys.rotate(old.clientId, HOUR_MS);
      const stored = await store.getKey(old.clientId);
      expect(stored?.secretHash).toBe(hashSecret(fresh?.clientSecret ?? ''));
      expect(stored?.previousSecretHash).toBe(hashSecret(old.clientSecret));
      expect(stored?.previousSecretExpiresAt).toStrictEqual(new Date(START_MS + HOUR_MS));
    });

    it('a second rotation ends the first secret at once', async () => {
      const { credential: first } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      const second = await keys.rotate(first.clientId, HOUR_MS);
      const third = await keys.rotate(first.clientId, HOUR_MS);
      expect(await keys.verify(first.clientId, first.clientSecret)).toStrictEqual({ ok: false, reason: 'wrong_secret' });
      expect((await keys.verify(first.clientId, second?.clientSecret ?? '')).ok).toBe(true);
      expect((await keys.verify(first.clientId, third?.clientSecret ?? '')).ok).toBe(true);
    });

    it('ends the old secret when the grace ends, though it was accepted a moment before (the match memo)', async () => {
      const { credential: old } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      const graceMs = KEY_CACHE_TTL_MS / 2;
      await keys.rotate(old.clientId, graceMs);
      expect((await keys.verify(old.clientId, old.clientSecret)).ok).toBe(true);
      nowMs = START_MS + graceMs;
      expect(await keys.verify(old.clientId, old.clientSecret)).toStrictEqual({ ok: false, reason: 'wrong_secret' });
    });

    it('refuses a secret accepted a moment before once the key is rotated without grace, or revoked', async () => {
      const { credential } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      expect((await keys.verify(credential.clientId, credential.clientSecret)).ok).toBe(true);
      await keys.rotate(credential.clientId, 0);
      expect(await keys.verify(credential.clientId, credential.clientSecret)).toStrictEqual({ ok: false, reason: 'wrong_secret' });
      const { credential: other } = await keys.create({ name: 'b', scopes: ['search:read'], expiresAt: null });
      expect((await keys.verify(other.clientId, other.clientSecret)).ok).toBe(true);
      await keys.revoke(other.clientId);
      expect(await keys.verify(other.clientId, other.clientSecret)).toStrictEqual({ ok: false, reason: 'revoked' });
      expect(await keys.verify(other.clientId, `${other.clientSecret}x`)).toStrictEqual({ ok: false, reason: 'wrong_secret' });
    });

    it('returns undefined for a revoked or unknown key', async () => {
      const { credential } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      await keys.revoke(credential.clientId);
      expect(await keys.rotate(credential.clientId, HOUR_MS)).toBeUndefined();
      expect(await keys.rotate('sgc_0000000000000000', HOUR_MS)).toBeUndefined();
    });
  });

  describe('invalidate', () => {
    it('key: the next check reads the store, so a revocation elsewhere is honoured before the TTL ends', async () => {
      const { credential } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      const verified = await keys.verify(credential.clientId, credential.clientSecret);
      if (!verified.ok) throw new Error('not verified');
      keys.rememberApiKey(credential.apiKey, verified.key);
      await createKeyService(store, { now }).revoke(credential.clientId);
      expect(keys.cachedApiKey(credential.apiKey)?.id).toBe(credential.clientId);
      keys.invalidate({ kind: 'key', id: credential.clientId });
      expect(keys.cachedActiveKey(credential.clientId)).toBeUndefined();
      expect(keys.cachedApiKey(credential.apiKey)).toBeUndefined();
      expect(await keys.verify(credential.clientId, credential.clientSecret)).toStrictEqual({ ok: false, reason: 'revoked' });
    });

    it('key: a key created elsewhere is found at once, despite an earlier "unknown" answer', async () => {
      const id = 'sgc_0000000000000042';
      expect(await keys.verify(id, 'the-secret')).toStrictEqual({ ok: false, reason: 'unknown' });
      await store.createKey({
        id,
        name: 'made elsewhere',
        scopes: ['search:read'],
        secretHash: hashSecret('the-secret'),
        previousSecretHash: null,
        previousSecretExpiresAt: null,
        createdAt: new Date(START_MS),
        expiresAt: null,
        revokedAt: null,
        lastUsedAt: null,
      });
      expect((await keys.verify(id, 'the-secret')).ok).toBe(false);
      keys.invalidate({ kind: 'key', id });
      expect((await keys.verify(id, 'the-secret')).ok).toBe(true);
    });

    it('resync forgets every key; token and signing-key changes forget none', async () => {
      const { credential } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      await keys.activeKey(credential.clientId);
      keys.invalidate({ kind: 'token', jti: 'j' });
      keys.invalidate({ kind: 'signingKey', kid: 'k' });
      keys.invalidate({ kind: 'key', id: 'sgc_someone_else0000' });
      expect(keys.cachedActiveKey(credential.clientId)?.id).toBe(credential.clientId);
      keys.invalidate({ kind: 'resync' });
      expect(keys.cachedActiveKey(credential.clientId)).toBeUndefined();
    });
  });

  describe('revoke', () => {
    it('returns true once, then false; false for an unknown key', async () => {
      const { credential } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      expect(await keys.revoke(credential.clientId)).toBe(true);
      expect(await keys.revoke(credential.clientId)).toBe(false);
      expect(await keys.revoke('sgc_0000000000000000')).toBe(false);
      expect((await keys.get(credential.clientId))?.revokedAt).toStrictEqual(new Date(START_MS));
    });
  });

  describe('touch', () => {
    it('writes last-used at most every TOUCH_INTERVAL_MS per key', async () => {
      const touchKey = vi.spyOn(store, 'touchKey');
      keys = createKeyService(store, { now });
      const { credential: a } = await keys.create({ name: 'a', scopes: ['search:read'], expiresAt: null });
      const { credential: b } = await keys.create({ name: 'b', scopes: ['search:read'], expiresAt: null });

      keys.touch(a.clientId);
      keys.touch(a.clientId);
      nowMs += TOUCH_INTERVAL_MS - 1;
      keys.touch(a.clientId);
      keys.touch(b.clientId);
      expect(touchKey.mock.calls).toStrictEqual([
        [a.clientId, new Date(START_MS)],
        [b.clientId, new Date(START_MS + TOUCH_INTERVAL_MS - 1)],
      ]);

      nowMs = START_MS + TOUCH_INTERVAL_MS;
      keys.touch(a.clientId);
      expect(touchKey).toHaveBeenCalledTimes(3);
      expect(touchKey).toHaveBeenLastCalledWith(a.clientId, new Date(START_MS + TOUCH_INTERVAL_MS));
      await vi.waitFor(async () => {
        expect((await store.getKey(a.clientId))?.lastUsedAt).toStrictEqual(new Date(START_MS + TOUCH_INTERVAL_MS));
      });
    });

    it('hands a failed write to onBackgroundError instead of throwing', async () => {
      const failure = new Error('disk full');
      vi.spyOn(store, 'touchKey').mockRejectedValue(failure);
      const onBackgroundError = vi.fn();
      keys = createKeyService(store, { now, onBackgroundError });
      expect(() => keys.touch('sgc_0000000000000000')).not.toThrow();
      await vi.waitFor(() => expect(onBackgroundError).toHaveBeenCalledWith(failure));
    });
  });

  describe('audit', () => {
    it('records create, rotate and revoke, and never a secret or its hash', async () => {
      const { credential } = await keys.create({ name: 'crawler', scopes: ['search:read', 'internal:read'], expiresAt: null });
      nowMs += 1000;
      const rotated = await keys.rotate(credential.clientId, 2 * HOUR_MS);
      nowMs += 1000;
      await keys.revoke(credential.clientId);
      // Refused operations leave no event.
      await keys.revoke(credential.clientId);
      await keys.rotate(credential.clientId, HOUR_MS);
      await keys.rotate('sgc_0000000000000000', HOUR_MS);

      const events = await store.listAudit(new Date(0), 100);
      expect(events).toStrictEqual([
        {
          at: new Date(START_MS),
          type: 'key_created',
          clientId: credential.clientId,
          address: null,
          detail: 'name=crawler scopes=search:read,internal:read',
        },
        { at: new Date(START_MS + 1000), type: 'key_rotated', clientId: credential.clientId, address: null, detail: 'grace=7200s' },
        { at: new Date(START_MS + 2000), type: 'key_revoked', clientId: credential.clientId, address: null, detail: null },
      ]);
      const text = JSON.stringify(events);
      for (const secret of [credential.clientSecret, credential.apiKey, rotated?.clientSecret, rotated?.apiKey]) {
        expect(secret).toBeDefined();
        expect(text).not.toContain(secret);
        expect(text).not.toContain(hashSecret(secret ?? ''));
      }
    });
  });
});

describe('keyStatus', () => {
  const base = {
    id: 'sgc_0000000000000001',
    name: 'a',
    scopes: [],
    secretHash: '',
    previousSecretHash: null,
    previousSecretExpiresAt: null,
    createdAt: new Date(START_MS),
    lastUsedAt: null,
  };
  it.each<[string, Date | null, Date | null, string]>([
    ['no expiry, not revoked', null, null, 'active'],
    ['expiry ahead', new Date(START_MS + 1), null, 'active'],
    ['expiry now', new Date(START_MS), null, 'expired'],
    ['revoked and expired', new Date(START_MS - 1), new Date(START_MS - 2), 'revoked'],
  ])('%s → %s', (_label, expiresAt, revokedAt, expected) => {
    expect(keyStatus({ ...base, expiresAt, revokedAt }, new Date(START_MS))).toBe(expected);
  });
});
