/**
 * Security headers (src/answers/headers.ts; HSTS and preflights src/http/headers.ts): HSTS on every
 * answer when the base URL is https and on none otherwise; the CSP without `unsafe-inline`,
 * nosniff, Referrer-Policy and frame protection on every HTML answer; CORS for the public read-only
 * API from any origin, never credentialed: preflights grant GET/HEAD with Accept and If-None-Match
 * only (no Authorization, no X-API-Key), answers to a credential carry no
 * Access-Control-Allow-Origin, and no answer carries Access-Control-Allow-Credentials. Credentials
 * checked afresh and answered from the cache are both exercised.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { THEME_INIT_SCRIPT } from '../src/layout/client/theme-init.js';
import type { InjectOptions } from 'light-my-request';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, EXAMPLE_SITE, issueKey, type TestApp } from './helpers.js';
import { HTML_SECURITY, PUBLIC_CORS } from './http-expect.js';
import { jsonTokenRequest, obtainToken } from './auth-fixtures.js';

const HSTS = 'max-age=31536000';
const ORIGIN = 'https://elsewhere.example';
const MCP_CALL = {
  method: 'POST',
  url: '/mcp',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
} as const;

/** GET/HEAD requests that cover every kind of answer, public ones first. */
const PUBLIC_READS: InjectOptions[] = [
  { url: '/' },
  { url: '/guides/configuration', headers: { accept: 'text/markdown' } },
  { url: '/guides/configuration.md' },
  { method: 'HEAD', url: '/guides/' },
  { url: '/guides' }, // 308
  { url: '/developers' },
  { url: '/openapi.json' },
  { url: '/llms.txt' },
  { url: '/sitemap.xml' },
  { url: '/robots.txt' },
  { url: '/.well-known/oauth-protected-resource' },
  { url: '/.well-known/jwks.json' },
  { url: '/api/search.json' },
  { url: '/api/search.json?q=widget' },
  { url: '/api/search.json?limit=0' }, // 400
  { url: '/api/v1/health' },
  { url: '/_sitegate/site.css' },
  { url: '/nope' }, // 404 HTML
  { url: '/nope', headers: { accept: 'application/json' } },
  { url: '/internal/runbook' }, // 401 without a credential: says nothing private
];

let https: TestApp;
let plain: TestApp;
let httpsOrigin: string;

// Fresh apps per test: tests issue keys into the apps' stores.
beforeEach(async () => {
  https = await buildTestApp(EXAMPLE_SITE, 'https://docs.example.com');
  plain = await buildTestApp(EXAMPLE_SITE);
  await https.app.listen({ port: 0, host: '127.0.0.1' });
  httpsOrigin = `http://127.0.0.1:${(https.app.server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await https.app.close();
  await plain.app.close();
});

describe('Strict-Transport-Security', () => {
  it('is on every framework answer when the base URL is https', async () => {
    const { clientId, clientSecret } = await issueKey(https.context, ['search:read']);
    const requests: InjectOptions[] = [
      ...PUBLIC_READS,
      { url: '/%zz' }, // malformed path, answered by frameworkErrors
      { method: 'POST', url: '/llms.txt' }, // 405
      { method: 'OPTIONS', url: '/llms.txt' },
      jsonTokenRequest({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
      jsonTokenRequest({ grant_type: 'password' }),
      MCP_CALL, // hijacked by the MCP transport
    ];
    for (const request of requests) {
      const res = await https.app.inject(request);
      expect(res.headers['strict-transport-security'], `${request.method ?? 'GET'} ${request.url as string}`).toBe(HSTS);
    }
  });

  it('is on every answer over a real socket when the base URL is https, whoami included', async () => {
    const { apiKey } = await issueKey(https.context, ['search:read']);
    // The first whoami's key is checked against the store, the second is answered from the cache.
    const variants: Record<string, string>[] = [{}, { accept: 'text/markdown' }, { 'x-api-key': apiKey }, { 'x-api-key': apiKey }];
    for (const headers of variants) {
      for (const path of ['/', '/guides/configuration', '/llms.txt', '/api/v1/health', '/_sitegate/site.js', '/api/v1/whoami']) {
        const res = await fetch(httpsOrigin + path, { headers });
        expect(res.headers.get('strict-transport-security'), path).toBe(HSTS);
      }
    }
  });

  it('is on no answer when the base URL is http', async () => {
    for (const request of [...PUBLIC_READS, MCP_CALL, jsonTokenRequest({ grant_type: 'password' })]) {
      expect((await plain.app.inject(request)).headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('HTML security headers', () => {
  it.each([['/'], ['/guides/'], ['/guides/configuration'], ['/developers'], ['/nope'], ['/internal/runbook']])(
    '%s has the CSP without unsafe-inline, nosniff, Referrer-Policy and frame protection',
    async (url) => {
      const res = await plain.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      for (const [name, value] of Object.entries(HTML_SECURITY)) expect(res.headers[name], name).toBe(value);
      expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );

  it('every page links its style and script from /_sitegate/, inlines no style and only the theme script its CSP hash allows', async () => {
    const { body, headers } = await plain.app.inject({ url: '/guides/configuration' });
    expect(body).toContain('<link rel="stylesheet" href="/_sitegate/site.css">');
    expect(body).toContain('<script src="/_sitegate/site.js" defer></script>');
    expect(body).not.toMatch(/<style| style=| on[a-z]+=/i);
    const inline = [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toStrictEqual([THEME_INIT_SCRIPT]);
    expect(headers['content-security-policy']).toContain(`'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`);
  });
});

