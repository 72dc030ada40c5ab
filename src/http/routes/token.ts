/**
 * The token endpoints on Fastify: createOAuthToken (RFC 6749 §4.4), revocation (RFC 7009) and
 * introspection (RFC 7662). SPEC.md's JSON body, plus form encoding and HTTP Basic client
 * authentication (RFC 6749 §2.3.1) so standard OAuth clients work. The steps and the answers are
 * framework-free (../token/): the fast path (fast-token.ts) answers most token requests with the
 * same ones, and this route answers the rest (and every request in `inject` tests).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import type { AppContext } from '../context.js';
import { toApiError } from '../errors.js';
import { NO_STORE_HEADERS, tokenErrorAnswer, unexpectedError, type TokenAnswer } from '../token/answers.js';
import { authenticateTokenAction, createOAuthToken, type TokenRequest } from '../token/grant.js';
import { parseForm, parseJson, type TokenParams } from '../token/params.js';
import { TOKEN_PATH } from '../token/fast-token.js';
import { clientAddress } from '../client-address.js';

const REVOKE_PATH = '/api/v1/oauth/revoke';
const INTROSPECT_PATH = '/api/v1/oauth/introspect';

/** What the steps read of a Fastify request; the body is what this scope's parsers made of it. */
function tokenRequestOf(ctx: AppContext, request: FastifyRequest): TokenRequest {
  return {
    method: request.method,
    headers: request.headers,
    address: clientAddress(ctx, request.raw),
    params: request.body as TokenParams | undefined,
  };
}

/** Writes a token answer as it is (the fast path writes the same). */
function sendAnswer(reply: FastifyReply, answer: TokenAnswer): FastifyReply {
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** Sends a token-endpoint error in the body format the request calls for. */
function sendTokenError(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  return sendAnswer(reply, tokenErrorAnswer(ctx.config.baseUrl, request, error));
}

/** Registers the token endpoints with their own body parsers and error handler. */
export function tokenRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, next) => {
      try {
        next(null, parseJson(body as string));
      } catch (error) {
        next(error as Error, undefined);
      }
    });
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, next) => {
      try {
        next(null, parseForm(body as string));
      } catch (error) {
        next(error as Error, undefined);
      }
    });
    scope.setErrorHandler(function tokenError(error: FastifyError, request, reply) {
      const apiError = toApiError(error, 'invalid_request') ?? unexpectedError(request.log, request.id, error);
      return sendTokenError(ctx, request, reply, apiError);
    });

    scope.post(TOKEN_PATH, async function createOAuthTokenRoute(request, reply) {
      return sendAnswer(reply, await createOAuthToken(ctx, tokenRequestOf(ctx, request)));
    });

    // RFC 7009: the client revokes one of its own tokens; the answer is 200 whatever the token was.
    scope.post(REVOKE_PATH, async function revokeOAuthToken(request, reply) {
      reply.headers(NO_STORE_HEADERS);
      const { token, auth } = await authenticateTokenAction(ctx, tokenRequestOf(ctx, request));
      if (await ctx.auth.tokens.revoke(token, auth.clientId)) {
        ctx.auth.audit({ type: 'token_revoked', clientId: auth.clientId, address: clientAddress(ctx, request.raw), detail: null });
      }
      return reply.code(200).send();
    });

    // RFC 7662: a client may introspect its own tokens; anything else is reported inactive.
    scope.post(INTROSPECT_PATH, async function introspectOAuthToken(request, reply) {
      reply.headers(NO_STORE_HEADERS);
      const { token, auth } = await authenticateTokenAction(ctx, tokenRequestOf(ctx, request));
      const claims = await ctx.auth.tokens.inspect(token);
      const body =
        claims?.clientId !== auth.clientId
          ? { active: false }
          : {
              active: true,
              scope: claims.scopes.join(' '),
              client_id: claims.clientId,
              token_type: 'Bearer',
              exp: claims.exp,
              iat: claims.iat,
              sub: claims.clientId,
              aud: ctx.config.baseUrl,
              iss: ctx.config.baseUrl,
              jti: claims.jti,
            };
      return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
    });

    for (const path of [TOKEN_PATH, REVOKE_PATH, INTROSPECT_PATH]) {
      scope.get(path, function oauthMethodNotAllowed(request, reply) {
        const error = new ApiError('method_not_allowed', {
          message: `${request.method} is not allowed here.`,
          headers: { allow: 'POST, OPTIONS' },
        });
        return sendTokenError(ctx, request, reply, error);
      });
    }
    done();
  });
}
