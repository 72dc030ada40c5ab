/**
 * The store: everything mutable that sitegate keeps (API keys, signing keys, audit events).
 * One interface, adapters per database (SQLite, PostgreSQL), one contract test suite for all of them.
 * No framework types here (STYLE.md): records are plain data.
 */
import type { Scope } from '../errors.js';
import type { Granularity } from '../analytics/buckets.js';

/** An operator-issued API key, as stored. The secret itself is never stored, only its hash. */
export interface ApiKeyRecord {
  /** The public id, also the OAuth `client_id`, e.g. `sgc_4Fh…`. */
  id: string;
  /** Operator-given name, e.g. `search-crawler`. */
  name: string;
  scopes: Scope[];
  /** SHA-256 of the current secret, hex. */
  secretHash: string;
  /** SHA-256 of the secret before the last rotation, while its grace period runs. */
  previousSecretHash: string | null;
  /** End of the grace period of `previousSecretHash`. */
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  /** After this instant the key is refused; null = never expires. */
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Last successful use, written at most every few minutes. */
  lastUsedAt: Date | null;
}

/** A key that signs access tokens. */
export interface SigningKeyRecord {
  /** Key id, the JWS `kid` header. */
  kid: string;
  /** JWS algorithm, e.g. `EdDSA`. */
  alg: string;
  /**
   * Private key as stored: opaque text to the store. The stores `openStore` (context.ts) returns
   * hold it sealed with the key-encryption key (see sealed-signing-keys.ts) and hand it back as a JWK.
   */
  privateJwk: string;
  /** Public key as a JWK (JSON text), published in the JWKS. */
  publicJwk: string;
  createdAt: Date;
  /**
   * Set when a rotation retired the key: from this instant on, no token it signed can still be
   * valid, so it leaves the JWKS and verification, and the store may delete it. Null for the
   * active key.
   */
  expiresAt: Date | null;
}

/** A revoked access token (RFC 7009), kept until the token would have expired anyway. */
export interface RevokedTokenRecord {
  /** The token's `jti`. */
  jti: string;
  clientId: string;
  /** The token's `exp`; after it the record may be deleted. */
  expiresAt: Date;
  revokedAt: Date;
}

/**
 * A person's browser session (issue 29): made at sign-in through the identity provider, read by the
 * session scheme on every request that carries its cookie. The cookie's secret is never stored,
 * only its hash, so a copy of the database signs nobody in.
 */
export interface SessionRecord {
  /** Public id, `sgs_` + 22 base64url characters: what `sitegate sessions` lists and the audit log names. */
  id: string;
  /** SHA-256 of the cookie's secret value, hex (unique). */
  secretHash: string;
  /** The identity provider's `sub` (OpenID Connect Core §2). */
  subject: string;
  /** What the header shows and `sessions list` prints: `name`, else `email`, else `preferred_username`, else `sub`. */
  name: string;
  /** The `email` claim, when given. */
  email: string | null;
  /** Scopes fixed at sign-in: the union of the grants the claims satisfied (signin/grants.ts). */
  scopes: Scope[];
  createdAt: Date;
  /** Last request seen, written at most once a minute; idle lifetime counts from it. */
  lastSeenAt: Date;
  /** Absolute end (`createdAt` + `auth.sessionTtl`); refused at and after it. */
  expiresAt: Date;
  /** Set by sign-out or `sitegate sessions revoke`; refused from then on. */
  revokedAt: Date | null;
}

/** Kinds of audit events. */
export type AuditEventType =
  | 'key_created'
  | 'key_rotated'
  | 'key_revoked'
  | 'token_issued'
  | 'token_revoked'
  | 'auth_failed'
  /** A person signed in; `clientId` null, `detail` `session=sgs_… sub=… scopes=…`. */
  | 'signed_in'
  /** A sign-in was refused: no grant matched, or the provider's answer failed validation (`detail` says which). */
  | 'sign_in_refused'
  /** A person signed out (`detail` `session=sgs_… sub=…`). */
  | 'signed_out'
  /** The CLI revoked sessions (`detail` `session=sgs_…`, `sub=…` or `all`, with how many). */
  | 'session_revoked';

