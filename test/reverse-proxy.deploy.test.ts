/**
 * deploy/nginx.conf and deploy/Caddyfile in front of `sitegate serve --config` with
 * deploy/sitegate.json (docs/deploy.md "nginx", "Caddy"): Debian's nginx and Caddy run the examples
 * themselves, their ports moved to loopback and TLS left out (TLS ends in the proxy, so sitegate
 * sees the same requests either way); sitegate runs the example's settings with a test content
 * folder, data folder and port. Through each proxy: the client address sitegate audits is the one
 * the proxy saw (trustProxy), whatever the client claims; links, canonical URLs and redirects carry
 * the /docs prefix; percent-encoded page URLs do not loop; markdown negotiation passes through
 * unchanged; the RFC 8414 / RFC 9728 metadata is found at the origin's root. `caddy adapt` and
 * `caddy validate` accept the Caddyfile as it is.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli, CLI_TIMEOUT_MS } from './cli-process.js';
import { freePort } from './free-port.js';
import { REPO_DIR } from './helpers.js';
import { startCaddy, startNginx, type ProxyProcess } from './reverse-proxies.js';
import { sendFrom, type Received } from './source-address.js';

const NGINX_CONF = readFileSync(path.join(REPO_DIR, 'deploy/nginx.conf'), 'utf8');
const CADDYFILE = path.join(REPO_DIR, 'deploy/Caddyfile');
const EXAMPLE_SETTINGS = JSON.parse(readFileSync(path.join(REPO_DIR, 'deploy/sitegate.json'), 'utf8')) as Record<string, unknown>;
const BASE_URL = 'https://example.com/docs';
const SPOOFED = '198.51.100.7';
const WRONG_SECRET = 'not-the-secret-not-the-secret-not-the-secret';

const PAGES: Record<string, string> = {
  'index.md': '# Home\n\nStart with [getting started](guides/getting-started.md).\n',
  'guides/README.md': '# Guides\n\nHow to use the widget.\n',
  'guides/getting-started.md': '# Getting started\n\nInstall the widget, then run it.\n',
  'notes/c++.md': '# C++ notes\n\nThe widget from C++.\n',
};

/**
 * `text` with each edit made: each must match exactly as often as given, so that a changed
 * example fails here rather than being tested half-edited.
 */
function edited(text: string, edits: [from: RegExp, to: string, count: number][]): string {
  let result = text;
  for (const [from, to, count] of edits) {
    expect(result.match(from)?.length ?? 0, String(from)).toBe(count);
    result = result.replace(from, to);
  }
  return result;
}

/** deploy/nginx.conf on loopback ports without TLS. */
function nginxConf(ports: { sitegate: number; http: number; https: number }): string {
  return edited(NGINX_CONF, [
    [/^( *)server 127\.0\.0\.1:3000;$/gm, `$1server 127.0.0.1:${String(ports.sitegate)};`, 1],
    [/^( *)listen 80;$/gm, `$1listen 127.0.0.1:${String(ports.http)};`, 1],
    [/^( *)listen 443 ssl http2;$/gm, `$1listen 127.0.0.1:${String(ports.https)};`, 1],
    [/^ *listen \[::\]:(80|443 ssl http2);\n/gm, '', 2],
    [/^ *ssl_certificate(_key)? .*\n/gm, '', 2],
  ]);
}

/** deploy/Caddyfile on a loopback port without TLS, without the admin endpoint. */
function caddyfile(ports: { sitegate: number; proxy: number }): string {
  const site = edited(readFileSync(CADDYFILE, 'utf8'), [
    [/^example\.com \{$/gm, `http://example.com:${String(ports.proxy)} {\n\tbind 127.0.0.1`, 1],
    [/^\treverse_proxy 127\.0\.0\.1:3000 \{$/gm, `\treverse_proxy 127.0.0.1:${String(ports.sitegate)} {`, 1],
  ]);
  return `{\n\tadmin off\n\tauto_https off\n}\n\n${site}`;
}

/** The headers a proxy may add, drop or rewrite (RFC 9110 §7.6.1 hop-by-hop, Date, Server). */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'date', 'server', 'transfer-encoding']);
function endToEndHeaders(response: Received): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !HOP_HEADERS.has(name)));
}

