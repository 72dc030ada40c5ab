/** `sitegate serve [DIR]`: build the snapshot, listen, print the URL, drain on SIGINT/SIGTERM. */
import pino from 'pino';
import { loadConfig, readConfigFile, type ConfigInput } from '../config/config.js';
import { readEnv } from '../config/env.js';
import { createContext } from '../context.js';
import { buildApp } from '../http/app.js';
import { loadSnapshot, type LoadedSnapshot } from '../snapshot/snapshot.js';
import { progressLine } from './output.js';

/** Flags of `serve`, as parsed by the command table. */
export interface ServeFlags extends ConfigInput {
  logLevel?: string;
}

/**
 * Serves until SIGINT or SIGTERM, then closes the server (in-flight requests finish) and resolves.
 * @throws {ConfigError} on invalid settings; {@link ContentDirError} when the folder is missing
 */
export async function serve(flags: ServeFlags): Promise<void> {
  const config = loadConfig(flags, readEnv(), readConfigFile(process.cwd()));
  const logger = pino({ level: config.logLevel, redact: ['req.headers.authorization', 'req.headers["x-api-key"]'] });
  const build = (baseUrl: string): LoadedSnapshot => {
    const progress = progressLine('sitegate: building pages');
    try {
      return loadSnapshot(config.contentDir, { baseUrl, onProgress: (_phase, done, total) => progress.update(done, total) });
    } finally {
      progress.done();
    }
  };
  const started = performance.now();
  let loaded = build(config.baseUrl);
  const buildMs = Math.round(performance.now() - started);
  const context = createContext(config, loaded.snapshot);
  const app = buildApp(context, { logger });
  const address = await app.listen({ port: config.port, host: config.host });
  if (!config.baseUrlExplicit && config.port === 0) {
    // Port 0 picks a free port: absolute URLs in the snapshot must name the real one.
    const actual = new URL(address);
    context.config.baseUrl = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${actual.port}`;
    loaded = build(context.config.baseUrl);
    context.swapSnapshot(loaded.snapshot);
  }
  const errors = loaded.problems.filter((problem) => problem.severity === 'error').length;
  const pages = loaded.snapshot.site.pages.size;
  process.stdout.write(
    `sitegate: serving ${config.contentDir} (${pages} pages, built in ${buildMs} ms${errors > 0 ? `, ${errors} content problems: run sitegate check` : ''})\n` +
      `sitegate: listening on ${context.config.baseUrl}\n`,
  );

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.stdout.write(`sitegate: ${signal} received, closing\n`);
      app.close().then(resolve, (error: unknown) => {
        logger.error({ err: error }, 'error while closing');
        resolve();
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
