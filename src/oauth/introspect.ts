/**
 * introspectOAuthToken (RFC 7662): a client may introspect its own tokens; anything else is
 * inactive. An agent's token (issue 30) reports the person as `sub` and its resource as `aud`.
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
 * authenticateTokenAction, then the token's claims when it is this client's and still valid.
 * @throws {ApiError} as {@link authenticateTokenAction}
 */
export async function introspectOAuthToken(ctx: OAuthContext, request: TokenRequest): Promise<IntrospectionResponse> {
  const { token, clientId } = await authenticateTokenAction(ctx, request);
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
