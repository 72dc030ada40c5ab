/**
 * The well-known discovery documents (DESIGN.md "Discovery beyond SPEC.md"): their required
 * members, and that every URL they contain answers.
 * - /.well-known/oauth-authorization-server: RFC 8414 §2 metadata, §3.3 issuer rule.
 * - /.well-known/oauth-protected-resource: RFC 9728 §2 metadata.
 * - /.well-known/api-catalog: RFC 9727 linkset (RFC 9264 JSON), also on HEAD (§3).
 * - /.well-known/jwks.json: RFC 7517 public keys (RFC 8037 OKP/Ed25519), never a private member.
 * The revocation and introspection endpoints are still being built: for them only their presence
 * in the metadata is checked, not that they answer.
 */
import type { Response as InjectResponse } from 'light-my-request';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { SCOPES } from '../src/auth/scopes.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, TEST_BASE_URL, type TestApp } from './helpers.js';
import { HTML_TYPE, JSON_TYPE } from './http-expect.js';

const LINKSET_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const CATALOG_URL = `${TEST_BASE_URL}/.well-known/api-catalog`;
const TOKEN_URL = `${TEST_BASE_URL}/api/v1/oauth/token`;
const MCP_URL = `${TEST_BASE_URL}/mcp`;
/**
 * Asserted present in the metadata only: revocation and introspection answer POSTs; the
 * authorization endpoint (issue 30, being built on its own branch) answers a browser's GET with
 * the client's parameters, which its own tests send.
 */
const NOT_YET_BUILT = new Set([
  `${TEST_BASE_URL}/api/v1/oauth/revoke`,
  `${TEST_BASE_URL}/api/v1/oauth/introspect`,
  `${TEST_BASE_URL}/api/v1/oauth/authorize`,
]);

const opened: TestApp[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.app.close();
});

async function app(): Promise<TestApp> {
  const t = await buildTestApp(EXAMPLE_SITE);
  opened.push(t);
  return t;
}

/** GETs a JSON document, checking it is a 200 of `type`. */
async function getJson(t: TestApp, url: string, type = JSON_TYPE): Promise<Record<string, unknown>> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toBe(type);
  return res.json<Record<string, unknown>>();
}

/** Every string in a JSON value that is an absolute URL on the test base URL. */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return value === TEST_BASE_URL || value.startsWith(`${TEST_BASE_URL}/`) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(urlsIn);
  return [];
}

/** The request path of a URL on the test base URL, without its fragment (`/` for the base itself). */
function pathOf(url: string): string {
  const path = url.slice(TEST_BASE_URL.length).split('#')[0] ?? '';
  return path === '' ? '/' : path;
}

describe('/.well-known/oauth-authorization-server (RFC 8414)', () => {
  it('has the members of §2 for the authorization code, refresh token and client credentials grants', async () => {
    const metadata = await getJson(await app(), '/.well-known/oauth-authorization-server');
    // §3.3: the issuer is identical to the identifier the well-known path was built from.
    expect(metadata.issuer).toBe(TEST_BASE_URL);
    expect(metadata.token_endpoint).toBe(TOKEN_URL);
    expect(metadata.jwks_uri).toBe(`${TEST_BASE_URL}/.well-known/jwks.json`);
    expect(metadata.authorization_endpoint).toBe(`${TEST_BASE_URL}/api/v1/oauth/authorize`);
    expect(metadata.response_types_supported).toStrictEqual(['code']);
    expect(metadata.grant_types_supported).toStrictEqual(['authorization_code', 'refresh_token', 'client_credentials']);
    expect(metadata.token_endpoint_auth_methods_supported).toStrictEqual(['client_secret_basic', 'client_secret_post', 'none']);
    expect(metadata.code_challenge_methods_supported).toStrictEqual(['S256']);
    expect(metadata.scopes_supported).toStrictEqual([...SCOPES]);
    expect(metadata.revocation_endpoint).toBe(`${TEST_BASE_URL}/api/v1/oauth/revoke`);
    expect(metadata.introspection_endpoint).toBe(`${TEST_BASE_URL}/api/v1/oauth/introspect`);
    expect(metadata.service_documentation).toBe(`${TEST_BASE_URL}/developers`);
  });

  it('has an issuer without query or fragment (§2)', async () => {
    const { issuer } = await getJson(await app(), '/.well-known/oauth-authorization-server');
    const url = new URL(String(issuer));
    expect(url.search).toBe('');
    expect(url.hash).toBe('');
  });
});

