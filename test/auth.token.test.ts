/**
 * createOAuthToken (SPEC.md §4, §5.2; DESIGN.md "Credentials and tokens", "Errors", "Limits"):
 * the OAuth 2.0 client-credentials grant (RFC 6749 §4.4) with SPEC.md's JSON body, form encoding,
 * HTTP Basic client authentication with Appendix B encoding, every refusal with its exact body, and
 * the issued access token checked against RFC 9068 and the served JWKS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectableApp } from './app.js';
import type { InjectOptions, Response as LightMyRequestResponse } from 'light-my-request';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../src/errors.js';
import type { ServerContext } from '../src/context.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, TEST_BASE_URL } from './helpers.js';
import {
  ALL_SCOPES,
  apiErrorBody,
  basicAuthorization,
  formTokenRequest,
  formUrlEncode,
  headersWithoutDate,
  mediaType,
  jsonTokenRequest,
  manualClock,
  oauthErrorBody,
  TOKEN_PATH,
  type ManualClock,
  type TokenResponseBody,
} from './auth-fixtures.js';

interface Env {
  app: InjectableApp;
  context: ServerContext;
  clock: ManualClock;
}

/** Runs `use` against a fresh app over the example site, closed afterwards. */
async function withApp(use: (env: Env) => Promise<void>, settings: { tokenTtl?: number } = {}): Promise<void> {
  const clock = manualClock();
  const { app, context } = await buildTestApp(EXAMPLE_SITE, { now: clock.now, settings });
  try {
    await use({ app, context, clock });
  } finally {
    await app.close();
  }
}

/** The client-credentials fields of SPEC.md §2 "Token request". */
function grant(client: { clientId: string; clientSecret: string }, extra: Record<string, string> = {}): Record<string, string> {
  return { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, ...extra };
}

/** A Basic-authenticated, form-encoded request (client_secret_basic), as standard clients send it. */
function basicRequest(client: { clientId: string; clientSecret: string }, fields: Record<string, string> = {}): InjectOptions {
  return formTokenRequest(
    { grant_type: 'client_credentials', ...fields },
    { headers: { authorization: basicAuthorization(client.clientId, client.clientSecret) } },
  );
}

/** Asserts a successful token response (RFC 6749 §5.1) and returns its body. */
function expectIssued(response: LightMyRequestResponse, scope: string, expiresInSec = 3600): TokenResponseBody {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.pragma).toBe('no-cache');
  expect(response.headers['www-authenticate']).toBeUndefined();
  const body = response.json<TokenResponseBody>();
  expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
  expect(body).toEqual({ access_token: expect.any(String) as string, token_type: 'Bearer', scope, expires_in: expiresInSec });
  return body;
}

/** Asserts an error answered with SPEC.md's object (JSON requests). */
function expectApiError(response: LightMyRequestResponse, expected: ReturnType<typeof apiErrorBody>): void {
  expect(response.statusCode, response.body).toBe(expected.status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.json()).toEqual(expected);
}

/** Asserts an error answered with the RFC 6749 §5.2 body (form or Basic requests). */
function expectOAuthError(response: LightMyRequestResponse, expected: Record<string, unknown>): void {
  expect(response.statusCode, response.body).toBe(expected.status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.json()).toEqual(expected);
}

