/**
 * deploy/nginx.conf in front of `sitegate serve --config` with deploy/sitegate.json (docs/deploy.md
 * "nginx"): Debian's nginx runs the example itself, its ports moved to loopback and TLS left out
 * (TLS ends in nginx, so sitegate sees the same requests either way); sitegate runs the example's
 * settings with a test content folder, data folder and port. Through nginx: the client address
 * sitegate audits is the one nginx saw (trustProxy), whatever the client claims; links, canonical
 * URLs and redirects carry the /docs prefix; percent-encoded page URLs do not loop; markdown
 * negotiation passes through unchanged; the RFC 8414 / RFC 9728 metadata is found at the origin.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli, CLI_TIMEOUT_MS } from './cli-process.js';
import { freePort } from './free-port.js';
import { REPO_DIR } from './helpers.js';
import { startNginx, type NginxProcess } from './nginx-server.js';
import { sendFrom, type Received } from './source-address.js';

const EXAMPLE_CONF = readFileSync(path.join(REPO_DIR, 'deploy/nginx.conf'), 'utf8');
const EXAMPLE_SETTINGS = JSON.parse(readFileSync(path.join(REPO_DIR, 'deploy/sitegate.json'), 'utf8')) as Record<string, unknown>;
const BASE_URL = 'https://example.com/docs';
/** Where the test's clients connect from: loopback addresses other than nginx's own 127.0.0.1. */
const CLIENT = '127.0.0.5';
const OTHER_CLIENT = '127.0.0.6';
const DIRECT_CLIENT = '127.0.0.7';
const SPOOFED = '198.51.100.7';

const PAGES: Record<string, string> = {
  'index.md': '# Home\n\nStart with [getting started](guides/getting-started.md).\n',
  'guides/README.md': '# Guides\n\nHow to use the widget.\n',
  'guides/getting-started.md': '# Getting started\n\nInstall the widget, then run it.\n',
  'notes/c++.md': '# C++ notes\n\nThe widget from C++.\n',
};

/**
 * The example config on loopback ports without TLS: each edit must match exactly as often as
 * given, so a changed example fails here rather than being tested half-edited.
 */
function testConf(ports: { sitegate: number; http: number; https: number }): string {
  const edits: [from: RegExp, to: string, count: number][] = [
    [/^( *)server 127\.0\.0\.1:3000;$/gm, `$1server 127.0.0.1:${String(ports.sitegate)};`, 1],
    [/^( *)listen 80;$/gm, `$1listen 127.0.0.1:${String(ports.http)};`, 1],
    [/^( *)listen 443 ssl http2;$/gm, `$1listen 127.0.0.1:${String(ports.https)};`, 1],
    [/^ *listen \[::\]:(80|443 ssl http2);\n/gm, '', 2],
    [/^ *ssl_certificate(_key)? .*\n/gm, '', 2],
  ];
  let conf = EXAMPLE_CONF;
  for (const [from, to, count] of edits) {
    expect(conf.match(from)?.length ?? 0, String(from)).toBe(count);
    conf = conf.replace(from, to);
  }
  return conf;
}

/** The headers a proxy may add, drop or rewrite (RFC 9110 §7.6.1 hop-by-hop, Date, Server). */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'date', 'server', 'transfer-encoding']);
function endToEndHeaders(response: Received): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !HOP_HEADERS.has(name)));
}

let dir: string;
let sitegate: Cli | undefined;
let nginx: NginxProcess | undefined;
let settingsFile: string;
let key: { client_id: string; client_secret: string };
const ports = { sitegate: 0, http: 0, https: 0 };

/** A request to nginx's TLS server (plain HTTP here) from `from`, for example.com. */
const viaNginx = (from: string, request: Parameters<typeof sendFrom>[2]): Promise<Received> =>
  sendFrom(ports.https, from, { ...request, headers: { host: 'example.com', ...request.headers } });
const get = (pathAndQuery: string, headers: Record<string, string> = {}): Promise<Received> =>
  viaNginx(CLIENT, { path: pathAndQuery, headers });

