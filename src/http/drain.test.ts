import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainServer } from './drain.js';

/** A server answering `/slow` only when `release()` is called, and anything else at once. */
async function startServer(): Promise<{ server: Server; port: number; release: () => void }> {
  let releaseSlow: () => void = () => undefined;
  const slowReady = new Promise<void>((resolve) => (releaseSlow = resolve));
  const server = createServer((request, response) => {
    const answer = (): void => {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
      response.end('ok');
    };
    if (request.url === '/slow') void slowReady.then(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { server, port, release: releaseSlow };
}

/** A raw keep-alive connection that sends requests and parses responses one at a time. */
class Connection {
  private buffer = '';
  private waiting: (() => void) | undefined;
  closed = false;
  readonly socket: Socket;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.setEncoding('utf8');
    this.socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.waiting?.();
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    this.socket.on('error', () => undefined);
  }

  async opened(): Promise<void> {
    if (this.socket.readyState === 'open') return;
    await new Promise((resolve) => this.socket.once('connect', resolve));
  }

  /** Sends `GET path` and resolves with the status and headers of the complete response. */
  async get(path: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
    this.socket.write(`GET ${path} HTTP/1.1\r\nhost: test\r\n\r\n`);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine = '', ...lines] = this.buffer.slice(0, end).split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        );
        const length = Number(headers['content-length']);
        if (this.buffer.length >= end + 4 + length) {
          const body = this.buffer.slice(end + 4, end + 4 + length);
          this.buffer = this.buffer.slice(end + 4 + length);
          return { status: Number(statusLine.split(' ')[1]), headers, body };
        }
      }
      if (this.closed) throw new Error(`closed before a complete response: ${JSON.stringify(this.buffer)}`);
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  async closedByServer(): Promise<void> {
    if (this.closed) return;
    await new Promise((resolve) => this.socket.once('close', resolve));
  }
}

const refused = (port: number): Promise<string> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

const opened: Connection[] = [];
afterEach(() => {
  for (const connection of opened.splice(0)) connection.socket.destroy();
});

function open(port: number): Connection {
  const connection = new Connection(port);
  opened.push(connection);
  return connection;
}

describe('drainServer', () => {
  it('refuses new connections, serves the next request of a keep-alive connection with Connection: close, then ends', async () => {
    const { server, port } = await startServer();
    const connection = open(port);
    await connection.opened();
    expect((await connection.get('/')).headers.connection).toBe('keep-alive');

    const drain = drainServer(server, { timeoutMs: 60_000, idleGraceMs: 60_000 });
    expect(await refused(port)).toBe('ECONNREFUSED');
    const last = await connection.get('/');
    expect(last).toMatchObject({ status: 200, body: 'ok', headers: { connection: 'close' } });
    await connection.closedByServer();
    expect(await drain.done).toStrictEqual({ forced: false });
  });

  it('lets a request in flight finish, and closes its connection once it has been idle for the grace period', async () => {
    const { server, port, release } = await startServer();
    const connection = open(port);
    await connection.opened();
    const slow = connection.get('/slow');
    // The request is in flight once the server has it: a second connection proves the order.
    await open(port).get('/');
    const drain = drainServer(server, { timeoutMs: 60_000, idleGraceMs: 50 });
    release();
    expect(await slow).toMatchObject({ status: 200, body: 'ok' });
    await connection.closedByServer();
    expect(await drain.done).toStrictEqual({ forced: false });
  });

  it('closes connections that stay idle after the grace period', async () => {
    const { server, port } = await startServer();
    const idle = open(port);
    await idle.opened();
    await idle.get('/');
    const drain = drainServer(server, { timeoutMs: 60_000, idleGraceMs: 50 });
    await idle.closedByServer();
    expect(await drain.done).toStrictEqual({ forced: false });
  });

  it('destroys what is left at the deadline, and at once on force()', async () => {
    for (const viaForce of [false, true]) {
      const { server, port } = await startServer();
      const connection = open(port);
      await connection.opened();
      const stuck = connection.get('/slow');
      await open(port).get('/');
      const drain = drainServer(server, { timeoutMs: viaForce ? 60_000 : 50, idleGraceMs: 10 });
      if (viaForce) drain.force();
      await expect(stuck).rejects.toThrow('closed before a complete response');
      expect(await drain.done).toStrictEqual({ forced: true });
    }
  });
});
