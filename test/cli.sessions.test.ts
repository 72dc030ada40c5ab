/**
 * `sitegate sessions list` and `sitegate sessions revoke` end to end (issue 29): the CLI's `main`
 * in the test's process, and the built CLI (`node bin/sitegate.js`, so `npm test` builds first) as
 * a real process once per exit code, for --help,
 * on a temporary data folder whose sessions
 * the test makes directly through the store, as the sign-in callback would. Exact stdout, stderr
 * and exit codes; the audit log; the secret's hash never printed. On PostgreSQL:
 * test/cli.postgres.system.test.ts.
 */
import path from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { openSqliteStore } from '../src/store/sqlite.js';
import type { AgentGrantRecord, AuditEvent, SessionRecord } from '../src/store/store.js';
import { ALICE_1, ALICE_3, ALL, BOB, EXPIRED, REVOKED } from './session-records.js';
import { cliProcesses, type CliResult } from './cli-process.js';
import { seedAgentGrant } from './agent-grant-seed.js';

const { tempDir, run, call } = cliProcesses();
const SLOW_TEST_MS = 180_000;

/** A live agent grant of alice (issue 30), made at 2030-01-01T00:00:0n.123Z in `session`. */
function agentGrant(n: number, session: SessionRecord, overrides: Partial<AgentGrantRecord> = {}): AgentGrantRecord {
  return {
    id: `sga_${String(n).padStart(22, 'G')}`,
    subject: session.subject,
    name: session.name,
    clientId: 'https://agent.example/client.json',
    clientName: 'Agent Example',
    scopes: ['search:read', 'internal:read'],
    resource: 'http://127.0.0.1:3000/mcp',
    sessionId: session.id,
    createdAt: new Date(`2030-01-01T00:00:0${String(n)}.123Z`),
    lastUsedAt: new Date(`2030-01-01T00:20:0${String(n)}.456Z`),
    expiresAt: new Date(`2099-01-01T08:00:0${String(n)}.789Z`),
    revokedAt: null,
    ...overrides,
  };
}

const GRANT_1 = agentGrant(1, ALICE_1);
const GRANT_2 = agentGrant(2, ALICE_3, { clientId: 'configured-agent', clientName: 'Configured Agent', scopes: ['search:read'] });

interface AuditJson {
  at: string;
  type: string;
  client_id: string | null;
  address: string | null;
  detail: string | null;
}

/** A data folder holding {@link ALL} (through the store, as sign-in makes them), and the CLI over it. */
async function setup(context: TestContext): Promise<{
  dataDir: string;
  /** The CLI in the test's process. */
  sitegate: (...args: string[]) => Promise<CliResult>;
  /** The CLI as a process. */
  spawned: (...args: string[]) => Promise<CliResult>;
  audit: () => Promise<AuditJson[]>;
}> {
  const cwd = tempDir(context, 'sitegate-cwd-');
  const dataDir = path.join(tempDir(context, 'sitegate-sessions-'), 'data');
  const store = await openSqliteStore(dataDir);
  try {
    for (const record of ALL) {
      const signedIn: AuditEvent = {
        at: new Date(),
        type: 'signed_in',
        clientId: null,
        address: '192.0.2.7',
        detail: `session=${record.id} sub=${record.subject} scopes=${record.scopes.join(' ')}`,
      };
      await store.createSession(record, record === ALICE_1 ? signedIn : undefined);
    }
  } finally {
    await store.close();
  }
  const sitegate = (...args: string[]): Promise<CliResult> => call(context, [...args, '--data-dir', dataDir], cwd);
  return {
    dataDir,
    sitegate,
    spawned: (...args) => run(context, [...args, '--data-dir', dataDir], cwd),
    audit: async () => {
      const result = await sitegate('audit', '--since', '1h', '--json');
      expect(result).toMatchObject({ code: 0, stderr: '' });
      return JSON.parse(result.stdout) as AuditJson[];
    },
  };
}

/** The live sessions' ids, as `sessions list --json` prints them. */
async function liveIds(sitegate: Awaited<ReturnType<typeof setup>>['sitegate']): Promise<string[]> {
  const result = await sitegate('sessions', 'list', '--json');
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return (JSON.parse(result.stdout) as { id: string }[]).map((each) => each.id);
}

