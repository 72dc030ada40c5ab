/**
 * `sitegate backup FILE` and `sitegate restore FILE` end to end (issue 32), through the CLI — the
 * built one as a real process for the backup taken while a server process serves and for the
 * refusal of that server's folder, its `main` in the test's process for the rest:
 * a backup taken while a server serves and another connection writes is consistent; restored into
 * a fresh data folder, a new server verifies tokens signed before the backup, issues new ones for
 * the restored keys, and keeps the sessions; a running server's folder, a non-empty folder without
 * --force, and damaged, truncated or foreign files are refused with one line and exit 1, and
 * nothing is replaced.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { createKeyService } from '../src/auth/keys.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import { readArchive, writeArchive } from '../src/store/backup-archive.js';
import type { SessionRecord } from '../src/store/store.js';
import { requestToken } from './auth-fixtures.js';
import { cliProcesses, type Cli } from './cli-process.js';
import { freePort } from './free-port.js';
import { EXAMPLE_SITE } from './helpers.js';

const { tempDir, start, run, call } = cliProcesses();
const SLOW_TEST_MS = 240_000;
const SERVER_START_TIMEOUT_MS = 45_000;
const PUBLIC_URL = 'http://docs.backup.test';

interface Created {
  client_id: string;
  client_secret: string;
  api_key: string;
}

/** A live session, as the sign-in callback stores one. */
const SESSION: SessionRecord = {
  id: `sgs_${'S'.repeat(22)}`,
  secretHash: 'c'.repeat(64),
  subject: 'alice',
  name: 'Alice Example',
  email: 'alice@example.com',
  scopes: ['search:read', 'content:read'],
  createdAt: new Date('2030-01-01T00:00:00.000Z'),
  lastSeenAt: new Date('2030-01-01T00:10:00.000Z'),
  expiresAt: new Date('2099-01-01T00:00:00.000Z'),
  revokedAt: null,
};

async function serve(context: TestContext, dataDir: string, cwd: string): Promise<{ cli: Cli; baseUrl: string }> {
  const port = await freePort();
  // One public URL for both servers: tokens name it as their issuer and audience, whatever port serves them.
  const cli = start(
    context,
    ['serve', EXAMPLE_SITE, '--port', String(port), '--base-url', PUBLIC_URL, '--data-dir', dataDir, '--log-level', 'warn'],
    cwd,
  );
  await cli.waitForStdout(/listening on http:\/\/127\.0\.0\.1:\d+/, SERVER_START_TIMEOUT_MS);
  return { cli, baseUrl: `http://127.0.0.1:${port}` };
}

