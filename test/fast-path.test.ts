/**
 * The fast path (src/http/fast-path.ts) answers precomputed GET/HEAD requests on node:http before
 * Fastify. Every answer must be byte for byte the one the Fastify route gives (inject), and the
 * fast path must leave everything else to the framework. Token requests: fast-path.token.test.ts.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, EXAMPLE_SITE, issueKey, removeDir, writeContent, type TestApp } from './helpers.js';
import { closeServer, comparable, LEFT, send, startBareFastPath } from './fast-path-support.js';

let t: TestApp;
let port: number;
/** A server with only the fast path; what it does not answer gets 599. */
let bare: Server;
let barePort: number;

beforeAll(async () => {
  t = await buildTestApp(EXAMPLE_SITE);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  ({ server: bare, port: barePort } = await startBareFastPath(t.context));
});

afterAll(async () => {
  await closeServer(bare);
  await t.app.close();
});

const etagOf = async (path: string, headers: Record<string, string> = {}): Promise<string> =>
  String((await t.app.inject({ url: path, headers })).headers.etag);

const ANSWERED: [string, string, Record<string, string>][] = [
  ['GET', '/', {}],
  ['GET', '/guides/', { accept: 'text/markdown' }],
  ['GET', '/guides/configuration', {}],
  ['GET', '/guides/configuration', { accept: 'text/markdown' }],
  ['GET', '/guides/configuration', { accept: '*/*', 'accept-encoding': 'gzip' }],
  ['GET', '/guides/configuration', { accept: 'text/html', 'accept-encoding': 'br, gzip' }],
  ['HEAD', '/guides/configuration', {}],
  ['GET', '/guides/configuration.md', {}],
  ['GET', '/guides/index.md', { 'accept-encoding': 'gzip' }],
  ['GET', '/llms.txt', {}],
  ['GET', '/llms.txt', { 'accept-encoding': 'br' }],
  ['GET', '/llms-full.txt', {}],
  ['GET', '/sitemap.xml', {}],
  ['GET', '/robots.txt', {}],
  ['GET', '/openapi.json', { 'accept-encoding': 'gzip' }],
  ['GET', '/developers', {}],
  ['HEAD', '/.well-known/api-catalog', {}],
  ['GET', '/.well-known/oauth-authorization-server', {}],
  ['GET', '/api/v1/health', {}],
  ['GET', '/_sitegate/site.css', {}],
];

const LEFT_TO_FASTIFY: [string, string, Record<string, string>][] = [
  ['GET', '/nope', {}],
  ['GET', '/guides', {}],
  ['GET', '/guides/configuration?x=1', {}],
  ['GET', '/guides/configuration', { accept: 'application/json' }],
  ['GET', '/guides/configuration', { 'x-api-key': 'sgk_x' }],
  ['GET', '/guides/configuration', { authorization: 'Bearer x' }],
  ['GET', '/internal/runbook', {}],
  ['GET', '/api/search.json', {}],
  ['GET', '/api/v1/whoami', {}],
  ['GET', '/.well-known/jwks.json', {}],
  ['POST', '/llms.txt', {}],
  ['GET', '/mcp', {}],
];

describe('the fast path', () => {
  it.each(ANSWERED)('answers %s %s %j exactly as the Fastify route does', async (method, path, headers) => {
    const direct = await send(barePort, method, path, headers);
    expect(direct.status).not.toBe(599);
    const injected = await t.app.inject({ method: method as 'GET' | 'HEAD', url: path, headers });
    expect(direct.status).toBe(injected.statusCode);
    expect(direct.headers).toStrictEqual(comparable(injected.headers));
    expect(direct.body.equals(method === 'HEAD' ? Buffer.alloc(0) : injected.rawPayload)).toBe(true);
    // Through the real server (fast path first) the answer is the same again.
    const served = await send(port, method, path, headers);
    expect(served).toStrictEqual(direct);
  });

  it('answers a revalidation with 304 exactly as the Fastify route does', async () => {
    for (const [path, headers] of [
      ['/guides/configuration', {}],
      ['/guides/configuration', { accept: 'text/markdown' }],
      ['/llms.txt', { 'accept-encoding': 'gzip' }],
    ] as [string, Record<string, string>][]) {
      const withEtag = { ...headers, 'if-none-match': await etagOf(path, headers) };
      const direct = await send(barePort, 'GET', path, withEtag);
      const injected = await t.app.inject({ url: path, headers: withEtag });
      expect(direct.status).toBe(304);
      expect(injected.statusCode).toBe(304);
      expect(direct.headers).toStrictEqual(comparable(injected.headers));
      expect(direct.body.length).toBe(0);
    }
  });

  it('answers whoami for a credential accepted moments ago exactly as the Fastify route does', async () => {
    const { apiKey, clientId, clientSecret } = await issueKey(t.context, ['search:read', 'content:read']);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });
    const token = issued.json<{ access_token: string }>().access_token;
    const credentials: Record<string, string>[] = [{ 'x-api-key': apiKey }, { authorization: `Bearer ${token}` }];
    for (const headers of credentials) {
      // Unknown to the caches yet: the framework checks it in full.
      expect((await send(barePort, 'GET', '/api/v1/whoami', headers)).status).toBe(599);
      const injected = await t.app.inject({ url: '/api/v1/whoami', headers });
      expect(injected.statusCode).toBe(200);
      const direct = await send(barePort, 'GET', '/api/v1/whoami', headers);
      expect(direct.status).toBe(200);
      expect(direct.headers).toStrictEqual(comparable(injected.headers));
      expect(direct.body.toString()).toBe(injected.body);
    }
  });

  it('leaves whoami to the framework for a credential without search:read', async () => {
    const { apiKey } = await issueKey(t.context, ['content:read']);
    expect((await t.app.inject({ url: '/api/v1/whoami', headers: { 'x-api-key': apiKey } })).statusCode).toBe(403);
    expect((await send(barePort, 'GET', '/api/v1/whoami', { 'x-api-key': apiKey })).status).toBe(599);
  });

  it.each(LEFT_TO_FASTIFY)('leaves %s %s %j to the framework', async (method, path, headers) => {
    expect((await send(barePort, method, path, headers)).status).toBe(599);
  });
});