/** Any ISO-8601 instant with milliseconds, as `audit --json` prints them. */
const AN_INSTANT: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

const revokedEvent = (detail: string): Omit<AuditJson, 'at'> & { at: unknown } => ({
  at: AN_INSTANT,
  type: 'session_revoked',
  client_id: null,
  address: null,
  detail,
});

describe.concurrent('sitegate sessions', { timeout: SLOW_TEST_MS }, () => {
  it('sessions list prints the live sessions newest first as a table, and --json; never a secret hash', async (context) => {
    const { sitegate, spawned } = await setup(context);
    const table = await spawned('sessions', 'list');
    expect(table).toStrictEqual({
      code: 0,
      stderr: '',
      stdout: [
        'ID                          SUBJECT  NAME           SCOPES                                  CREATED               LAST SEEN             EXPIRES',
        'sgs_AAAAAAAAAAAAAAAAAAAAA3  alice    Alice Example  search:read,content:read,internal:read  2030-01-01T00:00:03Z  2030-01-01T00:10:03Z  2099-01-01T08:00:03Z',
        'sgs_AAAAAAAAAAAAAAAAAAAAA2  bob      Bob Example    search:read,content:read                2030-01-01T00:00:02Z  2030-01-01T00:10:02Z  2099-01-01T08:00:02Z',
        'sgs_AAAAAAAAAAAAAAAAAAAAA1  alice    Alice Example  search:read,content:read,internal:read  2030-01-01T00:00:01Z  2030-01-01T00:10:01Z  2099-01-01T08:00:01Z',
        '',
      ].join('\n'),
    });
    const json = await sitegate('sessions', 'list', '--json');
    expect(json).toMatchObject({ code: 0, stderr: '' });
    expect(json.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(json.stdout)).toStrictEqual([
      {
        kind: 'session',
        id: ALICE_3.id,
        subject: 'alice',
        name: 'Alice Example',
        email: 'alice@example.com',
        scopes: ['search:read', 'content:read', 'internal:read'],
        created_at: '2030-01-01T00:00:03.123Z',
        last_seen_at: '2030-01-01T00:10:03.456Z',
        expires_at: '2099-01-01T08:00:03.789Z',
      },
      {
        kind: 'session',
        id: BOB.id,
        subject: 'bob',
        name: 'Bob Example',
        email: null,
        scopes: ['search:read', 'content:read'],
        created_at: '2030-01-01T00:00:02.123Z',
        last_seen_at: '2030-01-01T00:10:02.456Z',
        expires_at: '2099-01-01T08:00:02.789Z',
      },
      {
        kind: 'session',
        id: ALICE_1.id,
        subject: 'alice',
        name: 'Alice Example',
        email: 'alice@example.com',
        scopes: ['search:read', 'content:read', 'internal:read'],
        created_at: '2030-01-01T00:00:01.123Z',
        last_seen_at: '2030-01-01T00:10:01.456Z',
        expires_at: '2099-01-01T08:00:01.789Z',
      },
    ]);
    for (const record of ALL) {
      expect(table.stdout).not.toContain(record.secretHash);
      expect(json.stdout).not.toContain(record.secretHash);
    }
  });

  it('sessions list on a data folder without sessions says how people get one', async (context) => {
    const cwd = tempDir(context, 'sitegate-cwd-');
    const dataDir = path.join(tempDir(context, 'sitegate-sessions-'), 'data');
    await (await openSqliteStore(dataDir)).close();
    const result = await call(context, ['sessions', 'list', '--data-dir', dataDir], cwd);
    expect(result).toStrictEqual({
      code: 0,
      stderr: '',
      stdout:
        'ID  SUBJECT  NAME  SCOPES  CREATED  LAST SEEN  EXPIRES\n(no live sessions: people start one by signing in at /_sitegate/login)\n',
    });
    expect(await call(context, ['sessions', 'list', '--json', '--data-dir', dataDir], cwd)).toStrictEqual({
      code: 0,
      stderr: '',
      stdout: '[]\n',
    });
  });

  it('sessions revoke ID revokes that session only; again, or an unknown id, exits 1 naming it', async (context) => {
    const { sitegate, spawned, audit } = await setup(context);
    expect(await sitegate('sessions', 'revoke', ALICE_1.id)).toStrictEqual({
      code: 0,
      stderr: '',
      stdout: `Revoked 1 session (${ALICE_1.id}, subject alice). Its holder must sign in again.\n`,
    });
    expect(await liveIds(sitegate)).toStrictEqual([ALICE_3.id, BOB.id]);
    // The first through a real process: its exit code is 1.
    for (const id of [ALICE_1.id, EXPIRED.id, REVOKED.id, 'sgs_unknown'])
      expect(await (id === ALICE_1.id ? spawned : sitegate)('sessions', 'revoke', id)).toStrictEqual({
        code: 1,
        stdout: '',
        stderr: `sitegate: no live session with id ${id}\n`,
      });
    expect((await audit()).filter((event) => event.type === 'session_revoked')).toStrictEqual([
      revokedEvent(`session=${ALICE_1.id} count=1`),
    ]);
  });

  it('sessions revoke --subject SUB revokes every live session of that person; none left exits 1', async (context) => {
    const { sitegate, audit } = await setup(context);
    expect(await sitegate('sessions', 'revoke', '--subject', 'alice')).toStrictEqual({
      code: 0,
      stderr: '',
      stdout: 'Revoked 2 sessions of subject alice. Their holders must sign in again.\n',
    });
    expect(await liveIds(sitegate)).toStrictEqual([BOB.id]);
    expect(await sitegate('sessions', 'revoke', '--subject', 'alice')).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: 'sitegate: no live session of subject alice\n',
    });
    expect(await sitegate('sessions', 'revoke', '--subject', 'carol')).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: 'sitegate: no live session of subject carol\n',
    });
    expect((await audit()).filter((event) => event.type === 'session_revoked')).toStrictEqual([revokedEvent('sub=alice count=2')]);
  });

  it('sessions revoke --all revokes every live session; with none left it revokes 0 and succeeds; audit shows the events', async (context) => {
    const { sitegate, audit } = await setup(context);
    expect(await sitegate('sessions', 'revoke', '--all')).toStrictEqual({
      code: 0,
      stderr: '',
      stdout: 'Revoked 3 sessions. Their holders must sign in again.\n',
    });
    expect(await liveIds(sitegate)).toStrictEqual([]);
    expect(await sitegate('sessions', 'revoke', '--all')).toStrictEqual({ code: 0, stderr: '', stdout: 'Revoked 0 sessions.\n' });
    const events = await audit();
    expect(events).toStrictEqual([
      {
        at: expect.any(String) as unknown,
        type: 'signed_in',
        client_id: null,
        address: '192.0.2.7',
        detail: `session=${ALICE_1.id} sub=alice scopes=search:read content:read internal:read`,
      },
      revokedEvent('all count=3'),
    ]);
    const human = await sitegate('audit', '--since', '1h');
    expect(human).toMatchObject({ code: 0, stderr: '' });
    expect(
      human.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split(/ {2,}/).slice(1)),
    ).toStrictEqual([
      ['EVENT', 'CLIENT_ID', 'ADDRESS', 'DETAIL'],
      ['signed_in', '-', '192.0.2.7', `session=${ALICE_1.id} sub=alice scopes=search:read content:read internal:read`],
      ['session_revoked', '-', '-', 'all count=3'],
    ]);
    for (const record of ALL) expect(human.stdout).not.toContain(record.secretHash);
  });

  it.for<[string, string[]]>([
    ['nothing', []],
    ['an id and --all', [ALICE_1.id, '--all']],
    ['an id and --subject', [ALICE_1.id, '--subject', 'alice']],
    ['--subject and --all', ['--subject', 'alice', '--all']],
  ])('sessions revoke with %s: exit 2, one line, nothing revoked', async ([, args], context) => {
    const { sitegate } = await setup(context);
    expect(await sitegate('sessions', 'revoke', ...args)).toStrictEqual({
      code: 2,
      stdout: '',
      stderr: 'sitegate: sessions revoke: give exactly one of ID, --subject SUB or --all\n',
    });
    expect(await liveIds(sitegate)).toStrictEqual([ALICE_3.id, BOB.id, ALICE_1.id]);
  });

  it('sessions list shows agent grants after the sessions; revoke sga_… revokes one, revoking a session revokes the grants consented in it', async (context) => {
    const { dataDir, sitegate, audit } = await setup(context);
    const store = await openSqliteStore(dataDir);
    try {
      for (const [n, grant] of [GRANT_1, GRANT_2].entries()) await seedAgentGrant(store, grant, String(n).padStart(64, 'a'));
    } finally {
      await store.close();
    }
    const table = await sitegate('sessions', 'list');
    expect(table).toMatchObject({ code: 0, stderr: '' });
    expect(table.stdout.split('\n').slice(4)).toStrictEqual([
      '',
      'AGENT GRANT                 SUBJECT  NAME           CLIENT            CLIENT ID                          SCOPES                     CREATED               LAST USED             EXPIRES',
      'sga_GGGGGGGGGGGGGGGGGGGGG2  alice    Alice Example  Configured Agent  configured-agent                   search:read                2030-01-01T00:00:02Z  2030-01-01T00:20:02Z  2099-01-01T08:00:02Z',
      'sga_GGGGGGGGGGGGGGGGGGGGG1  alice    Alice Example  Agent Example     https://agent.example/client.json  search:read,internal:read  2030-01-01T00:00:01Z  2030-01-01T00:20:01Z  2099-01-01T08:00:01Z',
      '',
    ]);
    const json = await sitegate('sessions', 'list', '--json');
    expect((JSON.parse(json.stdout) as Record<string, unknown>[]).slice(3)).toStrictEqual([
      {
        kind: 'agent_grant',
        id: GRANT_2.id,
        subject: 'alice',
        name: 'Alice Example',
        client_name: 'Configured Agent',
        client_id: 'configured-agent',
        scopes: ['search:read'],
        resource: 'http://127.0.0.1:3000/mcp',
        session_id: ALICE_3.id,
        created_at: '2030-01-01T00:00:02.123Z',
        last_used_at: '2030-01-01T00:20:02.456Z',
        expires_at: '2099-01-01T08:00:02.789Z',
      },
      {
        kind: 'agent_grant',
        id: GRANT_1.id,
        subject: 'alice',
        name: 'Alice Example',
        client_name: 'Agent Example',
        client_id: 'https://agent.example/client.json',
        scopes: ['search:read', 'internal:read'],
        resource: 'http://127.0.0.1:3000/mcp',
        session_id: ALICE_1.id,
        created_at: '2030-01-01T00:00:01.123Z',
        last_used_at: '2030-01-01T00:20:01.456Z',
        expires_at: '2099-01-01T08:00:01.789Z',
      },
    ]);
    expect(await sitegate('sessions', 'revoke', GRANT_1.id)).toStrictEqual({
      code: 0,
      stderr: '',
      stdout: `Revoked 1 agent grant (${GRANT_1.id}, subject alice, client Agent Example). The agent must be authorized again.\n`,
    });
    expect(await sitegate('sessions', 'revoke', GRANT_1.id)).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: `sitegate: no live agent grant with id ${GRANT_1.id}\n`,
    });
    expect(await sitegate('sessions', 'revoke', ALICE_3.id)).toStrictEqual({
      code: 0,
      stderr: '',
      stdout: `Revoked 1 session (${ALICE_3.id}, subject alice). Its holder must sign in again. Revoked 1 agent grant with them: those agents must be authorized again.\n`,
    });
    expect(await liveIds(sitegate)).toStrictEqual([BOB.id, ALICE_1.id]);
    expect((await audit()).filter((event) => event.type !== 'signed_in')).toStrictEqual([
      { at: AN_INSTANT, type: 'agent_grant_revoked', client_id: null, address: null, detail: `grant=${GRANT_1.id} reason=operator` },
      revokedEvent(`session=${ALICE_3.id} count=1`),
      {
        at: AN_INSTANT,
        type: 'agent_grant_revoked',
        client_id: null,
        address: null,
        detail: `session=${ALICE_3.id} reason=operator count=1`,
      },
    ]);
  });

  it('sessions --help lists the subcommands and exits 0', async (context) => {
    const cwd = tempDir(context, 'sitegate-cwd-');
    const result = await run(context, ['sessions', '--help'], cwd);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: sitegate sessions \[options\] \[command\]\n/);
    for (const command of ['list [options]', 'revoke [options] [id]']) expect(result.stdout).toContain(`  ${command}`);
  });
});