describe('CORS', () => {
  it.each(PUBLIC_READS.map((request) => [`${request.method ?? 'GET'} ${request.url as string}`, request] as const))(
    'lets any origin read %s, without credentials',
    async (_name, request) => {
      const res = await plain.app.inject({ ...request, headers: { ...request.headers, origin: ORIGIN } });
      expect(res.headers['access-control-allow-origin']).toBe(PUBLIC_CORS['access-control-allow-origin']);
      expect(res.headers['access-control-expose-headers']).toBe(PUBLIC_CORS['access-control-expose-headers']);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    },
  );

  it('answers a preflight for a GET resource with GET, HEAD, Accept and If-None-Match only', async () => {
    for (const url of ['/guides/configuration', '/api/search.json?q=x', '/openapi.json', '/nope']) {
      const res = await plain.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(Object.fromEntries(Object.entries(res.headers).filter(([name]) => name !== 'date' && name !== 'connection'))).toStrictEqual({
        allow: 'GET, HEAD, OPTIONS',
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, HEAD',
        'access-control-allow-headers': 'Accept, If-None-Match',
        'access-control-max-age': '86400',
      });
    }
  });

  it('grants no credential header in a preflight, so browsers do not send keys cross-origin', async () => {
    for (const asked of ['authorization', 'x-api-key']) {
      const res = await plain.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/whoami',
        headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': asked },
      });
      expect(res.statusCode).toBe(204);
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(', ');
      expect(allowed).not.toContain(asked);
      expect(allowed).not.toContain('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  // /mcp refuses every method from an origin it does not allow, the preflight too (answers/mcp-origin.ts).
  // The token and revocation endpoints answer browser-based OAuth clients (issue 30): test/oauth.metadata.test.ts.
  it.each([
    ['/api/v1/oauth/introspect', 204],
    ['/mcp', 403],
  ])('opens no POST endpoint to other origins: preflight for %s', async (url, status) => {
    const res = await plain.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.statusCode).toBe(status);
    expect(Object.keys(res.headers).filter((name) => name.startsWith('access-control-'))).toStrictEqual([]);
  });

  it('sends no Access-Control-Allow-Origin with an answer to a credential, through either path', async () => {
    const { apiKey, clientId, clientSecret } = await issueKey(plain.context, ['search:read', 'content:read', 'internal:read']);
    const token = await obtainToken(plain.app, { clientId, clientSecret });
    const credentialed: InjectOptions[] = [
      { url: '/api/v1/whoami', headers: { 'x-api-key': apiKey } },
      { url: '/api/v1/whoami', headers: { authorization: `Bearer ${token}` } },
      { url: '/api/search.json', headers: { 'x-api-key': apiKey } },
      { url: '/api/search.json?q=widget', headers: { authorization: `Bearer ${token}` } },
      { url: '/internal/runbook', headers: { 'x-api-key': apiKey } },
      { url: '/api/v1/whoami', headers: { 'x-api-key': 'sgk_wrong' } }, // 401
      { url: '/internal/nope', headers: { 'x-api-key': apiKey } }, // 404 for a credential
      { ...MCP_CALL, headers: { ...MCP_CALL.headers, 'x-api-key': apiKey } },
      MCP_CALL,
    ];
    for (const request of credentialed) {
      const res = await plain.app.inject({ ...request, headers: { ...request.headers, origin: ORIGIN } });
      expect(res.statusCode, request.url as string).toBeLessThan(500);
      expect(res.headers['access-control-allow-origin'], `${request.url as string} ${res.statusCode}`).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    await plain.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(plain.app.server.address() as AddressInfo).port}`;
    for (let i = 0; i < 2; i++) {
      // The second whoami is answered from the credential cache.
      const res = await fetch(`${origin}/api/v1/whoami`, { headers: { 'x-api-key': apiKey, origin: ORIGIN } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});
