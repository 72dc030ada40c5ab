/**
 * A small, real, dishonest OpenID Provider for the sign-in's security tests (issue 29, done-when
 * 2): an HTTP server on 127.0.0.1 with discovery (OpenID Connect Discovery 1.0 §4), a JWKS, an
 * authorization endpoint that sends the browser straight back with a code, and a token endpoint
 * that answers with an ID token signed by jose — correct, or wrong in exactly one way
 * ({@link EvilMode}). sitegate must refuse every wrong one.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * How the ID token is wrong: `honest` not at all; `wrong-nonce` another `nonce`; `other-issuer`
 * `iss` of another provider; `other-audience` `aud` of another client; `expired` `exp` in the
 * past; `bad-signature` signed by a key not in the JWKS; `no-nonce` without `nonce`; `alg-none`
 * an unsigned token (`alg: none`).
 */
export type EvilMode = 'honest' | 'wrong-nonce' | 'other-issuer' | 'other-audience' | 'expired' | 'bad-signature' | 'no-nonce' | 'alg-none';

/** A running dishonest provider. */
export interface EvilProvider {
  issuer: string;
  /** What the next ID tokens get wrong; tests set it. */
  mode: EvilMode;
  /** Claims the ID token carries besides the protocol ones (default: sub mallory, groups [staff]). */
  claims: Record<string, unknown>;
  close(): Promise<void>;
}

/** Starts the provider; its client id is whatever sitegate sends, its `aud` that client id unless told otherwise. */
export async function startEvilProvider(): Promise<EvilProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'evil', alg: 'RS256', use: 'sig' };
  /** Nonce by code: the authorization request's, for the token response. */
  const nonces = new Map<string, { nonce: string; clientId: string }>();
  const server = http.createServer((request, response) => {
    void answer(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: EvilProvider = {
    issuer,
    mode: 'honest',
    claims: { sub: 'mallory', groups: ['staff'], name: 'Mallory' },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const json = (response: http.ServerResponse, status: number, body: unknown): void => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  };

  async function idToken(nonce: string, clientId: string): Promise<string> {
    const nowSec = Math.floor(Date.now() / 1000);
    const { mode } = state;
    const payload: Record<string, unknown> = { ...state.claims };
    if (mode !== 'no-nonce') payload.nonce = mode === 'wrong-nonce' ? 'not-the-nonce-sent' : nonce;
    const iss = mode === 'other-issuer' ? 'https://other-issuer.example' : issuer;
    const aud = mode === 'other-audience' ? 'another-client' : clientId;
    const [iat, exp] = mode === 'expired' ? [nowSec - 7200, nowSec - 3600] : [nowSec, nowSec + 600];
    if (mode === 'alg-none') {
      const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...payload, iss, aud, iat, exp })}.`;
    }
    const key: CryptoKey = mode === 'bad-signature' ? other.privateKey : privateKey;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'evil' })
      .setIssuer(iss)
      .setAudience(aud)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
  }

  async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', issuer);
    switch (url.pathname) {
      case '/.well-known/openid-configuration':
        return json(response, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
        });
      case '/jwks':
        return json(response, 200, { keys: [jwk] });
      case '/authorize': {
        const code = randomBytes(16).toString('base64url');
        nonces.set(code, { nonce: url.searchParams.get('nonce') ?? '', clientId: url.searchParams.get('client_id') ?? '' });
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.href }).end();
        return;
      }
      case '/token': {
        let body = '';
        for await (const chunk of request) body += String(chunk);
        const code = new URLSearchParams(body).get('code') ?? '';
        const issued = nonces.get(code);
        if (issued === undefined) return json(response, 400, { error: 'invalid_grant' });
        nonces.delete(code);
        return json(response, 200, {
          access_token: randomBytes(16).toString('base64url'),
          token_type: 'Bearer',
          expires_in: 600,
          id_token: await idToken(issued.nonce, issued.clientId),
        });
      }
      default:
        return json(response, 404, { error: 'not_found' });
    }
  }

  return state;
}
