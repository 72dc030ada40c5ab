/**
 * The MCP server (Model Context Protocol, tools `search` and `fetch`) over the current snapshot.
 * Tool results follow the shape agent hosts expect of search/fetch tools: search returns
 * `{results: [{id, title, url, description}]}`, fetch returns `{id, title, url, text}` with the
 * page's markdown. Framework-free: `http/routes/mcp.ts` connects it to a Streamable HTTP transport.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import { decodeRequestPath } from '../content/paths.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { resolvePath } from '../snapshot/lookup.js';
import { API_VERSION } from '../discovery/openapi.js';

/** Results per search call when the caller gives no limit. */
export const MCP_DEFAULT_LIMIT = 10;

/** What the tools need for one request. */
export interface McpContext {
  snapshot: Snapshot;
  /** Public base URL without trailing slash. */
  baseUrl: string;
  /** The caller, or undefined for anonymous calls (public pages only). */
  principal: Principal | undefined;
}

const textResult = (value: Record<string, unknown>) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(value) }],
  structuredContent: value,
});

const toolError = (message: string) => ({ content: [{ type: 'text' as const, text: message }], isError: true });

/**
 * Turns a fetch `id` (a page path such as `/guides/setup`, or an absolute URL of this site) into a
 * request path, or undefined when it names another site.
 */
function pathOfId(id: string, baseUrl: string): string | undefined {
  if (id.startsWith('/')) return id.split(/[?#]/)[0];
  if (!id.startsWith(`${baseUrl}/`)) return undefined;
  return id.slice(baseUrl.length).split(/[?#]/)[0];
}

/** Builds an MCP server for one request; cheap, so each stateless request gets its own. */
export function createMcpServer(context: McpContext): McpServer {
  const { snapshot, baseUrl, principal } = context;
  const includeInternal = principal?.scopes.includes('internal:read') ?? false;
  const server = new McpServer(
    { name: 'sitegate', title: `${snapshot.site.name} (sitegate)`, version: API_VERSION },
    {
      instructions: `Search and read the pages of ${baseUrl}. Use search to find pages, then fetch with a result's id to read its markdown.`,
    },
  );

  server.registerTool(
    'search',
    {
      title: 'Search the site',
      description: `Full-text search over the pages of ${snapshot.site.name} (titles, descriptions and text; prefix and typo tolerant). Returns the best matches with id, title, url and description; pass an id to fetch to read the page.`,
      inputSchema: {
        query: z.string().min(1).max(256).describe('words to search for'),
        limit: z.number().int().min(1).max(100).optional().describe('results to return (default 10)'),
      },
      outputSchema: { results: z.array(z.object({ id: z.string(), title: z.string(), url: z.string(), description: z.string() })) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, limit }) => {
      const { results } = snapshot.search.search(query, { limit: limit ?? MCP_DEFAULT_LIMIT, offset: 0, includeInternal });
      return textResult({
        results: results.map((doc) => ({ id: doc.path, title: doc.title, url: baseUrl + doc.path, description: doc.description })),
      });
    },
  );

  server.registerTool(
    'fetch',
    {
      title: 'Fetch a page',
      description:
        'Returns the markdown of a page of this site, with its title and url. Takes an id from search results, a page path (/guides/setup) or a full URL of this site.',
      inputSchema: { id: z.string().min(1).max(2048).describe('page id (path) or URL') },
      outputSchema: { id: z.string(), title: z.string(), url: z.string(), text: z.string() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) => {
      const path = pathOfId(id, baseUrl);
      const notFound = toolError(`No page ${id} on ${baseUrl}. Use search to find pages.`);
      if (path === undefined || decodeRequestPath(path) === undefined) return notFound;
      const resolution = resolvePath(snapshot, path);
      const found =
        resolution.kind === 'page' ? resolution : resolution.kind === 'internal' && includeInternal ? resolution.found : undefined;
      if (found === undefined) return notFound;
      const title = found.page?.title ?? snapshot.site.folders.get(decodeRequestPath(found.url) ?? '')?.title ?? found.url;
      return textResult({ id: found.url, title, url: baseUrl + found.url, text: found.bodies.markdown.bytes.toString('utf8') });
    },
  );
  return server;
}
