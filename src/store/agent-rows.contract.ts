/**
 * The authorization server's part of the store contract (issue 30; store.contract.ts registers it
 * for every adapter): authorization codes are consumed once (a replay is told apart and carries the
 * grant the first use made), refresh tokens rotate once and a reuse revokes the family with its
 * audit event, grants are revoked by id, person, client, browser session or all, listed live and
 * newest first, pruned, and registered clients round-trip. Races between two stores on one
 * database have one winner.
 */
import { describe, expect, it } from 'vitest';
import type { AgentGrantRecord, AuditEvent, AuthorizationCodeRecord, OAuthClientRecord, SessionRecord, Store } from './store.js';
import { REPLAYED_CODE } from './store.js';

const HOUR = 60 * 60 * 1000;
/** An instant `ms` after 2030-01-01T00:00:00.123Z (milliseconds on purpose). */
const T = (ms: number): Date => new Date(Date.UTC(2030, 0, 1) + 123 + ms);
const hash = (n: number): string => String(n).padStart(64, 'a');

function code(n: number, overrides: Partial<AuthorizationCodeRecord> = {}): AuthorizationCodeRecord {
  return {
    codeHash: hash(n),
    clientId: 'https://agent.example/client.json',
    redirectUri: 'http://127.0.0.1:4567/callback',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    scopes: ['search:read', 'internal:read'],
    resource: 'https://docs.example/mcp',
    subject: 'alice',
    name: 'Alice Example',
    sessionId: 'sgs_AAAAAAAAAAAAAAAAAAAAA1',
    createdAt: T(0),
    expiresAt: T(60_000),
    consumedAt: null,
    grantId: null,
    ...overrides,
  };
}

function grant(n: number, overrides: Partial<AgentGrantRecord> = {}): AgentGrantRecord {
  return {
    id: `sga_${String(n).padStart(22, 'G')}`,
    subject: 'alice',
    name: 'Alice Example',
    clientId: 'https://agent.example/client.json',
    clientName: 'Agent Example',
    scopes: ['search:read', 'internal:read'],
    resource: 'https://docs.example/mcp',
    sessionId: 'sgs_AAAAAAAAAAAAAAAAAAAAA1',
    createdAt: T(n * 1000),
    lastUsedAt: T(n * 1000),
    expiresAt: T(30 * 24 * HOUR),
    revokedAt: null,
    ...overrides,
  };
}

/** A registered client `sgc_…n`, registered at `at`. */
function registered(n: number, at: Date): OAuthClientRecord {
  return {
    id: `sgc_${String(n).padStart(22, 'C')}`,
    name: `Agent ${n}`,
    redirectUris: ['https://agent.example/cb'],
    metadata: JSON.stringify({ client_name: `Agent ${n}` }),
    createdAt: at,
  };
}

/** The browser session `id` (live from T(0) for 40 days), in which the person consented. */
function session(id: string, overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id,
    secretHash: id.slice(4).padEnd(64, 's'),
    subject: 'alice',
    name: 'Alice Example',
    email: null,
    scopes: ['search:read', 'internal:read'],
    createdAt: T(0),
    lastSeenAt: T(0),
    expiresAt: T(40 * 24 * HOUR),
    revokedAt: null,
    ...overrides,
  };
}

/** Creates the session `id` unless it exists. */
async function ensureSession(store: Store, id: string): Promise<void> {
  if ((await store.getSessionBySecretHash(session(id).secretHash)) === undefined) await store.createSession(session(id));
}

function revokedEvent(detail: string): AuditEvent {
  return { at: T(HOUR), type: 'agent_grant_revoked', clientId: null, address: null, detail };
}

/**
 * Registers the agent tests inside an adapter's contract suite.
 * @param fixture the suite's current store and a means to open a second one on the same database
 */
