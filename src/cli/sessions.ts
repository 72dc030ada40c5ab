/**
 * `sitegate sessions …`: the operator's view of people signed in through the identity provider
 * (issue 29) and of the agents they authorized (issue 30: agent grants), and the way to end them
 * at once. Both live in the store, so every replica refuses a revoked one: within milliseconds on
 * PostgreSQL (NOTIFY), within the caches' bound (about a second) on SQLite. The cookie's secret
 * and the refresh tokens are never stored, so they are never printed; neither are their hashes.
 */
import type { AgentGrantRecord, AuditEvent, SessionRecord, Store } from '../store/store.js';
import { AGENT_GRANT_ID_PREFIX } from '../auth/agent-grants.js';
import { CommandError, UsageError } from './output.js';
import { printTable, withKeys, type StoreFlags } from './keys.js';

const print = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

const date = (value: Date): string => value.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A session as `sessions list --json` prints it: every field but the secret's hash. */
function sessionJson(session: SessionRecord): Record<string, unknown> {
  return {
    kind: 'session',
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

/** An agent grant as `sessions list --json` prints it (no refresh token, nor its hash, is ever stored). */
function grantJson(grant: AgentGrantRecord): Record<string, unknown> {
  return {
    kind: 'agent_grant',
    id: grant.id,
    subject: grant.subject,
    name: grant.name,
    client_name: grant.clientName,
    client_id: grant.clientId,
    scopes: grant.scopes,
    resource: grant.resource,
    session_id: grant.sessionId,
    created_at: grant.createdAt.toISOString(),
    last_used_at: grant.lastUsedAt.toISOString(),
    expires_at: grant.expiresAt.toISOString(),
  };
}

/** The agent grants' table, after the sessions' (GRANT, SUBJECT, NAME, CLIENT, CLIENT ID, SCOPES, CREATED, LAST USED, EXPIRES). */
function printGrants(grants: readonly AgentGrantRecord[]): void {
  print('');
  printTable([
    ['AGENT GRANT', 'SUBJECT', 'NAME', 'CLIENT', 'CLIENT ID', 'SCOPES', 'CREATED', 'LAST USED', 'EXPIRES'],
    ...grants.map((grant) => [
      grant.id,
      grant.subject,
      grant.name,
      grant.clientName,
      grant.clientId,
      grant.scopes.join(','),
      date(grant.createdAt),
      date(grant.lastUsedAt),
      date(grant.expiresAt),
    ]),
  ]);
}

/**
 * `sessions list`: the live sessions (neither revoked nor past their absolute end), newest first,
 * as a table (ID, SUBJECT, NAME, SCOPES, CREATED, LAST SEEN, EXPIRES; instants in UTC to the
 * second), then, when there are any, the live agent grants as a second table ({@link printGrants});
 * with `--json`, one JSON array of {@link sessionJson} then {@link grantJson} objects (`kind`
 * `session` or `agent_grant`).
 * @throws {UsageError} when the SQLite data folder does not exist (see {@link withKeys})
 */
export async function listSessionsCommand(flags: StoreFlags & { json?: boolean }): Promise<void> {
  await withKeys(flags, async (_keys, store) => {
    const now = new Date();
    const sessions = await store.listSessions(now);
    const grants = await store.listAgentGrants(now);
    if (flags.json === true) {
      print(JSON.stringify([...sessions.map(sessionJson), ...grants.map(grantJson)]));
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
    if (grants.length > 0) printGrants(grants);
  });
}

/** Flags of `sessions revoke`: the id argument, or one of these. */
export interface RevokeSessionsFlags extends StoreFlags {
  /** Every live session of this identity provider `sub`. */
  subject?: string;
  /** Every live session. */
  all?: boolean;
}

/** `count=N` with its noun: `1 session`, `2 agent grants`. */
const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * `sessions revoke sga_…`: revokes one agent grant (audit `agent_grant_revoked`
 * `grant=sga_… reason=operator`); its agent's tokens stop and it must be authorized again.
 * @throws {CommandError} (exit 1) when it names no live grant
 */
async function revokeOneGrant(store: Store, id: string): Promise<void> {
  const at = new Date();
  const audit: AuditEvent = { at, type: 'agent_grant_revoked', clientId: null, address: null, detail: `grant=${id} reason=operator` };
  const [revoked] = await store.revokeAgentGrants({ id }, at, audit);
  if (revoked === undefined) throw new CommandError(`no live agent grant with id ${id}`);
  print(`Revoked 1 agent grant (${id}, subject ${revoked.subject}, client ${revoked.clientName}). The agent must be authorized again.`);
}

/**
 * `sessions revoke ID | --subject SUB | --all` (exactly one): revokes the live sessions named,
 * records `session_revoked` in the audit log in the same transaction (detail `session=sgs_…`,
 * `sub=…` or `all`, then `count=N`), and prints how many were revoked. Those people are signed
 * out on their next request and must sign in again. The agent grants go with them (issue 30):
 * those consented in a session revoked by id, every grant of the subject, or all, audited
 * `agent_grant_revoked` (`session=…`, `sub=…` or `all`, `reason=operator count=N`). An ID
 * `sga_…` revokes that one agent grant.
 * @throws {UsageError} (exit 2) unless exactly one of ID, `--subject` and `--all` is given
 * @throws {CommandError} (exit 1) when an ID or `--subject` names nothing live, as `keys revoke`
 *   refuses an unknown or revoked key; `--all` with nothing live revokes nothing and succeeds
 */
export async function revokeSessionsCommand(id: string | undefined, flags: RevokeSessionsFlags): Promise<void> {
  const given = [id !== undefined, flags.subject !== undefined, flags.all === true].filter(Boolean).length;
  if (given !== 1) throw new UsageError('sessions revoke: give exactly one of ID, --subject SUB or --all');
  if (id?.trim() === '' || flags.subject?.trim() === '') throw new UsageError('sessions revoke: the ID or --subject is empty');
  if (id?.startsWith(AGENT_GRANT_ID_PREFIX) === true) {
    await withKeys(flags, (_keys, store) => revokeOneGrant(store, id));
    return;
  }
  const which = id !== undefined ? { id } : flags.subject !== undefined ? { subject: flags.subject } : ('all' as const);
  const named = which === 'all' ? 'all' : 'id' in which ? `session=${which.id}` : `sub=${which.subject}`;
  const grantsOf: { sessionId: string } | { subject: string } | 'all' =
    id !== undefined ? { sessionId: id } : flags.subject !== undefined ? { subject: flags.subject } : 'all';
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
    const grantAudit = (grants: readonly AgentGrantRecord[]): AuditEvent => ({
      at,
      type: 'agent_grant_revoked',
      clientId: null,
      address: null,
      detail: `${named} reason=operator count=${grants.length}`,
    });
    const grants = await store.revokeAgentGrants(grantsOf, at, grantAudit);
    if (revoked.length === 0 && grants.length === 0 && which !== 'all')
      throw new CommandError('id' in which ? `no live session with id ${which.id}` : `no live session of subject ${which.subject}`);
    const count = counted(revoked.length, 'session');
    const whose =
      which === 'all'
        ? ''
        : 'id' in which
          ? ` (${which.id}, subject ${revoked[0]?.subject ?? grants[0]?.subject ?? ''})`
          : ` of subject ${which.subject}`;
    const after =
      revoked.length === 0 ? '' : revoked.length === 1 ? ' Its holder must sign in again.' : ' Their holders must sign in again.';
    const agents =
      grants.length === 0 ? '' : ` Revoked ${counted(grants.length, 'agent grant')} with them: those agents must be authorized again.`;
    print(`Revoked ${count}${whose}.${after}${agents}`);
  });
}
