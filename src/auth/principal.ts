/** Who made a request: the outcome of authentication (DESIGN.md "Who may read what"). */
import type { Scope } from '../errors.js';

/**
 * The credential schemes, a small registry (auth/schemes.ts): `X-API-Key`, `Authorization: Bearer`
 * (SPEC.md §5), and the browser session cookie of a person signed in through the identity provider
 * (issue 29, signin/). Answers never branch on the scheme: they read {@link Principal.scopes}.
 */
export type SchemeName = 'apiKey' | 'bearer' | 'session';

/** An authenticated client or person (SPEC.md §2 "Whoami": scheme and scopes). */
export interface Principal {
  /** Which credential was presented. */
  scheme: SchemeName;
  /**
   * The OAuth client_id (the API key's public id, the token's `client_id`); for a session,
   * {@link SESSION_CLIENT_ID}: analytics and observers count people together, never per session.
   */
  clientId: string;
  scopes: Scope[];
  /**
   * The person, for a session: the identity provider's `sub` (OpenID Connect Core §2), the name the
   * header shows (`name`, else `email`, else `preferred_username`, else `sub`), and the session's
   * public id (`sgs_…`, what `sitegate sessions` lists; never the cookie's secret value).
   */
  person?: { subject: string; name: string; sessionId: string };
  /**
   * For a bearer token an agent got through the authorization code grant (issue 30): the person it
   * acts for (the token's `sub`) and the agent grant (`grant_id`, `sga_…`) it was issued under.
   * {@link clientId} is then the agent's client_id. Absent for every other credential.
   */
  agentGrant?: { subject: string; grantId: string };
}

/** The {@link Principal.clientId} of every session principal. */
export const SESSION_CLIENT_ID = 'browser-session';

/** A credential as presented on a request, before it is checked. */
export type PresentedCredential = { scheme: SchemeName; value: string };
