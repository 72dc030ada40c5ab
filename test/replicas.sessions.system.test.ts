/**
 * People's sessions across replicas (issue 29, done-when 2): two real `sitegate serve` processes
 * on one PostgreSQL database behind one public URL, a person signed in through a real OpenID
 * provider (oidc-provider, test/oidc-provider.ts) on one replica reads internal pages on the
 * other with the same cookie, and `sitegate sessions revoke` on the same database ends the session
 * on both within 2 s (the store's change feed; the session cache's 1 s bound without it).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.js';
import { EXAMPLE_SITE } from './helpers.js';
import { createTestDatabase, type TestDatabase } from './services.js';
import { Cli as SitegateProcess } from './cli-process.js';
import { signInWithFetch, startOidcProvider, TEST_CLIENT_ID, TEST_CLIENT_SECRET, TEST_GRANTS, TEST_OIDC_SCOPES } from './oidc-provider.js';
import type { RunningOidcProvider } from './oidc-provider.js';

const START_TIMEOUT_MS = 60_000;
const CLI_TIMEOUT_MS = 45_000;
/** How soon a revocation through the CLI must be honoured by every replica (DESIGN.md "Scale-out"). */
const PROPAGATION_MS = 2000;
/** An internal page of the bundled example site. */
const INTERNAL_PAGE = '/internal/runbook';

describe('sessions on two replicas sharing PostgreSQL', { timeout: 120_000 }, () => {
  let database: TestDatabase | undefined;
  let provider: RunningOidcProvider | undefined;
  let cwd: string | undefined;
  let env: NodeJS.ProcessEnv;
  const origins: string[] = [];
  const children: SitegateProcess[] = [];

  /** Runs the operator's CLI on the replicas' database. @throws unless it exits 0 */
  async function sitegate(...args: string[]): Promise<string> {
    const cli = new SitegateProcess(args, cwd as string, env);
    children.push(cli);
    const exit = await cli.exited(CLI_TIMEOUT_MS);
    expect(exit, cli.stderr).toStrictEqual({ code: 0, signal: null });
    return cli.stdout;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const ports = [await freePort(), await freePort()];
    // Both replicas answer for one public URL, as behind a load balancer: the first's origin.
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    provider = await startOidcProvider({ sitegateBaseUrl: publicUrl });
    const folder = mkdtempSync(path.join(tmpdir(), 'sitegate-replica-sessions-'));
    cwd = folder;
    const auth = {
      oidc: { issuer: provider.issuer, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, scopes: TEST_OIDC_SCOPES },
      grants: TEST_GRANTS,
    };
    writeFileSync(path.join(folder, 'sitegate.json'), JSON.stringify({ auth }));
    env = {
      DATABASE_URL: database.url,
      SITEGATE_BASE_URL: publicUrl,
      SITEGATE_LOG_LEVEL: 'warn',
      SITEGATE_SECRET: 'replica-sessions-test-secret-0123456789',
      SITEGATE_DATA_DIR: path.join(folder, 'unused-data'),
    };
    const started = ports.map((port) => {
      const child = new SitegateProcess(['serve', EXAMPLE_SITE, '--port', String(port)], folder, env);
      children.push(child);
      return { child, origin: `http://127.0.0.1:${port}` };
    });
    for (const { child } of started) await child.waitForStdout(/listening on /, START_TIMEOUT_MS);
    origins.push(...started.map((replica) => replica.origin));
  }, 2 * START_TIMEOUT_MS);

  afterAll(async () => {
    for (const child of children) {
      if (!child.running) continue;
      child.child.kill('SIGTERM');
      await child.exited(20_000).catch(() => {
        child.child.kill('SIGKILL');
        return child.exited(10_000);
      });
    }
    await provider?.close();
    await database?.drop();
    if (cwd !== undefined) rmSync(cwd, { recursive: true, force: true });
  }, 60_000);

  const internalPage = (origin: string, cookie: string): Promise<Response> =>
    fetch(`${origin}${INTERNAL_PAGE}`, { headers: { accept: 'text/html', cookie: `sitegate_session=${cookie}` }, redirect: 'manual' });

  it('a session made on one replica reads internal pages on the other, and a CLI revocation ends it on both within 2 s', async () => {
    const [a, b] = origins as [string, string];
    const signedIn = await signInWithFetch(a, 'alice', { returnTo: INTERNAL_PAGE });
    expect(signedIn.final.status).toBe(302);
    expect(signedIn.final.headers.get('location')).toBe(INTERNAL_PAGE);
    const cookie = signedIn.sessionCookie as string;
    expect(cookie).toMatch(/^[\w-]{43}$/);
    for (const origin of [a, b]) {
      const answer = await internalPage(origin, cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(await answer.text()).toContain('Alice Example');
    }

    const sessions = JSON.parse(await sitegate('sessions', 'list', '--json')) as { id: string; subject: string; scopes: string[] }[];
    expect(sessions.map(({ subject, scopes }) => ({ subject, scopes }))).toStrictEqual([
      { subject: 'alice', scopes: ['search:read', 'content:read', 'internal:read'] },
    ]);
    const id = (sessions[0] as { id: string }).id;
    const revoked = await sitegate('sessions', 'revoke', id);
    const since = performance.now();
    expect(revoked).toContain('1');
    for (const origin of [b, a]) {
      const seen: number[] = [];
      for (;;) {
        const answer = await internalPage(origin, cookie);
        await answer.arrayBuffer();
        seen.push(answer.status);
        const elapsedMs = performance.now() - since;
        expect(elapsedMs, `statuses while polling ${origin}: ${seen.join(',')}`).toBeLessThanOrEqual(PROPAGATION_MS);
        if (answer.status === 401) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    // The revoked cookie is no credential: the public pages stay readable, as to anyone.
    const publicPage = await fetch(`${b}/`, { headers: { cookie: `sitegate_session=${cookie}` } });
    expect(publicPage.status).toBe(200);
    expect(publicPage.headers.get('cache-control')).toBe('public, max-age=300');
  });
});
