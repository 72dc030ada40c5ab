/** Strict-Transport-Security on every answer the framework sends (the fast path adds its own). */
import type { FastifyInstance } from 'fastify';
import { transportHeaders } from './headers.js';

/**
 * Adds {@link transportHeaders} of `baseUrl` to every response, hijacked ones (MCP) included:
 * they are set on the raw response, which Node merges into whatever headers are written later.
 * Adds no hook at all for an http base URL.
 */
export function installTransportSecurity(app: FastifyInstance, baseUrl: string): void {
  const headers = Object.entries(transportHeaders(baseUrl));
  if (headers.length === 0) return;
  app.addHook('onRequest', function strictTransportSecurity(_request, reply, done) {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
