/**
 * The `sessions` table over Kysely (SQLite and PostgreSQL alike): people's browser sessions
 * (issue 29), the session methods of {@link Store}. A revocation is one `UPDATE … RETURNING`, its
 * audit event and one announcement per revoked session committing in the same transaction.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AuditEvent, SessionRecord, Store, StoreChange } from './store.js';
import type { Database, SessionsTable } from './schema.js';
import { dateOrNull, iso, isoOrNull, scopesOf, scopesText } from './row-values.js';

/** The session methods of {@link Store}. */
export type SessionMethods = Pick<
  Store,
  'createSession' | 'getSessionBySecretHash' | 'touchSession' | 'revokeSessions' | 'listSessions' | 'pruneSessions'
>;

/** What {@link sessionRows} needs of the adapter (kysely-store.ts). */
export interface SessionRowsOptions {
  /** Announces a change inside the transaction that makes it (PostgreSQL NOTIFY); none on SQLite. */
  announce: ((trx: Kysely<Database>, change: StoreChange) => Promise<void>) | undefined;
  /** Appends audit events on `trx` (one statement). */
  insertAudit: (trx: Kysely<Database>, events: readonly AuditEvent[]) => Promise<void>;
}

function toSession(row: Selectable<SessionsTable>): SessionRecord {
  return {
    id: row.id,
    secretHash: row.secret_hash,
    subject: row.subject,
    name: row.name,
    email: row.email,
    scopes: scopesOf(row.scopes),
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
    revokedAt: dateOrNull(row.revoked_at),
  };
}

/** Newest first, then by id: the order of `listSessions` and of `revokeSessions`' result. */
const newestFirst = (a: SessionRecord, b: SessionRecord): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The session methods over `db`, as {@link Store} documents them.
 * @param db the store's Kysely instance (the store closes it)
 */
export function sessionRows(db: Kysely<Database>, { announce, insertAudit }: SessionRowsOptions): SessionMethods {
  return {
    async createSession(record, audit) {
      const insert = (executor: Kysely<Database>) =>
        executor
          .insertInto('sessions')
          .values({
            id: record.id,
            secret_hash: record.secretHash,
            subject: record.subject,
            name: record.name,
            email: record.email,
            scopes: scopesText(record.scopes),
            created_at: iso(record.createdAt),
            last_seen_at: iso(record.lastSeenAt),
            expires_at: iso(record.expiresAt),
            revoked_at: isoOrNull(record.revokedAt),
          })
          .execute();
      // Nothing to announce: no cache can hold a session that did not exist.
      if (audit === undefined) await insert(db);
      else
        await db.transaction().execute(async (trx) => {
          await insert(trx);
          await insertAudit(trx, [audit]);
        });
    },
    async getSessionBySecretHash(secretHash) {
      const row = await db.selectFrom('sessions').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
      return row === undefined ? undefined : toSession(row);
    },
    async touchSession(id, at) {
      // Never backwards: replicas touching one session at once leave the latest instant.
      await db
        .updateTable('sessions')
        .set({ last_seen_at: iso(at) })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .where('last_seen_at', '<', iso(at))
        .execute();
    },
    async revokeSessions(which, at, audit) {
      // One UPDATE … RETURNING: the sessions it revoked are exactly those it reports, however many
      // processes revoke at once (a row already revoked no longer matches `revoked_at is null`).
      const revoke = async (executor: Kysely<Database>): Promise<SessionRecord[]> => {
        let query = executor
          .updateTable('sessions')
          .set({ revoked_at: iso(at) })
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', iso(at));
        if (which !== 'all') query = 'id' in which ? query.where('id', '=', which.id) : query.where('subject', '=', which.subject);
        const rows = await query.returningAll().execute();
        return rows.map(toSession).sort(newestFirst);
      };
      if (announce === undefined && audit === undefined) return revoke(db);
      return db.transaction().execute(async (trx) => {
        const revoked = await revoke(trx);
        if (revoked.length === 0) return revoked;
        if (audit !== undefined) await insertAudit(trx, [typeof audit === 'function' ? audit(revoked) : audit]);
        if (announce !== undefined) for (const session of revoked) await announce(trx, { kind: 'session', id: session.id });
        return revoked;
      });
    },
    async listSessions(now) {
      const rows = await db
        .selectFrom('sessions')
        .selectAll()
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', iso(now))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toSession);
    },
    async pruneSessions(now) {
      const result = await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', iso(now)), eb('revoked_at', '<', iso(now))]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
