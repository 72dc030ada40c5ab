/**
 * The baseline: a minimal `node:http` server that replays sitegate's captured responses. Per
 * request it does one Map lookup, one string comparison for If-None-Match, `writeHead` and `end`;
 * nothing less can send the same bytes. Run as a child process (see children.ts): it receives the
 * replay table over IPC, answers with its port, and exits when the parent goes away.
 */
import http from 'node:http';
import { replayKey, type ReplayEntry, type ReplayResponse } from './replay.js';

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

function toTable(entries: readonly ReplayEntry[]): Map<string, ReplayEntry> {
  // IPC's structured clone turns Buffers into Uint8Arrays; res.end() takes either.
  return new Map(entries.map((entry) => [entry.key, entry]));
}

function listen(request: RawServerRequest): void {
  const table = toTable(request.entries);
  const server = http.createServer(function replay(req, res) {
    const entry = table.get(replayKey(req.method ?? 'GET', req.url ?? '/', req.headers));
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
