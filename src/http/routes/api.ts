/** searchSite, getHealth and getWhoami (SPEC.md §4), and the JWKS of access-token keys. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SearchQuerySchema } from '../../api/schemas.js';
import { ApiError } from '../../errors.js';
import { cachedPrincipal, requireScopes } from '../../auth/authenticate.js';
import { rateLimitHeaders } from '../../auth/rate-limits.js';
import type { Principal } from '../../auth/principal.js';
import type { AppContext } from '../context.js';
import { sendBody } from '../send.js';
import type { RouteErrorConfig } from '../errors.js';
import { presentedCredential, principalOf, requirePrincipal } from '../credentials.js';
import { PUBLIC_CORS_HEADERS } from '../headers.js';
import { clientAddress } from '../client-address.js';

/** Parsed, validated search parameters. */
interface SearchQuery {
  q?: string;
  limit?: number;
  offset: number;
}

/** Default page size when `q` is given (DESIGN.md "Search"). */
export const DEFAULT_SEARCH_LIMIT = 20;

const JSON_HEADERS = { 'x-content-type-options': 'nosniff' };
/** Headers of JSON answers that are the same for everyone: readable from any origin (headers.ts). */
const PUBLIC_JSON_HEADERS = { ...JSON_HEADERS, ...PUBLIC_CORS_HEADERS };
/** Response headers of getHealth. */
export const HEALTH_HEADERS = { ...PUBLIC_JSON_HEADERS, 'cache-control': 'no-store' };
const JSON_TYPE = 'application/json; charset=utf-8';

/** Registers searchSite, getHealth, getWhoami and the JWKS. */
export function apiRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/health', function getHealth(request, reply) {
    return sendBody(request, reply, ctx.snapshot().discovery.health, HEALTH_HEADERS);
  });

  app.get('/api/v1/whoami', function getWhoami(request, reply) {
    // A credential accepted moments ago is answered without I/O or awaiting; otherwise it is
    // checked in full (and any refusal thrown to the error handler).
    const credential = presentedCredential(request);
    const cached = credential === undefined ? undefined : cachedPrincipal(ctx.auth, credential, clientAddress(ctx, request.raw));
    if (cached !== undefined) {
      ctx.auth.keys.touch(cached.clientId);
      return sendWhoami(reply, cached);
    }
    return requirePrincipal(ctx, request).then((principal) => sendWhoami(reply, principal));
  });

  app.get('/.well-known/jwks.json', function getJwks(_request, reply) {
    return reply
      .headers({ ...PUBLIC_JSON_HEADERS, 'cache-control': 'public, max-age=300', 'content-type': 'application/jwk-set+json' })
      .send(JSON.stringify(ctx.auth.tokens.jwks()));
  });

  const searchConfig: RouteErrorConfig = { validationCode: 'invalid_query' };
  app.get<{ Querystring: SearchQuery }>(
    '/api/search.json',
    {
      schema: { querystring: SearchQuerySchema },
      config: searchConfig,
      // The querystring parser turns a repeated parameter into an array; say so plainly.
      preValidation: function rejectRepeatedParameters(request, _reply, done) {
        const repeated = Object.entries(request.query as unknown as Record<string, unknown>).find(([, value]) => Array.isArray(value));
        done(
          repeated === undefined
            ? undefined
            : new ApiError('invalid_query', { message: `The parameter ${repeated[0]} is given more than once.` }),
        );
      },
    },
    async function searchSite(request, reply) {
      const limit = await ctx.auth.limiter.consume('search', clientAddress(ctx, request.raw));
      if (!limit.allowed) throw new ApiError('rate_limited', { headers: rateLimitHeaders(limit) });
      // SPEC.md §4 rule 2: no credential → public; a credential must be valid and carry search:read.
      const principal = await principalOf(ctx, request);
      if (principal !== undefined) requireScopes(principal, ['search:read']);
      return sendSearch(ctx, request, reply, principal);
    },
  );
}

/** Response headers of getWhoami's 200. */
export const WHOAMI_HEADERS = { ...JSON_HEADERS, 'cache-control': 'no-store', 'content-type': JSON_TYPE };

/** getWhoami's 200 body (SPEC.md §2 "Whoami object"). */
export function whoamiBody(principal: Principal): string {
  return JSON.stringify({ authenticated: true, scheme: principal.scheme, scopes: principal.scopes });
}

/** getWhoami's answer (SPEC.md §4 rule 3); DESIGN.md: 403 insufficient_scope without search:read. */
function sendWhoami(reply: FastifyReply, principal: Principal): FastifyReply {
  requireScopes(principal, ['search:read']);
  return reply.headers(WHOAMI_HEADERS).send(whoamiBody(principal));
}

function sendSearch(
  ctx: AppContext,
  request: FastifyRequest<{ Querystring: SearchQuery }>,
  reply: FastifyReply,
  principal: Principal | undefined,
): FastifyReply {
  const snapshot = ctx.snapshot();
  const includeInternal = principal?.scopes.includes('internal:read') ?? false;
  const cacheControl = principal === undefined ? undefined : 'private, no-store';
  // An answer for a credential is not for other origins to read (headers.ts).
  const baseHeaders = principal === undefined ? PUBLIC_JSON_HEADERS : JSON_HEADERS;
  const { limit, offset } = request.query;
  const q = request.query.q?.trim() ?? '';
  if (q === '' && limit === undefined && offset === 0) {
    const body = includeInternal ? snapshot.discovery.fullIndex : snapshot.discovery.publicIndex;
    return sendBody(request, reply, body, cacheControl === undefined ? baseHeaders : { ...baseHeaders, 'cache-control': cacheControl });
  }
  const documents = includeInternal ? snapshot.search.allDocuments : snapshot.search.publicDocuments;
  const results =
    q === ''
      ? documents.slice(offset, limit === undefined ? undefined : offset + limit)
      : snapshot.search.search(q, { limit: limit ?? DEFAULT_SEARCH_LIMIT, offset, includeInternal }).results;
  return reply
    .headers({ ...baseHeaders, 'cache-control': cacheControl ?? 'public, max-age=60', 'content-type': JSON_TYPE })
    .send(JSON.stringify(results));
}
