/**
 * The MCP server (Model Context Protocol, tools `search` and `fetch`) over the current snapshot.
 * Tool results follow the shape agent hosts expect of search/fetch tools: search returns
 * `{results: [{id, title, url, description}]}`, fetch returns `{id, title, url, text}` with the
 * page's markdown. Framework-free: `http/routes/mcp.ts` connects it to a Streamable HTTP transport.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import { decodeRequestPath } from '../content/paths.js';
import { withLlmsDirective } from '../content/portable-markdown.js';
import { renderPageMarkdown } from '../content/page-content.js';
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

// Built once: a Zod schema costs far more to build than a request costs to serve, and schemas are
// immutable, so every per-request server shares these (registerTool keeps an object schema as is).
const SEARCH_INPUT = z.object({
  query: z.string().min(1).max(256).describe('words to search for'),
  limit: z.number().int().min(1).max(100).optional().describe('results to return (default 10)'),
});
const SEARCH_OUTPUT = z.object({
  results: z.array(z.object({ id: z.string(), title: z.string(), url: z.string(), description: z.string() })),
});
const FETCH_INPUT = z.object({ id: z.string().min(1).max(2048).describe('page id (path) or URL') });
const FETCH_OUTPUT = z.object({ id: z.string(), title: z.string(), url: z.string(), text: z.string() });
const READ_ONLY = { readOnlyHint: true, openWorldHint: false };
/**
 * The JSON Schema validator every server shares (the SDK uses it for elicitation answers only).
 * Without it each server builds its own Ajv instance, which cost most of a request's CPU time and
 * 30 KB of garbage; Ajv instances are meant to be shared, and this one holds no request data.
 */
const JSON_SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

/**
 * Builds an MCP server for one request. The SDK's stateless Streamable HTTP pattern gives each
 * request its own server and transport (a server connects to one transport at a time and a
 * stateless transport serves one request); what does not depend on the request (the tool schemas)
 * and the JSON Schema validator) is built once per process.
 */
export function createMcpServer(context: McpContext): McpServer {
  const { snapshot, baseUrl, principal } = context;
  const includeInternal = principal?.scopes.includes('internal:read') ?? false;
  const server = new McpServer(
    { name: 'sitegate', title: `${snapshot.site.name} (sitegate)`, version: API_VERSION },
    {
      instructions: `Search and read the pages of ${baseUrl}. Use search to find pages, then fetch with a result's id to read its markdown.`,
      jsonSchemaValidator: JSON_SCHEMA_VALIDATOR,
    },
  );

  server.registerTool(
    'search',
    {
      title: 'Search the site',
      description: `Full-text search over the pages of ${snapshot.site.name} (titles, descriptions and text; prefix and typo tolerant). Returns the best matches with id, title, url and description; pass an id to fetch to read the page.`,
      inputSchema: SEARCH_INPUT,
      outputSchema: SEARCH_OUTPUT,
      annotations: READ_ONLY,
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
        'Returns the markdown of a page of this site, with its title and url: always the whole page, also for a long page the site serves in parts to HTTP clients (one result may then be long). Takes an id from search results, a page path (/guides/setup) or a full URL of this site.',
      inputSchema: FETCH_INPUT,
      outputSchema: FETCH_OUTPUT,
      annotations: READ_ONLY,
    },
    ({ id }) => {
      const path = pathOfId(id, baseUrl);
      const notFound = toolError(`No page ${id} on ${baseUrl}. Use search to find pages.`);
      if (path === undefined || decodeRequestPath(path) === undefined) return notFound;
      const resolution = resolvePath(snapshot, path);
      const found =
        resolution.kind === 'page' ? resolution : resolution.kind === 'internal' && includeInternal ? resolution.find() : undefined;
      if (found === undefined) return notFound;
      // A page served in parts (README "Long pages") is fetched whole, from its page URL or any
      // part's: tool callers have no notion of parts, and a search result names the whole page.
      // Parts carry only their own lines, so the whole page is rendered again (a rare, long page).
      const page = found.page;
      if (page !== undefined && found.part !== undefined) {
        let markdown: string;
        try {
          markdown = renderPageMarkdown(snapshot.site, page, baseUrl).markdown;
        } catch {
          return notFound; // the source vanished since the build, as its URL now answers
        }
        return textResult({ id: page.url, title: page.title, url: baseUrl + page.url, text: withLlmsDirective(markdown, baseUrl) });
      }
      const title = page?.title ?? snapshot.site.folders.get(decodeRequestPath(found.url) ?? '')?.title ?? found.url;
      return textResult({ id: found.url, title, url: baseUrl + found.url, text: found.bodies.markdown.bytes.toString('utf8') });
    },
  );
  return server;
}
