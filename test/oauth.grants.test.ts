/**
 * The agents' grants at the token endpoint (issue 30): authorization_code (OAuth 2.1 §4.1.3,
 * RFC 7636 PKCE, RFC 8707 resource) and refresh_token (RFC 6749 §6, rotation and reuse detection,
 * RFC 9700 §4.14.2), the agent access tokens they issue (RFC 9068: sub the person, client_id the
 * agent) on the HTTP API and pages, and their revocation: code replay, refresh-token reuse,
 * RFC 7009, `sitegate sessions revoke`. A real site (startSignInSite) with configured public
 * clients; the codes are made through the store as the authorize endpoint makes them. oauth4webapi
 * is the client where a real client fits; exact answers otherwise.
 */
import { randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Response as InjectResponse } from 'light-my-request';
import { DEFAULT_AGENT_AUTH, OAUTH_PATHS } from '../src/oauth/settings.js';
import { hashSecret } from '../src/auth/api-keys.js';
import { s256Challenge } from '../src/oauth/pkce.js';
import { revokeSessionsCommand } from '../src/cli/sessions.js';
import type { Scope } from '../src/errors.js';
import type { AuditEvent, SessionRecord } from '../src/store/store.js';
import { apiErrorBody, oauthErrorBody } from './auth-fixtures.js';
import { startSignInSite, type SignInSite } from './signin-site.js';
import { fetchWithJar, signInWithFetch, startOidcProvider } from './oidc-provider.js';
import { freePort } from './free-port.js';

const AGENT = { clientId: 'test-agent', name: 'Test Agent', redirectUris: ['http://127.0.0.1/callback'] };
const OTHER_AGENT = { clientId: 'other-agent', name: 'Other Agent', redirectUris: ['http://127.0.0.1/other'] };
const REDIRECT_URI = 'http://127.0.0.1:4567/callback';
const STAFF_SCOPES: Scope[] = ['search:read', 'content:read', 'internal:read'];
// eslint-disable-next-line @typescript-eslint/no-deprecated -- plain http to a test server on the loopback interface
const INSECURE = { [oauth.allowInsecureRequests]: true } as const;
const REFRESH_TOKEN = /^sgr_[A-Za-z0-9_-]{43}$/;
const GRANT_ID = /^sga_[A-Za-z0-9_-]{22}$/;

/** A running site whose clock the test moves, and alice's browser session. */
interface Fixture {
  site: SignInSite;
  /** Moves the site's clock forward (ms): caches of about a second expire without waiting. */
  advance(ms: number): void;
  session: SessionRecord;
}

const open: SignInSite[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(open.splice(0).map((site) => site.close()));
});

async function startSite(): Promise<Fixture> {
  let nowMs = Date.now();
  const site = await startSignInSite({
    issuer: null,
    now: () => new Date(nowMs),
    agents: { ...DEFAULT_AGENT_AUTH, clients: [AGENT, OTHER_AGENT] },
  });
  open.push(site);
  const session: SessionRecord = {
    id: `sgs_${randomBytes(16).toString('base64url')}`,
    secretHash: hashSecret(randomBytes(32).toString('base64url')),
    subject: 'alice',
    name: 'Alice Example',
    email: 'alice@example.com',
    scopes: STAFF_SCOPES,
    createdAt: new Date(nowMs),
    lastSeenAt: new Date(nowMs),
    expiresAt: new Date(nowMs + 3_600_000),
    revokedAt: null,
  };
  await site.context.store.createSession(session);
  return { site, session, advance: (ms) => (nowMs += ms) };
}

/** What a code is issued for (the authorize endpoint's record), overridable. */
interface CodeOptions {
  clientId?: string;
  scopes?: Scope[];
  resource?: string;
  /** Offset of the code's end from the site's clock (ms); default 60 s. */
  expiresInMs?: number;
}

/** Issues a code to alice as the authorize endpoint does (only its hash stored). */
async function issueCode({ site, session }: Fixture, options: CodeOptions = {}): Promise<{ code: string; verifier: string }> {
  const code = randomBytes(32).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const now = site.context.agents?.now() ?? new Date();
  await site.context.store.createAuthorizationCode({
    codeHash: hashSecret(code),
    clientId: options.clientId ?? AGENT.clientId,
    redirectUri: REDIRECT_URI,
    codeChallenge: s256Challenge(verifier),
    scopes: options.scopes ?? STAFF_SCOPES,
    resource: options.resource ?? `${site.baseUrl}/mcp`,
    subject: 'alice',
    name: 'Alice Example',
    sessionId: session.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (options.expiresInMs ?? 60_000)),
    consumedAt: null,
    grantId: null,
  });
  return { code, verifier };
}

