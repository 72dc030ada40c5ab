/**
 * The shape of the people sign-in settings (`auth` in sitegate.json, issue 29): the identity
 * provider sitegate is a relying party of (OpenID Connect Core 1.0), the grants that turn a
 * person's claims into scopes, and the session lifetimes. config/settings.ts lists the settings;
 * config/config.ts builds this value.
 */
import type { Scope } from '../auth/scopes.js';
import { DEFAULT_AGENT_AUTH, type AgentAuthSettings } from '../oauth/settings.js';

/** The identity provider and sitegate's registration there (`auth.oidc`). */
export interface OidcSettings {
  /**
   * The issuer identifier (OpenID Connect Discovery 1.0 §3), e.g. `https://login.example.com/realms/staff`;
   * `https:`, or `http:` on a loopback address only (development, tests).
   */
  issuer: string;
  /** sitegate's client_id at the provider. */
  clientId: string;
  /**
   * The client secret (`client_secret_basic`); null for a public client (PKCE only). From
   * `auth.oidc.clientSecret`, `SITEGATE_OIDC_CLIENT_SECRET` or the file `auth.oidc.clientSecretFile` names.
   */
  clientSecret: string | null;
  /** Scopes asked of the provider (`openid` always among them), e.g. `openid profile email groups`. */
  scopes: string[];
}

/**
 * One grant rule (`auth.grants[]`): when the claim named `claim` (from the ID token or userinfo)
 * satisfies the test, the person gets `scopes`. Tests: `anyOf` (the claim, or any item of a list
 * claim, equals one of these), `endsWith` (a string claim ends with one of these, compared without
 * letter case: e-mail domains). A person gets the union of the scopes of every grant satisfied.
 */
export interface GrantRule {
  claim: string;
  anyOf?: string[];
  endsWith?: string[];
  scopes: Scope[];
}

/** The `auth` settings. */
export interface AuthSettings {
  /** The identity provider; null = sign-in is off (the `/_sitegate/login` routes answer 404). */
  oidc: OidcSettings | null;
  grants: GrantRule[];
  /** Absolute session lifetime in seconds (`auth.sessionTtl`, default 28,800 = 8 h). */
  sessionTtlSec: number;
  /** Idle session lifetime in seconds (`auth.sessionIdleTtl`, default 3,600): no request for this long ends it. */
  sessionIdleTtlSec: number;
  /**
   * `auth.autoSignIn`: a browser without a session that asks for an internal page is sent (302)
   * to `/_sitegate/login?return_to=…` instead of getting the 401 page with a "Sign in" button.
   */
  autoSignIn: boolean;
  /** The authorization server for agents acting for a person (issue 30, oauth/settings.ts). */
  agents: AgentAuthSettings;
}

/** Default absolute session lifetime (seconds). */
export const DEFAULT_SESSION_TTL_SEC = 8 * 60 * 60;
/** Default idle session lifetime (seconds). */
export const DEFAULT_SESSION_IDLE_TTL_SEC = 60 * 60;

/** Shortest session lifetime accepted, absolute or idle (seconds; `auth.sessionTtl`, `auth.sessionIdleTtl`). */
export const SESSION_TTL_MIN_SEC = 60;
/** Longest session lifetime accepted, absolute or idle (seconds): 30 days. */
export const SESSION_TTL_MAX_SEC = 30 * 24 * 60 * 60;
/** Default of `auth.oidc.scopes`: the scopes asked of the provider (OpenID Connect Core 1.0 §5.4). */
export const DEFAULT_OIDC_SCOPES: readonly string[] = ['openid', 'profile', 'email'];

/** Sign-in off: what the loader gives when `auth` is not set. */
export const NO_SIGN_IN: AuthSettings = {
  oidc: null,
  grants: [],
  sessionTtlSec: DEFAULT_SESSION_TTL_SEC,
  sessionIdleTtlSec: DEFAULT_SESSION_IDLE_TTL_SEC,
  autoSignIn: false,
  agents: DEFAULT_AGENT_AUTH,
};

/**
 * Origins a page's sign-out form may lead to besides the site's own (the CSP `form-action`
 * directive, CSP Level 3 §6.4.1, also governs the redirects that follow a form's submission):
 * the provider's, where RP-initiated logout continues (OpenID Connect RP-Initiated Logout 1.0 §2).
 * Its `end_session_endpoint` is on the issuer's origin at Keycloak, Entra ID and Okta; Google has none.
 * @returns `[]` when sign-in is off, else the issuer's origin (`https://login.example.com`)
 */
export function signOutFormTargets(auth: Pick<AuthSettings, 'oidc'>): string[] {
  return auth.oidc === null ? [] : [new URL(auth.oidc.issuer).origin];
}

/** sitegate's routes of the sign-in, under its reserved prefix (no docs folder can collide with it). */
export const SIGNIN_PATHS = {
  /** `GET ?return_to=/path` starts the authorization code flow. */
  login: '/_sitegate/login',
  /** `GET` the redirect URI registered at the provider: `{baseUrl}/_sitegate/callback`. */
  callback: '/_sitegate/callback',
  /** `POST` ends the session (same-origin only) and, when the provider has `end_session_endpoint`, RP-initiated logout. */
  logout: '/_sitegate/logout',
} as const;
