/** Table types for Kysely and the dialect-neutral migrations (SQLite and PostgreSQL). */
import type { Kysely, Migration, MigrationProvider } from 'kysely';

/** Row of `api_keys`. Instants are ISO-8601 UTC text, which sorts correctly in every database. */
export interface ApiKeysTable {
  id: string;
  name: string;
  /** Space-delimited scopes. */
  scopes: string;
  secret_hash: string;
  previous_secret_hash: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** Row of `signing_keys`. */
export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_at: string;
  /** When a retired key stops verifying and leaves the JWKS; null for the key that signs. */
  expires_at: string | null;
}

/** Row of `audit_events`. */
export interface AuditEventsTable {
  id: number | undefined;
  at: string;
  type: string;
  client_id: string | null;
  address: string | null;
  detail: string | null;
}

/** Row of `revoked_tokens`. */
export interface RevokedTokensTable {
  jti: string;
  client_id: string;
  expires_at: string;
  revoked_at: string;
}

/**
 * Row of `analytics_counts`: requests of one kind in one time bucket (analytics/). The key is
 * every column but `count`.
 */
export interface AnalyticsCountsTable {
  /** `minute`, `hour` or `day`. */
  granularity: string;
  /** Start of the bucket, ISO-8601 UTC. */
  bucket_start: string;
  path: string;
  format: string;
  status: number;
  category: string;
  agent: string;
  /** The accepted credential's client_id, or `''` for none (a key column cannot be NULL). */
  client_id: string;
  /** bigint: PostgreSQL's driver hands it back as text. */
  count: number | string;
}

/** Row of `analytics_zero_results`: full-text searches of one normalized query that found nothing, per hour. */
export interface AnalyticsZeroResultsTable {
  bucket_start: string;
  query: string;
  count: number | string;
}

/**
 * Row of `sessions`: a person's browser session (issue 29). The cookie's secret is never stored,
 * only its SHA-256 (`secret_hash`, unique: the lookup of every request carrying the cookie).
 */
