/**
 * Agent analytics, the server's side: an observer of answered requests (http/observe.ts) that
 * classifies each by User-Agent (cached) and client_id and counts it in memory (counter.ts) under
 * the site's path of what answered (a page, asset or route; anything else in one `(other)` row per
 * status and category, so made-up paths and User-Agents cannot grow the store: DESIGN.md "Content
 * is untrusted input"), a
 * hook for full-text searches that found nothing, and a timer that writes the counts to the store
 * every few seconds, off the request path (as the audit queue does: store/audit-queue.ts).
 */
import { untimedObserver, type RequestObserver } from '../http/observe.js';
import { queryTerms } from '../search/tokenize.js';
import type { Store } from '../store/store.js';
import { createAgentClassifier, type AgentClassifier } from './classify.js';
import { createAnalyticsCounter, OTHER_AGENT, OTHER_FORMAT, OTHER_PATH } from './counter.js';

/** The recorder of one server process. */
export interface AnalyticsRecorder {
  /**
   * Counts an answered request: a cached classification and a few map lookups. Marked untimed
   * (http/observe.ts): it never reads the request's duration.
   */
  observe: RequestObserver;
  /**
   * Told of each full-text search (HTTP or MCP) with the number of results it found in all;
   * counts the normalized query when that is 0.
   */
  searched: (query: string, found: number) => void;
  /** Writes what was counted so far; settles once every write so far has finished. */
  flush(): Promise<void>;
  /** Stops the timer and flushes. */
  close(): Promise<void>;
}

/** Options of {@link createAnalyticsRecorder}. */
export interface RecorderOptions {
  /** How often counts are written (seconds; `analytics.flushSec`). */
  flushSec: number;
  /** Where failed writes go (they never reach a request; their counts are lost). */
  onError: (error: unknown) => void;
  /** Clock in ms since the epoch (tests). */
  nowMs?: () => number;
  /** User-Agent classification, told the request's time (default: analytics/classify.ts, cached). */
  classify?: AgentClassifier;
}

/**
 * A query as counted: its search terms (search/tokenize.ts: case-folded, NFC), space-separated,
 * so `Kubernetes  Ingress?` and `kubernetes ingress` count together; empty when it has none.
 */
export function normalizeQuery(query: string): string {
  return queryTerms(query).join(' ');
}

/**
 * Starts a recorder writing to `store` on an unref'd timer (it never keeps the process alive).
 */
export function createAnalyticsRecorder(store: Pick<Store, 'addAnalytics'>, options: RecorderOptions): AnalyticsRecorder {
  const nowMs = options.nowMs ?? Date.now;
  const classify = options.classify ?? createAgentClassifier();
  const counter = createAnalyticsCounter();
  let writes: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    const { counts, zeroResults } = counter.drain();
    if (counts.length > 0 || zeroResults.length > 0)
      writes = writes.then(() => store.addAnalytics(counts, zeroResults)).catch(options.onError);
    return writes;
  };
  const timer = setInterval(() => void flush(), options.flushSec * 1000);
  timer.unref();
  return {
    observe: untimedObserver(function observe(request) {
      const atMs = nowMs();
      const agent = classify(request.userAgent, atMs);
      // A request whose credential was accepted is known by its client_id, whatever its User-Agent.
      const category = request.clientId === undefined ? agent.category : 'api-client';
      const { resource } = request;
      counter.count(
        resource === undefined
          ? // Anyone can make paths up: everything outside the site is one row per status and category.
            { path: OTHER_PATH, format: OTHER_FORMAT, status: request.status, category, agent: OTHER_AGENT, clientId: request.clientId }
          : { path: resource, format: request.format, status: request.status, category, agent: agent.agent, clientId: request.clientId },
        atMs,
      );
    }),
    searched(query, found) {
      if (found > 0) return;
      const normalized = normalizeQuery(query);
      if (normalized !== '') counter.countZeroResult(normalized, nowMs());
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
