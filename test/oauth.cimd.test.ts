/**
 * Client ID Metadata Documents against a real https server on loopback, with a test CA made by
 * openssl for this file (test-ca.ts): each refusal's exact message, pinning of the checked
 * address, HTTP caching and shared fetches, the per-address fetch budget.
 */
import { execFile } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../src/errors.js';
import { createMemoryRateLimiter, DEFAULT_RATE_LIMITS } from '../src/auth/rate-limits.js';
import { createClientRegistry, ClientRefusedError, type AgentClient, type ClientRegistry } from '../src/oauth/clients/registry.js';
import { DEFAULT_AGENT_AUTH, type AgentAuthSettings } from '../src/oauth/settings.js';
import { makeTestCertificates, type TestCertificates } from './test-ca.js';
import { REPO_DIR } from './helpers.js';

const REDIRECT = 'http://127.0.0.1/callback';

let certs: TestCertificates;
let server: Server;
let port: number;
/** Requests the server got, by path. */
const hits = new Map<string, number>();
/** Answers held open (the slow document), ended after each test. */
const held: ServerResponse[] = [];

/** The document of `path` on `host`, naming its own URL as client_id. */
function documentOf(host: string, path: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ client_id: `https://${host}:${port}${path}`, client_name: 'Test Agent', redirect_uris: [REDIRECT], ...extra });
}

