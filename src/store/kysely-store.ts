/**
 * The {@link Store} over Kysely, shared by every SQL adapter: the adapters choose the dialect,
 * how a section excludes other processes, and how changes are announced.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ApiKeyRecord, AuditEvent, AuditEventType, SigningKeyRecord, Store, StoreChange } from './store.js';
import { addAnalytics, listAnalytics, listZeroResults, pruneAnalytics } from './analytics-rows.js';
import { sessionRows } from './session-rows.js';
import { agentRows } from './agent-rows.js';
import { dateOrNull, iso, isoOrNull, scopesOf, scopesText } from './row-values.js';
import type { ApiKeysTable, Database, SigningKeysTable } from './schema.js';

function toKey(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    secretHash: row.secret_hash,
    previousSecretHash: row.previous_secret_hash,
    previousSecretExpiresAt: dateOrNull(row.previous_secret_expires_at),
    createdAt: new Date(row.created_at),
    expiresAt: dateOrNull(row.expires_at),
    revokedAt: dateOrNull(row.revoked_at),
    lastUsedAt: dateOrNull(row.last_used_at),
  };
}

function toSigningKey(row: Selectable<SigningKeysTable>): SigningKeyRecord {
  return {
    kid: row.kid,
    alg: row.alg,
    privateJwk: row.private_jwk,
    publicJwk: row.public_jwk,
    createdAt: new Date(row.created_at),
    expiresAt: dateOrNull(row.expires_at),
  };
}

/** Appends audit events in one statement, on `db` or inside a transaction. */
async function insertAudit(db: Kysely<Database>, events: readonly AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('audit_events')
    .values(
      events.map((event) => ({
        id: undefined,
        at: iso(event.at),
        type: event.type,
        client_id: event.clientId,
        address: event.address,
        detail: event.detail,
      })),
    )
    .execute();
}

