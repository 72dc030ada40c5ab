/**
 * createOAuthToken: the OAuth 2.0 client-credentials grant (RFC 6749 §4.4) as a list of named
 * one-job steps. SPEC.md's JSON body, plus form encoding and HTTP Basic client authentication
 * (RFC 6749 §2.3.1) so standard OAuth clients work. JSON requests get SPEC.md's error object;
 * form or Basic requests the RFC 6749 §5.2 body (DESIGN.md "Errors").
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type Scope } from '../../errors.js';
import { checkFailureBudget, recordFailure } from '../../auth/authenticate.js';
import { rateLimitHeaders } from '../../auth/rate-limits.js';
import { parseScopeParameter } from '../../auth/scopes.js';
import type { AppContext } from '../context.js';
import { AUTH_REALM, portalUrl, sendApiError } from '../send.js';
import { toApiError } from '../errors.js';

/** The token request parameters, each given once. */
type TokenParams = Record<string, string>;

interface ClientAuth {
  clientId: string;
  clientSecret: string;
  method: 'client_secret_basic' | 'client_secret_post';
}

const TOKEN_PATH = '/api/v1/oauth/token';
const REVOKE_PATH = '/api/v1/oauth/revoke';
const INTROSPECT_PATH = '/api/v1/oauth/introspect';

/** Parses `application/x-www-form-urlencoded`; a repeated parameter is refused (RFC 6749 §3.2). */
function parseForm(text: string): TokenParams {
  const params: TokenParams = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(params, name)) throw new ApiError('invalid_request', { message: `The parameter ${name} is repeated.` });
    params[name] = value;
  }
  return params;
}

/** Parses the JSON body of SPEC.md §2 "Token request"; every given field must be a string. */
function parseJson(text: string): TokenParams {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_request', { message: 'The body is not valid JSON.' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ApiError('invalid_request', { message: 'The body must be a JSON object.' });
  const params: TokenParams = {};
  for (const [name, field] of Object.entries(value)) {
    if (typeof field !== 'string') throw new ApiError('invalid_request', { message: `The field ${name} must be a string.` });
    params[name] = field;
  }
  return params;
}

/** Whether errors go out as RFC 6749 §5.2 bodies: form-encoded or Basic-authenticated requests. */
function usesOAuthErrors(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return type.toLowerCase().startsWith('application/x-www-form-urlencoded') || /^basic /i.test(request.headers.authorization ?? '');
}

/** Step: no caching of token responses (RFC 6749 §5.1). */
function noStore(reply: FastifyReply): void {
  reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' });
}

/** Step: the body must be present. */
function requireParams(body: unknown): TokenParams {
  if (body === undefined || body === null)
    throw new ApiError('invalid_request', { message: 'Send the token request as a JSON or form-encoded body.' });
  return body as TokenParams;
}

/** Step: grant_type must be client_credentials. */
function checkGrantType(params: TokenParams): void {
  const grantType = params.grant_type;
  if (grantType === undefined || grantType === '') throw new ApiError('invalid_request', { message: 'grant_type is required.' });
  if (grantType !== 'client_credentials')
    throw new ApiError('unsupported_grant_type', { message: `The grant type ${grantType} is not supported; use client_credentials.` });
}

/**
 * Step: the client's credentials, from HTTP Basic (RFC 6749 §2.3.1, each half form-urlencoded:
 * Appendix B) or from the body, never both.
 */
function readClientAuth(request: FastifyRequest, params: TokenParams): ClientAuth {
  const header = request.headers.authorization;
  const basic = header === undefined ? null : /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header);
  if (header !== undefined && basic === null)
    throw new ApiError('invalid_request', { message: 'The Authorization header must be "Basic <base64(client_id:client_secret)>".' });
  if (basic?.[1] !== undefined) {
    if (params.client_secret !== undefined)
      throw new ApiError('invalid_request', {
        message: 'Authenticate the client once: HTTP Basic or client_secret in the body, not both.',
      });
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon === -1) throw new ApiError('invalid_request', { message: 'The Basic credentials must be client_id:client_secret.' });
    const clientId = formDecode(decoded.slice(0, colon));
    const clientSecret = formDecode(decoded.slice(colon + 1));
    if (params.client_id !== undefined && params.client_id !== clientId)
      throw new ApiError('invalid_request', { message: 'client_id in the body differs from the Basic credentials.' });
    return { clientId, clientSecret, method: 'client_secret_basic' };
  }
  const { client_id: clientId, client_secret: clientSecret } = params;
  if (clientId === undefined || clientId === '' || clientSecret === undefined || clientSecret === '') {
    throw new ApiError('invalid_request', { message: 'client_id and client_secret are required.' });
  }
  return { clientId, clientSecret, method: 'client_secret_post' };
}

function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new ApiError('invalid_request', { message: 'The Basic credentials are not correctly percent-encoded.' });
  }
}

