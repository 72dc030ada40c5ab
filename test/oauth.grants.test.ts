/**
 * The authorization code grant at the token endpoint (issue 30; OAuth 2.1 §4.1.3, RFC 7636 PKCE,
 * RFC 8707 resource): the exchange (oauth4webapi, form and JSON bodies), the RFC 9068 token it
 * gives (sub the person, client_id the agent) on the HTTP API and an internal page, and each
 * refusal with its exact answer: PKCE, redirect URI, client, resource, expiry, replay.
 */
import { randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { OAUTH_PATHS } from '../src/oauth/settings.js';
import {
  AGENT,
  OTHER_AGENT,
  REDIRECT_URI,
  STAFF_SCOPES,
  INSECURE,
  REFRESH_TOKEN,
  GRANT_ID,
  closeSites,
  startSite,
  issueCode,
  post,
  exchange,
  expectError,
  expectTokens,
  whoami,
  expectRevoked,
  auditOf,
} from './agent-grants-support.js';

afterEach(closeSites);

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
    expectError(
      site,
      await post(site, exchange(issued, { client_secret: 'a secret' })),
      'form',
      'invalid_client',
      'Agents are public clients: send the client_id alone, without a secret (token_endpoint_auth_method "none").',
    );
    expectError(
      site,
      await post(site, exchange(issued, { client_id: 'sgc_0123456789abcdef', client_secret: 'a secret' })),
      'form',
      'unauthorized_client',
      api,
    );
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
