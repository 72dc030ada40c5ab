/**
 * `/mcp`: the MCP server over Streamable HTTP, stateless (a server per request), with JSON
 * responses, in the protocol revision each request names: 2026-07-28 (`_meta` on every request,
 * `server/discover`), or 2025-11-25 / 2025-06-18 after `initialize` (mcp/revisions.ts). The
 * checks below read only `method` and `params` of the message, which both eras share, so every
 * revision answers alike. Same credentials and scopes as the HTTP API (DESIGN.md): anonymous callers
 * see public pages; a credential that is sent must be valid (401 with the RFC 6750/9728
 * challenge); `search` needs `search:read` and `fetch` needs `content:read` when a credential is
 * sent (403 `insufficient_scope`, as the MCP authorization spec's scope challenge); a `fetch` in the
 * internal zone needs `internal:read` as the page's URL does (401 naming the scope, or 403).
 * Answers to a principal with `internal:read` are `private, no-store`.
 *
 * Bounded like HTTP (DESIGN.md "Discovery beyond SPEC.md"): one JSON-RPC message per request (a
 * batch is refused before anything runs), and every `tools/call` of search spends the search rate
 * limit, per client address as GET /api/search.json does and per client_id when a credential is
 * sent, with the same 429. A fetch does not: it answers one cached page or part, as a GET of the
 * page's markdown does, which no rate limit bounds either (src/mcp/server.ts).
 */
import type { Scope } from '../errors.js';
import { requireScopes, type AuthServices } from '../auth/authenticate.js';
import type { Principal } from '../auth/principal.js';
import { createMcpServer, pathOfId } from '../mcp/server.js';
import { createMcpRevisions } from '../mcp/revisions.js';
import { ApiError } from '../errors.js';
import { resolvePath } from '../snapshot/lookup.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { negotiateLanguage } from './negotiation.js';
import { searchVersion } from './search-version.js';
import { plainAnswer, type BeforeStep, type PlainAnswer, type RequestFacts, type RouteAnswer } from './answer.js';
import type { AppContext } from './context.js';
import { spendSearch } from './api.js';

/** Scope each tool needs when the caller sends a credential. */
const TOOL_SCOPES: Record<string, Scope> = { search: 'search:read', fetch: 'content:read' };

/**
 * The scopes the 401 challenge of an internal fetch names: what an agent needs to search and read
 * internal pages. MCP clients ask for exactly the challenge's scopes (MCP 2025-11-25 Authorization,
 * "Scope Selection Strategy"), so naming `internal:read` alone got tokens that could then neither
 * search nor fetch; the consent step grants at most the person's own scopes of these.
 */
export const AGENT_SCOPES: readonly Scope[] = ['search:read', 'content:read', 'internal:read'];

/**
 * The answer to a JSON-RPC batch: MCP 2025-06-18 removed batching ("The body of the POST request
 * MUST be a single JSON-RPC request, notification, or response", Transports §2.1), and "if the
 * server cannot accept the input, it MUST return an HTTP error status code (e.g., 400 Bad
 * Request)", whose body may be a JSON-RPC error response without an id. -32600 is JSON-RPC 2.0
 * §5.1 "Invalid Request". The SDK transport itself still takes batches of up to 100 messages.
 */
export const BATCH_REFUSAL = JSON.stringify({
  jsonrpc: '2.0',
  id: null,
  error: {
    code: -32600,
    message: 'Invalid Request: JSON-RPC batches are not supported (removed in MCP 2025-06-18); send one message per request.',
  },
});

const BATCH_REFUSAL_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** {@link BATCH_REFUSAL} with status 400. */
function refuseBatch(): PlainAnswer {
  return plainAnswer(400, BATCH_REFUSAL_HEADERS, BATCH_REFUSAL);
}

/** The tool a JSON-RPC message calls (`tools/call`), or undefined for any other message. */
function calledTool(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  return method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
}

/** Throws `insufficient_scope` when a credentialed caller calls a tool without its scope. */
function checkToolScope(tool: string | undefined, principal: Principal | undefined): void {
  const scope = tool === undefined ? undefined : TOOL_SCOPES[tool];
  if (principal !== undefined && scope !== undefined) requireScopes(principal, [scope]);
}

