/**
 * The operator's key commands end to end on a temporary data dir: the CLI's `main` in the test's
 * process for each command's logic, the built CLI (`node bin/sitegate.js`, so `npm test` builds
 * first) as a real process for each exit code (0, 1, 2, --help), a kill and a revocation while a
 * server runs, and a real `serve` process where keys must work over HTTP.
 * Every child process is killed after its test; every wait is bounded.
 */
import { mkdirSync } from 'node:fs';
import { freePort } from './free-port.js';
import path from 'node:path';
import { beforeEach, describe, expect, it, type TestContext } from 'vitest';
import { parseApiKey } from '../src/auth/api-keys.js';
import { createKeyService } from '../src/auth/keys.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import { loadConfig } from '../src/config/config.js';
import { openStore } from '../src/context.js';
import { EXAMPLE_SITE } from './helpers.js';
import { CLI_TIMEOUT_MS, cliProcesses, type Cli, type CliResult } from './cli-process.js';
import { requestToken } from './auth-fixtures.js';

const { tempDir, start, run, call } = cliProcesses();
const SERVER_START_TIMEOUT_MS = 45_000;
const SLOW_TEST_MS = 180_000;

interface Created {
  client_id: string;
  client_secret: string;
  api_key: string;
  scopes: string[];
  expires_at: string | null;
}

interface Listed {
  client_id: string;
  name: string;
  scopes: string[];
  status: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  previous_secret_expires_at: string | null;
}

/** The per-test working state: a data dir, a working dir and the CLI over them (in the test's process; `spawned` as a process). */
function setup(context: TestContext): {
  dataDir: string;
  cwd: string;
  sitegate: (...args: string[]) => Promise<CliResult>;
  spawned: (...args: string[]) => Promise<CliResult>;
  create: (name: string, ...extra: string[]) => Promise<Created>;
  list: () => Promise<Listed[]>;
} {
  const cwd = tempDir(context, 'sitegate-cwd-');
  const dataDir = path.join(tempDir(context, 'sitegate-cli-'), 'data');
  const sitegate = (...args: string[]): Promise<CliResult> => call(context, [...args, '--data-dir', dataDir], cwd);
  const spawned = (...args: string[]): Promise<CliResult> => run(context, [...args, '--data-dir', dataDir], cwd);
  return {
    dataDir,
    cwd,
    sitegate,
    spawned,
    create: async (name, ...extra) => {
      const result = await sitegate('keys', 'create', '--name', name, '--scopes', 'search:read,content:read', ...extra, '--json');
      expect(result).toMatchObject({ code: 0, stderr: '' });
      return JSON.parse(result.stdout) as Created;
    },
    list: async () => {
      const result = await sitegate('keys', 'list', '--json');
      expect(result).toMatchObject({ code: 0, stderr: '' });
      return JSON.parse(result.stdout) as Listed[];
    },
  };
}

/** Seconds-precision ISO instant, as the human table prints it. */
const shortIso = (iso: string | null): string => (iso === null ? '-' : iso.replace(/\.\d{3}Z$/, 'Z'));