let dir: string;
let sitegate: Cli | undefined;
let settingsFile: string;
let sitegatePort = 0;

/** Runs `sitegate ARGS --config <the test's settings>` to the end. */
async function runCli(args: string[]): Promise<string> {
  const cli = new Cli([...args, '--config', settingsFile], dir);
  const { code } = await cli.exited(CLI_TIMEOUT_MS);
  expect(code, cli.stderr).toBe(0);
  return cli.stdout;
}

beforeAll(async () => {
  expect(EXAMPLE_SETTINGS).toMatchObject({ baseUrl: BASE_URL, trustProxy: ['127.0.0.1'], host: '127.0.0.1', port: 3000 });
  dir = mkdtempSync(path.join(tmpdir(), 'sitegate-proxy-'));
  const content = path.join(dir, 'docs');
  for (const [file, text] of Object.entries(PAGES)) {
    mkdirSync(path.dirname(path.join(content, file)), { recursive: true });
    writeFileSync(path.join(content, file), text);
  }
  sitegatePort = await freePort();
  settingsFile = path.join(dir, 'sitegate.json');
  const settings = { ...EXAMPLE_SETTINGS, contentDir: content, dataDir: path.join(dir, 'data'), port: sitegatePort };
  writeFileSync(settingsFile, JSON.stringify(settings));
  sitegate = new Cli(['serve', '--config', settingsFile], dir);
  await sitegate.waitForStdout(/listening on/, CLI_TIMEOUT_MS);
}, CLI_TIMEOUT_MS);

afterAll(async () => {
  sitegate?.child.kill('SIGTERM');
  await sitegate?.exited(CLI_TIMEOUT_MS);
  rmSync(dir, { recursive: true, force: true });
});

/** A proxy of the kit, started in front of the test's sitegate. */
interface KitProxy {
  name: string;
  /** Starts the proxy with its files in `proxyDir`; resolves with the process and the port clients use. */
  start(proxyDir: string): Promise<{ process: ProxyProcess; port: number }>;
  /** Loopback addresses the test's clients connect from (not 127.0.0.1, the proxy's own). */
  client: string;
  otherClient: string;
  directClient: string;
}

const PROXIES: KitProxy[] = [
  {
    name: 'deploy/nginx.conf',
    async start(proxyDir) {
      const port = await freePort();
      const process = await startNginx(proxyDir, nginxConf({ sitegate: sitegatePort, http: await freePort(), https: port }), port);
      return { process, port };
    },
    client: '127.0.0.5',
    otherClient: '127.0.0.6',
    directClient: '127.0.0.7',
  },
  {
    name: 'deploy/Caddyfile',
    async start(proxyDir) {
      const port = await freePort();
      return { process: await startCaddy(proxyDir, caddyfile({ sitegate: sitegatePort, proxy: port }), port), port };
    },
    client: '127.0.0.8',
    otherClient: '127.0.0.9',
    directClient: '127.0.0.10',
  },
];