describe('successful requests', () => {
  it('JSON body (SPEC.md): 200 with exactly access_token, token_type, scope and expires_in, not cached', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ALL_SCOPES);
      expectIssued(await app.inject(jsonTokenRequest(grant(client))), 'search:read content:read internal:read');
    });
  });

  it('JSON body with a charset parameter on the media type', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const request = jsonTokenRequest(grant(client), { headers: { 'content-type': 'application/json; charset=utf-8' } });
      expectIssued(await app.inject(request), 'search:read');
    });
  });

  it('form-encoded body with client_secret_post (RFC 6749 §2.3.1, §4.4.2)', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read', 'content:read']);
      expectIssued(await app.inject(formTokenRequest(grant(client))), 'search:read content:read');
      const withCharset = formTokenRequest(grant(client), {
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      });
      expectIssued(await app.inject(withCharset), 'search:read content:read');
    });
  });

  it('HTTP Basic (client_secret_basic) with RFC 6749 Appendix B encoding: `_` of the client_id sent as %5F', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      expect(formUrlEncode(client.clientId)).toMatch(/^sgc%5F[0-9A-Za-z]{16}$/);
      expect(formUrlEncode("a-b_c.d~e!f*g'h(i)j k")).toBe('a%2Db%5Fc%2Ed%7Ee%21f%2Ag%27h%28i%29j+k');
      expectIssued(await app.inject(basicRequest(client)), 'search:read');
    });
  });

  it('HTTP Basic with every octet percent-encoded, and with the id not encoded at all', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const everyOctet = (text: string): string =>
        [...Buffer.from(text)].map((octet) => `%${octet.toString(16).toUpperCase().padStart(2, '0')}`).join('');
      const encoded = Buffer.from(`${everyOctet(client.clientId)}:${everyOctet(client.clientSecret)}`).toString('base64');
      expectIssued(
        await app.inject(formTokenRequest({ grant_type: 'client_credentials' }, { headers: { authorization: `Basic ${encoded}` } })),
        'search:read',
      );
      const raw = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
      expectIssued(
        await app.inject(formTokenRequest({ grant_type: 'client_credentials' }, { headers: { authorization: `Basic ${raw}` } })),
        'search:read',
      );
    });
  });

  it('HTTP Basic with a JSON body, and with the same client_id repeated in the body', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const authorization = basicAuthorization(client.clientId, client.clientSecret);
      expectIssued(await app.inject(jsonTokenRequest({ grant_type: 'client_credentials' }, { headers: { authorization } })), 'search:read');
      expectIssued(await app.inject(basicRequest(client, { client_id: client.clientId })), 'search:read');
    });
  });

  it('ignores parameters it does not know (RFC 6749 §3.2), whatever their name', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      // Names of Object.prototype members, too: a parameter is repeated only if it was sent twice.
      const extra = `resource=${encodeURIComponent(TEST_BASE_URL)}&constructor=x&toString=y&hasOwnProperty=z&__proto__=w`;
      expectIssued(await app.inject(formTokenRequest(`${new URLSearchParams(grant(client)).toString()}&${extra}`)), 'search:read');
      expectIssued(
        await app.inject(jsonTokenRequest({ ...grant(client), resource: TEST_BASE_URL, constructor: 'x', toString: 'y' })),
        'search:read',
      );
    });
  });

  it('the token works at whoami as a bearer token with the granted scopes', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read', 'internal:read']);
      const { access_token: token } = expectIssued(await app.inject(jsonTokenRequest(grant(client))), 'search:read internal:read');
      const whoami = await app.inject({ url: '/api/v1/whoami', headers: { authorization: `Bearer ${token}` } });
      expect(whoami.statusCode).toBe(200);
      expect(whoami.json()).toEqual({ authenticated: true, scheme: 'bearer', scopes: ['search:read', 'internal:read'] });
    });
  });
});

