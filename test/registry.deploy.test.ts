/**
 * The package as users get it (issue 32): `npm pack` shows what `files` ships, the package is
 * published to a local Verdaccio registry on loopback, and README.md's commands run from a clean
 * folder against it, `npx sitegate …` included.
 *
 * Which README commands run, and how (test/readme-commands.ts):
 * - Every fenced block whose info string is `sh`, `bash` or `console` runs, in README order, unless
 *   the last non-blank line before its fence is `<!-- not run: REASON -->` (a placeholder to edit, a
 *   command for a clone of the repository…). Each line is one command; `# …` after a space is a
 *   comment; in `console` blocks only `$ ` lines are commands; a trailing `\` continues the line.
 * - All blocks run in one clean temporary folder, one command after another, as one shell session
 *   would: a `cd` carries over to the next command. Each command must exit 0 within
 *   {@link COMMAND_TIMEOUT_MS} (the first `npx` installs sitegate and builds better-sqlite3); the
 *   first failure ends the run, as later commands build on earlier ones.
 * - A command that starts a server (`sitegate serve …`, `npx sitegate serve …`, `npm start`) runs in
 *   the background until it logs `listening on URL` and `URL/api/v1/health` answers 200 with the
 *   published version (at most {@link SERVER_TIMEOUT_MS}), serves while the rest of its block runs,
 *   then is stopped with SIGTERM.
 * - `<client_id>` stands for the client_id the last `keys create` printed; any other `<…>`
 *   placeholder fails the test (mark its block not run).
 * - The commands see: npm's registry set to the local one (`npm_config_registry`), a fresh npm cache
 *   and global prefix (its `bin/` first on PATH, for `npm install -g`), `npm_config_yes=true` (npx
 *   installs without asking), `PORT` set to a free port (a developer's server on 3000 cannot collide),
 *   and `XDG_DATA_HOME`/`XDG_CONFIG_HOME` in the temporary folder; the user's npm config (a CA file,
 *   `nodedir` for native builds where nodejs.org is out of reach) still applies.
 *
 * Verdaccio stores in a temporary folder, listens on 127.0.0.1 and proxies everything but sitegate
 * to https://registry.npmjs.org/, so dependencies resolve; sitegate is published to it alone, with a
 * temporary userconfig holding the local registry's token.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv } from './cli-process.js';
import { freePort } from './free-port.js';
import { REPO_DIR } from './helpers.js';
import { PACKAGE_JSON } from './package-json.js';
import { readmeCommandBlocks, startsServer, type CommandBlock } from './readme-commands.js';

const run = promisify(execFile);
/** One command: `npx` may install sitegate and its dependencies (a native build included) first. */
const COMMAND_TIMEOUT_MS = 25 * 60_000;
/** From a server command to its first healthy answer, an install by npx included. */
const SERVER_TIMEOUT_MS = 5 * 60_000;
const VERDACCIO = path.join(REPO_DIR, 'node_modules/.bin/verdaccio');

const work = mkdtempSync(path.join(tmpdir(), 'sitegate-registry-'));
let registry = '';
let verdaccio: ChildProcess | undefined;

beforeAll(async () => {
  const port = await freePort();
  registry = `http://127.0.0.1:${port}/`;
  verdaccio = startVerdaccio(work, port);
  await waitFor(async () => (await fetch(`${registry}-/ping`)).ok, 60_000, 'Verdaccio to answer /-/ping');
});

afterAll(async () => {
  if (verdaccio !== undefined) await stop(verdaccio);
  rmSync(work, { recursive: true, force: true });
});

/** Verdaccio with its storage, user file and config in `dir`, on 127.0.0.1:`port`. */
function startVerdaccio(dir: string, port: number): ChildProcess {
  const config = path.join(dir, 'verdaccio.yaml');
  writeFileSync(
    config,
    [
      `storage: ${path.join(dir, 'storage')}`,
      'auth:',
      `  htpasswd: { file: ${path.join(dir, 'htpasswd')}, max_users: 1 }`,
      'uplinks:',
      '  npmjs: { url: https://registry.npmjs.org/, timeout: 120s, maxage: 30m }',
      'packages:',
      // sitegate is never looked up upstream: what the test installs is what it published.
      "  'sitegate': { access: $all, publish: $authenticated }",
      "  '**': { access: $all, publish: $authenticated, proxy: npmjs }",
      'log: { type: stdout, format: json, level: error }',
      '',
    ].join('\n'),
  );
  const child = spawn(VERDACCIO, ['--config', config, '--listen', `127.0.0.1:${port}`], { stdio: 'ignore', detached: true });
  return child;
}

