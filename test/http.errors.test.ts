/**
 * Every error path reachable without credentials answers exactly SPEC.md's error object
 * (`error`, `code`, `message`, `resolution`, `status`, `docs`) with the status of its code, and a
 * 500 says nothing internal (STYLE.md habit 4). Auth errors are tested with the auth endpoints.
 */
import { Writable } from 'node:stream';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInjectableApp } from './app.js';
import type { AppContext } from '../src/answers/context.js';
import { buildTestApp, EXAMPLE_SITE, type TestApp } from './helpers.js';
import { errorBody, headersOf, JSON_TYPE, PUBLIC_CORS } from './http-expect.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp(EXAMPLE_SITE);
});
afterEach(async () => {
  await t.app.close();
});

/** Headers of an error object sent by the error handler (no negotiation, so no Vary); GET/HEAD add PUBLIC_CORS. */
const errorHeaders = (res: { rawPayload: Buffer }) => ({
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-type': JSON_TYPE,
  'content-length': String(res.rawPayload.length),
});

describe('400 invalid_query', () => {
  const Q_TOO_LONG = 'a'.repeat(257);
  it.each([
    ['limit=0', 'Invalid parameter: limit must be >= 1.'],
    ['limit=101', 'Invalid parameter: limit must be <= 100.'],
    ['limit=abc', 'Invalid parameter: limit must be integer.'],
    ['limit=1.5', 'Invalid parameter: limit must be integer.'],
    ['limit=', 'Invalid parameter: limit must be integer.'],
    ['limit=5&limit=6', 'The parameter limit is given more than once.'],
    ['offset=-1', 'Invalid parameter: offset must be >= 0.'],
    ['offset=abc', 'Invalid parameter: offset must be integer.'],
    ['q=a&q=b', 'The parameter q is given more than once.'],
    [`q=${Q_TOO_LONG}`, 'Invalid parameter: q must NOT have more than 256 characters.'],
  ])('/api/search.json?%s', async (query, message) => {
    const res = await t.app.inject({ url: `/api/search.json?${query}` });
    expect(res.statusCode).toBe(400);
    expect(headersOf(res)).toStrictEqual({ ...PUBLIC_CORS, ...errorHeaders(res) });
    expect(res.json()).toStrictEqual(errorBody('invalid_query', message));
  });

  it('accepts a q of exactly 256 characters', async () => {
    const res = await t.app.inject({ url: `/api/search.json?q=${'a'.repeat(256)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toStrictEqual([]);
  });
});

describe('400 invalid_request', () => {
  it.each([['/%zz'], ['/guides/%zz'], ['/guides/%E0%A4%A'], ['/api/search.json/%']])('for the malformed path %s', async (url) => {
    const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(400);
    expect(headersOf(res)).toStrictEqual({ ...PUBLIC_CORS, ...errorHeaders(res) });
    expect(res.json()).toStrictEqual(errorBody('invalid_request', 'The request path is malformed (bad percent-encoding or too long).'));
  });
});

describe('404 not_found', () => {
  it('sends the error object to JSON clients', async () => {
    const res = await t.app.inject({ url: '/no/such/page', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(headersOf(res)).toStrictEqual({ vary: 'Accept', ...PUBLIC_CORS, ...errorHeaders(res) });
    expect(res.json()).toStrictEqual(errorBody('not_found', 'No page at this address.'));
  });

  it.each([['/api/v1/nope'], ['/.well-known/nope']])('sends the error object under %s whatever the client accepts', async (url) => {
    const res = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.statusCode).toBe(404);
    expect(headersOf(res)).toStrictEqual({ ...PUBLIC_CORS, ...errorHeaders(res) });
    expect(res.json()).toStrictEqual(errorBody('not_found', 'No page at this address.'));
  });
});

describe('405 method_not_allowed and OPTIONS', () => {
  const PATHS = [
    '/',
    '/guides/configuration',
    '/no/such/page',
    '/openapi.json',
    '/llms.txt',
    '/llms-full.txt',
    '/sitemap.xml',
    '/robots.txt',
    '/developers',
    '/api/search.json',
    '/api/v1/health',
  ];

  it.each(PATHS.flatMap((url) => ['POST', 'PUT', 'DELETE', 'PATCH'].map((method) => [method, url] as const)))(
    '%s %s → 405 with Allow',
    async (method, url) => {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(405);
      expect(headersOf(res)).toStrictEqual({ allow: 'GET, HEAD, OPTIONS', ...errorHeaders(res) });
      expect(res.json()).toStrictEqual(errorBody('method_not_allowed', `${method} is not allowed here.`));
    },
  );

  it('answers 405 before reading a body, whatever its type', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/llms.txt', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toStrictEqual(errorBody('method_not_allowed', 'POST is not allowed here.'));
  });

  it.each(PATHS)('OPTIONS %s → 204 with Allow', async (url) => {
    const res = await t.app.inject({ method: 'OPTIONS', url });
    expect(res.statusCode).toBe(204);
    expect(headersOf(res)).toStrictEqual({ allow: 'GET, HEAD, OPTIONS' });
    expect(res.body).toBe('');
  });
});

describe('400 and 413 for request bodies', () => {
  // A route that reads a JSON body (MCP); other paths refuse POST with 405 before reading any.
  it('answers a body over 4 KiB with 413 payload_too_large', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(5000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(headersOf(res)).toStrictEqual(errorHeaders(res));
    expect(res.json()).toStrictEqual(errorBody('payload_too_large', 'The request body is too large.'));
  });

  it('answers malformed JSON with 400 invalid_request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(res.statusCode).toBe(400);
    expect(headersOf(res)).toStrictEqual(errorHeaders(res));
    expect(res.json()).toStrictEqual(errorBody('invalid_request', 'The body is not valid JSON.'));
  });
});

describe('406 not_acceptable', () => {
  it('sends the error object when nothing matches Accept', async () => {
    const res = await t.app.inject({ url: '/guides/configuration', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(406);
    expect(headersOf(res)).toStrictEqual({ vary: 'Accept', ...PUBLIC_CORS, ...errorHeaders(res) });
    expect(res.json()).toStrictEqual(errorBody('not_acceptable', 'This page is available as text/html or text/markdown.'));
  });
});

describe('500 internal_error', () => {
  const SECRET = 'SELECT secret FROM api_keys WHERE id = 42 /* db.internal:5432 */';

  /** A log that keeps every line, to check the detail goes there and only there. */
  function capturingLogger(): { logger: pino.Logger; lines: () => string } {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString('utf8'));
        done();
      },
    });
    return { logger: pino({ level: 'error' }, stream), lines: () => chunks.join('') };
  }

  /** Asserts a 500 answer: the generic message with the request id, nothing else. */
  function expectOpaque500(res: LightMyRequestResponse): string {
    expect(res.statusCode).toBe(500);
    expect(headersOf(res)).toStrictEqual({ ...PUBLIC_CORS, ...errorHeaders(res) });
    const body = res.json<{ message: string }>();
    const match = /^Something went wrong on our side \(request id ([^)\s]+)\)\.$/.exec(body.message);
    expect(match).not.toBeNull();
    const requestId = match![1]!;
    expect(body).toStrictEqual(errorBody('internal_error', `Something went wrong on our side (request id ${requestId}).`));
    for (const leak of ['SELECT', 'secret', '5432', 'Error', '    at ', '.ts:', '.js:', 'stack']) expect(res.body).not.toContain(leak);
    return requestId;
  }

  it('answers a failing page route with the error object and a request id, logging the detail', async () => {
    const { logger, lines } = capturingLogger();
    const broken: AppContext = {
      ...t.context,
      snapshot() {
        throw new Error(SECRET);
      },
    };
    const app = buildInjectableApp(broken, { logger });
    try {
      for (const accept of ['text/html', 'text/markdown', 'application/json']) {
        const res = await app.inject({ url: '/guides/configuration', headers: { accept } });
        const requestId = expectOpaque500(res);
        expect(lines()).toContain(SECRET);
        expect(lines()).toContain(`"reqId":"${requestId}"`);
      }
    } finally {
      await app.close();
    }
  });

  it('answers a route that throws a non-API error the same way', async () => {
    const broken: AppContext = {
      ...t.context,
      auth: {
        ...t.context.auth,
        tokens: {
          ...t.context.auth.tokens,
          jwks() {
            throw new TypeError(`Cannot read properties of undefined (reading '${SECRET}')`);
          },
        },
      },
    };
    const app = buildInjectableApp(broken);
    try {
      const res = await app.inject({ url: '/.well-known/jwks.json' });
      expectOpaque500(res);
    } finally {
      await app.close();
    }
  });
});