/** POSTs to a token endpoint, form-encoded (as the MCP SDK does) or JSON (SPEC.md's body). */
function post(site: SignInSite, params: Record<string, string>, body: 'form' | 'json' = 'form', path: string = OAUTH_PATHS.token) {
  return site.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': body === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload: body === 'form' ? new URLSearchParams(params).toString() : JSON.stringify(params),
  });
}

/** The code exchange's parameters for a code. */
const exchange = (issued: { code: string; verifier: string }, extra: Record<string, string> = {}): Record<string, string> => ({
  grant_type: 'authorization_code',
  code: issued.code,
  redirect_uri: REDIRECT_URI,
  client_id: AGENT.clientId,
  code_verifier: issued.verifier,
  ...extra,
});

/** Asserts an error answer of the token endpoint, in the form the body asked for. */
function expectError(
  site: SignInSite,
  response: InjectResponse,
  body: 'form' | 'json',
  code: Parameters<typeof apiErrorBody>[0],
  message?: string,
) {
  const options = { baseUrl: site.baseUrl, ...(message === undefined ? {} : { message }) };
  expect(response.statusCode, response.body).toBe(apiErrorBody(code, options).status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.json()).toStrictEqual(body === 'form' ? oauthErrorBody(code, options) : apiErrorBody(code, options));
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  scope: string;
}

/** Asserts a 200 token response with a refresh token, exactly (RFC 6749 §5.1), and returns it. */
function expectTokens(response: InjectResponse, scope: string): Tokens {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.pragma).toBe('no-cache');
  const body = response.json<Tokens & Record<string, unknown>>();
  expect(Object.keys(body)).toStrictEqual(['access_token', 'token_type', 'expires_in', 'scope', 'refresh_token']);
  expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope });
  expect(body.refresh_token).toMatch(REFRESH_TOKEN);
  return body;
}

/** GET /api/v1/whoami with a bearer token. */
const whoami = (site: SignInSite, token: string) =>
  site.app.inject({ method: 'GET', url: '/api/v1/whoami', headers: { authorization: `Bearer ${token}` } });

/** Asserts the token is refused as its grant is gone. */
function expectRevoked(site: SignInSite, response: InjectResponse): void {
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json()).toStrictEqual(
    apiErrorBody('invalid_token', { baseUrl: site.baseUrl, message: 'The authorization behind this token was revoked or has expired.' }),
  );
}

/** The audit events the store holds of these types, without `at`. */
async function auditOf(site: SignInSite, ...types: AuditEvent['type'][]): Promise<Omit<AuditEvent, 'at'>[]> {
  const events = await site.context.store.listAudit(new Date(0), 1000);
  return events
    .filter((event) => types.includes(event.type))
    .map((event) => ({ type: event.type, clientId: event.clientId, address: event.address, detail: event.detail }));
}

