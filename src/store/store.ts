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

/**
 * The `grantId` a replayed code gets when its first exchange has not made a grant yet
 * (`consumeAuthorizationCode`): no grant id (`sga_…`) is ever this, so `createAgentGrant` then fails.
 */
export const REPLAYED_CODE = 'replayed';

/**
 * An authorization code (RFC 6749 §4.1.2) issued by `GET /api/v1/oauth/authorize` to an agent acting
 * for a person (issue 30). Only its hash is stored. Single use: the token endpoint consumes it once;
 * a second use is refused and revokes the grant the first use made (RFC 6749 §4.1.2, §10.5).
 */
export interface AuthorizationCodeRecord {
  /** SHA-256 of the code, hex. */
  codeHash: string;
  /** The agent's client_id (a Client ID Metadata Document URL, a registered `sgc_…` id or a configured id). */
  clientId: string;
  /** The redirect URI the code was sent to; the token request must repeat it exactly (RFC 6749 §4.1.3). */
  redirectUri: string;
  /** PKCE S256 `code_challenge` (RFC 7636 §4.2), base64url. */
  codeChallenge: string;
  /** Scopes granted: at most the person's. */
  scopes: Scope[];
  /** RFC 8707 resource, the access token's `aud`: `{baseUrl}` or `{baseUrl}/mcp`. */
  resource: string;
  /** The person: the identity provider's `sub`, and the name `sessions list` shows. */
  subject: string;
  name: string;
  /** The browser session (`sgs_…`) the person consented in. */
  sessionId: string;
  createdAt: Date;
  /** Refused at and after this instant (created + 60 s). */
  expiresAt: Date;
  /** Set by the first exchange. */
  consumedAt: Date | null;
  /**
   * The grant the first exchange made (a replay revokes it), or {@link REPLAYED_CODE} when a
   * replay came before any grant was made.
   */
  grantId: string | null;
}

/**
 * An agent grant (issue 30): what one authorization of a person gave one agent, the "family" of its
 * refresh tokens (RFC 9700 §4.14.2: a refresh token used twice revokes the family). Access tokens
 * carry its id (`grant_id`) and stop working within seconds of its revocation. It also remembers
 * the person's consent: a live grant of the same client covering the scopes asked skips the consent page.
 */
export interface AgentGrantRecord {
  /** Public id, `sga_` + 22 base64url characters: what `sitegate sessions` lists and the audit log names. */
  id: string;
  /** The person: the identity provider's `sub`. */
  subject: string;
  /** The person's name, as the session had it. */
  name: string;
  /** The agent's client_id. */
  clientId: string;
  /** The agent's name from its metadata (`client_name`), as the consent page showed it. */
  clientName: string;
  scopes: Scope[];
  /** RFC 8707 resource: the `aud` of its access tokens. */
  resource: string;
  /** The browser session the person consented in (`sgs_…`). */
  sessionId: string;
  createdAt: Date;
  /** Last refresh. */
  lastUsedAt: Date;
  /** Absolute end (`createdAt` + `auth.refreshTokenTtl`): refresh is refused from then on. */
  expiresAt: Date;
  /** Set by revocation (CLI, refresh-token reuse, code replay, RFC 7009 revoke of a refresh token). */
  revokedAt: Date | null;
}

/** A refresh token of an agent grant; only its hash is stored. Exactly one per live grant is unused. */
export interface RefreshTokenRecord {
  /** SHA-256 of the token, hex. */
  tokenHash: string;
  grantId: string;
  createdAt: Date;
  /** Set when it was exchanged (rotated): any later use is a reuse and revokes the grant. */
  usedAt: Date | null;
}

/** A client registered through RFC 7591 dynamic registration (`auth.dynamicClientRegistration`). Public clients only. */
export interface OAuthClientRecord {
  /** `sgc_` + 22 base64url characters. */
  id: string;
  /** `client_name`, or the redirect URI's host when none was given. */
  name: string;
  redirectUris: string[];
  /** The client metadata as registered (RFC 7591 §3.2.1 response fields), JSON text. */
  metadata: string;
  createdAt: Date;
}

