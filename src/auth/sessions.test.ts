import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionRecord } from '../store/store.js';
import { FakeSessionStore } from '../../test/fake-session-store.js';
import { SESSION_CLIENT_ID } from './principal.js';
import {
  createSessionService,
  SESSION_CACHE_TTL_MS,
  SESSION_NEGATIVE_TTL_MS,
  SESSION_TOUCH_INTERVAL_MS,
  sessionSecretHash,
  type CachedSessionService,
} from './sessions.js';

const START_MS = Date.parse('2030-01-01T00:00:00.000Z');
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const SETTINGS = { sessionTtlSec: 8 * 60 * 60, sessionIdleTtlSec: 60 * 60 };

describe('SessionService', () => {
  let store: FakeSessionStore;
  let nowMs: number;
  let backgroundErrors: unknown[];
  let sessions: CachedSessionService;
  const now = (): Date => new Date(nowMs);
  const signIn = () =>
    sessions.create({
      subject: 'u-123',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      scopes: ['internal:read', 'search:read', 'content:read'],
      address: '203.0.113.7',
    });
  const expectedPrincipal = (id: string) => ({
    scheme: 'session',
    clientId: SESSION_CLIENT_ID,
    scopes: ['search:read', 'content:read', 'internal:read'],
    person: { subject: 'u-123', name: 'Ada Lovelace', sessionId: id },
  });

  beforeEach(() => {
    store = new FakeSessionStore();
    nowMs = START_MS;
    backgroundErrors = [];
    sessions = createSessionService(store, { settings: SETTINGS, now, onBackgroundError: (error) => backgroundErrors.push(error) });
  });

  describe('create', () => {
    it('stores the SHA-256 of a random cookie value under a separate public id, and audits signed_in in the same write', async () => {
      const { cookieValue, record } = await signIn();
      expect(cookieValue).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(record.id).toMatch(/^sgs_[A-Za-z0-9_-]{22}$/);
      const secretHash = createHash('sha256').update(cookieValue).digest('hex');
      expect(sessionSecretHash(cookieValue)).toBe(secretHash);
      const expected: SessionRecord = {
        id: record.id,
        secretHash,
        subject: 'u-123',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        scopes: ['search:read', 'content:read', 'internal:read'],
        createdAt: new Date(START_MS),
        lastSeenAt: new Date(START_MS),
        expiresAt: new Date(START_MS + 8 * HOUR_MS),
        revokedAt: null,
      };
      expect(record).toStrictEqual(expected);
      expect(store.sessions.get(record.id)).toStrictEqual(expected);
      expect(store.audits).toStrictEqual([
        {
          at: new Date(START_MS),
          type: 'signed_in',
          clientId: null,
          address: '203.0.113.7',
          detail: `session=${record.id} sub=u-123 scopes=search:read content:read internal:read`,
        },
      ]);
      // The secret itself is stored nowhere, audited nowhere.
      expect(JSON.stringify([...store.sessions.values(), store.audits])).not.toContain(cookieValue);
    });

    it('draws a fresh cookie value and id for every sign-in', async () => {
      const one = await signIn();
      const two = await signIn();
      expect(one.cookieValue).not.toBe(two.cookieValue);
      expect(one.record.id).not.toBe(two.record.id);
    });
  });

  describe('verify and the cache', () => {
    it('answers a live session with its principal, then from memory for SESSION_CACHE_TTL_MS, then reads the store again', async () => {
      const { cookieValue, record } = await signIn();
      expect(sessions.cachedPrincipal(cookieValue)).toBeUndefined();
      const principal = await sessions.verify(cookieValue);
      expect(principal).toStrictEqual(expectedPrincipal(record.id));
      expect(store.reads).toBe(1);
      nowMs += SESSION_CACHE_TTL_MS - 1;
      // The very object: a hit allocates nothing.
      expect(sessions.cachedPrincipal(cookieValue)).toBe(principal);
      expect(await sessions.verify(cookieValue)).toBe(principal);
      expect(store.reads).toBe(1);
      nowMs += 1;
      expect(sessions.cachedPrincipal(cookieValue)).toBeUndefined();
      expect(await sessions.verify(cookieValue)).toBe(principal);
      expect(store.reads).toBe(2);
    });

    it('ends a session idle for auth.sessionIdleTtl, and keeps one in use alive through its touches', async () => {
      const { cookieValue } = await signIn();
      nowMs = START_MS + 30 * MINUTE_MS;
      expect(await sessions.verify(cookieValue)).toBeDefined();
      // More than an hour after sign-in, but idle counts from the last request (touched at 30 min).
      nowMs = START_MS + 89 * MINUTE_MS;
      expect(await sessions.verify(cookieValue)).toBeDefined();
      nowMs = START_MS + 89 * MINUTE_MS + HOUR_MS;
      expect(await sessions.verify(cookieValue)).toBeUndefined();
    });

    it('refuses a session at its idle end exactly, then without the store', async () => {
      const early = await signIn();
      const late = await signIn();
      nowMs = START_MS + HOUR_MS - 1;
      expect(await sessions.verify(early.cookieValue)).toBeDefined();
      nowMs = START_MS + HOUR_MS;
      expect(await sessions.verify(late.cookieValue)).toBeUndefined();
      // A value once refused stays so without a look-up (the negative cache).
      const reads = store.reads;
      expect(await sessions.verify(late.cookieValue)).toBeUndefined();
      expect(store.reads).toBe(reads);
    });

    it('refuses a session at its absolute end (auth.sessionTtl), however busy, even from the cache', async () => {
      const { cookieValue } = await signIn();
      for (let at = START_MS; at < START_MS + 8 * HOUR_MS; at += 30 * MINUTE_MS) {
        nowMs = at;
        expect(await sessions.verify(cookieValue)).toBeDefined();
      }
      nowMs = START_MS + 8 * HOUR_MS - 1;
      expect(await sessions.verify(cookieValue)).toBeDefined();
      // Within the cache's second, but past expiresAt: the hit is refused.
      nowMs = START_MS + 8 * HOUR_MS;
      expect(sessions.cachedPrincipal(cookieValue)).toBeUndefined();
      expect(await sessions.verify(cookieValue)).toBeUndefined();
    });

    it('refuses a revoked session: at once when the change feed says so, else within SESSION_CACHE_TTL_MS', async () => {
      const one = await signIn();
      const two = await signIn();
      await sessions.verify(one.cookieValue);
      await sessions.verify(two.cookieValue);
      // Revoked by another process (the CLI, another replica): the store says so, this cache not yet.
      await store.revokeSessions({ id: one.record.id }, now());
      await store.revokeSessions({ id: two.record.id }, now());
      expect(sessions.cachedPrincipal(one.cookieValue)).toBeDefined();
      sessions.invalidate({ kind: 'session', id: one.record.id });
      expect(sessions.cachedPrincipal(one.cookieValue)).toBeUndefined();
      expect(await sessions.verify(one.cookieValue)).toBeUndefined();
      // Without a notification: the bound of the cache.
      expect(sessions.cachedPrincipal(two.cookieValue)).toBeDefined();
      nowMs += SESSION_CACHE_TTL_MS;
      expect(await sessions.verify(two.cookieValue)).toBeUndefined();
    });

    it('drops every accepted session on resync, and ignores changes about other things', async () => {
      const { cookieValue } = await signIn();
      await sessions.verify(cookieValue);
      sessions.invalidate({ kind: 'key', id: 'sgk_x' });
      sessions.invalidate({ kind: 'session', id: 'sgs_other' });
      expect(sessions.cachedPrincipal(cookieValue)).toBeDefined();
      sessions.invalidate({ kind: 'resync' });
      expect(sessions.cachedPrincipal(cookieValue)).toBeUndefined();
    });

    it('shares one store look-up among concurrent requests of the same cookie', async () => {
      const { cookieValue, record } = await signIn();
      const principals = await Promise.all([sessions.verify(cookieValue), sessions.verify(cookieValue), sessions.verify(cookieValue)]);
      expect(store.reads).toBe(1);
      expect(principals).toStrictEqual([expectedPrincipal(record.id), expectedPrincipal(record.id), expectedPrincipal(record.id)]);
      expect(principals[1]).toBe(principals[0]);
    });

    it('does not cache a look-up that a revocation notice crossed', async () => {
      const { cookieValue, record } = await signIn();
      const reading = sessions.verify(cookieValue);
      // The notice arrives while the store's answer (read before the revocation) is on its way.
      sessions.invalidate({ kind: 'session', id: record.id });
      expect(await reading).toStrictEqual(expectedPrincipal(record.id));
      expect(sessions.cachedPrincipal(cookieValue)).toBeUndefined();
    });

    it('remembers an unknown cookie value for SESSION_NEGATIVE_TTL_MS, and never queries a malformed one', async () => {
      const unknown = 'A'.repeat(43);
      expect(await sessions.verify(unknown)).toBeUndefined();
      expect(store.reads).toBe(1);
      nowMs += SESSION_NEGATIVE_TTL_MS - 1;
      expect(await sessions.verify(unknown)).toBeUndefined();
      expect(store.reads).toBe(1);
      nowMs += 1;
      expect(await sessions.verify(unknown)).toBeUndefined();
      expect(store.reads).toBe(2);
      for (const malformed of ['', 'short', `${'A'.repeat(42)}=`, 'A'.repeat(44), `${'A'.repeat(42)}.`]) {
        expect(await sessions.verify(malformed)).toBeUndefined();
        expect(sessions.cachedPrincipal(malformed)).toBeUndefined();
      }
      expect(store.reads).toBe(2);
    });
  });

  describe('touch', () => {
    it('writes lastSeenAt at most once per SESSION_TOUCH_INTERVAL_MS, off the request path', async () => {
      const { cookieValue, record } = await signIn();
      // A second apart at least, so that each is read from the store (the cache's hits never touch).
      for (const atMs of [1000, 30_000, SESSION_TOUCH_INTERVAL_MS - 2000]) {
        nowMs = START_MS + atMs;
        await sessions.verify(cookieValue);
      }
      expect(store.touches).toStrictEqual([]);
      nowMs = START_MS + SESSION_TOUCH_INTERVAL_MS;
      await sessions.verify(cookieValue);
      expect(store.touches).toStrictEqual([{ id: record.id, at: new Date(START_MS + SESSION_TOUCH_INTERVAL_MS) }]);
      for (const atMs of [SESSION_TOUCH_INTERVAL_MS + 2000, 2 * SESSION_TOUCH_INTERVAL_MS - 2000]) {
        nowMs = START_MS + atMs;
        await sessions.verify(cookieValue);
      }
      expect(store.touches).toHaveLength(1);
      nowMs = START_MS + 2 * SESSION_TOUCH_INTERVAL_MS;
      await sessions.verify(cookieValue);
      expect(store.touches).toStrictEqual([
        { id: record.id, at: new Date(START_MS + SESSION_TOUCH_INTERVAL_MS) },
        { id: record.id, at: new Date(START_MS + 2 * SESSION_TOUCH_INTERVAL_MS) },
      ]);
    });

    it('hands a failed touch to onBackgroundError and still answers the request', async () => {
      const { cookieValue, record } = await signIn();
      store.failTouch = true;
      nowMs = START_MS + SESSION_TOUCH_INTERVAL_MS;
      expect(await sessions.verify(cookieValue)).toStrictEqual(expectedPrincipal(record.id));
      await Promise.resolve();
      expect(backgroundErrors).toStrictEqual([new Error('database down')]);
    });
  });

  describe('end', () => {
    it('revokes the session of a cookie value, audits signed_out in the same write, and forgets it at once', async () => {
      const { cookieValue, record } = await signIn();
      await sessions.verify(cookieValue);
      nowMs += 5000;
      const ended = await sessions.end(cookieValue, '203.0.113.9');
      expect(ended).toStrictEqual({ ...record, revokedAt: new Date(START_MS + 5000) });
      expect(store.audits.at(-1)).toStrictEqual({
        at: new Date(START_MS + 5000),
        type: 'signed_out',
        clientId: null,
        address: '203.0.113.9',
        detail: `session=${record.id} sub=u-123`,
      });
      expect(sessions.cachedPrincipal(cookieValue)).toBeUndefined();
      const reads = store.reads;
      expect(await sessions.verify(cookieValue)).toBeUndefined();
      expect(store.reads).toBe(reads);
    });

    it('ends nothing for an unknown, malformed or already ended cookie value', async () => {
      const { cookieValue } = await signIn();
      await sessions.end(cookieValue, '203.0.113.9');
      const audits = store.audits.length;
      expect(await sessions.end(cookieValue, '203.0.113.9')).toBeUndefined();
      expect(await sessions.end('B'.repeat(43), '203.0.113.9')).toBeUndefined();
      expect(await sessions.end('nope', '203.0.113.9')).toBeUndefined();
      expect(store.audits).toHaveLength(audits);
    });
  });
});
