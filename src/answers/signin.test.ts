/**
 * The sign-in answers with a fake sign-in service and a fake session service (unit level): the
 * exact answers, cookies (http and https public URLs) and audit events. The same answers against
 * a real provider and the real services: test/signin.test.ts and test/signin.security.test.ts.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import type { NewSession, SessionService } from '../auth/sessions.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { AuditEvent, SessionRecord } from '../store/store.js';
import { signInCookiesOf } from '../signin/cookies.js';
import { ProviderUnavailableError } from '../signin/relying-party.js';
import { SignInRefusedError, type CompletedSignIn, type SignInService } from '../signin/service.js';
import { NO_SIGN_IN, type AuthSettings } from '../signin/settings.js';
import type { Answer, PlainAnswer, RawAnswer, RequestFacts, RouteAnswer } from './answer.js';
import { callbackAnswer, isSameOrigin, signInAnswer, signOutAnswer, type SignInContext } from './signin.js';

const AUTH: AuthSettings = {
  ...NO_SIGN_IN,
  oidc: { issuer: 'https://login.example.com', clientId: 'docs', clientSecret: null, scopes: ['openid', 'email'] },
  grants: [{ claim: 'groups', anyOf: ['staff'], scopes: ['search:read', 'content:read', 'internal:read'] }],
  sessionTtlSec: 3600,
};

/** A fake sign-in service for `baseUrl`: `finish` returns or throws what the test sets. */
function fakeService(baseUrl: string, outcome: () => CompletedSignIn, endSession = 'https://login.example.com/logout?x=1'): SignInService {
  return {
    auth: AUTH,
    oidc: AUTH.oidc as NonNullable<AuthSettings['oidc']>,
    cookies: signInCookiesOf(baseUrl),
    redirectUri: `${baseUrl}/_sitegate/callback`,
    postLogoutRedirectUri: `${baseUrl}/`,
    basePath: new URL(baseUrl).pathname.replace(/\/$/, ''),
    start: (returnTo) =>
      Promise.resolve({ authorizationUrl: `https://login.example.com/authorize?rt=${encodeURIComponent(returnTo)}`, setCookie: 'SEALED' }),
    finish: () => Promise.resolve().then(outcome),
    signOutUrl: () => Promise.resolve(endSession),
  };
}

/** A fake session service recording what it was asked. */
function fakeSessions(): SessionService & { created: NewSession[]; ended: string[] } {
  const created: NewSession[] = [];
  const ended: string[] = [];
  return {
    created,
    ended,
    create(session) {
      created.push(session);
      return Promise.resolve({ cookieValue: 'COOKIE-SECRET', record: { id: 'sgs_x' } as SessionRecord });
    },
    cachedPrincipal: () => undefined,
    verify: () => Promise.resolve(undefined),
    end(value) {
      ended.push(value);
      return Promise.resolve(undefined);
    },
  };
}

function contextOf(
  baseUrl: string,
  service: SignInService | undefined,
): SignInContext & { audit: Omit<AuditEvent, 'at'>[]; sessions: ReturnType<typeof fakeSessions> } {
  const audit: Omit<AuditEvent, 'at'>[] = [];
  const sessions = fakeSessions();
  return { config: { baseUrl }, auth: { sessions, audit: (event) => audit.push(event) }, signin: service, audit, sessions };
}

function factsOf(search: string, headers: IncomingHttpHeaders = {}, method = 'GET'): RequestFacts {
  return { method, path: '/', search, headers, address: '192.0.2.1', query: {}, body: undefined, requestId: () => 'req-1' };
}

const SNAPSHOT = undefined as unknown as Snapshot;

async function run(answer: RouteAnswer, facts: RequestFacts): Promise<Answer> {
  return answer(facts, SNAPSHOT, undefined);
}

/** What a raw answer writes: status and header fields. */
async function written(answer: Answer): Promise<{ status: number; headers: Record<string, unknown> }> {
  let out: { status: number; headers: Record<string, unknown> } | undefined;
  const response = {
    writeHead(status: number, headers: Record<string, unknown>) {
      out = { status, headers };
      return response;
    },
    end() {
      return response;
    },
  };
  await (answer as RawAnswer).run(undefined as unknown as IncomingMessage, response as unknown as ServerResponse);
  if (out === undefined) throw new Error('nothing written');
  return out;
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('no refusal');
}

