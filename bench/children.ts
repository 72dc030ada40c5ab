/**
 * The server processes under test (sitegate and the baselines), started as children so that the
 * servers and the load generator each get their own core (pin.ts), and stopped on every way out of the
 * bench (normal end, error, SIGINT, SIGTERM).
 */
import { execFile, fork, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LIMITS } from '../src/config/limits.js';
import { signInCookiesOf } from '../src/signin/cookies.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import type { Scope } from '../src/auth/scopes.js';
import type { OidcProviderReady, OidcProviderRequest } from './oidc-provider-server.js';
import type { RawServerReady, RawServerRequest } from './raw-server.js';
import type { ReplayEntry } from './replay.js';
import { BENCH_PERSON_NAME, type BenchCredential, type BenchSession } from './scenarios.js';
import { BENCH_AGENT } from './spending.js';

/** A running server. */
export interface ServerProcess {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  baseUrl: string;
  pid: number;
  child: ChildProcess;
}

/** sitegate, with the key the bench created before starting it. */
export interface SitegateProcess extends ServerProcess {
  credential: BenchCredential;
  /** Its data folder (SQLite), where the spending rows mint codes and grants (spending.ts). */
  dataDir: string;
  /** The session created in its store before it started, when started with `signedIn`. */
  session?: BenchSession;
}

/** Time allowed for a server to start listening, ms (sitegate builds its snapshot first). */
const START_TIMEOUT_MS = 60_000;
/** Time allowed for `sitegate keys create`, ms. */
const KEY_CREATE_TIMEOUT_MS = 30_000;
/** Time allowed for a graceful stop before SIGKILL, ms. */
const STOP_GRACE_MS = 3_000;
/** sitegate's default `keepAliveTimeout`, ms; the raw server copies it so `Keep-Alive` matches. */
export const KEEP_ALIVE_TIMEOUT_MS = DEFAULT_LIMITS.keepAliveTimeoutMs;

/**
 * Rate limits for the benchmarked sitegate: as high as the config allows, so a load test measures
 * serving rather than 429s (the default search limit is 1,200 a minute per address), while every
 * request still pays for the counting.
 */
const BENCH_RATE_LIMIT = { points: 1_000_000_000, windowSec: 60 };
const BENCH_CONFIG = {
  rateLimits: { search: BENCH_RATE_LIMIT, token: BENCH_RATE_LIMIT, authFailures: BENCH_RATE_LIMIT, clientFailures: BENCH_RATE_LIMIT },
};

/** Scopes of the bench's person: what a member of `staff` gets from {@link SIGN_IN_CONFIG}'s grant. */
const PERSON_SCOPES: Scope[] = ['search:read', 'content:read', 'internal:read'];
/** Session lifetimes of the signed-in sitegate, s: a day, absolute and idle, longer than any bench run. */
const SESSION_TTL_SEC = 86_400;

/**
 * The `auth` block of a signed-in sitegate (README "Sign-in for people"): an identity provider on
 * a loopback address nothing listens on (port 9, discard), which sitegate never contacts since
 * discovery waits for the first sign-in and the bench's session is made in the store directly;
 * the grant for `staff`; lifetimes no bench run reaches.
 */
const SIGN_IN_CONFIG = {
  auth: {
    oidc: { issuer: 'http://127.0.0.1:9', clientId: 'sitegate-bench' },
    grants: [{ claim: 'groups', anyOf: ['staff'], scopes: PERSON_SCOPES }],
    sessionTtl: SESSION_TTL_SEC,
    sessionIdleTtl: SESSION_TTL_SEC,
  },
};

/**
 * The `auth.clients` of an agent sitegate (README "Agents sign in as their people"): the spending
 * rows' public client (spending.ts BENCH_AGENT), whose codes and grants the bench mints in its store.
 */
const AGENT_CONFIG = {
  clients: [{ clientId: BENCH_AGENT.clientId, name: BENCH_AGENT.name, redirectUris: [BENCH_AGENT.redirectUri] }],
};

const live = new Set<ChildProcess>();
/** Children started as leaders of their own process group (nginx: a master and its worker), killed as a group. */
const groups = new WeakSet<ChildProcess>();
/** Children being stopped on purpose, whose exit is expected. */
const stopping = new WeakSet<ChildProcess>();
const workDirs = new Set<string>();

/**
 * Makes sure a child is killed on every way out of the bench ({@link killAll}).
 * @param group the child leads a process group of its own (spawned `detached`): the whole group is
 *   killed, since a server's own children (nginx's worker) outlive a SIGKILL of their parent
 */
