/**
 * The sign-in cookies and where the session's secret may go (issue 29, done-when 3), on a real
 * `sitegate serve` signed in to through the test OpenID Provider (test/oidc-provider.ts), for an
 * http public URL and for an https one (`https://docs.example.test`, reached as plain HTTP on
 * loopback the way a TLS-terminating proxy would: signin-support.ts `routeOrigin`).
 *
 * Cookies, exactly (RFC 6265bis §4.1; `__Host-` prefix §4.1.3.2): the sign-in-in-progress cookie
 * that `/_sitegate/login` sets (10 minutes), the session cookie and the login cookie's removal that
 * the callback sets, the session cookie's removal that `POST /_sitegate/logout` sets.
 *
 * The session's secret (the cookie's value) and its SHA-256 never appear in the log (JSON lines at
 * trace level), in any analytics row, audit row or other row of the store but the session's own
 * hash, in the store's files, in `sitegate audit --json`, `sitegate stats --json`, or
 * `sitegate sessions list` (table or JSON).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'vitest';
import { describe, expect, it } from 'vitest';
import { cliProcesses, type Cli } from './cli-process.js';
import { freePort } from './free-port.js';
import { fetchWithJar, signInWithFetch, startOidcProvider, TEST_CLIENT_SECRET, type CookieJar } from './oidc-provider.js';
import {
  HANDBOOK_PATH,
  HANDBOOK_WORD,
  routeOrigin,
  sha256Hex,
  signInSettings,
  SIGNIN_SITE,
  sqliteFileText,
  sqliteRows,
} from './signin-support.js';

const { tempDir, start, run } = cliProcesses();
/** Two servers, a sign-in, a handful of CLI runs (about a second of CPU each) on a busy machine. */
const SLOW_TEST_MS = 240_000;
/** The cookie's secret: 32 random bytes, base64url without padding. */
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** One public URL under test and the cookie names and attributes it must get. */
interface Case {
  name: string;
  /** The public URL for a server listening on `port`. */
  publicUrl: (port: number) => string;
  session: string;
  login: string;
  /** `; Secure` on https, else nothing. */
  secure: string;
}

const CASES: Case[] = [
  { name: 'http', publicUrl: (port) => `http://127.0.0.1:${port}`, session: 'sitegate_session', login: 'sitegate_login', secure: '' },
  {
    name: 'https',
    publicUrl: () => 'https://docs.example.test',
    session: '__Host-sitegate_session',
    login: '__Host-sitegate_login',
    secure: '; Secure',
  },
];

