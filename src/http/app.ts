/**
 * The app: node:http, the production listener (listener.ts) and the server-level limits. There is
 * no web framework: the route table decides, the answers know nothing of HTTP libraries, and tests
 * inject into {@link App.listener}, the very listener `serve` installs (test/app.ts adds `inject`
 * with light-my-request, a dev dependency the installed package never loads).
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Log } from '../log.js';
import type { AppContext } from '../answers/context.js';
import { createListener } from './listener.js';
import type { RequestObserver } from './observe.js';
import { createClientErrorHandler, createConnectHandler } from './limits.js';
import { createRequestIds } from './request-id.js';

/** Options for {@link buildApp}. */
export interface AppOptions {
  /** Where unexpected errors go (pino when serving); nowhere by default. */
  logger?: Log;
  /** Called once per answered request (listener.ts `observers`). */
  observers?: readonly RequestObserver[];
  /** Counts conditional requests of precomputed bodies (listener.ts `onConditional`). */
  onConditional?: (hit: boolean) => void;
}

/** A built app: its server (not yet listening), its listener, and the means to start and close it. */
export interface App {
  /** The node:http server, with the listener and the limits installed. */
  readonly server: Server;
  /** The `(request, response)` handler the server runs; what tests inject requests into (test/app.ts). */
  readonly listener: RequestListener;
  /**
   * Starts listening.
   * @returns the address, e.g. `http://127.0.0.1:3000`
   * @throws the server's `error` (EADDRINUSE…)
   */
  listen(options: { port: number; host: string }): Promise<string>;
  /** Runs `hook` on {@link App.close}, after the server has closed (hooks in the order added). */
  onClose(hook: () => Promise<void> | void): void;
  /** Ends live-reload streams, stops listening (idle connections closed), then runs the close hooks. */
  close(): Promise<void>;
}

/** How often node checks connections against the header and request timeouts (ms); its default is 30 s. */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * Builds the app with every route of the table.
 * @throws {Error} when the route table is incomplete (route-table.ts)
 */
export function buildApp(ctx: AppContext, options: AppOptions = {}): App {
  const { limits, baseUrl } = ctx.config;
  const listener = createListener(ctx, {
    nextRequestId: createRequestIds(),
    ...(options.logger === undefined ? {} : { log: options.logger }),
    ...(options.observers === undefined ? {} : { observers: options.observers }),
    ...(options.onConditional === undefined ? {} : { onConditional: options.onConditional }),
  });
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      maxHeaderSize: limits.maxHeaderBytes,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, limits.headersTimeoutMs),
    },
    listener,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // A client may close its sending side once its request is out and still read the answer (a TCP
  // half-close). By default node then ends the connection at once, losing any answer that waits
  // (a body read, a credential checked afresh); half-open, node sends that answer, then closes.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on('connect', createConnectHandler(baseUrl));
  server.on('clientError', createClientErrorHandler(limits, baseUrl));
  const closeHooks: (() => Promise<void> | void)[] = [];
  let closed: Promise<void> | undefined;

  return {
    server,
    listener,
    listen({ port, host }) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          resolve(`http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`);
        });
      });
    },
    onClose(hook) {
      closeHooks.push(hook);
    },
    close() {
      closed ??= (async () => {
        // Live-reload streams never end by themselves: ended first, so the server's close does not wait on them.
        ctx.liveReload?.close();
        if (server.listening) {
          const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          await stopped;
        }
        for (const hook of closeHooks) await hook();
      })();
      return closed;
    },
  };
}
