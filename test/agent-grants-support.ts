/**
 * What the tests of the agents' grants share (oauth.grants, oauth.refresh, oauth.agent-sessions):
 * a real site (startSignInSite) with two configured public clients and a clock the test moves,
 * codes made through the store as the authorize endpoint makes them, token requests in form or
 * JSON, and exact expectations of the token endpoint's answers.
 */
import { randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { expect, vi } from 'vitest';
import type { Response as InjectResponse } from 'light-my-request';
import { DEFAULT_AGENT_AUTH, OAUTH_PATHS } from '../src/oauth/settings.js';
import { hashSecret } from '../src/auth/api-keys.js';
import { s256Challenge } from '../src/oauth/pkce.js';
import type { Scope } from '../src/errors.js';
import type { AuditEvent, SessionRecord } from '../src/store/store.js';
import { apiErrorBody, oauthErrorBody } from './auth-fixtures.js';
import { startSignInSite, type SignInSite } from './signin-site.js';

export const AGENT = { clientId: 'test-agent', name: 'Test Agent', redirectUris: ['http://127.0.0.1/callback'] };
export const OTHER_AGENT = { clientId: 'other-agent', name: 'Other Agent', redirectUris: ['http://127.0.0.1/other'] };
export const REDIRECT_URI = 'http://127.0.0.1:4567/callback';
export const STAFF_SCOPES: Scope[] = ['search:read', 'content:read', 'internal:read'];
// eslint-disable-next-line @typescript-eslint/no-deprecated -- plain http to a test server on the loopback interface
export const INSECURE = { [oauth.allowInsecureRequests]: true } as const;
export const REFRESH_TOKEN = /^sgr_[A-Za-z0-9_-]{43}$/;
export const GRANT_ID = /^sga_[A-Za-z0-9_-]{22}$/;

/** A running site whose clock the test moves, and alice's browser session. */
export interface Fixture {
  site: SignInSite;
  /** Moves the site's clock forward (ms): caches of about a second expire without waiting. */
  advance(ms: number): void;
  session: SessionRecord;
}

/** Sites started by the current test; {@link closeSites} closes them (each file's afterEach). */
export const open: SignInSite[] = [];

/** Restores mocks and closes the sites the test started. */
export async function closeSites(): Promise<void> {
  vi.restoreAllMocks();
  await Promise.all(open.splice(0).map((site) => site.close()));
}

/** Starts a site with the two configured agents, a clock the test moves, and alice's live browser session. */
export async function startSite(): Promise<Fixture> {
  let nowMs = Date.now();
  const site = await startSignInSite({
    issuer: null,
    now: () => new Date(nowMs),
    agents: { ...DEFAULT_AGENT_AUTH, clients: [AGENT, OTHER_AGENT] },
  });
  open.push(site);
  const session: SessionRecord = {
    id: `sgs_${randomBytes(16).toString('base64url')}`,
    secretHash: hashSecret(randomBytes(32).toString('base64url')),
    subject: 'alice',
    name: 'Alice Example',
    email: 'alice@example.com',
    scopes: STAFF_SCOPES,
    createdAt: new Date(nowMs),
    lastSeenAt: new Date(nowMs),
    expiresAt: new Date(nowMs + 3_600_000),
    revokedAt: null,
  };
  await site.context.store.createSession(session);
  return { site, session, advance: (ms) => (nowMs += ms) };
}

/** What a code is issued for (the authorize endpoint's record), overridable. */
export interface CodeOptions {
  clientId?: string;
  scopes?: Scope[];
  resource?: string;
  /** Offset of the code's end from the site's clock (ms); default 60 s. */
  expiresInMs?: number;
}

/** Issues a code to alice as the authorize endpoint does (only its hash stored). */
export async function issueCode({ site, session }: Fixture, options: CodeOptions = {}): Promise<{ code: string; verifier: string }> {
  const code = randomBytes(32).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const now = site.context.agents?.now() ?? new Date();
  await site.context.store.createAuthorizationCode({
    codeHash: hashSecret(code),
    clientId: options.clientId ?? AGENT.clientId,
    redirectUri: REDIRECT_URI,
    codeChallenge: s256Challenge(verifier),
    scopes: options.scopes ?? STAFF_SCOPES,
    resource: options.resource ?? `${site.baseUrl}/mcp`,
    subject: 'alice',
    name: 'Alice Example',
    sessionId: session.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (options.expiresInMs ?? 60_000)),
    consumedAt: null,
    grantId: null,
  });
  return { code, verifier };
}

/** POSTs to a token endpoint, form-encoded (as the MCP SDK does) or JSON (SPEC.md's body). */
export function post(site: SignInSite, params: Record<string, string>, body: 'form' | 'json' = 'form', path: string = OAUTH_PATHS.token) {
  return site.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': body === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload: body === 'form' ? new URLSearchParams(params).toString() : JSON.stringify(params),
  });
}

/** The code exchange's parameters for a code. */
export const exchange = (issued: { code: string; verifier: string }, extra: Record<string, string> = {}): Record<string, string> => ({
  grant_type: 'authorization_code',
  code: issued.code,
  redirect_uri: REDIRECT_URI,
  client_id: AGENT.clientId,
  code_verifier: issued.verifier,
  ...extra,
});

/** Asserts an error answer of the token endpoint, in the form the body asked for. */
export function expectError(
  site: SignInSite,
  response: InjectResponse,
  body: 'form' | 'json',
  code: Parameters<typeof apiErrorBody>[0],
  message?: string,
) {
  const options = { baseUrl: site.baseUrl, ...(message === undefined ? {} : { message }) };
  expect(response.statusCode, response.body).toBe(apiErrorBody(code, options).status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.json()).toStrictEqual(body === 'form' ? oauthErrorBody(code, options) : apiErrorBody(code, options));
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  scope: string;
}

/** Asserts a 200 token response with a refresh token, exactly (RFC 6749 §5.1), and returns it. */
export function expectTokens(response: InjectResponse, scope: string): Tokens {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.pragma).toBe('no-cache');
  const body = response.json<Tokens & Record<string, unknown>>();
  expect(Object.keys(body)).toStrictEqual(['access_token', 'token_type', 'expires_in', 'scope', 'refresh_token']);
  expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope });
  expect(body.refresh_token).toMatch(REFRESH_TOKEN);
  return body;
}

/** GET /api/v1/whoami with a bearer token. */
export const whoami = (site: SignInSite, token: string) =>
  site.app.inject({ method: 'GET', url: '/api/v1/whoami', headers: { authorization: `Bearer ${token}` } });

/** Asserts the token is refused as its grant is gone. */
export function expectRevoked(site: SignInSite, response: InjectResponse): void {
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json()).toStrictEqual(
    apiErrorBody('invalid_token', { baseUrl: site.baseUrl, message: 'The authorization behind this token was revoked or has expired.' }),
  );
}

/** The audit events the store holds of these types, without `at`. */
export async function auditOf(site: SignInSite, ...types: AuditEvent['type'][]): Promise<Omit<AuditEvent, 'at'>[]> {
  const events = await site.context.store.listAudit(new Date(0), 1000);
  return events
    .filter((event) => types.includes(event.type))
    .map((event) => ({ type: event.type, clientId: event.clientId, address: event.address, detail: event.detail }));
}