/** Outcome of {@link Store.rotateRefreshToken}. */
export type RefreshRotation =
  /** The token was current: it is now used, and `nextHash` is the grant's current token. */
  | { outcome: 'rotated'; grant: AgentGrantRecord }
  /** The token had been used before: the grant is now revoked (announced), and so is every token of it. */
  | { outcome: 'reused'; grant: AgentGrantRecord }
  /** The grant is revoked or expired: nothing changed. */
  | { outcome: 'inactive'; grant: AgentGrantRecord };

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
  | 'session_revoked'
  /** A person authorized an agent (consent given or remembered): `clientId` the agent, `detail` `grant=… sub=… scope=…` once the code is exchanged, else `sub=… scope=…`. */
  | 'agent_authorized'
  /** Agent grants were revoked (CLI, RFC 7009, refresh-token reuse, code replay): `detail` `grant=sga_… reason=…`. */
  | 'agent_grant_revoked'
  /** A client registered itself (RFC 7591): `clientId` the new id, `detail` `name=…`. */
  | 'client_registered';

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
  /** An agent grant was revoked: caches drop its "active" answer ({@link AgentGrantRecord.id}). */
  | { kind: 'agentGrant'; id: string }
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
  /** Inserts an authorization code (its hash). */
  createAuthorizationCode(record: AuthorizationCodeRecord): Promise<void>;
  /**
   * Consumes a code atomically (one `UPDATE … WHERE consumed_at IS NULL`): `replay: false` for the
   * first use (the record as it was), `replay: true` when it had been consumed before (the record,
   * with the `grantId` the first use made). A replay that finds no `grantId` yet (it overtook the
   * first exchange) sets it to {@link REPLAYED_CODE}, so that exchange's `createAgentGrant` fails.
   * Expired codes are returned too: the caller decides.
   * @returns undefined when no code has this hash
   */
  consumeAuthorizationCode(codeHash: string, at: Date): Promise<{ record: AuthorizationCodeRecord; replay: boolean } | undefined>;
  /**
   * Inserts a grant with its first refresh token and records it as the code's `grantId`, with
   * `audit`, in one transaction, only when (a) the code `codeHash` exists with `grantId` null (one
   * conditional UPDATE marks it: a replay or a second exchange makes this fail) and (b) the
   * browser session `grant.sessionId` is live at `grant.createdAt` (not revoked, before its
   * `expiresAt`): a code issued before `sitegate sessions revoke` gives no grant afterwards.
   * @returns true when the grant was made; false (nothing written) when (a) or (b) fails
   */
  createAgentGrant(grant: AgentGrantRecord, refreshTokenHash: string, codeHash: string, audit?: AuditEvent): Promise<boolean>;
  /** The grant of this public id (revoked and expired ones too). */
  getAgentGrant(id: string): Promise<AgentGrantRecord | undefined>;
  /**
   * Exchanges a refresh token in one transaction: when `tokenHash` is the grant's unused token and
   * the grant is live, marks it used, inserts `nextHash` and sets `lastUsedAt` (`rotated`); when it
   * was used before, revokes the grant with `audit` and announces `{ kind: 'agentGrant', id }`
   * (`reused`); when the grant is revoked or expired at `at`, changes nothing (`inactive`).
   * @returns undefined when no refresh token has this hash
   */
  rotateRefreshToken(
    tokenHash: string,
    nextHash: string,
    at: Date,
    audit?: (grant: AgentGrantRecord) => AuditEvent,
  ): Promise<RefreshRotation | undefined>;
  /** The grant a refresh token belongs to, whatever its state (RFC 7009 revocation of a refresh token). */
  getAgentGrantByRefreshToken(tokenHash: string): Promise<AgentGrantRecord | undefined>;
  /**
   * Revokes live grants, as {@link revokeSessions} does sessions: one grant, every grant of a
   * person, of a client, every grant consented in one browser session (`sessionId`: revoking the
   * session stops its agents), or all; `audit` in the same transaction; announces each.
   * @returns the grants revoked, newest first
   */
  revokeAgentGrants(
    which: { id: string } | { subject: string } | { clientId: string } | { sessionId: string } | 'all',
    at: Date,
    audit?: AuditEvent | ((revoked: readonly AgentGrantRecord[]) => AuditEvent),
  ): Promise<AgentGrantRecord[]>;
  /** Grants neither revoked nor past `expiresAt` at `now`, newest first, optionally of one person and/or client. */
  listAgentGrants(now: Date, filter?: { subject?: string; clientId?: string }): Promise<AgentGrantRecord[]>;
  /**
   * Retention: deletes authorization codes past `expiresAt` by more than a day, grants past
   * `expiresAt` or revoked before `now`, and their refresh tokens; then registered clients
   * (RFC 7591) registered a day or more before `now` that no grant (live or kept) and no
   * unexpired code names: anonymous registrations cannot grow the store forever. @returns how many grants
   */
  pruneAgentGrants(now: Date): Promise<number>;
  /**
   * Inserts a dynamically registered client, with `audit` in the same transaction. With
   * `limits.maxClients`, counts the stored clients first (in the exclusive section, so replicas
   * agree) and inserts nothing, audits nothing, when there are that many already.
   * @returns false when the cap refused it, else true
   */
  createOAuthClient(record: OAuthClientRecord, audit?: AuditEvent, limits?: { maxClients?: number }): Promise<boolean>;
  /** The registered client of this id. */
  getOAuthClient(id: string): Promise<OAuthClientRecord | undefined>;
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

/** The agent methods of {@link Store} (issue 30): what store/agent-rows.ts implements. */
export type AgentMethods = Pick<
  Store,
  | 'createAuthorizationCode'
  | 'consumeAuthorizationCode'
  | 'createAgentGrant'
  | 'getAgentGrant'
  | 'rotateRefreshToken'
  | 'getAgentGrantByRefreshToken'
  | 'revokeAgentGrants'
  | 'listAgentGrants'
  | 'pruneAgentGrants'
  | 'createOAuthClient'
  | 'getOAuthClient'
>;