/** One audit event. Never carries a secret, key or token. */
export interface AuditEvent {
  at: Date;
  type: AuditEventType;
  /** The client the event is about, when known. */
  clientId: string | null;
  /** Client IP address for request-driven events; null for CLI actions. */
  address: string | null;
  /** Short, secret-free detail, e.g. `invalid_client` or `scopes=search:read`. */
  detail: string | null;
}

/**
 * A committed change that caches in other processes must not outlive: what a replica's key,
 * token and signing-key caches drop when another replica or the CLI writes. `resync` means
 * changes may have been missed (the notification channel was down): drop everything.
 */
export type StoreChange =
  | { kind: 'key'; id: string }
  | { kind: 'token'; jti: string }
  | { kind: 'signingKey'; kid: string }
  /** A session was revoked: caches drop the session of this public id ({@link SessionRecord.id}). */
  | { kind: 'session'; id: string }
  | { kind: 'resync' };

/** Requests of one kind in one time bucket (analytics/counter.ts): the key is every field but `count`. */
export interface AnalyticsCount {
  granularity: Granularity;
  bucketStart: Date;
  /**
   * The site's path of what answered (a page, static file or route, at most 512 characters), or
   * `(other)` for anything else and `(overflow)` past a flush's cap (analytics/counter.ts).
   */
  path: string;
  /** http/observe.ts `format`. */
  format: string;
  status: number;
  /** analytics/classify.ts `AgentCategory`. */
  category: string;
  agent: string;
  /** client_id of the accepted credential; null for anonymous requests. */
  clientId: string | null;
  count: number;
}

/** Full-text searches of one normalized query that found nothing, in one hour bucket. */
export interface ZeroResultCount {
  bucketStart: Date;
  query: string;
  count: number;
}

