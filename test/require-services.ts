/**
 * Global setup of `npm run test:system`: the run fails, never skips, when what its tests drive is
 * missing — Debian's chromium at /usr/bin/chromium (`apt-get install chromium`), PostgreSQL on
 * 127.0.0.1:5432 and Redis on 127.0.0.1:6379 (test/services.ts).
 */
import { existsSync } from 'node:fs';
import { connect } from 'node:net';

/** Where playwright-core finds the browser (test/browser-support.ts). */
const CHROMIUM = '/usr/bin/chromium';
/** The services, by name, with their loopback port. */
const SERVICES: readonly (readonly [name: string, port: number])[] = [
  ['PostgreSQL', 5432],
  ['Redis', 6379],
];

/** Resolves true when something accepts a TCP connection on 127.0.0.1:`port` within 2 s. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 2000 });
    const done = (answer: boolean): void => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/**
 * Fails the run when chromium or a service is missing.
 * @throws {Error} naming everything missing and how to provide it
 */
export default async function setup(): Promise<void> {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM)) missing.push(`${CHROMIUM} (apt-get install chromium)`);
  for (const [name, port] of SERVICES) if (!(await listening(port))) missing.push(`${name} on 127.0.0.1:${port}`);
  if (missing.length > 0) {
    throw new Error(`npm run test:system needs ${missing.join(', ')}; \`npm test\` needs none of them`);
  }
}