describe('scope (RFC 6749 §3.3, least privilege)', () => {
  it('omitted: all of the key scopes, in SPEC.md order', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['internal:read', 'search:read']);
      expectIssued(await app.inject(jsonTokenRequest(grant(client))), 'search:read internal:read');
      expectIssued(await app.inject(formTokenRequest(grant(client, { scope: '' }))), 'search:read internal:read');
    });
  });

  it.each<[string, string, string]>([
    ['one of them', 'content:read', 'content:read'],
    ['two of them, in any order', 'internal:read search:read', 'search:read internal:read'],
    ['a repeated scope', 'search:read search:read', 'search:read'],
    ['all of them', 'internal:read content:read search:read', 'search:read content:read internal:read'],
  ])('a subset: %s', async (_name, requested, granted) => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ALL_SCOPES);
      const { access_token: token } = expectIssued(await app.inject(jsonTokenRequest(grant(client, { scope: requested }))), granted);
      expect(decodeJwt(token).scope).toBe(granted);
      const whoami = await app.inject({ url: '/api/v1/whoami', headers: { authorization: `Bearer ${token}` } });
      if (granted.includes('search:read'))
        expect(whoami.json()).toEqual({ authenticated: true, scheme: 'bearer', scopes: granted.split(' ') });
      else expect(whoami.statusCode).toBe(403);
    });
  });

  it('an unknown scope: 400 invalid_scope, as SPEC.md object for JSON and RFC 6749 body for forms', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ALL_SCOPES);
      const message = 'Unknown scope: admin:write.';
      expectApiError(
        await app.inject(jsonTokenRequest(grant(client, { scope: 'search:read admin:write' }))),
        apiErrorBody('invalid_scope', { message }),
      );
      expectOAuthError(
        await app.inject(formTokenRequest(grant(client, { scope: 'search:read admin:write' }))),
        oauthErrorBody('invalid_scope', { message }),
      );
      expectOAuthError(await app.inject(basicRequest(client, { scope: 'admin:write' })), oauthErrorBody('invalid_scope', { message }));
    });
  });

  it('a scope the key does not carry: 400 invalid_scope', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read', 'content:read']);
      const message = 'This client is not granted: internal:read.';
      const response = await app.inject(jsonTokenRequest(grant(client, { scope: 'search:read internal:read' })));
      expectApiError(response, apiErrorBody('invalid_scope', { message }));
      expect(response.headers['www-authenticate']).toBeUndefined();
      expectOAuthError(await app.inject(basicRequest(client, { scope: 'internal:read' })), oauthErrorBody('invalid_scope', { message }));
    });
  });
});

describe('client authentication', () => {
  /** The response without the headers that differ between any two responses. */
  const comparable = (response: LightMyRequestResponse): { status: number; headers: Record<string, unknown>; body: string } => {
    return { status: response.statusCode, headers: headersWithoutDate(response), body: response.body };
  };

  it('unknown client, malformed client_id and wrong secret: the same 401 invalid_client, byte for byte, without a challenge (RFC 6749 §5.2: none was used)', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const other = await issueKey(context, ['search:read']);
      const unknown = await app.inject(jsonTokenRequest(grant({ clientId: 'sgc_0000000000000000', clientSecret: client.clientSecret })));
      const wrongSecret = await app.inject(jsonTokenRequest(grant({ clientId: client.clientId, clientSecret: other.clientSecret })));
      expectApiError(unknown, apiErrorBody('invalid_client'));
      expect(unknown.headers['www-authenticate']).toBeUndefined();
      expect(comparable(wrongSecret)).toEqual(comparable(unknown));

      const unknownForm = await app.inject(formTokenRequest(grant({ clientId: 'nobody', clientSecret: 'x' })));
      const wrongSecretForm = await app.inject(formTokenRequest(grant({ clientId: client.clientId, clientSecret: 'x' })));
      expectOAuthError(unknownForm, oauthErrorBody('invalid_client'));
      expect(unknownForm.headers['www-authenticate']).toBeUndefined();
      expect(comparable(wrongSecretForm)).toEqual(comparable(unknownForm));
    });
  });

  it('with HTTP Basic: 401 invalid_client with WWW-Authenticate: Basic realm="sitegate" (RFC 6749 §5.2)', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const unknown = await app.inject(basicRequest({ clientId: 'sgc_0000000000000000', clientSecret: client.clientSecret }));
      const wrongSecret = await app.inject(basicRequest({ clientId: client.clientId, clientSecret: 'wrong' }));
      expectOAuthError(unknown, oauthErrorBody('invalid_client'));
      expect(unknown.headers['www-authenticate']).toBe('Basic realm="sitegate"');
      expect(comparable(wrongSecret)).toEqual(comparable(unknown));
    });
  });

  it('HTTP Basic with a JSON body: the RFC 6749 body too, since the client authenticated the RFC 6749 way', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const authorization = basicAuthorization(client.clientId, 'wrong');
      const response = await app.inject(jsonTokenRequest({ grant_type: 'client_credentials' }, { headers: { authorization } }));
      expectOAuthError(response, oauthErrorBody('invalid_client'));
      expect(response.headers['www-authenticate']).toBe('Basic realm="sitegate"');
    });
  });

  it.each<[string, (env: Env) => Promise<{ clientId: string; clientSecret: string }>]>([
    [
      'revoked',
      async ({ context }) => {
        const client = await issueKey(context, ['search:read']);
        await context.auth.keys.revoke(client.clientId);
        return client;
      },
    ],
    [
      'expired',
      async ({ context, clock }) => {
        const client = await issueKey(context, ['search:read'], { expiresAt: new Date(clock.now().getTime() + 1000) });
        clock.advance(1000);
        return client;
      },
    ],
    // On the app's clock, which stands still: a busy machine may take over a second to get here.
    ['expired at issue', ({ context, clock }) => issueKey(context, ['search:read'], { expiresAt: new Date(clock.now().getTime() - 1000) })],
  ])('a %s key: 401 invalid_client', async (_name, makeClient) => {
    await withApp(async (env) => {
      const client = await makeClient(env);
      expectApiError(await env.app.inject(jsonTokenRequest(grant(client))), apiErrorBody('invalid_client'));
      const basic = await env.app.inject(basicRequest(client));
      expectOAuthError(basic, oauthErrorBody('invalid_client'));
      expect(basic.headers['www-authenticate']).toBe('Basic realm="sitegate"');
    });
  });

  it('a rotated key: the new secret works, the old one during its grace period only', async () => {
    await withApp(async ({ app, context, clock }) => {
      const client = await issueKey(context, ['search:read']);
      const rotated = await context.auth.keys.rotate(client.clientId, 60_000);
      expect(rotated?.clientId).toBe(client.clientId);
      expectIssued(
        await app.inject(jsonTokenRequest(grant({ clientId: client.clientId, clientSecret: rotated?.clientSecret ?? '' }))),
        'search:read',
      );
      expectIssued(await app.inject(jsonTokenRequest(grant(client))), 'search:read');
      clock.advance(60_000);
      expectApiError(await app.inject(jsonTokenRequest(grant(client))), apiErrorBody('invalid_client'));
    });
  });
});

