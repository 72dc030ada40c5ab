/**
 * Debian's nginx (`/usr/sbin/nginx`) as a child process for the deployment tests: run as the
 * current user with a temporary prefix, its pid file, logs and temporary files in that folder,
 * in the foreground so the test owns and stops the process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';

/** The nginx binary of Debian's `nginx` package (test/require-system-tools.ts checks it is there). */
export const NGINX = '/usr/sbin/nginx';

/** A running nginx: the process and what it wrote to stderr. */
export interface NginxProcess {
  readonly child: ChildProcess;
  /** The error log file (nginx writes its startup errors to stderr, the rest here). */
  readonly errorLog: string;
  /** Stops nginx (SIGQUIT, nginx's graceful stop) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** How long nginx may take to listen, in ms (it takes a few ms; the machine may be busy). */
const START_TIMEOUT_MS = 20_000;

/**
 * Writes `nginx.conf` into `dir` (created if need be; an `events {}` block and an `http {}` block holding `httpBlock`,
 * with the access log and every temporary path in `dir`) and starts nginx on it, then waits until
 * `port` on 127.0.0.1 accepts connections.
 * @param httpBlock directives of the http context (upstreams, servers), as a sites-available file holds
 * @param port a port one of its servers listens on, to know it is up
 * @throws {Error} with nginx's stderr when it exits or does not listen within 20 s
 */
export async function startNginx(dir: string, httpBlock: string, port: number): Promise<NginxProcess> {
  const temp = (name: string): string => path.join(dir, name);
  const conf = [
    'events {}',
    'http {',
    `    access_log ${temp('access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${temp(`${kind}_temp`)};`),
    httpBlock,
    '}',
    '',
  ].join('\n');
  mkdirSync(dir, { recursive: true });
  const file = temp('nginx.conf');
  writeFileSync(file, conf);
  const errorLog = temp('error.log');
  const child = spawn(NGINX, ['-p', dir, '-c', file, '-g', `daemon off; pid ${temp('nginx.pid')}; error_log ${errorLog};`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    await exited;
  };
  const started = Date.now();
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() - started > START_TIMEOUT_MS) {
      await stop();
      throw new Error(`nginx did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, errorLog, stop };
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
