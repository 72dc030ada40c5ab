/**
 * People's browser sessions (issue 29; DESIGN.md "Who may read what"): made at sign-in
 * (signin/callback), read by the session credential scheme on every request that carries the
 * cookie, ended by sign-out or `sitegate sessions revoke`. Kept in the store, so every replica
 * sees a session and a revocation reaches all of them within the cache's bound.
 */
import type { Scope } from './scopes.js';
import type { Principal } from './principal.js';
import type { SessionRecord } from '../store/store.js';

/** Who signed in, as the sign-in step hands it over. */
export interface NewSession {
  /** The provider's `sub`. */
  subject: string;
  /** What the header shows (see {@link SessionRecord.name}). */
  name: string;
  email: string | null;
  scopes: Scope[];
  /** The client's IP address, for the audit log. */
  address: string;
}

/** The sessions, as the listener, the sign-in routes and the CLI use them. */
export interface SessionService {
  /**
   * Starts a session and records `signed_in` in the audit log.
   * @returns the cookie value (the secret: only its hash is stored) and the record
   */
  create(session: NewSession): Promise<{ cookieValue: string; record: SessionRecord }>;
  /**
   * The principal of a cookie value checked moments ago, without I/O; undefined when it must be
   * checked afresh ({@link verify}).
   */
  cachedPrincipal(cookieValue: string): Principal | undefined;
  /**
   * The principal of a cookie value, or undefined when it names no live session (unknown,
   * revoked, past its idle or absolute lifetime): such a cookie is no credential, the request is
   * anonymous. Touches the session (idle lifetime), at most once a minute.
   */
  verify(cookieValue: string): Promise<Principal | undefined>;
  /**
   * Ends the session of a cookie value (sign-out) and records `signed_out`.
   * @returns the session ended, or undefined when it named none
   */
  end(cookieValue: string, address: string): Promise<SessionRecord | undefined>;
}