describe('authorization_code grant', () => {
  it('oauth4webapi exchanges a code: an RFC 9068 token for alice and the agent, accepted on whoami and an internal page', async () => {
    const fixture = await startSite();
    const { site } = fixture;
    const issued = await issueCode(fixture);
    const as: oauth.AuthorizationServer = { issuer: site.baseUrl, token_endpoint: `${site.baseUrl}${OAUTH_PATHS.token}` };
    const client: oauth.Client = { client_id: AGENT.clientId };
    const options = { ...INSECURE, additionalParameters: { resource: `${site.baseUrl}/mcp` } };
    const callback = oauth.validateAuthResponse(as, client, new URLSearchParams({ code: issued.code }), oauth.expectNoState);
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), callback, REDIRECT_URI, issued.verifier, options);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('search:read content:read internal:read');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.refresh_token).toMatch(REFRESH_TOKEN);
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toStrictEqual({
      client_id: 'test-agent',
      scope: 'search:read content:read internal:read',
      iss: site.baseUrl,
      sub: 'alice',
      aud: `${site.baseUrl}/mcp`,
      iat: expect.any(Number) as unknown,
      exp: (claims.iat ?? 0) + 3600,
      jti: expect.any(String) as unknown,
      grant_id: expect.stringMatching(GRANT_ID) as unknown,
    });
    const me = await whoami(site, tokens.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toStrictEqual({ authenticated: true, scheme: 'bearer', scopes: STAFF_SCOPES });
    const page = await site.app.inject({
      method: 'GET',
      url: '/internal/guide',
      headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'text/markdown' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Only for staff.');
    const grants = await site.context.store.listAgentGrants(new Date(Date.now() + 60_000));
    expect(
      grants.map(({ id, subject, clientId, clientName, scopes, resource, sessionId }) => ({
        id,
        subject,
        clientId,
        clientName,
        scopes,
        resource,
        sessionId,
      })),
    ).toStrictEqual([
      {
        id: claims.grant_id,
        subject: 'alice',
        clientId: 'test-agent',
        clientName: 'Test Agent',
        scopes: STAFF_SCOPES,
        resource: `${site.baseUrl}/mcp`,
        sessionId: fixture.session.id,
      },
    ]);
    expect(await auditOf(site, 'agent_authorized')).toStrictEqual([
      {
        type: 'agent_authorized',
        clientId: 'test-agent',
        address: '127.0.0.1',
        detail: `grant=${String(claims.grant_id)} sub=alice scope=search:read content:read internal:read`,
      },
    ]);
  });

  it('JSON body: the same exchange, 200 with exactly access_token, token_type, expires_in, scope, refresh_token; aud the site when resource was', async () => {
    const fixture = await startSite();
    const issued = await issueCode(fixture, { resource: fixture.site.baseUrl, scopes: ['search:read'] });
    const tokens = expectTokens(await post(fixture.site, exchange(issued, { resource: fixture.site.baseUrl }), 'json'), 'search:read');
    expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: fixture.site.baseUrl, sub: 'alice', client_id: 'test-agent' });
  });

  it.for(['form', 'json'] as const)(
    '%s: PKCE — a missing or malformed verifier is invalid_request and leaves the code usable; a wrong one is invalid_grant',
    async (body) => {
      const fixture = await startSite();
      const { site } = fixture;
      const issued = await issueCode(fixture);
      expectError(
        site,
        await post(site, exchange(issued, { code_verifier: '' }), body),
        body,
        'invalid_request',
        'code_verifier is required (PKCE, RFC 7636 §4.5).',
      );
      const withoutVerifier = exchange(issued);
      delete withoutVerifier.code_verifier;
      expectError(
        site,
        await post(site, withoutVerifier, body),
        body,
        'invalid_request',
        'code_verifier is required (PKCE, RFC 7636 §4.5).',
      );
      expectError(
        site,
        await post(site, exchange(issued, { code_verifier: 'short' }), body),
        body,
        'invalid_request',
        'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1).',
      );
      expectTokens(await post(site, exchange(issued), body), 'search:read content:read internal:read');
      const other = await issueCode(fixture);
      expectError(
        site,
        await post(site, exchange(other, { code_verifier: randomBytes(32).toString('base64url') }), body),
        body,
        'invalid_grant',
        'code_verifier does not match the code_challenge (PKCE, RFC 7636 §4.6).',
      );
      // The wrong verifier spent the code: the right one now finds it used.
      expectError(
        site,
        await post(site, exchange(other), body),
        body,
        'invalid_grant',
        'The authorization code was used before; the authorization it gave is revoked.',
      );
    },
  );

  it('refuses a redirect_uri mismatch, another client, another resource, an expired code, an unknown code', async () => {
    const fixture = await startSite();
    const { site } = fixture;
    expectError(
      site,
      await post(site, exchange(await issueCode(fixture), { redirect_uri: 'http://127.0.0.1:4567/callback/' })),
      'form',
      'invalid_grant',
      'redirect_uri differs from the one of the authorization request.',
    );
    expectError(
      site,
      await post(site, exchange(await issueCode(fixture), { client_id: OTHER_AGENT.clientId })),
      'form',
      'invalid_grant',
      'The authorization code was issued to another client.',
    );
    expectError(
      site,
      await post(site, exchange(await issueCode(fixture), { resource: site.baseUrl })),
      'form',
      'invalid_target',
      `This authorization is for the resource ${site.baseUrl}/mcp; resource must be it or be omitted.`,
    );
    expectError(
      site,
      await post(site, exchange(await issueCode(fixture), { resource: 'https://elsewhere.example/mcp' })),
      'form',
      'invalid_target',
      `This authorization is for the resource ${site.baseUrl}/mcp; resource must be it or be omitted.`,
    );
    const expiring = await issueCode(fixture);
    fixture.advance(60_000);
    expectError(site, await post(site, exchange(expiring)), 'form', 'invalid_grant', 'The authorization code has expired.');
    expectError(
      site,
      await post(site, exchange({ code: 'nope', verifier: 'v'.repeat(43) })),
      'form',
      'invalid_grant',
      'The authorization code is unknown.',
    );
    expect(await site.context.store.listAgentGrants(new Date(0))).toStrictEqual([]);
  });

  it('refuses an unknown client (401 invalid_client), an API key client (unauthorized_client), a missing client_id', async () => {
    const fixture = await startSite();
    const { site } = fixture;
    const issued = await issueCode(fixture);
    expectError(
      site,
      await post(site, exchange(issued, { client_id: 'nobody' })),
      'form',
      'invalid_client',
      'No client nobody is known here.',
    );
    const api = 'API keys use grant_type client_credentials; this grant is for agents, public clients identified by their client_id alone.';
    expectError(site, await post(site, exchange(issued, { client_id: 'sgc_0123456789abcdef' })), 'form', 'unauthorized_client', api);
    expectError(site, await post(site, exchange(issued, { client_secret: 'a secret' })), 'form', 'unauthorized_client', api);
    const anonymous = exchange(issued);
    delete anonymous.client_id;
    expectError(site, await post(site, anonymous), 'form', 'invalid_request', 'client_id is required.');
    // HTTP Basic with an empty secret names a public client too.
    const basic = await site.app.inject({
      method: 'POST',
      url: OAUTH_PATHS.token,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${AGENT.clientId}:`).toString('base64')}`,
      },
      payload: new URLSearchParams(anonymous).toString(),
    });
    expectTokens(basic, 'search:read content:read internal:read');
  });

  it('a replayed code revokes the grant the first use made: its access and refresh tokens are refused at once', async () => {
    const fixture = await startSite();
    const { site } = fixture;
    const issued = await issueCode(fixture);
    const first = expectTokens(await post(site, exchange(issued)), 'search:read content:read internal:read');
    expect((await whoami(site, first.access_token)).statusCode).toBe(200);
    expectError(
      site,
      await post(site, exchange(issued)),
      'form',
      'invalid_grant',
      'The authorization code was used before; the authorization it gave is revoked.',
    );
    expectRevoked(site, await whoami(site, first.access_token));
    expectError(
      site,
      await post(site, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: AGENT.clientId }),
      'form',
      'invalid_grant',
      'The authorization behind this refresh token was revoked or has expired.',
    );
    const grantId = String(decodeJwt(first.access_token).grant_id);
    expect(await auditOf(site, 'agent_grant_revoked')).toStrictEqual([
      { type: 'agent_grant_revoked', clientId: 'test-agent', address: '127.0.0.1', detail: `grant=${grantId} reason=code_replay` },
    ]);
  });
});

