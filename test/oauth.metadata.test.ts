/**
 * The authorization server's metadata as MCP clients read it (issue 30):
 * - RFC 8414 §2 members from the agent settings: `registration_endpoint` only with dynamic
 *   registration on, `client_id_metadata_document_supported` only with metadata documents on.
 * - `/.well-known/openid-configuration` at the root, path-inserted and path-appended (MCP
 *   2025-11-25 Authorization, "Authorization Server Metadata Discovery"), accepted by the MCP SDK's
 *   `discoverAuthorizationServerMetadata` (v1 and v2) and oauth4webapi's `algorithm: 'oidc'`.
 * - CORS for browser-based clients: the token and revocation endpoints answer any origin, errors
 *   included, and their preflight; the metadata's preflight grants `MCP-Protocol-Version`.
 */
import * as oauth from 'oauth4webapi';
import { auth, discoverAuthorizationServerMetadata as discoverV1 } from '@modelcontextprotocol/sdk/client/auth.js';
import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { discoverAuthorizationServerMetadata as discoverV2 } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SCOPES } from '../src/auth/scopes.js';
import { loadConfig } from '../src/config/config.js';
import { createContext } from '../src/context.js';
import { buildInjectableApp } from './app.js';
import { DEFAULT_AGENT_AUTH, type AgentAuthSettings } from '../src/oauth/settings.js';
import { loadSnapshot, snapshotOptionsOf } from '../src/snapshot/snapshot.js';
import { basicAuthorization, formTokenRequest, jsonTokenRequest, TOKEN_PATH } from './auth-fixtures.js';
import { EXAMPLE_SITE, issueKey, TEST_BASE_URL, type TestApp } from './helpers.js';
import { freePort } from './free-port.js';
import { JSON_TYPE } from './http-expect.js';
import { proxiedFetch } from './proxied-fetch.js';

const DOCS_BASE_URL = 'https://docs.example.com/docs';
const ORIGIN = 'https://inspector.example';
const SECRET_METHODS = ['client_secret_basic', 'client_secret_post'];
/** The members the MCP SDK's `auth()` reads of the metadata (v1 client/auth.js, v2 client). */
const SDK_FLOW_MEMBERS = [
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'response_types_supported',
  'grant_types_supported',
  'code_challenge_methods_supported',
  'token_endpoint_auth_methods_supported',
  'client_id_metadata_document_supported',
  'scopes_supported',
];

const opened: TestApp[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.app.close();
});

