/**
 * Request limits (config/limits.ts) over a real socket, on precomputed answers and on answers
 * computed per request: 413 bodies, 414 URL and query length, 431 headers, 408 header and request
 * timeouts, the keep-alive timeout; and what node:http refuses by itself (unparsable HTTP,
 * CONNECT) answered with the SPEC.md error object instead of node's own bodies.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../src/errors.js';
import { buildTestApp, EXAMPLE_SITE, type TestApp } from './helpers.js';
import { errorBody, JSON_TYPE } from './http-expect.js';
import { rawRequest } from './fuzz-support.js';

const LIMITS = {
  bodyLimitBytes: 1024,
  maxHeaderBytes: 4096,
  maxUrlBytes: 2048,
  maxQueryBytes: 512,
  requestTimeoutMs: 1000,
  headersTimeoutMs: 500,
  keepAliveTimeoutMs: 300,
};

let t: TestApp;
let port: number;
// A fresh app per test: a stalled or refused connection of one test never meets the next one's.
beforeEach(async () => {
  t = await buildTestApp(EXAMPLE_SITE, { settings: { limits: LIMITS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterEach(async () => {
  await t.app.close();
});

const get = (target: string, headers = ''): string =>
  `GET ${target} HTTP/1.1\r\nHost: sitegate.test\r\n${headers}Connection: close\r\n\r\n`;

/** The SPEC.md error object of a limit of the HTTP server, by its status (408, 414, 431). */
const limitBody = (status: 408 | 414 | 431, message: string): ApiErrorBody =>
  errorBody(({ 408: 'request_timeout', 414: 'uri_too_long', 431: 'header_fields_too_large' } as const)[status], message);

const ERROR_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-type': JSON_TYPE };

describe('414: URL and query length', () => {
  it.each([
    ['a page path', `/${'a'.repeat(2048)}`, 'The request URL is longer than 2048 bytes.'],
    ['a search', `/api/search.json?q=a&x=${'b'.repeat(2030)}`, 'The request URL is longer than 2048 bytes.'],
    ['query over its own limit', `/api/search.json?q=${'a'.repeat(511)}`, 'The query string is longer than 512 bytes.'],
    ['query on a page', `/?${'a'.repeat(513)}`, 'The query string is longer than 512 bytes.'],
  ])('%s', async (_name, target, message) => {
    const answer = await rawRequest(port, get(target));
    expect(answer.status).toBe(414);
    expect(answer.headers).toMatchObject(ERROR_HEADERS);
    expect(JSON.parse(answer.body)).toStrictEqual(limitBody(414, message));
  });

  it('lets a URL and a query of exactly their limits through', async () => {
    expect((await rawRequest(port, get(`/${'a'.repeat(2047)}`))).status).toBe(404);
    expect((await rawRequest(port, get(`/guides/configuration?${'a'.repeat(512)}`))).status).toBe(200);
  });
});

describe('413: body size', () => {
  it('refuses a token request over the body limit', async () => {
    const body = JSON.stringify({ grant_type: 'client_credentials', client_id: 'x', client_secret: 'y'.repeat(1100) });
    const answer = await rawRequest(
      port,
      `POST /api/v1/oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toStrictEqual(errorBody('payload_too_large', 'The request body is too large.'));
  });

  it.each([
    ['a page', '/'],
    ['a search', '/api/search.json?q=widget'],
  ])('refuses a GET declaring a body over the limit (%s) without reading it', async (_name, target) => {
    const answer = await rawRequest(port, get(target, 'Content-Length: 5000\r\n'));
    expect(answer.status).toBe(413);
    expect(answer.headers).toMatchObject({ ...ERROR_HEADERS, connection: 'close' });
    expect(JSON.parse(answer.body)).toStrictEqual(errorBody('payload_too_large', 'The request body is larger than 1024 bytes.'));
  });
});

describe('431: header size', () => {
  it('answers an oversized header section with the error object', async () => {
    const answer = await rawRequest(port, get('/', `X-Big: ${'a'.repeat(5000)}\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatchObject({ ...ERROR_HEADERS, connection: 'close' });
    expect(JSON.parse(answer.body)).toStrictEqual(limitBody(431, 'The request headers are larger than 4096 bytes.'));
  });
});

describe('408: header and request timeouts', () => {
  /** Sends `bytes` and keeps the connection open; resolves with what the server sends before closing. */
  const stall = (bytes: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
      let raw = '';
      socket.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => resolve(raw));
    });

  it('answers headers that never finish with 408 and closes', async () => {
    const raw = await stall('GET / HTTP/1.1\r\nHost: sitegate.test\r\n');
    expect(raw.slice(0, raw.indexOf('\r\n'))).toBe('HTTP/1.1 408 Request Timeout');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toStrictEqual(limitBody(408, 'The request did not arrive in time.'));
  });

  it('answers a body that never finishes with 408 and closes', async () => {
    const raw = await stall(
      'POST /api/v1/oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"grant',
    );
    expect(raw.slice(0, raw.indexOf('\r\n'))).toBe('HTTP/1.1 408 Request Timeout');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toStrictEqual(limitBody(408, 'The request did not arrive in time.'));
  });

  it('closes an idle keep-alive connection after keepAliveTimeoutMs', async () => {
    const raw = await stall('GET /api/v1/health HTTP/1.1\r\nHost: sitegate.test\r\n\r\n');
    // One answer, then the server closed the idle connection itself (the client never did).
    expect(raw.match(/HTTP\/1\.1 /g)).toStrictEqual(['HTTP/1.1 ']);
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(raw).toContain('Keep-Alive: timeout=0');
  });
});

describe('what node:http refuses by itself gets the error object', () => {
  it('400 for bytes that are not HTTP/1.1', async () => {
    const answer = await rawRequest(port, 'HELLO\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers).toMatchObject({ ...ERROR_HEADERS, connection: 'close' });
    expect(JSON.parse(answer.body)).toStrictEqual(errorBody('invalid_request', 'The request is not valid HTTP/1.1.'));
  });

  it('405 for CONNECT (node dropped the connection without a word before)', async () => {
    const answer = await rawRequest(port, 'CONNECT sitegate.test:443 HTTP/1.1\r\nHost: sitegate.test:443\r\n\r\n');
    expect(answer.status).toBe(405);
    expect(answer.headers).toMatchObject({ ...ERROR_HEADERS, allow: 'GET, HEAD, OPTIONS', connection: 'close' });
    expect(JSON.parse(answer.body)).toStrictEqual(errorBody('method_not_allowed', 'CONNECT is not allowed here.'));
  });
});