describe.concurrent('sitegate keys and audit', { timeout: SLOW_TEST_MS }, () => {
  it('keys create --json prints one JSON object: client_id, client_secret, api_key, scopes, expires_at', async (context) => {
    const { spawned } = setup(context);
    const before = Date.now();
    const result = await spawned('keys', 'create', '--name', 'N', '--scopes', 'search:read,content:read', '--expires', '90d', '--json');
    const after = Date.now();
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.endsWith('\n')).toBe(true);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    const created = JSON.parse(result.stdout) as Created;
    expect(Object.keys(created).sort()).toStrictEqual(['api_key', 'client_id', 'client_secret', 'expires_at', 'scopes']);
    expect(created.client_id).toMatch(/^sgc_[0-9A-Za-z]{16}$/);
    expect(created.client_secret).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(parseApiKey(created.api_key)).toStrictEqual({ clientId: created.client_id, clientSecret: created.client_secret });
    expect(created.scopes).toStrictEqual(['search:read', 'content:read']);
    const ninetyDaysMs = 90 * 24 * 3600 * 1000;
    const expiresMs = Date.parse(created.expires_at ?? '');
    expect(expiresMs).toBeGreaterThanOrEqual(before + ninetyDaysMs);
    expect(expiresMs).toBeLessThanOrEqual(after + ninetyDaysMs);
  });

  it('keys create prints client_id, client_secret and X-API-Key for a person, once', async (context) => {
    const { sitegate, list } = setup(context);
    const result = await sitegate('keys', 'create', '--name', 'reader', '--scopes', 'content:read');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const clientId = /^ {2}client_id: +(\S+)$/m.exec(result.stdout)?.[1];
    const clientSecret = /^ {2}client_secret: +(\S+)$/m.exec(result.stdout)?.[1];
    const apiKey = /^ {2}X-API-Key: +(\S+)$/m.exec(result.stdout)?.[1];
    expect(clientId).toMatch(/^sgc_[0-9A-Za-z]{16}$/);
    expect(parseApiKey(apiKey ?? '')).toStrictEqual({ clientId, clientSecret });
    expect(result.stdout).toContain(`Created key ${clientId ?? ''} "reader" (scopes: content:read; expires: -)`);
    expect(result.stdout).toContain('The secret is shown only now');
    expect((await list()).map((key) => key.client_id)).toStrictEqual([clientId]);
  });

  it('keys list prints a table (id, name, scopes, created, last used, expires, status), newest first, and --json', async (context) => {
    const { sitegate, create, list, dataDir } = setup(context);
    mkdirSync(dataDir, { mode: 0o700 });
    const empty = await sitegate('keys', 'list');
    expect(empty).toMatchObject({ code: 0, stderr: '' });
    expect(empty.stdout).toBe(
      'ID  NAME  SCOPES  CREATED  LAST USED  EXPIRES  STATUS\n(no keys yet: sitegate keys create --name NAME --scopes search:read)\n',
    );

    const first = await create('first crawler', '--expires', '30d');
    const second = await create('second');
    const listed = await list();
    expect(listed.map((key) => key.client_id)).toStrictEqual([second.client_id, first.client_id]);
    for (const key of listed) expect(Object.keys(key).sort()).toStrictEqual(Object.keys(listed[0] ?? {}).sort());
    expect(listed[1]).toStrictEqual({
      client_id: first.client_id,
      name: 'first crawler',
      scopes: ['search:read', 'content:read'],
      status: 'active',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
      last_used_at: null,
      expires_at: first.expires_at,
      revoked_at: null,
      previous_secret_expires_at: null,
    });
    const json = JSON.stringify(listed);
    for (const secret of [first.client_secret, first.api_key, second.client_secret, second.api_key]) expect(json).not.toContain(secret);

    const table = await sitegate('keys', 'list');
    expect(table).toMatchObject({ code: 0, stderr: '' });
    const rows = table.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split(/ {2,}/));
    expect(rows).toStrictEqual([
      ['ID', 'NAME', 'SCOPES', 'CREATED', 'LAST USED', 'EXPIRES', 'STATUS'],
      [second.client_id, 'second', 'search:read,content:read', shortIso(listed[0]?.created_at ?? ''), '-', '-', 'active'],
      [
        first.client_id,
        'first crawler',
        'search:read,content:read',
        shortIso(listed[1]?.created_at ?? ''),
        '-',
        shortIso(first.expires_at),
        'active',
      ],
    ]);
  });

  it('keys show ID prints one key, and --json the same fields as list', async (context) => {
    const { sitegate, create } = setup(context);
    const key = await create('shown', '--expires', '1h');
    const json = await sitegate('keys', 'show', key.client_id, '--json');
    expect(json).toMatchObject({ code: 0, stderr: '' });
    const shownJson = JSON.parse(json.stdout) as Listed;
    expect(shownJson).toStrictEqual({
      client_id: key.client_id,
      name: 'shown',
      scopes: ['search:read', 'content:read'],
      status: 'active',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
      last_used_at: null,
      expires_at: key.expires_at,
      revoked_at: null,
      previous_secret_expires_at: null,
    });
    const shown = await sitegate('keys', 'show', key.client_id);
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    expect(shown.stdout).toBe(
      [
        `client_id:                  ${key.client_id}`,
        'name:                       shown',
        'scopes:                     search:read content:read',
        'status:                     active',
        `created_at:                 ${shownJson.created_at}`,
        'last_used_at:               -',
        `expires_at:                 ${key.expires_at ?? ''}`,
        'revoked_at:                 -',
        'previous_secret_expires_at: -',
        '',
      ].join('\n'),
    );
  });

  it('keys revoke ID: status revoked; revoking or rotating it again fails with exit 1 (not a usage error)', async (context) => {
    const { sitegate, spawned, create, list } = setup(context);
    const key = await create('doomed');
    const revoked = await sitegate('keys', 'revoke', key.client_id);
    expect(revoked).toMatchObject({ code: 0, stderr: '' });
    expect(revoked.stdout).toBe(`Revoked key ${key.client_id} "doomed". Its API key and access tokens are refused from now on.\n`);
    expect(await list()).toStrictEqual([
      expect.objectContaining({ client_id: key.client_id, status: 'revoked', revoked_at: expect.stringMatching(/Z$/) as unknown }),
    ]);
    expect(await spawned('keys', 'revoke', key.client_id)).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: `sitegate: key ${key.client_id} is already revoked\n`,
    });
    expect(await sitegate('keys', 'rotate', key.client_id)).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: `sitegate: key ${key.client_id} is revoked; create a new one\n`,
    });
  });

  it('keys rotate ID --grace 1h --json: a new secret; the old one works until the grace period ends', async (context) => {
    const { sitegate, create, dataDir } = setup(context);
    const key = await create('rotating');
    const before = Date.now();
    const result = await sitegate('keys', 'rotate', key.client_id, '--grace', '1h', '--json');
    const after = Date.now();
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    const rotated = JSON.parse(result.stdout) as Created & { previous_secret_expires_at: string };
    expect(Object.keys(rotated).sort()).toStrictEqual(['api_key', 'client_id', 'client_secret', 'previous_secret_expires_at', 'scopes']);
    expect(rotated.client_id).toBe(key.client_id);
    expect(rotated.client_secret).not.toBe(key.client_secret);
    expect(parseApiKey(rotated.api_key)).toStrictEqual({ clientId: key.client_id, clientSecret: rotated.client_secret });
    expect(rotated.scopes).toStrictEqual(['search:read', 'content:read']);
    const graceEndMs = Date.parse(rotated.previous_secret_expires_at);
    expect(graceEndMs).toBeGreaterThanOrEqual(before + 3600_000);
    expect(graceEndMs).toBeLessThanOrEqual(after + 3600_000);

    // During the grace, list and show say until when the old secret works.
    const graceEnd = rotated.previous_secret_expires_at;
    const table = await sitegate('keys', 'list');
    expect(table.stdout.split('\n')[1]).toMatch(new RegExp(`  active, old secret until ${graceEnd.replace(/\.\d{3}Z$/, 'Z')}$`));
    const listed = await sitegate('keys', 'list', '--json');
    expect(JSON.parse(listed.stdout)).toMatchObject([{ client_id: key.client_id, status: 'active', previous_secret_expires_at: graceEnd }]);

    const store = await openSqliteStore(dataDir);
    try {
      const keys = createKeyService(store);
      expect((await keys.verify(key.client_id, rotated.client_secret)).ok).toBe(true);
      expect((await keys.verify(key.client_id, key.client_secret)).ok).toBe(true);
      const graceEnded = createKeyService(store, { now: () => new Date(graceEndMs + 1) });
      expect(await graceEnded.verify(key.client_id, key.client_secret)).toStrictEqual({ ok: false, reason: 'wrong_secret' });
      expect((await graceEnded.verify(key.client_id, rotated.client_secret)).ok).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('audit --since 1h --json lists key_created, key_rotated and key_revoked, and no secret', async (context) => {
    const { sitegate, create } = setup(context);
    const key = await create('audited');
    const rotatedRun = await sitegate('keys', 'rotate', key.client_id, '--grace', '1h', '--json');
    expect(rotatedRun.code).toBe(0);
    const rotated = JSON.parse(rotatedRun.stdout) as Created;
    expect((await sitegate('keys', 'revoke', key.client_id)).code).toBe(0);

    const result = await sitegate('audit', '--since', '1h', '--json');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const events = JSON.parse(result.stdout) as {
      at: string;
      type: string;
      client_id: string | null;
      address: string | null;
      detail: string | null;
    }[];
    expect(events).toStrictEqual([
      {
        at: expect.any(String) as unknown,
        type: 'key_created',
        client_id: key.client_id,
        address: null,
        detail: 'name=audited scopes=search:read,content:read',
      },
      { at: expect.any(String) as unknown, type: 'key_rotated', client_id: key.client_id, address: null, detail: 'grace=3600s' },
      { at: expect.any(String) as unknown, type: 'key_revoked', client_id: key.client_id, address: null, detail: null },
    ]);
    const ats = events.map((event) => Date.parse(event.at));
    expect([...ats].sort((a, b) => a - b)).toStrictEqual(ats);
    for (const secret of [key.client_secret, key.api_key, rotated.client_secret, rotated.api_key])
      expect(result.stdout).not.toContain(secret);

    const human = await sitegate('audit', '--since', '1h');
    expect(human).toMatchObject({ code: 0, stderr: '' });
    expect(
      human.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split(/ {2,}/).slice(1, 3)),
    ).toStrictEqual([
      ['EVENT', 'CLIENT_ID'],
      ['key_created', key.client_id],
      ['key_rotated', key.client_id],
      ['key_revoked', key.client_id],
    ]);
  });

  it.for<[string, string[], string, 'process' | 'in-process']>([
    [
      'an unknown scope',
      ['keys', 'create', '--name', 'N', '--scopes', 'search:read,search:write'],
      'sitegate: --scopes: unknown scope "search:write" (known: search:read, content:read, internal:read)',
      'in-process',
    ],
    [
      'a bad duration',
      ['keys', 'create', '--name', 'N', '--scopes', 'search:read', '--expires', 'soon'],
      'sitegate: --expires: "soon" is not a duration (examples: 90d, 24h, 30m)',
      'in-process',
    ],
    ['no --name', ['keys', 'create', '--scopes', 'search:read'], "sitegate: required option '--name <name>' not specified", 'process'],
    ['an unknown subcommand', ['keys', 'delete', 'sgc_0000000000000000'], "sitegate: unknown command 'delete'", 'in-process'],
  ])('%s: exit 2, exactly one line on stderr, no stack trace', async ([, args, line, via], context) => {
    const { sitegate, spawned } = setup(context);
    const result = await (via === 'process' ? spawned : sitegate)(...args);
    expect(result).toStrictEqual({ code: 2, stdout: '', stderr: `${line}\n` });
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it.for<[string, string[]]>([
    ['show', ['keys', 'show', 'sgc_0000000000000000']],
    ['revoke', ['keys', 'revoke', 'sgc_0000000000000000']],
    ['rotate', ['keys', 'rotate', 'sgc_0000000000000000', '--grace', '1h']],
  ])('an unknown id to %s: exit 1, one line naming it', async ([, args], context) => {
    const { sitegate, create } = setup(context);
    await create('someone');
    expect(await sitegate(...args)).toStrictEqual({ code: 1, stdout: '', stderr: 'sitegate: no key with id sgc_0000000000000000\n' });
  });

  it('keys rotate-signing --token-ttl 600 --json: a new active key; the previous one ends after its last token', async (context) => {
    const { dataDir, sitegate } = setup(context);
    const rotate = async (): Promise<{ kid: string; previous_keys_until: string }> => {
      const result = await sitegate('keys', 'rotate-signing', '--token-ttl', '600', '--json');
      expect(result).toMatchObject({ code: 0, stderr: '' });
      return JSON.parse(result.stdout) as { kid: string; previous_keys_until: string };
    };
    const first = await rotate();
    const before = Date.now();
    const second = await rotate();
    const until = Date.parse(second.previous_keys_until);
    // now + token lifetime (600 s) + the 60 s in which a process may not yet have re-read its keys
    expect(until).toBeGreaterThanOrEqual(before + 660_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 660_000);
    // The CLI used the data folder's generated secret: the store the server opens reads the keys.
    const store = await openStore(loadConfig({ dataDir }, {}));
    try {
      const keys = await store.listSigningKeys();
      expect(keys.map((key) => [key.kid, key.expiresAt?.toISOString() ?? null])).toStrictEqual([
        [first.kid, second.previous_keys_until],
        [second.kid, null],
      ]);
    } finally {
      await store.close();
    }
  });

  it('keys --help lists the subcommands and exits 0', async (context) => {
    const { cwd } = setup(context);
    const result = await run(context, ['keys', '--help'], cwd);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: sitegate keys \[options\] \[command\]\n/);
    for (const command of [
      'create [options]',
      'list [options]',
      'show [options] <id>',
      'revoke [options] <id>',
      'rotate [options] <id>',
      'rotate-signing [options]',
    ])
      expect(result.stdout).toContain(`  ${command}`);
  });
});

describe('keys and a running server', { timeout: SLOW_TEST_MS }, () => {
  /** Starts `sitegate serve` on the example site and resolves once it listens. */
  async function serve(context: TestContext, dataDir: string, cwd: string, port: number): Promise<{ cli: Cli; baseUrl: string }> {
    const cli = start(context, ['serve', EXAMPLE_SITE, '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'], cwd);
    const match = await cli.waitForStdout(/listening on (http:\/\/[^\s"]+)/, SERVER_START_TIMEOUT_MS);
    const baseUrl = match[1] ?? '';
    expect(baseUrl).toBe(`http://127.0.0.1:${port}`);
    return { cli, baseUrl };
  }

  /** Stops a server with SIGTERM and expects a clean exit. */
  async function stop(server: Cli): Promise<void> {
    server.child.kill('SIGTERM');
    expect(await server.exited(20_000)).toStrictEqual({ code: 0, signal: null });
    expect(server.stdout).toContain('"msg":"SIGTERM received, closing (requests in flight have 10 s to finish)"}\n');
    expect(server.stdout).toMatch(/"msg":"closed"}\n$/);
  }

  async function whoami(baseUrl: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${baseUrl}/api/v1/whoami`, { headers, signal: AbortSignal.timeout(10_000) });
    return { status: response.status, body: await response.json() };
  }

  async function token(baseUrl: string, key: Created): Promise<string> {
    const response = await requestToken(baseUrl, key.client_id, key.client_secret);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string; token_type: string };
    expect(body.token_type).toBe('Bearer');
    return body.access_token;
  }

  const authenticated = (scheme: 'apiKey' | 'bearer'): { status: number; body: unknown } => ({
    status: 200,
    body: { authenticated: true, scheme, scopes: ['search:read', 'content:read'] },
  });

  let port: number;
  beforeEach(async () => {
    port = await freePort();
  });

  it(
    'a process killed with SIGKILL right after `keys create` printed its secret still has the key',
    async (context) => {
      const { dataDir, cwd, list } = setup(context);
      const creating = start(
        context,
        ['keys', 'create', '--name', 'crash', '--scopes', 'search:read,content:read', '--json', '--data-dir', dataDir],
        cwd,
      );
      const [line] = await creating.waitForStdout(/^\{.*\}\n/, CLI_TIMEOUT_MS);
      creating.child.kill('SIGKILL');
      const exit = await creating.exited(10_000);
      // The process usually dies mid-way (before closing the database); if it won the race and
      // exited on its own, it must have exited cleanly.
      expect(exit.signal === 'SIGKILL' || exit.code === 0).toBe(true);
      const created = JSON.parse(line) as Created;

      expect((await list()).map((key) => [key.client_id, key.status])).toStrictEqual([[created.client_id, 'active']]);
      const { baseUrl } = await serve(context, dataDir, cwd, port);
      expect(await whoami(baseUrl, { 'x-api-key': created.api_key })).toStrictEqual(authenticated('apiKey'));
    },
    SLOW_TEST_MS,
  );

  it(
    'keys survive a restart, and so do tokens issued before it (the signing key is kept)',
    async (context) => {
      const { dataDir, cwd, create } = setup(context);
      const first = await serve(context, dataDir, cwd, port);
      const key = await create('survivor');
      expect(await whoami(first.baseUrl, { 'x-api-key': key.api_key })).toStrictEqual(authenticated('apiKey'));
      const accessToken = await token(first.baseUrl, key);
      expect(await whoami(first.baseUrl, { authorization: `Bearer ${accessToken}` })).toStrictEqual(authenticated('bearer'));
      const jwks: unknown = await (await fetch(`${first.baseUrl}/.well-known/jwks.json`, { signal: AbortSignal.timeout(10_000) })).json();
      await stop(first.cli);

      const second = await serve(context, dataDir, cwd, port);
      expect(await whoami(second.baseUrl, { 'x-api-key': key.api_key })).toStrictEqual(authenticated('apiKey'));
      expect(await whoami(second.baseUrl, { authorization: `Bearer ${accessToken}` })).toStrictEqual(authenticated('bearer'));
      expect(await (await fetch(`${second.baseUrl}/.well-known/jwks.json`, { signal: AbortSignal.timeout(10_000) })).json()).toStrictEqual(
        jwks,
      );
      await stop(second.cli);
    },
    SLOW_TEST_MS,
  );

  it(
    "a revoked key's existing tokens are refused within 2 s",
    async (context) => {
      const { dataDir, cwd } = setup(context);
      const { baseUrl } = await serve(context, dataDir, cwd, port);
      const created = await call(
        context,
        ['keys', 'create', '--name', 'soon-revoked', '--scopes', 'search:read,content:read', '--json', '--data-dir', dataDir],
        cwd,
      );
      const key = JSON.parse(created.stdout) as Created;
      const accessToken = await token(baseUrl, key);
      const bearer = { authorization: `Bearer ${accessToken}` };
      // Warm every cache on the server (verified token, key record) so the test sees the worst case.
      expect(await whoami(baseUrl, bearer)).toStrictEqual(authenticated('bearer'));
      expect(await whoami(baseUrl, bearer)).toStrictEqual(authenticated('bearer'));

      const revoking = start(context, ['keys', 'revoke', key.client_id, '--data-dir', dataDir], cwd);
      // The line is printed once the revocation is committed: the clock starts there.
      await revoking.waitForStdout(/^Revoked key /m, CLI_TIMEOUT_MS);
      const revokedAt = performance.now();
      const statuses: number[] = [];
      let refused: { status: number; body: unknown } | undefined;
      while (performance.now() - revokedAt <= 2000) {
        const answer = await whoami(baseUrl, bearer);
        statuses.push(answer.status);
        if (answer.status === 401) {
          refused = answer;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const elapsedMs = Math.round(performance.now() - revokedAt);
      expect(refused, `statuses while polling: ${statuses.join(',')}`).toBeDefined();
      expect(elapsedMs).toBeLessThanOrEqual(2000);
      expect(refused?.body).toMatchObject({ error: true, code: 'invalid_token', status: 401 });
      expect(await whoami(baseUrl, { 'x-api-key': key.api_key })).toMatchObject({ status: 401, body: { code: 'invalid_api_key' } });
      expect(await revoking.exited(CLI_TIMEOUT_MS)).toStrictEqual({ code: 0, signal: null });
    },
    SLOW_TEST_MS,
  );
});
