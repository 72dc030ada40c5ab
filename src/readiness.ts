/**
 * Readiness (Kubernetes readiness probes): whether this process should get traffic now. Not ready
 * while the first snapshot is being built, nor while the store does not answer its ping. The
 * report follows the Health Check Response Format for HTTP APIs (draft-inadarei-api-health-check-06):
 * `status` `pass` or `fail` and one `checks` entry per component, so probes and people read the
 * same JSON. `GET /api/v1/health` (SPEC.md) is another thing: whether the service is up at all.
 */

/** One check of the report (draft-inadarei-api-health-check-06 §4). */
export interface ReadinessCheck {
  status: 'pass' | 'fail';
  /** Why it failed, in words that name nothing internal (the probe is public). */
  output?: string;
  /** The store ping's round trip, in {@link ReadinessCheck.observedUnit}. */
  observedValue?: number;
  observedUnit?: 's';
}

/** The report: ready when every check passes. */
export interface ReadinessReport {
  status: 'pass' | 'fail';
  checks: {
    /** The snapshot being served: fails while the first one is being built. */
    'snapshot:build': [ReadinessCheck];
    /** The store's `select 1`; absent before the store is opened. */
    'store:responseTime'?: [ReadinessCheck];
  };
}

/** Reports readiness; {@link ReadinessProbe.check} never rejects. */
export interface ReadinessProbe {
  check(): Promise<ReadinessReport>;
}

/** The report while the first snapshot is being built, before any store is opened. */
export const STARTING: ReadinessReport = {
  status: 'fail',
  checks: { 'snapshot:build': [{ status: 'fail', output: 'the first snapshot is being built' }] },
};

/** Options of {@link createReadiness}. */
export interface ReadinessOptions {
  /** The store's ping (store.ts `ping`): resolves when the database answers. */
  ping: () => Promise<void>;
  /** How long a ping's outcome is reused (ms): a storm of probes costs one query per period. */
  cacheMs?: number;
  /** A ping that takes longer fails (ms): a hung database must not hang the probe. */
  timeoutMs?: number;
  /** Clock in ms, for tests. */
  now?: () => number;
}

/** Default of {@link ReadinessOptions.cacheMs}: about a second, as probes come every few seconds. */
export const READINESS_CACHE_MS = 1000;
/** Default of {@link ReadinessOptions.timeoutMs}: Kubernetes' default probe timeout is 1 s. */
export const READINESS_PING_TIMEOUT_MS = 900;

/**
 * The readiness of a server whose first snapshot is built: ready while the store answers. Pings
 * are shared: probes arriving while one runs, or within `cacheMs` of its end, get its outcome.
 */
export function createReadiness(options: ReadinessOptions): ReadinessProbe {
  const cacheMs = options.cacheMs ?? READINESS_CACHE_MS;
  const timeoutMs = options.timeoutMs ?? READINESS_PING_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  let last: { report: Promise<ReadinessReport>; atMs: number } | undefined;

  const ping = async (): Promise<ReadinessReport> => {
    const started = now();
    let timer: NodeJS.Timeout | undefined;
    const store: ReadinessCheck = await Promise.race([
      options.ping().then(
        (): ReadinessCheck => ({ status: 'pass', observedValue: (now() - started) / 1000, observedUnit: 's' }),
        (): ReadinessCheck => ({ status: 'fail', output: 'the store does not answer' }),
      ),
      new Promise<ReadinessCheck>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'fail', output: `the store did not answer within ${timeoutMs} ms` }), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    return { status: store.status, checks: { 'snapshot:build': [{ status: 'pass' }], 'store:responseTime': [store] } };
  };

  return {
    check() {
      // Cached from the ping's start, so a slow ping is not followed at once by another.
      if (last === undefined || now() - last.atMs >= cacheMs) last = { report: ping(), atMs: now() };
      return last.report;
    },
  };
}
