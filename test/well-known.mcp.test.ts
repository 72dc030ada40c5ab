/**
 * Protected resource metadata where MCP clients look (issue 30), for a base URL at the root and
 * one with a path (`https://docs.example.com/docs`, behind a proxy that strips `/docs`):
 * - RFC 9728 §3.1: the MCP endpoint `{baseUrl}/mcp` has its own document at
 *   `/.well-known/oauth-protected-resource/mcp` (path inserted), `resource` exactly `{baseUrl}/mcp` (§3.3).
 * - RFC 8414 §3.1 / RFC 9728 §3.1: with a base path the documents are also at the path-inserted
 *   locations on the host's root; the AS `issuer` stays the base URL (RFC 8414 §3.3).
 * - RFC 9728 §5.1: a 401 from `/mcp` names the MCP document in `resource_metadata`.
 * oauth4webapi (`algorithm: 'oauth2'`) and the MCP SDK's discovery run against them.
 */
import * as oauth from 'oauth4webapi';
import { discoverOAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterEach, describe, expect, it } from 'vitest';
import { SCOPES } from '../src/auth/scopes.js';
import { buildTestApp, EXAMPLE_SITE, TEST_BASE_URL, type TestApp } from './helpers.js';
import { errorBody, JSON_TYPE } from './http-expect.js';
import { proxiedFetch } from './proxied-fetch.js';

const DOCS_BASE_URL = 'https://docs.example.com/docs';
const BAD_TOKEN = 'The bearer token is malformed, has a bad signature or was revoked.';

const opened: TestApp[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.app.close();
});

async function app(baseUrl: string): Promise<TestApp> {
  const t = await buildTestApp(EXAMPLE_SITE, baseUrl);
  opened.push(t);
  return t;
}

/** The site's name in the example site's metadata. */
function siteName(t: TestApp): string {
  return t.loaded.snapshot.site.name;
}

