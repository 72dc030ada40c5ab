/**
 * Enforcing the request limits of config/limits.ts where the framework cannot: on the request
 * target before the fast path and Fastify see it (414), and on connections node:http refuses by
 * itself (431 header overflow, 408 timeouts, 400 unparsable HTTP), whose default answers are not
 * the SPEC.md error object. Body size (413) is Fastify's `bodyLimit`, mapped in errors.ts.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '../errors.js';
import type { RequestLimits } from '../config/limits.js';
import { portalUrl } from './send.js';

/** The headers every error object goes out with (as sendApiError sends them). */
const ERROR_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-type': 'application/json; charset=utf-8',
} as const;

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

/** An error object serialised with its status and headers. */
function errorPayload(baseUrl: string, error: ApiError): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(error.toBody(portalUrl(baseUrl)));
  return { body, headers: { ...ERROR_HEADERS, 'content-length': String(Buffer.byteLength(body)) } };
}

/**
 * The 413 for a GET or HEAD that declares a body over the limit. Their bodies are never read, but
 * node would receive and discard every byte; POST bodies are Fastify's `bodyLimit` (same answer).
 */
function declaredBodyError(request: IncomingMessage, limits: RequestLimits): ApiError | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const length = request.headers['content-length'];
  if (length === undefined || Number(length) <= limits.bodyLimitBytes) return undefined;
  return new ApiError('payload_too_large', { message: `The request body is larger than ${limits.bodyLimitBytes} bytes.` });
}

/**
 * Answers a request over the limits of its target (414) or declared body (413) and returns true;
 * returns false to let it through. Runs before the fast path, so both paths hold the limits.
 */
export function refuseOverLimitRequest(
  request: IncomingMessage,
  response: ServerResponse,
  limits: RequestLimits,
  baseUrl: string,
): boolean {
  const error = targetError(request.url ?? '', limits) ?? declaredBodyError(request, limits);
  if (error === undefined) return false;
  const { body, headers } = errorPayload(baseUrl, error);
  // The body of a refused request is not read: close rather than wait for it.
  response.writeHead(error.status, error.code === 'payload_too_large' ? { ...headers, connection: 'close' } : headers);
  response.end(request.method === 'HEAD' ? undefined : body);
  return true;
}

/** Writes an error object as a raw HTTP/1.1 response and closes the socket once it is flushed. */
function writeRawError(socket: Duplex, baseUrl: string, error: ApiError): void {
  const { body, headers } = errorPayload(baseUrl, error);
  const head = Object.entries({ ...headers, ...error.headers, connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n${head}\r\n${body}`);
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
 * Fastify's `clientErrorHandler`: answers what node:http refuses before any request exists (RFC
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
