/**
 * The replay table shared by the bench (which captures sitegate's responses) and the raw server
 * (which answers from it): responses keyed by method, request target and the request headers that
 * select a representation or a principal.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { headerOf, type CapturedReply } from './http-client.js';

/** A response to replay: status, flat `[name, value, …]` header list and body. */
export interface ReplayResponse {
  status: number;
  headers: string[];
  body: Uint8Array;
}

/** The responses for one key: the full one, and the 304 sent when If-None-Match equals `etag`. */
export interface ReplayEntry {
  key: string;
  ok?: ReplayResponse;
  etag?: string;
  notModified?: ReplayResponse;
}

/** Request headers that change the response and so are part of the key. */
const KEY_HEADERS = ['accept', 'x-api-key', 'authorization'] as const;

/**
 * Headers `node:http` writes itself (Date, and the keep-alive pair, set from the server's
 * `keepAliveTimeout`) or that framing decides; replaying them would send them twice.
 */
const GENERATED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The key of a request: method, target and the {@link KEY_HEADERS} values, joined by newlines
 * (which cannot occur inside a request line or a header value).
 */
export function replayKey(method: string, target: string, headers: IncomingHttpHeaders | Record<string, string>): string {
  let key = `${method}\n${target}`;
  for (const name of KEY_HEADERS) key += `\n${String(headers[name] ?? '')}`;
  return key;
}

/** One captured exchange: what the bench sent and what sitegate answered. */
export interface Capture {
  method: string;
  target: string;
  /** Request headers, names lower-cased. */
  headers: Record<string, string>;
  reply: CapturedReply;
}

/**
 * Builds the replay table. A 304 capture becomes the `notModified` response of its key, matched
 * on its request's If-None-Match; any other status becomes the `ok` response.
 */
export function buildReplayTable(captures: readonly Capture[]): ReplayEntry[] {
  const entries = new Map<string, ReplayEntry>();
  for (const capture of captures) {
    const key = replayKey(capture.method, capture.target, capture.headers);
    const entry = entries.get(key) ?? { key };
    const response: ReplayResponse = {
      status: capture.reply.status,
      headers: capture.reply.headers.filter(([name]) => !GENERATED_HEADERS.has(name)).flat(),
      body: capture.reply.body,
    };
    if (capture.reply.status === 304) {
      entry.notModified = response;
      entry.etag = capture.headers['if-none-match'] ?? headerOf(capture.reply, 'etag');
    } else {
      entry.ok = response;
    }
    entries.set(key, entry);
  }
  return [...entries.values()];
}