/** The RFC 8414 metadata with the default agent settings (metadata documents on, registration off). */
function authorizationServer(baseUrl: string): Record<string, unknown> {
  const methods = ['client_secret_basic', 'client_secret_post', 'none'];
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/api/v1/oauth/authorize`,
    token_endpoint: `${baseUrl}/api/v1/oauth/token`,
    jwks_uri: `${baseUrl}/.well-known/jwks.json`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: methods,
    service_documentation: `${baseUrl}/developers`,
    revocation_endpoint: `${baseUrl}/api/v1/oauth/revoke`,
    revocation_endpoint_auth_methods_supported: methods,
    introspection_endpoint: `${baseUrl}/api/v1/oauth/introspect`,
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
  };
}

function protectedResource(baseUrl: string, name: string, resource: string, documentation: string): Record<string, unknown> {
  return {
    resource,
    authorization_servers: [baseUrl],
    jwks_uri: `${baseUrl}/.well-known/jwks.json`,
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: name,
    resource_documentation: documentation,
  };
}

/** GETs a path as sitegate receives it: a 200 JSON document, public, with its exact body. */
async function expectDocument(t: TestApp, path: string, body: Record<string, unknown>): Promise<void> {
  const res = await t.app.inject({ url: path });
  expect(res.statusCode, path).toBe(200);
  expect(res.headers['content-type'], path).toBe(JSON_TYPE);
  expect(res.headers['access-control-allow-origin'], path).toBe('*');
  expect(res.headers['x-content-type-options'], path).toBe('nosniff');
  expect(res.json(), path).toEqual(body);
  expect(res.body, path).toBe(JSON.stringify(body));
}

describe('base URL at the root', () => {
  const baseUrl = TEST_BASE_URL;

  it('serves the AS metadata, the site PRM and the MCP PRM at their locations', async () => {
    const t = await app(baseUrl);
    const name = siteName(t);
    await expectDocument(t, '/.well-known/oauth-authorization-server', authorizationServer(baseUrl));
    await expectDocument(t, '/.well-known/oauth-protected-resource', protectedResource(baseUrl, name, baseUrl, `${baseUrl}/developers`));
    await expectDocument(
      t,
      '/.well-known/oauth-protected-resource/mcp',
      protectedResource(baseUrl, name, `${baseUrl}/mcp`, `${baseUrl}/developers#mcp`),
    );
  });

  it('answers HEAD and refuses POST on the MCP PRM with 405 and its Allow', async () => {
    const t = await app(baseUrl);
    const head = await t.app.inject({ method: 'HEAD', url: '/.well-known/oauth-protected-resource/mcp' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const post = await t.app.inject({ method: 'POST', url: '/.well-known/oauth-protected-resource/mcp' });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('names the MCP document in the 401 challenge of /mcp, the site document elsewhere', async () => {
    const t = await app(baseUrl);
    const mcp = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { authorization: 'Bearer not.a.token', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(mcp.statusCode).toBe(401);
    expect(mcp.headers['www-authenticate']).toBe(
      `Bearer realm="sitegate", error="invalid_token", error_description="${BAD_TOKEN}", resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    const api = await t.app.inject({ url: '/api/v1/whoami', headers: { authorization: 'Bearer not.a.token' } });
    expect(api.statusCode).toBe(401);
    expect(api.headers['www-authenticate']).toBe(
      `Bearer realm="sitegate", error="invalid_token", error_description="${BAD_TOKEN}", resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"`,
    );
  });
});

describe('base URL with a path (https://docs.example.com/docs)', () => {
  const baseUrl = DOCS_BASE_URL;

  it('serves each document at its location under the base path and at the path-inserted one', async () => {
    const t = await app(baseUrl);
    const name = siteName(t);
    const as = authorizationServer(baseUrl);
    const site = protectedResource(baseUrl, name, baseUrl, `${baseUrl}/developers`);
    const mcp = protectedResource(baseUrl, name, `${baseUrl}/mcp`, `${baseUrl}/developers#mcp`);
    // Under the base path (the proxy strips /docs).
    await expectDocument(t, '/.well-known/oauth-authorization-server', as);
    await expectDocument(t, '/.well-known/oauth-protected-resource', site);
    await expectDocument(t, '/.well-known/oauth-protected-resource/mcp', mcp);
    // RFC 8414 §3.1 / RFC 9728 §3.1, on the host's root (forwarded unchanged).
    await expectDocument(t, '/.well-known/oauth-authorization-server/docs', as);
    await expectDocument(t, '/.well-known/oauth-protected-resource/docs', site);
    await expectDocument(t, '/.well-known/oauth-protected-resource/docs/mcp', mcp);
  });

  it('answers 404 at path-inserted locations of other paths', async () => {
    const t = await app(baseUrl);
    for (const path of ['/.well-known/oauth-authorization-server/other', '/.well-known/oauth-protected-resource/docs/other']) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toBe(JSON_TYPE);
      expect(res.headers['cache-control'], path).toBe('no-store');
      expect(res.json(), path).toStrictEqual(errorBody('not_found', 'No page at this address.', baseUrl));
    }
  });

  it('answers the CORS preflight of a path-inserted location as of any discovery document', async () => {
    const t = await app(baseUrl);
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/.well-known/oauth-protected-resource/docs/mcp',
      headers: { origin: 'https://client.example', 'access-control-request-method': 'GET' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(res.body).toBe('');
  });

  it('is discovered by oauth4webapi (algorithm oauth2) at the path-inserted AS location', async () => {
    const t = await app(baseUrl);
    const requested: string[] = [];
    const proxied = proxiedFetch(t, baseUrl);
    const issuer = new URL(baseUrl);
    const response = await oauth.discoveryRequest(issuer, {
      algorithm: 'oauth2',
      [oauth.customFetch]: (url: string, options: oauth.CustomFetchOptions<'GET'>) => {
        requested.push(url);
        return proxied(url, { headers: options.headers });
      },
    });
    const metadata = await oauth.processDiscoveryResponse(issuer, response);
    expect(requested).toEqual(['https://docs.example.com/.well-known/oauth-authorization-server/docs']);
    expect(metadata).toEqual(authorizationServer(baseUrl));
  });

  it('is discovered by the MCP SDK from {baseUrl}/mcp: the MCP document', async () => {
    const t = await app(baseUrl);
    const requested: string[] = [];
    const proxied = proxiedFetch(t, baseUrl);
    const metadata = await discoverOAuthProtectedResourceMetadata(`${baseUrl}/mcp`, undefined, (input, init) => {
      requested.push(input.toString());
      return proxied(input, init);
    });
    expect(requested).toEqual(['https://docs.example.com/.well-known/oauth-protected-resource/docs/mcp']);
    expect(metadata).toEqual(protectedResource(baseUrl, siteName(t), `${baseUrl}/mcp`, `${baseUrl}/developers#mcp`));
  });

  it('names the MCP document under the base path in the 401 challenge of /mcp', async () => {
    const t = await app(baseUrl);
    const res = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { authorization: 'Bearer not.a.token', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe(
      `Bearer realm="sitegate", error="invalid_token", error_description="${BAD_TOKEN}", resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
  });
});
