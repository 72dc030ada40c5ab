/** A TCP port to listen on in tests that need a real server (MCP client, child processes). */
import { createServer } from 'node:net';

/**
 * A port free right now on 127.0.0.1: the OS picks it for a probe socket, which is closed before
 * the port is returned (another process could take it in between; on a test machine none does).
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
