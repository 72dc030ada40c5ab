/**
 * Upstream mode (issue 33, answers/upstream.ts) against a real local origin: a node:http server on
 * 127.0.0.1 serving a folder, with sitegate listening in front of it. People's page and file
 * requests get the origin's bytes (X-Forwarded-* set, credentials dropped, `Vary: Accept` added);
 * markdown, discovery and the API stay sitegate's; internal paths are refused as without upstream
 * mode; the origin down or silent is a 502 error object, never a crash.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { upstreamPage } from '../src/answers/upstream.js';
import type { RawAnswer, RequestFacts } from '../src/answers/answer.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, removeDir, writeContent, type TestApp } from './helpers.js';
import { errorBody, JSON_TYPE, MARKDOWN_TYPE } from './http-expect.js';

/** The origin's files: what a generator's build would hold. */
const ORIGIN_FILES: Record<string, string> = {
  'guides/index.html': '<!doctype html><title>Guides (built)</title><script src="/assets/app.js"></script>',
  'guides/getting-started/index.html': '<!doctype html><title>Getting started (built)</title>',
  'internal/runbook/index.html': '<!doctype html><title>Runbook (built)</title>',
  'assets/app.js': 'document.title += " (hydrated)";\n',
  'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.svg': 'image/svg+xml' };
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** What the origin received, last request first. */
const received: { url: string; headers: IncomingHttpHeaders }[] = [];
let originDir: string;
let origin: Server;
let originUrl: string;
let withUpstream: TestApp;
let withoutUpstream: TestApp;
let front: Server;
let frontUrl: string;