/** The `id` argument of a `fetch` call, or undefined for any other message or a malformed one (the tool refuses it). */
function fetchedId(message: unknown): string | undefined {
  const { params } = message as { params?: { arguments?: { id?: unknown } } };
  const id = params?.arguments?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * A `fetch` of a page in the internal zone, or of an internal page, answers as the page's URL does
 * over HTTP (DESIGN.md "Scopes on concrete endpoints"), not with a tool error: without a credential
 * 401 with the RFC 6750 / RFC 9728 challenge naming {@link AGENT_SCOPES}, with one that lacks
 * `internal:read` 403 `insufficient_scope` naming it, the same whether or not the page exists. That is
 * what makes an MCP client start authorization, or step up its scopes (MCP 2025-11-25 Authorization,
 * "Scope Selection Strategy" and "Scope Challenge Handling"). Other ids go to the tool, which answers a
 * tool error for a page it cannot find.
 * @throws {ApiError} `credential_required` (with `scopes`) or `insufficient_scope`
 */
function checkFetchAccess(message: unknown, snapshot: Snapshot, baseUrl: string, principal: Principal | undefined): void {
  if (principal?.scopes.includes('internal:read') === true) return;
  const id = fetchedId(message);
  const path = id === undefined ? undefined : pathOfId(id, baseUrl);
  if (path === undefined || resolvePath(snapshot, path).kind !== 'internal') return;
  if (principal === undefined)
    throw new ApiError('credential_required', {
      message: 'This page is internal: authorize with the internal:read scope to fetch it.',
      scopes: [...AGENT_SCOPES],
    });
  requireScopes(principal, ['internal:read']);
}

/**
 * A `search` call's `version` argument names a version of the site, or the call answers 400
 * `invalid_query` as searchSite's `version` parameter does (answers/search-version.ts), before the tool runs.
 * @throws {ApiError} `invalid_query`
 */
function checkSearchVersion(message: unknown, snapshot: Snapshot): void {
  const { params } = message as { params?: { arguments?: { version?: unknown } } };
  const version = params?.arguments?.version;
  if (typeof version === 'string') searchVersion(snapshot.site.versions, version);
}

/**
 * The key of a client's own search budget. Client ids (`sgc_…`) and addresses never collide, but
 * the prefix keeps the two kinds of key apart plainly in the shared counter (and in Redis).
 */
const clientKey = (principal: Principal): string => `client_id:${principal.clientId}`;

/**
 * POST /mcp's first steps, before the credential is checked: a batch is refused, and a search pays
 * from the client address's budget (as GET /api/search.json does).
 * @throws {ApiError} `rate_limited`
 */
export function mcpBefore(auth: AuthServices): BeforeStep {
  return async function mcpBefore(facts) {
    if (Array.isArray(facts.body)) return refuseBatch();
    if (calledTool(facts.body) === 'search') await spendSearch(auth, facts.address);
    return undefined;
  };
}

/**
 * The answers to a principal that read internal pages (`internal:read`) are theirs alone (DESIGN.md
 * "Who may read what"): never stored, and varying with both credential fields /mcp reads (never the session cookie: auth/schemes.ts), so no cache hands
 * one person's results to another. Anonymous and other answers keep the SDK's header fields.
 */
const PRIVATE_FIELDS = { 'cache-control': 'private, no-store', vary: 'Authorization, X-API-Key' } as const;

/** Header fields of the SDK's response the writer sets itself (http/write.ts: Content-Length). */
const WRITER_FIELDS = new Set(['content-length']);

/**
 * The web `Request` the SDK serves: the request's method, URL on the public origin and header
 * fields. No body: the listener has read and parsed it (`facts.body`, handed over as `parsedBody`).
 */
function webRequestOf(facts: RequestFacts, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(facts.headers)) {
    if (value === undefined || name === 'content-length') continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return new Request(`${origin}${facts.path}`, { method: facts.method, headers });
}

/**
 * The SDK's response as a computed answer. Its body is complete when the response is: JSON for a
 * request (the legacy leg answers JSON, the modern leg upgrades to SSE only for messages sent before
 * a result, which these tools never send), none for a notification, and an SSE stream that ends after
 * its acknowledgement for `subscriptions/listen` (nothing to listen to: no `listChanged`).
 */
async function answerOf(response: Response, principal: Principal | undefined): Promise<PlainAnswer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!WRITER_FIELDS.has(name)) headers[name] = value;
  });
  if (principal?.scopes.includes('internal:read') === true) Object.assign(headers, PRIVATE_FIELDS);
  const body = await response.text();
  return plainAnswer(response.status, headers, body === '' ? undefined : body);
}

/**
 * POST /mcp as named steps: the tool's scope for a credentialed caller, the internal zone's
 * challenge for a fetch, a search paid by the client_id too; then the message is served in its
 * revision (mcp/revisions.ts) by a server made for this request.
 * @throws {ApiError} `credential_required`, `insufficient_scope`, `rate_limited`
 */
export function mcpAnswer(ctx: Pick<AppContext, 'auth' | 'config' | 'searched'>): RouteAnswer {
  const revisions = createMcpRevisions();
  const { baseUrl } = ctx.config;
  const { origin } = new URL(baseUrl);
  return async function mcp(facts, snapshot, principal) {
    const tool = calledTool(facts.body);
    checkToolScope(tool, principal);
    if (tool === 'fetch') checkFetchAccess(facts.body, snapshot, baseUrl, principal);
    if (tool === 'search') checkSearchVersion(facts.body, snapshot);
    if (tool === 'search' && principal !== undefined) await spendSearch(ctx.auth, clientKey(principal));
    const languageOf = (lang: string | undefined): string | undefined =>
      negotiateLanguage(lang, facts.headers['accept-language'], snapshot.search.languages).language;
    const versionOf = (version: string | undefined): string | undefined => searchVersion(snapshot.site.versions, version);
    const serverOf = () => createMcpServer({ snapshot, baseUrl, principal, languageOf, versionOf, searched: ctx.searched });
    const response = await revisions.serve(webRequestOf(facts, origin), facts.body, serverOf);
    return answerOf(response, principal);
  };
}

/** The 405 message of GET and DELETE on /mcp: no sessions, no server-sent stream. */
export const MCP_NOT_ALLOWED = 'This MCP server is stateless: send JSON-RPC messages with POST.';