/** Step: brute-force limits per address and per client_id, before any secret is checked. */
async function checkRateLimits(ctx: AppContext, address: string, clientId: string): Promise<void> {
  const perAddress = await ctx.auth.limiter.consume('token', address);
  if (!perAddress.allowed) throw new ApiError('rate_limited', { headers: rateLimitHeaders(perAddress) });
  await checkFailureBudget(ctx.auth, address);
  const perClient = await ctx.auth.limiter.check('clientFailures', clientId);
  if (!perClient.allowed)
    throw new ApiError('rate_limited', { message: 'Too many failed attempts for this client.', headers: rateLimitHeaders(perClient) });
}

/** Step: the client must be a known, active key with this secret; any refusal is the same 401. */
async function authenticateClient(ctx: AppContext, address: string, auth: ClientAuth): Promise<Scope[]> {
  const result = await ctx.auth.keys.verify(auth.clientId, auth.clientSecret);
  if (result.ok) return result.key.scopes;
  await recordFailure(ctx.auth, address, auth.clientId, 'invalid_client');
  await ctx.auth.limiter.consume('clientFailures', auth.clientId);
  const headers: Record<string, string> =
    auth.method === 'client_secret_basic' ? { 'www-authenticate': `Basic realm="${AUTH_REALM}"` } : {};
  throw new ApiError('invalid_client', { headers });
}

/** Step: requested scopes must be known and granted to the key; omitted means all of them. */
function checkScope(params: TokenParams, granted: readonly Scope[]): Scope[] {
  const requested = params.scope;
  if (requested === undefined || requested.trim() === '') return [...granted];
  const { scopes, unknown } = parseScopeParameter(requested);
  if (unknown.length > 0) throw new ApiError('invalid_scope', { message: `Unknown scope: ${unknown.join(' ')}.` });
  const missing = scopes.filter((scope) => !granted.includes(scope));
  if (missing.length > 0) throw new ApiError('invalid_scope', { message: `This client is not granted: ${missing.join(' ')}.` });
  return scopes;
}

/** Step (revocation, introspection): the `token` parameter is required (RFC 7009 §2.1, RFC 7662 §2.1). */
function requireToken(params: TokenParams): string {
  const token = params.token;
  if (token === undefined || token === '') throw new ApiError('invalid_request', { message: 'token is required.' });
  return token;
}

/**
 * The steps revocation and introspection share: no caching, a `token` parameter, and the client
 * authenticated as at the token endpoint (RFC 7009 §2.1, RFC 7662 §2.1).
 */
async function authenticateTokenAction(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ token: string; auth: ClientAuth }> {
  noStore(reply);
  const params = requireParams(request.body);
  const token = requireToken(params);
  const auth = readClientAuth(request, params);
  await checkRateLimits(ctx, request.ip, auth.clientId);
  await authenticateClient(ctx, request.ip, auth);
  return { token, auth };
}

/** Sends a token-endpoint error in the body format the request calls for. */
function sendTokenError(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  noStore(reply);
  if (!usesOAuthErrors(request)) return sendApiError(reply, ctx.config.baseUrl, error);
  const docs = error.toBody(portalUrl(ctx.config.baseUrl));
  const body = { ...docs, error: error.code, error_description: error.message, error_uri: docs.docs };
  return reply
    .code(error.status)
    .headers({ ...error.headers, 'content-type': 'application/json; charset=utf-8' })
    .send(JSON.stringify(body));
}

/** Registers the token endpoint with its own body parsers and error handler. */
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
      const apiError = toApiError(error, 'invalid_request');
      if (apiError !== undefined) return sendTokenError(ctx, request, reply, apiError);
      request.log.error({ reqId: request.id, err: error }, 'token endpoint error');
      return sendTokenError(
        ctx,
        request,
        reply,
        new ApiError('internal_error', { message: `Something went wrong on our side (request id ${request.id}).` }),
      );
    });

    scope.post(TOKEN_PATH, async function createOAuthToken(request, reply) {
      noStore(reply);
      const params = requireParams(request.body);
      checkGrantType(params);
      const auth = readClientAuth(request, params);
      await checkRateLimits(ctx, request.ip, auth.clientId);
      const granted = await authenticateClient(ctx, request.ip, auth);
      const scopes = checkScope(params, granted);
      const { token, expiresInSec } = ctx.auth.tokens.issue(auth.clientId, scopes);
      ctx.auth.keys.touch(auth.clientId);
      ctx.auth.audit({
        type: 'token_issued',
        clientId: auth.clientId,
        address: request.ip,
        detail: `scope=${scopes.join(' ')} method=${auth.method}`,
      });
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: expiresInSec, scope: scopes.join(' ') }));
    });

    // RFC 7009: the client revokes one of its own tokens; the answer is 200 whatever the token was.
    scope.post(REVOKE_PATH, async function revokeOAuthToken(request, reply) {
      const { token, auth } = await authenticateTokenAction(ctx, request, reply);
      if (await ctx.auth.tokens.revoke(token, auth.clientId)) {
        ctx.auth.audit({ type: 'token_revoked', clientId: auth.clientId, address: request.ip, detail: null });
      }
      return reply.code(200).send();
    });

    // RFC 7662: a client may introspect its own tokens; anything else is reported inactive.
    scope.post(INTROSPECT_PATH, async function introspectOAuthToken(request, reply) {
      const { token, auth } = await authenticateTokenAction(ctx, request, reply);
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