const ALICE: CompletedSignIn = {
  subject: 'alice',
  claims: { sub: 'alice', name: 'Alice', email: 'alice@example.com', groups: ['staff'] },
  returnTo: '/internal/x',
};

describe('signInAnswer', () => {
  it('302 to the authorization URL with the login cookie (http: no Secure, no prefix)', async () => {
    const ctx = contextOf(
      'http://docs.example.test',
      fakeService('http://docs.example.test', () => ALICE),
    );
    const answer = (await run(signInAnswer(ctx), factsOf('?return_to=%2Finternal%2Fx'))) as PlainAnswer;
    expect(answer).toEqual({
      kind: 'plain',
      status: 302,
      headers: {
        location: 'https://login.example.com/authorize?rt=%2Finternal%2Fx',
        'set-cookie': 'sitegate_login=SEALED; Max-Age=600; Path=/; HttpOnly; SameSite=Lax',
        'cache-control': 'no-store',
      },
      body: undefined,
    });
  });

  it('https public URL: the __Host- login cookie, Secure; return_to outside the base path lands on its root', async () => {
    const base = 'https://docs.example.test/docs';
    const ctx = contextOf(
      base,
      fakeService(base, () => ALICE),
    );
    const answer = (await run(signInAnswer(ctx), factsOf('?return_to=https%3A%2F%2Fevil.example%2F'))) as PlainAnswer;
    expect(answer.headers).toEqual({
      location: 'https://login.example.com/authorize?rt=%2Fdocs%2F',
      'set-cookie': '__Host-sitegate_login=SEALED; Max-Age=600; Path=/; HttpOnly; Secure; SameSite=Lax',
      'cache-control': 'no-store',
    });
  });

  it('sign-in off: 404; provider unavailable: 502 sign_in_unavailable', async () => {
    expect((await refusal(run(signInAnswer(contextOf('http://d.test', undefined)), factsOf('')))).code).toBe('not_found');
    const down = fakeService('http://d.test', () => ALICE);
    down.start = () => Promise.reject(new ProviderUnavailableError('down'));
    const error = await refusal(run(signInAnswer(contextOf('http://d.test', down)), factsOf('')));
    expect([error.code, error.status]).toEqual(['sign_in_unavailable', 502]);
  });
});

describe('callbackAnswer', () => {
  it('starts a session with the granted scopes; 302 to return_to with the session cookie and the login cookie cleared', async () => {
    const ctx = contextOf(
      'http://docs.example.test',
      fakeService('http://docs.example.test', () => ALICE),
    );
    const answer = await run(callbackAnswer(ctx), factsOf('?code=c&state=s'));
    expect(await written(answer)).toEqual({
      status: 302,
      headers: {
        location: '/internal/x',
        'set-cookie': [
          'sitegate_session=COOKIE-SECRET; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax',
          'sitegate_login=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
        ],
        'cache-control': 'no-store',
        'content-length': '0',
      },
    });
    expect(ctx.sessions.created).toEqual([
      {
        subject: 'alice',
        name: 'Alice',
        email: 'alice@example.com',
        scopes: ['search:read', 'content:read', 'internal:read'],
        address: '192.0.2.1',
      },
    ]);
    expect(ctx.audit).toEqual([]);
  });

  it('https public URL: __Host- cookies with Secure', async () => {
    const base = 'https://docs.example.test';
    const ctx = contextOf(
      base,
      fakeService(base, () => ALICE),
    );
    const { headers } = await written(await run(callbackAnswer(ctx), factsOf('?code=c&state=s')));
    expect(headers['set-cookie']).toEqual([
      '__Host-sitegate_session=COOKIE-SECRET; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax',
      '__Host-sitegate_login=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
    ]);
  });

  it('no grant: 403 no_access naming the person, audit sub=… reason=no_grant, no session', async () => {
    const carol: CompletedSignIn = { subject: 'carol 1', claims: { sub: 'carol 1', email: 'carol@nowhere.example' }, returnTo: '/' };
    const ctx = contextOf(
      'http://d.test',
      fakeService('http://d.test', () => carol),
    );
    const error = await refusal(run(callbackAnswer(ctx), factsOf('?code=c&state=s')));
    expect([error.code, error.status, error.message]).toEqual([
      'no_access',
      403,
      'You signed in as carol@nowhere.example, but your account has no access to this site.',
    ]);
    expect(error.headers).toEqual({ 'set-cookie': 'sitegate_login=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax' });
    expect(ctx.audit).toEqual([{ type: 'sign_in_refused', clientId: null, address: '192.0.2.1', detail: 'sub=carol?1 reason=no_grant' }]);
    expect(ctx.sessions.created).toEqual([]);
  });

  it('a refusal: 400 sign_in_failed clearing the login cookie, audit with the reason and the provider error', async () => {
    const ctx = contextOf(
      'http://d.test',
      fakeService('http://d.test', () => {
        throw new SignInRefusedError('code_rejected', 'invalid_grant');
      }),
    );
    const error = await refusal(run(callbackAnswer(ctx), factsOf('?code=c&state=s')));
    expect([error.code, error.status]).toEqual(['sign_in_failed', 400]);
    expect(error.headers).toEqual({ 'set-cookie': 'sitegate_login=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax' });
    expect(ctx.audit).toEqual([
      { type: 'sign_in_refused', clientId: null, address: '192.0.2.1', detail: 'reason=code_rejected error=invalid_grant' },
    ]);
  });

  it('the provider unavailable: 502, the login cookie kept (reloading can still finish), nothing audited', async () => {
    const ctx = contextOf(
      'http://d.test',
      fakeService('http://d.test', () => {
        throw new ProviderUnavailableError('down');
      }),
    );
    const error = await refusal(run(callbackAnswer(ctx), factsOf('?code=c&state=s')));
    expect([error.code, error.status, error.headers]).toEqual(['sign_in_unavailable', 502, {}]);
    expect(ctx.audit).toEqual([]);
  });
});