describe.each(PROXIES)('sitegate behind $name', (proxy) => {
  let running: ProxyProcess | undefined;
  let port = 0;
  beforeAll(async () => {
    ({ process: running, port } = await proxy.start(path.join(dir, proxy.name.replace(/\W/g, '-'))));
  });
  afterAll(async () => {
    await running?.stop();
  });

  /** A request through the proxy from `from`, for example.com. */
  const viaProxy = (from: string, request: Parameters<typeof sendFrom>[2]): Promise<Received> =>
    sendFrom(port, from, { ...request, headers: { host: 'example.com', ...request.headers } });
  const get = (pathAndQuery: string, headers: Record<string, string> = {}): Promise<Received> =>
    viaProxy(proxy.client, { path: pathAndQuery, headers });

  it('audits the address the proxy saw: a client’s own X-Forwarded-For is dropped; a peer that is not the proxy is counted as itself', async () => {
    const key = JSON.parse(await runCli(['keys', 'create', '--name', proxy.name, '--scopes', 'search:read', '--json'])) as {
      client_id: string;
      client_secret: string;
    };
    const token = (secret: string): Parameters<typeof sendFrom>[2] => ({
      method: 'POST',
      path: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': SPOOFED },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: key.client_id, client_secret: secret }),
    });
    const proxied = (request: Parameters<typeof sendFrom>[2]): Parameters<typeof sendFrom>[2] => ({
      ...request,
      path: `/docs${request.path}`,
    });
    expect((await viaProxy(proxy.client, proxied(token(key.client_secret)))).status).toBe(200);
    expect((await viaProxy(proxy.otherClient, proxied(token(WRONG_SECRET)))).status).toBe(401);
    expect((await sendFrom(sitegatePort, proxy.directClient, token(WRONG_SECRET))).status).toBe(401);

    const events = (JSON.parse(await runCli(['audit', '--json'])) as { type: string; client_id: string | null; address: string | null }[])
      .filter((event) => event.client_id === key.client_id)
      .map(({ type, address }) => [type, address]);
    expect(events).toStrictEqual([
      ['key_created', null],
      ['token_issued', proxy.client],
      ['auth_failed', proxy.otherClient],
      ['auth_failed', proxy.directClient],
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
      const direct = await sendFrom(sitegatePort, '127.0.0.1', { path: pathAndQuery, headers: { accept } });
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

  it('redirects within /docs: sitegate’s 308s name the prefix, and the proxy sends /docs there', async () => {
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

describe('deploy/nginx.conf on port 80', () => {
  let nginx: ProxyProcess | undefined;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    nginx = await startNginx(path.join(dir, 'nginx-80'), nginxConf({ sitegate: sitegatePort, http: port, https: await freePort() }), port);
  });
  afterAll(async () => {
    await nginx?.stop();
  });

  it('sends every request to https, path and query kept', async () => {
    const response = await sendFrom(port, '127.0.0.5', { path: '/docs/guides?x=1', headers: { host: 'example.com' } });
    expect([response.status, response.headers.location]).toStrictEqual([308, 'https://example.com/docs/guides?x=1']);
  });
});

describe('why deploy/nginx.conf passes $request_uri', () => {
  let nginx: ProxyProcess | undefined;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    // The usual form: proxy_pass with a URI passes the path percent-decoded.
    const usual = nginxConf({ sitegate: sitegatePort, http: await freePort(), https: port }).replace(
      /rewrite \^ \$request_uri;\n.*\n.*return 400;\n(\s*)proxy_pass http:\/\/sitegate\$uri;/,
      'proxy_pass http://sitegate/;',
    );
    expect(usual).toContain('proxy_pass http://sitegate/;');
    nginx = await startNginx(path.join(dir, 'nginx-usual'), usual, port);
  });
  afterAll(async () => {
    await nginx?.stop();
  });

  it('would send a percent-encoded page URL to itself forever with proxy_pass http://sitegate/', async () => {
    const response = await sendFrom(port, '127.0.0.5', { path: '/docs/notes/c%2B%2B', headers: { host: 'example.com' } });
    expect([response.status, response.headers.location]).toStrictEqual([308, '/docs/notes/c%2B%2B']);
  });
});

describe('deploy/Caddyfile as it is', () => {
  it('is accepted by caddy adapt and caddy validate', () => {
    const env = { ...process.env, XDG_DATA_HOME: path.join(dir, 'caddy-data'), XDG_CONFIG_HOME: path.join(dir, 'caddy-config') };
    const adapt = spawnSync('caddy', ['adapt', '--config', CADDYFILE, '--validate'], { encoding: 'utf8', env });
    expect(adapt.status, adapt.stderr).toBe(0);
    const adapted = JSON.parse(adapt.stdout) as { apps: { http: { servers: Record<string, { listen: string[] }> } } };
    expect(Object.values(adapted.apps.http.servers).map((server) => server.listen)).toStrictEqual([[':443']]);
    const validate = spawnSync('caddy', ['validate', '--config', CADDYFILE, '--adapter', 'caddyfile'], { encoding: 'utf8', env });
    expect(validate.status, validate.stderr).toBe(0);
    expect(validate.stdout).toBe('Valid configuration\n');
  });
});
