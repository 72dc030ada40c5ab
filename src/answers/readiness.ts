/** getReadiness: the readiness report (readiness.ts) as an answer, on the main port and the metrics port. */
import { HEALTH_JSON_TYPE } from '../api/operations.js';
import type { ReadinessProbe, ReadinessReport } from '../readiness.js';
import { plainAnswer, type PlainAnswer, type RouteAnswer } from './answer.js';

/** A probe's answer must never be cached: the next one may differ. */
const READINESS_HEADERS = {
  'content-type': `${HEALTH_JSON_TYPE}; charset=utf-8`,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** 200 with the report when it passes, 503 when it fails (Kubernetes counts any other status than 2xx/3xx as failure). */
export function readinessReportAnswer(report: ReadinessReport): PlainAnswer {
  return plainAnswer(report.status === 'pass' ? 200 : 503, READINESS_HEADERS, JSON.stringify(report));
}

/** getReadiness: the probe's report; see {@link readinessReportAnswer}. */
export function getReadiness(probe: ReadinessProbe): RouteAnswer {
  return async function getReadiness() {
    return readinessReportAnswer(await probe.check());
  };
}
