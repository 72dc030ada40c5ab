/**
 * No lockout (DESIGN.md "Credentials and tokens": brute force never locks a client out for others):
 * an attacker who knows a client_id spends the failure budgets of its own address (per address, and
 * per client_id at that address), never the client's. On a real listening server, from three
 * loopback source addresses, with both body framings (JSON with a Content-Length, and chunked).
 */
import { afterEach, describe, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/auth/rate-limits.js';
import { CLIENT_FAILURES_MESSAGE } from '../src/auth/brute-force.js';
import { issueKey } from './helpers.js';
import {
  expectInvalidClient,
  expectRateLimited,
  expectToken,
  listeningApp,
  BODY_FRAMINGS,
  tokenFrom,
  type ListeningApp,
} from './source-address.js';

const ATTACKER = '127.0.0.2';
const CLIENT = '127.0.0.3';
const BYSTANDER = '127.0.0.4';
const WRONG_SECRET = 'wrong-secret-wrong-secret-wrong-secret';
const FAILURES_MESSAGE = 'Too many failed authentications from this address.';

describe.each(BODY_FRAMINGS)('no lockout at the token endpoint (%s)', (framing) => {
  let server: ListeningApp | undefined;
  afterEach(async () => {
    await server?.app.close();
    server = undefined;
  });

  it('a client_id’s failed secrets at one address refuse it there only: the client gets tokens from its own address', async () => {
    const budget = 5;
    server = await listeningApp({ rateLimits: { clientFailures: { points: budget } } });
    const { port } = server;
    const target = await issueKey(server.context, ['search:read']);
    const other = await issueKey(server.context, ['content:read']);
    const guess = { clientId: target.clientId, clientSecret: WRONG_SECRET };

    for (let attempt = 1; attempt <= budget; attempt++) expectInvalidClient(await tokenFrom(port, ATTACKER, guess, framing));
    expectRateLimited(await tokenFrom(port, ATTACKER, guess, framing), 'clientFailures', budget, 60, CLIENT_FAILURES_MESSAGE);

    // The client, from its own address, is not refused because of the attacker's failures.
    expectToken(await tokenFrom(port, CLIENT, target, framing), 'search:read');
    // The attacker's address is refused for that client even with the right secret, while its budget is spent…
    expectRateLimited(await tokenFrom(port, ATTACKER, target, framing), 'clientFailures', budget, 60, CLIENT_FAILURES_MESSAGE);
    // …but not for another client: its per-address budget (30) is not spent.
    expectToken(await tokenFrom(port, ATTACKER, other, framing), 'content:read');
    // A third address has a budget of its own for the same client.
    expectInvalidClient(await tokenFrom(port, BYSTANDER, guess, framing));
    expectToken(await tokenFrom(port, BYSTANDER, target, framing), 'search:read');
  });

  it('an address over its failure budget is refused for every client; other addresses are not', async () => {
    server = await listeningApp({});
    const { port } = server;
    const { points, windowSec } = DEFAULT_RATE_LIMITS.authFailures;
    const target = await issueKey(server.context, ['search:read']);
    const other = await issueKey(server.context, ['search:read', 'content:read']);
    const guess = { clientId: target.clientId, clientSecret: WRONG_SECRET };

    for (let attempt = 1; attempt <= points; attempt++) expectInvalidClient(await tokenFrom(port, ATTACKER, guess, framing));
    expectRateLimited(await tokenFrom(port, ATTACKER, guess, framing), 'authFailures', points, windowSec, FAILURES_MESSAGE);

    expectToken(await tokenFrom(port, CLIENT, target, framing), 'search:read');
    expectRateLimited(await tokenFrom(port, ATTACKER, target, framing), 'authFailures', points, windowSec, FAILURES_MESSAGE);
    expectRateLimited(await tokenFrom(port, ATTACKER, other, framing), 'authFailures', points, windowSec, FAILURES_MESSAGE);
    expectToken(await tokenFrom(port, BYSTANDER, other, framing), 'search:read content:read');
  });
});
