/**
 * The replay table shared by the bench (which captures sitegate's responses) and the raw server
 * (which answers from it): responses by request target, told apart by method and the request
 * headers that select a representation or a principal.
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
  method: string;
  target: string;
  /** The request's {@link KEY_HEADERS} values, in that order ('' for one not sent). */
  keyValues: string[];
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

/** A request's {@link KEY_HEADERS} values, in that order ('' for one not sent). */
function keyValuesOf(headers: IncomingHttpHeaders | Record<string, string>): string[] {
  return KEY_HEADERS.map((name) => String(headers[name] ?? ''));
}

/**
 * The key of a request in the table the bench builds: method, target and the {@link KEY_HEADERS}
 * values, joined by newlines (which cannot occur inside a request line or a header value).
 */
function replayKey(method: string, target: string, headers: IncomingHttpHeaders | Record<string, string>): string {
  return [method, target, ...keyValuesOf(headers)].join('\n');
}

/**
 * Whether an entry answers a request: same method and the same {@link KEY_HEADERS} values. The
 * raw server compares them rather than building and hashing a key per request, which for a
 * bearer token (hundreds of characters) would cost it more than sitegate's own lookup of the route.
 */
export function answersRequest(entry: ReplayEntry, method: string, headers: IncomingHttpHeaders): boolean {
  if (entry.method !== method) return false;
  for (let i = 0; i < KEY_HEADERS.length; i++) if ((headers[KEY_HEADERS[i]!] ?? '') !== entry.keyValues[i]) return false;
  return true;
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
    const entry = entries.get(key) ?? { key, method: capture.method, target: capture.target, keyValues: keyValuesOf(capture.headers) };
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
