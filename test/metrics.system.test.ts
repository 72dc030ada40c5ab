/**
 * Prometheus metrics and readiness (issue 17, done-when 3): traffic through the production
 * listener, then a scrape of the metrics listener parsed with a Prometheus text-format parser;
 * readiness while the store is down (PostgreSQL behind a TCP relay the test stops) and while
 * `sitegate serve` builds its first snapshot.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import parsePrometheusTextFormat, { type HistogramSample, type MetricFamily, type Sample } from 'parse-prometheus-text-format';
import { loadConfig, type ConfigInput } from '../src/config/config.js';
import { createContext, type ServerContext } from '../src/context.js';
import { buildInjectableApp, type InjectableApp } from './app.js';
import { createMetrics, listenerHooks, type Metrics } from '../src/metrics/metrics.js';
import { startMetricsServer, type MetricsServer } from '../src/metrics/metrics-server.js';
import { STARTING, type ReadinessReport } from '../src/readiness.js';
import { loadSnapshot, snapshotOptionsOf } from '../src/snapshot/snapshot.js';
import { openPostgresStore } from '../src/store/postgres.js';
import { EXAMPLE_SITE, TEST_BASE_URL, issueKey, writeContent, removeDir } from './helpers.js';
import { createTestDatabase } from './services.js';
import { CLI_TIMEOUT_MS, cliProcesses } from './cli-process.js';
import { freePort } from './free-port.js';

const READY_PATH = '/api/v1/health/ready';
const HEALTH_JSON = 'application/health+json; charset=utf-8';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An app over the example site with metrics on, and its metrics listener on a free port. */
async function meteredApp(
  settings: ConfigInput = {},
): Promise<{ app: InjectableApp; context: ServerContext; metrics: Metrics; server: MetricsServer }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-metrics-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ contentDir: EXAMPLE_SITE, baseUrl: TEST_BASE_URL, dataDir }, {}, settings);
  const metrics = createMetrics();
  const context = await createContext(config, loadSnapshot(config.contentDir, snapshotOptionsOf(config)).snapshot, { metrics });
  const app = buildInjectableApp(context, listenerHooks(metrics));
  cleanups.push(() => app.close().then(() => context.close()));
  const server = await startMetricsServer(metrics, () => context.readiness.check(), { host: '127.0.0.1', port: 0 });
  cleanups.push(() => server.close());
  return { app, context, metrics, server };
}

