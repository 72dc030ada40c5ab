/**
 * Logs never contain a secret (DESIGN.md "Credentials and tokens"; STYLE.md habit 4): no API key,
 * client secret, Basic credential or access token reaches the log, at the most verbose level, on
 * successes, refusals and 500s alike. The logger is built as `sitegate serve` builds it (pino with
 * {@link LOG_REDACT_PATHS}) and writes to memory.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { InjectableApp } from './app.js';
import type { InjectOptions, Response as LightMyRequestResponse } from 'light-my-request';
import pino, { type Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT_PATHS } from '../src/cli/serve.js';
import { loadConfig } from '../src/config/config.js';
import { createContext, type ServerContext } from '../src/context.js';
import { buildInjectableApp } from './app.js';
import type { RequestListener } from 'node:http';
import { inject } from 'light-my-request';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import { formatApiKey, generateCredential } from '../src/auth/api-keys.js';
import { EXAMPLE_SITE, issueKey, TEST_BASE_URL } from './helpers.js';
import { basicAuthorization, formTokenRequest, jsonTokenRequest, manualClock, obtainToken, type ManualClock } from './auth-fixtures.js';

interface LoggedApp {
  app: InjectableApp;
  context: ServerContext;
  clock: ManualClock;
  logger: Logger;
  /** Everything logged so far, one JSON line per entry. */
  logText: () => string;
}

/** Builds the app with a trace-level pino logger writing to memory, wired as `serve` wires it. */
async function buildLoggedApp(): Promise<LoggedApp> {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const logger = pino({ level: 'trace', redact: LOG_REDACT_PATHS }, stream);
  const clock = manualClock();
  const config = loadConfig(
    { contentDir: EXAMPLE_SITE, baseUrl: TEST_BASE_URL, dataDir: mkdtempSync(path.join(tmpdir(), 'sitegate-data-')), logLevel: 'trace' },
    {},
    {},
  );
  const loaded = loadSnapshot(config.contentDir, { baseUrl: config.baseUrl });
  const context = await createContext(config, loaded.snapshot, {
    now: clock.now,
    onBackgroundError: (error) => logger.error({ err: error }, 'background write failed'),
  });
  const app = buildInjectableApp(context, { logger });
  return { app, context, clock, logger, logText: () => chunks.join('') };
}

/** The secret-bearing strings a log must never contain. */
class Secrets {
  readonly values = new Set<string>();
  add(...values: string[]): void {
    for (const value of values) {
      expect(value.length).toBeGreaterThanOrEqual(16);
      this.values.add(value);
    }
  }
  /** Adds an access token and its signature (the part that makes it usable). */
  addToken(token: string): void {
    this.add(token, token.split('.')[2] ?? '');
  }
  /** The secrets found in `text`. */
  foundIn(text: string): string[] {
    return [...this.values].filter((value) => text.includes(value));
  }
}

async function send(app: InjectableApp, request: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject(request);
}

/** An MCP tools/call of `search` with the given credential headers. */
const mcpCall = (headers: Record<string, string>): InjectOptions => ({
  method: 'POST',
  url: '/mcp',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query: 'widget' } } }),
});

const grant = (client: { clientId: string; clientSecret: string }): Record<string, string> => ({
  grant_type: 'client_credentials',
  client_id: client.clientId,
  client_secret: client.clientSecret,
});

