/**
 * The baseline: a minimal `node:http` server that replays sitegate's captured responses. Per
 * request it does one Map lookup by request target, a few string comparisons (method, the headers
 * that select a response, If-None-Match), `writeHead` and `end`; nothing less can send the same bytes. Run as a child process (see children.ts): it receives the
 * replay table over IPC, answers with its port, and exits when the parent goes away.
 */
import http from 'node:http';
import { answersRequest, type ReplayEntry, type ReplayResponse } from './replay.js';

/** Message from the bench to this process. */
export interface RawServerRequest {
  entries: ReplayEntry[];
  /** The baseline's Keep-Alive timeout must equal sitegate's so the header bytes are the same. */
  keepAliveTimeoutMs: number;
}

/** Message from this process to the bench. */
export interface RawServerReady {
  port: number;
}

const NOT_FOUND: ReplayResponse = { status: 404, headers: ['content-length', '0'], body: new Uint8Array(0) };

/** The entries by request target. */
function toTable(entries: readonly ReplayEntry[]): Map<string, ReplayEntry[]> {
  // IPC's structured clone turns Buffers into Uint8Arrays; res.end() takes either.
  const table = new Map<string, ReplayEntry[]>();
  for (const entry of entries) table.set(entry.target, [...(table.get(entry.target) ?? []), entry]);
  return table;
}

/** The entry that answers a request, if any. */
function entryFor(table: ReadonlyMap<string, readonly ReplayEntry[]>, req: http.IncomingMessage): ReplayEntry | undefined {
  const method = req.method ?? 'GET';
  for (const entry of table.get(req.url ?? '/') ?? []) if (answersRequest(entry, method, req.headers)) return entry;
  return undefined;
}

function listen(request: RawServerRequest): void {
  const table = toTable(request.entries);
  const server = http.createServer(function replay(req, res) {
    const entry = entryFor(table, req);
    const inm = req.headers['if-none-match'];
    const reply =
      entry === undefined
        ? NOT_FOUND
        : inm !== undefined && inm === entry.etag && entry.notModified
          ? entry.notModified
          : (entry.ok ?? NOT_FOUND);
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body);
  });
  server.keepAliveTimeout = request.keepAliveTimeoutMs;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('raw server: no TCP address');
    const ready: RawServerReady = { port: address.port };
    process.send?.(ready);
  });
}

process.once('message', (message: RawServerRequest) => listen(message));
process.once('disconnect', () => process.exit(0));
