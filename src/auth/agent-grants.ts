/**
 * Agent grants (issue 30) as the bearer scheme sees them: whether the grant an access token was
 * issued under is still live, answered through a short cache so revocation (CLI, refresh-token
 * reuse, code replay) bites within a second or two on every replica, as key revocation does
 * (access-tokens.ts). The grants themselves are rows of the store (store.ts `AgentGrantRecord`).
 *
 * CONTRACT (issue 30): implemented on branch oauth-grants.
 */
import type { StoreChange } from '../store/store.js';

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
