/** `sitegate serve [DIR]`: build the snapshot, listen, print the URL, drain on SIGINT/SIGTERM. */
import { createServer } from 'node:net';
import pino from 'pino';
import { loadConfig, readConfigFile, type Config, type ConfigInput } from '../config/config.js';
import { readEnv } from '../config/env.js';
import { createContext } from '../context.js';
import { buildApp } from '../http/app.js';
import { loadSnapshot } from '../snapshot/snapshot.js';
import { progressLine } from './output.js';

/** Paths pino must never write: credentials (DESIGN.md; tested). */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers.cookie',
  'headers["proxy-authorization"]',
];

/** Asks the OS for a free port on `host` (used for `--port 0`, so absolute URLs name the real port). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function resolvePort(config: Config): Promise<Config> {
  if (config.port !== 0) return config;
  const port = await freePort(config.host);
  const baseUrl = config.baseUrlExplicit
    ? config.baseUrl
    : `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  return { ...config, port, baseUrl };
}

/**
 * Serves until SIGINT or SIGTERM, then closes the server (in-flight requests finish) and the store.
 * @throws {ConfigError} on invalid settings; {@link ContentDirError} when the folder is missing
 */
export async function serve(flags: ConfigInput): Promise<void> {
  const config = await resolvePort(loadConfig(flags, readEnv(), readConfigFile(process.cwd())));
  const logger = pino({ level: config.logLevel, redact: LOG_REDACT_PATHS });
  const started = performance.now();
  const progress = progressLine('sitegate: building pages');
  const loaded = (() => {
    try {
      return loadSnapshot(config.contentDir, {
        baseUrl: config.baseUrl,
        contentSignal: config.contentSignal,
        onProgress: (_phase, done, total) => progress.update(done, total),
      });
    } finally {
      progress.done();
    }
  })();
  const buildMs = Math.round(performance.now() - started);
  const context = await createContext(config, loaded.snapshot, {
    onBackgroundError: (error) => logger.error({ err: error }, 'background write failed'),
  });
  const app = buildApp(context, { logger });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await context.close();
    throw error;
  }
  const errors = loaded.problems.filter((problem) => problem.severity === 'error').length;
  process.stdout.write(
    `sitegate: serving ${config.contentDir} (${loaded.snapshot.site.pages.size} pages, built in ${buildMs} ms${errors > 0 ? `, ${errors} content problems: run sitegate check` : ''})\n` +
      `sitegate: listening on ${config.baseUrl}\n`,
  );

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.stdout.write(`sitegate: ${signal} received, closing\n`);
      app
        .close()
        .then(() => context.close())
        .then(resolve, (error: unknown) => {
          logger.error({ err: error }, 'error while closing');
          resolve();
        });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