/** What an adapter adds to {@link kyselyStore}. */
export interface KyselyStoreOptions {
  /**
   * Runs `run` in a transaction that no other process's exclusive section overlaps (SQLite:
   * `BEGIN IMMEDIATE`; PostgreSQL: an advisory transaction lock), committing when it resolves.
   */
  exclusive<T>(run: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * Announces a change inside the transaction that makes it, so other processes hear of it
   * exactly when it commits (PostgreSQL NOTIFY). Without it, writes run as single statements.
   */
  announce?: (trx: Kysely<Database>, change: StoreChange) => Promise<void>;
}

/**
 * Wraps a Kysely instance as a Store, all but `migrate`, which each adapter makes safe for
 * several processes its own way.
 * @param db a Kysely instance; the store closes it on `close()`
 */
export function kyselyStore(db: Kysely<Database>, options: KyselyStoreOptions): Omit<Store, 'migrate'> {
  const { announce } = options;
  /**
   * Runs a write. When it changes something, its audit event and its announcement commit in the
   * same transaction: a crash keeps the change and its audit record together or neither.
   */
  const write = <T>(
    run: (executor: Kysely<Database>) => Promise<T>,
    change: (result: T) => StoreChange | undefined,
    audit?: AuditEvent,
  ): Promise<T> =>
    announce === undefined && audit === undefined
      ? run(db)
      : db.transaction().execute(async (trx) => {
          const result = await run(trx);
          const announced = change(result);
          if (announced !== undefined) {
            if (audit !== undefined) await insertAudit(trx, [audit]);
            if (announce !== undefined) await announce(trx, announced);
          }
          return result;
        });
  const insertSigningKey = async (executor: Kysely<Database>, record: SigningKeyRecord): Promise<void> => {
    await executor
      .insertInto('signing_keys')
      .values({
        kid: record.kid,
        alg: record.alg,
        private_jwk: record.privateJwk,
        public_jwk: record.publicJwk,
        created_at: iso(record.createdAt),
        expires_at: isoOrNull(record.expiresAt),
      })
      .execute();
  };
  return {
    ...sessionRows(db, { announce, insertAudit }),
    ...agentRows(db, { announce, insertAudit, exclusive: (run) => options.exclusive(run) }),
    async createKey(record, audit) {
      await write(
        (executor) =>
          executor
            .insertInto('api_keys')
            .values({
              id: record.id,
              name: record.name,
              scopes: scopesText(record.scopes),
              secret_hash: record.secretHash,
              previous_secret_hash: record.previousSecretHash,
              previous_secret_expires_at: isoOrNull(record.previousSecretExpiresAt),
              created_at: iso(record.createdAt),
              expires_at: isoOrNull(record.expiresAt),
              revoked_at: isoOrNull(record.revokedAt),
              last_used_at: isoOrNull(record.lastUsedAt),
            })
            .execute(),
        () => ({ kind: 'key', id: record.id }),
        audit,
      );
    },
    async getKey(id) {
      const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toKey(row);
    },
    async listKeys() {
      const rows = await db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
      return rows.map(toKey);
    },
    async revokeKey(id, at, audit) {
      return write(
        async (executor) => {
          const result = await executor
            .updateTable('api_keys')
            .set({ revoked_at: iso(at) })
            .where('id', '=', id)
            .where('revoked_at', 'is', null)
            .executeTakeFirst();
          return result.numUpdatedRows > 0n;
        },
        (revoked) => (revoked ? { kind: 'key', id } : undefined),
        audit,
      );
    },
    async rotateKey(id, secretHash, graceUntil, audit) {
      // One statement: the right-hand `secret_hash` is the row's value before the update (SQL
      // semantics in SQLite and PostgreSQL alike), so concurrent rotations cannot both keep the
      // same previous hash, as a read-then-write could.
      return write(
        async (executor) => {
          const result = await executor
            .updateTable('api_keys')
            .set((eb) => ({
              previous_secret_hash: eb.ref('secret_hash'),
              secret_hash: secretHash,
              previous_secret_expires_at: iso(graceUntil),
            }))
            .where('id', '=', id)
            .where('revoked_at', 'is', null)
            .executeTakeFirst();
          return result.numUpdatedRows > 0n;
        },
        (rotated) => (rotated ? { kind: 'key', id } : undefined),
        audit,
      );
    },
    async touchKey(id, at) {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: iso(at) })
        .where('id', '=', id)
        .execute();
    },
    async listSigningKeys() {
      const rows = await db.selectFrom('signing_keys').selectAll().orderBy('created_at').orderBy('kid').execute();
      return rows.map(toSigningKey);
    },
    async addSigningKey(record) {
      await write(
        (executor) => insertSigningKey(executor, record),
        () => ({ kind: 'signingKey', kid: record.kid }),
      );
    },
    async addFirstSigningKey(record) {
      return options.exclusive(async (trx) => {
        const existing = await trx.selectFrom('signing_keys').select('kid').limit(1).executeTakeFirst();
        if (existing !== undefined) return false;
        await insertSigningKey(trx, record);
        await announce?.(trx, { kind: 'signingKey', kid: record.kid });
        return true;
      });
    },
    async rotateSigningKey(record, retireAt) {
      await options.exclusive(async (trx) => {
        await trx
          .updateTable('signing_keys')
          .set({ expires_at: iso(retireAt) })
          .where('expires_at', 'is', null)
          .execute();
        await insertSigningKey(trx, record);
        await announce?.(trx, { kind: 'signingKey', kid: record.kid });
      });
    },
    async rewriteSigningKeys(rewrite) {
      return options.exclusive(async (trx) => {
        const rows = await trx.selectFrom('signing_keys').selectAll().orderBy('created_at').orderBy('kid').execute();
        let rewritten = 0;
        for (const row of rows) {
          const next = rewrite(toSigningKey(row));
          if (next === undefined || next === row.private_jwk) continue;
          await trx.updateTable('signing_keys').set({ private_jwk: next }).where('kid', '=', row.kid).execute();
          rewritten++;
        }
        return rewritten;
      });
    },
    async pruneSigningKeys(now) {
      const result = await db.deleteFrom('signing_keys').where('expires_at', '<=', iso(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async revokeToken(record) {
      await write(
        (executor) =>
          executor
            .insertInto('revoked_tokens')
            .values({ jti: record.jti, client_id: record.clientId, expires_at: iso(record.expiresAt), revoked_at: iso(record.revokedAt) })
            .onConflict((conflict) => conflict.column('jti').doNothing())
            .execute(),
        () => ({ kind: 'token', jti: record.jti }),
      );
    },
    async isTokenRevoked(jti) {
      const row = await db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst();
      return row !== undefined;
    },
    async appendAudit(events) {
      const list = Array.isArray(events) ? (events as readonly AuditEvent[]) : [events as AuditEvent];
      await insertAudit(db, list);
    },
    async listAudit(since, limit) {
      const rows = await db
        .selectFrom('audit_events')
        .selectAll()
        .where('at', '>=', iso(since))
        .orderBy('at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row): AuditEvent => ({
        at: new Date(row.at),
        type: row.type as AuditEventType,
        clientId: row.client_id,
        address: row.address,
        detail: row.detail,
      }));
    },
    // Plain DELETEs: replicas pruning at once each delete what is left (row locks on PostgreSQL,
    // the write lock on SQLite), so the outcome is the same whoever runs first.
    async pruneAudit(before) {
      const result = await db.deleteFrom('audit_events').where('at', '<', iso(before)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async pruneRevokedTokens(now) {
      const result = await db.deleteFrom('revoked_tokens').where('expires_at', '<=', iso(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    addAnalytics: (counts, zeroResults) => addAnalytics((run) => options.exclusive(run), counts, zeroResults),
    listAnalytics: (granularity, since) => listAnalytics(db, granularity, since),
    listZeroResults: (since) => listZeroResults(db, since),
    pruneAnalytics: (granularity, before) => pruneAnalytics(db, granularity, before),
    // Adapters with a notification channel replace this.
    watch: () => Promise.resolve(() => Promise.resolve()),
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
