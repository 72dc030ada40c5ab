/**
 * Brute force (DESIGN.md "Limits"): guessing secrets at the token endpoint or with X-API-Key is
 * throttled per client address (IPv6 per /64) and per client_id at an address to 429
 * `rate_limited` with Retry-After and the RateLimit / RateLimit-Policy fields
 * (draft-ietf-httpapi-ratelimit-headers), while other clients from other addresses, and the
 * guessed client itself, are not affected (test/auth.lockout.test.ts does it on a real socket). Requests go through `inject`, so a thousand take well
 * under a few seconds.
 */
import type { InjectableApp } from './app.js';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/auth/rate-limits.js';
import { formatApiKey, generateCredential } from '../src/auth/api-keys.js';
import type { ServerContext } from '../src/context.js';
import { buildTestApp, EXAMPLE_SITE, issueKey } from './helpers.js';
import { apiErrorBody, jsonTokenRequest, obtainToken } from './auth-fixtures.js';

const ATTACKER = '10.0.0.1';
const VICTIM = '10.0.0.2';
const BYSTANDER = '10.0.0.3';

const FAILURE_BUDGET = DEFAULT_RATE_LIMITS.authFailures.points;
const TOKEN_BUDGET = DEFAULT_RATE_LIMITS.token.points;
const WINDOW_SEC = DEFAULT_RATE_LIMITS.authFailures.windowSec;
const FAILURES_MESSAGE = 'Too many failed authentications from this address.';

async function withApp(use: (app: InjectableApp, context: ServerContext) => Promise<void>): Promise<void> {
  const { app, context } = await buildTestApp(EXAMPLE_SITE);
  try {
    await use(app, context);
  } finally {
    await app.close();
  }
}

function tokenRequest(client: { clientId: string; clientSecret: string }, remoteAddress: string): ReturnType<typeof jsonTokenRequest> {
  return jsonTokenRequest(
    { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
    { remoteAddress },
  );
}

/** Asserts a 429 with the exact body and well-formed rate-limit fields; returns the policy name. */
function expectThrottled(response: LightMyRequestResponse, message?: string): string {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual(apiErrorBody('rate_limited', message === undefined ? {} : { message }));
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= WINDOW_SEC, `Retry-After ${String(retryAfter)}`).toBe(true);
  const policy = /^"(\w+)";q=(\d+);w=(\d+)$/.exec(String(response.headers['ratelimit-policy']));
  expect(policy, String(response.headers['ratelimit-policy'])).not.toBeNull();
  const [, name = '', quota = '', window = ''] = policy ?? [];
  expect(response.headers.ratelimit).toBe(`"${name}";r=0;t=${String(retryAfter)}`);
  expect(Number(quota)).toBe(DEFAULT_RATE_LIMITS[name as keyof typeof DEFAULT_RATE_LIMITS].points);
  expect(Number(window)).toBe(DEFAULT_RATE_LIMITS[name as keyof typeof DEFAULT_RATE_LIMITS].windowSec);
  return name;
}