describe('malformed requests', () => {
  it('grant_type other than client_credentials: 400 unsupported_grant_type', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const message =
        'The grant type password is not supported; use client_credentials (API keys), authorization_code or refresh_token (agents).';
      expectApiError(
        await app.inject(jsonTokenRequest(grant(client, { grant_type: 'password' }))),
        apiErrorBody('unsupported_grant_type', { message }),
      );
      expectOAuthError(
        await app.inject(formTokenRequest(grant(client, { grant_type: 'password' }))),
        oauthErrorBody('unsupported_grant_type', { message }),
      );
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['grant_type missing', { client_id: 'sgc_0000000000000000', client_secret: 'x' }, 'grant_type is required.'],
    ['grant_type empty', { grant_type: '', client_id: 'sgc_0000000000000000', client_secret: 'x' }, 'grant_type is required.'],
    ['client_id missing', { grant_type: 'client_credentials', client_secret: 'x' }, 'client_id and client_secret are required.'],
    [
      'client_secret missing',
      { grant_type: 'client_credentials', client_id: 'sgc_0000000000000000' },
      'client_id and client_secret are required.',
    ],
    [
      'client_secret empty',
      { grant_type: 'client_credentials', client_id: 'sgc_0000000000000000', client_secret: '' },
      'client_id and client_secret are required.',
    ],
    ['a number field', { grant_type: 'client_credentials', client_id: 123, client_secret: 'x' }, 'The field client_id must be a string.'],
    [
      'a null field',
      { grant_type: 'client_credentials', client_id: 'sgc_0000000000000000', client_secret: null },
      'The field client_secret must be a string.',
    ],
    [
      'an array field',
      { grant_type: 'client_credentials', client_id: 'a', client_secret: 'x', scope: ['search:read'] },
      'The field scope must be a string.',
    ],
  ])('JSON body with %s: 400 invalid_request', async (_name, fields, message) => {
    await withApp(async ({ app }) => {
      expectApiError(await app.inject(jsonTokenRequest(fields)), apiErrorBody('invalid_request', { message }));
    });
  });

  it.each<[string, string, string]>([
    ['invalid JSON', '{"grant_type": "client_credentials",', 'The body is not valid JSON.'],
    ['an empty body', '', 'The body is not valid JSON.'],
    ['a JSON array', '[["grant_type", "client_credentials"]]', 'The body must be a JSON object.'],
    ['JSON null', 'null', 'The body must be a JSON object.'],
    ['a JSON string', '"grant_type=client_credentials"', 'The body must be a JSON object.'],
  ])('JSON body that is %s: 400 invalid_request', async (_name, payload, message) => {
    await withApp(async ({ app }) => {
      const response = await app.inject({ method: 'POST', url: TOKEN_PATH, headers: { 'content-type': 'application/json' }, payload });
      expectApiError(response, apiErrorBody('invalid_request', { message }));
    });
  });

  it('no body at all: 400 invalid_request', async () => {
    await withApp(async ({ app }) => {
      expectApiError(
        await app.inject({ method: 'POST', url: TOKEN_PATH }),
        apiErrorBody('invalid_request', { message: 'Send the token request as a JSON or form-encoded body.' }),
      );
    });
  });

  it.each(['grant_type', 'client_id', 'client_secret', 'scope'])(
    'form body with %s repeated: 400 invalid_request (RFC 6749 §3.2)',
    async (name) => {
      await withApp(async ({ app, context }) => {
        const client = await issueKey(context, ['search:read']);
        const payload = `${new URLSearchParams(grant(client, { scope: 'search:read' })).toString()}&${name}=${encodeURIComponent(grant(client, { scope: 'search:read' })[name] ?? '')}`;
        expectOAuthError(
          await app.inject(formTokenRequest(payload)),
          oauthErrorBody('invalid_request', { message: `The parameter ${name} is repeated.` }),
        );
      });
    },
  );

  it.each<[string, (client: { clientId: string; clientSecret: string }) => string, string]>([
    [
      'client_secret, the right one last',
      (client) =>
        `{"grant_type":"client_credentials","client_id":"${client.clientId}","client_secret":"wrong","client_secret":"${client.clientSecret}"}`,
      'The parameter client_secret is repeated.',
    ],
    [
      'client_id, spelt with an escape',
      (client) =>
        `{"grant_type":"client_credentials","client_id":"${client.clientId}","client\\u005fid":"${client.clientId}","client_secret":"${client.clientSecret}"}`,
      'The parameter client_id is repeated.',
    ],
    [
      'scope, first as a number',
      (client) =>
        `{"grant_type":"client_credentials","scope":1,"client_id":"${client.clientId}","client_secret":"${client.clientSecret}","scope":"search:read"}`,
      'A parameter is repeated.',
    ],
  ])('JSON body with %s repeated: 400 invalid_request, no token (JSON.parse would keep the last)', async (_what, body, message) => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      expectApiError(
        await app.inject({ method: 'POST', url: TOKEN_PATH, headers: { 'content-type': 'application/json' }, payload: body(client) }),
        apiErrorBody('invalid_request', { message }),
      );
    });
  });

  it('JSON body with "__proto__" as a member: an unknown parameter, not a repeated one', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const payload = `{"__proto__":"x","grant_type":"client_credentials","client_id":"${client.clientId}","client_secret":"${client.clientSecret}"}`;
      expectIssued(
        await app.inject({ method: 'POST', url: TOKEN_PATH, headers: { 'content-type': 'application/json' }, payload }),
        'search:read',
      );
    });
  });

  it('form body without client credentials: 400 invalid_request', async () => {
    await withApp(async ({ app }) => {
      expectOAuthError(
        await app.inject(formTokenRequest({ grant_type: 'client_credentials' })),
        oauthErrorBody('invalid_request', { message: 'client_id and client_secret are required.' }),
      );
    });
  });

  it('HTTP Basic and client_secret in the body: 400 invalid_request (one authentication method only)', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const request = formTokenRequest(grant(client), {
        headers: { authorization: basicAuthorization(client.clientId, client.clientSecret) },
      });
      const response = await app.inject(request);
      expectOAuthError(
        response,
        oauthErrorBody('invalid_request', { message: 'Authenticate the client once: HTTP Basic or client_secret in the body, not both.' }),
      );
      expect(response.headers['www-authenticate']).toBeUndefined();
    });
  });

  it.each<[string, string, string]>([
    ['a client_id differing from the body', 'OTHER', 'client_id in the body differs from the Basic credentials.'],
    ['no colon', 'no-colon', 'The Basic credentials must be client_id:client_secret.'],
    ['a bad percent-encoding', 'bad%ZZ', 'The Basic credentials are not correctly percent-encoded.'],
    ['a value that is not base64', '!', 'The Authorization header must be "Basic <base64(client_id:client_secret)>".'],
  ])('HTTP Basic with %s: 400 invalid_request', async (_name, variant, message) => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const value = {
        OTHER: basicAuthorization(client.clientId, client.clientSecret),
        'no-colon': `Basic ${Buffer.from(client.clientId).toString('base64')}`,
        'bad%ZZ': `Basic ${Buffer.from(`${client.clientId}%ZZ:${client.clientSecret}`).toString('base64')}`,
        '!': 'Basic !',
      }[variant];
      const fields: Record<string, string> = { grant_type: 'client_credentials' };
      if (variant === 'OTHER') fields.client_id = 'sgc_0000000000000000';
      expectOAuthError(
        await app.inject(formTokenRequest(fields, { headers: { authorization: value ?? '' } })),
        oauthErrorBody('invalid_request', { message }),
      );
    });
  });

  it('a bearer credential on the token endpoint: 400 invalid_request', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const response = await app.inject(jsonTokenRequest(grant(client), { headers: { authorization: 'Bearer abc' } }));
      expectApiError(
        response,
        apiErrorBody('invalid_request', { message: 'The Authorization header must be "Basic <base64(client_id:client_secret)>".' }),
      );
    });
  });

  it('a body over 4 KiB: 413 payload_too_large, in the form of the request', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const padding = 'x'.repeat(4 * 1024);
      expectApiError(await app.inject(jsonTokenRequest(grant(client, { padding }))), apiErrorBody('payload_too_large'));
      expectOAuthError(await app.inject(formTokenRequest(grant(client, { padding }))), oauthErrorBody('payload_too_large'));
      // 4 KiB itself is allowed.
      const exact = JSON.stringify(grant(client, { padding: '' }));
      const fitting = JSON.stringify(grant(client, { padding: 'x'.repeat(4 * 1024 - exact.length) }));
      expect(Buffer.byteLength(fitting)).toBe(4 * 1024);
      expectIssued(
        await app.inject({ method: 'POST', url: TOKEN_PATH, headers: { 'content-type': 'application/json' }, payload: fitting }),
        'search:read',
      );
    });
  });

  it.each(['text/plain', 'multipart/form-data; boundary=x', 'application/xml'])('a %s body: 415 unsupported_media_type', async (type) => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const response = await app.inject({
        method: 'POST',
        url: TOKEN_PATH,
        headers: { 'content-type': type },
        payload: new URLSearchParams(grant(client)).toString(),
      });
      expectApiError(response, apiErrorBody('unsupported_media_type'));
    });
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'] as const)('%s: 405 method_not_allowed with Allow: POST, OPTIONS', async (method) => {
    await withApp(async ({ app }) => {
      const response = await app.inject({ method, url: TOKEN_PATH });
      expectApiError(response, apiErrorBody('method_not_allowed', { message: `${method} is not allowed here.` }));
      expect(response.headers.allow).toBe('POST, OPTIONS');
    });
  });

  it('OPTIONS: 204 with Allow: POST, OPTIONS', async () => {
    await withApp(async ({ app }) => {
      const response = await app.inject({ method: 'OPTIONS', url: TOKEN_PATH });
      expect(response.statusCode).toBe(204);
      expect(response.headers.allow).toBe('POST, OPTIONS');
      expect(response.body).toBe('');
    });
  });

  it('checks the grant type before the client, and the client before the scope', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const wrong = { clientId: client.clientId, clientSecret: 'wrong' };
      expectApiError(
        await app.inject(jsonTokenRequest(grant(wrong, { grant_type: 'password', scope: 'admin' }))),
        apiErrorBody('unsupported_grant_type', {
          message:
            'The grant type password is not supported; use client_credentials (API keys), authorization_code or refresh_token (agents).',
        }),
      );
      // An unauthenticated client learns nothing about scopes.
      expectApiError(await app.inject(jsonTokenRequest(grant(wrong, { scope: 'admin' }))), apiErrorBody('invalid_client'));
    });
  });
});