/** Runs `sitegate ARGS --config <the test's settings>` to the end. */
async function runCli(args: string[]): Promise<string> {
  const cli = new Cli([...args, '--config', settingsFile], dir);
  const { code } = await cli.exited(CLI_TIMEOUT_MS);
  expect(code, cli.stderr).toBe(0);
  return cli.stdout;
}

beforeAll(async () => {
  expect(EXAMPLE_SETTINGS).toMatchObject({ baseUrl: BASE_URL, trustProxy: ['127.0.0.1'], host: '127.0.0.1', port: 3000 });
  dir = mkdtempSync(path.join(tmpdir(), 'sitegate-nginx-'));
  const content = path.join(dir, 'docs');
  for (const [file, text] of Object.entries(PAGES)) {
    mkdirSync(path.dirname(path.join(content, file)), { recursive: true });
    writeFileSync(path.join(content, file), text);
  }
  ports.sitegate = await freePort();
  ports.http = await freePort();
  ports.https = await freePort();
  settingsFile = path.join(dir, 'sitegate.json');
  const settings = { ...EXAMPLE_SETTINGS, contentDir: content, dataDir: path.join(dir, 'data'), port: ports.sitegate };
  writeFileSync(settingsFile, JSON.stringify(settings));

  key = JSON.parse(await runCli(['keys', 'create', '--name', 'nginx test', '--scopes', 'search:read', '--json'])) as typeof key;
  sitegate = new Cli(['serve', '--config', settingsFile], dir);
  await sitegate.waitForStdout(/listening on/, CLI_TIMEOUT_MS);
  nginx = await startNginx(path.join(dir, 'nginx'), testConf(ports), ports.https);
}, 2 * CLI_TIMEOUT_MS);

afterAll(async () => {
  await nginx?.stop();
  sitegate?.child.kill('SIGTERM');
  await sitegate?.exited(CLI_TIMEOUT_MS);
  rmSync(dir, { recursive: true, force: true });
});

