/**
 * The request hook (http/observe.ts) through the production listener: each request is told once,
 * after its answer, with its route name, format, status, User-Agent and accepted client_id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInjectableApp, type InjectableApp } from './app.js';
import { untimedObserver, type AnsweredRequest } from '../src/http/observe.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, type TestApp } from './helpers.js';
import { jsonTokenRequest } from './auth-fixtures.js';

let t: TestApp;
let observed: AnsweredRequest[];
let app: InjectableApp;
let apiKey: string;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp(EXAMPLE_SITE);
  app = buildInjectableApp(t.context, { observers: [(request) => observed.push(request)] });
  ({ apiKey, clientId } = await issueKey(t.context, ['search:read', 'content:read']));
});
afterAll(async () => {
  await t.app.close();
});

/** Sends one request and returns what the observer was told of it (the time taken aside). */
async function seen(options: Parameters<InjectableApp['inject']>[0]): Promise<Omit<AnsweredRequest, 'seconds'>> {
  observed = [];
  await app.inject(options);
  expect(observed).toHaveLength(1);
  const [{ seconds, ...rest }] = observed as [AnsweredRequest];
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThan(30);
  return rest;
}

const request = (overrides: Partial<AnsweredRequest>): Omit<AnsweredRequest, 'seconds'> => ({
  route: 'getPage',
  method: 'GET',
  path: '/',
  resource: '/',
  status: 200,
  format: 'html',
  userAgent: 'test-agent',
  clientId: undefined,
  ...overrides,
});

