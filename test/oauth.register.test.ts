/**
 * RFC 7591 dynamic client registration (`POST /api/v1/oauth/register`, issue 30): off by default,
 * on with `auth.dynamicClientRegistration`; exact answers (§3.2.1 and §3.2.2 bodies), the stored
 * client and its audit event, the per-address limit, and the official MCP SDK's `registerClient`
 * reading both answers.
 */
import type { AddressInfo } from 'node:net';
import { registerClient } from '@modelcontextprotocol/sdk/client/auth.js';
import { InvalidClientMetadataError, ServerError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../src/config/config.js';
import { ERROR_TABLE, type ErrorCode } from '../src/errors.js';
import { buildTestApp, EXAMPLE_SITE, TEST_BASE_URL, type TestApp } from './helpers.js';
import { JSON_TYPE } from './http-expect.js';

const NOW = new Date('2026-11-29T08:00:00Z');
const REGISTER = '/api/v1/oauth/register';
const SIGN_IN = {
  oidc: { issuer: 'https://login.example.com', clientId: 'docs' },
  grants: [{ claim: 'groups', anyOf: ['staff'], scopes: ['content:read'] }],
};
const ON: ConfigInput = { auth: { ...SIGN_IN, dynamicClientRegistration: true } };
const CLIENT_ID = /^sgc_[A-Za-z0-9_-]{22}$/;

let test: TestApp | undefined;
afterEach(async () => {
  await test?.app.close();
  test = undefined;
});

async function app(settings: ConfigInput): Promise<TestApp> {
  test = await buildTestApp(EXAMPLE_SITE, { settings, now: () => NOW });
  return test;
}

/** A registration request's reply. */
async function register(target: TestApp, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return target.app.inject({ method: 'POST', url: REGISTER, headers, payload: typeof body === 'string' ? body : JSON.stringify(body) });
}

/** RFC 7591 §3.2.2's body as sitegate sends it: `error` the code, with the error object's fields. */
function registrationError(code: ErrorCode, message: string): Record<string, unknown> {
  const docs = `${TEST_BASE_URL}/developers#error-${code}`;
  const { status, resolution } = ERROR_TABLE[code];
  return { error: code, code, message, resolution, status, docs, error_description: message, error_uri: docs };
}

/** Header fields of every registration answer, success or error. */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache', 'content-type': JSON_TYPE };

describe('registration off (the default)', () => {
  it('answers 404 not_found to any request, reading no body, and stores nothing', async () => {
    const target = await app({ auth: SIGN_IN });
    for (const reply of [
      await register(target, { redirect_uris: ['https://agent.example/cb'] }),
      await register(target, 'x=1', { 'content-type': 'application/x-www-form-urlencoded' }),
    ]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.headers).toMatchObject(NO_STORE);
      expect(JSON.parse(reply.body)).toStrictEqual(
        registrationError('not_found', 'Dynamic client registration is off here (auth.dynamicClientRegistration).'),
      );
    }
    expect((await target.context.store.listAudit(new Date(0), 10)).filter((event) => event.type === 'client_registered')).toStrictEqual([]);
  });
});

