/**
 * The token endpoint's fast path (src/http/token/fast-token.ts) against its Fastify route: for
 * every kind of token request (JSON, form, Basic, every refusal, 413, 415, 429, 500), the server
 * with the fast path in front must answer exactly as `inject` (the Fastify route alone) does; the
 * requests whose head qualifies must be answered by the fast path itself, and the others left,
 * unread, to the framework. Issued tokens differ only in `jti`, `iat` and `exp`.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConfigInput } from '../src/config/config.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, type TestApp } from './helpers.js';
import { basicAuthorization, TOKEN_PATH } from './auth-fixtures.js';
import { closeServer, comparable, LEFT, send, startBareFastPath, type Answer } from './fast-path-support.js';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** Limits high enough that the comparisons below never meet them. */
const NO_LIMIT = { points: 1_000_000, windowSec: 60 };
const LIFTED: ConfigInput = { rateLimits: { token: NO_LIMIT, authFailures: NO_LIMIT, clientFailures: NO_LIMIT } };

/** An app listening on a port, with a bare fast-path server beside it. */
interface Servers {
  t: TestApp;
  port: number;
  bare: Server;
  barePort: number;
}

async function startServers(settings: ConfigInput, baseUrl?: string): Promise<Servers> {
  const t = await buildTestApp(EXAMPLE_SITE, { settings, ...(baseUrl === undefined ? {} : { baseUrl }) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { server: bare, port: barePort } = await startBareFastPath(t.context);
  return { t, port: (t.app.server.address() as AddressInfo).port, bare, barePort };
}

async function stopServers(servers: Servers): Promise<void> {
  await closeServer(servers.bare);
  await servers.t.app.close();
}

/** A token request: headers as sent, body (framed by a Content-Length, or chunked), target. */
interface TokenCase {
  headers: Record<string, string>;
  body: string;
  chunked?: boolean;
  path?: string;
}

/** The parts of an issued token that do not change from one token to the next. */
function stableToken(token: string): unknown {
  const { jti, iat, exp, ...claims } = decodeJwt(token);
  expect([typeof jti, typeof iat, typeof exp]).toStrictEqual(['string', 'number', 'number']);
  return { header: decodeProtectedHeader(token), claims };
}

/** A body to compare: with the issued token reduced to its stable parts, and request ids masked. */
function stableBody(body: Buffer): unknown {
  const text = body.toString('utf8').replace(/request id req-[0-9a-z]+/g, 'request id req-N');
  const value = JSON.parse(text) as Record<string, unknown>;
  return typeof value.access_token === 'string' ? { ...value, access_token: stableToken(value.access_token) } : value;
}

/** The headers to compare: all but Content-Length when the body names a request id, whose length varies. */
function stableHeaders(answer: Answer): Record<string, string> {
  if (!answer.body.toString('utf8').includes('request id req-')) return answer.headers;
  return Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'content-length'));
}

/** Sends a case over a socket to `port`. */
function sendCase(port: number, request: TokenCase): Promise<Answer> {
  return send(port, 'POST', request.path ?? TOKEN_PATH, request.headers, request.body, { chunked: request.chunked === true });
}

/** Sends a case through `inject` (Fastify alone): the reference answer. */
async function injectCase(t: TestApp, request: TokenCase): Promise<Answer> {
  // inject frames the payload itself, with a Content-Length.
  const { headers, body: payload } = request;
  const response = await t.app.inject({ method: 'POST', url: request.path ?? TOKEN_PATH, headers, payload });
  return { status: response.statusCode, headers: comparable(response.headers), body: response.rawPayload };
}

/**
 * Asserts that the server (fast path in front) answers `request` with `status`, exactly as the
 * Fastify route does, and that the fast path answers it itself (`fast`) or leaves it.
 */
async function expectSameAnswer(servers: Servers, request: TokenCase, status: number, fast: boolean): Promise<Answer> {
  const reference = await injectCase(servers.t, request);
  const served = await sendCase(servers.port, request);
  expect(reference.status, reference.body.toString()).toBe(status);
  expect(served.status, served.body.toString()).toBe(status);
  expect(stableHeaders(served)).toStrictEqual(stableHeaders(reference));
  expect(stableBody(served.body)).toStrictEqual(stableBody(reference.body));
  const bare = await sendCase(servers.barePort, request);
  if (fast) {
    expect(bare.status).toBe(status);
    expect(stableHeaders(bare)).toStrictEqual(stableHeaders(served));
    expect(stableBody(bare.body)).toStrictEqual(stableBody(served.body));
  } else {
    expect(bare.status).toBe(LEFT);
  }
  return served;
}

