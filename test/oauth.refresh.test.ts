/**
 * The refresh token grant of agents (issue 30; RFC 6749 §6, RFC 9700 §4.14.2): rotation
 * (oauth4webapi), reuse revoking the family, binding to the client, scope and resource; and
 * revocation (RFC 7009) and introspection (RFC 7662) by public agent clients.
 */
import * as oauth from 'oauth4webapi';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { OAUTH_PATHS } from '../src/oauth/settings.js';
import { apiErrorBody } from './auth-fixtures.js';
import {
  AGENT,
  OTHER_AGENT,
  STAFF_SCOPES,
  INSECURE,
  REFRESH_TOKEN,
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