describe('refresh_token grant', () => {
  it('oauth4webapi refreshes: a new access token and a rotated refresh token; reusing the old one revokes the family', async () => {
    const fixture = await startSite();
    const { site } = fixture;
    const first = expectTokens(await post(site, exchange(await issueCode(fixture))), 'search:read content:read internal:read');
    const as: oauth.AuthorizationServer = { issuer: site.baseUrl, token_endpoint: `${site.baseUrl}${OAUTH_PATHS.token}` };
    const client: oauth.Client = { client_id: AGENT.clientId };
    const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), first.refresh_token, INSECURE);
    const second = await oauth.processRefreshTokenResponse(as, client, response);
    expect(second.refresh_token).toMatch(REFRESH_TOKEN);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(decodeJwt(second.access_token).grant_id).toBe(decodeJwt(first.access_token).grant_id);
    expect((await whoami(site, second.access_token)).json()).toStrictEqual({ authenticated: true, scheme: 'bearer', scopes: STAFF_SCOPES });
    // The spent token again: reuse. The family is revoked, the newest refresh token and the access tokens with it.
    const reuse = { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: AGENT.clientId };
    expectError(
      site,
      await post(site, reuse),
      'form',
      'invalid_grant',
      'The refresh token was used before; the authorization it belongs to is revoked. Authorize the client again.',
    );
    expectError(
      site,
      await post(site, { ...reuse, refresh_token: second.refresh_token ?? '' }, 'json'),
      'json',
      'invalid_grant',
      'The authorization behind this refresh token was revoked or has expired.',
    );
    expectRevoked(site, await whoami(site, second.access_token));
    expectRevoked(site, await whoami(site, first.access_token));
    const grantId = String(decodeJwt(first.access_token).grant_id);
    expect(await auditOf(site, 'agent_grant_revoked')).toStrictEqual([
      { type: 'agent_grant_revoked', clientId: 'test-agent', address: '127.0.0.1', detail: `grant=${grantId} reason=refresh_token_reused` },
    ]);
  });

  it('is bound to its client (another client is refused without rotating), narrows scope, refuses more scope and another resource', async () => {
    const fixture = await startSite();
    const { site } = fixture;
    const first = expectTokens(await post(site, exchange(await issueCode(fixture))), 'search:read content:read internal:read');
    const refresh = (extra: Record<string, string>): Record<string, string> => ({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: AGENT.clientId,
      ...extra,
    });
    expectError(
      site,
      await post(site, refresh({ client_id: OTHER_AGENT.clientId })),
      'form',
      'invalid_grant',
      'The refresh token was issued to another client.',
    );
    expectError(
      site,
      await post(site, refresh({ resource: site.baseUrl })),
      'form',
      'invalid_target',
      `This authorization is for the resource ${site.baseUrl}/mcp; resource must be it or be omitted.`,
    );
    expectError(site, await post(site, refresh({ scope: 'admin' })), 'form', 'invalid_scope', 'Unknown scope: admin.');
    expectError(
      site,
      await post(site, { ...refresh({}), refresh_token: 'sgr_unknown' }),
      'form',
      'invalid_grant',
      'The refresh token is unknown.',
    );
    // None of these spent it.
    const narrowed = expectTokens(await post(site, refresh({ scope: 'search:read' })), 'search:read');
    expect((await whoami(site, narrowed.access_token)).json()).toStrictEqual({
      authenticated: true,
      scheme: 'bearer',
      scopes: ['search:read'],
    });
    // The grant keeps its scopes: the next refresh may ask for all of them again.
    expectTokens(await post(site, refresh({ refresh_token: narrowed.refresh_token })), 'search:read content:read internal:read');
  });

  it('refuses a grant type the endpoint does not know, naming the three it does', async () => {
    const fixture = await startSite();
    expectError(
      fixture.site,
      await post(fixture.site, { grant_type: 'password', client_id: AGENT.clientId }),
      'form',
      'unsupported_grant_type',
      'The grant type password is not supported; use client_credentials (API keys), authorization_code or refresh_token (agents).',
    );
  });
});

