/**
 * The {@link Store} over Kysely, shared by every SQL adapter: the adapters only choose the dialect.
 */
import { Migrator, type Kysely, type Selectable } from 'kysely';
import type { Scope } from '../errors.js';
import type { ApiKeyRecord, AuditEvent, AuditEventType, SigningKeyRecord, Store } from './store.js';
import { migrationProvider, type ApiKeysTable, type Database, type Dialect } from './schema.js';

const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());
const dateOrNull = (text: string | null): Date | null => (text === null ? null : new Date(text));

function toKey(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes === '' ? [] : (row.scopes.split(' ') as Scope[]),
    secretHash: row.secret_hash,
    previousSecretHash: row.previous_secret_hash,
    previousSecretExpiresAt: dateOrNull(row.previous_secret_expires_at),
    createdAt: new Date(row.created_at),
    expiresAt: dateOrNull(row.expires_at),
    revokedAt: dateOrNull(row.revoked_at),
    lastUsedAt: dateOrNull(row.last_used_at),
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

/**
 * Wraps a Kysely instance as a Store.
 * @param db a Kysely instance for `dialect`; the store closes it on `close()`
 */
export function kyselyStore(db: Kysely<Database>, dialect: Dialect): Store {
  return {
    async migrate() {
      const { error } = await new Migrator({ db, provider: migrationProvider(dialect) }).migrateToLatest();
      if (error !== undefined) throw error instanceof Error ? error : new Error('migration failed');
    },
    async createKey(record, audit) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('api_keys')
          .values({
            id: record.id,
            name: record.name,
            scopes: record.scopes.join(' '),
            secret_hash: record.secretHash,
            previous_secret_hash: record.previousSecretHash,
            previous_secret_expires_at: isoOrNull(record.previousSecretExpiresAt),
            created_at: iso(record.createdAt),
            expires_at: isoOrNull(record.expiresAt),
            revoked_at: isoOrNull(record.revokedAt),
            last_used_at: isoOrNull(record.lastUsedAt),
          })
          .execute();
        if (audit !== undefined) await insertAudit(trx, [audit]);
      });
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
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('api_keys')
          .set({ revoked_at: iso(at) })
          .where('id', '=', id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        if (audit !== undefined) await insertAudit(trx, [audit]);
        return true;
      });
    },
    async rotateKey(id, secretHash, graceUntil, audit) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('api_keys')
          .select(['secret_hash'])
          .where('id', '=', id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (row === undefined) return false;
        await trx
          .updateTable('api_keys')
          .set({ secret_hash: secretHash, previous_secret_hash: row.secret_hash, previous_secret_expires_at: iso(graceUntil) })
          .where('id', '=', id)
          .execute();
        if (audit !== undefined) await insertAudit(trx, [audit]);
        return true;
      });
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
      return rows.map((row): SigningKeyRecord => ({
        kid: row.kid,
        alg: row.alg,
        privateJwk: row.private_jwk,
        publicJwk: row.public_jwk,
        createdAt: new Date(row.created_at),
      }));
    },
    async addSigningKey(record) {
      await db
        .insertInto('signing_keys')
        .values({
          kid: record.kid,
          alg: record.alg,
          private_jwk: record.privateJwk,
          public_jwk: record.publicJwk,
          created_at: iso(record.createdAt),
        })
        .execute();
    },
    async revokeToken(record) {
      await db
        .insertInto('revoked_tokens')
        .values({ jti: record.jti, client_id: record.clientId, expires_at: iso(record.expiresAt), revoked_at: iso(record.revokedAt) })
        .onConflict((conflict) => conflict.column('jti').doNothing())
        .execute();
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
    async close() {
      await db.destroy();
    },
  };
}
