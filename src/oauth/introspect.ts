/**
 * introspectOAuthToken (RFC 7662): a confidential client (an API key) may introspect its own
 * tokens; anything else is inactive. Public clients (the agents of issue 30) are refused (401
 * `invalid_client`): the metadata lists only confidential methods for this endpoint (RFC 7662 §2.1).
 */
import type { OAuthContext, TokenRequest } from './context.js';
import { authenticateTokenAction } from './token-action.js';

/** RFC 7662 §2.2's response: `{active: false}`, or the token's claims. */
export type IntrospectionResponse =
  | { active: false }
  | {
      active: true;
      scope: string;
      client_id: string;
      token_type: 'Bearer';
      /** Expiry, seconds since the epoch. */
      exp: number;
      /** Issued at, seconds since the epoch. */
      iat: number;
      sub: string;
      aud: string;
      iss: string;
      jti: string;
    };

/**
 * authenticateTokenAction (confidential clients only: RFC 7662 §2.1, as the metadata's
 * `introspection_endpoint_auth_methods_supported` says), then the token's claims when it is this
 * client's and still valid.
 * @throws {ApiError} as {@link authenticateTokenAction}; `invalid_client` (401) for a public
 *   client's client_id alone
 */
export async function introspectOAuthToken(ctx: OAuthContext, request: TokenRequest): Promise<IntrospectionResponse> {
  const { token, clientId } = await authenticateTokenAction(ctx, request, 'confidential');
  const claims = await ctx.auth.tokens.inspect(token);
  if (claims?.clientId !== clientId) return { active: false };
  return {
    active: true,
    scope: claims.scopes.join(' '),
    client_id: claims.clientId,
    token_type: 'Bearer',
    exp: claims.exp,
    iat: claims.iat,
    sub: claims.subject,
    aud: claims.audience,
    iss: ctx.config.baseUrl,
    jti: claims.jti,
  };
}
