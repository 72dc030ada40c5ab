/**
 * The contract every {@link Store} adapter keeps (STYLE.md: one interface, adapters per database,
 * one contract test suite for all of them). An adapter's test file calls
 * {@link describeStoreContract} with a factory for a store over a new, empty database; the suite
 * knows nothing of the database underneath, so the PostgreSQL adapter reuses it as it is.
 *
 * @example
 * describeStoreContract('SQLite', async () => {
 *   const dir = mkdtempSync(path.join(tmpdir(), 'store-'));
 *   const store = await openSqliteStore(dir);
 *   return { store, openAnother: () => openSqliteStore(dir), cleanup: async () => { … } };
 * });
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiKeyRecord, AuditEvent, SessionRecord, SigningKeyRecord, Store } from './store.js';
import { describeAnalyticsContract } from './analytics.contract.js';
import { describeAgentRowsContract } from './agent-rows.contract.js';

/** What an adapter's factory hands the suite for one test. */
export interface StoreFixture {
  /** A store over a new, empty database, migrated or not (the suite calls `migrate()` first). */
  store: Store;
  /** Opens one more store on the same database, as a second process would. `cleanup` closes it. */
  openAnother(): Promise<Store>;
  /** Closes every store the fixture opened (some the suite may have closed already) and drops the database. */
  cleanup(): Promise<void>;
}

const HASH_1 = '1f'.repeat(32);
const HASH_2 = '2e'.repeat(32);
const HASH_3 = '3d'.repeat(32);

/** A key with every optional field null; instants carry milliseconds on purpose. */
function key(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: 'sgc_0000000000000001',
    name: 'search-crawler',
    scopes: ['search:read', 'content:read'],
    secretHash: HASH_1,
    previousSecretHash: null,
    previousSecretExpiresAt: null,
    createdAt: new Date('2030-01-02T03:04:05.678Z'),
    expiresAt: null,
    revokedAt: null,
    lastUsedAt: null,
    ...overrides,
  };
}

function signingKey(kid: string, createdAt: string, expiresAt: string | null = null): SigningKeyRecord {
  return {
    kid,
    alg: 'EdDSA',
    // Long enough to catch a column that truncates (an RSA-4096 private JWK is ~3,200 characters).
    privateJwk: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: `x-${kid}`, d: `d-${kid}`, pad: 'p'.repeat(4000) }),
    publicJwk: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: `x-${kid}` }),
    createdAt: new Date(createdAt),
    expiresAt: expiresAt === null ? null : new Date(expiresAt),
  };
}

function event(at: string, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return { at: new Date(at), type: 'token_issued', clientId: 'sgc_0000000000000001', address: '192.0.2.7', detail: null, ...overrides };
}

/**
 * Registers the store contract tests for one adapter.
 * @param name the adapter's name, shown in the test titles
 * @param open makes a fixture over a new, empty database; called once per test
 */
