/** A TCP port to listen on in tests that need a real server (MCP client, child processes). */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port handed out here: below it are the well-known services a machine may run (5432, 6379, …). */
const LOWEST_PORT = 10_000;
/** How many ports are probed before giving up (each taken one is skipped). */
const ATTEMPTS = 100;

/**
 * The first port of the kernel's ephemeral range (`net.ipv4.ip_local_port_range`, 32768 by
 * default): ports from there up are what the kernel gives any socket bound to port 0 and every
 * outgoing connection, so one of them can be taken by another test between a probe and the
 * server's bind; the ports below it are handed out only on request.
 */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const start = Number(low);
    return Number.isInteger(start) && start > LOWEST_PORT + 1_000 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

const ranges = { low: LOWEST_PORT, high: ephemeralStart() };

/** Whether `port` can be listened on at 127.0.0.1 right now (a probe socket, closed again). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port free right now on 127.0.0.1, for a server a test starts on a port it must know first
 * (a redirect URI, an issuer). It is drawn at random below the kernel's ephemeral range, so no
 * outgoing connection or port-0 server (the OpenID provider, a browser) can take it before the
 * server binds it — with ports from `listen(0)`, CI saw `port already in use` — and probed.
 * Two tests drawing the same port at once is a chance of about one in 20,000.
 * @throws {Error} when {@link ATTEMPTS} random ports are all taken
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = ranges.low + Math.floor(Math.random() * (ranges.high - ranges.low));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port among ${ATTEMPTS} tried in ${ranges.low}-${ranges.high - 1}`);
}
