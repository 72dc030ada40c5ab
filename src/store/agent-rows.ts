/**
 * The authorization server's tables over Kysely (SQLite and PostgreSQL alike, issue 30):
 * authorization codes, agent grants with their refresh tokens, and dynamically registered clients,
 * the agent methods of store.ts `Store`. Each state change that must be single (a code consumed once, a
 * refresh token rotated once) is one conditional `UPDATE`, so two replicas racing cannot both win.
 */
import type { Kysely, Selectable } from 'kysely';
import type {
  AgentMethods,
  AgentGrantRecord,
  AuditEvent,
  AuthorizationCodeRecord,
  OAuthClientRecord,
  RefreshRotation,
  StoreChange,
} from './store.js';
import { REPLAYED_CODE } from './store.js';
import type { AgentGrantsTable, AuthorizationCodesTable, Database, OAuthClientsTable } from './schema.js';
import { dateOrNull, iso, isoOrNull, scopesOf, scopesText } from './row-values.js';

/** What {@link agentRows} needs of the adapter (kysely-store.ts). */
export interface AgentRowsOptions {
  /**
   * Runs a transaction no other process's exclusive section overlaps (kysely-store.ts
   * `KyselyStoreOptions.exclusive`): the refresh-token rotation reads before it writes, which a
   * plain SQLite transaction cannot upgrade once another connection wrote (SQLITE_BUSY).
   */
  exclusive: <T>(run: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;
  /** Announces a change inside the transaction that makes it (PostgreSQL NOTIFY); none on SQLite. */
  announce: ((trx: Kysely<Database>, change: StoreChange) => Promise<void>) | undefined;
  /** Appends audit events on `trx` (one statement). */
  insertAudit: (trx: Kysely<Database>, events: readonly AuditEvent[]) => Promise<void>;
}

/** Codes are kept this long past their end (ms), so a late replay is still recognised and revokes its grant. */
const CODE_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A registered client without a grant is kept this long after registration (ms): time to complete its first authorization. */
export const UNUSED_CLIENT_RETENTION_MS = 24 * 60 * 60 * 1000;

function toCode(row: Selectable<AuthorizationCodesTable>): AuthorizationCodeRecord {
  return {
    codeHash: row.code_hash,
    clientId: row.client_id,
    redirectUri: row.redirect_uri,
    codeChallenge: row.code_challenge,
    scopes: scopesOf(row.scopes),
    resource: row.resource,
    subject: row.subject,
    name: row.name,
    sessionId: row.session_id,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    consumedAt: dateOrNull(row.consumed_at),
    grantId: row.grant_id,
  };
}

function toGrant(row: Selectable<AgentGrantsTable>): AgentGrantRecord {
  return {
    id: row.id,
    subject: row.subject,
    name: row.name,
    clientId: row.client_id,
    clientName: row.client_name,
    scopes: scopesOf(row.scopes),
    resource: row.resource,
    sessionId: row.session_id,
    createdAt: new Date(row.created_at),
    lastUsedAt: new Date(row.last_used_at),
    expiresAt: new Date(row.expires_at),
    revokedAt: dateOrNull(row.revoked_at),
  };
}

function toClient(row: Selectable<OAuthClientsTable>): OAuthClientRecord {
  return {
    id: row.id,
    name: row.name,
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    metadata: row.metadata,
    createdAt: new Date(row.created_at),
  };
}

/** Newest first, then by id: the order of `listAgentGrants` and of `revokeAgentGrants`' result. */
const newestFirst = (a: AgentGrantRecord, b: AgentGrantRecord): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The agent methods over `db`, as store.ts `Store` documents them.
 * @param db the store's Kysely instance (the store closes it)
 */
export function agentRows(db: Kysely<Database>, { announce, insertAudit, exclusive }: AgentRowsOptions): AgentMethods {
  /** Revokes live grants matching `which` on `executor`, announcing each. */
  const revokeOn = async (
    executor: Kysely<Database>,
    which: { id: string } | { subject: string } | { clientId: string } | { sessionId: string } | 'all',
    at: Date,
  ): Promise<AgentGrantRecord[]> => {
    let query = executor
      .updateTable('agent_grants')
      .set({ revoked_at: iso(at) })
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', iso(at));
    if (which !== 'all') {
      if ('id' in which) query = query.where('id', '=', which.id);
      else if ('subject' in which) query = query.where('subject', '=', which.subject);
      else if ('sessionId' in which) query = query.where('session_id', '=', which.sessionId);
      else query = query.where('client_id', '=', which.clientId);
    }
    const revoked = (await query.returningAll().execute()).map(toGrant).sort(newestFirst);
    if (announce !== undefined) for (const grant of revoked) await announce(executor, { kind: 'agentGrant', id: grant.id });
    return revoked;
  };

  return {
    async createAuthorizationCode(record) {
      await db
        .insertInto('authorization_codes')
        .values({
          code_hash: record.codeHash,
          client_id: record.clientId,
          redirect_uri: record.redirectUri,
          code_challenge: record.codeChallenge,
          scopes: scopesText(record.scopes),
          resource: record.resource,
          subject: record.subject,
          name: record.name,
          session_id: record.sessionId,
          created_at: iso(record.createdAt),
          expires_at: iso(record.expiresAt),
          consumed_at: isoOrNull(record.consumedAt),
          grant_id: record.grantId,
        })
        .execute();
    },
    async consumeAuthorizationCode(codeHash, at) {
      const first = await db
        .updateTable('authorization_codes')
        .set({ consumed_at: iso(at) })
        .where('code_hash', '=', codeHash)
        .where('consumed_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (first !== undefined) return { record: { ...toCode(first), consumedAt: null }, replay: false };
      // A replay before the first exchange made its grant marks the code, so that grant is never made.
      await db
        .updateTable('authorization_codes')
        .set({ grant_id: REPLAYED_CODE })
        .where('code_hash', '=', codeHash)
        .where('grant_id', 'is', null)
        .execute();
      const row = await db.selectFrom('authorization_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
      return row === undefined ? undefined : { record: toCode(row), replay: true };
    },
    async createAgentGrant(grant, refreshTokenHash, codeHash, audit) {
      return db.transaction().execute(async (trx) => {
        // An UPDATE, not a SELECT: it locks the session row (PostgreSQL), so a revocation racing
        // this transaction either comes first (no row matches) or waits and then revokes the grant.
        const live = await trx
          .updateTable('sessions')
          .set((eb) => ({ last_seen_at: eb.ref('last_seen_at') }))
          .where('id', '=', grant.sessionId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', iso(grant.createdAt))
          .executeTakeFirst();
        if (Number(live.numUpdatedRows) === 0) return false;
        const marked = await trx
          .updateTable('authorization_codes')
          .set({ grant_id: grant.id })
          .where('code_hash', '=', codeHash)
          .where('grant_id', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('agent_grants')
          .values({
            id: grant.id,
            subject: grant.subject,
            name: grant.name,
            client_id: grant.clientId,
            client_name: grant.clientName,
            scopes: scopesText(grant.scopes),
            resource: grant.resource,
            session_id: grant.sessionId,
            created_at: iso(grant.createdAt),
            last_used_at: iso(grant.lastUsedAt),
            expires_at: iso(grant.expiresAt),
            revoked_at: isoOrNull(grant.revokedAt),
          })
          .execute();
        await trx
          .insertInto('refresh_tokens')
          .values({ token_hash: refreshTokenHash, grant_id: grant.id, created_at: iso(grant.createdAt), used_at: null })
          .execute();
        if (audit !== undefined) await insertAudit(trx, [audit]);
        return true;
      });
    },
    async getAgentGrant(id) {
      const row = await db.selectFrom('agent_grants').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toGrant(row);
    },
    async rotateRefreshToken(tokenHash, nextHash, at, audit) {
      return exclusive(async (trx): Promise<RefreshRotation | undefined> => {
        const token = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
        if (token === undefined) return undefined;
        const row = await trx.selectFrom('agent_grants').selectAll().where('id', '=', token.grant_id).executeTakeFirst();
        if (row === undefined) return undefined;
        const grant = toGrant(row);
        if (grant.revokedAt !== null || grant.expiresAt.getTime() <= at.getTime()) return { outcome: 'inactive', grant };
        // Marking it used is the race's one winner: a concurrent exchange of the same token finds it used.
        const marked = await trx
          .updateTable('refresh_tokens')
          .set({ used_at: iso(at) })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) {
          const [revoked] = await revokeOn(trx, { id: grant.id }, at);
          const outcome = revoked ?? { ...grant, revokedAt: at };
          if (audit !== undefined && revoked !== undefined) await insertAudit(trx, [audit(outcome)]);
          return { outcome: 'reused', grant: outcome };
        }
        await trx
          .insertInto('refresh_tokens')
          .values({ token_hash: nextHash, grant_id: grant.id, created_at: iso(at), used_at: null })
          .execute();
        await trx
          .updateTable('agent_grants')
          .set({ last_used_at: iso(at) })
          .where('id', '=', grant.id)
          .execute();
        return { outcome: 'rotated', grant: { ...grant, lastUsedAt: at } };
      });
    },
    async getAgentGrantByRefreshToken(tokenHash) {
      const row = await db
        .selectFrom('refresh_tokens')
        .innerJoin('agent_grants', 'agent_grants.id', 'refresh_tokens.grant_id')
        .selectAll('agent_grants')
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row === undefined ? undefined : toGrant(row);
    },
    async revokeAgentGrants(which, at, audit) {
      if (announce === undefined && audit === undefined) return revokeOn(db, which, at);
      return db.transaction().execute(async (trx) => {
        const revoked = await revokeOn(trx, which, at);
        if (revoked.length > 0 && audit !== undefined) await insertAudit(trx, [typeof audit === 'function' ? audit(revoked) : audit]);
        return revoked;
      });
    },
    async listAgentGrants(now, filter) {
      let query = db.selectFrom('agent_grants').selectAll().where('revoked_at', 'is', null).where('expires_at', '>', iso(now));
      if (filter?.subject !== undefined) query = query.where('subject', '=', filter.subject);
      if (filter?.clientId !== undefined) query = query.where('client_id', '=', filter.clientId);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').execute();
      return rows.map(toGrant);
    },
    async pruneAgentGrants(now) {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('authorization_codes')
          .where('expires_at', '<=', iso(new Date(now.getTime() - CODE_RETENTION_MS)))
          .execute();
        const gone = (
          await trx
            .selectFrom('agent_grants')
            .select('id')
            .where((eb) => eb.or([eb('expires_at', '<=', iso(now)), eb('revoked_at', '<', iso(now))]))
            .execute()
        ).map((row) => row.id);
        // In slices: SQLite binds at most 32,766 parameters per statement.
        for (let i = 0; i < gone.length; i += 1000) {
          const slice = gone.slice(i, i + 1000);
          await trx.deleteFrom('refresh_tokens').where('grant_id', 'in', slice).execute();
          await trx.deleteFrom('agent_grants').where('id', 'in', slice).execute();
        }
        // RFC 7591 registrations are anonymous: one a day old with no grant left (live or kept) and
        // no code still to exchange is forgotten, so storage stays bounded (DESIGN.md).
        await trx
          .deleteFrom('oauth_clients')
          .where('created_at', '<=', iso(new Date(now.getTime() - UNUSED_CLIENT_RETENTION_MS)))
          .where((eb) =>
            eb.not(
              eb.exists(
                eb.selectFrom('agent_grants').select('agent_grants.id').whereRef('agent_grants.client_id', '=', 'oauth_clients.id'),
              ),
            ),
          )
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('authorization_codes')
                  .select('authorization_codes.code_hash')
                  .whereRef('authorization_codes.client_id', '=', 'oauth_clients.id')
                  .where('authorization_codes.expires_at', '>', iso(now)),
              ),
            ),
          )
          .execute();
        return gone.length;
      });
    },
    async createOAuthClient(record, audit, limits) {
      const insert = async (trx: Kysely<Database>): Promise<boolean> => {
        if (limits?.maxClients !== undefined) {
          const { count } = await trx
            .selectFrom('oauth_clients')
            .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
            .executeTakeFirstOrThrow();
          if (Number(count) >= limits.maxClients) return false;
        }
        await trx
          .insertInto('oauth_clients')
          .values({
            id: record.id,
            name: record.name,
            redirect_uris: JSON.stringify(record.redirectUris),
            metadata: record.metadata,
            created_at: iso(record.createdAt),
          })
          .execute();
        if (audit !== undefined) await insertAudit(trx, [audit]);
        return true;
      };
      // With a cap, count and insert under the exclusive section: replicas cannot both take the last place.
      return limits?.maxClients === undefined ? db.transaction().execute(insert) : exclusive(insert);
    },
    async getOAuthClient(id) {
      const row = await db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toClient(row);
    },
  };
}
