/**
 * Graceful shutdown end to end (issue 6): `sitegate serve` under load gets SIGTERM; it stops
 * accepting connections, answers every request already sent in full (including one whose body
 * arrives slowly), flushes the audit queue, closes the store and exits 0.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT_MS, cliProcesses } from './cli-process.js';
import { freePort } from './free-port.js';
import { liftSearchLimit, startLoad, type LoadRequest } from './load.js';

const { tempDir, start, run } = cliProcesses();
const TEST_TIMEOUT_MS = 180_000;

/**
 * Starts a POST whose body arrives in two parts: the request is in flight on the server from the
 * first part on, until `finish()` sends the rest and reads the whole response.
 */
function slowUpload(port: number, requestPath: string, body: string): { finish: () => Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST ${requestPath} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise<string>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
  return {
    finish: () => {
      socket.write(body.slice(half));
      return closed;
    },
  };
}

describe('graceful shutdown', { timeout: TEST_TIMEOUT_MS }, () => {
  it('SIGTERM under load: no request fails except refused new connections; a slow request completes; exit 0', async (context) => {
    const cwd = tempDir(context, 'sitegate-cwd-');
    const site = tempDir(context, 'sitegate-site-');
    const dataDir = path.join(cwd, 'data');
    mkdirSync(path.join(site, 'guides'));
    writeFileSync(path.join(site, 'index.md'), '# Shutdown site\n\nA site that is about to stop.\n');
    writeFileSync(path.join(site, 'guides/setup.md'), '# Setup\n\nHow to install the zanzibar tool.\n');
    const created = await run(
      context,
      ['keys', 'create', '--name', 'slow', '--scopes', 'search:read', '--json', '--data-dir', dataDir],
      cwd,
    );
    expect(created.code).toBe(0);
    const key = JSON.parse(created.stdout) as { client_id: string; client_secret: string };
    liftSearchLimit(cwd);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = start(context, ['serve', site, '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'], cwd);
    await server.waitForStdout(/listening on /, CLI_TIMEOUT_MS);

    const mix: LoadRequest[] = [
      { path: '/' },
      { path: '/guides/setup', headers: { accept: 'text/markdown' } },
      { path: '/api/search.json?q=zanzibar' },
      { path: '/llms.txt' },
      { path: '/sitemap.xml' },
      { path: '/api/v1/health' },
      { path: '/guides/setup' },
      { path: '/openapi.json' },
    ];
    const load = startLoad(baseUrl, mix, 8, (outcome) => outcome.error === 'ECONNREFUSED');
    // A failed authentication queues an audit event, written in batches: it must survive the exit.
    const refusedToken = await fetch(`${baseUrl}/api/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'sgc_0000000000000000', client_secret: 'x'.repeat(32) }),
    });
    expect(refusedToken.status).toBe(401);
    const slow = slowUpload(
      port,
      '/api/v1/oauth/token',
      JSON.stringify({ grant_type: 'client_credentials', client_id: key.client_id, client_secret: key.client_secret }),
    );
    while (load.outcomes.length < 200) await new Promise((resolve) => setTimeout(resolve, 20));

    const sigtermAtMs = performance.now();
    server.child.kill('SIGTERM');
    await server.waitForStdout(/SIGTERM received/, CLI_TIMEOUT_MS);
    // The slow request is in flight: the server waits for it instead of exiting.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.running).toBe(true);
    const slowResponse = await slow.finish();
    await load.finished;
    expect(await server.exited(CLI_TIMEOUT_MS)).toStrictEqual({ code: 0, signal: null });

    const [head = '', tokenBody = ''] = slowResponse.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(Buffer.byteLength(tokenBody)).toBe(Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]));
    expect(JSON.parse(tokenBody)).toMatchObject({ token_type: 'Bearer', scope: 'search:read', expires_in: 3600 });

    const failed = load.outcomes.filter((outcome) => !outcome.ok && outcome.error !== 'ECONNREFUSED');
    expect(failed).toStrictEqual([]);
    const afterSigterm = load.outcomes.filter((outcome) => outcome.atMs > sigtermAtMs && outcome.ok);
    // Requests on open connections were still answered, each telling the client to reconnect.
    expect(afterSigterm.length).toBeGreaterThan(0);
    expect(afterSigterm.some((outcome) => outcome.connectionClose)).toBe(true);
    // Every worker ended on a refused connection: the listener was closed.
    expect(load.outcomes.filter((outcome) => outcome.error === 'ECONNREFUSED')).toHaveLength(8);
    expect(server.stdout).toContain('"msg":"SIGTERM received, closing (requests in flight have 10 s to finish)"}\n');
    expect(server.stdout).toMatch(/"msg":"closed"}\n$/);
    expect(server.stderr).toBe('');

    const audit = await run(context, ['audit', '--json', '--data-dir', dataDir], cwd);
    expect(audit.code).toBe(0);
    const events = JSON.parse(audit.stdout) as { type: string; client_id: string | null }[];
    expect(events.filter((event) => event.type === 'auth_failed').map((event) => event.client_id)).toStrictEqual(['sgc_0000000000000000']);
  });
});