describe('log redaction', () => {
  it('no secret, API key, Basic credential or token is logged on successes, refusals and 500s', async () => {
    const { app, context, clock, logText } = await buildLoggedApp();
    const secrets = new Secrets();
    let storeOpen = true;
    try {
      const key = await issueKey(context, ['search:read', 'content:read', 'internal:read']);
      const wrongSecret = generateCredential().clientSecret;
      const basic = basicAuthorization(key.clientId, key.clientSecret);
      const wrongBasic = basicAuthorization(key.clientId, wrongSecret);
      secrets.add(key.apiKey, key.clientSecret, wrongSecret, basic.slice('Basic '.length), wrongBasic.slice('Basic '.length));

      // Successes and refusals with every kind of credential.
      const token = await obtainToken(app, key);
      secrets.addToken(token);
      const requests: InjectOptions[] = [
        { url: '/api/v1/whoami', headers: { 'x-api-key': key.apiKey } },
        { url: '/api/v1/whoami', headers: { 'x-api-key': formatApiKey(key.clientId, wrongSecret) } },
        { url: '/api/v1/whoami', headers: { authorization: `Bearer ${token}` } },
        { url: '/api/v1/whoami', headers: { authorization: `Bearer ${token}x` } },
        { url: '/api/v1/whoami', headers: { authorization: basic } },
        { url: '/api/v1/whoami', headers: { 'x-api-key': key.apiKey, authorization: `Bearer ${token}` } },
        { url: '/api/search.json?q=widget', headers: { authorization: `Bearer ${token}` } },
        { url: '/internal/runbook', headers: { 'x-api-key': key.apiKey, accept: 'text/markdown' } },
        { url: '/guides/configuration', headers: { authorization: `Bearer ${token}`, accept: 'text/html' } },
        jsonTokenRequest(grant(key)),
        jsonTokenRequest({ ...grant(key), client_secret: wrongSecret }),
        formTokenRequest(grant(key)),
        formTokenRequest({ grant_type: 'client_credentials' }, { headers: { authorization: basic } }),
        formTokenRequest({ grant_type: 'client_credentials' }, { headers: { authorization: wrongBasic } }),
        formTokenRequest(`${new URLSearchParams(grant(key)).toString()}&client_secret=${wrongSecret}`),
        {
          method: 'POST',
          url: '/api/v1/oauth/token',
          headers: { 'content-type': 'application/json' },
          payload: `{"client_secret":"${key.clientSecret}"`,
        },
        // MCP with each credential, and the token lifecycle endpoints (the token in the body).
        mcpCall({ 'x-api-key': key.apiKey }),
        mcpCall({ authorization: `Bearer ${token}` }),
        mcpCall({ authorization: `Bearer ${token}x` }),
        jsonTokenRequest({ token, ...grant(key) }, { url: '/api/v1/oauth/introspect' }),
        formTokenRequest({ token }, { url: '/api/v1/oauth/introspect', headers: { authorization: wrongBasic } }),
        jsonTokenRequest({ token, ...grant(key) }, { url: '/api/v1/oauth/revoke' }),
      ];
      for (const request of requests) {
        const response = await send(app, request);
        const url = typeof request.url === 'string' ? request.url : '';
        expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode === 200 && url.endsWith('/oauth/token')) {
          secrets.addToken(response.json<{ access_token: string }>().access_token);
        }
      }

      // Credentials no cache has seen, then a store that fails: every check that reaches it is a 500.
      const unseen = await issueKey(context, ['search:read']);
      const other = await issueKey(context, ['search:read']);
      const unseenToken = await obtainToken(app, other);
      secrets.add(unseen.apiKey, unseen.clientSecret, basicAuthorization(unseen.clientId, unseen.clientSecret).slice('Basic '.length));
      secrets.addToken(unseenToken);
      clock.advance(60_000); // past every cache entry, within the token's lifetime
      await context.store.close();
      storeOpen = false;
      const failing: InjectOptions[] = [
        { url: '/api/v1/whoami', headers: { 'x-api-key': unseen.apiKey } },
        { url: '/api/v1/whoami', headers: { authorization: `Bearer ${unseenToken}` } },
        jsonTokenRequest(grant(unseen)),
        formTokenRequest(grant(unseen)),
        formTokenRequest(
          { grant_type: 'client_credentials' },
          { headers: { authorization: basicAuthorization(unseen.clientId, unseen.clientSecret) } },
        ),
      ];
      const requestIds: string[] = [];
      for (const request of failing) {
        const response = await send(app, request);
        expect(response.statusCode, response.body).toBe(500);
        const body = response.json<{ code: string; message: string }>();
        expect(body.code).toBe('internal_error');
        const requestId = /^Something went wrong on our side \(request id ([^)]+)\)\.$/.exec(body.message)?.[1];
        expect(requestId, body.message).toBeDefined();
        requestIds.push(requestId ?? '');
        expect(secrets.foundIn(response.body)).toEqual([]);
      }

      const text = logText();
      // The log is not empty: every 500 was logged with its request id and the error.
      const entries = text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { level: number; msg?: string; reqId?: string; err?: { message?: string } });
      for (const requestId of requestIds) {
        expect(
          entries.some((entry) => entry.level === 50 && entry.reqId === requestId && entry.err !== undefined),
          requestId,
        ).toBe(true);
      }
      expect(secrets.values.size).toBeGreaterThanOrEqual(15);
      expect(secrets.foundIn(text)).toEqual([]);
    } finally {
      await app.close();
      if (storeOpen) await context.close();
    }
  });

  it('the redaction paths cover the credential headers when request headers are logged', async () => {
    const { app: built, context, logger, logText } = await buildLoggedApp();
    // A stand-in for header logging a deployment may add in front of the listener: headers reach
    // the log only in this shape.
    const logHeaders: RequestListener = function logHeaders(request, response) {
      logger.trace({ headers: request.headers }, 'request headers');
      built.listener(request, response);
    };
    const app: InjectableApp = { ...built, inject: (options) => inject(logHeaders, options) };
    try {
      const key = await issueKey(context, ['search:read']);
      const secrets = new Secrets();
      secrets.add(key.apiKey, key.clientSecret);
      const token = await obtainToken(app, key);
      secrets.addToken(token);
      const basic = basicAuthorization(key.clientId, key.clientSecret);
      secrets.add(basic.slice('Basic '.length));
      const cookie = `session=${key.clientSecret}`;
      const proxyAuthorization = `Basic ${Buffer.from(`proxy:${key.clientSecret}`).toString('base64')}`;
      secrets.add(proxyAuthorization.slice('Basic '.length));
      await send(app, { url: '/api/v1/whoami', headers: { 'x-api-key': key.apiKey } });
      await send(app, { url: '/api/v1/whoami', headers: { authorization: `Bearer ${token}` } });
      await send(app, formTokenRequest({ grant_type: 'client_credentials' }, { headers: { authorization: basic } }));
      await send(app, { url: '/guides/configuration', headers: { cookie, 'proxy-authorization': proxyAuthorization } });

      const text = logText();
      const logged = text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { msg?: string; headers?: Record<string, string | undefined> })
        .filter((entry) => entry.msg === 'request headers')
        .map((entry) => entry.headers ?? {});
      expect(logged).toHaveLength(5); // obtainToken's request, two whoami, the Basic token request, a page
      expect(
        logged.map((headers) => [headers['x-api-key'], headers.authorization, headers.cookie, headers['proxy-authorization']]),
      ).toEqual([
        [undefined, undefined, undefined, undefined],
        ['[Redacted]', undefined, undefined, undefined],
        [undefined, '[Redacted]', undefined, undefined],
        [undefined, '[Redacted]', undefined, undefined],
        [undefined, undefined, '[Redacted]', '[Redacted]'],
      ]);
      expect(secrets.foundIn(text)).toEqual([]);
    } finally {
      await app.close();
      await context.close();
    }
  });
});
