/**
 * Access tokens: RFC 9068 JWT profile (`typ: at+jwt`; iss, sub, aud, client_id, scope, iat, exp,
 * jti), signed with Ed25519 (EdDSA) keys kept in the store and published as a JWKS (RFC 7517).
 * Verified tokens are cached until they expire, so a repeat call skips the signature check; the
 * key behind a token is re-checked through the key cache, so revocation still bites within seconds.
 * Agent tokens (issue 30: authorization code and refresh grants) carry the person as `sub`, the
 * agent as `client_id`, the RFC 8707 resource as `aud` and their grant as `grant_id`; the grant,
 * not an API key, is what is re-checked (agent-grants.ts).
 */
import { createPrivateKey, randomUUID, type JsonWebKey, type KeyObject } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, errors as joseErrors, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { ApiError, type Scope } from '../errors.js';
import type { SigningKeyRecord, Store, StoreChange } from '../store/store.js';
import type { AgentGrantService } from './agent-grants.js';
import type { KeyService } from './keys.js';
import type { Principal } from './principal.js';
import { parseScopeParameter } from './scopes.js';
import { signCompactJws, type JoseHeader } from './jws.js';

/** The JWS algorithm of access tokens: EdDSA signs ~6× faster than RS256 here. */
export const TOKEN_ALG = 'EdDSA';
/** Default access-token lifetime (s): one hour. */
export const DEFAULT_TOKEN_TTL_SEC = 3600;
const VERIFIED_CACHE_MAX = 50_000;
/** How long a "not revoked" answer from the store is trusted (ms). */
const REVOCATION_CACHE_TTL_MS = 1000;
/**
 * A token signed with a `kid` this process does not know makes it re-read the signing keys
 * (another replica may have added one), at most this often (ms), so forged `kid`s cannot make
 * every request a database query.
 */
const UNKNOWN_KID_RELOAD_MS = 1000;
/**
 * Signing keys are re-read at least this often (ms), on the next token issued, so a rotation
 * reaches processes that hear of no change (SQLite has no notifications; PostgreSQL replicas
 * reload at once on NOTIFY).
 */
export const SIGNING_KEY_REFRESH_MS = 60_000;
/**
 * Leeway (s) on the lifetime check: a token whose `exp - iat` exceeds the configured lifetime by
 * more than this, or whose `iat` is further than this in the future, is refused as
 * `invalid_token`. sitegate issues `exp = iat + ttl` exactly; the leeway covers replicas whose
 * clocks differ slightly while an operator changes the lifetime.
 */
export const TOKEN_LIFETIME_LEEWAY_SEC = 60;

/** A JSON Web Key Set (RFC 7517 §5). */
export interface Jwks {
  keys: JWK[];
}

/** The claims of a valid access token (RFC 9068 §2.2), as introspection reports them. */
export interface AccessTokenClaims {
  jti: string;
  clientId: string;
  /** `sub`: the client_id for an API key's token, the person's subject for an agent's. */
  subject: string;
  /** `aud`: the resource the token was issued for. */
  audience: string;
  /** `grant_id` of an agent's token (`sga_…`); undefined for an API key's. */
  grantId?: string | undefined;
  scopes: Scope[];
  /** Seconds since the epoch. */
  iat: number;
  /** Seconds since the epoch. */
  exp: number;
}

/** What an agent's token says beyond its client and scopes (issue 30; RFC 9068 §2.2, RFC 8707). */
export interface AgentTokenFacts {
  /** `sub`: the person's subject at the identity provider. */
  subject: string;
  /** `grant_id`: the agent grant (`sga_…`) the token is issued under. */
  grantId: string;
  /** `aud`: the grant's RFC 8707 resource, one of `resourcesOf(baseUrl)`. */
  audience: string;
}

/** Issues and verifies access tokens. */
export interface TokenService {
  /**
   * Signs a token for a client (see jws.ts and ed25519.ts); `iat` is the time of the call. With
   * `agent`, an agent's token: `sub`, `aud` and `grant_id` from it (issue 30).
   * @returns the compact JWS and its lifetime in seconds
   * @throws {Error} (rejects) when signing fails
   */
  issue(clientId: string, scopes: readonly Scope[], agent?: AgentTokenFacts): Promise<{ token: string; expiresInSec: number }>;
  /**
   * Verifies a bearer token: signature, `typ`, `iss`, `aud`, `exp`, then that its key is active.
   * @throws {ApiError} `token_expired` past `exp`; `invalid_token` for anything else
   */
  verify(token: string): Promise<Principal>;
  /**
   * The principal of a token verified before, without I/O, when every cache involved (signature,
   * key status, revocation) is fresh; undefined when {@link verify} must decide.
   */
  cachedPrincipal(token: string): Principal | undefined;
  /**
   * The claims of a token that would pass {@link verify}, or undefined (RFC 7662: inactive).
   * Never throws for a bad token.
   */
  inspect(token: string): Promise<AccessTokenClaims | undefined>;
  /**
   * Revokes a token (RFC 7009) when it is valid and was issued to `clientId`; does nothing
   * otherwise, so the endpoint reveals nothing about other clients' tokens.
   * @returns whether a token was revoked
   */
  revoke(token: string, clientId: string): Promise<boolean>;
  /** The public keys, for `/.well-known/jwks.json`. */
  jwks(): Jwks;
  /**
   * Drops what the caches hold about a change another process made: a revoked token's "not
   * revoked" answer (`token`), the signing keys (`signingKey`, reloaded), or all of it (`resync`).
   */
  invalidate(change: StoreChange): void;
}

