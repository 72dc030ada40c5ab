/**
 * The reverse proxies of the deployment kit as child processes of a test: Debian's nginx
 * (`/usr/sbin/nginx`) and Caddy, each run as the current user in the foreground with its files
 * (config, pid, logs, temporary files, Caddy's autosave) in a temporary folder, so the test owns,
 * stops and cleans up everything they make.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';

/** The nginx binary of Debian's `nginx` package (test/require-system-tools.ts checks it is there). */
export const NGINX = '/usr/sbin/nginx';

/** A running proxy. */
export interface ProxyProcess {
  /** Stops the proxy (SIGQUIT for nginx's graceful stop, SIGTERM for Caddy) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** How long a proxy may take to listen, in ms (it takes a few ms; the machine may be busy). */
const START_TIMEOUT_MS = 20_000;

/**
 * Writes `nginx.conf` into `dir` (created if need be; an `events {}` block and an `http {}` block
 * holding `httpBlock`, with the access log and every temporary path in `dir`) and starts nginx on
 * it, then waits until `port` on 127.0.0.1 accepts connections.
 * @param httpBlock directives of the http context (upstreams, servers), as a sites-available file holds
 * @param port a port one of its servers listens on, to know it is up
 * @throws {Error} with nginx's stderr when it exits or does not listen within 20 s
 */
export function startNginx(dir: string, httpBlock: string, port: number): Promise<ProxyProcess> {
  const file = path.join(dir, 'nginx.conf');
  const conf = [
    'events {}',
    'http {',
    `    access_log ${path.join(dir, 'access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${path.join(dir, `${kind}_temp`)};`),
    httpBlock,
    '}',
    '',
  ].join('\n');
  const global = `daemon off; pid ${path.join(dir, 'nginx.pid')}; error_log ${path.join(dir, 'error.log')};`;
  return startProxy(dir, file, conf, NGINX, ['-p', dir, '-c', file, '-g', global], 'SIGQUIT', port);
}

/**
 * Writes `Caddyfile` into `dir` (created if need be) and runs `caddy run` on it with its data and
 * config folders in `dir`, then waits until `port` on 127.0.0.1 accepts connections.
 * @param caddyfile the whole Caddyfile; give it `admin off` and `auto_https off` in its global
 *   options, so it opens no admin port and asks no certificate authority
 * @throws {Error} with Caddy's output when it exits or does not listen within 20 s
 */
export function startCaddy(dir: string, caddyfile: string, port: number): Promise<ProxyProcess> {
  const file = path.join(dir, 'Caddyfile');
  const env = { ...process.env, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') };
  return startProxy(dir, file, caddyfile, 'caddy', ['run', '--config', file, '--adapter', 'caddyfile'], 'SIGTERM', port, env);
}

async function startProxy(
  dir: string,
  file: string,
  text: string,
  command: string,
  args: string[],
  stopSignal: NodeJS.Signals,
  port: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ProxyProcess> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, text);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(stopSignal);
    await exited;
  };
  const started = Date.now();
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() - started > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`${command} did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { stop };
}

/** Whether 127.0.0.1:`port` accepts a TCP connection now. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
