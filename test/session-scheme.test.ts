/**
 * The session cookie as the third credential scheme (issue 29), through the production listener:
 * which routes read it (pages and search take API key, bearer and session; whoami, /mcp and the
 * token endpoints only the headers), that a header credential wins over the cookie, and that a
 * cookie naming no live session is no credential at all. The session service is a fake injected
 * into the app's context (auth/sessions.test.ts tests the real one; the sign-in routes make real
 * cookies on their own branch).
 */
import type { Response as InjectResponse } from 'light-my-request';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Scope } from '../src/errors.js';
import { SESSION_CLIENT_ID, type Principal } from '../src/auth/principal.js';
import { createSessionService, SESSION_CACHE_TTL_MS, type SessionService } from '../src/auth/sessions.js';
import { FakeSessionStore } from './fake-session-store.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, type TestApp } from './helpers.js';
import { apiErrorBody, CREDENTIAL_REQUIRED_CHALLENGE, headersWithoutDate, insufficientScopeChallenge } from './auth-fixtures.js';
import { JSON_TYPE } from './http-expect.js';

const PUBLIC_PAGE = '/guides/configuration';
const INTERNAL_PAGE = '/internal/runbook';
const ALL_SCOPES: Scope[] = ['search:read', 'content:read', 'internal:read'];
/** The session cookie's name on an http public URL (signin/cookies.ts). */
const COOKIE_NAME = 'sitegate_session';
/** A cookie value of the shape the real service makes (43 base64url characters). */
const STAFF_COOKIE = 'S'.repeat(43);
const READER_COOKIE = 'R'.repeat(43);
const STALE_COOKIE = 'X'.repeat(43);

/** A session service over fixed cookie values, counting what the listener asks it. */
class FakeSessions implements SessionService {
  readonly verified: string[] = [];
  readonly cachedAsked: string[] = [];
  private readonly checked = new Set<string>();

  constructor(private readonly principals: ReadonlyMap<string, Principal>) {}

  create(): Promise<never> {
    return Promise.reject(new Error('not used by these tests'));
  }

  cachedPrincipal(cookieValue: string): Principal | undefined {
    this.cachedAsked.push(cookieValue);
    return this.checked.has(cookieValue) ? this.principals.get(cookieValue) : undefined;
  }

  verify(cookieValue: string): Promise<Principal | undefined> {
    this.verified.push(cookieValue);
    this.checked.add(cookieValue);
    return Promise.resolve(this.principals.get(cookieValue));
  }

