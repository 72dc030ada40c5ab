/**
 * `/mcp`: the MCP server over Streamable HTTP, stateless (a server and transport per request),
 * with JSON responses. Same credentials and scopes as the HTTP API (DESIGN.md): anonymous callers
 * see public pages; a credential that is sent must be valid (401 with the RFC 6750/9728
 * challenge); `search` needs `search:read` and `fetch` needs `content:read` when a credential is
 * sent (403 `insufficient_scope`, as the MCP authorization spec's scope challenge).
 */
import type { FastifyInstance } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ApiError, type Scope } from '../../errors.js';
import { requireScopes } from '../../auth/authenticate.js';
import type { Principal } from '../../auth/principal.js';
import { createMcpServer } from '../../mcp/server.js';
import type { AppContext } from '../context.js';
import { principalOf } from '../credentials.js';
import { sendApiError } from '../send.js';

/** Scope each tool needs when the caller sends a credential. */
const TOOL_SCOPES: Record<string, Scope> = { search: 'search:read', fetch: 'content:read' };

/** The tools called by a JSON-RPC message or batch. */
function calledTools(body: unknown): string[] {
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  const tools: string[] = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue;
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    if (method === 'tools/call' && typeof params?.name === 'string') tools.push(params.name);
  }
  return tools;
}

/** Throws `insufficient_scope` when a credentialed caller calls a tool without its scope. */
function checkToolScopes(body: unknown, principal: Principal | undefined): void {
  if (principal === undefined) return;
  for (const tool of calledTools(body)) {
    const scope = TOOL_SCOPES[tool];
    if (scope !== undefined) requireScopes(principal, [scope]);
  }
}

/** Registers POST /mcp and the 405 answers for GET and DELETE (no sessions, no server-sent stream). */
export function mcpRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/mcp', async function mcp(request, reply) {
    const principal = await principalOf(ctx, request);
    checkToolScopes(request.body, principal);
    const server = createMcpServer({ snapshot: ctx.snapshot(), baseUrl: ctx.config.baseUrl, principal });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  const notAllowed = new ApiError('method_not_allowed', {
    message: 'This MCP server is stateless: send JSON-RPC messages with POST.',
    headers: { allow: 'POST, OPTIONS' },
  });
  app.route({
    method: ['GET', 'DELETE'],
    url: '/mcp',
    handler: function mcpMethodNotAllowed(_request, reply) {
      return sendApiError(reply, ctx.config.baseUrl, notAllowed);
    },
  });
}