export interface SessionsTable {
  /** Public id, `sgs_…`. */
  id: string;
  /** SHA-256 of the cookie value, hex. */
  secret_hash: string;
  /** The identity provider's `sub` (indexed: `sessions revoke --subject`). */
  subject: string;
  name: string;
  email: string | null;
  /** Space-delimited scopes. */
  scopes: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Row of `authorization_codes` (issue 30): only the code's SHA-256 is kept. */
export interface AuthorizationCodesTable {
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  scopes: string;
  resource: string;
  subject: string;
  name: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  grant_id: string | null;
}

/** Row of `agent_grants` (issue 30): what a person's authorization gave one agent. */
export interface AgentGrantsTable {
  id: string;
  subject: string;
  name: string;
  client_id: string;
  client_name: string;
  scopes: string;
  resource: string;
  session_id: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Row of `refresh_tokens` (issue 30): only the token's SHA-256 is kept. */
export interface RefreshTokensTable {
  token_hash: string;
  grant_id: string;
  created_at: string;
  used_at: string | null;
}

/** Row of `oauth_clients` (issue 30): clients registered through RFC 7591. */
export interface OAuthClientsTable {
  id: string;
  name: string;
  /** JSON array. */
  redirect_uris: string;
  metadata: string;
  created_at: string;
}

/** The database schema as Kysely sees it. */
export interface Database {
  sessions: SessionsTable;
  authorization_codes: AuthorizationCodesTable;
  agent_grants: AgentGrantsTable;
  refresh_tokens: RefreshTokensTable;
  oauth_clients: OAuthClientsTable;
  analytics_counts: AnalyticsCountsTable;
  analytics_zero_results: AnalyticsZeroResultsTable;
  revoked_tokens: RevokedTokensTable;
  api_keys: ApiKeysTable;
  signing_keys: SigningKeysTable;
  audit_events: AuditEventsTable;
}

/** The SQL dialects the store runs on. */
export type Dialect = 'sqlite' | 'postgres';

const migrations = (dialect: Dialect): Record<string, Migration> => ({
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('scopes', 'varchar(200)', (col) => col.notNull())
        .addColumn('secret_hash', 'varchar(64)', (col) => col.notNull())
        .addColumn('previous_secret_hash', 'varchar(64)')
        .addColumn('previous_secret_expires_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('expires_at', 'varchar(32)')
        .addColumn('revoked_at', 'varchar(32)')
        .addColumn('last_used_at', 'varchar(32)')
        .execute();
      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('alg', 'varchar(16)', (col) => col.notNull())
        .addColumn('private_jwk', 'text', (col) => col.notNull())
        .addColumn('public_jwk', 'text', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('audit_events')
        // SQLite: an INTEGER PRIMARY KEY is the rowid and numbers itself; PostgreSQL needs serial.
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'serial', (col) => col.primaryKey())
        .addColumn('at', 'varchar(32)', (col) => col.notNull())
        .addColumn('type', 'varchar(32)', (col) => col.notNull())
        .addColumn('client_id', 'varchar(64)')
        .addColumn('address', 'varchar(64)')
        .addColumn('detail', 'varchar(500)')
        .execute();
      await db.schema.createIndex('audit_events_at').on('audit_events').column('at').execute();
    },
  },
  '0002_revoked_tokens': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('revoked_tokens')
        .addColumn('jti', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('client_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('revoked_at', 'varchar(32)', (col) => col.notNull())
        .execute();
    },
  },
  // Signing-key rotation (a retired key's end) and retention (pruning by expiry).
  '0003_signing_key_expiry': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('signing_keys').addColumn('expires_at', 'varchar(32)').execute();
      await db.schema.createIndex('revoked_tokens_expires_at').on('revoked_tokens').column('expires_at').execute();
    },
  },
  // Agent analytics (analytics/): aggregated counters and zero-result searches.
  '0004_analytics': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('analytics_counts')
        .addColumn('granularity', 'varchar(8)', (col) => col.notNull())
        .addColumn('bucket_start', 'varchar(32)', (col) => col.notNull())
        .addColumn('path', 'varchar(512)', (col) => col.notNull())
        .addColumn('format', 'varchar(16)', (col) => col.notNull())
        .addColumn('status', 'integer', (col) => col.notNull())
        .addColumn('category', 'varchar(32)', (col) => col.notNull())
        .addColumn('agent', 'varchar(80)', (col) => col.notNull())
        .addColumn('client_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('count', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('analytics_counts_pk', [
          'granularity',
          'bucket_start',
          'path',
          'format',
          'status',
          'category',
          'agent',
          'client_id',
        ] as never[])
        .execute();
      await db.schema
        .createTable('analytics_zero_results')
        .addColumn('bucket_start', 'varchar(32)', (col) => col.notNull())
        .addColumn('query', 'varchar(200)', (col) => col.notNull())
        .addColumn('count', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('analytics_zero_results_pk', ['bucket_start', 'query'] as never[])
        .execute();
    },
  },
  // People's browser sessions (issue 29: sign-in through OpenID Connect).
  '0005_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('secret_hash', 'varchar(64)', (col) => col.notNull().unique())
        // OpenID Connect Core §2: `sub` is at most 255 ASCII characters.
        .addColumn('subject', 'varchar(255)', (col) => col.notNull())
        // Claims of the provider, unbounded there: text, so no long name fails a sign-in on
        // PostgreSQL alone (SQLite ignores lengths).
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text')
        .addColumn('scopes', 'varchar(200)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('last_seen_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('revoked_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('sessions_subject').on('sessions').column('subject').execute();
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
    },
  },
  // Agents acting for a person (issue 30: the OAuth 2.1 authorization server).
  '0006_agent_grants': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('authorization_codes')
        .addColumn('code_hash', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('client_id', 'text', (col) => col.notNull())
        .addColumn('redirect_uri', 'text', (col) => col.notNull())
        .addColumn('code_challenge', 'varchar(128)', (col) => col.notNull())
        .addColumn('scopes', 'varchar(200)', (col) => col.notNull())
        .addColumn('resource', 'text', (col) => col.notNull())
        .addColumn('subject', 'varchar(255)', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('session_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('consumed_at', 'varchar(32)')
        .addColumn('grant_id', 'varchar(64)')
        .execute();
      await db.schema.createIndex('authorization_codes_expires_at').on('authorization_codes').column('expires_at').execute();
      await db.schema
        .createTable('agent_grants')
        .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('subject', 'varchar(255)', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        // A Client ID Metadata Document URL may be long.
        .addColumn('client_id', 'text', (col) => col.notNull())
        .addColumn('client_name', 'text', (col) => col.notNull())
        .addColumn('scopes', 'varchar(200)', (col) => col.notNull())
        .addColumn('resource', 'text', (col) => col.notNull())
        .addColumn('session_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('last_used_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('revoked_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('agent_grants_subject').on('agent_grants').column('subject').execute();
      await db.schema.createIndex('agent_grants_expires_at').on('agent_grants').column('expires_at').execute();
      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('grant_id', 'varchar(64)', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .addColumn('used_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('refresh_tokens_grant_id').on('refresh_tokens').column('grant_id').execute();
      await db.schema
        .createTable('oauth_clients')
        .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('redirect_uris', 'text', (col) => col.notNull())
        .addColumn('metadata', 'text', (col) => col.notNull())
        .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
        .execute();
    },
  },
});

/** Supplies the migrations in code, so they ship inside dist/ with no file lookups. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return { getMigrations: () => Promise.resolve(migrations(dialect)) };
}
