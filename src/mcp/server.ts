/**
 * The MCP server (Model Context Protocol, tools `search` and `fetch`) over the current snapshot.
 * Tool results follow the shape agent hosts expect of search/fetch tools, as JSON text (see
 * `textResult`): search returns `{results: [{id, title, url, description}]}`, fetch returns
 * `{id, title, url, text}` with the page's markdown, and for a long page one part of it with
 * `metadata: {part, parts, next_id, next_url}` (README "Long pages"). Both serve what the snapshot
 * holds, never rendering again. Framework-free: `mcp/revisions.ts` serves it over Streamable HTTP
 * in each protocol revision, and `answers/mcp.ts` bounds it like HTTP (rate limits, no JSON-RPC
 * batches, scope challenges). Built on the SDK's v2 server (`@modelcontextprotocol/server`), which
 * serves 2026-07-28 and the 2025 revisions from one server definition.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import type { Principal } from '../auth/principal.js';
import { decodeRequestPath, partUrlOf } from '../content/paths.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { Found } from '../snapshot/lookup.js';
import { excerptOfPage, findReadable } from '../snapshot/search-hits.js';
import { PACKAGE_VERSION } from '../version.js';
import { FETCH_INPUT, SEARCH_INPUT } from './tool-schemas.js';

/** Results per search call when the caller gives no limit. */
export const MCP_DEFAULT_LIMIT = 10;

/** What the tools need for one request. */
export interface McpContext {
  snapshot: Snapshot;
  /** Public base URL without trailing slash. */
  baseUrl: string;
  /** The caller, or undefined for anonymous calls (public pages only). */
  principal: Principal | undefined;
  /**
   * The language search answers in, given the call's `lang` argument (answers/negotiation.ts
   * `negotiateLanguage`: `lang`, else the request's Accept-Language, else the default); the
   * default language's index when omitted.
   */
  languageOf?: ((lang: string | undefined) => string | undefined) | undefined;
  /**
   * The old docs version search answers in, given the call's `version` argument (answers/search-version.ts
   * `searchVersion`, checked before the call reaches the tool); `undefined`: the current version.
   */
  versionOf?: ((version: string | undefined) => string | undefined) | undefined;
  /** Told of each search with how many results it found in all (analytics); optional. */
  searched?: ((query: string, found: number) => void) | undefined;
}

/**
 * A tool result holding `value` once, as the JSON text of one text content item, with neither
 * `structuredContent` nor an `outputSchema`: the convention of the search and fetch tools that
 * ChatGPT connectors and deep research call (OpenAI "Building MCP servers": one `text` item whose
 * text is the JSON-encoded result). The MCP spec (2025-06-18 "Structured Content") asks a tool that
 * returns structured content to repeat it as JSON text, which sent every page twice; any client
 * reads a text item, so the text item alone carries the page once and reaches every host.
 */
const textResult = (value: object) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });

/** A tool error (`isError`, MCP 2025-06-18 "Error Handling"): the message, for the model to read. */
const toolError = (message: string) => ({ content: [{ type: 'text' as const, text: message }], isError: true });

/**
 * Turns a fetch `id` (a page path such as `/guides/setup`, or an absolute URL of this site) into a
 * request path, or undefined when it names another site.
 */
