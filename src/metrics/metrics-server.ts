/**
 * The metrics listener: a second node:http server, on its own port (`metricsPort`), so that
 * metrics never reach the public site through the main port or its proxy. It answers two paths:
 * `GET /metrics` (the Prometheus text exposition format) and `GET /api/v1/health/ready` (the
 * readiness probe, the same report as on the main port, answered here also while the main port
 * is not listening yet). Anything else is a plain 404 or 405.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operation } from '../api/operations.js';
import { readinessReportAnswer } from '../answers/readiness.js';
import type { ReadinessReport } from '../readiness.js';
import type { Metrics } from './metrics.js';

/** Path of the Prometheus scrape (Prometheus' default `metrics_path`). */
export const METRICS_PATH = '/metrics';
/** Path of the readiness probe: the main port's getReadiness path, so one probe definition fits both. */
export const READINESS_PATH = operation('getReadiness').path;

const TEXT_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** A started metrics listener. */
export interface MetricsServer {
  /** The bound address, e.g. `http://127.0.0.1:9464`. */
  readonly url: string;
  /** Stops listening and closes idle connections. */
  close(): Promise<void>;
}

/**
 * The metrics listener's request handler.
 * @param readiness the current readiness report (never rejects)
 */
export function metricsListener(metrics: Metrics, readiness: () => Promise<ReadinessReport>): Parameters<typeof createServer>[1] {
  return function serveMetrics(request, response) {
    const path = (request.url ?? '/').split('?', 1)[0];
    const head = request.method === 'HEAD';
    const send = (status: number, headers: Record<string, string>, body: string): void => {
      response.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
      response.end(head ? undefined : body);
    };
    if (path !== METRICS_PATH && path !== READINESS_PATH)
      return send(404, TEXT_HEADERS, `Not found: ${METRICS_PATH} and ${READINESS_PATH} are served here.\n`);
    if (request.method !== 'GET' && !head)
      return send(405, { ...TEXT_HEADERS, allow: 'GET, HEAD' }, 'Only GET and HEAD are allowed here.\n');
    const answer =
      path === METRICS_PATH
        ? metrics.registry.metrics().then((text) => ({
            status: 200,
            headers: { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' },
            body: text,
          }))
        : readiness().then((report) => {
            const ready = readinessReportAnswer(report);
            return { status: ready.status, headers: { ...ready.headers }, body: String(ready.body) };
          });
    answer.then(
      ({ status, headers, body }) => send(status, headers, body),
      () => send(500, TEXT_HEADERS, 'The metrics could not be collected.\n'),
    );
  };
}

/**
 * Starts the metrics listener on `host:port`.
 * @throws the server's `error` (EADDRINUSE…)
 */
export function startMetricsServer(
  metrics: Metrics,
  readiness: () => Promise<ReadinessReport>,
  listen: { host: string; port: number },
): Promise<MetricsServer> {
  const server: Server = createServer(metricsListener(metrics, readiness));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${host}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
