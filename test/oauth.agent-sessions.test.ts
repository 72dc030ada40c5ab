/**
 * Operators and people stop agents (issue 30): `sitegate sessions revoke` by grant, person or
 * browser session refuses the agent's tokens once the grant cache lapses; sign-out at a real
 * identity provider (oidc-provider) ends the browser session only.
 */
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AGENT_AUTH } from '../src/oauth/settings.js';
import { revokeSessionsCommand } from '../src/cli/sessions.js';
import { startSignInSite, type SignInSite } from './signin-site.js';
import { fetchWithJar, signInWithFetch, startOidcProvider } from './oidc-provider.js';
import { freePort } from './free-port.js';
import {
  AGENT,
  STAFF_SCOPES,
  type Fixture,
  open,
  closeSites,
  startSite,
  issueCode,
  post,
  exchange,
  expectTokens,
  whoami,
  expectRevoked,
  auditOf,
} from './agent-grants-support.js';

afterEach(closeSites);

describe('sitegate sessions revoke stops agents', () => {
  /** Runs `sessions revoke` on the site's data folder, in process; returns what it printed. */
  async function revoke(site: SignInSite, id: string | undefined, flags: { subject?: string; all?: boolean } = {}): Promise<string> {
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      printed.push(String(text));
      return true;
    });
    try {
      await revokeSessionsCommand(id, { dataDir: site.config.dataDir, ...flags });
    } finally {
      vi.restoreAllMocks();
    }
    return printed.join('');
  }

  it.for([
    ['the grant by id', 'grant'],
    ['the person (--subject)', 'subject'],
    ['the browser session it was consented in', 'session'],
  ] as const)('revoking %s: the agent token is refused once the grant cache lapses', async ([, how]) => {
    const fixture = await startSite();
    const { site, session } = fixture;
    const tokens = expectTokens(await post(site, exchange(await issueCode(fixture))), 'search:read content:read internal:read');
    const grantId = String(decodeJwt(tokens.access_token).grant_id);
    expect((await whoami(site, tokens.access_token)).statusCode).toBe(200);
    const printed =
      how === 'grant'
        ? await revoke(site, grantId)
        : how === 'subject'
          ? await revoke(site, undefined, { subject: 'alice' })
          : await revoke(site, session.id);
    expect(printed).toBe(
      how === 'grant'
        ? `Revoked 1 agent grant (${grantId}, subject alice, client Test Agent). The agent must be authorized again.\n`
        : how === 'subject'
          ? 'Revoked 1 session of subject alice. Its holder must sign in again. Revoked 1 agent grant with them: those agents must be authorized again.\n'
          : `Revoked 1 session (${session.id}, subject alice). Its holder must sign in again. Revoked 1 agent grant with them: those agents must be authorized again.\n`,
    );
    // The CLI is another writer: on SQLite this process learns of it when its cached answer (about a second) lapses.
    fixture.advance(2000);
    expectRevoked(site, await whoami(site, tokens.access_token));
    const detail =
      how === 'grant'
        ? `grant=${grantId} reason=operator`
        : how === 'subject'
          ? 'sub=alice reason=operator count=1'
          : `session=${session.id} reason=operator count=1`;
    expect(await auditOf(site, 'agent_grant_revoked')).toStrictEqual([
      { type: 'agent_grant_revoked', clientId: null, address: null, detail },
    ]);
  });

  it('sign-out does not revoke grants; revoking an unknown grant exits 1', async () => {
    const fixture = await startSite();
    const { site, session } = fixture;
    const tokens = expectTokens(await post(site, exchange(await issueCode(fixture))), 'search:read content:read internal:read');
    await site.context.store.revokeSessions({ id: session.id }, new Date());
    fixture.advance(2000);
    expect((await whoami(site, tokens.access_token)).statusCode).toBe(200);
    await expect(revoke(site, 'sga_unknown')).rejects.toThrow('no live agent grant with id sga_unknown');
  });
});

describe('a person signed in at the identity provider (oidc-provider)', () => {
  it('signing out ends the browser session, not the agents; revoking that session then stops them', async () => {
    const port = await freePort();
    const provider = await startOidcProvider({ sitegateBaseUrl: `http://127.0.0.1:${port}` });
    try {
      let nowMs = Date.now();
      const site = await startSignInSite({
        port,
        issuer: provider.issuer,
        now: () => new Date(nowMs),
        agents: { ...DEFAULT_AGENT_AUTH, clients: [AGENT] },
      });
      open.push(site);
      const signedIn = await signInWithFetch(site.baseUrl, 'alice');
      const [session] = await site.context.store.listSessions(new Date(nowMs));
      if (session === undefined) throw new Error('no session after sign-in');
      expect(session.subject).toBe('alice');
      const fixture: Fixture = { site, session, advance: (ms) => (nowMs += ms) };
      const tokens = expectTokens(await post(site, exchange(await issueCode(fixture))), 'search:read content:read internal:read');
      const signedOut = await fetchWithJar(signedIn.jar, `${site.baseUrl}/_sitegate/logout`, {
        method: 'POST',
        headers: { origin: site.baseUrl },
      });
      expect(signedOut.status).toBe(303);
      expect(await site.context.store.listSessions(new Date(nowMs))).toStrictEqual([]);
      fixture.advance(2000);
      expect((await whoami(site, tokens.access_token)).json()).toStrictEqual({
        authenticated: true,
        scheme: 'bearer',
        scopes: STAFF_SCOPES,
      });
      const printed: string[] = [];
      vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
        printed.push(String(text));
        return true;
      });
      await revokeSessionsCommand(session.id, { dataDir: site.config.dataDir });
      vi.restoreAllMocks();
      expect(printed.join('')).toBe(
        `Revoked 0 sessions (${session.id}, subject alice). Revoked 1 agent grant with them: those agents must be authorized again.\n`,
      );
      fixture.advance(2000);
      expectRevoked(site, await whoami(site, tokens.access_token));
    } finally {
      await provider.close();
    }
  });
});