export function track(child: ChildProcess, group = false): ChildProcess {
  live.add(child);
  if (group) groups.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Kills every child still running and removes their working folders, synchronously (usable from an `exit` handler). */
export function killAll(): void {
  for (const child of live) {
    stopping.add(child);
    if (groups.has(child) && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    } else child.kill('SIGKILL');
  }
  live.clear();
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
  workDirs.clear();
}

/**
 * A fresh folder holding the bench's `sitegate.json` (with {@link SIGN_IN_CONFIG} when `signedIn`
 * or `agents`, and {@link AGENT_CONFIG} when `agents`), and the data folder (SQLite) below it.
 */
function makeWorkDir(signedIn: boolean, agents: boolean): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegate-bench-'));
  workDirs.add(dir);
  // Agents act for a person who signs in: auth.clients needs auth.oidc.
  const auth = { ...(signedIn || agents ? SIGN_IN_CONFIG.auth : {}), ...(agents ? AGENT_CONFIG : {}) };
  writeFileSync(path.join(dir, 'sitegate.json'), JSON.stringify(signedIn || agents ? { ...BENCH_CONFIG, auth } : BENCH_CONFIG));
  return dir;
}

/** Makes sure no child outlives the bench, whatever ends it. Call once at start. */
export function installCleanup(): void {
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\nbench: ${signal}, stopping servers\n`);
      killAll();
      process.exit(128 + os.constants.signals[signal]); // the shell's convention: 130 for SIGINT
    });
  }
}

function withTimeout<T>(what: string, promise: Promise<T>, child: ChildProcess): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: not listening after ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    const onExit = (code: number | null): void => reject(new Error(`${what} exited (code ${String(code)}) before listening`));
    child.once('exit', onExit);
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      child.off('exit', onExit);
    });
  });
}

const SITEGATE_BIN = fileURLToPath(new URL('../bin/sitegate.js', import.meta.url));

function isCredential(value: unknown): value is { client_id: string; client_secret: string; api_key: string } {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return typeof fields.client_id === 'string' && typeof fields.client_secret === 'string' && typeof fields.api_key === 'string';
}

/**
 * Creates the bench's key with the CLI, as an operator would: `sitegate keys create --json` in the
 * work folder (so it reads the same `sitegate.json`) and the same data folder as the server.
 * @throws when the command fails or does not print the credential
 */
function createKey(cwd: string, dataDir: string, scope: string): Promise<BenchCredential> {
  const args = [SITEGATE_BIN, 'keys', 'create', '--name', 'bench', '--scopes', scope, '--json', '--data-dir', dataDir];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd, timeout: KEY_CREATE_TIMEOUT_MS }, (error, stdout, stderr) => {
      if (error !== null) {
        reject(new Error(`sitegate keys create: ${error.message}\n${stderr}`, { cause: error }));
        return;
      }
      let printed: unknown;
      try {
        printed = JSON.parse(stdout);
      } catch {
        printed = undefined;
      }
      if (!isCredential(printed)) {
        reject(new Error(`sitegate keys create --json printed no credential:\n${stdout}${stderr}`));
        return;
      }
      resolve({ clientId: printed.client_id, clientSecret: printed.client_secret, apiKey: printed.api_key });
    });
  });
}

/**
 * Writes a person's session into the SQLite store of `dataDir`, as a sign-in would leave it
 * (signin/callback through auth/sessions.ts): a random cookie secret (32 bytes, base64url) of
 * which only the SHA-256 (hex) is stored, a public id `sgs_…`, the person's scopes and lifetimes.
 * Done before the server starts, so it reads the session from the store at its first request.
 * @returns the cookie's value; its name depends on the public URL, known once the server listens
 * @throws when the store cannot be opened or refuses the session
 */
async function createSession(dataDir: string): Promise<{ cookieValue: string; name: string; id: string; subject: string }> {
  const cookieValue = randomBytes(32).toString('base64url');
  const now = new Date();
  const id = `sgs_${randomBytes(16).toString('base64url').slice(0, 22)}`;
  const subject = 'bench-reader';
  const store = await openSqliteStore(dataDir);
  try {
    await store.createSession({
      id,
      secretHash: createHash('sha256').update(cookieValue).digest('hex'),
      subject,
      name: BENCH_PERSON_NAME,
      email: null,
      scopes: PERSON_SCOPES,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_SEC * 1000),
      revokedAt: null,
    });
  } finally {
    await store.close();
  }
  return { cookieValue, name: BENCH_PERSON_NAME, id, subject };
}

/** How {@link startSitegate} sets a sitegate up beyond its key. */
export interface SitegateOptions {
  /** Extra environment variables. */
  env?: NodeJS.ProcessEnv;
  /** Sign-in configured ({@link SIGN_IN_CONFIG}) and one session in the store ({@link createSession}). */
  signedIn?: boolean;
  /**
   * The agent client configured ({@link AGENT_CONFIG}) and one session in the store, which the
   * spending rows' codes and grants name (spending.ts).
   */
  agents?: boolean;
  /** A generator's build folder to serve to people (`--html DIR`, issue 33). */
  html?: string;
}

/**
 * Creates a key with `scope` ({@link createKey}) and, when `signedIn`, a session
 * ({@link createSession}), then starts `bin/sitegate.js serve DIR` (with `--html` when given) on a free port with request
 * logging off (`--log-level warn`), in a temporary folder whose `sitegate.json` lifts the rate
 * limits ({@link BENCH_CONFIG}) and, when `signedIn`, configures sign-in ({@link SIGN_IN_CONFIG}).
 * @throws when the key or the session cannot be created, or sitegate exits or has not printed its
 *   address within {@link START_TIMEOUT_MS}
 */
export async function startSitegate(contentDir: string, scope: string, options: SitegateOptions = {}): Promise<SitegateProcess> {
  const { env = {}, signedIn = false, agents = false, html } = options;
  const cwd = makeWorkDir(signedIn, agents);
  const dataDir = path.join(cwd, 'data');
  const credential = await createKey(cwd, dataDir, scope);
  const person = signedIn || agents ? await createSession(dataDir) : undefined;
  const args = [
    SITEGATE_BIN,
    'serve',
    contentDir,
    '--port',
    '0',
    '--log-level',
    'warn',
    '--data-dir',
    dataDir,
    ...(html === undefined ? [] : ['--html', html]),
  ];
  const child = track(spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  let output = '';
  const listening = new Promise<string>((resolve) => {
    child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
  });
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (output += text));
  let baseUrl: string;
  try {
    baseUrl = await withTimeout('sitegate', listening, child);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  // From here on, what sitegate writes (warnings, errors, a crash) is worth seeing beside the results.
  for (const stream of [child.stdout, child.stderr]) {
    stream?.removeAllListeners('data').on('data', (text: string) => process.stderr.write(text));
  }
  child.once('exit', (code, signal) => {
    if (!stopping.has(child))
      process.stderr.write(`bench: sitegate exited unexpectedly (code ${String(code)}, signal ${String(signal)})\n`);
  });
  const session: BenchSession | undefined =
    person === undefined ? undefined : { ...person, cookieName: signInCookiesOf(baseUrl).sessionName };
  return { baseUrl, pid: child.pid!, child, credential, dataDir, ...(session === undefined ? {} : { session }) };
}

/**
 * Forks a baseline script of this folder (through tsx), sends it its settings over IPC and waits
 * for the port it listens on.
 * @throws when it exits or does not answer within {@link START_TIMEOUT_MS}
 */
async function startBaseline(what: string, script: string, request: RawServerRequest | OidcProviderRequest): Promise<ServerProcess> {
  const file = fileURLToPath(new URL(script, import.meta.url));
  const child = track(fork(file, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: 'inherit' }));
  type Ready = RawServerReady | OidcProviderReady;
  const ready = new Promise<Ready>((resolve) => child.once('message', (message: Ready) => resolve(message)));
  child.send(request);
  const { port } = await withTimeout(what, ready, child);
  child.once('exit', (code, signal) => {
    if (!stopping.has(child)) process.stderr.write(`bench: ${what} exited unexpectedly (code ${String(code)}, signal ${String(signal)})\n`);
  });
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid!, child };
}

/**
 * Starts the raw `node:http` baseline (raw-server.ts) and hands it the replay table.
 * @throws when it exits or does not answer within {@link START_TIMEOUT_MS}
 */
export function startRawServer(entries: ReplayEntry[]): Promise<ServerProcess> {
  const request: RawServerRequest = { entries, keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS };
  return startBaseline('raw server', './raw-server.ts', request);
}

/**
 * Starts oidc-provider (oidc-provider-server.ts) with one client, the bench's key, whose token
 * endpoint listens on `tokenPath`.
 * @throws when it exits or does not answer within {@link START_TIMEOUT_MS}
 */
export function startOidcProvider(credential: BenchCredential, scope: string, tokenPath: string): Promise<ServerProcess> {
  const request: OidcProviderRequest = {
    clientId: credential.clientId,
    clientSecret: credential.clientSecret,
    scope,
    tokenPath,
    keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
  };
  return startBaseline('oidc-provider', './oidc-provider-server.ts', request);
}

/**
 * Stops a server: SIGTERM, then SIGKILL after {@link STOP_GRACE_MS}. Resolves when it has exited
 * (nginx's master exits after its worker: SIGTERM is its fast shutdown).
 */
export function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  stopping.add(child);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
