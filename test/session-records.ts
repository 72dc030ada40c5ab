/**
 * Session records the CLI tests put in a store directly, as the sign-in callback would: live ones
 * of alice and bob, an expired and a revoked one (test/cli.sessions.test.ts, test/cli.postgres.system.test.ts).
 */
import type { SessionRecord } from '../src/store/store.js';

/** A live session of `subject`, made at 2030-01-01T00:00:0n.123Z; far-future end unless given. */
export function session(n: number, subject: string, overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id: `sgs_${String(n).padStart(22, 'A')}`,
    secretHash: `${String(n)}f`.padStart(64, 'c'),
    subject,
    name: `${subject[0]?.toUpperCase() ?? ''}${subject.slice(1)} Example`,
    email: `${subject}@example.com`,
    scopes: ['search:read', 'content:read', 'internal:read'],
    createdAt: new Date(`2030-01-01T00:00:0${String(n)}.123Z`),
    lastSeenAt: new Date(`2030-01-01T00:10:0${String(n)}.456Z`),
    expiresAt: new Date(`2099-01-01T08:00:0${String(n)}.789Z`),
    revokedAt: null,
    ...overrides,
  };
}

export const ALICE_1 = session(1, 'alice');
export const BOB = session(2, 'bob', { email: null, scopes: ['search:read', 'content:read'] });
export const ALICE_3 = session(3, 'alice');
export const EXPIRED = session(4, 'carol', { expiresAt: new Date('2020-01-01T00:00:00.000Z') });
export const REVOKED = session(5, 'dave', { revokedAt: new Date('2030-01-01T01:00:00.000Z') });
export const ALL = [ALICE_1, BOB, ALICE_3, EXPIRED, REVOKED];
