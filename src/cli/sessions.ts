/**
 * `sitegate sessions …`: the operator's view of people signed in through the identity provider
 * (issue 29), and the way to end their sessions at once. Sessions live in the store, so every
 * replica refuses a revoked one: within milliseconds on PostgreSQL (NOTIFY), within the session
 * cache's bound (about a second) on SQLite. The cookie's secret is never stored, so it is never
 * printed; neither is its hash.
 */
import type { AuditEvent, SessionRecord } from '../store/store.js';
import { CommandError, UsageError } from './output.js';
import { printTable, withKeys, type StoreFlags } from './keys.js';

const print = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

const date = (value: Date): string => value.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A session as `sessions list --json` prints it: every field but the secret's hash. */
function sessionJson(session: SessionRecord): Record<string, unknown> {
  return {
    id: session.id,
    subject: session.subject,
    name: session.name,
    email: session.email,
    scopes: session.scopes,
    created_at: session.createdAt.toISOString(),
    last_seen_at: session.lastSeenAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
  };
}

/**
 * `sessions list`: the live sessions (neither revoked nor past their absolute end), newest first,
 * as a table (ID, SUBJECT, NAME, SCOPES, CREATED, LAST SEEN, EXPIRES; instants in UTC to the
 * second) or, with `--json`, one JSON array of {@link sessionJson} objects.
 * @throws {UsageError} when the SQLite data folder does not exist (see {@link withKeys})
 */
export async function listSessionsCommand(flags: StoreFlags & { json?: boolean }): Promise<void> {
  await withKeys(flags, async (_keys, store) => {
    const sessions = await store.listSessions(new Date());
    if (flags.json === true) {
      print(JSON.stringify(sessions.map(sessionJson)));
      return;
    }
    printTable([
      ['ID', 'SUBJECT', 'NAME', 'SCOPES', 'CREATED', 'LAST SEEN', 'EXPIRES'],
      ...sessions.map((session) => [
        session.id,
        session.subject,
        session.name,
        session.scopes.join(','),
        date(session.createdAt),
        date(session.lastSeenAt),
        date(session.expiresAt),
      ]),
    ]);
    if (sessions.length === 0) print('(no live sessions: people start one by signing in at /_sitegate/login)');
  });
}

/** Flags of `sessions revoke`: the id argument, or one of these. */
export interface RevokeSessionsFlags extends StoreFlags {
  /** Every live session of this identity provider `sub`. */
  subject?: string;
  /** Every live session. */
  all?: boolean;
}

/**
 * `sessions revoke ID | --subject SUB | --all` (exactly one): revokes the live sessions named,
 * records `session_revoked` in the audit log in the same transaction (detail `session=sgs_…`,
 * `sub=…` or `all`, then `count=N`), and prints how many were revoked. Those people are signed
 * out on their next request and must sign in again.
 * @throws {UsageError} (exit 2) unless exactly one of ID, `--subject` and `--all` is given
 * @throws {CommandError} (exit 1) when an ID or `--subject` names no live session, as `keys revoke`
 *   refuses an unknown or revoked key; `--all` with no live session revokes nothing and succeeds
 */
export async function revokeSessionsCommand(id: string | undefined, flags: RevokeSessionsFlags): Promise<void> {
  const given = [id !== undefined, flags.subject !== undefined, flags.all === true].filter(Boolean).length;
  if (given !== 1) throw new UsageError('sessions revoke: give exactly one of ID, --subject SUB or --all');
  if (id?.trim() === '' || flags.subject?.trim() === '') throw new UsageError('sessions revoke: the ID or --subject is empty');
  const which = id !== undefined ? { id } : flags.subject !== undefined ? { subject: flags.subject } : ('all' as const);
  const named = which === 'all' ? 'all' : 'id' in which ? `session=${which.id}` : `sub=${which.subject}`;
  await withKeys(flags, async (_keys, store) => {
    const at = new Date();
    const audit = (revoked: readonly SessionRecord[]): AuditEvent => ({
      at,
      type: 'session_revoked',
      clientId: null,
      address: null,
      detail: `${named} count=${revoked.length}`,
    });
    const revoked = await store.revokeSessions(which, at, audit);
    if (revoked.length === 0 && which !== 'all')
      throw new CommandError('id' in which ? `no live session with id ${which.id}` : `no live session of subject ${which.subject}`);
    const count = `${revoked.length} session${revoked.length === 1 ? '' : 's'}`;
    const whose =
      which === 'all' ? '' : 'id' in which ? ` (${which.id}, subject ${revoked[0]?.subject ?? ''})` : ` of subject ${which.subject}`;
    const after =
      revoked.length === 0 ? '' : revoked.length === 1 ? ' Its holder must sign in again.' : ' Their holders must sign in again.';
    print(`Revoked ${count}${whose}.${after}`);
  });
}
