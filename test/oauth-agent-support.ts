/**
 * The harness of the agent authorization end-to-end tests (issue 30, done-when 1): what an MCP
 * client's side of the flow needs, each piece real.
 *
 * - {@link createTestCa}: a throw-away certificate authority and a server certificate for
 *   `127.0.0.1` and `localhost`, made with the system's `openssl` in a temporary folder (test-only
 *   keys, never checked in).
 * - {@link startMetadataDocumentServer}: an https server on loopback serving the agent's Client ID
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
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestContext } from 'vitest';
import type { Cli, CliProcesses } from './cli-process.js';
import { freePort } from './free-port.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, TEST_GRANTS, TEST_OIDC_SCOPES } from './oidc-provider.js';
import { SIGN_IN_SITE_FILES, startSignInSite } from './signin-site.js';
import { createClientRegistry } from '../src/oauth/clients/registry.js';
import { DEFAULT_AGENT_AUTH, type AgentAuthSettings } from '../src/oauth/settings.js';

/** Where openssl lives on the test machines. */
const OPENSSL = '/usr/bin/openssl';
/** Bound of sitegate's start (it loads the whole program and builds the site; the machine may be busy). */
const START_TIMEOUT_MS = 60_000;

/** A test CA and a server certificate it signed (PEM text), plus the CA's file for `NODE_EXTRA_CA_CERTS`. */
export interface TestCa {
  /** Path of the CA certificate (PEM). */
  caFile: string;
  caPem: string;
  /** The server certificate (PEM) for IP 127.0.0.1 and DNS localhost, valid one day. */
  certPem: string;
  /** Its private key (PEM, unencrypted). */
  keyPem: string;
}

/**
 * Makes a CA (P-256, `CA:TRUE`, one day) and a server certificate signed by it whose
 * subjectAltName is `IP:127.0.0.1, DNS:localhost` (RFC 6125: clients match the SAN), in `dir`.
 * @throws {Error} when openssl fails (its stderr in the message)
 */
export function createTestCa(dir: string): TestCa {
  const file = (name: string): string => path.join(dir, name);
  const openssl = (...args: string[]): void => {
    execFileSync(OPENSSL, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=sitegate e2e test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl('req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1');
  writeFileSync(
    file('server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.pem'),
    '-days',
    '1',
    '-extfile',
    file('server.ext'),
  );
  return {
    caFile: file('ca.pem'),
    caPem: readFileSync(file('ca.pem'), 'utf8'),
    certPem: readFileSync(file('server.pem'), 'utf8'),
    keyPem: readFileSync(file('server.key'), 'utf8'),
  };
}

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
export async function startMetadataDocumentServer(ca: TestCa): Promise<MetadataDocumentServer> {
  const documents = new Map<string, string>();
  const requests: string[] = [];
  const server = https.createServer({ cert: ca.certPem, key: ca.keyPem }, (req, res) => {
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
  ca: TestCa;
  /** `auth.dynamicClientRegistration`. */
  dynamicClientRegistration: boolean;
}

/** A running sitegate: `sitegate serve` as a child process, or in-process ({@link startSitegateInProcess}). */
export interface SitegateServe {
  /** `http://127.0.0.1:PORT`, its base URL. */
  baseUrl: string;
  /** The child process, when it is one. */
  cli?: Cli;
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

/**
 * The same sitegate in the test's process (test/signin-site.ts `startSignInSite` with the agent
 * settings), for when the settings file cannot say them: Node reads `NODE_EXTRA_CA_CERTS` only at
 * start, so the metadata documents' client registry is rebuilt with the test CA through its test
 * seam (`createClientRegistry`'s `fetch.ca`). The CLI still runs as a child process on its data folder.
 */
export async function startSitegateInProcess(
  processes: CliProcesses,
  context: TestContext,
  options: SitegateServeOptions,
): Promise<SitegateServe> {
  const settings: AgentAuthSettings = {
    ...DEFAULT_AGENT_AUTH,
    clientIdMetadataDocuments: { enabled: true, allowPrivateAddresses: true },
    dynamicClientRegistration: options.dynamicClientRegistration,
  };
  const site = await startSignInSite({ port: options.port, issuer: options.issuer, agents: settings });
  const agents = site.context.agents;
  if (agents === undefined) throw new Error('startSitegateInProcess: the context has no agents');
  agents.clients = createClientRegistry({ settings, store: site.context.store, fetch: { ca: options.ca.caPem } });
  const cwd = processes.tempDir(context, 'sitegate-oauth-e2e-cwd-');
  return {
    baseUrl: site.baseUrl,
    dataDir: site.config.dataDir,
    run: (...args) => processes.run(context, [...args, '--data-dir', site.config.dataDir], cwd),
    close: () => site.close(),
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