  end(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  /** Every cookie value the listener handed over, by either method. */
  seen(): string[] {
    return [...this.cachedAsked, ...this.verified];
  }
}

const sessionPrincipal = (scopes: Scope[], subject: string): Principal => ({
  scheme: 'session',
  clientId: SESSION_CLIENT_ID,
  scopes,
  person: { subject, name: subject, sessionId: `sgs_${subject.padEnd(22, '0')}` },
});

const cookie = (value: string): string => `theme=dark; ${COOKIE_NAME}=${value}; _ga=GA1.2.3`;

let t: TestApp;
let sessions: FakeSessions;
beforeEach(async () => {
  t = await buildTestApp(EXAMPLE_SITE);
  sessions = new FakeSessions(
    new Map([
      [STAFF_COOKIE, sessionPrincipal(ALL_SCOPES, 'staff')],
      [READER_COOKIE, sessionPrincipal(['content:read'], 'reader')],
    ]),
  );
  t.context.auth.sessions = sessions;
});
afterEach(async () => {
  await t.app.close();
});

/** GET with the given headers. */
const get = (url: string, headers: Record<string, string>): Promise<InjectResponse> => t.app.inject({ method: 'GET', url, headers });

describe('the session cookie on pages and search', () => {
  it('reads an internal page with internal:read, as an API key of the same scopes does, then from the cache', async () => {
    const { apiKey } = await issueKey(t.context, ALL_SCOPES);
    const byKey = await get(INTERNAL_PAGE, { accept: 'text/html', 'x-api-key': apiKey });
    expect(byKey.statusCode).toBe(200);
    const bySession = await get(INTERNAL_PAGE, { accept: 'text/html', cookie: cookie(STAFF_COOKIE) });
    expect(bySession.statusCode).toBe(200);
    // The same page, with who is signed in and a sign-out button where the key's has the marker.
    expect(bySession.body).toBe(
      byKey.body.replace(
        '<!--sitegate:account-->',
        '<div class="account"><span class="account-name">Signed in as staff</span><form class="sign-out" method="post" action="/_sitegate/logout"><button type="submit">Sign out</button></form></div>\n',
      ),
    );
    // Made per person, it has no ETag, is never compressed, and varies on the cookie.
    const keyHeaders: Record<string, unknown> = { ...headersWithoutDate(byKey) };
    delete keyHeaders.etag;
    expect(headersWithoutDate(bySession)).toStrictEqual({
      ...keyHeaders,
      'content-length': String(Buffer.byteLength(bySession.body)),
      vary: 'Accept, Cookie',
    });
    expect(bySession.headers['cache-control']).toBe(byKey.headers['cache-control']);
    expect(sessions.verified).toStrictEqual([STAFF_COOKIE]);
    // The next request is answered from the service's cache, on the listener's synchronous path.
    const again = await get(`${INTERNAL_PAGE}.md`, { cookie: cookie(STAFF_COOKIE) });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(sessions.verified).toStrictEqual([STAFF_COOKIE]);
    expect(sessions.cachedAsked).toStrictEqual([STAFF_COOKIE, STAFF_COOKIE, STAFF_COOKIE]);
  });

  it('refuses an internal page to a session without internal:read: 403 insufficient_scope', async () => {
    const res = await get(INTERNAL_PAGE, { accept: 'application/json', cookie: cookie(READER_COOKIE) });
    expect(res.statusCode).toBe(403);
    expect(res.headers['www-authenticate']).toBe(insufficientScopeChallenge('internal:read'));
    expect(JSON.parse(res.body)).toStrictEqual(
      apiErrorBody('insufficient_scope', { message: 'This resource needs the scope internal:read.', scopes: ['internal:read'] }),
    );
  });

  it('searches with the session on /api/search.json and /search: internal hits only with internal:read', async () => {
    const anonymous = await get('/api/search.json?q=runbook', {});
    const staff = await get('/api/search.json?q=runbook', { cookie: cookie(STAFF_COOKIE) });
    expect(anonymous.statusCode).toBe(200);
    expect(staff.statusCode).toBe(200);
    const paths = (res: InjectResponse): string[] => (JSON.parse(res.body) as { path: string }[]).map((hit) => hit.path);
    expect(paths(anonymous)).not.toContain(INTERNAL_PAGE);
    expect(paths(staff)).toContain(INTERNAL_PAGE);
    const page = await get('/search?q=runbook', { accept: 'text/html', cookie: cookie(STAFF_COOKIE) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="${INTERNAL_PAGE}"`);
    expect(sessions.seen().every((value) => value === STAFF_COOKIE)).toBe(true);
  });
});

describe('a header credential wins over the cookie', () => {
  it('uses the API key, not the cookie, when both are sent (the key lacks internal:read: 403)', async () => {
    const { apiKey } = await issueKey(t.context, ['search:read', 'content:read']);
    const res = await get(INTERNAL_PAGE, { accept: 'application/json', 'x-api-key': apiKey, cookie: cookie(STAFF_COOKIE) });
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body)).toStrictEqual(
      apiErrorBody('insufficient_scope', { message: 'This resource needs the scope internal:read.', scopes: ['internal:read'] }),
    );
    expect(sessions.seen()).toStrictEqual([]);
  });

  it('refuses a bad API key even beside a live session cookie: 401 invalid_api_key', async () => {
    const res = await get(INTERNAL_PAGE, { accept: 'application/json', 'x-api-key': 'sgk_nope', cookie: cookie(STAFF_COOKIE) });
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body)).toStrictEqual(
      apiErrorBody('invalid_api_key', { message: 'The API key is malformed (prefix, length or checksum).' }),
    );
    expect(sessions.seen()).toStrictEqual([]);
  });

  it('still answers both headers at once with 400, cookie or not', async () => {
    const res = await get(PUBLIC_PAGE, {
      accept: 'application/json',
      'x-api-key': 'k',
      authorization: 'Bearer t',
      cookie: cookie(STAFF_COOKIE),
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toStrictEqual(
      apiErrorBody('invalid_request', { message: 'Send one credential: X-API-Key or Authorization, not both.' }),
    );
  });
});

describe('routes that never take the session', () => {
  it('whoami with the cookie only is 401 credential_required, as with no credential (SPEC contract)', async () => {
    const none = await get('/api/v1/whoami', {});
    const res = await get('/api/v1/whoami', { cookie: cookie(STAFF_COOKIE) });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe(CREDENTIAL_REQUIRED_CHALLENGE);
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(JSON.parse(res.body)).toStrictEqual(apiErrorBody('credential_required'));
    expect(headersWithoutDate(res)).toStrictEqual(headersWithoutDate(none));
    expect(res.body).toBe(none.body);
    expect(sessions.seen()).toStrictEqual([]);
  });

  it('/mcp with the cookie only has no principal: a search the session could not make (no search:read) is answered', async () => {
    const call = (headers: Record<string, string>): Promise<InjectResponse> =>
      t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query: 'widget' } } },
      });
    // Control: the same scopes as an API key are refused.
    const { apiKey } = await issueKey(t.context, ['content:read']);
    expect((await call({ 'x-api-key': apiKey })).statusCode).toBe(403);
    const res = await call({ cookie: cookie(READER_COOKIE) });
    expect(res.statusCode).toBe(200);
    expect(sessions.seen()).toStrictEqual([]);
  });
});

describe('a cookie naming no live session is no credential', () => {
  it('serves the public page anonymously, with its public caching', async () => {
    const anonymous = await get(PUBLIC_PAGE, { accept: 'text/html' });
    const res = await get(PUBLIC_PAGE, { accept: 'text/html', cookie: cookie(STALE_COOKIE) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(headersWithoutDate(res)).toStrictEqual(headersWithoutDate(anonymous));
    expect(res.body).toBe(anonymous.body);
    expect(sessions.verified).toStrictEqual([STALE_COOKIE]);
  });

  it('answers the internal page 401 credential_required, as to a request without the cookie', async () => {
    const anonymous = await get(INTERNAL_PAGE, { accept: 'application/json' });
    const res = await get(INTERNAL_PAGE, { accept: 'application/json', cookie: cookie(STALE_COOKIE) });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe(CREDENTIAL_REQUIRED_CHALLENGE);
    expect(JSON.parse(res.body)).toStrictEqual(apiErrorBody('credential_required'));
    expect(headersWithoutDate(res)).toStrictEqual(headersWithoutDate(anonymous));
  });

  it('reads no cookie but the session one: other cookies and an empty value are nothing', async () => {
    const res = await get(PUBLIC_PAGE, { accept: 'text/html', cookie: `theme=dark; ${COOKIE_NAME}=` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(sessions.seen()).toStrictEqual([]);
  });
});

describe('observers', () => {
  it('count a session as the shared browser-session client, and never see the cookie value', async () => {
    const seen: unknown[] = [];
    const { buildInjectableApp } = await import('./app.js');
    const observed = buildInjectableApp(t.context, { observers: [(request) => seen.push(request)] });
    try {
      const res = await observed.inject({
        method: 'GET',
        url: INTERNAL_PAGE,
        headers: { accept: 'text/html', cookie: cookie(STAFF_COOKIE) },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await observed.close();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ route: 'getPage', status: 200, clientId: SESSION_CLIENT_ID });
    expect(JSON.stringify(seen)).not.toContain(STAFF_COOKIE);
  });
});

describe('the real session service behind the listener (its store in memory)', () => {
  it('signs a cookie in, answers it from the cache, and refuses it once ended or revoked elsewhere', async () => {
    const store = new FakeSessionStore();
    let nowMs = Date.parse('2030-01-01T00:00:00.000Z');
    const real = createSessionService(store, { settings: t.context.config.auth, now: () => new Date(nowMs) });
    t.context.auth.sessions = real;
    const newSession = { subject: 'u-1', name: 'Ada', email: null, scopes: ALL_SCOPES, address: '203.0.113.7' };
    const { cookieValue, record } = await real.create(newSession);
    const page = (value: string): Promise<InjectResponse> =>
      get(INTERNAL_PAGE, { accept: 'application/json, text/markdown;q=0.5', cookie: cookie(value) });
    expect((await page(cookieValue)).statusCode).toBe(200);
    expect((await page(cookieValue)).statusCode).toBe(200);
    expect(store.reads).toBe(1);
    // Revoked by another replica or the CLI: the change feed drops it at once.
    await store.revokeSessions({ id: record.id }, new Date(nowMs));
    real.invalidate({ kind: 'session', id: record.id });
    const revoked = await page(cookieValue);
    expect(revoked.statusCode).toBe(401);
    expect(JSON.parse(revoked.body)).toStrictEqual(apiErrorBody('credential_required'));
    // Signed out: refused at once, and from then on without the store.
    const other = await real.create(newSession);
    expect((await page(other.cookieValue)).statusCode).toBe(200);
    expect(await real.end(other.cookieValue, '203.0.113.7')).toStrictEqual({ ...other.record, revokedAt: new Date(nowMs) });
    const reads = store.reads;
    nowMs += SESSION_CACHE_TTL_MS;
    expect((await page(other.cookieValue)).statusCode).toBe(401);
    expect(store.reads).toBe(reads);
  });
});