/** A folder server in the manner of a static host: `x/` → `x/index.html`, `/x` → 301 to `/x/`. */
function folderServer(dir: string): Server {
  return createServer((request, response) => {
    received.unshift({ url: request.url ?? '', headers: request.headers });
    const pathname = new URL(request.url ?? '/', 'http://origin').pathname;
    if (pathname === '/slow') return; // never answers
    if (!pathname.endsWith('/') && !path.extname(pathname)) {
      response.writeHead(301, { location: `${originUrl}${pathname}/` }).end();
      return;
    }
    const file = path.join(dir, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    try {
      const bytes = readFileSync(file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=60' });
      response.end(request.method === 'HEAD' ? undefined : bytes);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('origin: not found');
    }
  });
}

/** Listens on 127.0.0.1 and returns the origin URL. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

beforeAll(async () => {
  originDir = writeContent(ORIGIN_FILES);
  origin = folderServer(originDir);
  originUrl = await listen(origin);
  withUpstream = await buildTestApp(EXAMPLE_SITE, { settings: { upstream: originUrl } });
  withoutUpstream = await buildTestApp(EXAMPLE_SITE);
  front = createServer(withUpstream.app.listener);
  frontUrl = await listen(front);
});
afterAll(async () => {
  await close(front);
  await close(origin);
  await withUpstream.app.close();
  await withoutUpstream.app.close();
  removeDir(originDir);
});

/** A GET through sitegate in upstream mode, redirects not followed. */
async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${frontUrl}${url}`, { headers, redirect: 'manual' });
}

/** How many requests the origin has had so far. */
const originCount = (): number => received.length;

describe("people's requests go to the origin", () => {
  it('a page URL answers the built file byte for byte, with Vary: Accept added', async () => {
    const res = await get('/guides/', { accept: BROWSER_ACCEPT });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(ORIGIN_FILES['guides/index.html']);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('max-age=60');
    expect(res.headers.get('vary')).toBe('Accept');
  });

  it('assets and chunks the origin alone holds', async () => {
    const js = await get('/assets/app.js', { accept: '*/*' });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript');
    expect(await js.text()).toBe(ORIGIN_FILES['assets/app.js']);
    const svg = await get('/img/logo.svg', { accept: 'image/avif,image/webp,*/*' });
    expect(svg.status).toBe(200);
    expect(await svg.text()).toBe(ORIGIN_FILES['img/logo.svg']);
  });

  it("the origin's 404 is passed on as it is", async () => {
    const res = await get('/nope/', { accept: BROWSER_ACCEPT });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('origin: not found');
  });

  it('sets X-Forwarded-* from what sitegate decided and never forwards credentials', async () => {
    const key = await issueKey(withUpstream.context, ['content:read']);
    const res = await get('/guides/?x=1', {
      accept: BROWSER_ACCEPT,
      'x-api-key': key.apiKey,
      cookie: 'theme=dark',
      'x-forwarded-for': '198.51.100.7',
      'x-forwarded-host': 'evil.example',
    });
    expect(res.status).toBe(200);
    const seen = received[0];
    expect(seen?.url).toBe('/guides/?x=1');
    expect(seen?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen?.headers['x-forwarded-host']).toBe('sitegate.test');
    expect(seen?.headers['x-forwarded-proto']).toBe('http');
    expect(seen?.headers.host).toBe(new URL(originUrl).host);
    expect(seen?.headers['x-api-key']).toBeUndefined();
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers.authorization).toBeUndefined();
  });

  it("a redirect to the origin's own host is moved to the public base URL", async () => {
    const res = await get('/guides', { accept: BROWSER_ACCEPT });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('http://sitegate.test/guides/');
  });

  it('HEAD is proxied as HEAD', async () => {
    const res = await fetch(`${frontUrl}/guides/`, { method: 'HEAD', headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(received[0]?.headers['content-length']).toBeUndefined();
    expect(await res.text()).toBe('');
  });
});

describe("agents' requests stay sitegate's", () => {
  it.each([
    ['/guides/getting-started', { accept: 'text/markdown' }],
    ['/guides/getting-started.md', { accept: BROWSER_ACCEPT }],
  ])('%s (%j) answers the markdown sitegate answers without upstream mode', async (url, headers) => {
    const before = originCount();
    const res = await get(url, headers);
    const own = await withoutUpstream.app.inject({ method: 'GET', url, headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(MARKDOWN_TYPE);
    expect(await res.text()).toBe(own.body);
    expect(originCount()).toBe(before);
  });

  it.each(['/llms.txt', '/sitemap.xml', '/api/v1/health', '/api/search.json?q=widget', '/.well-known/api-catalog', '/_sitegate/site.css'])(
    '%s is answered by sitegate',
    async (url) => {
      const before = originCount();
      const res = await get(url, { accept: BROWSER_ACCEPT });
      const own = await withoutUpstream.app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
      expect(res.status).toBe(own.statusCode);
      expect(await res.text()).toBe(own.body);
      expect(originCount()).toBe(before);
    },
  );

  it('an unknown API path is the error object, not the origin', async () => {
    const before = originCount();
    const res = await get('/api/nope', { accept: BROWSER_ACCEPT });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(await res.json()).toStrictEqual(errorBody('not_found', 'No page at this address.'));
    expect(originCount()).toBe(before);
  });
});

describe('access applies before anything is proxied', () => {
  it.each(['/internal/runbook', '/internal/runbook/', '/internal/runbook.html', '/internal/runbook/index.html', '/internal/nope'])(
    '%s anonymously: the same 401 as without upstream mode, the origin not asked',
    async (url) => {
      const before = originCount();
      const res = await get(url, { accept: BROWSER_ACCEPT });
      const own = await withoutUpstream.app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
      expect(res.status).toBe(401);
      expect(own.statusCode).toBe(401);
      expect(await res.text()).toBe(own.body);
      expect(res.headers.get('www-authenticate')).toBe(own.headers['www-authenticate']);
      expect(originCount()).toBe(before);
    },
  );

  it('a key without internal:read gets the 403 of sitegate, the origin not asked', async () => {
    const key = await issueKey(withUpstream.context, ['content:read']);
    const before = originCount();
    const res = await get('/internal/runbook/', { accept: 'application/json', 'x-api-key': key.apiKey });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('insufficient_scope');
    expect(originCount()).toBe(before);
  });

  it('with internal:read the built page is proxied, private and not stored', async () => {
    const key = await issueKey(withUpstream.context, ['content:read', 'internal:read']);
    const res = await get('/internal/runbook/', { accept: BROWSER_ACCEPT, 'x-api-key': key.apiKey });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(ORIGIN_FILES['internal/runbook/index.html']);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(received[0]?.headers['x-api-key']).toBeUndefined();
  });
});

describe('the origin down or silent', () => {
  it('a closed origin is a 502 error object for API clients and an error page for browsers', async () => {
    const closed = createServer();
    const closedUrl = await listen(closed);
    await close(closed);
    const app = await buildTestApp(EXAMPLE_SITE, { settings: { upstream: closedUrl } });
    const server = createServer(app.app.listener);
    const url = await listen(server);
    try {
      const json = await fetch(`${url}/guides/`, { headers: { accept: 'application/json' } });
      expect(json.status).toBe(502);
      expect(json.headers.get('content-type')).toBe(JSON_TYPE);
      expect(await json.json()).toStrictEqual(errorBody('upstream_unavailable', 'The origin server could not be reached.'));
      const html = await fetch(`${url}/guides/`, { headers: { accept: BROWSER_ACCEPT } });
      expect(html.status).toBe(502);
      expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await html.text()).toContain('The origin server could not be reached.');
      // Markdown does not need the origin.
      const markdown = await fetch(`${url}/guides/`, { headers: { accept: 'text/markdown' } });
      expect(markdown.status).toBe(200);
    } finally {
      await close(server);
      await app.app.close();
    }
  });

  it('an origin that never answers is refused after the timeout, as upstream_unavailable', async () => {
    const timeoutMs = 300;
    const answer = upstreamPage(
      { baseUrl: 'http://sitegate.test', upstream: originUrl },
      () => {
        throw new Error('not asked');
      },
      timeoutMs,
    );
    const snapshot = withUpstream.loaded.snapshot;
    const outcome: Promise<unknown>[] = [];
    const server = createServer((request, response) => {
      const facts = { method: 'GET', path: '/slow', search: '', headers: request.headers, address: '127.0.0.1' } as RequestFacts;
      const started = performance.now();
      outcome.push(
        Promise.resolve(answer(facts, snapshot, undefined)).then((raw) =>
          (raw as RawAnswer).run(request, response).then(
            () => ({ settled: 'resolved' }),
            (error: unknown) => {
              response.writeHead(502).end();
              return { settled: 'rejected', code: (error as { code: string }).code, ms: performance.now() - started };
            },
          ),
        ),
      );
    });
    const url = await listen(server);
    try {
      const res = await fetch(`${url}/slow`, { headers: { accept: BROWSER_ACCEPT } });
      expect(res.status).toBe(502);
      const result = (await outcome[0]) as { settled: string; code: string; ms: number };
      expect(result.settled).toBe('rejected');
      expect(result.code).toBe('upstream_unavailable');
      expect(result.ms).toBeGreaterThanOrEqual(timeoutMs - 20);
      expect(result.ms).toBeLessThan(10_000);
    } finally {
      await close(server);
    }
  });
});

describe('the setting', () => {
  it.each([
    ['ftp://origin.example', 'must use http or https'],
    ['origin.example', 'must be an absolute URL'],
    ['https://user:pw@origin.example', 'must not carry a query, fragment or credentials'],
  ])('%s is refused: %s', (upstream, problem) => {
    expect(() => loadConfig({ contentDir: EXAMPLE_SITE, upstream }, {})).toThrow(`--upstream: ${problem}`);
  });

  it('cannot be set with html', () => {
    expect(() => loadConfig({ contentDir: EXAMPLE_SITE, upstream: 'http://127.0.0.1:8080' }, {}, { html: 'build' })).toThrow(
      'html and upstream cannot both be set: serve the build folder (html) or proxy to the origin that serves it (upstream)',
    );
  });

  it('an http(s) URL with a path is kept as given', () => {
    expect(loadConfig({ contentDir: EXAMPLE_SITE, upstream: 'https://origin.example/docs/' }, {}).upstream).toBe(
      'https://origin.example/docs/',
    );
  });
});
