/**
 * Agent grants (issue 30) as the bearer scheme sees them: whether the grant an access token was
 * issued under is still live, answered through a short cache so revocation (CLI, refresh-token
 * reuse, code replay) bites within a second or two on every replica, as key revocation does
 * (access-tokens.ts). The grants themselves are rows of the store (store.ts `AgentGrantRecord`).
 */
import { randomBytes } from 'node:crypto';
import type { Store, StoreChange } from '../store/store.js';

/** Public id prefix of agent grants (`sga_` + 22 base64url characters). */
export const AGENT_GRANT_ID_PREFIX = 'sga_';
/** Prefix of refresh tokens (`sgr_` + 43 base64url characters), so secret scanners can find leaks. */
export const REFRESH_TOKEN_PREFIX = 'sgr_';

/** Whether agent grants are live. */
export interface AgentGrantService {
  /**
   * Whether the grant is neither revoked nor past its end, from the cache when it answered less
   * than a second ago, else from the store.
   * @throws (rejects) on store failures
   */
  isActive(grantId: string): Promise<boolean>;
  /** The cached answer, without I/O; undefined when {@link isActive} must ask the store. */
  cachedActive(grantId: string, atMs: number): boolean | undefined;
  /** Drops the cached answer of a grant another process revoked (`agentGrant`), or all (`resync`). */
  invalidate(change: StoreChange): void;
}

/** How long an "active" answer from the store is trusted (ms): as token revocations (access-tokens.ts). */
export const AGENT_GRANT_CACHE_TTL_MS = 1000;
/** Entries the cache holds at most; past it, it starts again empty. */
const CACHE_MAX = 50_000;

/** A new grant id: {@link AGENT_GRANT_ID_PREFIX} + 22 base64url characters (128 random bits). */
export function newAgentGrantId(): string {
  return `${AGENT_GRANT_ID_PREFIX}${randomBytes(16).toString('base64url')}`;
}

/** A new refresh token: {@link REFRESH_TOKEN_PREFIX} + 43 base64url characters (256 random bits). Only its hash is stored. */
export function newRefreshToken(): string {
  return `${REFRESH_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Options of {@link createAgentGrantService}. */
export interface AgentGrantServiceOptions {
  /** The clock (tests inject one); the cache's lifetime runs on it. */
  now?: (() => Date) | undefined;
}

/**
 * The grant service of the composition root: answers from {@link Store.getAgentGrant}, cached
 * {@link AGENT_GRANT_CACHE_TTL_MS}. An inactive answer is final (a grant never comes back), so it
 * is kept until the cache is cleared; an active one is re-asked after the TTL or on `invalidate`.
 */
export function createAgentGrantService(store: Pick<Store, 'getAgentGrant'>, options: AgentGrantServiceOptions = {}): AgentGrantService {
  const now = options.now ?? (() => new Date());
  const answers = new Map<string, { active: boolean; untilMs: number }>();
  const remember = (grantId: string, active: boolean, untilMs: number): void => {
    if (answers.size >= CACHE_MAX) answers.clear();
    answers.set(grantId, { active, untilMs });
  };
  const cachedActive = (grantId: string, atMs: number): boolean | undefined => {
    const cached = answers.get(grantId);
    if (cached === undefined) return undefined;
    if (!cached.active) return false;
    return cached.untilMs > atMs ? true : undefined;
  };
  return {
    cachedActive,
    async isActive(grantId) {
      const atMs = now().getTime();
      const cached = cachedActive(grantId, atMs);
      if (cached !== undefined) return cached;
      const grant = await store.getAgentGrant(grantId);
      const active = grant !== undefined && grant.revokedAt === null && grant.expiresAt.getTime() > atMs;
      // A live grant's answer lasts the TTL, and never past the grant's own end.
      remember(grantId, active, active ? Math.min(atMs + AGENT_GRANT_CACHE_TTL_MS, grant.expiresAt.getTime()) : Number.POSITIVE_INFINITY);
      return active;
    },
    invalidate(change) {
      if (change.kind === 'agentGrant') answers.delete(change.id);
      else if (change.kind === 'resync') for (const [id, entry] of answers) if (entry.active) answers.delete(id);
    },
  };
}
