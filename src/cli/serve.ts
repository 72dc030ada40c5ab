/** `sitegate serve [DIR]`: build the snapshot, listen, print the URL, reload on changes (`--watch`), drain on SIGINT/SIGTERM. */
import { createServer } from 'node:net';
import type { Logger } from 'pino';
import type { AddressInfo } from 'node:net';
import type { Config, ConfigInput } from '../config/config.js';
import { loadSettings } from '../config/config-file.js';
import { createContext, type ServerContext } from '../context.js';
import type { BuildIndex } from '../built/build-index.js';
import { buildApp } from '../http/app.js';
import { drainServer, type Drain } from '../http/drain.js';
import { loadSnapshotInSteps, snapshotOptionsOf, type LoadedSnapshot, type Snapshot, type SnapshotOptions } from '../snapshot/snapshot.js';
import { runSteps, runStepsYielding, type BuildSteps } from '../build-steps.js';
import { ReadCache } from '../snapshot/read-cache.js';
import { warmSearchesInSteps } from '../snapshot/search-cache.js';
import { gitDatesReader } from '../snapshot/git-dates.js';
import { mayChangeSite } from '../snapshot/change-filter.js';
import { startSweeping } from '../snapshot/sweep.js';
import { createReloader, watchContent, type ContentWatcher, type Reloader } from '../snapshot/watch.js';
import { watchConfigFiles, type ConfigWatch } from '../snapshot/config-watch.js';
import { generatorLine, versionsLine, progressLine } from './output.js';
import type { ContentProblem } from '../content/problems.js';
import { skippedLine } from './check.js';
import { ed25519Signer, signerNotice } from '../auth/ed25519.js';
import { ContentError } from '../content/load.js';
import { createLoggers, type Log } from '../log.js';
import { createMetrics, listenerHooks, type Metrics } from '../metrics/metrics.js';
import { METRICS_PATH, READINESS_PATH, startMetricsServer } from '../metrics/metrics-server.js';
import { STARTING, type ReadinessReport } from '../readiness.js';

/** `1 page`, `2 pages`. */
function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

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
 * The snapshot build of this config, used at start and by hot reload, in steps (snapshot/build-steps.ts:
 * run at once at start, yielding to requests between steps on reload); its pages tell `log` of the
 * includes they refuse when first served (snapshot/page-bodies.ts).
 * @param readCache what earlier builds read (snapshot/read-cache.ts), with `--watch`; git's log is
 *   then read again only when HEAD moved (snapshot/git-dates.ts `gitDatesReader`)
 */
export function snapshotBuilder(
  config: Config,
  log: Log,
  readCache?: ReadCache,
): (onProgress?: SnapshotOptions['onProgress']) => BuildSteps<LoadedSnapshot> {
  const gitDates = readCache === undefined ? undefined : gitDatesReader(config.contentDir);
  return (onProgress) =>
    loadSnapshotInSteps(config.contentDir, { ...snapshotOptionsOf(config), onProgress, log, readCache, gitDates: gitDates?.() });
}

/**
 * Serves until SIGINT or SIGTERM, then shuts down gracefully: stops accepting connections, lets
 * requests in flight finish (at most `drainTimeoutSec`; a second signal cuts it short), closes
 * idle keep-alive connections, stops the watcher, flushes the audit queue and closes the store.
 * With `watch`, content changes are rebuilt and swapped in (see snapshot/watch.ts).
 * @throws {ConfigError} on invalid settings; {@link ContentDirError} when the folder is missing
 */