/** An app of the example site whose agent settings are `agents` (config.auth.agents). */
async function app(baseUrl: string, agents: AgentAuthSettings = DEFAULT_AGENT_AUTH): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-data-'));
  const loadedConfig = loadConfig({ contentDir: EXAMPLE_SITE, baseUrl, dataDir }, {}, {});
  const config = { ...loadedConfig, auth: { ...loadedConfig.auth, agents } };
  const loaded = loadSnapshot(config.contentDir, snapshotOptionsOf(config));
  const context = await createContext(config, loaded.snapshot);
  const built = buildInjectableApp(context);
  built.onClose(async () => {
    await context.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const t = { app: built, context, loaded };
  opened.push(t);
  return t;
}

/** RFC 8414 metadata, the optional members as `extra` gives them. */
function authorizationServer(baseUrl: string, extra: { registration?: boolean; cimd?: boolean } = {}): Record<string, unknown> {
  const methods = [...SECRET_METHODS, 'none'];
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/api/v1/oauth/authorize`,
    token_endpoint: `${baseUrl}/api/v1/oauth/token`,
    jwks_uri: `${baseUrl}/.well-known/jwks.json`,
    ...(extra.registration === true ? { registration_endpoint: `${baseUrl}/api/v1/oauth/register` } : {}),
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: methods,
    service_documentation: `${baseUrl}/developers`,
    revocation_endpoint: `${baseUrl}/api/v1/oauth/revoke`,
    revocation_endpoint_auth_methods_supported: methods,
    introspection_endpoint: `${baseUrl}/api/v1/oauth/introspect`,
    introspection_endpoint_auth_methods_supported: SECRET_METHODS,
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    ...(extra.cimd === false ? {} : { client_id_metadata_document_supported: true }),
  };
}

/** The OpenID Connect Discovery form: the same members and the two it requires, no ID token. */
function openidConfiguration(baseUrl: string): Record<string, unknown> {
  return { ...authorizationServer(baseUrl), subject_types_supported: ['public'], id_token_signing_alg_values_supported: [] };
}

/** GETs a path as sitegate receives it: 200, public JSON, exactly `body`. */
async function expectDocument(t: TestApp, url: string, body: Record<string, unknown>): Promise<void> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toBe(JSON_TYPE);
  expect(res.headers['access-control-allow-origin'], url).toBe('*');
  expect(res.body, url).toBe(JSON.stringify(body));
}

describe('RFC 8414 metadata from the agent settings', () => {
  it('with the defaults: metadata documents, no registration endpoint', async () => {
    const t = await app(TEST_BASE_URL);
    await expectDocument(t, '/.well-known/oauth-authorization-server', authorizationServer(TEST_BASE_URL));
  });

  it('with dynamic registration on and metadata documents off', async () => {
    const agents = {
      ...DEFAULT_AGENT_AUTH,
      dynamicClientRegistration: true,
      clientIdMetadataDocuments: { enabled: false, allowPrivateAddresses: false },
    };
    const t = await app(TEST_BASE_URL, agents);
    const expected = authorizationServer(TEST_BASE_URL, { registration: true, cimd: false });
    await expectDocument(t, '/.well-known/oauth-authorization-server', expected);
    await expectDocument(t, '/.well-known/openid-configuration', {
      ...expected,
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: [],
    });
  });
});

describe('/.well-known/openid-configuration', () => {
  it('is served at the root for a base URL at the root', async () => {
    const t = await app(TEST_BASE_URL);
    await expectDocument(t, '/.well-known/openid-configuration', openidConfiguration(TEST_BASE_URL));
  });

  it('is served path-appended (under the base path) and path-inserted for a base URL with a path', async () => {
    const t = await app(DOCS_BASE_URL);
    await expectDocument(t, '/.well-known/openid-configuration', openidConfiguration(DOCS_BASE_URL));
    await expectDocument(t, '/.well-known/openid-configuration/docs', openidConfiguration(DOCS_BASE_URL));
    const other = await t.app.inject({ url: '/.well-known/openid-configuration/other' });
    expect(other.statusCode).toBe(404);
  });

  it('is discovered by oauth4webapi (algorithm oidc), whose issuer check it passes', async () => {
    const t = await app(DOCS_BASE_URL);
    const proxied = proxiedFetch(t, DOCS_BASE_URL);
    const requested: string[] = [];
    const issuer = new URL(DOCS_BASE_URL);
    const response = await oauth.discoveryRequest(issuer, {
      algorithm: 'oidc',
      [oauth.customFetch]: (url: string, options: oauth.CustomFetchOptions<'GET'>) => {
        requested.push(url);
        return proxied(url, { headers: options.headers });
      },
    });
    expect(requested).toEqual(['https://docs.example.com/docs/.well-known/openid-configuration']);
    expect(await oauth.processDiscoveryResponse(issuer, response)).toEqual(openidConfiguration(DOCS_BASE_URL));
  });

  it.each([
    ['v1 (1.32)', discoverV1],
    ['v2 (2.4)', discoverV2],
  ] as const)('is accepted by the MCP SDK %s when the RFC 8414 location is not reachable', async (_name, discover) => {
    const t = await app(DOCS_BASE_URL);
    // A proxy that forwards only OpenID Connect Discovery's location on the host's root.
    const proxied = proxiedFetch(t, DOCS_BASE_URL, (path) => path.startsWith('/.well-known/openid-configuration'));
    const requested: string[] = [];
    const metadata = await discover(DOCS_BASE_URL, {
      fetchFn: (input: string | URL | Request, init?: RequestInit) => {
        requested.push(input instanceof Request ? input.url : input.toString());
        return proxied(input, init);
      },
    });
    expect(requested).toEqual([
      'https://docs.example.com/.well-known/oauth-authorization-server/docs',
      'https://docs.example.com/.well-known/openid-configuration/docs',
    ]);
    // The SDK's schema keeps the members it knows (OpenIdProviderDiscoveryMetadataSchema): every one
    // as served, those its authorization flow reads among them.
    const expected = openidConfiguration(DOCS_BASE_URL);
    const kept = Object.keys(metadata ?? {});
    expect(kept).toEqual(expect.arrayContaining(SDK_FLOW_MEMBERS));
    expect(metadata).toEqual(Object.fromEntries(kept.map((name) => [name, expected[name]])));
  });

  it.each([
    ['v1 (1.32)', discoverV1],
    ['v2 (2.4)', discoverV2],
  ] as const)('leaves the MCP SDK %s on the RFC 8414 document when it is reachable', async (_name, discover) => {
    const t = await app(DOCS_BASE_URL);
    const metadata = await discover(DOCS_BASE_URL, { fetchFn: proxiedFetch(t, DOCS_BASE_URL) });
    expect(metadata).toEqual(authorizationServer(DOCS_BASE_URL));
  });
});

describe('CORS for browser-based OAuth clients', () => {
  const OAUTH_PREFLIGHT = {
    allow: 'POST, OPTIONS',
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST',
    'access-control-allow-headers': 'Authorization, Content-Type, Accept, MCP-Protocol-Version',
    'access-control-max-age': '86400',
    'access-control-expose-headers': 'WWW-Authenticate, RateLimit, RateLimit-Policy, Retry-After',
  };

  /** The response's headers but the transport's (date, connection). */
  function headersOf(res: { headers: Record<string, unknown> }): Record<string, unknown> {
    return Object.fromEntries(Object.entries(res.headers).filter(([name]) => name !== 'date' && name !== 'connection'));
  }

  it.each([TOKEN_PATH, '/api/v1/oauth/revoke'])('answers the preflight of %s for POST with Authorization and Content-Type', async (url) => {
    const t = await app(TEST_BASE_URL);
    const res = await t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(headersOf(res)).toStrictEqual(OAUTH_PREFLIGHT);
  });

  it('lets any origin read a token response, never with credentials', async () => {
    const t = await app(TEST_BASE_URL);
    const { clientId, clientSecret } = await issueKey(t.context, ['search:read']);
    const res = await t.app.inject(
      formTokenRequest(
        { grant_type: 'client_credentials' },
        { headers: { origin: ORIGIN, authorization: basicAuthorization(clientId, clientSecret) } },
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toBe(OAUTH_PREFLIGHT['access-control-expose-headers']);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lets any origin read the errors of the token and revocation endpoints', async () => {
    const t = await app(TEST_BASE_URL);
    const requests = [
      formTokenRequest({ grant_type: 'client_credentials', client_id: 'sgk_nobody', client_secret: 'wrong' }),
      jsonTokenRequest({ grant_type: 'password' }),
      formTokenRequest({ token: 'x', client_id: 'sgk_nobody', client_secret: 'wrong' }, { url: '/api/v1/oauth/revoke' }),
    ];
    const statuses: number[] = [];
    for (const request of requests) {
      const res = await t.app.inject({ ...request, headers: { ...request.headers, origin: ORIGIN } });
      statuses.push(res.statusCode);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    expect(statuses).toEqual([401, 400, 401]);
  });

  it('grants MCP-Protocol-Version in the preflight of the metadata and JWKS, no credential header', async () => {
    const t = await app(DOCS_BASE_URL);
    for (const url of [
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-authorization-server/docs',
      '/.well-known/openid-configuration',
      '/.well-known/openid-configuration/docs',
      '/.well-known/jwks.json',
    ]) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'mcp-protocol-version' },
      });
      expect(res.statusCode, url).toBe(204);
      expect(headersOf(res), url).toStrictEqual({
        allow: 'GET, HEAD, OPTIONS',
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, HEAD',
        'access-control-allow-headers': 'Accept, If-None-Match, MCP-Protocol-Version',
        'access-control-max-age': '86400',
        'strict-transport-security': 'max-age=31536000',
      });
    }
  });
});

describe("the MCP SDK's ClientCredentialsProvider (v1 1.32)", () => {
  it('discovers the metadata, gets a token with an API key and calls search through /mcp', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const t = await app(baseUrl);
    await t.app.listen({ port, host: '127.0.0.1' });
    const { clientId, clientSecret } = await issueKey(t.context, ['search:read', 'content:read']);
    const provider = new ClientCredentialsProvider({ clientId, clientSecret, scope: 'search:read content:read', expectedIssuer: baseUrl });

    expect(await auth(provider, { serverUrl: `${baseUrl}/mcp` })).toBe('AUTHORIZED');
    const tokens = provider.tokens();
    expect(tokens?.token_type).toBe('Bearer');
    expect(tokens?.scope).toBe('search:read content:read');
    const whoami = await fetch(`${baseUrl}/api/v1/whoami`, { headers: { authorization: `Bearer ${tokens?.access_token ?? ''}` } });
    expect(whoami.status).toBe(200);
    expect(await whoami.json()).toEqual({ authenticated: true, scheme: 'bearer', scopes: ['search:read', 'content:read'] });

    const client = new Client({ name: 'client-credentials-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { authProvider: provider }));
    try {
      const result = await client.callTool({ name: 'search', arguments: { query: 'getting started' } });
      expect(result.isError).toBeUndefined();
      const [content] = result.content as { type: string; text: string }[];
      const { results } = JSON.parse(content?.text ?? '{}') as { results: { id: string; url: string }[] };
      expect(results.map((hit) => hit.id)).toContain('/guides/getting-started');
    } finally {
      await client.close();
    }
  });
});
