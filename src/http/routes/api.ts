/** searchSite and getHealth (SPEC.md §4). */
import type { FastifyInstance } from 'fastify';
import { SearchQuerySchema } from '../../api/schemas.js';
import type { AppContext } from '../context.js';
import { sendBody } from '../send.js';
import type { RouteErrorConfig } from '../errors.js';

/** Parsed, validated search parameters. */
interface SearchQuery {
  q?: string;
  limit?: number;
  offset: number;
}

/** Default page size when `q` is given (DESIGN.md "Search"). */
export const DEFAULT_SEARCH_LIMIT = 20;

const JSON_HEADERS = { 'x-content-type-options': 'nosniff' };

/** Registers searchSite and getHealth. */
export function apiRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/health', function getHealth(request, reply) {
    return sendBody(request, reply, ctx.snapshot().discovery.health, { ...JSON_HEADERS, 'cache-control': 'no-store' });
  });

  const searchConfig: RouteErrorConfig = { validationCode: 'invalid_query' };
  app.get<{ Querystring: SearchQuery }>(
    '/api/search.json',
    { schema: { querystring: SearchQuerySchema }, config: searchConfig },
    function searchSite(request, reply) {
      const snapshot = ctx.snapshot();
      const { limit, offset } = request.query;
      const q = request.query.q?.trim() ?? '';
      if (q === '' && limit === undefined && offset === 0) return sendBody(request, reply, snapshot.discovery.publicIndex, JSON_HEADERS);
      const results =
        q === ''
          ? snapshot.search.publicDocuments.slice(offset, limit === undefined ? undefined : offset + limit)
          : snapshot.search.search(q, { limit: limit ?? DEFAULT_SEARCH_LIMIT, offset, includeInternal: false }).results;
      return reply
        .headers({ ...JSON_HEADERS, 'cache-control': 'public, max-age=60', 'content-type': 'application/json; charset=utf-8' })
        .send(JSON.stringify(results));
    },
  );
}
