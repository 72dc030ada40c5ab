/**
 * What an answer is: plain data that knows no framework. Every route of the table
 * (http/route-table.ts) returns one of these from `(request facts, snapshot, principal)`; the one
 * writer (http/write.ts) sends it. Header objects are constants wherever the answer allows, so the
 * writer can flatten each once.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Body } from '../body.js';
import type { Principal } from '../auth/principal.js';
import type { Snapshot } from '../snapshot/snapshot.js';

/** Response header fields, lower-case names. Share one object per variant: the writer caches by identity. */
export type HeaderFields = Readonly<Record<string, string>>;

/** A precomputed body: the writer chooses 304, the content coding and the bytes (RFC 9110 §13.1.2, §12.5.3). */
export interface BodyAnswer {
  kind: 'body';
  body: Body;
  headers: HeaderFields;
  /**
   * The canonical URL path of the site's page, static file or redirect target this answer serves
   * (answers/pages.ts sets it): what observers count by path (http/observe.ts `resource`), a set
   * the site bounds. Undefined for answers that name none.
   */
  resource?: string;
}

/** A computed answer: status, header fields and the bytes (none for 204, 304 or a redirect). */
export interface PlainAnswer {
  kind: 'plain';
  status: number;
  headers: HeaderFields;
  /**
   * The bytes. A Buffer marks an answer object made once and handed over again (whoami's): the
   * writer keeps its header fields by object, so it must not change.
   */
  body: string | Buffer | undefined;
  /** As {@link BodyAnswer.resource}. */
  resource?: string;
}

/**
 * An answer that writes the response itself (MCP's Streamable HTTP transport owns its response).
 * The writer sets `headers` (HSTS) first; `run` must end the response.
 */
export interface RawAnswer {
  kind: 'raw';
  run(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

/**
 * A file sent from an open descriptor (a static file of the site, answers/assets.ts): the
 * writer streams bytes `start`…`end` (inclusive) and closes `fd`, also for HEAD, where it sends none.
 */
export interface FileAnswer {
  kind: 'file';
  /** 200 for the whole file, 206 for a range (RFC 9110 §15.3.7). */
  status: 200 | 206;
  headers: HeaderFields;
  /** An open, readable descriptor of the file; the writer owns it and closes it. */
  fd: number;
  /** First byte sent, 0-based. */
  start: number;
  /** Last byte sent, inclusive; `start - 1` for an empty file. */
  end: number;
  /** As {@link BodyAnswer.resource}. */
  resource?: string;
}

/** Any answer. */
export type Answer = BodyAnswer | PlainAnswer | RawAnswer | FileAnswer;

/** What an answer reads of a request: no framework object, no socket. */
export interface RequestFacts {
  /** Upper-case method as received (`HEAD` is answered as `GET` without the body). */
  method: string;
  /** The path as received, percent-encoding kept, without the query string. */
  path: string;
  /** The query string with its `?`, or `''`. */
  search: string;
  /** Request headers, lower-case names (node:http's). */
  headers: IncomingHttpHeaders;
  /** The client address (http/client-address.ts), read before the body so a closed socket cannot lose it. */
  address: string;
  /** Query parameters validated against the route's schema (searchSite), else empty. */
  query: Readonly<Record<string, string | number>>;
  /** The parsed request body (token parameters, a JSON-RPC message); undefined when none was sent. */
  body: unknown;
  /** The id of this request, made on first call (named in 500 bodies and the log). */
  requestId(): string;
}

/**
 * An answer: `(request facts, snapshot, principal) → answer`. The principal is the request's
 * authenticated credential (undefined when none was sent or the route takes none).
 * @throws {ApiError} for a refusal, which the listener turns into the route's error form
 */
export type RouteAnswer = (facts: RequestFacts, snapshot: Snapshot, principal: Principal | undefined) => Answer | Promise<Answer>;

/**
 * A step that runs before the credential is checked (a rate limit the address pays first, a refusal
 * that needs no credential); it may answer in the route's place.
 * @throws {ApiError} for a refusal
 */
export type BeforeStep = (facts: RequestFacts) => Promise<Answer | undefined>;

/** A precomputed body with its header fields. */
export function bodyAnswer(body: Body, headers: HeaderFields): BodyAnswer {
  return { kind: 'body', body, headers };
}

/** A computed answer. @param body the bytes, or undefined for none */
export function plainAnswer(status: number, headers: HeaderFields, body: string | Buffer | undefined): PlainAnswer {
  return { kind: 'plain', status, headers, body };
}
