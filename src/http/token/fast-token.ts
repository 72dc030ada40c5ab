/**
 * createOAuthToken on node:http, before the framework: the token endpoint is the costliest request
 * a client repeats, and Fastify's request pipeline was most of its CPU after signing. The
 * decision to take a request is made on its head alone, before any byte of the body is read (a
 * body can be read only once): a POST to the token path with a Content-Length within the body
 * limit, no Transfer-Encoding and one of the common JSON or form media types. Everything else
 * (chunked or empty bodies, 413, 415, other media types, query strings) goes to Fastify untouched.
 * A request taken here is answered here, whatever the outcome, by the same steps (grant.ts) and
 * the same answers (answers.ts) as the Fastify route; a test compares the two response by response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../../errors.js';
import type { Log } from '../../log.js';
import type { AppContext } from '../context.js';
import { tokenErrorAnswer, unexpectedError, type TokenAnswer } from './answers.js';
import { createOAuthToken, type TokenRequest } from './grant.js';
import { parseTokenBody, type TokenBodyType } from './params.js';
import { clientAddress } from '../client-address.js';

/** Path of createOAuthToken (SPEC.md §4). */
export const TOKEN_PATH = '/api/v1/oauth/token';

/** Content-Type values answered here, exactly as spelt; any other goes to Fastify. */
const FAST_BODY_TYPES: ReadonlyMap<string, TokenBodyType> = new Map([
  ['application/json', 'json'],
  ['application/json; charset=utf-8', 'json'],
  ['application/x-www-form-urlencoded', 'form'],
  ['application/x-www-form-urlencoded; charset=utf-8', 'form'],
  ['application/x-www-form-urlencoded; charset=UTF-8', 'form'],
]);

/** A Content-Length of 1 to 10 digits without a leading zero (so not 0, and not "+1" or "1e3"). */
const CONTENT_LENGTH = /^[1-9][0-9]{0,9}$/;

/** What the token fast path needs besides the context. */
export interface TokenFastPathOptions {
  /** Where unexpected errors go (with the request id). */
  log: Log;
  /** Request ids shared with Fastify (request-id.ts). */
  nextRequestId: () => string;
  /** Headers of every response (HSTS), flat: name, value, name, value… */
  transportList: readonly string[];
}

/** Answers a token request when its head qualifies; returns false to hand it, unread, to the framework. */
export type TokenFastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The body type of a request the fast path takes, or undefined when Fastify must answer it. */
function bodyTypeOf(request: IncomingMessage, bodyLimitBytes: number): TokenBodyType | undefined {
  const { headers } = request;
  if (request.method !== 'POST' || request.url !== TOKEN_PATH || headers['transfer-encoding'] !== undefined) return undefined;
  const length = headers['content-length'];
  if (length === undefined || !CONTENT_LENGTH.test(length) || Number(length) > bodyLimitBytes) return undefined;
  const type = headers['content-type'];
  return type === undefined ? undefined : FAST_BODY_TYPES.get(type);
}

/**
 * The whole body as UTF-8 text (decoded once, as Fastify does); rejects when the client goes away
 * before sending all of it. node:http stops at Content-Length, which {@link bodyTypeOf} bounded.
 */
function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let ended = false;
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => {
      ended = true;
      const [only] = chunks;
      resolve(chunks.length === 1 && only !== undefined ? only.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    });
    request.once('error', reject);
    // 'close' follows 'end' on every request; before it, the connection was lost. (An Error made
    // on every request, with its stack trace, was a few percent of the endpoint's CPU.)
    request.once('close', () => {
      if (!ended) reject(new Error('the request was aborted'));
    });
  });
}

/** Builds the token endpoint's fast path. */
export function createTokenFastPath(ctx: AppContext, options: TokenFastPathOptions): TokenFastPath {
  const { baseUrl, limits } = ctx.config;
  // Header fields as writeHead takes them (with the transport ones), by header object: every
  // success shares one constant object, so its list is made once.
  const flatHeaders = new WeakMap<Readonly<Record<string, string>>, string[]>();
  const write = (response: ServerResponse, answer: TokenAnswer): void => {
    let fields = flatHeaders.get(answer.headers);
    if (fields === undefined)
      flatHeaders.set(answer.headers, (fields = [...Object.entries(answer.headers).flat(), ...options.transportList]));
    response.writeHead(answer.status, [...fields, 'content-length', String(Buffer.byteLength(answer.body))]);
    response.end(answer.body);
  };

  const answer = async (request: IncomingMessage, response: ServerResponse, type: TokenBodyType): Promise<void> => {
    // Read now: once the socket closes, node no longer knows the address.
    const address = clientAddress(ctx, request);
    let text: string;
    try {
      text = await readBody(request);
    } catch {
      response.destroy(); // nobody is left to answer
      return;
    }
    const tokenRequest: TokenRequest = {
      method: 'POST',
      headers: request.headers,
      address,
      params: undefined,
    };
    let result: TokenAnswer;
    try {
      result = await createOAuthToken(ctx, { ...tokenRequest, params: parseTokenBody(type, text) });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : unexpectedError(options.log, options.nextRequestId(), error);
      result = tokenErrorAnswer(baseUrl, tokenRequest, apiError);
    }
    write(response, result);
  };

  return function tokenFastPath(request, response) {
    const type = bodyTypeOf(request, limits.bodyLimitBytes);
    if (type === undefined) return false;
    answer(request, response, type).catch(function unwritable(error: unknown) {
      options.log.error({ reqId: options.nextRequestId(), err: error }, 'token endpoint: the answer could not be written');
      response.destroy();
    });
    return true;
  };
}