/** A site folder and a working folder holding its sitegate.json; the test's cleanup removes both. */
function writeSite(context: TestContext, settings: object): { contentDir: string; cwd: string; dataDir: string } {
  const contentDir = tempDir(context, 'sitegate-signin-content-');
  for (const [file, text] of Object.entries(SIGNIN_SITE)) {
    const full = path.join(contentDir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  const cwd = tempDir(context, 'sitegate-signin-cwd-');
  writeFileSync(path.join(cwd, 'sitegate.json'), JSON.stringify(settings, null, 2));
  return { contentDir, cwd, dataDir: path.join(cwd, 'data') };
}

/** The `Set-Cookie` fields of a response, sorted. */
function setCookies(response: Response): string[] {
  return response.headers.getSetCookie().sort();
}

/** Starts `sitegate serve` with a JSON log at trace level and resolves once it listens. */
async function serve(
  context: TestContext,
  args: { contentDir: string; cwd: string; dataDir: string; port: number; publicUrl: string },
): Promise<Cli> {
  const server = start(
    context,
    [
      'serve',
      args.contentDir,
      '--port',
      String(args.port),
      '--host',
      '127.0.0.1',
      '--base-url',
      args.publicUrl,
      '--data-dir',
      args.dataDir,
      '--log-level',
      'trace',
      '--log-format',
      'json',
    ],
    args.cwd,
  );
  await server.waitForStdout(/listening on http:\/\/127\.0\.0\.1:\d+/, 45_000);
  return server;
}

describe.each(CASES)('sign-in over the $name public URL', ({ name, publicUrl: publicUrlOf, session, login, secure }) => {
  it(
    'sets and clears the login and session cookies exactly, and the session secret reaches no log, analytics, audit or sessions list',
    { timeout: SLOW_TEST_MS },
    async (context) => {
      const port = await freePort();
      const publicUrl = publicUrlOf(port);
      const op = await startOidcProvider({ sitegateBaseUrl: publicUrl });
      // Node's fetch makes its dispatcher on first use: the provider's discovery document is that use.
      expect((await fetch(`${op.issuer}/.well-known/openid-configuration`)).status).toBe(200);
      const restore = name === 'https' ? routeOrigin(publicUrl, `http://127.0.0.1:${port}`) : () => undefined;
      try {
        const site = writeSite(context, signInSettings(op.issuer, { analytics: true }));
        const server = await serve(context, { ...site, port, publicUrl });

        // /_sitegate/login: a 302 to the provider and the sign-in-in-progress cookie, 10 minutes.
        const started = await fetch(`${publicUrl}/_sitegate/login?return_to=${encodeURIComponent(HANDBOOK_PATH)}`, { redirect: 'manual' });
        expect(started.status).toBe(302);
        expect(started.headers.get('location')?.startsWith(`${op.issuer}/auth?`)).toBe(true);
        expect(started.headers.get('cache-control')).toBe('no-store');
        const [loginField] = setCookies(started);
        const loginValue = /^[^=]+=([^;]*);/.exec(loginField ?? '')?.[1] ?? '';
        expect(setCookies(started)).toStrictEqual([`${login}=${loginValue}; Max-Age=600; Path=/; HttpOnly${secure}; SameSite=Lax`]);
        expect(loginValue.length).toBeGreaterThan(0);

        // The callback: the session cookie (8 hours) and the login cookie removed, then back to the page.
        const signedIn = await signInWithFetch(publicUrl, 'alice', { returnTo: HANDBOOK_PATH });
        expect(signedIn.final.status).toBe(302);
        expect(signedIn.final.headers.get('location')).toBe(HANDBOOK_PATH);
        const secret = signedIn.sessionCookie ?? '';
        expect(secret).toMatch(COOKIE_VALUE);
        expect(setCookies(signedIn.final)).toStrictEqual(
          [
            `${session}=${secret}; Max-Age=28800; Path=/; HttpOnly${secure}; SameSite=Lax`,
            `${login}=; Max-Age=0; Path=/; HttpOnly${secure}; SameSite=Lax`,
          ].sort(),
        );
        const jar: CookieJar = signedIn.jar;

        // Requests with the session: the page, its markdown, search (page and JSON), all private.
        for (const target of [HANDBOOK_PATH, `${HANDBOOK_PATH}.md`, `/search?q=${HANDBOOK_WORD}`, `/api/search.json?q=${HANDBOOK_WORD}`]) {
          const response = await fetchWithJar(jar, publicUrl + target);
          expect([target, response.status, response.headers.get('cache-control')]).toStrictEqual([target, 200, 'private, no-store']);
          expect(await response.text()).toContain(HANDBOOK_WORD);
        }
        // A search that finds nothing, so analytics writes a zero-result row too.
        expect((await fetchWithJar(jar, `${publicUrl}/api/search.json?q=nothingmatchesthis`)).status).toBe(200);

        // Refusals while the cookie is sent: the callback replayed (its login cookie is gone) and a
        // sign-out from another site; each is audited or logged, never with the secret.
        const replayed = await fetchWithJar(jar, signedIn.callbackUrl ?? '?', { headers: { accept: 'text/html' } });
        expect(replayed.status).toBe(400);
        await replayed.arrayBuffer();
        const crossSite = await fetchWithJar(jar, `${publicUrl}/_sitegate/logout`, {
          method: 'POST',
          headers: { origin: 'https://evil.example', accept: 'text/html' },
        });
        expect(crossSite.status).toBe(403);
        await crossSite.arrayBuffer();
        expect(jar.get(new URL(publicUrl).hostname, session)).toBe(secret);

        // While the session lives, `sessions list` shows it, by its public id, never by its secret.
        const listed = await run(context, ['sessions', 'list', '--json', '--data-dir', site.dataDir], site.cwd);
        expect([listed.code, listed.stderr]).toStrictEqual([0, '']);
        const sessions = JSON.parse(listed.stdout) as { id: string; subject: string; scopes: string[] }[];
        expect(sessions.map(({ subject, scopes }) => ({ subject, scopes }))).toStrictEqual([
          { subject: 'alice', scopes: ['search:read', 'content:read', 'internal:read'] },
        ]);
        expect(sessions[0]?.id).toMatch(/^sgs_[A-Za-z0-9_-]{22}$/);
        const table = await run(context, ['sessions', 'list', '--data-dir', site.dataDir], site.cwd);
        expect([table.code, table.stderr]).toStrictEqual([0, '']);
        expect(table.stdout).toContain(sessions[0]?.id ?? '?');

        // Sign-out from the site's own origin: the session cookie removed, then to the provider's end_session_endpoint.
        const signedOut = await fetchWithJar(jar, `${publicUrl}/_sitegate/logout`, {
          method: 'POST',
          headers: { origin: new URL(publicUrl).origin },
        });
        expect(signedOut.status).toBe(303);
        expect(signedOut.headers.get('location')?.startsWith(`${op.issuer}/session/end?`)).toBe(true);
        expect(setCookies(signedOut)).toStrictEqual([`${session}=; Max-Age=0; Path=/; HttpOnly${secure}; SameSite=Lax`]);
        // The old secret is no credential any more.
        expect(
          (await fetch(publicUrl + HANDBOOK_PATH, { headers: { cookie: `${session}=${secret}`, accept: 'text/markdown' } })).status,
        ).toBe(401);

        // Shut down: analytics and the audit queue are written at exit.
        server.child.kill('SIGTERM');
        expect(await server.exited(20_000)).toStrictEqual({ code: 0, signal: null });

        const hash = sha256Hex(secret);
        const leaks = (text: string): string[] => [secret, hash].filter((needle) => text.includes(needle));

        // The log: JSON lines, every one of them, none holding the secret (or the client secret).
        const lines = server.stdout.split('\n').filter((line) => line !== '');
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
        expect(leaks(server.stdout + server.stderr)).toStrictEqual([]);
        expect(server.stdout.includes(TEST_CLIENT_SECRET)).toBe(false);

        // Every row of the store: analytics counted the signed-in requests (as one client_id, not per
        // session), audit has the sign-in and sign-out; only the session's own row holds the hash.
        const rows = sqliteRows(site.dataDir);
        const analytics = Object.entries(rows).filter(([table]) => table.startsWith('analytics'));
        expect(
          analytics.some(([, tableRows]) => tableRows.some((row) => row.includes('"browser-session"') && row.includes(HANDBOOK_PATH))),
        ).toBe(true);
        // The callback's redirect is counted as what it is (no page, no MCP exchange).
        expect(
          analytics.some(([, tableRows]) => tableRows.some((row) => row.includes('/_sitegate/callback') && row.includes('"mcp"'))),
        ).toBe(false);
        const audit = Object.entries(rows).find(([table]) => table.startsWith('audit'))?.[1] ?? [];
        expect(audit.filter((row) => row.includes(`session=${sessions[0]?.id ?? '?'}`)).length).toBe(2);
        const holding = Object.entries(rows).flatMap(([table, tableRows]) =>
          tableRows.flatMap((row, index) => leaks(row).map((needle) => `${table}[${index}] ${needle === secret ? 'secret' : 'hash'}`)),
        );
        const sessionsTable = Object.keys(rows).find((table) => /session/.test(table)) ?? '?';
        expect(holding).toStrictEqual([`${sessionsTable}[0] hash`]);
        // The raw files too (the write-ahead log, freed pages): never the secret itself.
        expect(sqliteFileText(site.dataDir).includes(secret)).toBe(false);

        // What an operator reads: the audit log, the stats, the session list (now empty).
        const auditOut = await run(context, ['audit', '--json', '--data-dir', site.dataDir], site.cwd);
        expect([auditOut.code, auditOut.stderr]).toStrictEqual([0, '']);
        const events = (JSON.parse(auditOut.stdout) as { type: string }[]).map((event) => event.type);
        expect(events.filter((type) => type.startsWith('sign')).sort()).toStrictEqual(['sign_in_refused', 'signed_in', 'signed_out']);
        const stats = await run(context, ['stats', '--json', '--data-dir', site.dataDir], site.cwd);
        expect([stats.code, stats.stderr]).toStrictEqual([0, '']);
        const after = await run(context, ['sessions', 'list', '--data-dir', site.dataDir], site.cwd);
        expect(after.code).toBe(0);
        expect(leaks([auditOut.stdout, stats.stdout, listed.stdout, table.stdout, after.stdout].join('\n'))).toStrictEqual([]);
      } finally {
        restore();
        await op.close();
      }
    },
  );
});