describe('revocation and introspection by agents (RFC 7009, RFC 7662)', () => {
  it('introspection reports an agent token to its own client only; revoking its refresh token revokes the grant', async () => {
    const fixture = await startSite();
    const { site } = fixture;
    const tokens = expectTokens(await post(site, exchange(await issueCode(fixture))), 'search:read content:read internal:read');
    const claims = decodeJwt(tokens.access_token);
    const mine = await post(site, { token: tokens.access_token, client_id: AGENT.clientId }, 'form', OAUTH_PATHS.introspect);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toStrictEqual({
      active: true,
      scope: 'search:read content:read internal:read',
      client_id: 'test-agent',
      token_type: 'Bearer',
      exp: claims.exp,
      iat: claims.iat,
      sub: 'alice',
      aud: `${site.baseUrl}/mcp`,
      iss: site.baseUrl,
      jti: claims.jti,
    });
    const theirs = await post(site, { token: tokens.access_token, client_id: OTHER_AGENT.clientId }, 'form', OAUTH_PATHS.introspect);
    expect(theirs.json()).toStrictEqual({ active: false });
    // Another client cannot revoke it.
    expect(
      (await post(site, { token: tokens.refresh_token, client_id: OTHER_AGENT.clientId }, 'form', OAUTH_PATHS.revoke)).statusCode,
    ).toBe(200);
    expect((await whoami(site, tokens.access_token)).statusCode).toBe(200);
    const revoked = await post(site, { token: tokens.refresh_token, client_id: AGENT.clientId }, 'form', OAUTH_PATHS.revoke);
    expect([revoked.statusCode, revoked.body, revoked.headers['cache-control']]).toStrictEqual([200, '', 'no-store']);
    expectRevoked(site, await whoami(site, tokens.access_token));
    expect(await auditOf(site, 'agent_grant_revoked')).toStrictEqual([
      {
        type: 'agent_grant_revoked',
        clientId: 'test-agent',
        address: '127.0.0.1',
        detail: `grant=${String(claims.grant_id)} reason=revocation`,
      },
    ]);
  });

  it('revoking an agent access token records its jti: that token is refused, the grant lives on', async () => {
    const fixture = await startSite();
    const { site } = fixture;
    const tokens = expectTokens(await post(site, exchange(await issueCode(fixture))), 'search:read content:read internal:read');
    expect((await post(site, { token: tokens.access_token, client_id: AGENT.clientId }, 'json', OAUTH_PATHS.revoke)).statusCode).toBe(200);
    const refused = await whoami(site, tokens.access_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toStrictEqual(apiErrorBody('invalid_token', { baseUrl: site.baseUrl, message: 'This token was revoked.' }));
    expectTokens(
      await post(site, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: AGENT.clientId }),
      'search:read content:read internal:read',
    );
  });
});

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
