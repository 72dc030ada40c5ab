/**
 * The authorization server's metadata (issue 30): RFC 8414 §2 at `/.well-known/oauth-authorization-server`
 * and the same members, with the two OpenID Connect Discovery 1.0 §3 requires, at
 * `/.well-known/openid-configuration`, where some clients look first (MCP 2025-11-25
 * Authorization, "Authorization Server Metadata Discovery"). Pure builders over the base URL and
 * the agent settings (oauth/settings.ts); a member is omitted when it has no value (RFC 8414 §2).
 */
import { SCOPES } from '../auth/scopes.js';
import type { AgentAuthSettings } from '../oauth/settings.js';
import { ENDPOINT_PATHS } from './well-known.js';

/**
 * Client authentication at the token and revocation endpoints (RFC 8414 §2, IANA "OAuth Token
 * Endpoint Authentication Methods"): API keys authenticate with their secret (RFC 6749 §2.3.1),
 * public agent clients with none (OAuth 2.1 §2.1: PKCE stands in for a secret at the token
 * endpoint; RFC 7009 §2.1: a public client revokes its own tokens with its client_id).
 */
const PUBLIC_CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'];

/** Introspection needs an authenticated caller (RFC 7662 §2.1): API keys only, never `none`. */
const CONFIDENTIAL_CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'];

/**
 * RFC 8414 §2 authorization server metadata of sitegate: the authorization code grant with PKCE
 * S256 only (OAuth 2.1 §4.1.1, MCP Authorization "Authorization Code Protection"), refresh tokens
 * and the client credentials grant of API keys; the response in the query (RFC 6749 §4.1.2) with
 * `iss` (RFC 9207 §3); the registration endpoint only when `auth.dynamicClientRegistration` is on
 * (RFC 7591 §3); `client_id_metadata_document_supported` when
 * `auth.clientIdMetadataDocuments.enabled` (draft-ietf-oauth-client-id-metadata-document §4).
 * @param baseUrl public base URL without trailing slash; also the issuer (RFC 8414 §3.3)
 * @param agents the agent settings (`config.auth.agents`)
 * @returns the JSON object, members in the order RFC 8414 §2 lists them
 */
export function buildAuthorizationServerMetadata(baseUrl: string, agents: AgentAuthSettings): Record<string, unknown> {
  return {
    issuer: baseUrl,
    authorization_endpoint: baseUrl + ENDPOINT_PATHS.authorization,
    token_endpoint: baseUrl + ENDPOINT_PATHS.token,
    jwks_uri: baseUrl + ENDPOINT_PATHS.jwks,
    ...(agents.dynamicClientRegistration ? { registration_endpoint: baseUrl + ENDPOINT_PATHS.registration } : {}),
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: PUBLIC_CLIENT_AUTH_METHODS,
    service_documentation: baseUrl + ENDPOINT_PATHS.portal,
    revocation_endpoint: baseUrl + ENDPOINT_PATHS.revocation,
    revocation_endpoint_auth_methods_supported: PUBLIC_CLIENT_AUTH_METHODS,
    introspection_endpoint: baseUrl + ENDPOINT_PATHS.introspection,
    introspection_endpoint_auth_methods_supported: CONFIDENTIAL_CLIENT_AUTH_METHODS,
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    ...(agents.clientIdMetadataDocuments.enabled ? { client_id_metadata_document_supported: true } : {}),
  };
}

/**
 * The document at `/.well-known/openid-configuration`: the RFC 8414 metadata plus the two members
 * OpenID Connect Discovery 1.0 §3 makes REQUIRED that RFC 8414 lacks, so that clients which parse
 * it as an OpenID provider's (the MCP SDK's `discoverAuthorizationServerMetadata`, oauth4webapi's
 * `algorithm: 'oidc'`) accept it. It claims no OpenID feature sitegate lacks: no `openid` scope,
 * no ID token (`id_token_signing_alg_values_supported` is empty), no userinfo endpoint.
 * `subject_types_supported: ["public"]`: the `sub` of sitegate's access tokens (the person, or the
 * API key's client_id) is the same for every client (OpenID Connect Core 1.0 §8).
 * @param baseUrl public base URL without trailing slash; also the issuer (OpenID Connect Discovery 1.0 §4.3)
 * @param agents the agent settings (`config.auth.agents`)
 */
export function buildOpenIdConfiguration(baseUrl: string, agents: AgentAuthSettings): Record<string, unknown> {
  return {
    ...buildAuthorizationServerMetadata(baseUrl, agents),
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [],
  };
}
