/**
 * Reading a POST body for the route that takes it: the media type first (415), then the declared
 * and received size against the limit (413), then the parse. A request without a Content-Type
 * and without a body (no Content-Length or `0`, no Transfer-Encoding) has none; with a
 * Content-Type, even an empty body is parsed (an empty JSON text is invalid JSON).
 */
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors.js';
import { parseTokenBody, type TokenBodyType } from '../oauth/params.js';
import type { Route } from './route.js';

/** Thrown when the client went away before its body arrived: nobody is left to answer. */
export class BodyAborted extends Error {
  constructor() {
    super('the request was aborted before its body arrived');
    this.name = 'BodyAborted';
  }
}

/** The media type of a Content-Type value: lower case, without parameters. */
function essence(contentType: string): string {
  const semicolon = contentType.indexOf(';');
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * The parser of a body of `kind` with this Content-Type.
 * @throws {ApiError} `unsupported_media_type`
 */
function parserOf(kind: NonNullable<Route['body']>, contentType: string | undefined): (text: string) => unknown {
  const type = contentType === undefined ? '' : essence(contentType);
  if (kind === 'token') {
    const tokenType: TokenBodyType | undefined =
      type === 'application/json' ? 'json' : type === 'application/x-www-form-urlencoded' ? 'form' : undefined;
    if (tokenType !== undefined) return (text) => parseTokenBody(tokenType, text);
  } else if (type === 'application/json') {
    return parseJsonValue;
  }
  throw new ApiError('unsupported_media_type');
}

/**
 * Any JSON value (MCP's JSON-RPC messages).
 * @throws {ApiError} `invalid_request` for an empty body or text that is not JSON
 */
function parseJsonValue(text: string): unknown {
  if (text === '') throw new ApiError('invalid_request', { message: 'The JSON body is empty.' });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('invalid_request', { message: 'The body is not valid JSON.' });
  }
}

/** The 413 of a POST body over the limit (the table's message; GET and HEAD get theirs in limits.ts). */
function tooLarge(): ApiError {
  return new ApiError('payload_too_large');
}

/** Whether a request carries a body (RFC 9112 §6.3). */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The whole body as UTF-8 text, at most `limitBytes`; rejects with {@link BodyAborted} when the
 * client goes away first.
 * @throws {ApiError} `payload_too_large` once more than `limitBytes` arrived
 */
function readText(request: IncomingMessage, limitBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let ended = false;
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) {
        ended = true;
        request.removeAllListeners('data');
        request.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.once('end', () => {
      if (ended) return;
      ended = true;
      const [only] = chunks;
      resolve(chunks.length === 1 && only !== undefined ? only.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    });
    request.once('error', () => {
      if (!ended) reject(new BodyAborted());
    });
    // 'close' follows 'end' on every request; before it, the connection was lost.
    request.once('close', () => {
      if (!ended) reject(new BodyAborted());
    });
  });
}

/**
 * Reads and parses the body of a request for a route that takes one.
 * @returns the parsed body, or undefined when the request has none
 * @throws {ApiError} `unsupported_media_type`, `payload_too_large`, `invalid_request` (a body that
 *   does not parse); {@link BodyAborted}
 */
export async function readRequestBody(request: IncomingMessage, kind: NonNullable<Route['body']>, limitBytes: number): Promise<unknown> {
  const contentType = request.headers['content-type'];
  if (contentType === undefined && !hasBody(request)) return undefined;
  const parse = parserOf(kind, contentType);
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > limitBytes) throw tooLarge();
  return parse(await readText(request, limitBytes));
}