/** The store interface every adapter implements. All methods reject only on database failures. */
export interface Store {
  /** Creates or upgrades the schema; safe to call on every start and from several processes. */
  migrate(): Promise<void>;
  /**
   * Inserts a new key, and `audit` in the same transaction: a crash leaves both or neither.
   * Rejects when the id exists.
   */
  createKey(record: ApiKeyRecord, audit?: AuditEvent): Promise<void>;
  getKey(id: string): Promise<ApiKeyRecord | undefined>;
  /** Every key, newest first. */
  listKeys(): Promise<ApiKeyRecord[]>;
  /**
   * Marks a key revoked, appending `audit` in the same transaction when it does; returns false
   * (and appends nothing) when it does not exist or is already revoked.
   */
  revokeKey(id: string, at: Date, audit?: AuditEvent): Promise<boolean>;
  /**
   * Replaces the secret hash; the old hash stays valid until `graceUntil`. Appends `audit` in the
   * same transaction. Returns false (and appends nothing) when the key does not exist or is revoked.
   */
  rotateKey(id: string, secretHash: string, graceUntil: Date, audit?: AuditEvent): Promise<boolean>;
  /** Records a successful use. */
  touchKey(id: string, at: Date): Promise<void>;
  /** Every signing key, oldest first. */
  listSigningKeys(): Promise<SigningKeyRecord[]>;
  /** Inserts a signing key. */
  addSigningKey(record: SigningKeyRecord): Promise<void>;
  /**
   * Inserts `record` only when the store holds no signing key yet, atomically across processes,
   * so replicas starting together on an empty database end up with one key between them.
   * @returns whether `record` was inserted
   */
  addFirstSigningKey(record: SigningKeyRecord): Promise<boolean>;
  /**
   * Inserts `record` as the new active key and retires every other active key: their `expiresAt`
   * becomes `retireAt`. One transaction, exclusive across processes; announces
   * `{ kind: 'signingKey', kid: record.kid }` so that replicas reload their keys.
   */
  rotateSigningKey(record: SigningKeyRecord, retireAt: Date): Promise<void>;
  /**
   * Rewrites stored private keys in one transaction, exclusive across processes: `rewrite` gets
   * each key and returns its new `privateJwk`, or undefined to keep it. Used to seal keys stored
   * in clear. When `rewrite` throws, nothing is written and the call rejects with its error.
   * @returns how many keys were rewritten
   */
  rewriteSigningKeys(rewrite: (record: SigningKeyRecord) => string | undefined): Promise<number>;
  /** Deletes the signing keys whose `expiresAt` is at or before `now`. @returns how many */
  pruneSigningKeys(now: Date): Promise<number>;
  /** Inserts a session, and `audit` in the same transaction. Rejects when the id or secret hash exists. */
  createSession(record: SessionRecord, audit?: AuditEvent): Promise<void>;
  /** The session whose cookie secret hashes to `secretHash` (revoked and expired ones too: the caller decides). */
  getSessionBySecretHash(secretHash: string): Promise<SessionRecord | undefined>;
  /** Records activity of a live session (idle lifetime). */
  touchSession(id: string, at: Date): Promise<void>;
  /**
   * Revokes live sessions, appending `audit` in the same transaction when any was; announces
   * `{ kind: 'session', id }` for each. `which`: one session by public id, every session of a
   * subject, or all. `audit` may be a function of the sessions revoked, called inside the
   * transaction, for an event that names them or their count (`sitegate sessions revoke`).
   * @returns the sessions revoked, newest first (already revoked or expired ones are not counted)
   */
  revokeSessions(
    which: { id: string } | { subject: string } | 'all',
    at: Date,
    audit?: AuditEvent | ((revoked: readonly SessionRecord[]) => AuditEvent),
  ): Promise<SessionRecord[]>;
  /** Sessions neither revoked nor past `expiresAt` at `now`, newest first. */
  listSessions(now: Date): Promise<SessionRecord[]>;
  /** Deletes sessions past `expiresAt` at `now`, or revoked before it (retention). @returns how many */
  pruneSessions(now: Date): Promise<number>;
  /** Records a revoked token; revoking it again is a no-op. */
  revokeToken(record: RevokedTokenRecord): Promise<void>;
  /** Whether a token id was revoked. */
  isTokenRevoked(jti: string): Promise<boolean>;
  /** Appends one event, or several in one statement (in order). */
  appendAudit(events: AuditEvent | readonly AuditEvent[]): Promise<void>;
  /** Events at or after `since`, oldest first, at most `limit`. */
  listAudit(since: Date, limit: number): Promise<AuditEvent[]>;
  /**
   * Deletes audit events strictly before `before` (retention). Safe from several processes at once.
   * @returns how many were deleted
   */
  pruneAudit(before: Date): Promise<number>;
  /**
   * Deletes revocations whose token has expired (`expiresAt` at or before `now`): such a token is
   * refused as expired anyway. Safe from several processes at once.
   * @returns how many were deleted
   */
  pruneRevokedTokens(now: Date): Promise<number>;
  /**
   * Adds counts to the analytics counters in one transaction: a row with the same key (every
   * field but `count`) grows by `count`, else it is inserted. Safe from several processes at once.
   */
  addAnalytics(counts: readonly AnalyticsCount[], zeroResults: readonly ZeroResultCount[]): Promise<void>;
  /** Counter rows of one granularity whose bucket starts at or after `since`, oldest first. */
  listAnalytics(granularity: Granularity, since: Date): Promise<AnalyticsCount[]>;
  /** Zero-result rows whose bucket starts at or after `since`, oldest first. */
  listZeroResults(since: Date): Promise<ZeroResultCount[]>;
  /**
   * Deletes counter rows of one granularity (and, for `hour`, zero-result rows) whose bucket
   * starts before `before` (retention).
   * @returns how many rows were deleted
   */
  pruneAnalytics(granularity: Granularity, before: Date): Promise<number>;
  /**
   * Calls `listener` for every key, token and signing-key change committed by any process on
   * the same database, including this one. Adapters without a notification channel (SQLite)
   * never call it: there the caches' TTLs alone bound staleness.
   * @returns a function that stops listening
   * @throws when the notification channel cannot be opened
   */
  watch(listener: (change: StoreChange) => void): Promise<() => Promise<void>>;
  /** The cheapest query (`select 1`): resolves when the database answers (readiness probes, readiness.ts). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
