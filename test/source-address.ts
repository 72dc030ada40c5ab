/**
 * Requests from chosen loopback source addresses (127.0.0.2, 127.0.0.3…; Linux routes all of
 * 127.0.0.0/8 to lo) to an app listening on a real port, so that the production listener sees
 * the address as a socket peer, as in production.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { ConfigInput } from '../src/config/config.js';
import { buildTestApp, EXAMPLE_SITE, type TestApp, type TestAppOptions } from './helpers.js';
import { apiErrorBody, TOKEN_PATH } from './auth-fixtures.js';

/** A response as received: status, headers (lower-case names) and the body as text. */
export interface Received {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** An app listening on 127.0.0.1 at `port`. */
export interface ListeningApp extends TestApp {
  port: number;
}

/** Builds a test app with `settings` and has it listen on a free port of 127.0.0.1 (close with `app.close()`). */
export async function listeningApp(settings: ConfigInput, options: Omit<TestAppOptions, 'settings'> = {}): Promise<ListeningApp> {
  const t = await buildTestApp(EXAMPLE_SITE, { ...options, settings });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...t, port: (t.app.server.address() as AddressInfo).port };
}

/**
 * Sends one request to 127.0.0.1:`port` from the local address `from`. The body goes with a
 * Content-Length, or chunked when `chunked`.
 */
export function sendFrom(
  port: number,
  from: string,
  request: { method?: string; path: string; headers?: Record<string, string>; body?: string; chunked?: boolean },
): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: request.method ?? 'GET',
        path: request.path,
        headers: request.headers ?? {},
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    // A write before end() makes node send the head first, so without a Content-Length: chunked.
    if (request.chunked === true && request.body !== undefined) req.write(request.body);
    req.end(request.chunked === true ? undefined : request.body);
  });
}

/** The two framings of a token request's body (RFC 9112 §6): each is read by its own code in request-body.ts. */
export type BodyFraming = 'Content-Length' | 'chunked';
export const BODY_FRAMINGS: BodyFraming[] = ['Content-Length', 'chunked'];

/**
 * A JSON client-credentials request for `client` from `from`, its body sent with `framing`.
 */
export function tokenFrom(
  port: number,
  from: string,
  client: { clientId: string; clientSecret: string },
  framing: BodyFraming,
  headers: Record<string, string> = {},
): Promise<Received> {
  const body = JSON.stringify({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
  return sendFrom(port, from, {
    method: 'POST',
    path: TOKEN_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    body,
    chunked: framing === 'chunked',
  });
}

/** Asserts the exact 200 of a token request: a Bearer token with the key's scope, never cached. */
export function expectToken(response: Received, scope: string): void {
  expect(response.status, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const { access_token: token, ...rest } = JSON.parse(response.body) as Record<string, unknown>;
  expect(token).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(rest).toStrictEqual({ token_type: 'Bearer', expires_in: 3600, scope });
}

/** Asserts the exact 401 `invalid_client` of a JSON token request. */
export function expectInvalidClient(response: Received): void {
  expect(response.status, response.body).toBe(401);
  expect(JSON.parse(response.body)).toStrictEqual(apiErrorBody('invalid_client'));
}

/**
 * Asserts the exact 429 `rate_limited` of limit `name` (`points` per `windowSec`) with `message`:
 * RateLimit-Policy, RateLimit with nothing left, and Retry-After equal to its reset.
 */
export function expectRateLimited(response: Received, name: string, points: number, windowSec: number, message?: string): void {
  expect(response.status, response.body).toBe(429);
  expect(JSON.parse(response.body)).toStrictEqual(apiErrorBody('rate_limited', message === undefined ? {} : { message }));
  expect(response.headers['ratelimit-policy']).toBe(`"${name}";q=${String(points)};w=${String(windowSec)}`);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowSec, `Retry-After ${String(retryAfter)}`).toBe(true);
  expect(response.headers.ratelimit).toBe(`"${name}";r=0;t=${String(retryAfter)}`);
}