const json = (fields: Record<string, unknown>, headers: Record<string, string> = {}): TokenCase => ({
  headers: { 'content-type': JSON_TYPE, ...headers },
  body: JSON.stringify(fields),
});
const form = (fields: Record<string, string> | string, headers: Record<string, string> = {}): TokenCase => ({
  headers: { 'content-type': FORM_TYPE, ...headers },
  body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
});

describe('the token fast path answers as the Fastify route', () => {
  let servers: Servers;
  let client: { clientId: string; clientSecret: string };
  const grant = (extra: Record<string, string> = {}): Record<string, string> => ({
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    ...extra,
  });
  const basic = (secret = client.clientSecret): string => basicAuthorization(client.clientId, secret);

  beforeAll(async () => {
    servers = await startServers(LIFTED);
    client = await issueKey(servers.t.context, ['search:read', 'content:read']);
  });
  afterAll(() => stopServers(servers));

  const answered: [string, () => TokenCase, number][] = [
    ['JSON', () => json(grant()), 200],
    ['JSON with a charset', () => json(grant({ scope: 'search:read' }), { 'content-type': 'application/json; charset=utf-8' }), 200],
    ['form', () => form(grant()), 200],
    ['form with a charset', () => form(grant(), { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' }), 200],
    ['HTTP Basic with a form body', () => form({ grant_type: 'client_credentials' }, { authorization: basic() }), 200],
    [
      'HTTP Basic with a JSON body',
      () => json({ grant_type: 'client_credentials', scope: 'content:read' }, { authorization: basic() }),
      200,
    ],
    ['a body of exactly 4 KiB', () => exactly4KiB(grant()), 200],
    ['an unsupported grant type', () => json(grant({ grant_type: 'password' })), 400],
    ['grant_type missing (form)', () => form({ client_id: client.clientId, client_secret: client.clientSecret }), 400],
    ['invalid JSON', () => ({ headers: { 'content-type': JSON_TYPE }, body: '{"grant_type": ' }), 400],
    ['a JSON array', () => ({ headers: { 'content-type': JSON_TYPE }, body: '["client_credentials"]' }), 400],
    ['a JSON field that is not a string', () => json({ ...grant(), client_id: 42 }), 400],
    ['a repeated form parameter', () => form(`${new URLSearchParams(grant()).toString()}&scope=search%3Aread&scope=content%3Aread`), 400],
    [
      'a repeated JSON member',
      () => ({ headers: { 'content-type': JSON_TYPE }, body: `${JSON.stringify(grant()).slice(0, -1)},"client_secret":"wrong"}` }),
      400,
    ],
    ['a malformed client_id', () => json(grant({ client_id: 'sgc_\u0000' })), 401],
    ['client_secret missing', () => json({ grant_type: 'client_credentials', client_id: client.clientId }), 400],
    ['HTTP Basic and client_secret in the body', () => form(grant(), { authorization: basic() }), 400],
    ['a malformed Basic header', () => form({ grant_type: 'client_credentials' }, { authorization: 'Basic !' }), 400],
    [
      'Basic credentials with a bad percent-encoding',
      () =>
        form({ grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from(`${client.clientId}%ZZ:x`).toString('base64')}` }),
      400,
    ],
    ['a bearer credential', () => json(grant(), { authorization: 'Bearer abc' }), 400],
    ['a wrong secret (JSON)', () => json(grant({ client_secret: 'wrong' })), 401],
    ['an unknown client (form)', () => form(grant({ client_id: 'sgc_0000000000000000' })), 401],
    ['a wrong secret through Basic', () => form({ grant_type: 'client_credentials' }, { authorization: basic('wrong') }), 401],
    ['an unknown scope', () => json(grant({ scope: 'admin' })), 400],
    ['a scope the key lacks', () => form(grant({ scope: 'internal:read' })), 400],
  ];

  it.each(answered)('answers %s itself (%#)', async (_name, request, status) => {
    const served = await expectSameAnswer(servers, request(), status, true);
    if (status === 401 && request().headers.authorization !== undefined)
      expect(served.headers['www-authenticate']).toBe('Basic realm="sitegate"');
    expect(served.headers['cache-control']).toBe('no-store');
  });

  const left: [string, () => TokenCase, number][] = [
    ['a JSON body over 4 KiB (413)', () => json(grant({ padding: 'x'.repeat(4 * 1024) })), 413],
    ['a form body over 4 KiB (413, RFC 6749 body)', () => form(grant({ padding: 'x'.repeat(4 * 1024) })), 413],
    ['a text/plain body (415)', () => ({ headers: { 'content-type': 'text/plain' }, body: new URLSearchParams(grant()).toString() }), 415],
    ['no Content-Type', () => ({ headers: {}, body: new URLSearchParams(grant()).toString() }), 415],
    ['an empty JSON body', () => ({ headers: { 'content-type': JSON_TYPE }, body: '' }), 400],
    ['a chunked JSON body', () => ({ ...json(grant()), chunked: true }), 200],
    ['a media type spelt without a space', () => json(grant(), { 'content-type': 'application/json;charset=utf-8' }), 200],
    ['a query string', () => ({ ...json(grant()), path: `${TOKEN_PATH}?x=1` }), 200],
  ];

  it.each(left)('leaves %s to the framework, which answers as inject does', async (_name, request, status) => {
    await expectSameAnswer(servers, request(), status, false);
  });

  it('answers an unexpected failure with the same 500, naming a request id and nothing internal', async () => {
    const failing = vi.spyOn(servers.t.context.auth.keys, 'verify');
    failing.mockRejectedValue(new Error('database is down: SELECT secret_hash FROM keys'));
    try {
      for (const request of [json(grant()), form(grant())]) {
        const served = await expectSameAnswer(servers, request, 500, true);
        expect(served.body.toString()).toMatch(/Something went wrong on our side \(request id req-[0-9a-z]+\)\./);
        expect(served.body.toString()).not.toContain('database');
      }
    } finally {
      failing.mockRestore();
    }
  });

  /** A JSON body padded to exactly the 4 KiB limit. */
  function exactly4KiB(fields: Record<string, string>): TokenCase {
    const bare = JSON.stringify({ ...fields, padding: '' });
    return json({ ...fields, padding: 'x'.repeat(4 * 1024 - Buffer.byteLength(bare)) });
  }
});

describe('the token fast path under rate limits (429)', () => {
  /** Runs `use` against servers whose limits are `limits` and a key with search:read. */
  async function withLimits(
    limits: ConfigInput['rateLimits'],
    use: (servers: Servers, client: { clientId: string; clientSecret: string }) => Promise<void>,
  ): Promise<void> {
    const servers = await startServers({ rateLimits: { ...LIFTED.rateLimits, ...limits } });
    try {
      await use(servers, await issueKey(servers.t.context, ['search:read']));
    } finally {
      await stopServers(servers);
    }
  }

  it('per address: 429 with Retry-After and RateLimit headers, in the form of the request', async () => {
    await withLimits({ token: { points: 2, windowSec: 60 } }, async (servers, client) => {
      const fields = { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret };
      expect((await sendCase(servers.barePort, json(fields))).status).toBe(200);
      expect((await sendCase(servers.barePort, form(fields))).status).toBe(200);
      for (const request of [json(fields), form(fields)]) {
        const served = await expectSameAnswer(servers, request, 429, true);
        expect(served.headers).toMatchObject({
          'retry-after': '60',
          ratelimit: '"token";r=0;t=60',
          'ratelimit-policy': '"token";q=2;w=60',
        });
      }
    });
  });

  it('per client_id at an address: 429 after too many wrong secrets from it, even with the right one', async () => {
    await withLimits({ clientFailures: { points: 2, windowSec: 60 } }, async (servers, client) => {
      const fields = { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret };
      for (let i = 0; i < 2; i++) expect((await sendCase(servers.barePort, json({ ...fields, client_secret: 'wrong' }))).status).toBe(401);
      const served = await expectSameAnswer(servers, json(fields), 429, true);
      expect(JSON.parse(served.body.toString())).toMatchObject({
        code: 'rate_limited',
        message: 'Too many failed attempts for this client from this address.',
      });
      expect(served.headers['retry-after']).toBe('60');
    });
  });
});

describe('the token fast path with an https base URL', () => {
  it('sends the same headers (HSTS included) as the Fastify route', async () => {
    const servers = await startServers(LIFTED, 'https://docs.example.com');
    try {
      const client = await issueKey(servers.t.context, ['search:read']);
      const fields = { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret };
      for (const [request, status] of [
        [json(fields), 200],
        [form({ ...fields, client_secret: 'wrong' }), 401],
      ] as const) {
        const served = await expectSameAnswer(servers, request, status, true);
        expect(served.headers['strict-transport-security']).toBe('max-age=31536000');
      }
    } finally {
      await stopServers(servers);
    }
  });
});
