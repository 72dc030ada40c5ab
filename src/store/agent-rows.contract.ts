/**
 * The authorization server's part of the store contract (issue 30; store.contract.ts registers it
 * for every adapter): authorization codes are consumed once (a replay is told apart and carries the
 * grant the first use made), refresh tokens rotate once and a reuse revokes the family with its
 * audit event, grants are revoked by id, person, client, browser session or all, listed live and
 * newest first, pruned, and registered clients round-trip. Races between two stores on one
 * database have one winner.
 */
import { describe, expect, it } from 'vitest';
import type { AgentGrantRecord, AuditEvent, AuthorizationCodeRecord, OAuthClientRecord, Store } from './store.js';

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
    await store.createAuthorizationCode(code(n));
    await store.createAgentGrant(record, hash(100 + n), hash(n), audit);
    return record;
  };

  describe('authorization codes', () => {
    it('consumes a code once: the first use gets it as issued, later ones are replays carrying the grant made', async () => {
      const { store } = fixture();
      expect(await store.consumeAuthorizationCode(hash(1), T(1000))).toBeUndefined();
      await store.createAuthorizationCode(code(1));
      expect(await store.consumeAuthorizationCode(hash(1), T(1000))).toStrictEqual({ record: code(1), replay: false });
      expect(await store.consumeAuthorizationCode(hash(1), T(2000))).toStrictEqual({
        record: code(1, { consumedAt: T(1000) }),
        replay: true,
      });
      const audit: AuditEvent = {
        at: T(1000),
        type: 'agent_authorized',
        clientId: grant(1).clientId,
        address: '192.0.2.7',
        detail: 'grant',
      };
      await store.createAgentGrant(grant(1), hash(101), hash(1), audit);
      expect(await store.consumeAuthorizationCode(hash(1), T(3000))).toStrictEqual({
        record: code(1, { consumedAt: T(1000), grantId: grant(1).id }),
        replay: true,
      });
      expect(await store.listAudit(new Date(0), 10)).toStrictEqual([audit]);
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
      await store.createOAuthClient(client, audit);
      expect(await store.getOAuthClient(client.id)).toStrictEqual(client);
      expect(await store.getOAuthClient('sgc_unknown')).toBeUndefined();
      expect(await store.listAudit(new Date(0), 10)).toStrictEqual([audit]);
    });
  });
}
