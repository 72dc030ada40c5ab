/**
 * sitegate as the OAuth 2.1 authorization server of agents that act for a person (issue 30): its
 * settings, its paths and its fixed lifetimes. config/settings.ts lists the settings (`auth.*`);
 * config/config.ts builds {@link AgentAuthSettings}. The policy follows the MCP authorization spec
 * (2025-11-25 and 2026-07-28, "Authorization"), OAuth 2.1 (draft-ietf-oauth-v2-1-13), RFC 7636
 * (PKCE), RFC 8707 (resource indicators), RFC 9207 (`iss` in the response), RFC 8252 (native apps),
 * RFC 7591 (dynamic registration) and draft-ietf-oauth-client-id-metadata-document.
 */

/** A client the operator registered in config (`auth.clients[]`): a public client (PKCE, no secret). */
export interface ConfiguredClient {
  /** Its client_id: 1–255 characters from `[A-Za-z0-9._:/-]`, not starting with `sgc_`, `http://` nor `https://` (config/client-checks.ts). */
  clientId: string;
  /** The name the consent page shows. */
  name: string;
  /** Exact redirect URIs (a loopback `http://127.0.0.1/…`, `http://[::1]/…` or `http://localhost/…` one matches any port, RFC 8252 §7.3: oauth/clients/redirect-uris.ts). */
  redirectUris: string[];
}

/** The settings of the authorization server for agents. */
export interface AgentAuthSettings {
  /**
   * Client ID Metadata Documents (`auth.clientIdMetadataDocuments`): a client_id that is an https URL
   * names the JSON document describing the client, fetched with SSRF defences.
   */
  clientIdMetadataDocuments: {
    /** Default true. */
    enabled: boolean;
    /**
     * Default false: documents are fetched from public addresses only. True for private networks and
     * tests (the TLS trust store stays Node's: `NODE_EXTRA_CA_CERTS` adds a CA).
     */
    allowPrivateAddresses: boolean;
  };
  /** RFC 7591 dynamic registration (`auth.dynamicClientRegistration`); default false: the operator decides. */
  dynamicClientRegistration: boolean;
  /** Pre-registered public clients (`auth.clients`); default none. */
  clients: ConfiguredClient[];
  /**
   * Absolute lifetime of an agent grant and its refresh tokens, in seconds (`auth.refreshTokenTtl`,
   * default 30 days, 1 hour to 365 days). Access tokens keep `tokenTtl`.
   */
  refreshTokenTtlSec: number;
}

/** Default absolute lifetime of an agent grant (s): 30 days. */
export const DEFAULT_REFRESH_TOKEN_TTL_SEC = 30 * 24 * 60 * 60;

/** What the loader gives when none of the settings is set. */
export const DEFAULT_AGENT_AUTH: AgentAuthSettings = {
  clientIdMetadataDocuments: { enabled: true, allowPrivateAddresses: false },
  dynamicClientRegistration: false,
  clients: [],
  refreshTokenTtlSec: DEFAULT_REFRESH_TOKEN_TTL_SEC,
};

/** Lifetime of an authorization code (s): RFC 6749 §4.1.2 asks for short ones (oidc-provider's default). */
export const AUTHORIZATION_CODE_TTL_SEC = 60;

/** The authorization server's endpoints beside the token endpoint of SPEC.md. */
export const OAUTH_PATHS = {
  /** `GET`: the authorization endpoint (RFC 6749 §3.1); `POST`: the consent form's answer. */
  authorize: '/api/v1/oauth/authorize',
  token: '/api/v1/oauth/token',
  /** `POST`: RFC 7591 registration, when `auth.dynamicClientRegistration` is on (else 404). */
  register: '/api/v1/oauth/register',
  revoke: '/api/v1/oauth/revoke',
  introspect: '/api/v1/oauth/introspect',
} as const;

/**
 * The RFC 8707 resources a token may be issued for, relative to the base URL: the whole site (the
 * HTTP API and pages, as the root protected-resource metadata names it) and the MCP server (as
 * `/.well-known/oauth-protected-resource/mcp` names it). A token for either is accepted by both:
 * they are one resource server.
 * @returns `[baseUrl, baseUrl + '/mcp']`
 */
export function resourcesOf(baseUrl: string): [string, string] {
  return [baseUrl, `${baseUrl}/mcp`];
}
