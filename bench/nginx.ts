/**
 * nginx beside a built-page row (scenarios.ts `beside`): Debian's `/usr/sbin/nginx` serving the
 * row's build folder on 127.0.0.1, started by the bench with a generated configuration in a temp
 * prefix (`daemon off`, `worker_processes 1`, no access log, `sendfile on`), so a reader sees what
 * a static server written in C spends per request beside sitegate and raw `node:http`. The CPU
 * measured is the worker's (/proc/PID/stat, as for every server: cpu.ts): the master only waits.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { track, type ServerProcess } from './children.js';
import { sendRequest } from './http-client.js';
import { freePort } from '../test/free-port.js';

/** Debian's nginx (package `nginx`). */
export const NGINX_BIN = '/usr/sbin/nginx';

/** Time allowed for nginx to answer its first request and show its worker, ms. */
const START_TIMEOUT_MS = 10_000;
/** Pause between readiness checks, ms. */
const POLL_MS = 50;

/**
 * The version line of `bin -v` (`nginx version: nginx/1.22.1`), or why there is none.
 * @param bin the nginx executable
 */
export function nginxVersion(bin = NGINX_BIN): string {
  if (!existsSync(bin)) return `${bin} not found`;
  // nginx prints its version on stderr.
  const result = spawnSync(bin, ['-v'], { encoding: 'utf8' });
  return result.stderr.trim().replace(/^nginx version: /, '') || `${bin} -v printed nothing`;
}

/** What the generated configuration is made of. */
export interface NginxConfigOptions {
  /** The temp prefix: pid file, error log and temp folders go here. */
  prefix: string;
  /** The build folder served at `/`. */
  root: string;
  /** Port on 127.0.0.1. */
  port: number;
  /** Idle keep-alive timeout, s: sitegate's, so connections live alike. */
  keepAliveTimeoutSec: number;
  /** Started as root: the worker then runs as root too (nginx's default user could not read the temp folders, mode 0700). */
  asRoot: boolean;
}

/**
 * Types of the files a generator's build holds, as nginx's `types` block (mime.types of nginx
 * 1.22, the entries a docs build uses); `charset utf-8` adds the charset to the text ones, so the
 * page's Content-Type is sitegate's `text/html; charset=utf-8`.
 */
const TYPES: readonly [type: string, extensions: string][] = [
  ['text/html', 'html htm'],
  ['text/css', 'css'],
  ['text/plain', 'txt md'],
  ['text/xml', 'xml'],
  ['application/javascript', 'js mjs'],
  ['application/json', 'json'],
  ['image/svg+xml', 'svg'],
  ['image/png', 'png'],
  ['image/jpeg', 'jpg jpeg'],
  ['image/x-icon', 'ico'],
  ['font/woff2', 'woff2'],
];

/**
 * A path as an nginx string: double-quoted. Paths with a quote, backslash, `$` (nginx expands
 * variables in `root`) or a line break are refused rather than escaped.
 * @throws naming the path
 */