describe('signOutAnswer', () => {
  it('same origin: ends the session of the cookie, clears it, 303 to the end-session URL', async () => {
    const ctx = contextOf(
      'https://docs.example.test',
      fakeService('https://docs.example.test', () => ALICE),
    );
    const facts = factsOf('', { origin: 'https://docs.example.test', cookie: 'a=1; __Host-sitegate_session=SECRET' }, 'POST');
    expect(await run(signOutAnswer(ctx), facts)).toEqual({
      kind: 'plain',
      status: 303,
      headers: {
        location: 'https://login.example.com/logout?x=1',
        'set-cookie': '__Host-sitegate_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
        'cache-control': 'no-store',
      },
      body: undefined,
    });
    expect(ctx.sessions.ended).toEqual(['SECRET']);
  });

  it('another origin: 403 cross_site_request, no session ended', async () => {
    const ctx = contextOf(
      'https://docs.example.test',
      fakeService('https://docs.example.test', () => ALICE),
    );
    const facts = factsOf('', { origin: 'http://docs.example.test', cookie: '__Host-sitegate_session=SECRET' }, 'POST');
    const error = await refusal(run(signOutAnswer(ctx), facts));
    expect([error.code, error.status]).toEqual(['cross_site_request', 403]);
    expect(ctx.sessions.ended).toEqual([]);
  });
});

describe('isSameOrigin', () => {
  const site = 'https://docs.example.test';
  it('compares Origin as an origin, else requires Sec-Fetch-Site: same-origin', () => {
    expect(isSameOrigin({ origin: 'https://docs.example.test' }, site)).toBe(true);
    expect(isSameOrigin({ origin: 'https://DOCS.example.test:443' }, site)).toBe(true);
    expect(isSameOrigin({ 'sec-fetch-site': 'same-origin' }, site)).toBe(true);
    expect(isSameOrigin({ origin: 'https://docs.example.test:8443' }, site)).toBe(false);
    expect(isSameOrigin({ origin: 'http://docs.example.test' }, site)).toBe(false);
    expect(isSameOrigin({ origin: 'null' }, site)).toBe(false);
    expect(isSameOrigin({ origin: 'not a url' }, site)).toBe(false);
    expect(isSameOrigin({ origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }, site)).toBe(false);
    expect(isSameOrigin({ 'sec-fetch-site': 'same-site' }, site)).toBe(false);
    expect(isSameOrigin({ 'sec-fetch-site': 'none' }, site)).toBe(false);
    expect(isSameOrigin({}, site)).toBe(false);
  });
});