beforeAll(async () => {
  certs = makeTestCertificates();
  server = createServer({ cert: certs.cert, key: certs.key }, (request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const json = (body: string, headers: Record<string, string> = {}): void => {
      response.writeHead(200, { 'content-type': 'application/json', ...headers }).end(body);
    };
    switch (path) {
      case '/agent.json':
      case '/agent-2.json':
        return json(documentOf(host, path, { client_uri: 'https://agent.example/' }), { 'cache-control': 'max-age=300' });
      case '/no-store.json':
        return json(documentOf(host, path), { 'cache-control': 'no-store' });
      case '/long-lived.json':
        return json(documentOf(host, path), { 'cache-control': 'max-age=31536000' });
      case '/large.json': {
        // Streamed without Content-Length: the limit must hold while reading.
        response.writeHead(200, { 'content-type': 'application/json' });
        const chunk = ' '.repeat(1024);
        for (let i = 0; i < 12; i++) response.write(chunk);
        return void response.end('{}');
      }
      case '/declared-large.json':
        return json(' '.repeat(20_000) + documentOf(host, path));
      case '/slow.json':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{');
        return void held.push(response);
      case '/redirect.json':
        return void response.writeHead(302, { location: '/agent.json' }).end();
      case '/missing.json':
        return void response.writeHead(404).end('no');
      case '/not-json.json':
        return json('<html>hello</html>');
      case '/array.json':
        return json('[]');
      case '/mismatch.json':
        return json(documentOf(host, '/other.json'));
      case '/no-client-id.json':
        return json(JSON.stringify({ redirect_uris: [REDIRECT] }));
      case '/bad-redirect.json':
        return json(documentOf(host, path, { redirect_uris: [REDIRECT, 'http://agent.example/callback'] }));
      case '/no-redirect.json':
        return json(documentOf(host, path, { redirect_uris: [] }));
      case '/secret-method.json':
        return json(documentOf(host, path, { token_endpoint_auth_method: 'client_secret_basic' }));
      case '/secret.json':
        return json(documentOf(host, path, { client_secret: 'x' }));
      case '/odd-name.json':
        return json(documentOf(host, path, { client_name: `  \u0007Agent\u202e ${'x'.repeat(200)}`, client_uri: 'http://agent.example/' }));
      case '/no-name.json':
        return json(documentOf(host, path, { client_name: ' \n ' }));
      default:
        return void response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  certs.remove();
});

beforeEach(() => {
  hits.clear();
  for (const response of held.splice(0)) response.destroy();
});

/** Test seams and settings of one registry. */
interface Setup {
  allowPrivateAddresses?: boolean;
  enabled?: boolean;
  resolveHost?: (hostname: string) => Promise<string[]>;
  nowMs?: () => number;
  fetchBudget?: number;
  timeoutMs?: number;
}

function registry(setup: Setup = {}): ClientRegistry {
  const settings: AgentAuthSettings = {
    ...DEFAULT_AGENT_AUTH,
    clientIdMetadataDocuments: { enabled: setup.enabled ?? true, allowPrivateAddresses: setup.allowPrivateAddresses ?? true },
  };
  return createClientRegistry({
    settings,
    store: { getOAuthClient: () => Promise.resolve(undefined) },
    limiter: createMemoryRateLimiter({
      ...DEFAULT_RATE_LIMITS,
      clientMetadataFetches: { points: setup.fetchBudget ?? 100, windowSec: 60 },
    }),
    fetch: { ca: certs.ca, resolveHost: setup.resolveHost, nowMs: setup.nowMs, timeoutMs: setup.timeoutMs },
  });
}

const url = (path: string, host = '127.0.0.1'): string => `https://${host}:${port}${path}`;

/** The refusal `resolve` rejects with (fails when it resolves or rejects otherwise). */
async function refusal(registry: ClientRegistry, clientId: string, address = '192.0.2.1'): Promise<{ reason: string; message: string }> {
  const error: unknown = await registry.resolve(clientId, { address }).then(
    () => undefined,
    (rejected: unknown) => rejected,
  );
  expect(error).toBeInstanceOf(ClientRefusedError);
  const { reason, message } = error as ClientRefusedError;
  return { reason, message };
}

const bad = (clientId: string, problem: string): { reason: string; message: string } => ({
  reason: 'bad_metadata_document',
  message: `The client metadata document ${clientId} could not be used: ${problem}`,
});

describe('a usable document', () => {
  it('names the client, its https client_uri and redirect URIs', async () => {
    const clientId = url('/agent.json');
    expect(await registry().resolve(clientId, { address: '192.0.2.1' })).toStrictEqual({
      clientId,
      kind: 'metadata-document',
      name: 'Test Agent',
      clientUri: 'https://agent.example/',
      redirectUris: [REDIRECT],
    } satisfies AgentClient);
  });

  it('cleans the name (control characters, 100 characters) and drops an http client_uri', async () => {
    const clientId = url('/odd-name.json');
    expect(await registry().resolve(clientId)).toStrictEqual({
      clientId,
      kind: 'metadata-document',
      name: `Agent ${'x'.repeat(94)}`,
      redirectUris: [REDIRECT],
    });
  });

  it("is named after the URL's host when client_name is blank", async () => {
    expect((await registry().resolve(url('/no-name.json'))).name).toBe(`127.0.0.1:${port}`);
  });

  it('connects to the address it checked, whatever the name (a resolver naming 127.0.0.1 for client.test)', async () => {
    const asked: string[] = [];
    const resolveHost = (hostname: string): Promise<string[]> => {
      asked.push(hostname);
      return Promise.resolve(['127.0.0.1']);
    };
    const clientId = url('/agent.json', 'client.test');
    expect((await registry({ resolveHost }).resolve(clientId)).clientId).toBe(clientId);
    expect(asked).toStrictEqual(['client.test']);
  });
});

describe('refusals, each with its exact message', () => {
  it.each([
    ['http://127.0.0.1/agent.json', 'the client_id must be an https URL.'],
    ['https://agent.example', 'the client_id must have a path (https://client.example/oauth/metadata.json).'],
    ['https://agent.example/', 'the client_id must have a path (https://client.example/oauth/metadata.json).'],
    ['https://agent.example/a#b', 'the client_id must not contain a fragment.'],
    ['https://user:pw@agent.example/a', 'the client_id must not contain a username or password.'],
    ['https://agent.example/a/../b', 'the client_id must not contain . or .. path segments.'],
    ['https://agent.example/a/%2E/b', 'the client_id must not contain . or .. path segments.'],
    ['https://AGENT.example/a', 'the client_id must be written in normal form (https://agent.example/a).'],
    ['https://agent.example:443/a', 'the client_id must be written in normal form (https://agent.example/a).'],
  ])('%s: not a Client Identifier URL, nothing fetched', async (clientId, problem) => {
    expect(await refusal(registry(), clientId)).toStrictEqual(bad(clientId, problem));
    expect(hits.size).toBe(0);
  });

  it('on a private address: 127.0.0.1 with allowPrivateAddresses false', async () => {
    const clientId = url('/agent.json');
    expect(await refusal(registry({ allowPrivateAddresses: false }), clientId)).toStrictEqual(
      bad(clientId, 'its host is a loopback address, not a public one (auth.clientIdMetadataDocuments.allowPrivateAddresses is off).'),
    );
    expect(hits.size).toBe(0);
  });

  it('on a host whose DNS answers a private address: localhost, and a resolver naming 10.0.0.7 or ::ffff:127.0.0.1', async () => {
    const viaDns = url('/agent.json', 'localhost');
    expect(await refusal(registry({ allowPrivateAddresses: false }), viaDns)).toStrictEqual(
      bad(
        viaDns,
        'the host localhost is a loopback address, not a public one (auth.clientIdMetadataDocuments.allowPrivateAddresses is off).',
      ),
    );
    const clientId = url('/agent.json', 'client.test');
    const privateNet = registry({ allowPrivateAddresses: false, resolveHost: () => Promise.resolve(['93.184.215.14', '10.0.0.7']) });
    expect(await refusal(privateNet, clientId)).toStrictEqual(
      bad(
        clientId,
        'the host client.test is a private address, not a public one (auth.clientIdMetadataDocuments.allowPrivateAddresses is off).',
      ),
    );
    const mapped = registry({ allowPrivateAddresses: false, resolveHost: () => Promise.resolve(['::ffff:127.0.0.1']) });
    expect(await refusal(mapped, clientId)).toStrictEqual(
      bad(
        clientId,
        'the host client.test is a loopback address, not a public one (auth.clientIdMetadataDocuments.allowPrivateAddresses is off).',
      ),
    );
    expect(hits.size).toBe(0);
  });

  it('a host that does not resolve', async () => {
    const clientId = url('/agent.json', 'client.test');
    expect(await refusal(registry({ resolveHost: () => Promise.reject(new Error('ENOTFOUND')) }), clientId)).toStrictEqual(
      bad(clientId, 'the host client.test does not resolve.'),
    );
  });

  it('too large: streamed past 10 KiB, or declared so', async () => {
    for (const path of ['/large.json', '/declared-large.json']) {
      const clientId = url(path);
      expect(await refusal(registry(), clientId)).toStrictEqual(bad(clientId, 'it is larger than 10240 bytes.'));
    }
  });

  it('too slow: the time limit covers the whole fetch', async () => {
    const clientId = url('/slow.json');
    expect(await refusal(registry({ timeoutMs: 300 }), clientId)).toStrictEqual(bad(clientId, 'it did not arrive within 300 ms.'));
  });

  it('a redirect is not followed', async () => {
    const clientId = url('/redirect.json');
    expect(await refusal(registry(), clientId)).toStrictEqual(
      bad(clientId, 'it answered a redirect (HTTP 302); the document must be served at the client_id itself.'),
    );
    expect(hits.get('/agent.json')).toBeUndefined();
  });

  it.each([
    ['/missing.json', 'it answered HTTP 404, not 200.'],
    ['/not-json.json', 'it is not JSON.'],
    ['/array.json', 'it is not a JSON object.'],
    ['/no-client-id.json', 'it has no client_id; it must be the URL it was fetched from.'],
    ['/no-redirect.json', 'its redirect_uris is not a non-empty list of URIs.'],
    ['/secret.json', 'it carries client_secret: a metadata document must not hold a shared secret.'],
    [
      '/secret-method.json',
      'its token_endpoint_auth_method "client_secret_basic" is not supported: sitegate serves public clients ("none", with PKCE).',
    ],
    [
      '/bad-redirect.json',
      'its redirect_uris[1] "http://agent.example/callback" must use https, or http on a loopback host only (127.0.0.1, [::1], localhost: RFC 8252 §7.3).',
    ],
  ])('%s', async (path, problem) => {
    const clientId = url(path);
    expect(await refusal(registry(), clientId)).toStrictEqual(bad(clientId, problem));
  });

  it('a client_id that is not the URL fetched', async () => {
    const clientId = url('/mismatch.json');
    expect(await refusal(registry(), clientId)).toStrictEqual(
      bad(clientId, `its client_id "${url('/other.json')}" is not the URL it was fetched from.`),
    );
  });

  it('a certificate no trusted CA signed', async () => {
    const clientId = url('/agent.json');
    const untrusting = createClientRegistry({
      settings: { ...DEFAULT_AGENT_AUTH, clientIdMetadataDocuments: { enabled: true, allowPrivateAddresses: true } },
      store: { getOAuthClient: () => Promise.resolve(undefined) },
    });
    expect(await refusal(untrusting, clientId)).toStrictEqual(bad(clientId, 'it could not be fetched (UNABLE_TO_VERIFY_LEAF_SIGNATURE).'));
  });

  it('metadata documents turned off: the URL is an unknown client, never fetched', async () => {
    const clientId = url('/agent.json');
    expect(await refusal(registry({ enabled: false }), clientId)).toStrictEqual({
      reason: 'unknown',
      message: `No client "${clientId}" is known here.`,
    });
    expect(hits.size).toBe(0);
  });
});

describe('caching', () => {
  it('keeps a document for its max-age, then fetches it again', async () => {
    let now = 1_000_000;
    const clients = registry({ nowMs: () => now });
    const clientId = url('/agent.json');
    await clients.resolve(clientId);
    now += 299_000;
    await clients.resolve(clientId);
    expect(hits.get('/agent.json')).toBe(1);
    now += 2_000;
    await clients.resolve(clientId);
    expect(hits.get('/agent.json')).toBe(2);
  });

  it('keeps even a no-store document a minute, a year-long one a day', async () => {
    let now = 0;
    const clients = registry({ nowMs: () => now });
    await clients.resolve(url('/no-store.json'));
    await clients.resolve(url('/long-lived.json'));
    now = 59_000;
    await clients.resolve(url('/no-store.json'));
    expect(hits.get('/no-store.json')).toBe(1);
    now = 61_000;
    await clients.resolve(url('/no-store.json'));
    expect(hits.get('/no-store.json')).toBe(2);
    now = 24 * 3600_000 - 1_000;
    await clients.resolve(url('/long-lived.json'));
    expect(hits.get('/long-lived.json')).toBe(1);
    now = 24 * 3600_000 + 1_000;
    await clients.resolve(url('/long-lived.json'));
    expect(hits.get('/long-lived.json')).toBe(2);
  });

  it('keeps a refusal a minute', async () => {
    let now = 0;
    const clients = registry({ nowMs: () => now });
    const clientId = url('/not-json.json');
    await refusal(clients, clientId);
    now = 59_000;
    expect(await refusal(clients, clientId)).toStrictEqual(bad(clientId, 'it is not JSON.'));
    expect(hits.get('/not-json.json')).toBe(1);
    now = 61_000;
    await refusal(clients, clientId);
    expect(hits.get('/not-json.json')).toBe(2);
  });

  it('shares one fetch between concurrent resolutions', async () => {
    const clients = registry();
    const clientId = url('/agent.json');
    const all = await Promise.all([1, 2, 3, 4].map(() => clients.resolve(clientId, { address: '192.0.2.1' })));
    expect(all.map((client) => client.name)).toStrictEqual(['Test Agent', 'Test Agent', 'Test Agent', 'Test Agent']);
    expect(hits.get('/agent.json')).toBe(1);
  });
});

describe('the fetch budget of an address (clientMetadataFetches)', () => {
  it('counts fetches, not cached answers, per address', async () => {
    const clients = registry({ fetchBudget: 1 });
    await clients.resolve(url('/agent.json'), { address: '192.0.2.1' });
    // Cached: free.
    await clients.resolve(url('/agent.json'), { address: '192.0.2.1' });
    const error: unknown = await clients.resolve(url('/agent-2.json'), { address: '192.0.2.1' }).catch((rejected: unknown) => rejected);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('rate_limited');
    expect((error as ApiError).message).toBe('Too many client metadata documents fetched for this address; retry later.');
    expect((error as ApiError).headers).toStrictEqual({
      'ratelimit-policy': '"clientMetadataFetches";q=1;w=60',
      ratelimit: '"clientMetadataFetches";r=0;t=60',
      'retry-after': '60',
    });
    expect(hits.get('/agent-2.json')).toBeUndefined();
    // Another address has its own budget.
    expect((await clients.resolve(url('/agent-2.json'), { address: '198.51.100.1' })).name).toBe('Test Agent');
  });
});

describe("the TLS trust store is Node's", () => {
  it('NODE_EXTRA_CA_CERTS adds the CA: a process started with it resolves the document, no CA given in code', async () => {
    const clientId = url('/agent.json');
    const script = `
      import { createClientRegistry } from './src/oauth/clients/registry.ts';
      const settings = { clientIdMetadataDocuments: { enabled: true, allowPrivateAddresses: true }, dynamicClientRegistration: false, clients: [], refreshTokenTtlSec: 3600 };
      const registry = createClientRegistry({ settings, store: { getOAuthClient: async () => undefined } });
      console.log(JSON.stringify(await registry.resolve(${JSON.stringify(clientId)})));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: REPO_DIR,
      env: { PATH: process.env.PATH ?? '', NODE_EXTRA_CA_CERTS: certs.caFile },
    });
    expect(JSON.parse(stdout)).toStrictEqual({
      clientId,
      kind: 'metadata-document',
      name: 'Test Agent',
      clientUri: 'https://agent.example/',
      redirectUris: [REDIRECT],
    });
  });
});
