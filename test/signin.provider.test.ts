/**
 * The test OpenID Provider itself (test/oidc-provider.ts), walked by a minimal relying party made
 * of openid-client calls: the login and consent forms sign in each account, the ID token and
 * userinfo carry the accounts' claims, and the end-session URL is the provider's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signInWithFetch, startOidcProvider, TEST_CLIENT_ID, type RunningOidcProvider } from './oidc-provider.js';

describe('the test OpenID Provider', () => {
  let server: http.Server;
  let base = '';
  let op: RunningOidcProvider;
  let config: client.Configuration;
  const pending = { verifier: '', state: '', nonce: '' };
  let claims: { id: client.IDToken | undefined; info: client.UserInfoResponse } | undefined;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', base);
        if (url.pathname === '/_sitegate/login') {
          pending.verifier = client.randomPKCECodeVerifier();
          pending.state = client.randomState();
          pending.nonce = client.randomNonce();
          const to = client.buildAuthorizationUrl(config, {
            redirect_uri: `${base}/_sitegate/callback`,
            scope: 'openid profile email groups',
            code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
            code_challenge_method: 'S256',
            state: pending.state,
            nonce: pending.nonce,
          });
          res.writeHead(302, { location: to.href }).end();
          return;
        }
        const tokens = await client.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const id = tokens.claims();
        if (id === undefined) throw new Error('no ID token');
        claims = { id, info: await client.fetchUserInfo(config, tokens.access_token, id.sub) };
        res.writeHead(302, { location: '/done', 'set-cookie': 'sitegate_session=made-by-the-test; Path=/; HttpOnly' }).end();
      })().catch((error: unknown) => res.writeHead(500).end(String(error)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    op = await startOidcProvider({ sitegateBaseUrl: base });
    config = await client.discovery(new URL(op.issuer), TEST_CLIENT_ID, undefined, client.ClientSecretBasic(op.clientSecret as string), {
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the test provider is plain HTTP on loopback
      execute: [client.allowInsecureRequests],
    });
  });

  afterAll(async () => {
    await op.close();
    await new Promise((resolve) => server.close(resolve));
  });

  test('alice signs in through the login and consent forms; userinfo carries her groups', async () => {
    const result = await signInWithFetch(base, 'alice');
    expect(result.steps.map((step) => `${step.method} ${new URL(step.url).pathname} ${step.status}`)).toEqual([
      'GET /_sitegate/login 302',
      'GET /auth 303',
      expect.stringMatching(/^GET \/interaction\/[\w-]+ 200$/),
      expect.stringMatching(/^POST \/interaction\/[\w-]+ 303$/),
      expect.stringMatching(/^GET \/auth\/[\w-]+ 303$/),
      expect.stringMatching(/^GET \/interaction\/[\w-]+ 200$/),
      expect.stringMatching(/^POST \/interaction\/[\w-]+ 303$/),
      expect.stringMatching(/^GET \/auth\/[\w-]+ 303$/),
      'GET /_sitegate/callback 302',
    ]);
    expect(result.final.status).toBe(302);
    expect(result.final.headers.get('location')).toBe('/done');
    expect(result.sessionCookie).toBe('made-by-the-test');
    expect(new URL(result.callbackUrl as string).searchParams.get('iss')).toBe(op.issuer);
    expect(claims?.id).toMatchObject({ sub: 'alice', aud: TEST_CLIENT_ID, iss: op.issuer, nonce: pending.nonce });
    expect(claims?.info).toEqual({
      sub: 'alice',
      name: 'Alice Example',
      email: 'alice@example.com',
      email_verified: true,
      groups: ['staff'],
    });
  });

  test('carol has no groups claim; stopAtCallback leaves the provider redirect unsent', async () => {
    const result = await signInWithFetch(base, 'carol', { stopAtCallback: true });
    expect(result.final.status).toBe(303);
    expect(result.callbackUrl?.startsWith(`${base}/_sitegate/callback?code=`)).toBe(true);
    expect(result.sessionCookie).toBeUndefined();
    await fetch(result.callbackUrl as string, { redirect: 'manual' });
    expect(claims?.info).toEqual({ sub: 'carol', name: 'Carol Nowhere', email: 'carol@nowhere.example', email_verified: true });
  });

  test('the provider has an end_session_endpoint', () => {
    const url = client.buildEndSessionUrl(config, { client_id: TEST_CLIENT_ID, post_logout_redirect_uri: `${base}/` });
    expect(url.href).toBe(`${op.issuer}/session/end?client_id=docs&post_logout_redirect_uri=${encodeURIComponent(`${base}/`)}`);
  });
});