describe('the access token (RFC 9068)', () => {
  /** The served JWKS. */
  async function servedJwks(app: InjectableApp): Promise<JSONWebKeySet> {
    const response = await app.inject({ url: '/.well-known/jwks.json' });
    expect(response.statusCode).toBe(200);
    expect(mediaType(response)).toBe('application/jwk-set+json');
    return response.json<JSONWebKeySet>();
  }

  it.each<[string, number | undefined, number]>([
    ['default lifetime', undefined, 3600],
    ['configured lifetime (tokenTtl 60)', 60, 60],
  ])('is an EdDSA at+jwt with iss, sub, aud, client_id, scope, iat, exp = iat + ttl and jti: %s', async (_name, tokenTtl, ttlSec) => {
    await withApp(
      async ({ app, context, clock }) => {
        const client = await issueKey(context, ['search:read', 'content:read']);
        const body = expectIssued(await app.inject(jsonTokenRequest(grant(client))), 'search:read content:read', ttlSec);
        const token = body.access_token;

        const jwks = await servedJwks(app);
        const protectedHeader = decodeProtectedHeader(token);
        expect(protectedHeader).toEqual({ alg: 'EdDSA', typ: 'at+jwt', kid: expect.any(String) as string });
        expect(jwks.keys.map((key) => key.kid)).toContain(protectedHeader.kid);
        for (const key of jwks.keys) {
          // Public keys only.
          expect(key).not.toHaveProperty('d');
          expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
        }

        const iat = Math.floor(clock.now().getTime() / 1000);
        const claims = decodeJwt(token);
        expect(claims).toEqual({
          iss: TEST_BASE_URL,
          sub: client.clientId,
          aud: TEST_BASE_URL,
          client_id: client.clientId,
          scope: 'search:read content:read',
          iat,
          exp: iat + ttlSec,
          jti: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
        });

        const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
          issuer: TEST_BASE_URL,
          audience: TEST_BASE_URL,
          typ: 'at+jwt',
          algorithms: ['EdDSA'],
          currentDate: clock.now(),
          requiredClaims: ['iss', 'sub', 'aud', 'client_id', 'iat', 'exp', 'jti'],
        });
        expect(payload).toEqual(claims);
      },
      tokenTtl === undefined ? {} : { tokenTtl },
    );
  });

  it('gives every token its own jti, and a tampered token fails verification against the JWKS', async () => {
    await withApp(async ({ app, context }) => {
      const client = await issueKey(context, ['search:read']);
      const first = expectIssued(await app.inject(jsonTokenRequest(grant(client))), 'search:read').access_token;
      const second = expectIssued(await app.inject(jsonTokenRequest(grant(client))), 'search:read').access_token;
      expect(decodeJwt(first).jti).not.toBe(decodeJwt(second).jti);
      const jwks = await servedJwks(app);
      const [head, , signature] = first.split('.');
      const [, payload] = second.split('.');
      await expect(jwtVerify(`${head ?? ''}.${payload ?? ''}.${signature ?? ''}`, createLocalJWKSet(jwks))).rejects.toThrow(/signature/);
    });
  });

  it('is signed with the same key after a restart on the same data folder', async () => {
    // Our own data folder: buildTestApp removes the one it makes when the app closes.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-data-'));
    try {
      const { app, context } = await buildTestApp(EXAMPLE_SITE, { dataDir });
      let token: string;
      try {
        const client = await issueKey(context, ['search:read']);
        token = expectIssued(await app.inject(jsonTokenRequest(grant(client))), 'search:read').access_token;
        expect(context.config.dataDir).toBe(dataDir);
      } finally {
        await app.close();
      }
      const again = await buildTestApp(EXAMPLE_SITE, { dataDir });
      try {
        const whoami = await again.app.inject({ url: '/api/v1/whoami', headers: { authorization: `Bearer ${token}` } });
        expect(whoami.json()).toEqual({ authenticated: true, scheme: 'bearer', scopes: ['search:read'] as Scope[] });
      } finally {
        await again.app.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
