/**
 * The token endpoints' answers: createOAuthToken (RFC 6749 §4.4), revocation (RFC 7009) and
 * introspection (RFC 7662). The OAuth steps live in src/oauth/; these wrap their results in
 * answers. The listener has parsed the body (JSON or form, oauth/params.ts) and answers errors in
 * the token endpoints' form (error-answer.ts `oauth`).
 */
import type { TokenParams } from '../oauth/params.js';
import type { OAuthContext, TokenRequest } from '../oauth/context.js';
import { createOAuthToken, tokenResponseBody } from '../oauth/grant.js';
import { revokeOAuthToken } from '../oauth/revoke.js';
import { introspectOAuthToken } from '../oauth/introspect.js';
import { NO_STORE_HEADERS, TOKEN_SUCCESS_HEADERS } from '../oauth/answers.js';
import { plainAnswer, type RequestFacts, type RouteAnswer } from './answer.js';

/** What the OAuth steps read of a request. */
function tokenRequestOf(facts: RequestFacts): TokenRequest {
  return { headers: facts.headers, address: facts.address, params: facts.body as TokenParams | undefined };
}

/** createOAuthToken: the token response, not cached (RFC 6749 §5.1). */
export function createOAuthTokenAnswer(ctx: OAuthContext): RouteAnswer {
  return async function createOAuthTokenAnswer(facts) {
    return plainAnswer(200, TOKEN_SUCCESS_HEADERS, tokenResponseBody(await createOAuthToken(ctx, tokenRequestOf(facts))));
  };
}

/** revokeOAuthToken: 200 with an empty body whatever the token was (RFC 7009 §2.2). */
export function revokeOAuthTokenAnswer(ctx: OAuthContext): RouteAnswer {
  return async function revokeOAuthTokenAnswer(facts) {
    await revokeOAuthToken(ctx, tokenRequestOf(facts));
    return plainAnswer(200, NO_STORE_HEADERS, undefined);
  };
}

/** introspectOAuthToken: RFC 7662 §2.2's JSON, not cached. */
export function introspectOAuthTokenAnswer(ctx: OAuthContext): RouteAnswer {
  return async function introspectOAuthTokenAnswer(facts) {
    return plainAnswer(200, TOKEN_SUCCESS_HEADERS, JSON.stringify(await introspectOAuthToken(ctx, tokenRequestOf(facts))));
  };
}