describe('/.well-known/oauth-protected-resource (RFC 9728)', () => {
  it('has the members of §2, naming this site as its own authorization server', async () => {
    const metadata = await getJson(await app(), '/.well-known/oauth-protected-resource');
    expect(metadata).toMatchObject({
      resource: TEST_BASE_URL,
      authorization_servers: [TEST_BASE_URL],
      jwks_uri: `${TEST_BASE_URL}/.well-known/jwks.json`,
      bearer_methods_supported: ['header'],
      scopes_supported: [...SCOPES],
      resource_name: 'Acme Widgets',
      resource_documentation: `${TEST_BASE_URL}/developers`,
    });
  });

  it('names authorization servers whose RFC 8414 metadata carries the same issuer', async () => {
    const t = await app();
    const { authorization_servers: servers } = await getJson(t, '/.well-known/oauth-protected-resource');
    expect(Array.isArray(servers)).toBe(true);
    for (const issuer of servers as string[]) {
      const metadata = await getJson(t, `${pathOf(issuer).replace(/\/$/, '')}/.well-known/oauth-authorization-server`);
      expect(metadata.issuer).toBe(issuer);
    }
  });
});

describe('/.well-known/api-catalog (RFC 9727)', () => {
  it('is a linkset whose first context is the site: service-desc, service-doc and status', async () => {
    const catalog = await getJson(await app(), '/.well-known/api-catalog', LINKSET_TYPE);
    const linkset = catalog.linkset as Record<string, unknown>[];
    expect(Array.isArray(linkset)).toBe(true);
    for (const context of linkset) expect(typeof context.anchor).toBe('string');
    const [site] = linkset;
    expect(site?.anchor).toBe(`${TEST_BASE_URL}/`);
    expect(site?.['service-desc']).toStrictEqual([
      { href: `${TEST_BASE_URL}/openapi.json`, type: 'application/vnd.oai.openapi+json;version=3.1' },
    ]);
    expect(site?.['service-doc']).toStrictEqual([{ href: `${TEST_BASE_URL}/developers`, type: 'text/html' }]);
    expect(site?.status).toStrictEqual([{ href: `${TEST_BASE_URL}/api/v1/health`, type: 'application/json' }]);
    // RFC 9264 §4.2: every link target is an object with an href.
    for (const context of linkset) {
      for (const [relation, targets] of Object.entries(context)) {
        if (relation === 'anchor') continue;
        expect(Array.isArray(targets), relation).toBe(true);
        for (const target of targets as { href?: unknown }[]) expect(typeof target.href, relation).toBe('string');
      }
    }
  });

  it('lists the MCP server as an API of its own', async () => {
    const { linkset } = await getJson(await app(), '/.well-known/api-catalog', LINKSET_TYPE);
    const mcp = (linkset as Record<string, unknown>[]).find((context) => context.anchor === MCP_URL);
    expect(mcp?.['service-desc']).toStrictEqual([
      { href: MCP_URL, type: 'application/json', title: 'MCP server (Streamable HTTP): tools search and fetch' },
    ]);
  });

  it('answers HEAD with 200, no body and Link rel="api-catalog" (§3)', async () => {
    const t = await app();
    const head = await t.app.inject({ method: 'HEAD', url: '/.well-known/api-catalog' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.link).toBe(`<${CATALOG_URL}>; rel="api-catalog"`);
    expect(head.headers['content-type']).toBe(LINKSET_TYPE);
    expect(head.body).toBe('');
    const get = await t.app.inject({ url: '/.well-known/api-catalog' });
    expect(get.headers.link).toBe(head.headers.link);
  });
});

describe('/.well-known/jwks.json', () => {
  it('holds Ed25519 public keys for EdDSA signatures, and no private member', async () => {
    const jwks = await getJson(await app(), '/.well-known/jwks.json', 'application/jwk-set+json; charset=utf-8');
    const keys = jwks.keys as Record<string, unknown>[];
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toStrictEqual({
        kty: 'OKP',
        crv: 'Ed25519',
        kid: expect.stringMatching(/^\S+$/) as unknown,
        alg: 'EdDSA',
        use: 'sig',
        // RFC 8037 §2: x is the 32-byte public key, base64url without padding.
        x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
      });
      expect(key).not.toHaveProperty('d');
    }
  });

  it('verifies the access tokens the token endpoint issues', async () => {
    const t = await app();
    const { clientId, clientSecret } = await issueKey(t.context, ['search:read']);
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });
    expect(token.statusCode).toBe(200);
    const jwks = (await t.app.inject({ url: '/.well-known/jwks.json' })).json<JSONWebKeySet>();
    const { payload, protectedHeader } = await jwtVerify(token.json<{ access_token: string }>().access_token, createLocalJWKSet(jwks), {
      issuer: TEST_BASE_URL,
      typ: 'at+jwt',
    });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(jwks.keys.map((key) => key.kid)).toContain(protectedHeader.kid);
    expect(payload.client_id).toBe(clientId);
  });
});

