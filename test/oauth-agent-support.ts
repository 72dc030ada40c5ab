/**
 * The harness of the agent authorization end-to-end tests (issue 30, done-when 1): what an MCP
 * client's side of the flow needs, each piece real.
 *
 * - {@link startMetadataDocumentServer}: an https server on loopback, with a certificate of the
 *   test CA (test/test-ca.ts, made by openssl per test file, never checked in), serving the agent's Client ID
 *   Metadata Document (draft-ietf-oauth-client-id-metadata-document §3), whose URL is its client_id.
 * - {@link startCallbackServer}: the agent's loopback redirect URI (RFC 8252 §7.3), recording each
 *   authorization response.
 * - {@link startSitegateServe}: `node bin/sitegate.js serve` as a child process with the test CA in
 *   `NODE_EXTRA_CA_CERTS`, people sign-in at the test OpenID Provider and the agent settings
 *   (`auth.clientIdMetadataDocuments.allowPrivateAddresses: true`, `auth.dynamicClientRegistration`).
 *
 * The browser half (chromium signing in and consenting) is in test/oauth-agent-browser.ts; the MCP
 * SDK's client providers in test/oauth-agent-clients.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestContext } from 'vitest';
import type { Cli, CliProcesses } from './cli-process.js';
import { freePort } from './free-port.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, TEST_GRANTS, TEST_OIDC_SCOPES } from './oidc-provider.js';
import { SIGN_IN_SITE_FILES } from './signin-site.js';
import type { TestCertificates } from './test-ca.js';

/** Bound of sitegate's start (it loads the whole program and builds the site; the machine may be busy). */
const START_TIMEOUT_MS = 60_000;

/** A Client ID Metadata Document (draft-ietf-oauth-client-id-metadata-document §4.1; RFC 7591 §2 fields). */
export interface ClientMetadataDocument {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
  token_endpoint_auth_method: 'none';
  grant_types: string[];
  response_types: string[];
}

/** A running https server of metadata documents. */
export interface MetadataDocumentServer {
  /** `https://127.0.0.1:PORT`. */
  origin: string;
  /** Serves `document` as JSON at its `client_id`'s path (which must be on {@link origin}). */
  publish(document: ClientMetadataDocument): void;
  /** Paths requested so far (`GET /path`), in order: shows that sitegate fetched the document. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Starts an https server on 127.0.0.1 with the CA's server certificate; it answers each published
 * document with 200 `application/json` and `Cache-Control: max-age=300`, anything else 404.
 */
export async function startMetadataDocumentServer(ca: TestCertificates): Promise<MetadataDocumentServer> {
  const documents = new Map<string, string>();
  const requests: string[] = [];
  const server = https.createServer({ cert: ca.cert, key: ca.key }, (req, res) => {
    const pathname = new URL(req.url ?? '/', 'https://127.0.0.1').pathname;
    requests.push(`${req.method ?? ''} ${pathname}`);
    const body = documents.get(pathname);
    if (req.method !== 'GET' || body === undefined) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    publish(document) {
      const url = new URL(document.client_id);
      if (url.origin !== origin) throw new Error(`publish: ${document.client_id} is not on ${origin}`);
      documents.set(url.pathname, JSON.stringify(document));
    },
    close: () => closeServer(server),
  };
}

/** A running loopback redirect URI. */
export interface CallbackServer {
  /** `http://127.0.0.1:PORT/callback`. */
  redirectUri: string;
  /** The query of every request to it so far, in order. */
  received: URLSearchParams[];
  /** Resolves with the query of the next request to it. */
  next(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

/**
 * Starts the agent's redirect URI on 127.0.0.1: `GET /callback?…` records the query and answers a
 * small HTML page ("Authorization received"), as a native MCP client's loopback listener does.
 */
export async function startCallbackServer(): Promise<CallbackServer> {
  const received: URLSearchParams[] = [];
  let waiters: ((query: URLSearchParams) => void)[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') return void res.writeHead(404).end();
    received.push(url.searchParams);
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve(url.searchParams);
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><html lang="en"><title>Done</title><h1>Authorization received</h1></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    redirectUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    received,
    next: () => new Promise((resolve) => waiters.push(resolve)),
    close: () => closeServer(server),
  };
}

/** Options of {@link startSitegateServe}. */
export interface SitegateServeOptions {
  /** The test OpenID Provider's issuer (test/oidc-provider.ts). */
  issuer: string;
  /** The port to listen on, chosen first so the provider's redirect URI can name it. */
  port: number;
  /** The CA whose file goes into `NODE_EXTRA_CA_CERTS`. */
  ca: TestCertificates;
  /** `auth.dynamicClientRegistration`. */
  dynamicClientRegistration: boolean;
}

/** A running `sitegate serve` child process. */
export interface SitegateServe {
  /** `http://127.0.0.1:PORT`, its base URL. */
  baseUrl: string;
  cli: Cli;
  /** Its data folder (SQLite), for `sitegate sessions …` run beside it. */
  dataDir: string;
  /** Runs the built CLI, `sitegate ARGS --data-dir <its data folder>`, to the end. */
  run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** Stops it (the child process is also killed after each test by test/cli-process.ts). */
  close(): Promise<void>;
}

/**
 * Writes {@link SIGN_IN_SITE_FILES} and a sitegate.json (people sign-in at `issuer` with the test
 * client and grants; the agent settings of the options), then starts `sitegate serve` with
 * `NODE_EXTRA_CA_CERTS` set to the test CA and waits for its "listening on" line.
 * @throws {Error} when it exits or prints nothing within {@link START_TIMEOUT_MS}
 */
export async function startSitegateServe(
  processes: CliProcesses,
  context: TestContext,
  options: SitegateServeOptions,
): Promise<SitegateServe> {
  const dir = processes.tempDir(context, 'sitegate-oauth-e2e-');
  const contentDir = path.join(dir, 'content');
  for (const [file, text] of Object.entries(SIGN_IN_SITE_FILES)) {
    const target = path.join(contentDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  const configFile = path.join(dir, 'sitegate.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      auth: {
        oidc: { issuer: options.issuer, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, scopes: TEST_OIDC_SCOPES },
        grants: TEST_GRANTS,
        clientIdMetadataDocuments: { enabled: true, allowPrivateAddresses: true },
        dynamicClientRegistration: options.dynamicClientRegistration,
      },
    }),
  );
  const dataDir = path.join(dir, 'data');
  const cli = processes.start(
    context,
    ['serve', contentDir, '--port', String(options.port), '--config', configFile, '--data-dir', dataDir, '--log-level', 'warn'],
    dir,
    { NODE_EXTRA_CA_CERTS: options.ca.caFile },
  );
  const baseUrl = (await cli.waitForStdout(/listening on (http:\/\/[^\s"]+)/, START_TIMEOUT_MS))[1] ?? '';
  return {
    baseUrl,
    cli,
    dataDir,
    run: (...args) => processes.run(context, [...args, '--data-dir', dataDir], dir),
    close: async () => {
      if (!cli.running) return;
      cli.child.kill('SIGTERM');
      await cli.exited(START_TIMEOUT_MS);
    },
  };
}

/** A free port for sitegate, and its base URL on 127.0.0.1. */
export async function sitegateAddress(): Promise<{ port: number; baseUrl: string }> {
  const port = await freePort();
  return { port, baseUrl: `http://127.0.0.1:${port}` };
}

/** Closes a server and its open connections. */
function closeServer(server: http.Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error === undefined ? resolve() : reject(error)));
    server.closeAllConnections();
  });
}
