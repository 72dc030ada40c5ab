/**
 * What the fast-path tests share: sending a request over a real socket, the headers worth
 * comparing, and a bare server that runs only the fast path (599 for what it leaves).
 */
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFastPath } from '../src/http/fast-path.js';
import type { AppContext } from '../src/http/context.js';

/** A response as received. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers Node adds on a socket and inject does not. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The headers of a response without the transport ones, values as strings. */
export function comparable(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (TRANSPORT.has(name) || value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : typeof value === 'number' ? String(value) : value;
  }
  return out;
}

/**
 * Sends one request to 127.0.0.1:`port`, with the headers as given and a body, if any, framed by
 * a Content-Length node adds, or chunked (`chunked`).
 */
export function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  options: { chunked?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: comparable(res.headers), body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    // A write before end() makes node send the head first, so without a Content-Length: chunked.
    if (options.chunked === true && body !== undefined) req.write(body);
    req.end(options.chunked === true ? undefined : body);
  });
}

/** Status of the bare server's answer to what the fast path leaves to the framework. */
export const LEFT = 599;

/** A server running only the fast path of `ctx`, on a free port; close it after the tests. */
export async function startBareFastPath(ctx: AppContext): Promise<{ server: Server; port: number }> {
  const fastPath = createFastPath(ctx);
  const server = createServer((req, res) => {
    if (!fastPath(req, res)) res.writeHead(LEFT).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Closes a server started by {@link startBareFastPath}. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