/** Options of {@link createTokenService}. */
export interface TokenServiceOptions {
  /** `iss` of issued tokens: the public base URL. */
  issuer: string;
  /** `aud` of issued tokens: the resource server, the public base URL. */
  audience: string;
  /**
   * Every `aud` verification accepts (issue 30: the RFC 8707 resources, `resourcesOf(baseUrl)`);
   * default `[audience]`.
   */
  audiences?: readonly string[] | undefined;
  /** Whether agent grants are live; without it, every agent token is refused (fail closed). */
  grants?: AgentGrantService | undefined;
  ttlSec: number;
  now?: () => Date;
}

interface LoadedKey {
  kid: string;
  /** End of a retired key (ms since the epoch); null for the active key. */
  expiresAtMs: number | null;
  /** The JOSE header of tokens it signs (RFC 9068 §2.1), one object per key. */
  header: JoseHeader;
  /** For signing with node:crypto (see jws.ts). */
  privateKey: KeyObject;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

async function loadKeys(store: Store): Promise<LoadedKey[]> {
  const records = await store.listSigningKeys();
  return Promise.all(
    records.map(async (record) => {
      const publicJwk = JSON.parse(record.publicJwk) as JWK;
      return {
        kid: record.kid,
        expiresAtMs: record.expiresAt?.getTime() ?? null,
        header: { alg: TOKEN_ALG, typ: 'at+jwt', kid: record.kid } as const,
        // node:crypto reads the JWK itself (Node 24 deprecates KeyObject.from of a non-extractable CryptoKey, DEP0204).
        privateKey: createPrivateKey({ key: JSON.parse(record.privateJwk) as JsonWebKey, format: 'jwk' }),
        publicKey: (await importJWK(publicJwk, record.alg)) as CryptoKey,
        publicJwk: { ...publicJwk, kid: record.kid, alg: record.alg, use: 'sig' },
      };
    }),
  );
}

/** Generates an Ed25519 key pair as a signing-key record (active: no `expiresAt`). */
export async function newSigningKey(createdAt: Date): Promise<SigningKeyRecord> {
  const pair = await generateKeyPair(TOKEN_ALG, { crv: 'Ed25519', extractable: true });
  return {
    kid: randomUUID(),
    alg: TOKEN_ALG,
    privateJwk: JSON.stringify(await exportJWK(pair.privateKey)),
    publicJwk: JSON.stringify(await exportJWK(pair.publicKey)),
    createdAt,
    expiresAt: null,
  };
}

/** Outcome of {@link rotateSigningKey}. */
export interface SigningKeyRotation {
  /** The new active key. */
  kid: string;
  /** Until when the keys it replaced stay published and accepted. */
  retiredUntil: Date;
}

/**
 * `keys rotate-signing`: a new key signs from now on; the keys it replaces stay in the JWKS and
 * are accepted until the last token they signed can have expired: now + the token lifetime +
 * {@link SIGNING_KEY_REFRESH_MS} (a process that has not heard of the rotation may go on signing
 * with the old key that long). Then they leave the JWKS and retention deletes them. Replicas
 * reload at once (the store announces `{ kind: 'signingKey', kid }`).
 * @param ttlSec the configured token lifetime (s)
 * @throws (rejects) on database failures
 */
export async function rotateSigningKey(store: Store, options: { ttlSec: number; now?: () => Date }): Promise<SigningKeyRotation> {
  const now = (options.now ?? (() => new Date()))();
  const record = await newSigningKey(now);
  const retiredUntil = new Date(now.getTime() + options.ttlSec * 1000 + SIGNING_KEY_REFRESH_MS);
  await store.rotateSigningKey(record, retiredUntil);
  return { kid: record.kid, retiredUntil };
}

/**
 * The key that signs: the newest key not retired (after a rotation, the one it made); failing
 * that, the newest. Keys arrive oldest first.
 */
function activeKey(keys: readonly LoadedKey[]): LoadedKey | undefined {
  return keys.findLast((key) => key.expiresAtMs === null) ?? keys.at(-1);
}

/**
 * Loads the signing keys, generating the first one when the store has none, and returns the
 * token service. Every replica signs with the active key (see {@link rotateSigningKey}) and
 * verifies with every key in the store that is not past its `expiresAt`. Replicas starting together on an empty store agree on one first key: only one
 * {@link Store.addFirstSigningKey} succeeds, and each then reads the store's key.
 * @throws when the store fails, or holds a key that does not import
 */
export async function createTokenService(store: Store, keys: KeyService, options: TokenServiceOptions): Promise<TokenService> {
  const now = options.now ?? (() => new Date());
  // The hot path reads the clock as a number: no Date per request unless a test injects a clock.
  const nowMs = options.now === undefined ? Date.now : (): number => now().getTime();
  let loaded = await loadKeys(store);
  if (loaded.length === 0) {
    await store.addFirstSigningKey(await newSigningKey(now()));
    loaded = await loadKeys(store);
  }
  let byKid = new Map(loaded.map((key) => [key.kid, key]));
  const signingKey = (): LoadedKey => {
    const active = activeKey(loaded);
    if (active === undefined) throw new Error('no signing key in the store');
    return active;
  };
  // A store whose keys vanished fails here, at start, rather than at the first token.
  signingKey();
  let reloading: Promise<void> | undefined;
  let lastReloadMs = 0;
  /** When the keys were last read (real clock), for {@link SIGNING_KEY_REFRESH_MS}. */
  let loadedAtMs = Date.now();
  /** Whether a key is still valid at the (injected) clock: retired keys end at their `expiresAt`. */
  const isCurrent = (key: LoadedKey): boolean => key.expiresAtMs === null || key.expiresAtMs > now().getTime();
  /** Re-reads the signing keys; concurrent callers share one read. A failed read keeps the old keys. */
  const reloadKeys = (): Promise<void> => {
    lastReloadMs = Date.now();
    loadedAtMs = lastReloadMs;
    reloading ??= loadKeys(store)
      .then((next) => {
        if (next.length === 0) return;
        loaded = next;
        byKid = new Map(next.map((key) => [key.kid, key]));
      })
      .finally(() => {
        reloading = undefined;
      });
    return reloading;
  };
  // The throttle runs on the real clock: `now` may be frozen in tests.
  const publicKeyFor = async (kid: string | undefined): Promise<CryptoKey> => {
    if (kid === undefined) throw new joseErrors.JWKSNoMatchingKey();
    if (!byKid.has(kid) && Date.now() - lastReloadMs >= UNKNOWN_KID_RELOAD_MS) await reloadKeys();
    const key = byKid.get(kid);
    if (key === undefined || !isCurrent(key)) throw new joseErrors.JWKSNoMatchingKey();
    return key.publicKey;
  };
  const audiences = [...(options.audiences ?? [options.audience])];
  const verified = new Map<string, { principal: Principal; claims: AccessTokenClaims }>();
  const revocations = new Map<string, { revoked: boolean; untilMs: number }>();

  const isRevoked = async (jti: string): Promise<boolean> => {
    const nowMs = now().getTime();
    const cached = revocations.get(jti);
    if (cached !== undefined && (cached.revoked || cached.untilMs > nowMs)) return cached.revoked;
    const revoked = await store.isTokenRevoked(jti);
    if (revocations.size >= VERIFIED_CACHE_MAX) revocations.clear();
    revocations.set(jti, { revoked, untilMs: nowMs + REVOCATION_CACHE_TTL_MS });
    return revoked;
  };

  const checkActive = async (principal: Principal, jti: string): Promise<Principal> => {
    if (principal.agentGrant !== undefined) {
      if (options.grants === undefined || !(await options.grants.isActive(principal.agentGrant.grantId)))
        throw new ApiError('invalid_token', { message: 'The authorization behind this token was revoked or has expired.' });
    } else if ((await keys.activeKey(principal.clientId)) === undefined) {
      throw new ApiError('invalid_token', { message: 'The key behind this token was revoked or has expired.' });
    }
    if (await isRevoked(jti)) throw new ApiError('invalid_token', { message: 'This token was revoked.' });
    return principal;
  };

  /** Signature and claims, from the cache or jose. @throws {ApiError} invalid_token, token_expired */
  const verifyClaims = async (token: string): Promise<{ principal: Principal; claims: AccessTokenClaims }> => {
    const hit = verified.get(token);
    if (hit !== undefined) {
      if (hit.claims.exp * 1000 > now().getTime()) return hit;
      verified.delete(token);
      throw new ApiError('token_expired');
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, (header) => publicKeyFor(header.kid), {
        issuer: options.issuer,
        audience: audiences,
        typ: 'at+jwt',
        algorithms: [TOKEN_ALG],
        currentDate: now(),
        requiredClaims: ['exp', 'iat', 'sub', 'jti', 'client_id'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new ApiError('token_expired');
      throw new ApiError('invalid_token');
    }
    const { client_id: clientId, scope, exp, iat, jti, sub, aud, grant_id: grantId } = payload;
    if (
      typeof clientId !== 'string' ||
      typeof scope !== 'string' ||
      typeof sub !== 'string' ||
      typeof aud !== 'string' ||
      (grantId !== undefined && typeof grantId !== 'string') ||
      exp === undefined ||
      iat === undefined ||
      jti === undefined
    ) {
      throw new ApiError('invalid_token');
    }
    // Whoever holds a signing key could otherwise mint a token valid for a year: no token may
    // live longer than this server issues them, nor claim to be issued in the future.
    if (exp - iat > options.ttlSec + TOKEN_LIFETIME_LEEWAY_SEC || iat > now().getTime() / 1000 + TOKEN_LIFETIME_LEEWAY_SEC) {
      throw new ApiError('invalid_token');
    }
    const scopes = parseScopeParameter(scope).scopes;
    const principal: Principal =
      grantId === undefined
        ? { scheme: 'bearer', clientId, scopes }
        : { scheme: 'bearer', clientId, scopes, agentGrant: { subject: sub, grantId } };
    const entry = { principal, claims: { jti, clientId, subject: sub, audience: aud, grantId, scopes, iat, exp } };
    if (verified.size >= VERIFIED_CACHE_MAX) verified.clear();
    verified.set(token, entry);
    return entry;
  };

  const service: TokenService = {
    async issue(clientId, scopes, agent) {
      // On the real clock, as the unknown-kid throttle: `now` may be frozen in tests.
      if (Date.now() - loadedAtMs >= SIGNING_KEY_REFRESH_MS) reloadKeys().catch(() => undefined);
      const issuedAt = Math.floor(now().getTime() / 1000);
      const signing = signingKey();
      // RFC 9068 §2.2: the claims of a JWT access token.
      const token = await signCompactJws(
        signing.header,
        {
          client_id: clientId,
          scope: scopes.join(' '),
          iss: options.issuer,
          sub: agent?.subject ?? clientId,
          aud: agent?.audience ?? options.audience,
          iat: issuedAt,
          exp: issuedAt + options.ttlSec,
          jti: randomUUID(),
          ...(agent === undefined ? {} : { grant_id: agent.grantId }),
        },
        signing.privateKey,
      );
      return { token, expiresInSec: options.ttlSec };
    },
    cachedPrincipal(token) {
      const hit = verified.get(token);
      if (hit === undefined) return undefined;
      const atMs = nowMs();
      if (hit.claims.exp * 1000 <= atMs) return undefined;
      const grant = hit.principal.agentGrant;
      if (grant === undefined) {
        if (keys.cachedActiveKey(hit.principal.clientId, atMs) === undefined) return undefined;
      } else if (options.grants?.cachedActive(grant.grantId, atMs) !== true) return undefined;
      const revocation = revocations.get(hit.claims.jti);
      if (revocation === undefined || revocation.revoked || revocation.untilMs <= atMs) return undefined;
      return hit.principal;
    },
    async verify(token) {
      const { principal, claims } = await verifyClaims(token);
      return checkActive(principal, claims.jti);
    },
    async inspect(token) {
      try {
        const { principal, claims } = await verifyClaims(token);
        await checkActive(principal, claims.jti);
        return claims;
      } catch (error) {
        if (error instanceof ApiError) return undefined;
        throw error;
      }
    },
    async revoke(token, clientId) {
      const claims = await service.inspect(token);
      if (claims?.clientId !== clientId) return false;
      await store.revokeToken({ jti: claims.jti, clientId, expiresAt: new Date(claims.exp * 1000), revokedAt: now() });
      revocations.set(claims.jti, { revoked: true, untilMs: Number.POSITIVE_INFINITY });
      return true;
    },
    jwks: () => ({ keys: loaded.filter(isCurrent).map((key) => key.publicJwk) }),
    invalidate(change) {
      if (change.kind === 'token') {
        // A revocation recorded here stays; a "not revoked" answer is re-asked.
        if (revocations.get(change.jti)?.revoked !== true) revocations.delete(change.jti);
      } else if (change.kind === 'resync') {
        for (const [jti, entry] of revocations) if (!entry.revoked) revocations.delete(jti);
      }
      // Nothing else decides which key signs, so a failed reload only leaves the current keys.
      if (change.kind === 'signingKey' || change.kind === 'resync') reloadKeys().catch(() => undefined);
    },
  };
  return service;
}
