/**
 * `/mcp`'s `Origin` check, against DNS rebinding. MCP 2025-11-25, Basic › Transports › Streamable
 * HTTP, "Security Warning" item 1: "Servers MUST validate the `Origin` header on all incoming
 * connections to prevent DNS rebinding attacks. If the `Origin` header is present and invalid,
 * servers MUST respond with HTTP 403 Forbidden."
 *
 * A page on another site whose host name was rebound to this server's address calls it as if it
 * were this site, but its browser still names the page's origin in `Origin`. So: no `Origin` (agents,
 * IDEs and scripts send none) is served; the origin of the public base URL, or one the operator
 * lists (`mcp.allowedOrigins`), is served; any other value, `null` (sandboxed frames, local files)
 * and anything that is no origin included, is refused with 403 `origin_not_allowed`, on every
 * method, before the body is read or anything else runs (http/route-table.ts puts it in front).
 */
import { ApiError } from '../errors.js';
import { serializedOrigin } from '../config/checks.js';
import type { RequestFacts } from './answer.js';

/** A check of a request's head that throws to refuse it (route-table.ts `PathRoutes.guard`). */
export type RequestGuard = (facts: Pick<RequestFacts, 'headers'>) => void;

/**
 * The Origin check of `/mcp`.
 * @param baseUrl the public base URL (config.ts `baseUrl`): its origin is allowed
 * @param allowedOrigins further origins, as checks.ts {@link serializedOrigin} writes them (config.ts `mcpAllowedOrigins`)
 * @returns a guard that throws {@link ApiError} `origin_not_allowed` for an `Origin` outside both
 */
export function mcpOriginGuard(baseUrl: string, allowedOrigins: readonly string[]): RequestGuard {
  const allowed = new Set([new URL(baseUrl).origin, ...allowedOrigins]);
  return function checkMcpOrigin(facts) {
    const origin = facts.headers.origin;
    if (origin === undefined) return;
    // Compared as origins, so `HTTPS://Docs.Example.com:443` is `https://docs.example.com`. A repeated
    // header reaches here joined with ", ", which is no origin: refused.
    const serialized = serializedOrigin(origin);
    if (serialized === undefined || !allowed.has(serialized)) throw new ApiError('origin_not_allowed');
  };
}
