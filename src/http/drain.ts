/**
 * Graceful shutdown of a `node:http` server (SIGTERM): stop accepting connections, let every
 * request already sent finish, tell keep-alive clients to go, close idle connections, and after a
 * bounded time close whatever is left.
 *
 * Node's own `http.Server.close()` closes idle keep-alive connections at once (Node ≥ 19). Under
 * load a connection is "idle" for the instant between a response and the client's next request on
 * it, so closing it then resets that request (ECONNRESET), one the client has already sent. So the
 * listening socket is closed first (`net.Server.close`: no new connections, ECONNREFUSED), every
 * response from then on carries `Connection: close` (RFC 9112 §9.6), so each client learns on its
 * next exchange to open a new connection, and connections that stay idle are closed only after a
 * grace period, the way an ordinary keep-alive timeout closes them.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

/** How long idle keep-alive connections may still bring a last request once draining starts (ms). */
export const DRAIN_IDLE_GRACE_MS = 500;

/** Options of {@link drainServer}. */
export interface DrainOptions {
  /** Longest wait for requests in flight (ms); then the remaining connections are destroyed. */
  timeoutMs: number;
  /** See {@link DRAIN_IDLE_GRACE_MS}. */
  idleGraceMs?: number;
}

/** How a drain ended. */
export interface DrainResult {
  /** True when connections were still open at the deadline and had to be destroyed. */
  forced: boolean;
}

/** A drain in progress. */
export interface Drain {
  /** Settles when every connection is closed. */
  done: Promise<DrainResult>;
  /** Destroys the remaining connections now (a second SIGTERM). */
  force(): void;
}

/**
 * Starts draining `server`. Requests keep being served on open connections until each closes.
 * @throws nothing; a server that is not listening drains at once
 */
export function drainServer(server: Server, options: DrainOptions): Drain {
  const idleGraceMs = options.idleGraceMs ?? DRAIN_IDLE_GRACE_MS;
  server.prependListener('request', function closeAfterResponse(_request: IncomingMessage, response: ServerResponse) {
    response.setHeader('connection', 'close');
  });
  // Connections that finish a response begun before the drain close after this much idleness.
  server.keepAliveTimeout = idleGraceMs;

  let forced = false;
  const force = (): void => {
    forced = true;
    server.closeAllConnections();
  };
  const idleTimer = setTimeout(() => server.closeIdleConnections(), idleGraceMs);
  const deadline = setTimeout(force, options.timeoutMs);
  const done = new Promise<DrainResult>((resolve) => {
    // net.Server.close, not http.Server.close (see above): stops accepting and calls back once
    // the last connection has closed (with ERR_SERVER_NOT_RUNNING when it was not listening).
    NetServer.prototype.close.call(server, () => {
      clearTimeout(idleTimer);
      clearTimeout(deadline);
      resolve({ forced });
    });
  });
  return { done, force };
}
