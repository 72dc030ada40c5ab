/**
 * Tests run what production runs: `app.inject` drives the very `(request, response)` listener the
 * node:http server of `serve` has installed, so an answer only the listener layer gives (a request
 * target over the limit, refused before any route is looked up) and a page GET both pass through it.
 * Over a real socket: a client that half-closes after its request still gets its answer.
 */
import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'light-my-request';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { etagOf } from '../src/body.js';
import { rawRequest } from './fuzz-support.js';
import { buildTestApp, issueKey, removeDir, TEST_BASE_URL, writeContent, type TestApp } from './helpers.js';
import { errorBody, headersOf, JSON_TYPE, MARKDOWN_TYPE, PUBLIC_CORS, without } from './http-expect.js';
import { PACKAGE_JSON } from './package-json.js';

/** The `Link` values every page adds to point agents at the site's indexes. */
const AGENT_LINKS = `<${TEST_BASE_URL}/llms.txt>; rel="llms-txt"; type="text/plain", <${TEST_BASE_URL}/.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json", <${TEST_BASE_URL}/mcp>; rel="service"; title="MCP server"`;

let dir: string;
let t: TestApp;
beforeEach(async () => {
  dir = writeContent({ 'README.md': '# Home\n\nWelcome.\n', 'a.md': '# A\n\nThe text of a.\n' });
  t = await buildTestApp(dir, { settings: { limits: { maxUrlBytes: 1024 } } });
});
afterEach(async () => {
  await t.app.close();
  removeDir(dir);
});

describe('the production listener', () => {
  it('is the one request listener of the server', () => {
    expect(t.app.server.listeners('request')).toStrictEqual([t.app.listener]);
  });

  it('answers a limit refusal and a page GET alike, both through the injected listener', async () => {
    const seen: string[] = [];
    const spy: RequestListener = function spy(request, response) {
      seen.push(request.url ?? '');
      t.app.listener(request, response);
    };
    const long = `/guides/${'a'.repeat(1100)}`;
    const refused = await inject(spy, { url: long });
    expect(refused.statusCode).toBe(414);
    expect(headersOf(refused)).toStrictEqual({
      ...PUBLIC_CORS,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-type': JSON_TYPE,
      'content-length': '263',
    });
    expect(JSON.parse(refused.body)).toStrictEqual(errorBody('uri_too_long', 'The request URL is longer than 1024 bytes.'));
    const page = await inject(spy, { url: '/a.md' });
    expect(page.statusCode).toBe(200);
    expect(headersOf(page)).toStrictEqual({
      'x-content-type-options': 'nosniff',
      ...PUBLIC_CORS,
      'cache-control': 'public, max-age=300',
      link: `<${TEST_BASE_URL}/a>; rel="canonical", ${AGENT_LINKS}`,
      'x-markdown-tokens': '28',
      'content-signal': 'search=yes, ai-input=yes, ai-train=no',
      'x-robots-tag': 'noindex',
      etag: '"AKT-RJl2MofZDxrJaOuWI2"',
      'content-type': MARKDOWN_TYPE,
      'content-length': '91',
    });
    expect(page.body).toBe(`# A\n\n> For agents: the index of this site is ${TEST_BASE_URL}/llms.txt\n\nThe text of a.\n`);
    expect(seen).toStrictEqual([long, '/a.md']);
  });

  it('gives app.inject the answers of the listener itself', async () => {
    const viaApp = await t.app.inject({ url: '/api/v1/health' });
    const viaListener = await inject(t.app.listener, { url: '/api/v1/health' });
    for (const res of [viaApp, viaListener]) {
      expect(res.statusCode).toBe(200);
      expect(headersOf(res)).toStrictEqual({
        'x-content-type-options': 'nosniff',
        ...PUBLIC_CORS,
        'cache-control': 'no-store',
        etag: etagOf(res.rawPayload),
        'content-type': JSON_TYPE,
        'content-length': String(res.rawPayload.length),
      });
      expect(res.body).toBe(`{"ok":true,"name":"sitegate","docs":"${TEST_BASE_URL}/developers","version":"${PACKAGE_JSON.version}"}`);
    }
  });
});

describe('a client that half-closes its connection after the request', () => {
  it('still gets an answer that waited for a credential checked afresh', async () => {
    const { clientId } = await issueKey(t.context, ['search:read']);
    const { token } = await t.context.auth.tokens.issue(clientId, ['search:read']);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    // rawRequest ends its side of the socket as soon as the request is written.
    const answer = await rawRequest(port, `GET /api/v1/whoami HTTP/1.1\r\nHost: sitegate.test\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    expect(answer.status).toBe(200);
    expect(without(answer.headers, 'date', 'connection', 'keep-alive')).toStrictEqual({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-type': JSON_TYPE,
      'content-length': '65',
    });
    expect(answer.body).toBe('{"authenticated":true,"scheme":"bearer","scopes":["search:read"]}');
  });
});