describe('the published package', () => {
  it('ships bin, dist, examples and the schema, and nothing of src/ or test/', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO_DIR, maxBuffer: 64 << 20 });
    const [packed] = JSON.parse(stdout) as { name: string; version: string; files: { path: string }[] }[];
    const files = (packed?.files ?? []).map((file) => file.path);
    expect([packed?.name, packed?.version]).toStrictEqual(['sitegate', PACKAGE_JSON.version]);
    for (const needed of [
      'bin/sitegate.js',
      'dist/cli/main.js',
      'dist/version.js',
      'sitegate.schema.json',
      'package.json',
      'README.md',
      'CHANGELOG.md',
    ]) {
      expect(files, needed).toContain(needed);
    }
    expect(files.filter((file) => /^(src|test|bench)\/|\.test\.js$|\.tsbuildinfo$/.test(file))).toStrictEqual([]);
  });

  it(
    'publishes to the local registry, and every README command works against it from a clean folder',
    { timeout: 90 * 60_000 },
    async () => {
      await publish();
      const published = (await (await fetch(`${registry}sitegate`)).json()) as { 'dist-tags': { latest: string } };
      expect(published['dist-tags'].latest).toBe(PACKAGE_JSON.version);

      const { run: blocks, skipped } = readmeCommandBlocks(readFileSync(path.join(REPO_DIR, 'README.md'), 'utf8'));
      const session = await newSession();
      const failures: string[] = [];
      const ran: string[] = [];
      // Later commands build on earlier ones (a folder made, a key created), so the first failure ends the run.
      for (const block of blocks) {
        failures.push(...(await runBlock(block, session, ran)));
        if (failures.length > 0) break;
      }
      // What ran and what the README marked not to, for the report of the run.
      console.log(
        `README commands run:\n${ran.join('\n')}\nblocks not run:\n${skipped.map((s) => `  line ${s.line} (${s.heading}): ${s.reason}`).join('\n')}`,
      );
      expect(failures).toStrictEqual([]);
      expect(ran.filter((command) => /^npx sitegate\b/.test(command)).length).toBeGreaterThan(0);
      expect(session.serversStarted).toBeGreaterThan(0);
    },
  );
});

/** Packs the built package and publishes the tarball to the local registry only. */
async function publish(): Promise<void> {
  const user = await fetch(`${registry}-/user/org.couchdb.user:release-test`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release-test', password: 'release-test-password' }),
  });
  expect(user.status).toBe(201);
  const { token } = (await user.json()) as { token: string };
  const userconfig = path.join(work, 'publish.npmrc');
  const host = registry.replace(/^http:/, '');
  writeFileSync(userconfig, `registry=${registry}\n${host}:_authToken=${token}\n`, { mode: 0o600 });
  const packDir = path.join(work, 'pack');
  mkdirSync(packDir);
  // The build is `npm run test:deploy`'s first step; --ignore-scripts keeps `prepare` from building again.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', packDir], { cwd: REPO_DIR, maxBuffer: 64 << 20 });
  const tarball = path.join(packDir, stdout.trim().split('\n').pop() ?? '');
  await run('npm', ['publish', tarball, '--registry', registry, '--userconfig', userconfig, '--ignore-scripts'], { cwd: packDir });
}

/** The clean folder the README commands run in, and what they share. */
interface Session {
  cwd: string;
  env: NodeJS.ProcessEnv;
  clientId: string | undefined;
  serversStarted: number;
}

