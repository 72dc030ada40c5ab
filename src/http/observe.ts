/**
 * The request hook: observers the listener calls once per answered request (metrics, agent
 * analytics). With none, the listener does no extra work, not even reading the clock; with only
 * observers that do not time requests ({@link untimedObserver}), it reads no clock either.
 */

/** One answered request, as the listener saw it after writing (or failing) the answer. */
export interface AnsweredRequest {
  /** The route's operation id from the route table (`getPage`, `search`, `token`…), or `unmatched`. */
  route: string;
  method: string;
  /** Path without query string, as received. */
  path: string;
  /**
   * The site's own path for what answered, for observers that count by path (analytics): the
   * route's path for a route of the table by name (`/llms.txt`, `/api/search.json`), else the
   * canonical URL path of the page, static file or redirect target the page route served
   * (answers/answer.ts `resource`). Undefined for anything else (404s, the internal zone refused,
   * errors before an answer, refused methods), whose paths anyone can make up.
   */
  resource: string | undefined;
  status: number;
  /** What was served: html, markdown, llms (llms.txt / llms-full.txt), mcp, json, asset, other. */
  format: 'html' | 'markdown' | 'llms' | 'mcp' | 'json' | 'asset' | 'other';
  userAgent: string | undefined;
  /** API key id or OAuth client_id of the accepted credential, if any. */
  clientId: string | undefined;
  /** Wall time from the request's arrival to the answer written, in seconds; NaN when no observer reads it ({@link untimedObserver}). */
  seconds: number;
}
/** Called once per request, synchronously, after the answer is written; must not throw or block. */
export type RequestObserver = (request: AnsweredRequest) => void;

/** Observers that never read {@link AnsweredRequest.seconds}. */
const untimed = new WeakSet<RequestObserver>();

/**
 * Marks an observer that never reads `seconds` (analytics counts, it does not time). When every
 * observer of a listener is so marked, the listener reads no clock and tells `seconds` as NaN.
 * @returns the same observer
 */
export function untimedObserver(observer: RequestObserver): RequestObserver {
  untimed.add(observer);
  return observer;
}

/** Whether any of the observers reads `seconds` (one not marked by {@link untimedObserver}). */
export function readsDuration(observers: readonly RequestObserver[]): boolean {
  return observers.some((observer) => !untimed.has(observer));
}