describe('request observers', () => {
  it.each<[string, Parameters<InjectableApp['inject']>[0], Partial<AnsweredRequest>]>([
    ['a page as HTML', { url: '/' }, {}],
    [
      'a page as markdown',
      { url: '/guides/getting-started', headers: { accept: 'text/markdown' } },
      { path: '/guides/getting-started', resource: '/guides/getting-started', format: 'markdown' },
    ],
    [
      'the markdown URL of a page',
      { url: '/guides/getting-started.md' },
      { path: '/guides/getting-started.md', resource: '/guides/getting-started.md', format: 'markdown' },
    ],
    // Other spellings of a page are told with the page they lead to: anyone can make up more of them.
    [
      'another spelling of a page',
      { url: '/guides/getting%2Dstarted' },
      { path: '/guides/getting%2Dstarted', resource: '/guides/getting-started', status: 308, format: 'other' },
    ],
    // What the site does not hold has no resource, whatever its path.
    ['a page that does not exist', { url: '/nope' }, { path: '/nope', resource: undefined, status: 404 }],
    [
      'a path of the internal zone asked without a credential',
      { url: '/internal/made-up' },
      { path: '/internal/made-up', resource: undefined, status: 401 },
    ],
    ['an unknown path under /api/', { url: '/api/made-up' }, { path: '/api/made-up', resource: undefined, status: 404, format: 'json' }],
    ['llms.txt', { url: '/llms.txt' }, { route: 'getLlmsTxt', path: '/llms.txt', resource: '/llms.txt', format: 'llms' }],
    [
      'llms-full.txt',
      { url: '/llms-full.txt' },
      { route: 'getLlmsFullTxt', path: '/llms-full.txt', resource: '/llms-full.txt', format: 'llms' },
    ],
    ['the sitemap', { url: '/sitemap.xml' }, { route: 'getSitemap', path: '/sitemap.xml', resource: '/sitemap.xml', format: 'other' }],
    [
      'a search with its query string',
      { url: '/api/search.json?q=guide' },
      { route: 'searchSite', path: '/api/search.json', resource: '/api/search.json', format: 'json' },
    ],
    [
      'a refused method',
      { url: '/llms.txt', method: 'DELETE' },
      { route: 'unmatched', method: 'DELETE', path: '/llms.txt', resource: undefined, status: 405, format: 'json' },
    ],
    [
      'a token request (the client authenticates in the body, not as a credential)',
      jsonTokenRequest({ grant_type: 'client_credentials', client_id: 'sgc_unknown', client_secret: 'x' }),
      {
        route: 'createOAuthToken',
        method: 'POST',
        path: '/api/v1/oauth/token',
        resource: '/api/v1/oauth/token',
        status: 401,
        format: 'json',
      },
    ],
  ])('tells of %s', async (_name, options, expected) => {
    const injected = typeof options === 'string' ? { url: options } : options;
    expect(await seen({ ...injected, headers: { 'user-agent': 'test-agent', ...injected.headers } })).toStrictEqual(request(expected));
  });

  it('names the client_id of an accepted API key, also when its scopes fall short', async () => {
    expect(await seen({ url: '/guides/getting-started', headers: { 'x-api-key': apiKey, 'user-agent': 'test-agent' } })).toStrictEqual(
      request({ path: '/guides/getting-started', resource: '/guides/getting-started', clientId }),
    );
    expect(await seen({ url: '/internal/runbook', headers: { 'x-api-key': apiKey, 'user-agent': 'test-agent' } })).toStrictEqual(
      request({ path: '/internal/runbook', resource: undefined, status: 403, clientId }),
    );
  });

  it('keeps the answer and the other observers when one throws', async () => {
    const told: string[] = [];
    const faulty = buildInjectableApp(t.context, {
      observers: [
        () => {
          throw new Error('observer bug');
        },
        (request) => told.push(request.path),
      ],
    });
    const response = await faulty.inject({ url: '/llms.txt' });
    expect(response.statusCode).toBe(200);
    expect(told).toStrictEqual(['/llms.txt']);
  });

  it('has the analytics recorder observe requests unless analytics.enabled is false', async () => {
    expect(t.context.observers).toHaveLength(1);
    expect(typeof t.context.searched).toBe('function');
    const off = await buildTestApp(EXAMPLE_SITE, { settings: { analytics: { enabled: false } } });
    try {
      expect(off.context.observers).toStrictEqual([]);
      expect(off.context.searched).toBeUndefined();
    } finally {
      await off.app.close();
    }
  });

  it('tells of MCP calls as mcp', async () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query: 'guide' } } };
    const told = await seen({
      method: 'POST',
      url: '/mcp',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-api-key': apiKey,
        'user-agent': 'test-agent',
      },
      payload: JSON.stringify(body),
    });
    expect(told).toStrictEqual(request({ route: 'mcp', method: 'POST', path: '/mcp', resource: '/mcp', format: 'mcp', clientId }));
  });

  it('reads no clock when every observer is untimed: seconds is NaN; with one timed observer, every one gets the duration', async () => {
    const untimedSeen: number[] = [];
    const untimedOnly = buildInjectableApp(t.context, { observers: [untimedObserver((request) => untimedSeen.push(request.seconds))] });
    expect((await untimedOnly.inject({ url: '/llms.txt' })).statusCode).toBe(200);
    expect(untimedSeen).toStrictEqual([Number.NaN]);

    const mixedSeen: number[] = [];
    const mixed = buildInjectableApp(t.context, {
      observers: [untimedObserver((request) => mixedSeen.push(request.seconds)), (request) => mixedSeen.push(request.seconds)],
    });
    expect((await mixed.inject({ url: '/llms.txt' })).statusCode).toBe(200);
    expect(mixedSeen).toHaveLength(2);
    expect(mixedSeen[0]).toBe(mixedSeen[1]);
    expect(mixedSeen[0]).toBeGreaterThan(0);
    expect(mixedSeen[0]).toBeLessThan(30);
  });

  it('has the analytics recorder observe untimed, so analytics alone costs no clock read per request', async () => {
    expect(t.context.observers).toHaveLength(1); // the recorder
    const seconds: number[] = [];
    const app = buildInjectableApp(t.context, {
      observers: [...t.context.observers, untimedObserver((request) => seconds.push(request.seconds))],
    });
    expect((await app.inject({ url: '/llms.txt' })).statusCode).toBe(200);
    expect(seconds).toStrictEqual([Number.NaN]);
  });
});
