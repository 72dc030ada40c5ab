/**
 * Enforcing the request limits of config/limits.ts: on the request target and a GET's declared
 * body before any route is looked up (414, 413), and on connections node:http refuses by itself
 * (431 header overflow, 408 timeouts, 400 unparsable HTTP, CONNECT), whose default answers are not
 * the SPEC.md error object. POST bodies (413) are request-body.ts's.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '../errors.js';
import type { RequestLimits } from '../config/limits.js';
import { connectionErrorAnswer } from '../answers/error-answer.js';

/**
 * The 414 for a request target over the limits, or undefined when it is within them.
 * Lengths are counted in bytes as received (the target is ASCII on the wire; node keeps it latin1).
 * @param url the request target as node:http received it, e.g. `/a?q=1`
 */
export function targetError(url: string, limits: RequestLimits): ApiError | undefined {
  if (url.length > limits.maxUrlBytes) {
    return new ApiError('uri_too_long', { message: `The request URL is longer than ${limits.maxUrlBytes} bytes.` });
  }
  const q = url.indexOf('?');
  if (q !== -1 && url.length - q - 1 > limits.maxQueryBytes) {
    return new ApiError('uri_too_long', { message: `The query string is longer than ${limits.maxQueryBytes} bytes.` });
  }
  return undefined;
}

/**
 * The 413 for a GET or HEAD that declares a body over the limit. Their bodies are never read, but
 * node would receive and discard every byte.
 */
function declaredBodyError(request: IncomingMessage, limits: RequestLimits): ApiError | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const length = request.headers['content-length'];
  if (length === undefined || Number(length) <= limits.bodyLimitBytes) return undefined;
  return new ApiError('payload_too_large', { message: `The request body is larger than ${limits.bodyLimitBytes} bytes.` });
}

/**
 * The refusal of a request over the limits of its target (414) or of a GET's declared body
 * (413), or undefined to let it through. The listener checks it before the route table.
 */
export function refusedTarget(request: IncomingMessage, limits: RequestLimits): ApiError | undefined {
  return targetError(request.url ?? '', limits) ?? declaredBodyError(request, limits);
}

/**
 * An error as a whole HTTP/1.1 response in bytes, for a socket that has no request object (CONNECT,
 * a request node:http could not parse): the JSON form of answers/error-answer.ts
 * {@link connectionErrorAnswer}, then `Connection: close`.
 */
function rawErrorResponse(error: ApiError, baseUrl: string): string {
  const answer = connectionErrorAnswer(error, baseUrl);
  const body = String(answer.body);
  const fields = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
  const head = Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n${head}\r\n${body}`;
}

/** Writes an error as a raw HTTP/1.1 response and closes the socket once it is flushed. */
function writeRawError(socket: Duplex, baseUrl: string, error: ApiError): void {
  socket.end(rawErrorResponse(error, baseUrl));
  // A client that never reads must not keep the socket: end() waits for the write to flush.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * The server's `connect` listener: sitegate is no proxy, so CONNECT (RFC 9110 §9.3.6) gets 405
 * `method_not_allowed`; without a listener node would drop the connection without a word.
 */
export function createConnectHandler(baseUrl: string): (request: IncomingMessage, socket: Duplex) => void {
  return function refuseConnect(_request, socket) {
    const error = new ApiError('method_not_allowed', { message: 'CONNECT is not allowed here.', headers: { allow: 'GET, HEAD, OPTIONS' } });
    writeRawError(socket, baseUrl, error);
  };
}

/** The error for a connection-level failure reported by node:http's `clientError` event. */
function clientError(code: string | undefined, limits: RequestLimits): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError('header_fields_too_large', {
        message: `The request headers are larger than ${limits.maxHeaderBytes} bytes.`,
      });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('request_timeout', { message: 'The request did not arrive in time.' });
    default:
      return new ApiError('invalid_request', { message: 'The request is not valid HTTP/1.1.' });
  }
}

/**
 * The server's `clientError` listener: answers what node:http refuses before any request exists (RFC
 * 9110 §15.5.9 408, RFC 6585 §5 431, 400) with the SPEC.md error object, then closes the
 * connection, as node does, since its framing can no longer be trusted.
 */
export function createClientErrorHandler(
  limits: RequestLimits,
  baseUrl: string,
): (error: Error & { code?: string }, socket: Duplex) => void {
  return function answerClientError(error, socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // node keeps the response in flight on the socket; once its head is out, raw bytes would corrupt it.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!socket.writable || inFlight?.headersSent === true) {
      socket.destroy();
      return;
    }
    writeRawError(socket, baseUrl, clientError(error.code, limits));
  };
}
