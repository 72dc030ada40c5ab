/**
 * `/mcp` in every protocol revision sitegate speaks, chosen per request, with the SDK's v2 server
 * (`@modelcontextprotocol/server`) on both legs and one server definition (mcp/server.ts):
 *
 * - **2026-07-28** (Basic › Versioning: "There is no negotiation handshake"): each request carries
 *   `io.modelcontextprotocol/protocolVersion` and `io.modelcontextprotocol/clientCapabilities` in
 *   its `_meta` (Basic "_meta"); `server/discover` answers the served revisions, capabilities and
 *   server info; every result has `resultType`, and the cacheable ones `ttlMs`/`cacheScope`
 *   (Server › Utilities › Caching). Served by the SDK's `createMcpHandler` with `legacy: 'reject'`,
 *   which owns that revision's validation ladder (unsupported revision, header/body mismatch,
 *   missing client capability) and its error answers.
 * - **2025-11-25, 2025-06-18** (and the older 2025-03-26 and 2024-11-05 the SDK still negotiates):
 *   `initialize` then requests, stateless (no `Mcp-Session-Id`: each request gets its own server),
 *   answered as one JSON body (Streamable HTTP with `enableJsonResponse`), as before this revision.
 *   The SDK's own stateless fallback would answer these over SSE, so the legacy leg is wired here,
 *   routed by the SDK's `isLegacyRequest` (its documented hand-wired composition), which makes the
 *   same decision `createMcpHandler` makes: a request without the `_meta` envelope claim is 2025-era.
 *
 * Framework-free: a web `Request` in, a web `Response` out; answers/mcp.ts turns the facts of a
 * node request into one and the response into an answer.
 */
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport, type McpServer } from '@modelcontextprotocol/server';

/** Makes the MCP server of one request (mcp/server.ts `createMcpServer` over that request's context). */
export type McpServerOf = () => McpServer;

/** `/mcp`'s JSON-RPC serving over both eras. */
export interface McpRevisions {
  /**
   * Answers one JSON-RPC message (a request or a notification; batches are refused before this)
   * in the revision it was sent for.
   * @param request the HTTP request (method, URL and header fields; its body is not read)
   * @param body the parsed JSON-RPC message
   * @param serverOf makes this request's server; called at most once
   * @returns the HTTP response: 200 with one JSON-RPC response, 202 for a notification, or the
   *   SDK's 4xx for a message it refuses (unsupported revision 400, 406, 415); never throws
   */
  serve(request: Request, body: unknown, serverOf: McpServerOf): Promise<Response>;
}

/**
 * A 2025-era message: a stateless Streamable HTTP transport (no session id) answering with JSON,
 * the server and transport closed once the response is made (a JSON response is complete then).
 */
async function serveLegacy(request: Request, body: unknown, serverOf: McpServerOf): Promise<Response> {
  const server = serverOf();
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    void transport.close();
    void server.close();
  }
}

/**
 * Builds `/mcp`'s serving, once per process. The modern handler is made once (its factory finds the
 * request's server through the request object: the SDK hands the factory the very `Request` given
 * to `fetch`), so each request builds one server and nothing else.
 * @param onerror told of messages the SDK refused or failed (reporting only)
 */
export function createMcpRevisions(onerror?: (error: Error) => void): McpRevisions {
  const serverOfRequest = new WeakMap<Request, McpServerOf>();
  const modern = createMcpHandler(
    ({ requestInfo }) => {
      const serverOf = requestInfo === undefined ? undefined : serverOfRequest.get(requestInfo);
      // Unreachable: every request reaches the handler through serve(), which registers it first.
      if (serverOf === undefined) throw new Error('MCP request without a server');
      return serverOf();
    },
    { legacy: 'reject', ...(onerror === undefined ? {} : { onerror }) },
  );
  return {
    async serve(request, body, serverOf) {
      if (await isLegacyRequest(request, body)) return serveLegacy(request, body, serverOf);
      serverOfRequest.set(request, serverOf);
      return modern.fetch(request, { parsedBody: body });
    },
  };
}
