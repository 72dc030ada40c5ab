/**
 * The package as an operator gets it: `npm pack` of the built repository, `npm install` of the
 * tarball into an empty folder (from the local npm cache where it can; better-sqlite3 builds from
 * source), then the installed `sitegate` command: --version, init, check, serve, keys create and a
 * token that opens the starter site's private page. A packaging test that builds a native addon:
 * it runs with the deployment kit (`npm run test:deploy`), beside the registry test.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_DIR } from './helpers.js';
import { siteId } from '../src/config/data-dir.js';
import { cleanEnv } from './cli-process.js';
import { requestToken } from './auth-fixtures.js';

const exec = promisify(execFile);
/** npm builds better-sqlite3 from source: minutes on a busy two-core machine. */
const INSTALL_TIMEOUT_MS = 600_000;
const STEP_TIMEOUT_MS = 60_000;

let root: string;
let bin: string;
let server: ChildProcess | undefined;

/** Runs the installed `sitegate` in `cwd`. */
async function sitegate(cwd: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return exec(bin, args, { cwd, env: cleanEnv(), timeout: STEP_TIMEOUT_MS });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'sitegate-install-'));
  const packDir = path.join(root, 'pack');
  const project = path.join(root, 'project');
  mkdirSync(packDir);
  mkdirSync(project);
  await exec('npm', ['pack', '--ignore-scripts', '--pack-destination', packDir], { cwd: REPO_DIR, timeout: STEP_TIMEOUT_MS });
  const [tarball] = readdirSync(packDir).filter((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`npm pack wrote no tarball into ${packDir}`);
  writeFileSync(path.join(project, 'package.json'), '{ "private": true }\n');
  await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(packDir, tarball)], {
    cwd: project,
    timeout: INSTALL_TIMEOUT_MS,
  });
  bin = path.join(project, 'node_modules/.bin/sitegate');
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  if (server !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(root, { recursive: true, force: true });
});

describe('the packed package, installed into an empty folder', { timeout: STEP_TIMEOUT_MS * 3 }, () => {
  it('holds only what runs and what a user reads: bin, dist, the schema, the examples, the deploy kit, package.json, the README, CHANGELOG and LICENSE', () => {
    const installed = path.join(root, 'project/node_modules/sitegate');
    expect(readdirSync(installed).sort()).toStrictEqual([
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'bin',
      'deploy',
      'dist',
      'examples',
      'package.json',
      'sitegate.schema.json',
    ]);
    expect(existsSync(path.join(installed, 'dist/.tsbuildinfo'))).toBe(false);
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.version).toBe((JSON.parse(readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as { version: string }).version);
    // Only runtime dependencies were installed: no test or build tool came along.
    for (const devOnly of ['vitest', 'typescript', 'eslint', 'playwright-core', 'light-my-request', 'minisearch', 'shiki'])
      expect(existsSync(path.join(root, 'project/node_modules', devOnly))).toBe(false);
  });

  it('runs --version, init, check, serve, keys create, and a token opens the private page', async () => {
    const project = path.join(root, 'project');
    const { version } = JSON.parse(readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as { version: string };
    expect(await sitegate(project, '--version')).toStrictEqual({ stdout: `${version}\n`, stderr: '' });

    await sitegate(project, 'init', 'site');
    const site = path.join(project, 'site');
    const settings = JSON.parse(readFileSync(path.join(site, 'sitegate.json'), 'utf8')) as { $schema: string };
    expect(settings.$schema).toBe('../node_modules/sitegate/sitegate.schema.json');
    expect(existsSync(path.resolve(site, settings.$schema))).toBe(true);

    expect(await sitegate(site, 'check')).toStrictEqual({ stdout: '3 pages, 0 errors, 0 warnings\n', stderr: '' });

    server = spawn(bin, ['serve', '--port', '0'], { cwd: site, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    server.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${output}`)), STEP_TIMEOUT_MS);
      const look = (): void => {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1] === undefined) return;
        clearTimeout(timer);
        resolve(match[1]);
      };
      server?.stdout?.on('data', look);
      server?.once('exit', () => reject(new Error(`serve exited: ${output}`)));
    });
    const home = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(10_000) });
    expect([home.status, (await home.text()).includes('<title>My Docs')]).toStrictEqual([200, true]);
    const closed = await fetch(`${baseUrl}/internal/runbook`, { signal: AbortSignal.timeout(10_000) });
    expect(closed.status).toBe(401);

    const created = await sitegate(site, 'keys', 'create', '--name', 'on-call', '--scopes', 'internal:read', '--json');
    // The default data folder: XDG_DATA_HOME (a temporary folder: test/isolated-data-home.ts) / sitegate / the site's name and hash.
    expect(created.stderr).toBe(
      `sitegate: data folder ${path.join(process.env.XDG_DATA_HOME ?? '', 'sitegate', siteId(site))} (for ${path.join(site, 'sitegate.json')})\n`,
    );
    const key = JSON.parse(created.stdout) as { client_id: string; client_secret: string };
    const token = await requestToken(baseUrl, key.client_id, key.client_secret);
    expect(token.status).toBe(200);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const opened = await fetch(`${baseUrl}/internal/runbook.md`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(10_000),
    });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('# Runbook');
  });
});
