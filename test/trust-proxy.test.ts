/**
 * trustProxy (DESIGN.md "Credentials and tokens": the client address comes from X-Forwarded-For
 * only when the peer is a configured trusted proxy). With trustProxy ["127.0.0.2"], on a real
 * listening server: requests from 127.0.0.2 are counted by the address it forwards, so one
 * forwarded client spending its budget does not limit the proxy's other clients; requests from
 * 127.0.0.3 carrying the same header are counted as 127.0.0.3. With both body framings, for the
 * search limit, and in the audit log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/store/sqlite.js';
import { issueKey } from './helpers.js';
import {
  expectInvalidClient,
  expectRateLimited,
  expectToken,
  listeningApp,
  sendFrom,
  BODY_FRAMINGS,
  tokenFrom,
  type ListeningApp,
  type Received,
} from './source-address.js';

const PROXY = '127.0.0.2';
const NOT_A_PROXY = '127.0.0.3';
const FORWARDED = '203.0.113.7';
const OTHER_FORWARDED = '203.0.113.8';
const WRONG_SECRET = 'wrong-secret-wrong-secret-wrong-secret';
const FAILURES_MESSAGE = 'Too many failed authentications from this address.';
const BUDGET = 3;
const SETTINGS = { trustProxy: [PROXY], rateLimits: { authFailures: { points: BUDGET } } };

const from = (address: string): Record<string, string> => ({ 'x-forwarded-for': address });

describe.each(BODY_FRAMINGS)('trustProxy at the token endpoint (%s)', (framing) => {
  let server: ListeningApp | undefined;
  afterEach(async () => {
    await server?.app.close();
    server = undefined;
  });

  it('counts a listed proxy’s requests by the forwarded address: one client spending its budget leaves the others theirs', async () => {
    server = await listeningApp(SETTINGS);
    const { port } = server;
    const client = await issueKey(server.context, ['search:read']);
    const guess = { clientId: client.clientId, clientSecret: WRONG_SECRET };
    const whoami = (peer: string, headers: Record<string, string>): Promise<Received> =>
      sendFrom(port, peer, { path: '/api/v1/whoami', headers: { 'x-api-key': client.apiKey, ...headers } });
    // Accepted once, the key is answered from its cache without waiting, unless the address is blocked.
    expect((await whoami(PROXY, from(OTHER_FORWARDED))).status).toBe(200);

    for (let attempt = 1; attempt <= BUDGET; attempt++) expectInvalidClient(await tokenFrom(port, PROXY, guess, framing, from(FORWARDED)));
    expectRateLimited(await tokenFrom(port, PROXY, guess, framing, from(FORWARDED)), 'authFailures', BUDGET, 60, FAILURES_MESSAGE);
    expectRateLimited(await tokenFrom(port, PROXY, client, framing, from(FORWARDED)), 'authFailures', BUDGET, 60, FAILURES_MESSAGE);

    expectRateLimited(await whoami(PROXY, from(FORWARDED)), 'authFailures', BUDGET, 60, FAILURES_MESSAGE);

    // The proxy's other clients, and the proxy itself, are not limited.
    expect((await whoami(PROXY, from(OTHER_FORWARDED))).status).toBe(200);
    expectToken(await tokenFrom(port, PROXY, client, framing, from(OTHER_FORWARDED)), 'search:read');
    expectToken(await tokenFrom(port, PROXY, client, framing), 'search:read');
    // Hops the client wrote itself, left of the address the proxy appended, change nothing.
    expectRateLimited(
      await tokenFrom(port, PROXY, client, framing, from(`${OTHER_FORWARDED}, ${FORWARDED}`)),
      'authFailures',
      BUDGET,
      60,
      FAILURES_MESSAGE,
    );
    // A peer that is not listed is counted as itself, whatever it forwards.
    expectToken(await tokenFrom(port, NOT_A_PROXY, client, framing, from(FORWARDED)), 'search:read');
  });

  it('ignores X-Forwarded-For from a peer that is not listed: its failures are its own, whatever it claims', async () => {
    server = await listeningApp(SETTINGS);
    const { port } = server;
    const client = await issueKey(server.context, ['search:read']);
    const guess = { clientId: client.clientId, clientSecret: WRONG_SECRET };

    for (let attempt = 1; attempt <= BUDGET; attempt++)
      expectInvalidClient(await tokenFrom(port, NOT_A_PROXY, guess, framing, from(`198.51.100.${String(attempt)}`)));
    expectRateLimited(
      await tokenFrom(port, NOT_A_PROXY, client, framing, from('198.51.100.99')),
      'authFailures',
      BUDGET,
      60,
      FAILURES_MESSAGE,
    );
    expectRateLimited(await tokenFrom(port, NOT_A_PROXY, client, framing), 'authFailures', BUDGET, 60, FAILURES_MESSAGE);
    // Forwarded by the proxy, the addresses it claimed are untouched.
    expectToken(await tokenFrom(port, PROXY, client, framing, from('198.51.100.1')), 'search:read');
  });
});

describe('trustProxy elsewhere', () => {
  let server: ListeningApp | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await server?.app.close();
    server = undefined;
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it('counts the search limit by the forwarded address', async () => {
    server = await listeningApp({ trustProxy: [PROXY], rateLimits: { search: { points: 2 } } });
    const search = (peer: string, headers: Record<string, string> = {}): Promise<number> =>
      sendFrom(server?.port ?? 0, peer, { path: '/api/search.json?q=install', headers }).then((response) => response.status);
    expect([
      await search(PROXY, from(FORWARDED)),
      await search(PROXY, from(FORWARDED)),
      await search(PROXY, from(FORWARDED)),
    ]).toStrictEqual([200, 200, 429]);
    expect([await search(PROXY, from(OTHER_FORWARDED)), await search(PROXY), await search(NOT_A_PROXY, from(FORWARDED))]).toStrictEqual([
      200, 200, 200,
    ]);
  });

  it('audits the forwarded address, on a cached credential and on one checked afresh', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-trust-proxy-'));
    server = await listeningApp({ trustProxy: [PROXY] }, { dataDir });
    const client = await issueKey(server.context, ['search:read']);
    const guess = { clientId: client.clientId, clientSecret: WRONG_SECRET };
    expectToken(await tokenFrom(server.port, PROXY, client, 'Content-Length', from(FORWARDED)), 'search:read');
    expectInvalidClient(await tokenFrom(server.port, PROXY, guess, 'chunked', from(OTHER_FORWARDED)));
    expectInvalidClient(await tokenFrom(server.port, NOT_A_PROXY, guess, 'Content-Length', from(FORWARDED)));
    await server.app.close();
    server = undefined;

    const store = await openSqliteStore(dataDir);
    try {
      const events = (await store.listAudit(new Date(0), 100)).map(({ type, address }) => [type, address]);
      expect(events).toStrictEqual([
        ['key_created', null],
        ['token_issued', FORWARDED],
        ['auth_failed', OTHER_FORWARDED],
        ['auth_failed', NOT_A_PROXY],
      ]);
    } finally {
      await store.close();
    }
  });
});