export function nginxString(value: string): string {
  if (/["\\$\r\n]/.test(value)) throw new Error(`nginx: cannot quote the path ${JSON.stringify(value)}`);
  return `"${value}"`;
}

/**
 * The configuration nginx is started with (nginx.org/en/docs/ngx_core_module.html and
 * ngx_http_core_module.html): one worker in the foreground, errors to the prefix, no access log
 * (sitegate runs with request logging off), keep-alive without a request cap (nginx closes a
 * connection after 1,000 requests by default, node:http never), and the build served as a static
 * host serves it: the file, else `PATH.html` (pretty URLs), else the folder's `index.html`.
 * @throws when a path cannot be quoted ({@link nginxString})
 */
export function nginxConfig(options: NginxConfigOptions): string {
  const { prefix, root, port, keepAliveTimeoutSec, asRoot } = options;
  const inPrefix = (name: string): string => nginxString(path.join(prefix, name));
  return [
    'daemon off;',
    'master_process on;',
    'worker_processes 1;',
    ...(asRoot ? ['user root;'] : []),
    `pid ${inPrefix('nginx.pid')};`,
    `error_log ${inPrefix('error.log')} warn;`,
    'events {',
    '  worker_connections 1024;',
    '}',
    'http {',
    '  types {',
    ...TYPES.map(([type, extensions]) => `    ${type} ${extensions};`),
    '  }',
    '  default_type application/octet-stream;',
    '  charset utf-8;',
    '  access_log off;',
    '  sendfile on;',
    '  tcp_nopush on;',
    `  keepalive_timeout ${keepAliveTimeoutSec}s;`,
    '  keepalive_requests 4294967295;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${inPrefix(`${kind}_temp`)};`),
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    root ${nginxString(root)};`,
    '    location / {',
    '      try_files $uri $uri.html $uri/ =404;',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

/**
 * The parent process id in a /proc/PID/stat line (proc(5): field 4, after the parenthesised
 * command name, which may itself hold spaces and parentheses), or undefined if unreadable.
 */
export function parentPidOf(stat: string): number | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
}

/** The ids of the processes whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // it exited meanwhile
    }
    if (parentPidOf(stat) === pid) found.push(Number(name));
  }
  return found;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** nginx as the bench runs it: {@link ServerProcess.pid} is the worker's, whose CPU is measured. */
export interface NginxProcess extends ServerProcess {
  /** The master's id (the spawned child). */
  masterPid: number;
}

/**
 * Starts {@link NGINX_BIN} on a free port serving `root`, with {@link nginxConfig} in a fresh temp
 * prefix (removed when nginx exits), as the leader of its own process group so that no worker
 * outlives the bench; resolves once it answers a request and its one worker is known.
 * @param keepAliveTimeoutMs sitegate's keep-alive timeout
 * @param bin the nginx executable
 * @throws when nginx is not installed (naming `bin`), exits, or is not ready within
 *   {@link START_TIMEOUT_MS} (with its error log)
 */
export async function startNginx(root: string, keepAliveTimeoutMs: number, bin = NGINX_BIN): Promise<NginxProcess> {
  if (!existsSync(bin)) throw new Error(`${bin} not found: install Debian's nginx package to measure nginx beside the built page`);
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'sitegate-bench-nginx-'));
  const port = await freePort(); // nginx's `listen` takes no port 0
  const config = nginxConfig({
    prefix,
    root,
    port,
    keepAliveTimeoutSec: Math.round(keepAliveTimeoutMs / 1000),
    asRoot: process.getuid?.() === 0,
  });
  const configFile = path.join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, `${kind}_temp`));
  const errorLog = path.join(prefix, 'error.log');
  const child = track(
    spawn(bin, ['-p', prefix, '-c', configFile, '-e', errorLog], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] }),
    true,
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  child.once('exit', () => rmSync(prefix, { recursive: true, force: true }));
  const masterPid = child.pid!;
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = (): string => `${stderr}${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`;
  try {
    const worker = await workerOnceReady(masterPid, baseUrl, () => child.exitCode !== null || child.signalCode !== null);
    return { baseUrl, pid: worker, masterPid, child };
  } catch (error) {
    try {
      process.kill(-masterPid, 'SIGKILL');
    } catch {
      // It exited already.
    }
    throw new Error(`${(error as Error).message}:\n${log()}`, { cause: error });
  }
}

/**
 * Waits until nginx answers a request at `baseUrl` and its master has its one worker.
 * @returns the worker's process id
 * @throws when nginx exits, starts more than one worker, or is not ready within {@link START_TIMEOUT_MS}
 */
async function workerOnceReady(masterPid: number, baseUrl: string, exited: () => boolean): Promise<number> {
  const deadline = performance.now() + START_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (exited()) throw new Error('nginx exited before listening');
    const answered = await sendRequest(`${baseUrl}/`, { method: 'GET', headers: {} }).then(
      () => true,
      () => false,
    );
    const workers = answered ? childrenOf(masterPid) : [];
    if (workers.length === 1) return workers[0]!;
    if (workers.length > 1) throw new Error(`nginx started ${workers.length} workers, expected 1 (worker_processes 1)`);
    await sleep(POLL_MS);
  }
  throw new Error(`nginx: not ready after ${START_TIMEOUT_MS} ms`);
}
