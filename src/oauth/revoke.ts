/** revokeOAuthToken (RFC 7009): a client revokes one of its own tokens. */
import type { OAuthContext, TokenRequest } from './context.js';
import { authenticateTokenAction } from './token-action.js';

/**
 * authenticateTokenAction, then revokes the token when it is this client's, and audits it.
 * Whatever the token was, the caller answers 200 (RFC 7009 §2.2: an invalid token is no error).
 * @throws {ApiError} as {@link authenticateTokenAction}
 */
export async function revokeOAuthToken(ctx: OAuthContext, request: TokenRequest): Promise<void> {
  const { token, auth } = await authenticateTokenAction(ctx, request);
  if (await ctx.auth.tokens.revoke(token, auth.clientId)) {
    ctx.auth.audit({ type: 'token_revoked', clientId: auth.clientId, address: request.address, detail: null });
  }
}
