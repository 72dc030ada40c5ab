/**
 * Live reload for `serve --watch` (issue 32): `GET /_sitegate/reload?since=BUILD`, a
 * server-sent-events stream (WHATWG HTML §9.2) that sends one `reload` event after each rebuild
 * swaps in, and one at once when `since` (the build the page was drawn from) is not the snapshot
 * served now, which the page's script (layout/client/live-reload.js.ts) answers by reloading. Only in watch mode: without it the
 * route is not in the table and the path is an ordinary page URL (a 404).
 *
 * Bounded: at most {@link LIVE_RELOAD_MAX_CONNECTIONS} streams at once (then 503 with Retry-After),
 * a comment line every {@link LIVE_RELOAD_HEARTBEAT_MS} so idle proxies and sockets stay open, and
 * {@link LiveReload.close} ends every stream so that a server closing (or draining) never waits on
 * one. Access: the credential is read as for pages (a bad one is refused, http/route-table.ts); a
 * request without one is served only when the site has public pages, so who can read no page learns
 * nothing; and the stream carries no path, title or count, only that the site changed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../errors.js';
import type { RawAnswer, RouteAnswer } from './answer.js';

/** URL path (under the base path) of the event stream; the script is beside it (`reload.js`). */
export const LIVE_RELOAD_PATH = '/_sitegate/reload';

/** Streams open at once, at most: a writer's tabs, not a crowd. */
export const LIVE_RELOAD_MAX_CONNECTIONS = 32;

/** Interval of the heartbeat comment (ms): under the 30–60 s idle timeouts of common proxies. */
export const LIVE_RELOAD_HEARTBEAT_MS = 15_000;

/** How soon a browser reconnects after the stream drops (ms), sent as the SSE `retry` field. */
export const LIVE_RELOAD_RETRY_MS = 1000;

/** Seconds a client over the cap is told to wait (Retry-After). */
const RETRY_AFTER_SEC = 5;

/** Header fields of the stream: never cached, never sniffed. */
const STREAM_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** The event of a swapped-in rebuild (HTML §9.2.6: `event` names it, `data` is its one line). */
export const RELOAD_EVENT = 'event: reload\ndata: changed\n\n';

/** Options of {@link createLiveReload}. */
export interface LiveReloadOptions {
  /** Default {@link LIVE_RELOAD_MAX_CONNECTIONS}. */
  maxConnections?: number;
  /** Default {@link LIVE_RELOAD_HEARTBEAT_MS}. */
  heartbeatMs?: number;
}

/** The open streams of one server and the means to notify and end them. */
export interface LiveReload {
  /** The route's answer: a raw answer that holds the response open. @throws {ApiError} as described above */
  readonly answer: RouteAnswer;
  /** Sends {@link RELOAD_EVENT} to every open stream (called after each snapshot swap). */
  changed(): void;
  /** Streams open now. */
  readonly connections: number;
  /** Ends every stream and stops the heartbeat; later requests get 503. Idempotent. */
  close(): void;
}

/**
 * Creates the live-reload hub of one server. Nothing runs until a stream opens; the heartbeat timer
 * runs only while one is open and never keeps the process alive.
 */
export function createLiveReload(options: LiveReloadOptions = {}): LiveReload {
  const maxConnections = options.maxConnections ?? LIVE_RELOAD_MAX_CONNECTIONS;
  const heartbeatMs = options.heartbeatMs ?? LIVE_RELOAD_HEARTBEAT_MS;
  const open = new Set<ServerResponse>();
  let heartbeat: NodeJS.Timeout | undefined;
  let closed = false;

  const broadcast = (text: string): void => {
    for (const response of open) response.write(text);
  };

  const forget = (response: ServerResponse): void => {
    open.delete(response);
    if (open.size === 0 && heartbeat !== undefined) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  };

  const stream = (request: IncomingMessage, response: ServerResponse, stale: boolean): Promise<void> => {
    response.writeHead(200, STREAM_HEADERS);
    if (request.method === 'HEAD') {
      response.end();
      return Promise.resolve();
    }
    // The retry field first, so the head and a first chunk go out at once (clients see the open).
    response.write(`retry: ${LIVE_RELOAD_RETRY_MS}\n\n${stale ? RELOAD_EVENT : ''}`);
    open.add(response);
    heartbeat ??= setInterval(() => broadcast(': heartbeat\n\n'), heartbeatMs).unref();
    // The server allows half-open connections (http/app.ts), so a tab that goes away is seen only
    // as the end of its side of the socket: the stream then ends at once rather than at the next
    // write that fails.
    const gone = (): void => {
      response.end();
    };
    request.socket.once('end', gone);
    return new Promise((resolve) => {
      response.once('close', () => {
        request.socket.off('end', gone);
        forget(response);
        resolve();
      });
    });
  };

  const answer: RouteAnswer = (facts, snapshot, principal): RawAnswer => {
    if (principal === undefined && snapshot.site.publicPages.length === 0) throw new ApiError('credential_required');
    if (closed || open.size >= maxConnections)
      throw new ApiError('temporarily_unavailable', {
        message: `At most ${maxConnections} live-reload connections are served at once.`,
        headers: { 'retry-after': String(RETRY_AFTER_SEC) },
      });
    // A page that names no build (an older script) is not told to reload until the next rebuild.
    const since = new URLSearchParams(facts.search).get('since') ?? '';
    const stale = since !== '' && since !== snapshot.chrome.liveReload?.build;
    return { kind: 'raw', run: (request, response) => stream(request, response, stale) };
  };

  return {
    answer,
    changed: () => broadcast(RELOAD_EVENT),
    get connections() {
      return open.size;
    },
    close() {
      closed = true;
      for (const response of [...open]) {
        forget(response);
        response.end();
      }
    },
  };
}