describe('guessing client secrets at the token endpoint', () => {
  it('1,000 wrong secrets from one address are throttled, while another client from another address keeps getting tokens', async () => {
    await withApp(async (app, context) => {
      const target = await issueKey(context, ['search:read']);
      const victim = await issueKey(context, ['search:read']);
      const started = performance.now();
      const outcomes: string[] = [];
      let victimTokens = 0;
      for (let attempt = 1; attempt <= 1000; attempt++) {
        const guess = { clientId: target.clientId, clientSecret: generateCredential().clientSecret };
        const response = await app.inject(tokenRequest(guess, ATTACKER));
        if (attempt <= FAILURE_BUDGET) {
          expect(response.statusCode).toBe(401);
          expect(response.json()).toEqual(apiErrorBody('invalid_client'));
          outcomes.push('invalid_client');
        } else {
          // Past the failure budget the address is refused before any secret is compared; past
          // the token budget it is refused before anything else.
          outcomes.push(expectThrottled(response, attempt <= TOKEN_BUDGET ? FAILURES_MESSAGE : undefined));
        }
        if (attempt % 10 === 0) {
          const valid = await app.inject(tokenRequest(victim, VICTIM));
          expect(valid.statusCode, `victim request after attempt ${String(attempt)}: ${valid.body}`).toBe(200);
          victimTokens++;
        }
      }
      const elapsedMs = performance.now() - started;

      expect(outcomes.filter((outcome) => outcome === 'invalid_client')).toHaveLength(FAILURE_BUDGET);
      expect(outcomes.filter((outcome) => outcome === 'authFailures')).toHaveLength(TOKEN_BUDGET - FAILURE_BUDGET);
      expect(outcomes.filter((outcome) => outcome === 'token')).toHaveLength(1000 - TOKEN_BUDGET);
      expect(victimTokens).toBe(100);
      expect(elapsedMs).toBeLessThan(20_000);

      // The throttled address is refused even with the right secret.
      expectThrottled(await app.inject(tokenRequest(target, ATTACKER)));
    });
  });

  it('guesses spread over many addresses never lock the client out: each address spends budgets of its own', async () => {
    await withApp(async (app, context) => {
      const target = await issueKey(context, ['search:read']);
      for (let attempt = 1; attempt <= DEFAULT_RATE_LIMITS.clientFailures.points + 5; attempt++) {
        const address = `10.1.${String(Math.floor(attempt / 250))}.${String(attempt % 250)}`;
        const response = await app.inject(tokenRequest({ clientId: target.clientId, clientSecret: 'wrong' }, address));
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(apiErrorBody('invalid_client'));
      }
      // The client itself, from any address, even one of those, still gets its tokens.
      expect((await app.inject(tokenRequest(target, VICTIM))).statusCode).toBe(200);
      expect((await app.inject(tokenRequest(target, '10.1.0.1'))).statusCode).toBe(200);
    });
  });

  it('counts IPv6 clients per /64, and an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    await withApp(async (app, context) => {
      const target = await issueKey(context, ['search:read']);
      const guess = { clientId: target.clientId, clientSecret: 'wrong' };
      const whoami = (remoteAddress: string): Promise<LightMyRequestResponse> =>
        app.inject({ url: '/api/v1/whoami', headers: { 'x-api-key': target.apiKey }, remoteAddress });
      // Accepted once, the key is then answered from the cache, unless its address is blocked.
      expect((await whoami('2001:db8:1:2::aaaa')).statusCode).toBe(200);
      // Every guess from another address of one /64: the budget is the /64's.
      for (let attempt = 1; attempt <= FAILURE_BUDGET; attempt++)
        expect((await app.inject(tokenRequest(guess, `2001:db8:1:2::${attempt.toString(16)}`))).statusCode).toBe(401);
      expectThrottled(await app.inject(tokenRequest(target, '2001:db8:1:2:ffff:ffff:ffff:ffff')), FAILURES_MESSAGE);
      expectThrottled(await whoami('2001:db8:1:2::bbbb'), FAILURES_MESSAGE);
      expect((await whoami('2001:db8:1:3::bbbb')).statusCode).toBe(200);
      expect((await app.inject(tokenRequest(target, '2001:db8:1:3::1'))).statusCode).toBe(200);

      for (let attempt = 1; attempt <= FAILURE_BUDGET; attempt++)
        expect((await app.inject(tokenRequest(guess, attempt % 2 === 0 ? '::ffff:192.0.2.5' : '192.0.2.5'))).statusCode).toBe(401);
      expectThrottled(await app.inject(tokenRequest(target, '192.0.2.5')), FAILURES_MESSAGE);
      expectThrottled(await app.inject(tokenRequest(target, '::ffff:192.0.2.5')), FAILURES_MESSAGE);
      expect((await app.inject(tokenRequest(target, '::ffff:192.0.2.6'))).statusCode).toBe(200);
    });
  });
});

describe('failed X-API-Key and bearer attempts', () => {
  it('count towards the address failure budget, shared with the token endpoint; successes do not count', async () => {
    await withApp(async (app, context) => {
      const valid = await issueKey(context, ['search:read']);
      const whoami = (headers: Record<string, string>, remoteAddress: string): Promise<LightMyRequestResponse> =>
        app.inject({ url: '/api/v1/whoami', headers, remoteAddress });

      // Successes from a third address do not use up its budget.
      for (let i = 0; i < FAILURE_BUDGET * 2; i++) expect((await whoami({ 'x-api-key': valid.apiKey }, BYSTANDER)).statusCode).toBe(200);

      for (let attempt = 1; attempt <= FAILURE_BUDGET; attempt++) {
        // Alternate wrong secrets for a real client id, and tokens that are no JWT.
        const headers: Record<string, string> =
          attempt % 2 === 0
            ? { 'x-api-key': formatApiKey(valid.clientId, generateCredential().clientSecret) }
            : { authorization: 'Bearer not.a.jwt' };
        const response = await whoami(headers, ATTACKER);
        expect(response.statusCode).toBe(401);
        expect(response.json<{ code: string }>().code).toBe(attempt % 2 === 0 ? 'invalid_api_key' : 'invalid_token');
      }

      // The address is now refused everywhere credentials are checked, even with a valid one.
      expectThrottled(await whoami({ 'x-api-key': valid.apiKey }, ATTACKER), FAILURES_MESSAGE);
      expectThrottled(
        await app.inject({ url: '/api/search.json', headers: { 'x-api-key': valid.apiKey }, remoteAddress: ATTACKER }),
        FAILURES_MESSAGE,
      );
      expectThrottled(await app.inject(tokenRequest(valid, ATTACKER)), FAILURES_MESSAGE);
      // Public requests from it, and credentials from other addresses, still work.
      expect((await app.inject({ url: '/api/search.json', remoteAddress: ATTACKER })).statusCode).toBe(200);
      expect((await whoami({ 'x-api-key': valid.apiKey }, VICTIM)).statusCode).toBe(200);
      const token = await obtainToken(app, valid, { remoteAddress: VICTIM });
      expect((await whoami({ authorization: `Bearer ${token}` }, VICTIM)).statusCode).toBe(200);
    });
  });
});
