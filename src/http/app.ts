/**
 * The Fastify application: the only module (with routes/) that knows the web framework.
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createServer } from 'node:http';
import { ApiError } from '../errors.js';
import { createFastPath } from './fast-path.js';
import { createRequestIds } from './request-id.js';
import { createClientErrorHandler, createConnectHandler, refuseOverLimitRequest } from './limits.js';
import type { AppContext } from './context.js';
import { installErrorHandling } from './errors.js';
import { installTransportSecurity } from './transport-security.js';
import { transportHeaders } from './headers.js';
import { sendApiError } from './send.js';
import { discoveryRoutes } from './routes/discovery.js';
import { apiRoutes } from './routes/api.js';
import { pageRoutes } from './routes/pages.js';
import { tokenRoutes } from './routes/token.js';
import { mcpRoutes } from './routes/mcp.js';
import { compileProxyTrust } from './client-address.js';

/** Options for {@link buildApp}. */
export interface AppOptions {
  /** A pino logger when serving; none (silent) in tests. */
  logger?: FastifyBaseLogger;
}

/** How often node checks connections against the header and request timeouts (ms); its default is 30 s. */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * Builds the app with every route. Call `listen()` to serve or `inject()` in tests.
 * @throws nothing itself; route registration errors surface from `ready()`
 */
export function buildApp(ctx: AppContext, options: AppOptions = {}): FastifyInstance {
  const nextRequestId = createRequestIds();
  const fastPath = createFastPath(ctx, { nextRequestId, ...(options.logger === undefined ? {} : { log: options.logger }) });
  const { limits, baseUrl } = ctx.config;
  const app = Fastify({
    // Precomputed bodies go out on node:http directly (see fast-path.ts); the rest through Fastify.
    // The request-target limits are checked first, so they hold on both paths.
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout: limits.requestTimeoutMs,
          headersTimeout: limits.headersTimeoutMs,
          maxHeaderSize: limits.maxHeaderBytes,
          connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, limits.headersTimeoutMs),
        },
        function serve(request, response) {
          if (!refuseOverLimitRequest(request, response, limits, baseUrl) && !fastPath(request, response)) handler(request, response);
        },
      );
      server.keepAliveTimeout = limits.keepAliveTimeoutMs;
      server.on('connect', createConnectHandler(baseUrl));
      return server;
    },
    clientErrorHandler: createClientErrorHandler(limits, baseUrl),
    ...(options.logger === undefined ? { logger: false } : { loggerInstance: options.logger }),
    bodyLimit: limits.bodyLimitBytes,
    // Request logging costs ~20% of throughput on precomputed bodies; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    // One counter for both paths, so a request id in a 500 body names one request.
    genReqId: function requestId() {
      return nextRequestId();
    },
    // No per-request child logger (~1 µs each): handlers that log name the request id themselves.
    childLoggerFactory: function sharedLogger(logger) {
      return logger;
    },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // The routes read the client address from clientAddress() (client-address.ts); with the same
    // trust function, request.ip, as Fastify and its plugins read it, names the same client.
    ...trustProxyOption(ctx),
    routerOptions: { ignoreDuplicateSlashes: false, maxParamLength: 2048 },
    frameworkErrors: function frameworkError(error, _request, reply) {
      // Malformed percent-encoding in the path (FST_ERR_BAD_URL) and other router-level failures,
      // answered before any hook runs, so HSTS is added here.
      reply.headers(transportHeaders(ctx.config.baseUrl));
      void sendApiError(
        reply,
        ctx.config.baseUrl,
        new ApiError('invalid_request', { message: 'The request path is malformed (bad percent-encoding or too long).' }),
      );
    },
  });
  installTransportSecurity(app, ctx.config.baseUrl);
  installErrorHandling(app, ctx);
  discoveryRoutes(app, ctx);
  apiRoutes(app, ctx);
  tokenRoutes(app, ctx);
  mcpRoutes(app, ctx);
  pageRoutes(app, ctx);
  return app;
}

/** Fastify's trustProxy option: the trust function clientAddress() uses, or nothing when no proxy is trusted. */
function trustProxyOption(ctx: AppContext): { trustProxy?: (address: string, hop: number) => boolean } {
  const trust = compileProxyTrust(ctx.config.trustProxy);
  return trust === undefined ? {} : { trustProxy: trust };
}