export function pathOfId(id: string, baseUrl: string): string | undefined {
  if (id.startsWith('/')) return id.split(/[?#]/)[0];
  if (!id.startsWith(`${baseUrl}/`)) return undefined;
  return id.slice(baseUrl.length).split(/[?#]/)[0];
}

const READ_ONLY = { readOnlyHint: true, openWorldHint: false };
/**
 * The JSON Schema validator every server shares (the SDK uses it for elicitation answers only).
 * Without it each server builds its own Ajv instance, which cost most of a request's CPU time and
 * 30 KB of garbage; Ajv instances are meant to be shared, and this one holds no request data.
 */
const JSON_SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

/**
 * What the server advertises (`initialize` result, `server/discover`): tools, without
 * `listChanged`. A stateless server has no stream to send `notifications/tools/list_changed` on
 * (2025 revisions: no session, GET answers 405; 2026-07-28: `subscriptions/listen` would need a
 * change bus shared by every replica), so it must not promise them (MCP 2025-11-25 Server › Tools
 * "Capabilities": `listChanged` "indicates whether the server will emit notifications when the
 * list of available tools changes"). `false`, not absent: the SDK's `registerTool` turns an absent
 * `listChanged` into `true`.
 */
const CAPABILITIES = { tools: { listChanged: false } };

/**
 * How long a client may reuse a `tools/list` or `server/discover` result (MCP 2026-07-28 Server ›
 * Utilities › Caching, `ttlMs`): as long as a shared cache keeps a public page (answers/conditional.ts
 * `PUBLIC_CACHE`, `max-age=300`), since the tool descriptions name the site and change only when
 * its content does.
 */
export const MCP_LIST_TTL_MS = 300_000; // 5 minutes

/**
 * The 2026-07-28 cache hints of the cacheable results sitegate answers. `tools/list` and
 * `server/discover` are the same for every caller: the tools and their schemas do not depend on the
 * credential (what a credential changes is what `search` and `fetch` return, and tool calls are
 * never cacheable), so `cacheScope: "public"` lets a gateway share them across authorization
 * contexts ("The response does not contain user-specific data"). Results of 2025 revisions carry
 * no cache fields (the SDK adds them on 2026-07-28 only).
 */
const CACHE_HINTS = {
  'tools/list': { ttlMs: MCP_LIST_TTL_MS, cacheScope: 'public' },
  'server/discover': { ttlMs: MCP_LIST_TTL_MS, cacheScope: 'public' },
} as const;

/** Where a part of a long page sits, in a fetch result's `metadata`. */
export interface McpPartMetadata {
  /** 1-based number of the part in the result. */
  part: number;
  /** How many parts the page has. */
  parts: number;
  /** Id (URL path) of the following part, to pass to fetch; absent on the last part. */
  next_id?: string;
  /** Absolute URL of the following part; absent on the last part. */
  next_url?: string;
}

/**
 * What fetch returns (as JSON text, {@link textResult}): the markdown of a page, or of one part of a
 * page served in parts (README "Long pages"), exactly as `GET` of its markdown URL serves it.
 */
export interface McpFetchDocument {
  /** URL path of the page, or of the part (`/a/b;part=2`; part 1 is the page's own path). */
  id: string;
  title: string;
  /** Absolute URL of `id`. */
  url: string;
  /** The markdown. */
  text: string;
  /** Only for a page served in parts. */
  metadata?: McpPartMetadata;
}

/**
 * Part `n` of what `found` names: `found` itself when it is that part (part 1 of a page served
 * whole is the page), the part at its part URL otherwise; undefined when there is no such part.
 */
function partOf(snapshot: Snapshot, found: Found, n: number, includeInternal: boolean): Found | undefined {
  if ((found.part?.n ?? 1) === n) return found;
  if (found.part === undefined || found.page === undefined) return undefined;
  return findReadable(snapshot, partUrlOf(found.page.url, n), includeInternal);
}

/** The fetch result of a page, listing or part. */
function fetchDocument(snapshot: Snapshot, found: Found, baseUrl: string): McpFetchDocument {
  const title = found.page?.title ?? snapshot.site.folders.get(decodeRequestPath(found.url) ?? '')?.title ?? found.url;
  const document: McpFetchDocument = {
    id: found.url,
    title,
    url: baseUrl + found.url,
    text: found.bodies.markdown.bytes.toString('utf8'),
  };
  if (found.part === undefined) return document;
  const { n, count, next } = found.part;
  const metadata: McpPartMetadata = { part: n, parts: count };
  if (next !== undefined) Object.assign(metadata, { next_id: next.url, next_url: baseUrl + next.url });
  return { ...document, metadata };
}

/**
 * Builds an MCP server for one request. The SDK's stateless serving gives each request its own
 * server (a server serves one exchange in a 2026-07-28 request, or connects to one stateless 2025
 * transport); what does not depend on the request (the tool schemas, the JSON Schema validator, the
 * capabilities and cache hints) is built once per process.
 */
export function createMcpServer(context: McpContext): McpServer {
  const { snapshot, baseUrl, principal, searched } = context;
  const includeInternal = principal?.scopes.includes('internal:read') ?? false;
  const server = new McpServer(
    { name: 'sitegate', title: `${snapshot.site.name} (sitegate)`, version: PACKAGE_VERSION },
    {
      instructions: `Search and read the pages of ${baseUrl}. Use search to find pages, then fetch with a result's id to read its markdown; a long page comes in parts: fetch each result's metadata.next_id to read on.`,
      jsonSchemaValidator: JSON_SCHEMA_VALIDATOR,
      capabilities: CAPABILITIES,
      cacheHints: CACHE_HINTS,
    },
  );

  server.registerTool(
    'search',
    {
      title: 'Search the site',
      description: `Full-text search over the pages of ${snapshot.site.name} (titles, descriptions and text; stemmed, prefix and typo tolerant). Returns JSON {results: [{id, title, url, description, excerpt?: {text, highlights: [start, end][]}}]}, best match first, the excerpt being the passage around the best match with the matched words' UTF-16 offsets; pass an id to fetch to read the page.`,
      inputSchema: SEARCH_INPUT,
      annotations: READ_ONLY,
    },
    ({ query, limit, lang, version: versionName }) => {
      const language = context.languageOf?.(lang);
      const version = context.versionOf?.(versionName);
      const options = { limit: limit ?? MCP_DEFAULT_LIMIT, offset: 0, includeInternal, language, version };
      const { results, total } = snapshot.search.search(query, options);
      searched?.(query, total);
      return textResult({
        results: results.map((doc) => {
          const excerpt = excerptOfPage(snapshot, doc.path, { query, includeInternal, language, baseUrl });
          const hit = { id: doc.path, title: doc.title, url: baseUrl + doc.path, description: doc.description };
          return excerpt === undefined ? hit : { ...hit, excerpt };
        }),
      });
    },
  );

  server.registerTool(
    'fetch',
    {
      title: 'Fetch a page',
      description:
        'Returns JSON {id, title, url, text} with the markdown of a page of this site. Takes an id from search results, a page path (/guides/setup) or a full URL of this site. A long page is served in parts (each under the page limit of the site, 50,000 characters by default): the result is then one part, and metadata {part, parts, next_id, next_url} says which; fetch next_id (or the same id with part) to read the next one. A part URL (/guides/setup;part=2) names that part.',
      inputSchema: FETCH_INPUT,
      annotations: READ_ONLY,
    },
    ({ id, part }) => {
      const path = pathOfId(id, baseUrl);
      const found = path === undefined ? undefined : findReadable(snapshot, path, includeInternal);
      if (found === undefined) return toolError(`No page ${id} on ${baseUrl}. Use search to find pages.`);
      const selected = part === undefined ? found : partOf(snapshot, found, part, includeInternal);
      if (selected === undefined) {
        const count = found.part?.count ?? 1;
        return toolError(`No part ${part} of ${id}: the page has ${count === 1 ? 'one part (it is served whole)' : `${count} parts`}.`);
      }
      return textResult(fetchDocument(snapshot, selected, baseUrl));
    },
  );
  return server;
}
