/**
 * The CLI on PostgreSQL (`--database-url`), end to end: a key command without the secret exits 2
 * with the message and works with `SITEGATE_SECRET`; `sessions revoke` announces each revoked
 * session to the replicas (NOTIFY). Needs PostgreSQL on 127.0.0.1 (`npm run test:system`); the
 * same commands on SQLite are in test/cli.keys.test.ts and test/cli.sessions.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { openPostgresStore } from '../src/store/postgres.js';
import { POSTGRES_SECRET_REQUIRED } from '../src/store/secret.js';
import type { StoreChange } from '../src/store/store.js';
import { CLI_TIMEOUT_MS, cliProcesses } from './cli-process.js';
import { createTestDatabase } from './services.js';
import { ALICE_1, ALICE_3, BOB } from './session-records.js';

const { tempDir, start, call } = cliProcesses();

describe('the CLI on PostgreSQL', () => {
  it('a key command on PostgreSQL without a secret exits 2 with the message; with SITEGATE_SECRET it works', async (context) => {
    const cwd = tempDir(context, 'sitegate-cwd-');
    const database = await createTestDatabase();
    try {
      const list = ['keys', 'list', '--json', '--database-url', database.url];
      expect(await call(context, list, cwd)).toStrictEqual({ code: 2, stdout: '', stderr: `sitegate: ${POSTGRES_SECRET_REQUIRED}\n` });
      const env = { SITEGATE_SECRET: 'cli-test-secret-0123456789abcdefghij' };
      expect(await call(context, list, cwd, env)).toStrictEqual({ code: 0, stdout: '[]\n', stderr: '' });
    } finally {
      await database.drop();
    }
  });

  it('on PostgreSQL, sessions revoke announces each revoked session to the replicas (NOTIFY)', async (context) => {
    const cwd = tempDir(context, 'sitegate-cwd-');
    const database = await createTestDatabase();
    const replica = await openPostgresStore(database.url);
    try {
      for (const record of [ALICE_1, BOB, ALICE_3]) await replica.createSession(record);
      const heard: StoreChange[] = [];
      const stop = await replica.watch((change) => heard.push(change));
      const env = { SITEGATE_SECRET: 'cli-test-secret-0123456789abcdefghij' };
      const revoking = start(context, ['sessions', 'revoke', '--subject', 'alice', '--database-url', database.url], cwd, env);
      expect(await revoking.exited(CLI_TIMEOUT_MS)).toStrictEqual({ code: 0, signal: null });
      expect([revoking.stdout, revoking.stderr]).toStrictEqual([
        'Revoked 2 sessions of subject alice. Their holders must sign in again.\n',
        '',
      ]);
      await context.expect
        .poll(() => heard, { timeout: 5000 })
        .toStrictEqual([
          { kind: 'session', id: ALICE_3.id },
          { kind: 'session', id: ALICE_1.id },
        ]);
      await stop();
      expect((await replica.listSessions(new Date())).map((each) => each.id)).toStrictEqual([BOB.id]);
    } finally {
      await replica.close();
      await database.drop();
    }
  });
});