/** Scrapes `/metrics` and parses it. */
async function scrape(server: MetricsServer): Promise<MetricFamily[]> {
  const res = await fetch(`${server.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parsePrometheusTextFormat(await res.text());
}

/** The samples of a family whose labels include `labels`. */
function samples(families: MetricFamily[], name: string, labels: Record<string, string> = {}): (Sample | HistogramSample)[] {
  const family = families.find((f) => f.name === name);
  if (family === undefined) throw new Error(`no metric family ${name}`);
  return family.metrics.filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
}

/** A counter's or gauge's value (one sample), or a histogram's count; `undefined` when no sample matches. */
function value(families: MetricFamily[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples(families, name, labels);
  if (found.length === 0) return undefined;
  expect(found).toHaveLength(1);
  const sample = found[0] as Sample | HistogramSample;
  return Number('count' in sample ? sample.count : sample.value);
}

/**
 * A histogram's observation count for `labels`, from the registry: parse-prometheus-text-format
 * drops the labels and counts of labelled histograms, so histograms are read from prom-client itself.
 */
async function histogramCount(metrics: Metrics, name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metric = metrics.registry.getSingleMetric(name);
  if (metric === undefined) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  return values.find(
    (v) =>
      (v as { metricName?: string }).metricName === `${name}_count` &&
      Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want),
  )?.value;
}

describe('/metrics after traffic', () => {
  it('counts requests by route and status, latency, caches, rate-limit rejections and store calls', async () => {
    const { app, context, metrics, server } = await meteredApp({ rateLimits: { search: { points: 2, windowSec: 60 } } });
    const key = await issueKey(context, ['search:read']);

    const first = await app.inject('/');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect((await app.inject({ url: '/', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await app.inject({ url: '/', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    expect((await app.inject('/no-such-page')).statusCode).toBe(404);
    expect((await app.inject('/llms.txt')).statusCode).toBe(200);
    for (const status of [200, 200, 429]) expect((await app.inject('/api/search.json?q=guide')).statusCode).toBe(status);
    const token = await app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: key.clientSecret }),
    });
    expect(token.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${token.json<{ access_token: string }>().access_token}` };
    for (let i = 0; i < 2; i++) expect((await app.inject({ url: '/api/v1/whoami', headers: bearer })).statusCode).toBe(200);
    expect((await app.inject('/api/v1/whoami')).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/' })).statusCode).toBe(405);
    expect((await app.inject(READY_PATH)).statusCode).toBe(200);

    const families = await scrape(server);
    const requests = samples(families, 'sitegate_http_requests_total').map(
      (s) => `${s.labels?.route} ${s.labels?.status} ${(s as Sample).value}`,
    );
    expect(requests.sort()).toStrictEqual(
      [
        'getPage 200 2',
        'getPage 304 1',
        'getPage 404 1',
        'getLlmsTxt 200 1',
        'searchSite 200 2',
        'searchSite 429 1',
        'createOAuthToken 200 1',
        'getWhoami 200 2',
        'getWhoami 401 1',
        'unmatched 405 1',
        'getReadiness 200 1',
      ].sort(),
    );
    expect(await histogramCount(metrics, 'sitegate_http_request_duration_seconds', { route: 'getPage' })).toBe(4);
    expect(await histogramCount(metrics, 'sitegate_http_request_duration_seconds', { route: 'searchSite' })).toBe(3);
    // The first bearer use verifies the token (miss), the second finds it accepted moments ago (hit).
    expect(value(families, 'sitegate_cache_hits_total', { cache: 'credential' })).toBe(1);
    expect(value(families, 'sitegate_cache_misses_total', { cache: 'credential' })).toBe(1);
    expect(value(families, 'sitegate_cache_hits_total', { cache: 'conditional' })).toBe(1);
    expect(value(families, 'sitegate_cache_misses_total', { cache: 'conditional' })).toBe(1);
    expect(value(families, 'sitegate_rate_limit_rejections_total', { limit: 'search' })).toBe(1);
    expect(await histogramCount(metrics, 'sitegate_store_operation_duration_seconds', { operation: 'createKey' })).toBe(1);
    expect(await histogramCount(metrics, 'sitegate_store_operation_duration_seconds', { operation: 'ping' })).toBe(1);
    expect(samples(families, 'sitegate_store_errors_total')).toStrictEqual([]);
    expect(families.find((f) => f.name === 'sitegate_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // collectDefaultMetrics: the process series under their standard names.
    expect(value(families, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(families.find((f) => f.name === 'nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
  });

  it('records store and Redis calls apart: durations by operation, failed calls counted, help texts as documented', async () => {
    const metrics = createMetrics();
    metrics.storeCall('getKey', 0.002, false);
    metrics.storeCall('getKey', 0.004, true);
    metrics.redisCall('consume', 0.001, true);
    metrics.redisCall('get', 0.0005, false);
    const families = parsePrometheusTextFormat(await metrics.registry.metrics());
    expect(await histogramCount(metrics, 'sitegate_store_operation_duration_seconds', { operation: 'getKey' })).toBe(2);
    expect(await histogramCount(metrics, 'sitegate_redis_command_duration_seconds', { operation: 'consume' })).toBe(1);
    expect(await histogramCount(metrics, 'sitegate_redis_command_duration_seconds', { operation: 'get' })).toBe(1);
    expect(await histogramCount(metrics, 'sitegate_redis_command_duration_seconds', { operation: 'getKey' })).toBeUndefined();
    expect(samples(families, 'sitegate_store_errors_total')).toStrictEqual([{ labels: { operation: 'getKey' }, value: '1' }]);
    expect(samples(families, 'sitegate_redis_errors_total')).toStrictEqual([{ labels: { operation: 'consume' }, value: '1' }]);
    const described = families
      .filter((f) => /^sitegate_(store|redis)_/.test(f.name))
      .map((f) => `${f.name} ${f.type}: ${f.help}`)
      .sort();
    expect(described).toStrictEqual([
      'sitegate_redis_command_duration_seconds HISTOGRAM: Duration of the rate limiter’s Redis round trips, by operation.',
      'sitegate_redis_errors_total COUNTER: Redis round trips that failed (the local counter answered instead), by operation.',
      'sitegate_store_errors_total COUNTER: Store calls that failed, by operation.',
      'sitegate_store_operation_duration_seconds HISTOGRAM: Duration of store calls (SQLite or PostgreSQL), by operation.',
    ]);
  });

  it('answers readiness on the metrics port too, sharing the ping of the last second; other paths 404, other methods 405', async () => {
    const { app, metrics, server } = await meteredApp();
    const main = await app.inject(READY_PATH);
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toBe(HEALTH_JSON);
    expect(main.headers['cache-control']).toBe('no-store');
    const report = main.json<{ status: string; checks: Record<string, [{ status: string; observedUnit?: string }]> }>();
    expect(report.status).toBe('pass');
    expect(report.checks['snapshot:build']).toStrictEqual([{ status: 'pass' }]);
    expect(report.checks['store:responseTime']?.[0]).toMatchObject({ status: 'pass', observedUnit: 's' });
    const probe = await fetch(server.url + READY_PATH);
    expect(probe.status).toBe(200);
    expect(probe.headers.get('content-type')).toBe(HEALTH_JSON);
    expect(await probe.text()).toBe(main.body);
    expect(await histogramCount(metrics, 'sitegate_store_operation_duration_seconds', { operation: 'ping' })).toBe(1);
    const other = await fetch(`${server.url}/`);
    expect(other.status).toBe(404);
    expect(await other.text()).toBe(`Not found: /metrics and ${READY_PATH} are served here.\n`);
    const post = await fetch(`${server.url}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

/** A TCP relay to the local PostgreSQL that the test can stop (the database "goes down") and start again. */
async function postgresRelay(port: number): Promise<{ stop(): Promise<void>; start(): Promise<void> }> {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  const start = (): Promise<void> =>
    new Promise((resolve) => {
      server = createServer((client) => {
        const upstream = connect(5432, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server?.close(() => resolve());
    });
  await start();
  return { start, stop };
}

describe('readiness', () => {
  it('is 503 while the store does not answer and 200 again once it does', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const port = await freePort();
    const relay = await postgresRelay(port);
    cleanups.push(() => relay.stop());
    const url = database.url.replace('127.0.0.1:5432', `127.0.0.1:${port}`);
    const store = await openPostgresStore(url);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-metrics-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({ contentDir: EXAMPLE_SITE, baseUrl: TEST_BASE_URL, dataDir }, {}, {});
    const context = await createContext(config, loadSnapshot(config.contentDir, snapshotOptionsOf(config)).snapshot, { store });
    cleanups.push(() => context.close());
    const app = buildInjectableApp(context);
    const ready = async (): Promise<{ status: number; body: unknown }> => {
      const res = await app.inject(READY_PATH);
      return { status: res.statusCode, body: res.json() };
    };

    expect((await ready()).status).toBe(200);
    await relay.stop();
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the ping's cache
    expect(await ready()).toStrictEqual({
      status: 503,
      body: {
        status: 'fail',
        checks: { 'snapshot:build': [{ status: 'pass' }], 'store:responseTime': [{ status: 'fail', output: 'the store does not answer' }] },
      },
    });
    await relay.start();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await ready()).status).toBe(200);
  });

  const { tempDir, start } = cliProcesses();

  it('answers 503 on the metrics port before the first snapshot is served', async () => {
    let report: ReadinessReport = STARTING;
    const server = await startMetricsServer(createMetrics(), () => Promise.resolve(report), { host: '127.0.0.1', port: 0 });
    cleanups.push(() => server.close());
    const starting = await fetch(server.url + READY_PATH);
    expect(starting.status).toBe(503);
    expect(await starting.json()).toStrictEqual({
      status: 'fail',
      checks: { 'snapshot:build': [{ status: 'fail', output: 'the first snapshot is being built' }] },
    });
    report = { status: 'pass', checks: { 'snapshot:build': [{ status: 'pass' }] } };
    expect((await fetch(server.url + READY_PATH)).status).toBe(200);
  });

  it('sitegate serve --metrics-port: the probe passes once the site is served, and the build and its pages are counted', async (context) => {
    const pages = 300;
    const files: Record<string, string> = {};
    for (let i = 0; i < pages; i++) files[`section-${i % 10}/page-${i}.md`] = `# Page ${i}\n\nWidgets and gadgets, part ${i}.\n`;
    const site = writeContent(files);
    cleanups.push(() => removeDir(site));
    const [port, metricsPort] = [await freePort(), await freePort()];
    const cwd = tempDir(context, 'sitegate-metrics-serve-');
    const args = ['serve', site, '--port', String(port), '--metrics-port', String(metricsPort), '--data-dir', path.join(cwd, 'data')];
    const server = start(context, [...args, '--log-format', 'json'], cwd);
    await server.waitForStdout(/listening on /, CLI_TIMEOUT_MS);
    const probe = await fetch(`http://127.0.0.1:${metricsPort}${READY_PATH}`);
    expect(probe.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}${READY_PATH}`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/section-1/page-1`)).status).toBe(200);

    const families = parsePrometheusTextFormat(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());
    expect(value(families, 'sitegate_snapshot_pages')).toBe(pages);
    expect(value(families, 'sitegate_snapshot_static_files')).toBe(0);
    expect(value(families, 'sitegate_http_requests_total', { route: 'getReadiness', status: '200' })).toBe(1);
    expect(value(families, 'sitegate_http_requests_total', { route: 'getPage', status: '200' })).toBe(1);
    expect(families.find((f) => f.name === 'sitegate_snapshot_build_duration_seconds')?.metrics).toHaveLength(1);
  });
});
