/**
 * Issue 30, done-when 3: discovery works with a base URL at a path. sitegate listens on loopback
 * with `baseUrl` `http://127.0.0.1:PORT/docs` behind a reverse proxy on PORT that does what README
 * "Discovery behind a path" asks of one: `/docs/…` is forwarded with `/docs` stripped, the
 * well-known locations on the host's root unchanged. Real clients discover through real sockets:
 *
 * - oauth4webapi `discoveryRequest` + `processDiscoveryResponse`, `algorithm: 'oauth2'` (RFC 8414 §3.1:
 *   `/.well-known/oauth-authorization-server/docs`), which checks `issuer` equals the base URL (§3.3);
 * - oauth4webapi `resourceDiscoveryRequest` + `processResourceDiscoveryResponse` (RFC 9728 §3.1, §3.3)
 *   for the MCP resource `{base}/mcp` and the site `{base}`;
 * - the MCP SDK's `discoverOAuthServerInfo` (v1 1.32 and v2 2.4): protected-resource metadata, then
 *   `discoverAuthorizationServerMetadata` of its authorization server.
 *
 * Every document they accept has an `authorization_endpoint` (the SDK refused sitegate's before).
 * test/well-known.mcp.test.ts and test/oauth.metadata.test.ts check the documents' exact bodies,
 * `openid-configuration` and each client alone through `inject`; this file adds the clients over
 * real sockets at a loopback base path, RFC 9728 discovery by oauth4webapi, and the SDK's whole
 * discovery chain (resource metadata, then its authorization server) as `auth()` runs it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { discoverOAuthServerInfo as discoverV1 } from '@modelcontextprotocol/sdk/client/auth.js';
import { discoverOAuthServerInfo as discoverV2 } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.js';
import { buildTestApp, EXAMPLE_SITE, type TestApp } from './helpers.js';

/**
 * The base URL of done-when 3 is plain http on loopback, which oauth4webapi refuses unless told:
 * its (deprecated, to stand out) opt-in, for tests against non-TLS loopback only.
 */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- http on loopback, as the issue's done-when names it
const HTTP_ON_LOOPBACK = { [oauth.allowInsecureRequests]: true } as const;

let t: TestApp;
let proxy: http.Server;
/** `http://127.0.0.1:PORT/docs`: the base URL, where the proxy listens. */
let base: string;
/** Paths the proxy received (`GET /path`), in order. */
const proxied: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}/docs`;
  t = await buildTestApp(EXAMPLE_SITE, { baseUrl: base });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const upstream = (t.app.server.address() as AddressInfo).port;
  proxy = http.createServer((req, res) => {
    const url = req.url ?? '/';
    proxied.push(`${req.method ?? ''} ${url}`);
    const forwarded = url === '/docs' || url.startsWith('/docs/') || url.startsWith('/docs?') ? url.slice('/docs'.length) || '/' : url;
    if (forwarded === url && !url.startsWith('/.well-known/')) return void res.writeHead(404).end();
    const request = http.request(
      { host: '127.0.0.1', port: upstream, method: req.method, path: forwarded, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    request.on('error', () => res.writeHead(502).end());
    req.pipe(request);
  });
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    proxy.close(() => resolve());
    proxy.closeAllConnections();
  });
  await t.app.close();
});

/** What the issue asks of the AS metadata (RFC 8414 §2; MCP 2025-11-25 Authorization). */
function expectAgentMetadata(metadata: Record<string, unknown>): void {
  expect(metadata).toMatchObject({
    issuer: base,
    authorization_endpoint: `${base}/api/v1/oauth/authorize`,
    token_endpoint: `${base}/api/v1/oauth/token`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    client_id_metadata_document_supported: true,
  });
  expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
  expect(metadata.registration_endpoint).toBeUndefined();
}

/** The `GET` paths the proxy received since `from`. */
function requestsSince(from: number): string[] {
  return proxied.slice(from);
}

describe('a base URL at a path (http://127.0.0.1:PORT/docs) behind a reverse proxy', () => {
  it('oauth4webapi (oauth2) discovers the AS metadata at the path-inserted location', async () => {
    const from = proxied.length;
    const issuer = new URL(base);
    const response = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...HTTP_ON_LOOPBACK });
    expectAgentMetadata(await oauth.processDiscoveryResponse(issuer, response));
    expect(requestsSince(from)).toStrictEqual(['GET /.well-known/oauth-authorization-server/docs']);
  });

  it('oauth4webapi discovers the protected-resource metadata of /mcp and of the site (RFC 9728)', async () => {
    for (const [resource, location] of [
      [`${base}/mcp`, '/.well-known/oauth-protected-resource/docs/mcp'],
      [base, '/.well-known/oauth-protected-resource/docs'],
    ] as const) {
      const from = proxied.length;
      const response = await oauth.resourceDiscoveryRequest(new URL(resource), HTTP_ON_LOOPBACK);
      const metadata = await oauth.processResourceDiscoveryResponse(new URL(resource), response);
      expect(metadata).toMatchObject({ resource, authorization_servers: [base] });
      expect(requestsSince(from), resource).toStrictEqual([`GET ${location}`]);
    }
  });

  it.each([
    ['v1', discoverV1],
    ['v2', discoverV2],
  ] as const)('the MCP SDK %s discovers the MCP resource and its authorization server from {base}/mcp', async (_name, discover) => {
    const from = proxied.length;
    const info = await discover(`${base}/mcp`);
    expect(info.authorizationServerUrl).toBe(base);
    expect(info.resourceMetadata).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base] });
    expectAgentMetadata(info.authorizationServerMetadata as unknown as Record<string, unknown>);
    expect(requestsSince(from)).toStrictEqual([
      'GET /.well-known/oauth-protected-resource/docs/mcp',
      'GET /.well-known/oauth-authorization-server/docs',
    ]);
  });
});