describe('the fast path with an https base URL', () => {
  let secure: TestApp;
  let secureBare: Server;
  let secureBarePort: number;

  beforeAll(async () => {
    secure = await buildTestApp(EXAMPLE_SITE, 'https://docs.example.com');
    ({ server: secureBare, port: secureBarePort } = await startBareFastPath(secure.context));
  });

  afterAll(async () => {
    await closeServer(secureBare);
    await secure.app.close();
  });

  it.each(ANSWERED)('answers %s %s %j with the same headers (HSTS included) as the Fastify route', async (method, path, headers) => {
    const direct = await send(secureBarePort, method, path, headers);
    const injected = await secure.app.inject({ method: method as 'GET' | 'HEAD', url: path, headers });
    expect(direct.status).toBe(injected.statusCode);
    expect(direct.headers).toStrictEqual(comparable(injected.headers));
    expect(direct.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('answers whoami with the same headers (HSTS included) as the Fastify route', async () => {
    const { apiKey } = await issueKey(secure.context, ['search:read']);
    const injected = await secure.app.inject({ url: '/api/v1/whoami', headers: { 'x-api-key': apiKey } });
    const direct = await send(secureBarePort, 'GET', '/api/v1/whoami', { 'x-api-key': apiKey });
    expect(direct.status).toBe(200);
    expect(direct.headers).toStrictEqual(comparable(injected.headers));
    expect(direct.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('the fast path on a page served in parts', () => {
  let parts: TestApp;
  let partsBare: Server;
  let partsBarePort: number;
  let dir: string;

  beforeAll(async () => {
    const section = (name: string): string =>
      `## ${name}\n\n${Array.from({ length: 40 }, (_, i) => `The ${name} section, line ${i}, says something useful.`).join('\n')}\n`;
    dir = writeContent({
      'index.md': '# Home\n\nThe home page.\n',
      'long.md': `# Long\n\n${section('Alpha')}\n${section('Beta')}\n${section('Gamma')}`,
      'internal/long.md': `# Internal\n\n${section('Alpha')}\n${section('Beta')}\n${section('Gamma')}`,
    });
    parts = await buildTestApp(dir, { settings: { pageMaxChars: 5_000 } });
    ({ server: partsBare, port: partsBarePort } = await startBareFastPath(parts.context));
  });

  afterAll(async () => {
    await closeServer(partsBare);
    await parts.app.close();
    removeDir(dir);
  });

  it.each<[string, string, Record<string, string>]>([
    ['GET', '/long', {}],
    ['GET', '/long', { accept: 'text/markdown' }],
    ['GET', '/long.md', { 'accept-encoding': 'gzip' }],
    ['GET', '/long;part=2', {}],
    ['GET', '/long;part=2', { accept: 'text/markdown', 'accept-encoding': 'br' }],
    ['GET', '/long;part=3.md', {}],
    ['HEAD', '/long;part=2.md', {}],
  ])('answers %s %s %j exactly as the Fastify route does', async (method, path, headers) => {
    const direct = await send(partsBarePort, method, path, headers);
    expect(direct.status).toBe(200);
    const injected = await parts.app.inject({ method: method as 'GET' | 'HEAD', url: path, headers });
    expect(direct.status).toBe(injected.statusCode);
    expect(direct.headers).toStrictEqual(comparable(injected.headers));
    expect(direct.body.equals(method === 'HEAD' ? Buffer.alloc(0) : injected.rawPayload)).toBe(true);
  });

  it.each(['/long;part=1', '/long;part=02', '/long;part=4', '/internal/long;part=2'])('leaves GET %s to the framework', async (path) => {
    expect((await send(partsBarePort, 'GET', path, {})).status).toBe(LEFT);
  });
});