export function describeStoreContract(name: string, open: () => Promise<StoreFixture>): void {
  describe(`Store contract: ${name}`, () => {
    let fixture: StoreFixture;
    let store: Store;

    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
      await store.migrate();
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    describe('migrate', () => {
      it('is idempotent: running it again keeps the schema and the data', async () => {
        await store.createKey(key());
        await store.migrate();
        await store.migrate();
        expect(await store.getKey(key().id)).toStrictEqual(key());
        expect(await store.listKeys()).toHaveLength(1);
      });

      it('succeeds from two stores on the same database at once, which then share the data', async () => {
        const other = await fixture.openAnother();
        await Promise.all([store.migrate(), other.migrate(), store.migrate(), other.migrate()]);
        await store.createKey(key());
        expect(await other.getKey(key().id)).toStrictEqual(key());
        await other.appendAudit(event('2030-01-01T00:00:00.000Z'));
        expect(await store.listAudit(new Date(0), 10)).toStrictEqual([event('2030-01-01T00:00:00.000Z')]);
      });
    });

    describe('ping', () => {
      it('resolves on an open store and rejects once it is closed', async () => {
        await expect(store.ping()).resolves.toBeUndefined();
        const other = await fixture.openAnother();
        await other.close();
        await expect(other.ping()).rejects.toThrow();
      });
    });

    describe('API keys', () => {
      it('starts empty', async () => {
        expect(await store.listKeys()).toStrictEqual([]);
        expect(await store.getKey('sgc_0000000000000001')).toBeUndefined();
      });

      it('round-trips a key whose optional fields are all null', async () => {
        await store.createKey(key());
        expect(await store.getKey(key().id)).toStrictEqual(key());
      });

      it('round-trips every field to the millisecond', async () => {
        const full = key({
          id: 'sgc_AbCdEfGhIjKlMnOp',
          name: `crawler "ü" 'x'; -- 日本`,
          scopes: ['search:read', 'content:read', 'internal:read'],
          secretHash: HASH_2,
          previousSecretHash: HASH_1,
          previousSecretExpiresAt: new Date('2030-02-03T04:05:06.001Z'),
          createdAt: new Date('2029-12-31T23:59:59.999Z'),
          expiresAt: new Date('2031-06-07T08:09:10.011Z'),
          revokedAt: new Date('2030-03-04T05:06:07.089Z'),
          lastUsedAt: new Date('2030-03-04T05:06:07.088Z'),
        });
        await store.createKey(full);
        const read = await store.getKey(full.id);
        expect(read).toStrictEqual(full);
        expect(read?.createdAt.getTime()).toBe(full.createdAt.getTime());
        expect(await store.listKeys()).toStrictEqual([full]);
      });

      it.each<[string, ApiKeyRecord['scopes']]>([
        ['in the order given, not sorted', ['internal:read', 'search:read']],
        ['reversed', ['internal:read', 'content:read', 'search:read']],
        ['one scope', ['content:read']],
        ['none', []],
      ])('keeps scopes %s', async (_label, scopes) => {
        await store.createKey(key({ scopes }));
        expect((await store.getKey(key().id))?.scopes).toStrictEqual(scopes);
      });

      it('returns undefined for an unknown id', async () => {
        await store.createKey(key());
        expect(await store.getKey('sgc_0000000000000002')).toBeUndefined();
      });

      it('lists keys newest first', async () => {
        const middle = key({ id: 'sgc_middle0000000000', createdAt: new Date('2030-01-01T00:00:00.101Z') });
        const newest = key({ id: 'sgc_newest0000000000', createdAt: new Date('2030-01-01T00:00:00.102Z') });
        const oldest = key({ id: 'sgc_oldest0000000000', createdAt: new Date('2029-12-31T23:59:59.999Z') });
        for (const record of [middle, newest, oldest]) await store.createKey(record);
        expect(await store.listKeys()).toStrictEqual([newest, middle, oldest]);
      });

      it('rejects a second key with the same id and keeps the first', async () => {
        await store.createKey(key());
        await expect(store.createKey(key({ name: 'impostor', secretHash: HASH_2 }))).rejects.toThrow();
        expect(await store.getKey(key().id)).toStrictEqual(key());
        expect(await store.listKeys()).toHaveLength(1);
      });
    });

    describe('key changes with their audit event', () => {
      const created = event('2030-01-02T03:04:05.678Z', { type: 'key_created', address: null, detail: 'name=search-crawler' });
      const revoked = event('2030-01-03T00:00:00.000Z', { type: 'key_revoked', address: null });
      const rotated = event('2030-01-04T00:00:00.000Z', { type: 'key_rotated', address: null, detail: 'grace=86400s' });

      it('createKey, rotateKey and revokeKey append the event given with the change', async () => {
        await store.createKey(key(), created);
        expect(await store.rotateKey(key().id, HASH_2, new Date('2030-01-05T00:00:00.000Z'), rotated)).toBe(true);
        expect(await store.revokeKey(key().id, new Date('2030-01-03T00:00:00.000Z'), revoked)).toBe(true);
        expect(await store.listAudit(new Date(0), 10)).toStrictEqual([created, revoked, rotated]);
      });

      it('append nothing when the change does not happen', async () => {
        await store.createKey(key(), created);
        await expect(
          store.createKey(key({ name: 'impostor' }), event('2030-02-01T00:00:00.000Z', { type: 'key_created' })),
        ).rejects.toThrow();
        expect(await store.rotateKey('sgc_0000000000000009', HASH_2, new Date('2030-01-05T00:00:00.000Z'), rotated)).toBe(false);
        expect(await store.revokeKey('sgc_0000000000000009', new Date('2030-01-03T00:00:00.000Z'), revoked)).toBe(false);
        expect(await store.listAudit(new Date(0), 10)).toStrictEqual([created]);
        expect(await store.listKeys()).toStrictEqual([key()]);
      });
    });

    describe('revokeKey', () => {
      it('revokes once: true, then false, and keeps the first instant', async () => {
        const other = key({ id: 'sgc_0000000000000002' });
        await store.createKey(key());
        await store.createKey(other);
        const at = new Date('2030-05-06T07:08:09.123Z');
        expect(await store.revokeKey(key().id, at)).toBe(true);
        expect(await store.getKey(key().id)).toStrictEqual(key({ revokedAt: at }));
        expect(await store.revokeKey(key().id, new Date('2030-05-07T00:00:00.000Z'))).toBe(false);
        expect((await store.getKey(key().id))?.revokedAt).toStrictEqual(at);
        expect(await store.getKey(other.id)).toStrictEqual(other);
      });

      it('returns false for an unknown id', async () => {
        expect(await store.revokeKey('sgc_0000000000000009', new Date())).toBe(false);
        expect(await store.listKeys()).toStrictEqual([]);
      });
    });

    describe('rotateKey', () => {
      it('moves the current hash to previous, with the grace end', async () => {
        await store.createKey(key());
        const graceUntil = new Date('2030-01-03T03:04:05.678Z');
        expect(await store.rotateKey(key().id, HASH_2, graceUntil)).toBe(true);
        expect(await store.getKey(key().id)).toStrictEqual(
          key({ secretHash: HASH_2, previousSecretHash: HASH_1, previousSecretExpiresAt: graceUntil }),
        );
      });

      it('keeps only the hash from before the last rotation', async () => {
        await store.createKey(key());
        await store.rotateKey(key().id, HASH_2, new Date('2030-01-03T00:00:00.000Z'));
        const graceUntil = new Date('2030-01-04T00:00:00.001Z');
        expect(await store.rotateKey(key().id, HASH_3, graceUntil)).toBe(true);
        expect(await store.getKey(key().id)).toStrictEqual(
          key({ secretHash: HASH_3, previousSecretHash: HASH_2, previousSecretExpiresAt: graceUntil }),
        );
      });

      it('two rotations at once from two stores: each new hash survives, one current, the other previous', async () => {
        const other = await fixture.openAnother();
        await other.migrate();
        await store.createKey(key());
        const graceUntil = new Date('2030-01-03T00:00:00.000Z');
        const rotated = await Promise.all([store.rotateKey(key().id, HASH_2, graceUntil), other.rotateKey(key().id, HASH_3, graceUntil)]);
        expect(rotated).toStrictEqual([true, true]);
        const read = await store.getKey(key().id);
        expect([
          [HASH_2, HASH_3],
          [HASH_3, HASH_2],
        ]).toContainEqual([read?.secretHash, read?.previousSecretHash]);
      });

      it('returns false for a revoked key and leaves it unchanged', async () => {
        await store.createKey(key());
        const revokedAt = new Date('2030-01-02T04:00:00.000Z');
        await store.revokeKey(key().id, revokedAt);
        expect(await store.rotateKey(key().id, HASH_2, new Date('2030-01-03T00:00:00.000Z'))).toBe(false);
        expect(await store.getKey(key().id)).toStrictEqual(key({ revokedAt }));
      });

      it('returns false for an unknown id and creates nothing', async () => {
        expect(await store.rotateKey('sgc_0000000000000009', HASH_2, new Date())).toBe(false);
        expect(await store.getKey('sgc_0000000000000009')).toBeUndefined();
      });
    });

    describe('touchKey', () => {
      it('records the last use and changes nothing else', async () => {
        const other = key({ id: 'sgc_0000000000000002' });
        await store.createKey(key());
        await store.createKey(other);
        const first = new Date('2030-01-02T05:00:00.001Z');
        await store.touchKey(key().id, first);
        expect(await store.getKey(key().id)).toStrictEqual(key({ lastUsedAt: first }));
        const second = new Date('2030-01-02T05:10:00.002Z');
        await store.touchKey(key().id, second);
        expect(await store.getKey(key().id)).toStrictEqual(key({ lastUsedAt: second }));
        expect(await store.getKey(other.id)).toStrictEqual(other);
      });

      it('resolves for an unknown id and creates nothing', async () => {
        await expect(store.touchKey('sgc_0000000000000009', new Date())).resolves.toBeUndefined();
        expect(await store.listKeys()).toStrictEqual([]);
      });
    });

    describe('signing keys', () => {
      it('starts empty', async () => {
        expect(await store.listSigningKeys()).toStrictEqual([]);
      });

      it('round-trips every field and lists oldest first', async () => {
        const newer = signingKey('kid-newer', '2030-01-01T00:00:00.002Z');
        const older = signingKey('kid-older', '2030-01-01T00:00:00.001Z');
        const newest = signingKey('kid-newest', '2031-01-01T00:00:00.000Z');
        for (const record of [newer, newest, older]) await store.addSigningKey(record);
        expect(await store.listSigningKeys()).toStrictEqual([older, newer, newest]);
      });

      it('addFirstSigningKey inserts into an empty store only', async () => {
        const first = signingKey('kid-first', '2030-01-01T00:00:00.001Z');
        expect(await store.addFirstSigningKey(first)).toBe(true);
        expect(await store.addFirstSigningKey(signingKey('kid-second', '2029-01-01T00:00:00.000Z'))).toBe(false);
        expect(await store.listSigningKeys()).toStrictEqual([first]);
      });

      it('addFirstSigningKey from several stores at once leaves exactly one key, which all of them see', async () => {
        const others = [await fixture.openAnother(), await fixture.openAnother()];
        for (const other of others) await other.migrate();
        const candidates = [store, ...others, store, ...others].map((each, index) => ({
          each,
          record: signingKey(`kid-${String(index)}`, `2030-01-01T00:00:00.00${String(9 - index)}Z`),
        }));
        const inserted = await Promise.all(candidates.map(({ each, record }) => each.addFirstSigningKey(record)));
        expect(inserted.filter(Boolean)).toHaveLength(1);
        const winner = candidates[inserted.indexOf(true)]?.record;
        for (const each of [store, ...others]) expect(await each.listSigningKeys()).toStrictEqual([winner]);
      });

      it('rotateSigningKey adds the new key and retires only the active ones, keeping earlier ends', async () => {
        const retiredBefore = signingKey('kid-a', '2030-01-01T00:00:00.000Z', '2030-01-01T02:00:00.000Z');
        const active = signingKey('kid-b', '2030-01-01T01:00:00.000Z');
        for (const record of [retiredBefore, active]) await store.addSigningKey(record);
        const next = signingKey('kid-c', '2030-01-01T03:00:00.000Z');
        await store.rotateSigningKey(next, new Date('2030-01-01T04:01:00.123Z'));
        expect(await store.listSigningKeys()).toStrictEqual([
          retiredBefore,
          { ...active, expiresAt: new Date('2030-01-01T04:01:00.123Z') },
          next,
        ]);
      });

      it('rewriteSigningKeys replaces the private keys it returns, and writes nothing when it throws', async () => {
        const one = signingKey('kid-1', '2030-01-01T00:00:00.000Z');
        const two = signingKey('kid-2', '2030-01-01T00:00:00.001Z', '2030-02-01T00:00:00.000Z');
        for (const record of [one, two]) await store.addSigningKey(record);
        expect(await store.rewriteSigningKeys((record) => (record.kid === 'kid-2' ? `sealed:${record.privateJwk}` : undefined))).toBe(1);
        const rewritten = [one, { ...two, privateJwk: `sealed:${two.privateJwk}` }];
        expect(await store.listSigningKeys()).toStrictEqual(rewritten);
        const failing = store.rewriteSigningKeys((record) => {
          if (record.kid === 'kid-2') throw new Error('does not open');
          return 'changed';
        });
        await expect(failing).rejects.toThrow('does not open');
        expect(await store.listSigningKeys()).toStrictEqual(rewritten);
      });

      it('pruneSigningKeys deletes exactly the keys whose end is at or before now', async () => {
        const ended = signingKey('kid-ended', '2030-01-01T00:00:00.000Z', '2030-01-01T01:00:00.000Z');
        const endsNow = signingKey('kid-ends-now', '2030-01-01T00:00:00.001Z', '2030-01-01T02:00:00.000Z');
        const endsLater = signingKey('kid-later', '2030-01-01T00:00:00.002Z', '2030-01-01T02:00:00.001Z');
        const active = signingKey('kid-active', '2030-01-01T00:00:00.003Z');
        for (const record of [ended, endsNow, endsLater, active]) await store.addSigningKey(record);
        expect(await store.pruneSigningKeys(new Date('2030-01-01T02:00:00.000Z'))).toBe(2);
        expect(await store.listSigningKeys()).toStrictEqual([endsLater, active]);
      });
    });

    describe('sessions', () => {
      const T = (offsetMs: number): Date => new Date(Date.parse('2030-01-01T00:00:00.000Z') + offsetMs);
      const HOUR = 3_600_000;
      /** A live session: made at T(0), ends at T(8 h); instants carry milliseconds on purpose. */
      const session = (n: number, overrides: Partial<SessionRecord> = {}): SessionRecord => ({
        id: `sgs_${String(n).padStart(22, '0')}`,
        secretHash: String(n).padStart(2, '0').repeat(32),
        subject: 'alice',
        name: 'Alice Example',
        email: 'alice@example.com',
        scopes: ['search:read', 'content:read', 'internal:read'],
        createdAt: T(n),
        lastSeenAt: T(n),
        expiresAt: T(8 * HOUR + 1),
        revokedAt: null,
        ...overrides,
      });
      const revokedEvent = (detail: string): AuditEvent =>
        event('2030-01-01T01:00:00.000Z', { type: 'session_revoked', clientId: null, address: null, detail });

      it('starts empty', async () => {
        expect(await store.listSessions(T(0))).toStrictEqual([]);
        expect(await store.getSessionBySecretHash(session(1).secretHash)).toBeUndefined();
      });

      it('round-trips every field to the millisecond, found by its secret hash only', async () => {
        const full = session(1, {
          name: `Zoë "ü" 'x'; -- 日本 ${'n'.repeat(600)}`,
          email: null,
          scopes: ['internal:read', 'search:read'],
          lastSeenAt: T(HOUR + 999),
          revokedAt: T(2 * HOUR + 1),
        });
        await store.createSession(full);
        const read = await store.getSessionBySecretHash(full.secretHash);
        expect(read).toStrictEqual(full);
        expect(read?.expiresAt.getTime()).toBe(full.expiresAt.getTime());
        expect(await store.getSessionBySecretHash(full.id)).toBeUndefined();
        expect(await store.getSessionBySecretHash(session(2).secretHash)).toBeUndefined();
        await store.createSession(session(3, { scopes: [] }));
        expect((await store.getSessionBySecretHash(session(3).secretHash))?.scopes).toStrictEqual([]);
      });

      it('createSession appends its audit event in the same transaction', async () => {
        const signedIn = event('2030-01-01T00:00:00.001Z', {
          type: 'signed_in',
          clientId: null,
          detail: `session=${session(1).id} sub=alice scopes=search:read content:read internal:read`,
        });
        await store.createSession(session(1), signedIn);
        expect(await store.listAudit(new Date(0), 10)).toStrictEqual([signedIn]);
      });

      it('rejects a second session with the same id, or the same secret hash, and appends nothing', async () => {
        await store.createSession(session(1));
        const signedIn = event('2030-01-01T00:00:00.001Z', { type: 'signed_in', clientId: null });
        await expect(store.createSession(session(1, { secretHash: HASH_2, subject: 'mallory' }), signedIn)).rejects.toThrow();
        await expect(
          store.createSession(session(2, { secretHash: session(1).secretHash, subject: 'mallory' }), signedIn),
        ).rejects.toThrow();
        expect(await store.listSessions(T(0))).toStrictEqual([session(1)]);
        expect(await store.getSessionBySecretHash(HASH_2)).toBeUndefined();
        expect(await store.listAudit(new Date(0), 10)).toStrictEqual([]);
      });

      it('touchSession records activity, never backwards, and not on a revoked session', async () => {
        await store.createSession(session(1));
        await store.createSession(session(2));
        await store.touchSession(session(1).id, T(60_001));
        expect(await store.getSessionBySecretHash(session(1).secretHash)).toStrictEqual(session(1, { lastSeenAt: T(60_001) }));
        await store.touchSession(session(1).id, T(30_000));
        expect((await store.getSessionBySecretHash(session(1).secretHash))?.lastSeenAt).toStrictEqual(T(60_001));
        expect(await store.getSessionBySecretHash(session(2).secretHash)).toStrictEqual(session(2));
        await store.revokeSessions({ id: session(2).id }, T(HOUR));
        await store.touchSession(session(2).id, T(2 * HOUR));
        expect((await store.getSessionBySecretHash(session(2).secretHash))?.lastSeenAt).toStrictEqual(session(2).lastSeenAt);
        await expect(store.touchSession('sgs_unknown', T(HOUR))).resolves.toBeUndefined();
      });

      it('lists live sessions only, newest first', async () => {
        const oldest = session(1);
        const newest = session(4, { subject: 'bob' });
        const middle = session(2);
        const revoked = session(5, { revokedAt: T(10) });
        const expired = session(6, { expiresAt: T(HOUR) });
        for (const record of [middle, revoked, oldest, expired, newest]) await store.createSession(record);
        expect(await store.listSessions(T(HOUR - 1))).toStrictEqual([expired, newest, middle, oldest]);
        // Refused at and after `expiresAt`, so not listed then.
        expect(await store.listSessions(T(HOUR))).toStrictEqual([newest, middle, oldest]);
      });

      it('revokes one session by id: returns it, keeps the first instant, appends the audit event once', async () => {
        await store.createSession(session(1));
        await store.createSession(session(2));
        const at = T(HOUR + 7);
        const audit = revokedEvent(`session=${session(1).id} count=1`);
        expect(await store.revokeSessions({ id: session(1).id }, at, audit)).toStrictEqual([session(1, { revokedAt: at })]);
        expect(await store.getSessionBySecretHash(session(1).secretHash)).toStrictEqual(session(1, { revokedAt: at }));
        expect(await store.revokeSessions({ id: session(1).id }, T(2 * HOUR), audit)).toStrictEqual([]);
        expect((await store.getSessionBySecretHash(session(1).secretHash))?.revokedAt).toStrictEqual(at);
        expect(await store.revokeSessions({ id: 'sgs_unknown' }, at, audit)).toStrictEqual([]);
        expect(await store.listSessions(T(HOUR))).toStrictEqual([session(2)]);
        expect(await store.listAudit(new Date(0), 10)).toStrictEqual([audit]);
      });

      it('revokes every live session of a subject, newest first, leaving other people and dead sessions alone', async () => {
        const expired = session(3, { expiresAt: T(HOUR) });
        const revokedBefore = session(4, { revokedAt: T(5) });
        for (const record of [session(1), session(2), expired, revokedBefore, session(5, { subject: 'bob' })])
          await store.createSession(record);
        const at = T(HOUR);
        const revoked = await store.revokeSessions({ subject: 'alice' }, at, (list) => revokedEvent(`sub=alice count=${list.length}`));
        expect(revoked).toStrictEqual([session(2, { revokedAt: at }), session(1, { revokedAt: at })]);
        expect(await store.getSessionBySecretHash(expired.secretHash)).toStrictEqual(expired);
        expect(await store.getSessionBySecretHash(revokedBefore.secretHash)).toStrictEqual(revokedBefore);
        expect(await store.listSessions(at)).toStrictEqual([session(5, { subject: 'bob' })]);
        expect(await store.revokeSessions({ subject: 'alice' }, at, revokedEvent('again'))).toStrictEqual([]);
        expect(await store.listAudit(new Date(0), 10)).toStrictEqual([revokedEvent('sub=alice count=2')]);
      });

      it('revokes all live sessions and returns the records; without any, appends nothing', async () => {
        expect(await store.revokeSessions('all', T(HOUR), revokedEvent('all count=0'))).toStrictEqual([]);
        const dead = session(9, { revokedAt: T(10) });
        for (const record of [session(1), session(2, { subject: 'bob' }), dead]) await store.createSession(record);
        const at = T(HOUR);
        expect(await store.revokeSessions('all', at, (list) => revokedEvent(`all count=${list.length}`))).toStrictEqual([
          session(2, { subject: 'bob', revokedAt: at }),
          session(1, { revokedAt: at }),
        ]);
        expect(await store.listSessions(T(0))).toStrictEqual([]);
        expect(await store.getSessionBySecretHash(dead.secretHash)).toStrictEqual(dead);
        expect(await store.listAudit(new Date(0), 10)).toStrictEqual([revokedEvent('all count=2')]);
      });

      it('revoking from two stores at once revokes each session once', async () => {
        const other = await fixture.openAnother();
        await other.migrate();
        for (const n of [1, 2, 3]) await store.createSession(session(n));
        const results = await Promise.all([store.revokeSessions('all', T(HOUR)), other.revokeSessions({ subject: 'alice' }, T(HOUR))]);
        expect(results[0].length + results[1].length).toBe(3);
        expect(await other.listSessions(T(0))).toStrictEqual([]);
      });

      it('pruneSessions deletes sessions at or past their end and revoked ones, nothing live', async () => {
        const ended = session(1, { expiresAt: T(HOUR - 1) });
        const endsNow = session(2, { expiresAt: T(HOUR) });
        const endsLater = session(3, { expiresAt: T(HOUR + 1) });
        const revoked = session(4, { revokedAt: T(HOUR - 1) });
        for (const record of [ended, endsNow, endsLater, revoked]) await store.createSession(record);
        expect(await store.pruneSessions(T(HOUR))).toBe(3);
        expect(await store.listSessions(T(0))).toStrictEqual([endsLater]);
        for (const gone of [ended, endsNow, revoked]) expect(await store.getSessionBySecretHash(gone.secretHash)).toBeUndefined();
        expect(await store.pruneSessions(T(HOUR))).toBe(0);
      });

      it('shares sessions and revocations with another store on the same database', async () => {
        const other = await fixture.openAnother();
        await other.migrate();
        await store.createSession(session(1));
        expect(await other.getSessionBySecretHash(session(1).secretHash)).toStrictEqual(session(1));
        await other.revokeSessions({ id: session(1).id }, T(HOUR));
        expect((await store.getSessionBySecretHash(session(1).secretHash))?.revokedAt).toStrictEqual(T(HOUR));
      });
    });

    describe('revoked tokens', () => {
      const record = {
        jti: '0b9a3e52-6f4c-4d1e-9a57-3c2f1e0d9b8a',
        clientId: 'sgc_0000000000000001',
        expiresAt: new Date('2030-01-01T01:00:00.000Z'),
        revokedAt: new Date('2030-01-01T00:10:00.123Z'),
      };

      it('knows no revoked token at first', async () => {
        expect(await store.isTokenRevoked(record.jti)).toBe(false);
      });

      it('records a revocation; revoking again is a no-op; other tokens stay valid', async () => {
        await store.revokeToken(record);
        expect(await store.isTokenRevoked(record.jti)).toBe(true);
        await expect(store.revokeToken({ ...record, revokedAt: new Date('2030-01-01T00:20:00.000Z') })).resolves.toBeUndefined();
        expect(await store.isTokenRevoked(record.jti)).toBe(true);
        expect(await store.isTokenRevoked('0b9a3e52-6f4c-4d1e-9a57-3c2f1e0d9b8b')).toBe(false);
      });

      it('pruneRevokedTokens deletes exactly the revocations whose token expired at or before now', async () => {
        const jti = (n: number): string => `0b9a3e52-6f4c-4d1e-9a57-3c2f1e0d9b8${String(n)}`;
        const expiries = ['2030-01-01T00:59:59.999Z', '2030-01-01T01:00:00.000Z', '2030-01-01T01:00:00.001Z', '2031-01-01T00:00:00.000Z'];
        for (const [index, at] of expiries.entries()) await store.revokeToken({ ...record, jti: jti(index), expiresAt: new Date(at) });
        expect(await store.pruneRevokedTokens(new Date('2030-01-01T01:00:00.000Z'))).toBe(2);
        expect(await Promise.all(expiries.map((_at, index) => store.isTokenRevoked(jti(index))))).toStrictEqual([false, false, true, true]);
        expect(await store.pruneRevokedTokens(new Date('2030-01-01T01:00:00.000Z'))).toBe(0);
      });

      it('shares revocations with another store on the same database', async () => {
        const other = await fixture.openAnother();
        await other.migrate();
        await store.revokeToken(record);
        expect(await other.isTokenRevoked(record.jti)).toBe(true);
      });
    });

    describe('audit', () => {
      const t0 = '2030-01-01T00:00:00.000Z';
      const t1 = '2030-01-01T00:00:00.500Z';
      const t2 = '2030-01-01T01:00:00.999Z';

      it('round-trips every field, null or not', async () => {
        const full = event(t0, { type: 'auth_failed', clientId: 'sgc_x', address: '2001:db8::1', detail: 'invalid_client' });
        const bare = event(t1, { type: 'key_created', clientId: null, address: null, detail: null });
        await store.appendAudit(full);
        await store.appendAudit(bare);
        expect(await store.listAudit(new Date(0), 100)).toStrictEqual([full, bare]);
      });

      it('appends several events in one call, in order', async () => {
        const first = event(t0, { type: 'token_issued', detail: 'one' });
        const second = event(t0, { type: 'auth_failed', detail: 'two' });
        await store.appendAudit([first, second]);
        await store.appendAudit([]);
        expect(await store.listAudit(new Date(0), 100)).toStrictEqual([first, second]);
      });

      it('lists oldest first, whatever the order of appending; equal instants in append order', async () => {
        const late = event(t2, { type: 'key_revoked', detail: null });
        const early = event(t0, { type: 'key_created', detail: 'scopes=search:read' });
        const sameA = event(t1, { type: 'key_rotated', detail: 'first' });
        const sameB = event(t1, { type: 'token_issued', detail: 'second' });
        for (const record of [late, early, sameA, sameB]) await store.appendAudit(record);
        expect(await store.listAudit(new Date(0), 100)).toStrictEqual([early, sameA, sameB, late]);
      });

      it('lists events at or after `since`', async () => {
        for (const at of [t0, t1, t2]) await store.appendAudit(event(at));
        expect(await store.listAudit(new Date(t1), 100)).toStrictEqual([event(t1), event(t2)]);
        expect(await store.listAudit(new Date(new Date(t1).getTime() + 1), 100)).toStrictEqual([event(t2)]);
        expect(await store.listAudit(new Date('2031-01-01T00:00:00.000Z'), 100)).toStrictEqual([]);
      });

      it('pruneAudit deletes exactly the events before the cut-off, from several stores at once', async () => {
        const other = await fixture.openAnother();
        await other.migrate();
        const before = event('2030-01-01T00:59:59.999Z', { detail: 'before' });
        const atCut = event('2030-01-01T01:00:00.000Z', { detail: 'at' });
        const after = event('2030-01-01T01:00:00.001Z', { detail: 'after' });
        await store.appendAudit([event(t0), before, atCut, after]);
        const cut = new Date('2030-01-01T01:00:00.000Z');
        const deleted = await Promise.all([store.pruneAudit(cut), other.pruneAudit(cut)]);
        expect(deleted[0] + deleted[1]).toBe(2);
        expect(await store.listAudit(new Date(0), 100)).toStrictEqual([atCut, after]);
        expect(await store.pruneAudit(cut)).toBe(0);
      });

      it('returns at most `limit` events, the oldest', async () => {
        for (const at of [t2, t1, t0]) await store.appendAudit(event(at));
        expect(await store.listAudit(new Date(0), 2)).toStrictEqual([event(t0), event(t1)]);
        expect(await store.listAudit(new Date(0), 1)).toStrictEqual([event(t0)]);
      });
    });

    describeAnalyticsContract(() => ({ store, openAnother: () => fixture.openAnother() }));

    describe('agents (issue 30)', () => {
      describeAgentRowsContract(() => ({ store, openAnother: () => fixture.openAnother() }));
    });

    describe('close', () => {
      it('resolves, keeps committed data for the next store, and refuses calls afterwards', async () => {
        await store.createKey(key());
        await store.addSigningKey(signingKey('kid-1', '2030-01-01T00:00:00.000Z'));
        await store.appendAudit(event('2030-01-01T00:00:00.000Z'));
        await expect(store.close()).resolves.toBeUndefined();
        await expect(store.getKey(key().id)).rejects.toThrow();
        const next = await fixture.openAnother();
        await next.migrate();
        expect(await next.getKey(key().id)).toStrictEqual(key());
        expect(await next.listSigningKeys()).toStrictEqual([signingKey('kid-1', '2030-01-01T00:00:00.000Z')]);
        expect(await next.listAudit(new Date(0), 10)).toStrictEqual([event('2030-01-01T00:00:00.000Z')]);
      });
    });
  });
}