async function token(baseUrl: string, key: Created): Promise<string> {
  const response = await requestToken(baseUrl, key.client_id, key.client_secret);
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function whoami(baseUrl: string, accessToken: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}/api/v1/whoami`, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: await response.json() };
}

const BEARER_OK = { status: 200, body: { authenticated: true, scheme: 'bearer', scopes: ['search:read', 'content:read'] } };

/** The octal permission bits of a path, e.g. `0600`. */
const modeOf = (file: string): string => `0${(statSync(file).mode & 0o777).toString(8)}`;

describe('backup while serving, restore into a fresh folder', () => {
  it(
    'keeps keys, signing keys, tokens signed before and sessions; a copy of one moment while another connection writes',
    async (context) => {
      const root = tempDir(context, 'sitegate-backup-');
      const dataDir = path.join(root, 'data');
      const restoredDir = path.join(root, 'restored');
      const file = path.join(root, 'site backup.tar.gz');
      const sitegate = (args: string[]): ReturnType<typeof call> => call(context, args, root);
      const spawned = (args: string[]): ReturnType<typeof run> => run(context, args, root);
      // The writers below ask for tokens as fast as they can: no per-client limit in the way.
      writeFileSync(path.join(root, 'sitegate.json'), JSON.stringify({ rateLimits: { token: { points: 0 } } }));

      const created = await sitegate([
        'keys',
        'create',
        '--name',
        'svc',
        '--scopes',
        'search:read,content:read',
        '--json',
        '--data-dir',
        dataDir,
      ]);
      expect(created.code).toBe(0);
      const key = JSON.parse(created.stdout) as Created;
      const first = await serve(context, dataDir, root);
      const signedBefore = await token(first.baseUrl, key);

      // Another connection writes keys and a session while the server answers token requests.
      const writer = await openSqliteStore(dataDir);
      await writer.createSession(SESSION);
      const keys = createKeyService(writer);
      const written: string[] = [];
      let writing = true;
      const writes = (async (): Promise<void> => {
        for (let n = 0; writing; n++) {
          written.push((await keys.create({ name: `w${n}`, scopes: ['search:read'], expiresAt: null })).credential.clientId);
          await token(first.baseUrl, key);
        }
      })();
      try {
        await expect.poll(() => written.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
        const writtenBefore = written.length;
        const backup = await spawned(['backup', file, '--data-dir', dataDir]);
        const writtenAfter = written.length;
        expect(backup.code).toBe(0);
        expect(backup.stderr).toBe('');
        expect(backup.stdout).toMatch(
          new RegExp(
            `^wrote ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+ KiB\\): the database and the secret \\(from data folder\\)\\. It holds secrets: store it encrypted\\.\\n$`,
          ),
        );
        expect(modeOf(file)).toBe('0600');
        expect(readdirSync(root).sort()).toStrictEqual(['data', 'site backup.tar.gz', 'sitegate.json']);

        // Restoring over the folder the server has open is refused, --force or not (once as a process: exit 1).
        for (const force of [[], ['--force']])
          expect(await (force.length === 0 ? spawned : sitegate)(['restore', file, '--data-dir', dataDir, ...force])).toStrictEqual({
            code: 1,
            stdout: '',
            stderr: `sitegate: ${dataDir} is in use by a running sitegate (its database is open): stop it, then restore; nothing was changed\n`,
          });

        await expect.poll(() => written.length, { timeout: 30_000 }).toBeGreaterThan(writtenAfter + 1);
        writing = false;
        await writes;

        const restore = await sitegate(['restore', file, '--data-dir', restoredDir]);
        expect(restore).toStrictEqual({
          code: 0,
          stdout: expect.stringMatching(
            /^restored .+ \(made \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z by sitegate \d+\.\d+\.\d+\S*\) into .+\n$/,
          ) as unknown,
          stderr: '',
        });
        expect(restore.stdout).toContain(`restored ${file} (made `);
        expect(restore.stdout.endsWith(` into ${restoredDir}\n`)).toBe(true);
        expect([
          modeOf(restoredDir),
          ...readdirSync(restoredDir)
            .sort()
            .map((name) => `${name} ${modeOf(path.join(restoredDir, name))}`),
        ]).toStrictEqual(['0700', 'secret 0600', 'sitegate.db 0600']);
        expect(readFileSync(path.join(restoredDir, 'secret'), 'utf8')).toBe(readFileSync(path.join(dataDir, 'secret'), 'utf8'));

        // One moment's copy: every key made before the backup started, none made after it ended.
        const listed = await sitegate(['keys', 'list', '--json', '--data-dir', restoredDir]);
        const restoredIds = new Set((JSON.parse(listed.stdout) as { client_id: string }[]).map((each) => each.client_id));
        expect(written.slice(0, writtenBefore).every((id) => restoredIds.has(id))).toBe(true);
        expect(written.slice(writtenAfter).some((id) => restoredIds.has(id))).toBe(false);
        expect(restoredIds.has(key.client_id)).toBe(true);
      } finally {
        writing = false;
        await writes.catch(() => undefined);
        await writer.close();
      }

      first.cli.child.kill('SIGTERM');
      await first.cli.exited(20_000);
      const second = await serve(context, restoredDir, root);
      expect(await whoami(second.baseUrl, signedBefore)).toStrictEqual(BEARER_OK);
      expect(await whoami(second.baseUrl, await token(second.baseUrl, key))).toStrictEqual(BEARER_OK);
      const sessions = await sitegate(['sessions', 'list', '--json', '--data-dir', restoredDir]);
      expect((JSON.parse(sessions.stdout) as { id: string }[]).map((each) => each.id)).toStrictEqual([SESSION.id]);
    },
    SLOW_TEST_MS,
  );
});

describe('restore refuses, and changes nothing', () => {
  /** A data folder with one key, backed up (no server running). */
  async function backedUp(
    context: TestContext,
  ): Promise<{ root: string; dataDir: string; file: string; sitegate: (args: string[]) => ReturnType<typeof call> }> {
    const root = tempDir(context, 'sitegate-restore-');
    const dataDir = path.join(root, 'data');
    const file = path.join(root, 'backup.tar.gz');
    const sitegate = (args: string[]): ReturnType<typeof call> => call(context, args, root);
    expect((await sitegate(['keys', 'create', '--name', 'a', '--scopes', 'search:read', '--data-dir', dataDir])).code).toBe(0);
    expect((await sitegate(['backup', file, '--data-dir', dataDir])).code).toBe(0);
    return { root, dataDir, file, sitegate };
  }

  it(
    'a truncated, damaged or foreign file: one line naming the problem, exit 1, no folder made',
    async (context) => {
      const { root, file, sitegate } = await backedUp(context);
      const whole = readFileSync(file);
      const files = await readArchive(whole);
      const damaged = await writeArchive(
        files.map((entry) => (entry.name === 'sitegate.db' ? { ...entry, data: Buffer.from(entry.data).fill(7, 4096, 4100) } : entry)),
        0,
      );
      const cases: [string, Buffer, string][] = [
        ['truncated.tar.gz', whole.subarray(0, Math.floor(whole.length / 2)), 'not a complete gzip file (unexpected end of file)'],
        ['damaged.tar.gz', damaged, '"sitegate.db" does not match its SHA-256 in the manifest: the backup is damaged'],
        ['notes.txt', Buffer.from('not a backup\n'), 'not a complete gzip file (incorrect header check)'],
        [
          'other.tar.gz',
          await writeArchive([{ name: 'notes.txt', data: Buffer.from('hello\n'), mode: 0o644 }], 0),
          'no sitegate-backup.json at the start: not a sitegate backup',
        ],
      ];
      for (const [name, data, problem] of cases) {
        const bad = path.join(root, name);
        writeFileSync(bad, data);
        const target = path.join(root, `into-${name}`);
        expect(await sitegate(['restore', bad, '--data-dir', target])).toStrictEqual({
          code: 1,
          stdout: '',
          stderr: `sitegate: ${bad} is not a usable backup: ${problem}; nothing was changed\n`,
        });
        expect(existsSync(target)).toBe(false);
      }
    },
    SLOW_TEST_MS,
  );

  it(
    'a database that fails its checks, even with --force: the folder stays as it was',
    async (context) => {
      const { root, dataDir, file, sitegate } = await backedUp(context);
      const files = await readArchive(readFileSync(file));
      const garbage = Buffer.alloc(8192, 'x');
      const { createHash } = await import('node:crypto');
      const manifest = JSON.parse(files[0]?.data.toString('utf8') ?? '{}') as { files: Record<string, { bytes: number; sha256: string }> };
      manifest.files['sitegate.db'] = { bytes: garbage.length, sha256: createHash('sha256').update(garbage).digest('hex') };
      const bad = path.join(root, 'bad-db.tar.gz');
      writeFileSync(
        bad,
        await writeArchive(
          files.map((entry) =>
            entry.name === 'sitegate.db'
              ? { ...entry, data: garbage }
              : entry.name === 'sitegate-backup.json'
                ? { ...entry, data: Buffer.from(JSON.stringify(manifest)) }
                : entry,
          ),
          0,
        ),
      );
      const before = readFileSync(path.join(dataDir, 'sitegate.db'));
      expect(await sitegate(['restore', bad, '--data-dir', dataDir, '--force'])).toStrictEqual({
        code: 1,
        stdout: '',
        stderr: "sitegate: the backup's database fails SQLite's integrity check: file is not a database; nothing was changed\n",
      });
      expect(readFileSync(path.join(dataDir, 'sitegate.db')).equals(before)).toBe(true);
      expect(readdirSync(root).sort()).toStrictEqual(['backup.tar.gz', 'bad-db.tar.gz', 'data']);
    },
    SLOW_TEST_MS,
  );

  it(
    'a non-empty folder without --force; with it, the old folder is moved aside, not deleted',
    async (context) => {
      const { root, dataDir, file, sitegate } = await backedUp(context);
      const target = path.join(root, 'target');
      mkdirSync(target);
      writeFileSync(path.join(target, 'keep.txt'), 'mine\n');
      expect(await sitegate(['restore', file, '--data-dir', target])).toStrictEqual({
        code: 1,
        stdout: '',
        stderr: `sitegate: ${target} is not empty; give --force to replace it (it is kept, moved aside, not deleted); nothing was changed\n`,
      });
      expect(readdirSync(target)).toStrictEqual(['keep.txt']);

      const forced = await sitegate(['restore', file, '--data-dir', target, '--force']);
      expect(forced.code).toBe(0);
      const aside = readdirSync(root).find((name) => name.startsWith('target.before-restore-'));
      expect(aside).toMatch(/^target\.before-restore-\d{8}T\d{6}Z$/);
      expect(forced.stdout.endsWith(` into ${target}; the folder it replaced is at ${path.join(root, aside ?? '')}\n`)).toBe(true);
      expect(readFileSync(path.join(root, aside ?? '', 'keep.txt'), 'utf8')).toBe('mine\n');
      expect(readdirSync(target).sort()).toStrictEqual(['secret', 'sitegate.db']);
      expect(readFileSync(path.join(target, 'secret'), 'utf8')).toBe(readFileSync(path.join(dataDir, 'secret'), 'utf8'));
    },
    SLOW_TEST_MS,
  );
});