async function newSession(): Promise<Session> {
  const home = path.join(work, 'user');
  const cwd = path.join(home, 'project');
  const prefix = path.join(home, 'npm-global');
  for (const dir of [cwd, prefix, path.join(home, 'data'), path.join(home, 'config')]) mkdirSync(dir, { recursive: true });
  const base = cleanEnv();
  return {
    cwd,
    clientId: undefined,
    serversStarted: 0,
    env: {
      ...base,
      PATH: `${path.join(prefix, 'bin')}${path.delimiter}${base.PATH ?? ''}`,
      PORT: String(await freePort()),
      npm_config_registry: registry,
      npm_config_cache: path.join(home, 'npm-cache'),
      npm_config_prefix: prefix,
      npm_config_yes: 'true',
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
    },
  };
}

/** Runs a block's commands; a failure names the block's line and the command. */
async function runBlock(block: CommandBlock, session: Session, ran: string[]): Promise<string[]> {
  const servers: ChildProcess[] = [];
  const failures: string[] = [];
  try {
    for (const written of block.commands) {
      const where = `README.md:${block.line} (${block.heading}): ${written}`;
      const command = written.replaceAll('<client_id>', session.clientId ?? '<client_id>');
      const placeholder = /<[\w-]+>/.exec(command);
      if (placeholder !== null) {
        failures.push(`${where}: placeholder ${placeholder[0]} (mark the block <!-- not run: placeholder -->)`);
        break;
      }
      ran.push(command);
      const failure = startsServer(command) ? await startServer(command, session, servers) : await runCommand(command, session);
      if (failure !== undefined) {
        failures.push(`${where}: ${failure}`);
        break;
      }
    }
  } finally {
    for (const server of servers) await stop(server);
  }
  return failures;
}

/**
 * Runs one command to its end in the session's folder, in a process group of its own (killed whole
 * after {@link COMMAND_TIMEOUT_MS}, so an `npx` child cannot outlive it); the folder it ends in
 * becomes the session's.
 */
async function runCommand(command: string, session: Session): Promise<string | undefined> {
  const cwdFile = path.join(work, 'cwd');
  const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', `${command}\npwd > ${JSON.stringify(cwdFile)}`], {
    cwd: session.cwd,
    env: session.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => signalGroup(child.pid ?? 0, 'SIGKILL'), COMMAND_TIMEOUT_MS);
  const code = await new Promise<number | string>((resolve) => child.once('close', (exit, signal) => resolve(exit ?? signal ?? '?')));
  clearTimeout(timer);
  if (code !== 0) return `exit ${String(code)}; stderr: ${tail(stderr)}; stdout: ${tail(stdout)}`;
  session.cwd = readFileSync(cwdFile, 'utf8').trim();
  const clientId = /client_id:\s+(\S+)/.exec(stdout);
  if (/\bkeys create\b/.test(command) && clientId !== null) session.clientId = clientId[1];
  return undefined;
}

/** Starts a server command in the background and waits until it serves the published version. */
async function startServer(command: string, session: Session, servers: ChildProcess[]): Promise<string | undefined> {
  // Its own process group, so that stopping it reaches the node process npx or npm started.
  const child = spawn('bash', ['-c', command], {
    cwd: session.cwd,
    env: session.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  try {
    await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error('the server exited');
        return Promise.resolve(/listening on http:\/\/[^\s"]+/.test(output));
      },
      SERVER_TIMEOUT_MS,
      'listening on',
    );
    const url = /listening on (http:\/\/[^\s"]+)/.exec(output)?.[1] ?? '';
    const health = await fetch(`${url}/api/v1/health`);
    const body = (await health.json()) as { version?: string };
    if (health.status !== 200 || body.version !== PACKAGE_JSON.version) return `health ${health.status} ${JSON.stringify(body)}`;
    session.serversStarted++;
    return undefined;
  } catch (error) {
    return `${(error as Error).message}; exit ${String(child.exitCode)}; output: ${tail(output)}`;
  }
}

/**
 * Resolves once `check` is true (polled every 250 ms); a rejected check counts as not yet.
 * @throws after `timeoutMs`, naming `what`, or what a check throws synchronously (it gave up)
 */
async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM to a detached child's process group, then SIGKILL after 15 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child.pid, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child.pid ?? 0, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Signals a process group; one that has already gone is no error. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function tail(text: string | undefined): string {
  return (text ?? '').trim().split('\n').slice(-15).join('\n');
}
