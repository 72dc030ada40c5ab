/**
 * `/mcp` validates `Origin` against DNS rebinding (MCP 2025-11-25, Transports, Streamable HTTP
 * "Security Warning"; src/answers/mcp-origin.ts): none, the public base URL's origin or one of
 * `mcp.allowedOrigins` is served; any other value, `null` included, gets 403 `origin_not_allowed`
 * on every method, before the body is read, the batch refused or the search budget spent. Through
 * the production listener (`inject`), and the official SDK client against a listening server.
 */
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { InjectableApp } from './app.js';
import type { ConfigInput } from '../src/config/config.js';
import { freePort } from './free-port.js';
import { buildTestApp, EXAMPLE_SITE, TEST_BASE_URL } from './helpers.js';
import { errorBody, headersOf, JSON_TYPE, PUBLIC_CORS } from './http-expect.js';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const PING = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' });
const PONG = { jsonrpc: '2.0', id: 7, result: {} };
const REFUSED_MESSAGE = 'Pages of this origin may not call this MCP server.';

const apps: InjectableApp[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const app of apps.splice(0)) await app.close();
});

/** An app over the example site, closed after the test. */
async function appWith(baseUrl: string, settings: ConfigInput = {}): Promise<InjectableApp> {
  const { app } = await buildTestApp(EXAMPLE_SITE, { baseUrl, settings });
  apps.push(app);
  return app;
}

/** POSTs `body` to /mcp with `origin` (none when undefined). */
function postMcp(app: InjectableApp, origin: string | undefined, body: string = PING, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...MCP_HEADERS, ...extra, ...(origin === undefined ? {} : { origin }) };
  return app.inject({ method: 'POST', url: '/mcp', headers, payload: body });
}

/** Asserts the JSON-RPC answer to {@link PING}: the request was served. */
function expectServed(response: LightMyRequestResponse, origin: string | undefined): void {
  expect(response.statusCode, `${String(origin)}: ${response.body}`).toBe(200);
  expect(response.json()).toStrictEqual(PONG);
}

/** Asserts the 403 of a refused Origin: the error object, exactly, with the error's headers. */
function expectRefused(response: LightMyRequestResponse, options: { baseUrl?: string; read?: boolean } = {}): void {
  const body = JSON.stringify(errorBody('origin_not_allowed', REFUSED_MESSAGE, options.baseUrl ?? TEST_BASE_URL));
  expect(response.statusCode, response.body).toBe(403);
  // GET and HEAD errors are public reads (src/answers/error-answer.ts errorCorsHeaders); POST's are not.
  expect(headersOf(response)).toStrictEqual({
    ...(options.read === true ? PUBLIC_CORS : {}),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-type': JSON_TYPE,
    'content-length': String(Buffer.byteLength(body)),
    // An https base URL adds HSTS to every response (src/http/headers.ts transportHeaders).
    ...(options.baseUrl?.startsWith('https:') === true ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  });
}

describe('the Origin of /mcp requests', () => {
  it('serves requests without Origin, from the base URL origin in any case and with its default port', async () => {
    const app = await appWith(TEST_BASE_URL);
    for (const origin of [undefined, 'http://sitegate.test', 'HTTP://SiteGate.TEST', 'http://sitegate.test:80'])
      expectServed(await postMcp(app, origin), origin);
  });

  it('compares an https base URL with its origin: :443 is the same origin, another port is not', async () => {
    const baseUrl = 'https://docs.example.com/handbook';
    const app = await appWith(baseUrl);
    for (const origin of ['https://docs.example.com', 'https://DOCS.example.com:443']) expectServed(await postMcp(app, origin), origin);
    for (const origin of ['https://docs.example.com:8443', 'http://docs.example.com', 'https://docs.example.com/handbook']) {
      const response = await postMcp(app, origin);
      expectRefused(response, { baseUrl });
      expect(response.body).toBe(JSON.stringify(errorBody('origin_not_allowed', REFUSED_MESSAGE, baseUrl)));
    }
  });

  it('serves the origins of mcp.allowedOrigins, compared as origins', async () => {
    const app = await appWith(TEST_BASE_URL, { mcp: { allowedOrigins: ['https://app.example.com', 'http://localhost:5173'] } });
    for (const origin of ['https://app.example.com', 'https://App.Example.COM:443', 'http://localhost:5173'])
      expectServed(await postMcp(app, origin), origin);
    for (const origin of ['https://evil.example', 'http://localhost:5174', 'https://app.example.com.evil.example'])
      expectRefused(await postMcp(app, origin));
  });

  it('refuses any other Origin, null and values that are no origin with 403 origin_not_allowed', async () => {
    const app = await appWith(TEST_BASE_URL);
    for (const origin of [
      'https://evil.example',
      'null',
      'http://sitegate.test.evil.example',
      'http://sitegate.test:8080',
      'https://sitegate.test',
      'http://sitegate.test/',
      'http://sitegate.test, https://evil.example',
      'file://',
      '',
    ]) {
      const response = await postMcp(app, origin);
      expectRefused(response);
      expect(response.json(), origin).toStrictEqual(errorBody('origin_not_allowed', REFUSED_MESSAGE));
    }
  });

  it('refuses on every method, before the 405, the batch refusal, the body parser or the search budget', async () => {
    const app = await appWith(TEST_BASE_URL, { rateLimits: { search: { points: 1, windowSec: 60 } } });
    const origin = 'https://evil.example';
    for (const method of ['GET', 'DELETE', 'PUT', 'OPTIONS'] as const) {
      const response = await app.inject({ method, url: '/mcp', headers: { origin, 'access-control-request-method': 'POST' } });
      expectRefused(response, { read: method === 'GET' });
      expect(response.json()).toStrictEqual(errorBody('origin_not_allowed', REFUSED_MESSAGE));
    }
    const head = await app.inject({ method: 'HEAD', url: '/mcp', headers: { origin: 'null' } });
    expectRefused(head, { read: true });
    expect(head.body).toBe('');
    // A batch (400 when served) and a body that is no JSON (400): refused first, never read.
    const search = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search', arguments: { query: 'widgets' } },
    });
    for (const body of [`[${PING}]`, '{not json', search, search]) expectRefused(await postMcp(app, origin, body));
    // The two refused searches spent nothing: this address's one search of the minute is still there.
    const served = await postMcp(app, undefined, search);
    expect(served.statusCode, served.body).toBe(200);
    // Without a bad Origin, the other methods keep their answers.
    expect((await app.inject({ method: 'GET', url: '/mcp', headers: { origin: TEST_BASE_URL } })).statusCode).toBe(405);
  });

  it('leaves every other path alone: a page calling search.json from anywhere is answered', async () => {
    const app = await appWith(TEST_BASE_URL);
    const response = await app.inject({ method: 'GET', url: '/api/search.json?q=widgets', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('the official MCP SDK client', () => {
  it('sends no Origin, so it connects, lists the tools and searches', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const { app } = await buildTestApp(EXAMPLE_SITE, { baseUrl });
    apps.push(app);
    await app.listen({ port, host: '127.0.0.1' });
    const client = new Client({ name: 'sitegate-test', version: '1.0.0' });
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`)), { timeout: 30_000 });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toStrictEqual(['search', 'fetch']);
    const result = await client.callTool({ name: 'search', arguments: { query: 'widgets' } });
    const text = (result.content as { text: string }[])[0]?.text ?? '';
    expect((JSON.parse(text) as { results: { id: string }[] }).results.map((hit) => hit.id)).toContain('/guides/getting-started');
  });
});