describe('registration on', () => {
  it('registers a public client: 201, the client information, stored, audited, and known to the registry', async () => {
    const target = await app(ON);
    const reply = await register(target, {
      redirect_uris: ['http://127.0.0.1/callback', 'http://localhost:6274/oauth/callback'],
      client_name: 'MCP Inspector',
      client_uri: 'https://github.com/modelcontextprotocol/inspector',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      scope: 'content:read',
    });
    expect(reply.statusCode).toBe(201);
    expect({ ...reply.headers, date: undefined, connection: undefined }).toStrictEqual({
      ...NO_STORE,
      'content-length': String(Buffer.byteLength(reply.body)),
      date: undefined,
      connection: undefined,
    });
    const body = JSON.parse(reply.body) as { client_id: string };
    expect(body.client_id).toMatch(CLIENT_ID);
    const information = {
      client_id: body.client_id,
      client_id_issued_at: NOW.getTime() / 1000,
      client_name: 'MCP Inspector',
      client_uri: 'https://github.com/modelcontextprotocol/inspector',
      redirect_uris: ['http://127.0.0.1/callback', 'http://localhost:6274/oauth/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // RFC 7591 §3.2.1: the server replaced the method asked for.
      token_endpoint_auth_method: 'none',
    };
    expect(body).toStrictEqual(information);
    expect(await target.context.store.getOAuthClient(body.client_id)).toStrictEqual({
      id: body.client_id,
      name: 'MCP Inspector',
      redirectUris: information.redirect_uris,
      metadata: JSON.stringify(information),
      createdAt: NOW,
    });
    expect(await target.context.store.listAudit(new Date(0), 10)).toContainEqual({
      at: NOW,
      type: 'client_registered',
      clientId: body.client_id,
      address: '127.0.0.1',
      detail: 'name="MCP Inspector"',
    });
    expect(await target.context.agents?.clients.resolve(body.client_id)).toStrictEqual({
      clientId: body.client_id,
      kind: 'registered',
      name: 'MCP Inspector',
      clientUri: 'https://github.com/modelcontextprotocol/inspector',
      redirectUris: information.redirect_uris,
    });
  });

  it('fills in the defaults and names a nameless client after its redirect URI', async () => {
    const target = await app(ON);
    const reply = await register(target, { redirect_uris: ['http://127.0.0.1:33418/'] });
    expect(reply.statusCode).toBe(201);
    const body = JSON.parse(reply.body) as { client_id: string };
    expect(body).toStrictEqual({
      client_id: body.client_id,
      client_id_issued_at: NOW.getTime() / 1000,
      redirect_uris: ['http://127.0.0.1:33418/'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    expect((await target.context.store.getOAuthClient(body.client_id))?.name).toBe('127.0.0.1:33418');
  });

  it.each([
    [{}, 'invalid_redirect_uri', 'redirect_uris is required: a non-empty list of redirect URIs.'],
    [{ redirect_uris: [] }, 'invalid_redirect_uri', 'redirect_uris is required: a non-empty list of redirect URIs.'],
    [
      { redirect_uris: ['https://agent.example/cb', 'http://agent.example/cb'] },
      'invalid_redirect_uri',
      'The redirect URI "http://agent.example/cb" must use https, or http on a loopback host only (127.0.0.1, [::1], localhost: RFC 8252 §7.3).',
    ],
    [
      { redirect_uris: ['javascript:alert(1)//a.b'] },
      'invalid_redirect_uri',
      'The redirect URI "javascript:alert(1)//a.b" must not use the javascript: scheme.',
    ],
    [
      { redirect_uris: ['https://agent.example/cb#x'] },
      'invalid_redirect_uri',
      'The redirect URI "https://agent.example/cb#x" must not contain a fragment (RFC 6749 §3.1.2).',
    ],
    [{ redirect_uris: 'https://agent.example/cb' }, 'invalid_client_metadata', 'redirect_uris must be a list of strings.'],
    [[], 'invalid_client_metadata', 'The body must be a JSON object of client metadata (RFC 7591 §2).'],
    [
      { redirect_uris: ['https://agent.example/cb'], grant_types: ['client_credentials'] },
      'invalid_client_metadata',
      'grant_types may hold authorization_code and refresh_token only, not "client_credentials".',
    ],
    [
      { redirect_uris: ['https://agent.example/cb'], grant_types: ['refresh_token'] },
      'invalid_client_metadata',
      'grant_types must include authorization_code.',
    ],
    [
      { redirect_uris: ['https://agent.example/cb'], response_types: ['token'] },
      'invalid_client_metadata',
      'response_types may hold "code" only.',
    ],
    [
      { redirect_uris: ['https://agent.example/cb'], client_uri: 'http://agent.example/' },
      'invalid_client_metadata',
      'client_uri must be an absolute https URL.',
    ],
    [{ redirect_uris: ['https://agent.example/cb'], client_name: 7 }, 'invalid_client_metadata', 'client_name must be a string.'],
  ] as [unknown, ErrorCode, string][])('refuses %j: 400 %s', async (metadata, code, message) => {
    const target = await app(ON);
    const reply = await register(target, metadata);
    expect(reply.statusCode).toBe(400);
    expect(reply.headers).toMatchObject(NO_STORE);
    expect(JSON.parse(reply.body)).toStrictEqual(registrationError(code, message));
  });

  it('refuses a body that is not JSON (400), another media type (415), one over 4 KiB (413)', async () => {
    const target = await app(ON);
    const notJson = await register(target, '{');
    expect([notJson.statusCode, JSON.parse(notJson.body)]).toStrictEqual([
      400,
      registrationError('invalid_request', 'The body is not valid JSON.'),
    ]);
    const form = await register(target, 'redirect_uris=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect([form.statusCode, JSON.parse(form.body)]).toStrictEqual([
      415,
      registrationError('unsupported_media_type', ERROR_TABLE.unsupported_media_type.message),
    ]);
    const large = await register(target, { redirect_uris: ['https://agent.example/cb'], client_name: 'x'.repeat(5000) });
    expect([large.statusCode, JSON.parse(large.body)]).toStrictEqual([
      413,
      registrationError('payload_too_large', ERROR_TABLE.payload_too_large.message),
    ]);
  });

  it('limits registrations per address (clientRegistrations), refused ones included', async () => {
    const target = await app({ ...ON, rateLimits: { clientRegistrations: { points: 2, windowSec: 600 } } });
    expect((await register(target, {})).statusCode).toBe(400);
    expect((await register(target, { redirect_uris: ['https://agent.example/cb'] })).statusCode).toBe(201);
    const refused = await register(target, { redirect_uris: ['https://agent.example/cb'] });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toMatchObject({
      ...NO_STORE,
      'retry-after': '600',
      'ratelimit-policy': '"clientRegistrations";q=2;w=600',
      ratelimit: '"clientRegistrations";r=0;t=600',
    });
    expect(JSON.parse(refused.body)).toStrictEqual(registrationError('rate_limited', 'Too many client registrations from this address.'));
  });
});

describe('the MCP SDK (1.32) registers and reads refusals', () => {
  it('registerClient gets the client information, and an InvalidClientMetadataError with our message', async () => {
    const target = await app(ON);
    await new Promise<void>((resolve) => target.app.server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(target.app.server.address() as AddressInfo).port}`;
    const metadata = { issuer: origin, registration_endpoint: `${origin}${REGISTER}` } as Parameters<typeof registerClient>[1]['metadata'];
    const information = await registerClient(origin, {
      metadata,
      clientMetadata: { redirect_uris: ['http://localhost:3000/callback'], client_name: 'SDK Agent', token_endpoint_auth_method: 'none' },
    });
    expect(information).toMatchObject({
      client_name: 'SDK Agent',
      redirect_uris: ['http://localhost:3000/callback'],
      token_endpoint_auth_method: 'none',
      client_id_issued_at: NOW.getTime() / 1000,
    });
    expect(information.client_id).toMatch(CLIENT_ID);
    const refused: unknown = await registerClient(origin, {
      metadata,
      clientMetadata: { redirect_uris: ['https://agent.example/cb'], response_types: ['token'] },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidClientMetadataError);
    expect((refused as Error).message).toBe('response_types may hold "code" only.');
    const badUri: unknown = await registerClient(origin, {
      metadata,
      clientMetadata: { redirect_uris: ['http://agent.example/cb'] },
    }).catch((error: unknown) => error);
    // The SDK has no class of its own for invalid_redirect_uri: it reads the description all the same.
    expect(badUri).toBeInstanceOf(ServerError);
    expect((badUri as Error).message).toBe(
      'The redirect URI "http://agent.example/cb" must use https, or http on a loopback host only (127.0.0.1, [::1], localhost: RFC 8252 §7.3).',
    );
  });
});