export function describeAgentRowsContract(fixture: () => { store: Store; openAnother(): Promise<Store> }): void {
  /** A grant made from its code with refresh token hash `hash(100 + n)`. */
  const createGrant = async (
    store: Store,
    n: number,
    overrides: Partial<AgentGrantRecord> = {},
    audit?: AuditEvent,
  ): Promise<AgentGrantRecord> => {
    const record = grant(n, overrides);
    await ensureSession(store, record.sessionId);
    await store.createAuthorizationCode(code(n));
    expect(await store.createAgentGrant(record, hash(100 + n), hash(n), audit)).toBe(true);
    return record;
  };

  describe('authorization codes', () => {
    it('consumes a code once: the first use gets it as issued, later ones are replays carrying the grant made', async () => {
      const { store } = fixture();
      await ensureSession(store, grant(1).sessionId);
      expect(await store.consumeAuthorizationCode(hash(1), T(1000))).toBeUndefined();
      await store.createAuthorizationCode(code(1));
      expect(await store.consumeAuthorizationCode(hash(1), T(1000))).toStrictEqual({ record: code(1), replay: false });
      const audit: AuditEvent = {
        at: T(1000),
        type: 'agent_authorized',
        clientId: grant(1).clientId,
        address: '192.0.2.7',
        detail: 'grant',
      };
      expect(await store.createAgentGrant(grant(1), hash(101), hash(1), audit)).toBe(true);
      expect(await store.consumeAuthorizationCode(hash(1), T(3000))).toStrictEqual({
        record: code(1, { consumedAt: T(1000), grantId: grant(1).id }),
        replay: true,
      });
      expect(await store.listAudit(new Date(0), 10)).toStrictEqual([audit]);
      expect(await store.createAgentGrant(grant(2), hash(102), hash(1), audit)).toBe(false);
      expect(await store.getAgentGrant(grant(2).id)).toBeUndefined();
    });

    it('a replay before the first exchange made its grant marks the code: that grant is never made', async () => {
      const { store } = fixture();
      await ensureSession(store, grant(1).sessionId);
      await store.createAuthorizationCode(code(1));
      expect(await store.consumeAuthorizationCode(hash(1), T(1000))).toStrictEqual({ record: code(1), replay: false });
      expect(await store.consumeAuthorizationCode(hash(1), T(2000))).toStrictEqual({
        record: code(1, { consumedAt: T(1000), grantId: REPLAYED_CODE }),
        replay: true,
      });
      const audit: AuditEvent = { at: T(3000), type: 'agent_authorized', clientId: grant(1).clientId, address: null, detail: 'grant' };
      expect(await store.createAgentGrant(grant(1), hash(101), hash(1), audit)).toBe(false);
      expect(await store.getAgentGrant(grant(1).id)).toBeUndefined();
      expect(await store.getAgentGrantByRefreshToken(hash(101))).toBeUndefined();
      expect(await store.listAudit(new Date(0), 10)).toStrictEqual([]);
    });

    it('makes no grant when the session the person consented in is revoked or has ended (unknown sessions neither)', async () => {
      const { store } = fixture();
      const audit: AuditEvent = { at: T(1000), type: 'agent_authorized', clientId: grant(1).clientId, address: null, detail: 'grant' };
      const revokedId = 'sgs_RRRRRRRRRRRRRRRRRRRRRR';
      const endedId = 'sgs_EEEEEEEEEEEEEEEEEEEEEE';
      await store.createSession(session(revokedId));
      await store.createSession(session(endedId, { expiresAt: T(1000) }));
      await store.createAuthorizationCode(code(1));
      expect(await store.revokeSessions({ id: revokedId }, T(500))).toHaveLength(1);
      expect(await store.createAgentGrant(grant(1, { sessionId: revokedId }), hash(101), hash(1), audit)).toBe(false);
      // Ended at T(1000) = the grant's createdAt: refused at and after expiresAt.
      expect(await store.createAgentGrant(grant(1, { sessionId: endedId }), hash(101), hash(1), audit)).toBe(false);
      expect(await store.createAgentGrant(grant(1, { sessionId: 'sgs_UUUUUUUUUUUUUUUUUUUUUU' }), hash(101), hash(1), audit)).toBe(false);
      expect(await store.getAgentGrant(grant(1).id)).toBeUndefined();
      expect(await store.listAudit(new Date(0), 10)).toStrictEqual([]);
      // Nothing was marked: the code still makes its grant in a live session.
      await ensureSession(store, grant(1).sessionId);
      expect(await store.createAgentGrant(grant(1), hash(101), hash(1), audit)).toBe(true);
      expect(await store.getAgentGrant(grant(1).id)).toStrictEqual(grant(1));
    });

    it('returns expired codes too (the caller refuses them)', async () => {
      const { store } = fixture();
      await store.createAuthorizationCode(code(1));
      expect(await store.consumeAuthorizationCode(hash(1), T(HOUR))).toStrictEqual({ record: code(1), replay: false });
    });

    it('two stores consuming one code at once: exactly one first use', async () => {
      const { store } = fixture();
      const other = await fixture().openAnother();
      await other.migrate();
      await store.createAuthorizationCode(code(1));
      const results = await Promise.all([store.consumeAuthorizationCode(hash(1), T(1)), other.consumeAuthorizationCode(hash(1), T(2))]);
      expect(results.map((result) => result?.replay).sort()).toStrictEqual([false, true]);
    });
  });

  describe('agent grants and refresh tokens', () => {
    it('creates a grant with its first refresh token; reads it by id and by refresh token', async () => {
      const { store } = fixture();
      const record = await createGrant(store, 1);
      expect(await store.getAgentGrant(record.id)).toStrictEqual(record);
      expect(await store.getAgentGrantByRefreshToken(hash(101))).toStrictEqual(record);
      expect(await store.getAgentGrant('sga_unknown')).toBeUndefined();
      expect(await store.getAgentGrantByRefreshToken(hash(999))).toBeUndefined();
    });

    it('rotates a refresh token once; the new one rotates next; the spent one is a reuse that revokes the grant with its audit event', async () => {
      const { store } = fixture();
      const record = await createGrant(store, 1);
      const audit = (reused: AgentGrantRecord): AuditEvent => revokedEvent(`grant=${reused.id} reason=refresh_token_reused`);
      expect(await store.rotateRefreshToken(hash(999), hash(998), T(HOUR), audit)).toBeUndefined();
      expect(await store.rotateRefreshToken(hash(101), hash(102), T(HOUR), audit)).toStrictEqual({
        outcome: 'rotated',
        grant: { ...record, lastUsedAt: T(HOUR) },
      });
      expect(await store.getAgentGrantByRefreshToken(hash(102))).toStrictEqual({ ...record, lastUsedAt: T(HOUR) });
      expect(await store.rotateRefreshToken(hash(102), hash(103), T(2 * HOUR), audit)).toStrictEqual({
        outcome: 'rotated',
        grant: { ...record, lastUsedAt: T(2 * HOUR) },
      });
      const revoked = { ...record, lastUsedAt: T(2 * HOUR), revokedAt: T(3 * HOUR) };
      expect(await store.rotateRefreshToken(hash(101), hash(104), T(3 * HOUR), audit)).toStrictEqual({ outcome: 'reused', grant: revoked });
      expect(await store.getAgentGrant(record.id)).toStrictEqual(revoked);
      // The family is gone: the newest token finds its grant inactive, and nothing changes.
      expect(await store.rotateRefreshToken(hash(103), hash(105), T(4 * HOUR), audit)).toStrictEqual({
        outcome: 'inactive',
        grant: revoked,
      });
      expect(await store.getAgentGrantByRefreshToken(hash(105))).toBeUndefined();
      expect(await store.listAudit(new Date(0), 10)).toStrictEqual([revokedEvent(`grant=${record.id} reason=refresh_token_reused`)]);
    });

    it('an expired grant is inactive: its refresh token rotates nothing', async () => {
      const { store } = fixture();
      const record = await createGrant(store, 1, { expiresAt: T(HOUR) });
      expect(await store.rotateRefreshToken(hash(101), hash(102), T(HOUR), () => revokedEvent('x'))).toStrictEqual({
        outcome: 'inactive',
        grant: record,
      });
      expect(await store.getAgentGrantByRefreshToken(hash(102))).toBeUndefined();
    });

    it('two stores rotating one refresh token at once: one rotation, one reuse that revokes the grant', async () => {
      const { store } = fixture();
      const other = await fixture().openAnother();
      await other.migrate();
      const record = await createGrant(store, 1);
      const results = await Promise.all([
        store.rotateRefreshToken(hash(101), hash(102), T(HOUR)),
        other.rotateRefreshToken(hash(101), hash(103), T(HOUR)),
      ]);
      expect(results.map((result) => result?.outcome).sort()).toStrictEqual(['reused', 'rotated']);
      expect((await store.getAgentGrant(record.id))?.revokedAt).toStrictEqual(T(HOUR));
    });

    it('lists live grants newest first, by person and client; revoked and expired ones are not listed', async () => {
      const { store } = fixture();
      const first = await createGrant(store, 1);
      const bobs = await createGrant(store, 2, { subject: 'bob', name: 'Bob Example' });
      const other = await createGrant(store, 3, { clientId: 'configured-agent', clientName: 'Configured' });
      const expired = await createGrant(store, 4, { expiresAt: T(HOUR) });
      const revoked = await createGrant(store, 5, { revokedAt: T(10) });
      expect(await store.listAgentGrants(T(HOUR - 1))).toStrictEqual([expired, other, bobs, first]);
      expect(await store.listAgentGrants(T(HOUR))).toStrictEqual([other, bobs, first]);
      expect(await store.listAgentGrants(T(HOUR), { subject: 'alice' })).toStrictEqual([other, first]);
      expect(await store.listAgentGrants(T(HOUR), { clientId: 'configured-agent' })).toStrictEqual([other]);
      expect(await store.listAgentGrants(T(HOUR), { subject: 'bob', clientId: 'configured-agent' })).toStrictEqual([]);
      expect(await store.getAgentGrant(revoked.id)).toStrictEqual(revoked);
    });

    it('revokes by id, person, client, browser session and all: live grants only, newest first, audited once per call', async () => {
      const { store } = fixture();
      const one = await createGrant(store, 1);
      const bobs = await createGrant(store, 2, { subject: 'bob', sessionId: 'sgs_BBBBBBBBBBBBBBBBBBBBBB' });
      const configured = await createGrant(store, 3, { clientId: 'configured-agent' });
      const inSession = await createGrant(store, 4, { sessionId: 'sgs_CCCCCCCCCCCCCCCCCCCCCC' });
      const dead = await createGrant(store, 5, { expiresAt: T(HOUR) });
      const more = await createGrant(store, 6);
      const at = T(HOUR);
      const count = (what: string) => (list: readonly AgentGrantRecord[]) => revokedEvent(`${what} count=${list.length}`);
      expect(await store.revokeAgentGrants({ id: one.id }, at, count('id'))).toStrictEqual([{ ...one, revokedAt: at }]);
      expect(await store.revokeAgentGrants({ id: one.id }, at, count('again'))).toStrictEqual([]);
      expect(await store.revokeAgentGrants({ clientId: 'configured-agent' }, at, count('client'))).toStrictEqual([
        { ...configured, revokedAt: at },
      ]);
      expect(await store.revokeAgentGrants({ sessionId: 'sgs_CCCCCCCCCCCCCCCCCCCCCC' }, at, count('session'))).toStrictEqual([
        { ...inSession, revokedAt: at },
      ]);
      expect(await store.revokeAgentGrants({ subject: 'alice' }, at, count('sub'))).toStrictEqual([{ ...more, revokedAt: at }]);
      expect(await store.revokeAgentGrants('all', at, count('all'))).toStrictEqual([{ ...bobs, revokedAt: at }]);
      expect(await store.getAgentGrant(dead.id)).toStrictEqual(dead);
      expect((await store.listAudit(new Date(0), 10)).map((event) => event.detail)).toStrictEqual([
        'id count=1',
        'client count=1',
        'session count=1',
        'sub count=1',
        'all count=1',
      ]);
    });

    it('pruneAgentGrants deletes ended and revoked grants with their refresh tokens, and codes a day past their end', async () => {
      const { store } = fixture();
      const live = await createGrant(store, 1);
      const ended = await createGrant(store, 2, { expiresAt: T(HOUR) });
      const revoked = await createGrant(store, 3, { revokedAt: T(10) });
      expect(await store.pruneAgentGrants(T(HOUR))).toBe(2);
      expect(await store.getAgentGrant(live.id)).toStrictEqual(live);
      for (const gone of [ended, revoked]) expect(await store.getAgentGrant(gone.id)).toBeUndefined();
      expect(await store.getAgentGrantByRefreshToken(hash(102))).toBeUndefined();
      expect(await store.pruneAgentGrants(T(HOUR))).toBe(0);
      // Codes end a minute after T(0); kept a day longer, so a late replay is still recognised.
      expect((await store.consumeAuthorizationCode(hash(1), T(24 * HOUR)))?.replay).toBe(false);
      await store.pruneAgentGrants(T(24 * HOUR + 60_000));
      expect(await store.consumeAuthorizationCode(hash(1), T(25 * HOUR))).toBeUndefined();
    });

    it('shares grants and revocations with another store on the same database', async () => {
      const { store } = fixture();
      const other = await fixture().openAnother();
      await other.migrate();
      const record = await createGrant(store, 1);
      expect(await other.getAgentGrantByRefreshToken(hash(101))).toStrictEqual(record);
      await other.revokeAgentGrants({ id: record.id }, T(HOUR));
      expect((await store.getAgentGrant(record.id))?.revokedAt).toStrictEqual(T(HOUR));
    });
  });

  describe('registered clients', () => {
    it('round-trips a registered client with its audit event; unknown ids are undefined', async () => {
      const { store } = fixture();
      const client: OAuthClientRecord = {
        id: 'sgc_AAAAAAAAAAAAAAAAAAAAAA',
        name: 'Old Agent',
        redirectUris: ['http://127.0.0.1/callback', 'https://agent.example/cb'],
        metadata: JSON.stringify({ client_name: 'Old Agent', token_endpoint_auth_method: 'none' }),
        createdAt: T(0),
      };
      const audit: AuditEvent = {
        at: T(0),
        type: 'client_registered',
        clientId: client.id,
        address: '192.0.2.7',
        detail: 'name=Old Agent',
      };
      expect(await store.createOAuthClient(client, audit)).toBe(true);
      expect(await store.getOAuthClient(client.id)).toStrictEqual(client);
      expect(await store.getOAuthClient('sgc_unknown')).toBeUndefined();
      expect(await store.listAudit(new Date(0), 10)).toStrictEqual([audit]);
    });

    it('with maxClients, stores no more than that many: the one past it is not stored, not audited', async () => {
      const { store } = fixture();
      const audit = (id: string): AuditEvent => ({ at: T(0), type: 'client_registered', clientId: id, address: null, detail: null });
      for (const n of [1, 2])
        expect(await store.createOAuthClient(registered(n, T(0)), audit(registered(n, T(0)).id), { maxClients: 2 })).toBe(true);
      expect(await store.createOAuthClient(registered(3, T(0)), audit(registered(3, T(0)).id), { maxClients: 2 })).toBe(false);
      expect(await store.getOAuthClient(registered(3, T(0)).id)).toBeUndefined();
      expect((await store.listAudit(new Date(0), 10)).map((event) => event.clientId)).toStrictEqual([
        registered(1, T(0)).id,
        registered(2, T(0)).id,
      ]);
      // A larger cap, or none, stores it.
      expect(await store.createOAuthClient(registered(3, T(0)), undefined, { maxClients: 3 })).toBe(true);
      expect(await store.createOAuthClient(registered(4, T(0)))).toBe(true);
    });

    it('pruneAgentGrants forgets clients a day old that no grant and no unexpired code names', async () => {
      const { store } = fixture();
      const [unused, granted, coded, revokedOnly, codeExpired] = [1, 2, 4, 5, 6].map((n) => registered(n, T(0)));
      const recent = registered(3, T(HOUR));
      if (unused === undefined || granted === undefined || coded === undefined || revokedOnly === undefined || codeExpired === undefined)
        throw new Error('five clients');
      for (const client of [unused, granted, recent, coded, revokedOnly, codeExpired]) await store.createOAuthClient(client);
      await createGrant(store, 1, { clientId: granted.id });
      await createGrant(store, 2, { clientId: revokedOnly.id, revokedAt: T(10) });
      await store.createAuthorizationCode(code(3, { clientId: coded.id, createdAt: T(24 * HOUR), expiresAt: T(24 * HOUR + 60_000) }));
      await store.createAuthorizationCode(code(4, { clientId: codeExpired.id, expiresAt: T(60_000) }));
      // A day after T(0): the revoked grant goes first, then the clients nothing names.
      expect(await store.pruneAgentGrants(T(24 * HOUR))).toBe(1);
      for (const client of [granted, recent, coded]) expect(await store.getOAuthClient(client.id)).toStrictEqual(client);
      for (const client of [unused, revokedOnly, codeExpired]) expect(await store.getOAuthClient(client.id)).toBeUndefined();
      // Just under a day old: kept.
      expect(await store.pruneAgentGrants(T(25 * HOUR - 1))).toBe(0);
      expect(await store.getOAuthClient(recent.id)).toStrictEqual(recent);
      expect(await store.pruneAgentGrants(T(25 * HOUR))).toBe(0);
      expect(await store.getOAuthClient(recent.id)).toBeUndefined();
      expect(await store.getOAuthClient(granted.id)).toStrictEqual(granted);
    });
  });
}