describe('every URL in the well-known documents', () => {
  const DOCUMENTS = [
    '/.well-known/oauth-authorization-server',
    '/.well-known/openid-configuration',
    '/.well-known/oauth-protected-resource',
    '/.well-known/api-catalog',
    '/.well-known/jwks.json',
  ];

  /** Requests a URL the way its endpoint is used: POST for the token endpoint and MCP, else GET. */
  async function resolve(t: TestApp, url: string): Promise<InjectResponse> {
    if (url === TOKEN_URL) {
      const { clientId, clientSecret } = await issueKey(t.context, ['search:read']);
      const payload = { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret };
      return t.app.inject({ method: 'POST', url: pathOf(url), payload });
    }
    if (url === MCP_URL) {
      return t.app.inject({
        method: 'POST',
        url: pathOf(url),
        headers: { accept: 'application/json, text/event-stream' },
        payload: {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'well-known-test', version: '1.0.0' } },
        },
      });
    }
    return t.app.inject({ url: pathOf(url) });
  }

  it('answers 200 (the revocation and introspection endpoints are only listed, not yet served)', async () => {
    const t = await app();
    const urls = new Set<string>();
    for (const document of DOCUMENTS) for (const url of urlsIn((await t.app.inject({ url: document })).json<unknown>())) urls.add(url);
    for (const url of NOT_YET_BUILT) expect(urls, 'listed in the metadata').toContain(url);

    const checked: string[] = [];
    const failures: string[] = [];
    for (const url of urls) {
      if (NOT_YET_BUILT.has(url)) continue;
      const res = await resolve(t, url);
      checked.push(url);
      if (res.statusCode !== 200) failures.push(`${url}: ${res.statusCode}`);
    }
    expect(failures).toStrictEqual([]);
    expect(checked.sort()).toStrictEqual(
      [
        TEST_BASE_URL,
        `${TEST_BASE_URL}/`,
        `${TEST_BASE_URL}/.well-known/jwks.json`,
        `${TEST_BASE_URL}/.well-known/oauth-authorization-server`,
        `${TEST_BASE_URL}/.well-known/oauth-protected-resource`,
        `${TEST_BASE_URL}/api/v1/health`,
        `${TEST_BASE_URL}/api/v1/oauth/token`,
        `${TEST_BASE_URL}/developers`,
        `${TEST_BASE_URL}/developers#mcp`,
        `${TEST_BASE_URL}/llms.txt`,
        `${TEST_BASE_URL}/mcp`,
        `${TEST_BASE_URL}/openapi.json`,
      ].sort(),
    );
  });

  it('points service-doc fragments at an element of the portal', async () => {
    const t = await app();
    const portal = await t.app.inject({ url: '/developers' });
    expect(portal.headers['content-type']).toBe(HTML_TYPE);
    const catalog = (await t.app.inject({ url: '/.well-known/api-catalog' })).json<unknown>();
    const fragments = urlsIn(catalog)
      .filter((url) => url.includes('#'))
      .map((url) => url.slice(url.indexOf('#') + 1));
    expect(fragments).toStrictEqual(['mcp']);
    for (const id of fragments) expect(portal.body).toContain(`id="${id}"`);
  });
});