describe('sitegate behind deploy/nginx.conf', () => {
  it('audits the address nginx saw: a client’s own X-Forwarded-For is dropped; a peer that is not nginx is counted as itself', async () => {
    const token = (from: string, secret: string, port: number): Promise<Received> =>
      (port === ports.https ? viaNginx : (peer: string, request: Parameters<typeof sendFrom>[2]) => sendFrom(port, peer, request))(from, {
        method: 'POST',
        path: port === ports.https ? '/docs/api/v1/oauth/token' : '/api/v1/oauth/token',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': SPOOFED },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: key.client_id, client_secret: secret }),
      });
    expect((await token(CLIENT, key.client_secret, ports.https)).status).toBe(200);
    expect((await token(OTHER_CLIENT, 'not-the-secret-not-the-secret-not-the-secret', ports.https)).status).toBe(401);
    expect((await token(DIRECT_CLIENT, 'not-the-secret-not-the-secret-not-the-secret', ports.sitegate)).status).toBe(401);

    const events = (
      JSON.parse(await runCli(['audit', '--json'])) as { type: string; client_id: string | null; address: string | null }[]
    ).map(({ type, client_id: clientId, address }) => [type, clientId, address]);
    expect(events).toStrictEqual([
      ['key_created', key.client_id, null],
      ['token_issued', key.client_id, CLIENT],
      ['auth_failed', key.client_id, OTHER_CLIENT],
      ['auth_failed', key.client_id, DIRECT_CLIENT],
    ]);
  });

  it('serves pages whose links, canonical URL and Link header carry the /docs prefix', async () => {
    const response = await get('/docs/guides/getting-started');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toBe('Accept, Accept-Encoding');
    expect(response.headers.link).toBe(
      [
        `<${BASE_URL}/guides/getting-started.md>; rel="alternate"; type="text/markdown"`,
        `<${BASE_URL}/llms.txt>; rel="llms-txt"; type="text/plain"`,
        `<${BASE_URL}/.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"`,
        `<${BASE_URL}/mcp>; rel="service"; title="MCP server"`,
      ].join(', '),
    );
    expect(response.body).toContain(`<link rel="canonical" href="${BASE_URL}/guides/getting-started">`);
    expect(response.body).toContain('<link rel="stylesheet" href="/docs/_sitegate/site.css');
    expect(response.body).toContain('href="/docs/guides/"');
    const links = [...response.body.matchAll(/ href="(\/[^"]*)"/g)].map(([, href]) => href);
    expect(links.filter((href) => href?.startsWith('/docs/') !== true)).toStrictEqual([]);
  });

  it('passes markdown negotiation through: the same answer as sitegate gives directly, with Vary: Accept', async () => {
    for (const [pathAndQuery, accept] of [
      ['/guides/getting-started', 'text/markdown'],
      ['/guides/getting-started', 'text/html'],
      ['/guides/getting-started.md', '*/*'],
    ] as const) {
      const proxied = await get(`/docs${pathAndQuery}`, { accept });
      const direct = await sendFrom(ports.sitegate, '127.0.0.1', { path: pathAndQuery, headers: { accept } });
      expect(proxied.status).toBe(200);
      expect(proxied.body).toBe(direct.body);
      expect(endToEndHeaders(proxied)).toStrictEqual(endToEndHeaders(direct));
    }
    const markdown = await get('/docs/guides/getting-started', { accept: 'text/markdown' });
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers.vary).toBe('Accept');
    expect(markdown.body).toContain(
      `# Getting started\n\n> For agents: the index of this site is ${BASE_URL}/llms.txt\n\nInstall the widget, then run it.\n`,
    );
  });

  it('redirects within /docs: sitegate’s 308s name the prefix, and nginx’s own send the rest there', async () => {
    const redirects: [from: string, status: number, location: string][] = [];
    for (const from of [
      '/docs/guides',
      '/docs/guides/getting-started/',
      '/docs/guides/getting-started.html',
      '/docs/guides/README.md',
      '/docs/notes/c++?view=1&next=%2Fdocs%2F',
      '/docs',
    ]) {
      const response = await get(from);
      redirects.push([from, response.status, String(response.headers.location)]);
    }
    expect(redirects).toStrictEqual([
      ['/docs/guides', 308, '/docs/guides/'],
      ['/docs/guides/getting-started/', 308, '/docs/guides/getting-started'],
      ['/docs/guides/getting-started.html', 308, '/docs/guides/getting-started'],
      ['/docs/guides/README.md', 308, '/docs/guides/index.md'],
      ['/docs/notes/c++?view=1&next=%2Fdocs%2F', 308, '/docs/notes/c%2B%2B?view=1&next=%2Fdocs%2F'],
      ['/docs', 308, '/docs/'],
    ]);
    const plain = await sendFrom(ports.http, CLIENT, { path: '/docs/guides?x=1', headers: { host: 'example.com' } });
    expect([plain.status, plain.headers.location]).toStrictEqual([308, 'https://example.com/docs/guides?x=1']);
  });

  it('answers a percent-encoded page URL at that URL (no redirect to itself)', async () => {
    const response = await get('/docs/notes/c%2B%2B');
    expect(response.status).toBe(200);
    expect(response.body).toContain(`<link rel="canonical" href="${BASE_URL}/notes/c%2B%2B">`);
  });

  it('passes the path-inserted RFC 8414 and RFC 9728 metadata at the origin’s root', async () => {
    const json = async (pathAndQuery: string): Promise<unknown> => {
      const response = await get(pathAndQuery);
      expect(response.status, pathAndQuery).toBe(200);
      return JSON.parse(response.body);
    };
    expect(await json('/.well-known/oauth-authorization-server/docs')).toMatchObject({
      issuer: BASE_URL,
      token_endpoint: `${BASE_URL}/api/v1/oauth/token`,
    });
    expect(await json('/.well-known/oauth-protected-resource/docs')).toMatchObject({ resource: BASE_URL });
    expect(await json('/.well-known/oauth-protected-resource/docs/mcp')).toMatchObject({ resource: `${BASE_URL}/mcp` });
  });
});