export async function serve(flags: ConfigInput & { config?: string | undefined }): Promise<void> {
  const config = await resolvePort(loadSettings(flags));
  const { logger, lifecycle } = createLoggers(config.logLevel, config.logFormat, LOG_REDACT_PATHS);
  // With --watch, what each file's read produced is kept, so a rebuild reads only what changed (issue 34).
  const readCache = config.watch ? new ReadCache() : undefined;
  const build = snapshotBuilder(config, logger, readCache);
  const metrics = config.metricsPort === null ? undefined : createMetrics();
  // Not ready until the main port listens with the first snapshot: the metrics port answers the
  // readiness probe from before the build, so probes see 503, not a refused connection.
  const serving: { context?: ServerContext } = {};
  const readiness = (): Promise<ReadinessReport> => serving.context?.readiness.check() ?? Promise.resolve(STARTING);
  const metricsServer =
    metrics === undefined || config.metricsPort === null
      ? undefined
      : await startMetricsServer(metrics, readiness, { host: config.host, port: config.metricsPort });
  if (metricsServer !== undefined)
    lifecycle.info(
      { metrics: metricsServer.url + METRICS_PATH },
      `metrics on ${metricsServer.url}${METRICS_PATH}, readiness on ${metricsServer.url}${READINESS_PATH}`,
    );
  // Watching starts before the first build, so that no change made during it is missed.
  const watcher = config.watch
    ? await watchContent(config.contentDir, (error) => {
        // A folder left unwatched may change unheard: from now on every build checks every file.
        logger.error({ err: error }, 'watcher error; every rebuild now checks every file');
        readCache?.distrustReports();
      })
    : undefined;
  const started = performance.now();
  const progress = progressLine('sitegate: building pages');
  const loaded = (() => {
    try {
      return runSteps(build((_phase, done, total) => progress.update(done, total)));
    } catch (error) {
      void watcher?.close();
      void metricsServer?.close();
      throw error;
    } finally {
      progress.done();
    }
  })();
  const buildMs = Math.round(performance.now() - started);
  metrics?.snapshotBuilt(buildMs / 1000, loaded.snapshot.site.pages.size, loaded.snapshot.site.assets.size);
  let context: ServerContext | undefined;
  try {
    checkHeldBack(loaded.problems, config.allowContentErrors, logger);
    context = await createContext(config, loaded.snapshot, {
      onBackgroundError: (error) => logger.error({ err: error }, 'background write failed'),
      log: logger,
      ...(metrics === undefined ? {} : { metrics }),
    });
  } catch (error) {
    await watcher?.close();
    await metricsServer?.close();
    throw error;
  }
  // Observers of answered requests (http/observe.ts): the metrics' when served, and the analytics recorder.
  const hooks = metrics === undefined ? undefined : listenerHooks(metrics);
  const app = buildApp(context, {
    logger,
    observers: [...(hooks?.observers ?? []), ...context.observers],
    ...(hooks === undefined ? {} : { onConditional: hooks.onConditional }),
  });
  try {
    await loaded.snapshot.datesReady;
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await watcher?.close();
    await metricsServer?.close();
    await context.close();
    throw error;
  }
  serving.context = context;
  warmUp(loaded.snapshot, logger);
  announce(lifecycle, config, loaded, buildMs, app.server.address() as AddressInfo, context.built);
  const reloader =
    watcher === undefined || readCache === undefined
      ? undefined
      : startReloading(watcher, build, readCache, context, logger, lifecycle, config.contentDir, metrics);

  await new Promise<void>((resolve) => {
    let drain: Drain | undefined;
    const stop = (signal: NodeJS.Signals): void => {
      if (drain !== undefined) {
        lifecycle.info({ signal }, `${signal} received again, closing connections now`);
        drain.force();
        return;
      }
      lifecycle.info(
        { signal, drainTimeoutSec: config.drainTimeoutSec },
        `${signal} received, closing (requests in flight have ${config.drainTimeoutSec} s to finish)`,
      );
      // Live-reload streams (watch mode) never finish by themselves: ended now, not waited for.
      context.liveReload?.close();
      drain = drainServer(app.server, { timeoutMs: config.drainTimeoutSec * 1000 });
      drain.done
        .then(async ({ forced }) => {
          if (forced) logger.warn({ drainTimeoutSec: config.drainTimeoutSec }, 'drain timeout: open connections were closed');
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          await reloader?.close();
          await watcher?.close();
          await app.close();
          await metricsServer?.close();
          await context.close();
          lifecycle.info({}, 'closed');
        })
        .catch((error: unknown) => logger.error({ err: error }, 'error while closing'))
        .finally(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * The start lines: what is served (pages, static files, build time, problems), the files served
 * as neither page nor static file, the data folder (SQLite), the
 * address the socket is bound to and the public URL the site names itself with, which differ
 * behind a proxy (`--base-url`).
 */
function announce(
  lifecycle: Logger,
  config: Config,
  loaded: LoadedSnapshot,
  buildMs: number,
  bound: AddressInfo,
  built: BuildIndex | undefined,
): void {
  const errors = loaded.problems.filter((problem) => problem.severity === 'error').length;
  const pages = loaded.snapshot.site.pages.size;
  const staticFiles = loaded.snapshot.site.assets.size;
  lifecycle.info(
    { contentDir: config.contentDir, pages, staticFiles, buildMs, problems: errors },
    `serving ${config.contentDir} (${counted(pages, 'page')}${staticFiles > 0 ? `, ${counted(staticFiles, 'static file')}` : ''}, built in ${buildMs} ms${errors > 0 ? `, ${counted(errors, 'content problem')}: run sitegate check` : ''})`,
  );
  // A plain folder has no conventions to name; a generator's shape the nav and titles served.
  const { generator } = loaded.snapshot.site;
  if (generator.name !== 'plain') lifecycle.info({ generator: generator.name, detectedBy: generator.detectedBy }, generatorLine(generator));
  const { versions } = loaded.snapshot.site;
  const versioned = versionsLine(versions);
  if (versioned !== undefined) lifecycle.info({ versions: versions.map((version) => version.name) }, versioned);
  const skipped = skippedLine(loaded.skipped);
  if (skipped !== undefined) lifecycle.info({ skipped: Object.fromEntries(loaded.skipped) }, skipped);
  const signer = signerNotice(ed25519Signer);
  if (signer !== undefined) lifecycle.info({ tokenSigning: ed25519Signer.name }, signer);
  if (config.databaseUrl === null) {
    lifecycle.info({ dataDir: config.dataDir }, `data folder ${config.dataDir} (${config.dataDirReason})`);
    if (config.dataDirWarning !== null) lifecycle.warn({ dataDir: config.dataDir }, config.dataDirWarning);
  }
  const host = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  lifecycle.info({ address: `http://${host}:${bound.port}` }, `listening on http://${host}:${bound.port}`);
  lifecycle.info({ url: config.baseUrl }, `public URL ${config.baseUrl}`);
  if (built !== undefined)
    lifecycle.info(
      { html: config.htmlDir, files: built.files.size },
      `people get the build in ${config.htmlDir ?? ''} (${counted(built.files.size, 'file')}); agents the pages' markdown (sitegate check --html lists what differs)`,
    );
}

/**
 * Pages held back because their frontmatter names `access` or `draft` but does not parse
 * (content/site.ts): without `allowContentErrors`, the server does not start, and the error names
 * each file with its YAML error and line; with it, each is logged and stays unpublished.
 * @throws {ContentError} listing the files, one line each
 */
export function checkHeldBack(problems: readonly ContentProblem[], allowContentErrors: boolean, logger: Logger): void {
  const held = problems.filter((problem) => problem.heldBack === true);
  if (held.length === 0) return;
  if (allowContentErrors) {
    for (const problem of held) logger.error({ file: problem.file }, problem.message);
    return;
  }
  const lines = held.map((problem) => `${problem.file}: ${problem.message}`);
  throw new ContentError(
    `${held.length} page${held.length === 1 ? '' : 's'} held back, not served (fix them, or start with --allow-content-errors to serve the rest):\n${lines.join('\n')}`,
  );
}

/** Quiet time before a snapshot's warm-up (ms): the requests that follow a swap (open pages reloading) come first. */
const WARM_UP_DELAY_MS = 1_000;

/**
 * Runs a snapshot's warm-up (snapshot.ts `warm`) between requests, once it is in service; a failure
 * is logged, and the first request that needs what it makes makes it then.
 */
function warmUp(snapshot: Snapshot, logger: Logger): void {
  setTimeout(() => {
    runStepsYielding(snapshot.warm()).catch((error: unknown) => logger.error({ err: error }, 'snapshot warm-up failed'));
  }, WARM_UP_DELAY_MS).unref();
}

/**
 * The build of `serve --watch`'s reloader (snapshot/watch.ts `ReloaderOptions.build`): the changed
 * paths reported to the read cache, no build when they can change nothing (snapshot/change-filter.ts),
 * else the snapshot built in steps between requests, and the last queries of the snapshot in
 * service (`current`) answered in it (snapshot/search-cache.ts `warmSearchesInSteps`); after each
 * build, whatever became of it, `configWatch` watches the config files its conventions read
 * (snapshot/config-watch.ts).
 * @throws what the build throws (the reloader keeps the snapshot in service)
 */
export function watchBuild(
  readCache: ReadCache,
  build: () => BuildSteps<LoadedSnapshot>,
  configWatch: ConfigWatch,
  current?: () => Snapshot,
): (changed: ReadonlySet<string>) => Promise<LoadedSnapshot | undefined> {
  return async function watchedBuild(changed) {
    readCache.report(changed);
    // A script no page includes, a build artefact: nothing to build.
    if (!mayChangeSite(readCache, changed)) return undefined;
    try {
      const loaded = await runStepsYielding(build());
      await loaded.snapshot.datesReady;
      if (current !== undefined) await runStepsYielding(warmSearchesInSteps(current(), loaded.snapshot));
      return loaded;
    } finally {
      configWatch.update(readCache.configReads);
    }
  };
}

/**
 * Rebuilds the snapshot on content changes, those the watcher reports and those a sweep finds
 * (snapshot/sweep.ts), and on changes of the generator config files the last build read beside the
 * content folder (snapshot/config-watch.ts), and logs each reload (pages, build ms) or failure.
 */
function startReloading(
  watcher: ContentWatcher,
  build: () => BuildSteps<LoadedSnapshot>,
  readCache: ReadCache,
  context: ServerContext,
  logger: Logger,
  lifecycle: Logger,
  contentDir: string,
  metrics: Metrics | undefined,
): Reloader {
  // The generator's config files beside the content folder (sidebars.js, mkdocs.yml, hugo.toml…):
  // a change may change anything, so the build that follows reads everything (snapshot/config-watch.ts).
  const configWatch = watchConfigFiles(
    () => reloader.schedule(''),
    (error) => logger.error({ err: error }, 'config file watcher error; the sweep still finds config changes'),
  );
  const reloader = createReloader({
    build: watchBuild(readCache, build, configWatch, () => context.snapshot()),
    swap: (loaded) => {
      context.swapSnapshot(loaded.snapshot);
      warmUp(loaded.snapshot, logger);
    },
    onReload: (loaded, buildMs) => {
      metrics?.snapshotBuilt(buildMs / 1000, loaded.snapshot.site.pages.size, loaded.snapshot.site.assets.size);
      checkHeldBack(loaded.problems, true, logger);
      const problems = loaded.problems.filter((problem) => problem.severity === 'error').length;
      const { filesRead } = loaded.snapshot;
      logger.info({ pages: loaded.snapshot.site.pages.size, filesRead, buildMs: Math.round(buildMs), problems }, 'content reloaded');
    },
    onError: (error) => logger.error({ err: error }, 'content reload failed; still serving the previous snapshot'),
  });
  watcher.onChange((relPath) => reloader.schedule(relPath));
  configWatch.update(readCache.configReads);
  // What the watcher missed is found by a sweep now and then (snapshot/sweep.ts).
  const stopSweeping = startSweeping(
    readCache,
    (relPath) => reloader.schedule(relPath),
    (error) => logger.error({ err: error }, 'sweep for unreported changes failed'),
  );
  lifecycle.info({ contentDir }, `watching ${contentDir} for changes`);
  return {
    schedule: (relPath) => reloader.schedule(relPath),
    async close() {
      stopSweeping();
      configWatch.close();
      await reloader.close();
    },
  };
}
