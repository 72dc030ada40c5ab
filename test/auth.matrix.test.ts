/**
 * The access matrix of issue #3: every endpoint × every kind of credential (none, malformed,
 * unknown, tampered, revoked, expired, each scope set as API key and as bearer token, both headers
 * at once), each answered with the exact status, body and `WWW-Authenticate` challenge that
 * SPEC.md §4–§7 and DESIGN.md ("Scopes on concrete endpoints", "Credentials and tokens", "Errors")
 * call for.
 *
 * The expectation is computed from those rules by {@link expected}, independently of the code under
 * test. Each credential kind is one test with its own app; inside it every endpoint is checked with
 * a soft assertion named after the endpoint, so one run reports every failing cell of the matrix.
 */
import { randomUUID } from 'node:crypto';
import type { InjectableApp } from './app.js';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { SignJWT, base64url, decodeJwt, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { ERROR_TABLE, type ErrorCode, type Scope } from '../src/errors.js';
import { KEY_CACHE_TTL_MS, TOUCH_INTERVAL_MS } from '../src/auth/keys.js';
import { formatApiKey, generateCredential } from '../src/auth/api-keys.js';
import type { ServerContext } from '../src/context.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, TEST_BASE_URL } from './helpers.js';
import {
  ALL_SCOPES,
  apiErrorBody,
  CREDENTIAL_REQUIRED_CHALLENGE,
  header,
  headersWithoutDate,
  insufficientScopeChallenge,
  invalidTokenChallenge,
  jsonTokenRequest,
  manualClock,
  mediaType,
  obtainToken,
  type ManualClock,
} from './auth-fixtures.js';
import { configurationMarkdown, runbookMarkdown } from './example-markdown.js';
import { PACKAGE_JSON } from './package-json.js';

/** Token lifetime of the matrix apps (s): the shortest allowed, so expiry is one clock step away. */
const TOKEN_TTL_SEC = 60;

const PUBLIC_PAGE = '/guides/configuration';
const INTERNAL_PAGE = '/internal/runbook';
const MISSING_INTERNAL_PAGE = '/internal/nope';
/** The markdown agents get for the two pages: the source with absolute links and the llms.txt pointer. */
const PUBLIC_MARKDOWN = configurationMarkdown();
const INTERNAL_MARKDOWN = runbookMarkdown();

/** An agent that prefers JSON but takes markdown: pages answer markdown, their errors JSON. */
const AGENT_ACCEPT = 'application/json, text/markdown;q=0.5';

// ---------------------------------------------------------------------------------------------
// What a response is reduced to before comparison.

/** The parts of a response the matrix asserts. */
interface Observed {
  status: number;
  /** Media type without parameters. */
  type: string | undefined;
  wwwAuthenticate: string | undefined;
  /** Cache-Control where the rules fix it (errors, credentialed and private answers), else omitted. */
  cacheControl?: string | undefined;
  /** Errors: the whole JSON object, the whole markdown text, or the HTML page's h1 and status line. */
  body: unknown;
}

/** How an endpoint represents its errors. */
type ErrorForm = 'json' | 'markdown' | 'html';

function unescapeHtml(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_all, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '',
  );
}

/** The visible part of an HTML error page: its heading and status line. */
function htmlErrorView(html: string): { h1: string | undefined; status: string | undefined } {
  const h1 = /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
  return { h1: h1 === undefined ? undefined : unescapeHtml(h1), status: /<p class="status">([^<]*)<\/p>/.exec(html)?.[1] };
}

/** Reduces an error response to {@link Observed}, reading the body in its own form. */
function observeError(response: LightMyRequestResponse): Observed {
  const type = mediaType(response);
  const body = type === 'application/json' ? response.json<unknown>() : type === 'text/html' ? htmlErrorView(response.body) : response.body;
  return {
    status: response.statusCode,
    type,
    wwwAuthenticate: header(response, 'www-authenticate'),
    cacheControl: header(response, 'cache-control'),
    body,
  };
}

/** The exact error an endpoint answers in its form, with the RFC 6750 challenge. */
function errorFor(
  endpoint: Endpoint,
  code: ErrorCode,
  options: { message?: string; scopes?: Scope[]; challenge?: string | undefined } = {},
): Observed {
  const message = options.message ?? ERROR_TABLE[code].message;
  const { status } = ERROR_TABLE[code];
  let body: unknown;
  let type: string;
  switch (endpoint.errorForm) {
    case 'json':
      type = 'application/json';
      body = apiErrorBody(code, { message, ...(options.scopes === undefined ? {} : { scopes: options.scopes }) });
      break;
    case 'markdown':
      type = 'text/markdown';
      body = `# ${message}\n\nHTTP ${status} \`${code}\`. Every public page is listed at ${TEST_BASE_URL}/llms.txt.\n`;
      break;
    case 'html':
      type = 'text/html';
      // A 404 is the site's own "Page not found" page; other errors show their message.
      body = { h1: code === 'not_found' ? 'Page not found' : message, status: `HTTP ${status}` };
      break;
  }
  return { status, type, wwwAuthenticate: options.challenge, cacheControl: 'no-store', body };
}

// ---------------------------------------------------------------------------------------------
// Endpoints and their access rules.

/** Who may call an endpoint (SPEC.md §4–§5, DESIGN.md "Scopes on concrete endpoints"). */
type Access =
  /** No credential is read at all (discovery, health). */
  | { kind: 'ignored' }
  /** No credential needed; a sent one must be valid and carry `scope`. */
  | { kind: 'optional'; scope: Scope }
  /** A valid credential with `scope` is required. */
  | { kind: 'required'; scope: Scope }
  /** createOAuthToken: the key pair is in the body; Authorization may only be HTTP Basic. */
  | { kind: 'token' };

/** A valid credential as the endpoint sees it, or undefined for a public request. */
interface Caller {
  scheme: 'apiKey' | 'bearer';
  scopes: Scope[];
}

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  accept?: string;
  errorForm: ErrorForm;
  access: Access;
  /** What a successful request gets: expected and observed views of the response. */
  success(caller: Caller | undefined): Observed;
  observeSuccess(response: LightMyRequestResponse): Observed;
}

function observeBasic(response: LightMyRequestResponse, body: unknown, withCache = false): Observed {
  const observed: Observed = {
    status: response.statusCode,
    type: mediaType(response),
    wwwAuthenticate: header(response, 'www-authenticate'),
    body,
  };
  if (withCache) observed.cacheControl = header(response, 'cache-control');
  return observed;
}

/** A page endpoint: a URL in one representation. */
function pageEndpoint(
  name: string,
  url: string,
  accept: string,
  errorForm: ErrorForm,
  access: Access,
  success: (endpoint: Endpoint, caller: Caller | undefined) => Observed,
): Endpoint {
  const endpoint: Endpoint = {
    name,
    method: 'GET',
    url,
    accept,
    errorForm,
    access,
    success: (caller) => success(endpoint, caller),
    observeSuccess(response) {
      if (response.statusCode >= 400) return observeError(response);
      const type = mediaType(response);
      const body = type === 'text/html' ? { h1: htmlErrorView(response.body).h1 } : response.body;
      return observeBasic(response, body, true);
    },
  };
  return endpoint;
}

const page = (status: number, type: 'text/html' | 'text/markdown', body: unknown, cacheControl: string): Observed => ({
  status,
  type,
  wwwAuthenticate: undefined,
  cacheControl,
  body,
});

const PUBLIC_CACHE = 'public, max-age=300';
const PRIVATE_CACHE = 'private, no-store';

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /api/search.json',
    method: 'GET',
    url: '/api/search.json',
    errorForm: 'json',
    access: { kind: 'optional', scope: 'search:read' },
    success: (caller) => ({
      status: 200,
      type: 'application/json',
      wwwAuthenticate: undefined,
      // Answers that depend on the credential must not be kept by shared caches.
      cacheControl: caller === undefined ? PUBLIC_CACHE : PRIVATE_CACHE,
      // Internal pages are listed only to credentials with search:read and internal:read.
      body: { publicPageListed: true, internalPageListed: caller?.scopes.includes('internal:read') ?? false },
    }),
    observeSuccess(response) {
      if (response.statusCode >= 400) return observeError(response);
      const paths = response.json<{ path: string }[]>().map((document) => document.path);
      return observeBasic(
        response,
        { publicPageListed: paths.includes(PUBLIC_PAGE), internalPageListed: paths.includes(INTERNAL_PAGE) },
        true,
      );
    },
  },
  {
    name: 'GET /api/v1/whoami',
    method: 'GET',
    url: '/api/v1/whoami',
    errorForm: 'json',
    access: { kind: 'required', scope: 'search:read' },
    success: (caller) => ({
      status: 200,
      type: 'application/json',
      wwwAuthenticate: undefined,
      cacheControl: 'no-store',
      body: { authenticated: true, scheme: caller?.scheme, scopes: caller?.scopes },
    }),
    observeSuccess(response) {
      return response.statusCode >= 400 ? observeError(response) : observeBasic(response, response.json(), true);
    },
  },
  pageEndpoint('public page, HTML', PUBLIC_PAGE, 'text/html', 'html', { kind: 'optional', scope: 'content:read' }, () =>
    page(200, 'text/html', { h1: 'Configuration' }, PUBLIC_CACHE),
  ),
  pageEndpoint('public page, markdown', PUBLIC_PAGE, 'text/markdown', 'markdown', { kind: 'optional', scope: 'content:read' }, () =>
    page(200, 'text/markdown', PUBLIC_MARKDOWN, PUBLIC_CACHE),
  ),
  pageEndpoint('public page, agent (JSON errors)', PUBLIC_PAGE, AGENT_ACCEPT, 'json', { kind: 'optional', scope: 'content:read' }, () =>
    page(200, 'text/markdown', PUBLIC_MARKDOWN, PUBLIC_CACHE),
  ),
  pageEndpoint('internal page, HTML', INTERNAL_PAGE, 'text/html', 'html', { kind: 'required', scope: 'internal:read' }, () =>
    page(200, 'text/html', { h1: 'On-call runbook' }, PRIVATE_CACHE),
  ),
  pageEndpoint('internal page, markdown', INTERNAL_PAGE, 'text/markdown', 'markdown', { kind: 'required', scope: 'internal:read' }, () =>
    page(200, 'text/markdown', INTERNAL_MARKDOWN, PRIVATE_CACHE),
  ),
  pageEndpoint(
    'internal page, agent (JSON errors)',
    INTERNAL_PAGE,
    AGENT_ACCEPT,
    'json',
    { kind: 'required', scope: 'internal:read' },
    () => page(200, 'text/markdown', INTERNAL_MARKDOWN, PRIVATE_CACHE),
  ),
  // A missing internal page answers exactly like an existing one until internal:read is shown.
  ...(['text/html', 'text/markdown', AGENT_ACCEPT] as const).map((accept) => {
    const form: ErrorForm = accept === 'text/html' ? 'html' : accept === 'text/markdown' ? 'markdown' : 'json';
    return pageEndpoint(
      `missing internal page, ${form}`,
      MISSING_INTERNAL_PAGE,
      accept,
      form,
      { kind: 'required', scope: 'internal:read' },
      (endpoint) => errorFor(endpoint, 'not_found', { message: 'No page at this address.' }),
    );
  }),
  {
    name: 'GET /api/v1/health',
    method: 'GET',
    url: '/api/v1/health',
    errorForm: 'json',
    access: { kind: 'ignored' },
    success: () => ({
      status: 200,
      type: 'application/json',
      wwwAuthenticate: undefined,
      body: { ok: true, name: 'sitegate', docs: `${TEST_BASE_URL}/developers`, version: PACKAGE_JSON.version },
    }),
    observeSuccess: (response) => observeBasic(response, response.json()),
  },
  {
    name: 'GET /openapi.json',
    method: 'GET',
    url: '/openapi.json',
    errorForm: 'json',
    access: { kind: 'ignored' },
    success: () => ({ status: 200, type: 'application/json', wwwAuthenticate: undefined, body: { openapi: '3.1', version: '1.0.0' } }),
    observeSuccess(response) {
      if (response.statusCode !== 200) return observeError(response);
      const document = response.json<{ openapi: string; info: { version: string } }>();
      return observeBasic(response, { openapi: document.openapi.slice(0, 3), version: document.info.version });
    },
  },
  {
    name: 'POST /api/v1/oauth/token',
    method: 'POST',
    url: '/api/v1/oauth/token',
    errorForm: 'json',
    access: { kind: 'token' },
    success: () => ({
      status: 200,
      type: 'application/json',
      wwwAuthenticate: undefined,
      cacheControl: 'no-store',
      body: {
        keys: ['access_token', 'expires_in', 'scope', 'token_type'],
        token_type: 'Bearer',
        scope: ALL_SCOPES.join(' '),
        expires_in: TOKEN_TTL_SEC,
      },
    }),
    observeSuccess(response) {
      if (response.statusCode !== 200) return observeError(response);
      const body = response.json<Record<string, unknown>>();
      return observeBasic(
        response,
        { keys: Object.keys(body).sort(), token_type: body.token_type, scope: body.scope, expires_in: body.expires_in },
        true,
      );
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Credential kinds.

/** What the service must make of a presented credential. */
type Outcome =
  | { kind: 'none' }
  | { kind: 'both' }
  /** Refused with a 401; `header` says which request header carried it. */
  | {
      kind: 'refused';
      header: 'x-api-key' | 'authorization';
      code: 'invalid_api_key' | 'invalid_token' | 'token_expired';
      message?: string;
    }
  | { kind: 'valid'; caller: Caller };

/** The app a credential kind runs against. */
interface Env {
  app: InjectableApp;
  context: ServerContext;
  clock: ManualClock;
}

interface CredentialKind {
  name: string;
  outcome: Outcome;
  /** Makes the credential in a fresh app (moving its clock if needed) and returns the request headers. */
  prepare(env: Env): Promise<Record<string, string>>;
}

const KEY_REVOKED_MESSAGE = 'The key behind this token was revoked or has expired.';
const MALFORMED_KEY_MESSAGE = 'The API key is malformed (prefix, length or checksum).';

/** Issues a key and obtains a bearer token for it (all of its scopes). */
async function bearerFor(env: Env, scopes: Scope[], expiresAt: Date | null = null): Promise<{ token: string; clientId: string }> {
  const key = await issueKey(env.context, scopes, { expiresAt });
  return { token: await obtainToken(env.app, key), clientId: key.clientId };
}

/** Re-encodes a JWT part. */
function encodePart(value: unknown): string {
  return base64url.encode(JSON.stringify(value));
}

/** Every non-empty set of scopes (the CLI refuses a key without scopes), in SPEC order. */
const SCOPE_SETS: Scope[][] = [1, 2, 3, 4, 5, 6, 7].map((mask) => ALL_SCOPES.filter((_scope, bit) => (mask & (1 << bit)) !== 0));

const CREDENTIAL_KINDS: CredentialKind[] = [
  { name: 'no credential', outcome: { kind: 'none' }, prepare: () => Promise.resolve({}) },
  {
    name: 'malformed API key',
    outcome: { kind: 'refused', header: 'x-api-key', code: 'invalid_api_key', message: MALFORMED_KEY_MESSAGE },
    prepare: () => Promise.resolve({ 'x-api-key': 'sgk_definitely-not-a-key' }),
  },
  {
    name: 'empty X-API-Key',
    outcome: { kind: 'refused', header: 'x-api-key', code: 'invalid_api_key', message: MALFORMED_KEY_MESSAGE },
    prepare: () => Promise.resolve({ 'x-api-key': '' }),
  },
  {
    name: 'API key with a typo (checksum fails)',
    outcome: { kind: 'refused', header: 'x-api-key', code: 'invalid_api_key', message: MALFORMED_KEY_MESSAGE },
    async prepare(env) {
      const { apiKey } = await issueKey(env.context, ALL_SCOPES);
      // Swap two different characters of the secret: the checksum no longer matches. (Two equal
      // ones, 1 key in 62, would leave the key as it was: it failed CI once.)
      let at = apiKey.length - 10;
      while (apiKey.charAt(at) === apiKey.charAt(at + 1)) at -= 1;
      return { 'x-api-key': `${apiKey.slice(0, at)}${apiKey.charAt(at + 1)}${apiKey.charAt(at)}${apiKey.slice(at + 2)}` };
    },
  },
  {
    name: 'unknown API key (well-formed)',
    outcome: { kind: 'refused', header: 'x-api-key', code: 'invalid_api_key' },
    prepare: () => Promise.resolve({ 'x-api-key': generateCredential().apiKey }),
  },
  {
    name: 'API key with the wrong secret',
    outcome: { kind: 'refused', header: 'x-api-key', code: 'invalid_api_key' },
    async prepare(env) {
      const { clientId } = await issueKey(env.context, ALL_SCOPES);
      return { 'x-api-key': formatApiKey(clientId, generateCredential().clientSecret) };
    },
  },
  {
    name: 'revoked API key',
    outcome: { kind: 'refused', header: 'x-api-key', code: 'invalid_api_key' },
    async prepare(env) {
      const { apiKey, clientId } = await issueKey(env.context, ALL_SCOPES);
      expect(await env.context.auth.keys.revoke(clientId)).toBe(true);
      env.clock.advance(KEY_CACHE_TTL_MS + 1);
      return { 'x-api-key': apiKey };
    },
  },
  {
    name: 'expired API key',
    outcome: { kind: 'refused', header: 'x-api-key', code: 'invalid_api_key' },
    async prepare(env) {
      const { apiKey } = await issueKey(env.context, ALL_SCOPES, { expiresAt: new Date(env.clock.now().getTime() + 60_000) });
      env.clock.advance(60_000);
      return { 'x-api-key': apiKey };
    },
  },
  {
    name: 'malformed Authorization (no token)',
    outcome: {
      kind: 'refused',
      header: 'authorization',
      code: 'invalid_token',
      message: 'The Authorization header must be "Bearer <access token>".',
    },
    prepare: () => Promise.resolve({ authorization: 'Bearer' }),
  },
  {
    name: 'bearer token that is not a JWT',
    outcome: { kind: 'refused', header: 'authorization', code: 'invalid_token' },
    prepare: () => Promise.resolve({ authorization: 'Bearer not.a.jwt' }),
  },
  {
    name: 'unsigned bearer token (alg none)',
    outcome: { kind: 'refused', header: 'authorization', code: 'invalid_token' },
    async prepare(env) {
      const { token } = await bearerFor(env, ['search:read']);
      const claims = decodeJwt(token);
      return {
        authorization: `Bearer ${encodePart({ alg: 'none', typ: 'at+jwt' })}.${encodePart({ ...claims, scope: ALL_SCOPES.join(' ') })}.`,
      };
    },
  },
  {
    name: 'bearer token signed by an unknown key',
    outcome: { kind: 'refused', header: 'authorization', code: 'invalid_token' },
    async prepare(env) {
      const { clientId } = await issueKey(env.context, ALL_SCOPES);
      const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
      const issuedAt = Math.floor(env.clock.now().getTime() / 1000);
      const token = await new SignJWT({ client_id: clientId, scope: ALL_SCOPES.join(' ') })
        .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: randomUUID() })
        .setIssuer(TEST_BASE_URL)
        .setSubject(clientId)
        .setAudience(TEST_BASE_URL)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_TTL_SEC)
        .setJti(randomUUID())
        .sign(privateKey);
      return { authorization: `Bearer ${token}` };
    },
  },
  {
    name: 'bearer token with its scope raised (signature no longer matches)',
    outcome: { kind: 'refused', header: 'authorization', code: 'invalid_token' },
    async prepare(env) {
      const { token } = await bearerFor(env, ['search:read']);
      const [protectedHeader, , signature] = token.split('.');
      const claims = { ...decodeJwt(token), scope: ALL_SCOPES.join(' ') };
      return { authorization: `Bearer ${protectedHeader ?? ''}.${encodePart(claims)}.${signature ?? ''}` };
    },
  },
  {
    name: 'bearer token of a revoked key',
    outcome: { kind: 'refused', header: 'authorization', code: 'invalid_token', message: KEY_REVOKED_MESSAGE },
    async prepare(env) {
      const { token, clientId } = await bearerFor(env, ALL_SCOPES);
      expect(await env.context.auth.keys.revoke(clientId)).toBe(true);
      env.clock.advance(KEY_CACHE_TTL_MS + 1);
      return { authorization: `Bearer ${token}` };
    },
  },
  {
    name: 'bearer token of an expired key',
    outcome: { kind: 'refused', header: 'authorization', code: 'invalid_token', message: KEY_REVOKED_MESSAGE },
    async prepare(env) {
      const { token } = await bearerFor(env, ALL_SCOPES, new Date(env.clock.now().getTime() + 30_000));
      env.clock.advance(30_000); // the key is past its expiry, the token (60 s) is not
      return { authorization: `Bearer ${token}` };
    },
  },
  {
    name: 'expired bearer token',
    outcome: { kind: 'refused', header: 'authorization', code: 'token_expired' },
    async prepare(env) {
      const { token } = await bearerFor(env, ALL_SCOPES);
      env.clock.advance((TOKEN_TTL_SEC + 1) * 1000);
      return { authorization: `Bearer ${token}` };
    },
  },
  {
    name: 'both X-API-Key and Authorization',
    outcome: { kind: 'both' },
    async prepare(env) {
      const key = await issueKey(env.context, ALL_SCOPES);
      return { 'x-api-key': key.apiKey, authorization: `Bearer ${await obtainToken(env.app, key)}` };
    },
  },
  ...SCOPE_SETS.flatMap((scopes): CredentialKind[] => [
    {
      name: `API key with ${scopes.join(' ')}`,
      outcome: { kind: 'valid', caller: { scheme: 'apiKey', scopes } },
      prepare: async (env) => ({ 'x-api-key': (await issueKey(env.context, scopes)).apiKey }),
    },
    {
      name: `bearer token with ${scopes.join(' ')}`,
      outcome: { kind: 'valid', caller: { scheme: 'bearer', scopes } },
      prepare: async (env) => ({ authorization: `Bearer ${(await bearerFor(env, scopes)).token}` }),
    },
  ]),
];

// ---------------------------------------------------------------------------------------------
// The rules.

/** What `endpoint` must answer to a request with `outcome`'s credential. */
function expected(endpoint: Endpoint, outcome: Outcome): Observed {
  const { access } = endpoint;
  switch (access.kind) {
    case 'ignored':
      return endpoint.success(undefined);
    case 'token': {
      // The token endpoint reads no X-API-Key; an Authorization header must be HTTP Basic.
      const sendsAuthorization =
        outcome.kind === 'both' ||
        (outcome.kind === 'refused' && outcome.header === 'authorization') ||
        (outcome.kind === 'valid' && outcome.caller.scheme === 'bearer');
      if (!sendsAuthorization) return endpoint.success(undefined);
      return errorFor(endpoint, 'invalid_request', {
        message: 'The Authorization header must be "Basic <base64(client_id:client_secret)>".',
      });
    }
    case 'optional':
    case 'required':
      switch (outcome.kind) {
        case 'none':
          return access.kind === 'optional'
            ? endpoint.success(undefined)
            : errorFor(endpoint, 'credential_required', { challenge: CREDENTIAL_REQUIRED_CHALLENGE });
        case 'both':
          return errorFor(endpoint, 'invalid_request', { message: 'Send one credential: X-API-Key or Authorization, not both.' });
        case 'refused': {
          const message = outcome.message ?? ERROR_TABLE[outcome.code].message;
          return errorFor(endpoint, outcome.code, { message, challenge: invalidTokenChallenge(message) });
        }
        case 'valid':
          if (outcome.caller.scopes.includes(access.scope)) return endpoint.success(outcome.caller);
          return errorFor(endpoint, 'insufficient_scope', {
            message: `This resource needs the scope ${access.scope}.`,
            scopes: [access.scope],
            challenge: insufficientScopeChallenge(access.scope),
          });
      }
  }
}

/** Sends `endpoint`'s request with the credential headers. */
async function send(env: Env, endpoint: Endpoint, credential: Record<string, string>): Promise<LightMyRequestResponse> {
  if (endpoint.access.kind === 'token') {
    // The body always carries a valid key pair, so only the headers decide the answer.
    const client = await issueKey(env.context, ALL_SCOPES, { name: 'token client' });
    return env.app.inject(
      jsonTokenRequest(
        { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
        { headers: credential },
      ),
    );
  }
  return env.app.inject({
    method: endpoint.method,
    url: endpoint.url,
    headers: { ...credential, ...(endpoint.accept === undefined ? {} : { accept: endpoint.accept }) },
  });
}

async function withEnv(use: (env: Env) => Promise<void>, tokenTtlSec = TOKEN_TTL_SEC): Promise<void> {
  const clock = manualClock();
  const { app, context } = await buildTestApp(EXAMPLE_SITE, { now: clock.now, settings: { tokenTtl: tokenTtlSec } });
  try {
    await use({ app, context, clock });
  } finally {
    await app.close();
  }
}

describe('access matrix: endpoint × credential', () => {
  it.each(CREDENTIAL_KINDS.map((kind) => [kind.name, kind] as const))('%s', async (_name, kind) => {
    await withEnv(async (env) => {
      const credential = await kind.prepare(env);
      for (const endpoint of ENDPOINTS) {
        const response = await send(env, endpoint, credential);
        expect.soft(endpoint.observeSuccess(response), endpoint.name).toEqual(expected(endpoint, kind.outcome));
      }
    });
  });

  it('covers every endpoint with every credential kind', () => {
    expect(ENDPOINTS.map((endpoint) => endpoint.name)).toHaveLength(14);
    // 17 kinds besides the scope sets, and each of the 7 scope sets as API key and as bearer token.
    expect(CREDENTIAL_KINDS).toHaveLength(17 + 2 * 7);
    expect(new Set(CREDENTIAL_KINDS.map((kind) => kind.name)).size).toBe(CREDENTIAL_KINDS.length);
  });
});

describe('no existence oracle for internal pages', () => {
  it.each([
    ['no credential', [] as Scope[]],
    ['a credential without internal:read', ['search:read', 'content:read'] as Scope[]],
  ])('%s: a missing internal page answers byte for byte like an existing one', async (_name, scopes) => {
    await withEnv(async ({ app, context }) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (scopes.length > 0) headers['x-api-key'] = (await issueKey(context, scopes)).apiKey;
      const existing = await app.inject({ url: INTERNAL_PAGE, headers });
      const missing = await app.inject({ url: MISSING_INTERNAL_PAGE, headers });
      expect(existing.statusCode).toBe(scopes.length === 0 ? 401 : 403);
      expect(missing.statusCode).toBe(existing.statusCode);
      expect(missing.body).toBe(existing.body);
      expect(headersWithoutDate(missing)).toEqual(headersWithoutDate(existing));
    });
  });
});

describe('the internal zone', () => {
  const SPELLINGS = [
    '/Internal/runbook',
    '/INTERNAL/RUNBOOK',
    '/%69nternal/runbook',
    '/internal//runbook',
    '/guides/../internal/runbook',
    '/guides/%2E%2E/internal/runbook',
    '/./internal/runbook',
    '/internal/runbook/',
    '/internal/runbook.md',
    '/internal/runbook.MD',
    '/internal/',
    '/internal',
    '/internal/index.md',
  ];

  it.each(SPELLINGS)('%s: no other spelling of an internal page gets past the scope check', async (url) => {
    await withEnv(async ({ app, context }) => {
      const contentOnly = (await issueKey(context, ['search:read', 'content:read'])).apiKey;
      for (const [headers, status] of [
        [{}, 401],
        [{ 'x-api-key': contentOnly }, 403],
      ] as const) {
        const response = await app.inject({ url, headers: { ...headers, accept: 'text/markdown' } });
        expect(response.statusCode, url).toBe(status);
        expect(response.body).not.toContain('Page the on-call engineer');
      }
    });
  });

  it('search for an internal page finds it only with internal:read', async () => {
    await withEnv(async ({ app, context }) => {
      const paths = async (headers: Record<string, string>): Promise<string[]> => {
        const response = await app.inject({ url: '/api/search.json?q=runbook%20on-call', headers });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ path: string }[]>().map((document) => document.path);
      };
      expect(await paths({})).not.toContain(INTERNAL_PAGE);
      expect(await paths({ 'x-api-key': (await issueKey(context, ['search:read', 'content:read'])).apiKey })).not.toContain(INTERNAL_PAGE);
      expect(await paths({ 'x-api-key': (await issueKey(context, ['search:read', 'internal:read'])).apiKey })).toContain(INTERNAL_PAGE);
    });
  });
});

describe('credential syntax', () => {
  it.each(['bearer', 'BEARER', 'Bearer  '])(
    'the auth scheme is case-insensitive and may be followed by more spaces (RFC 9110 §11.1): %j',
    async (scheme) => {
      await withEnv(async ({ app, context }) => {
        const token = await obtainToken(app, await issueKey(context, ['search:read']));
        const response = await app.inject({ url: '/api/v1/whoami', headers: { authorization: `${scheme} ${token}` } });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ authenticated: true, scheme: 'bearer', scopes: ['search:read'] });
      });
    },
  );

  it('surrounding whitespace of an X-API-Key value is ignored', async () => {
    await withEnv(async ({ app, context }) => {
      const { apiKey } = await issueKey(context, ['search:read']);
      const response = await app.inject({ url: '/api/v1/whoami', headers: { 'x-api-key': ` ${apiKey}\t` } });
      expect(response.json()).toEqual({ authenticated: true, scheme: 'apiKey', scopes: ['search:read'] });
    });
  });
});

describe('revocation and expiry over time', () => {
  it('a key revoked through another replica (in the store) is refused within the key cache TTL, with its bearer tokens', async () => {
    await withEnv(async ({ app, context, clock }) => {
      const key = await issueKey(context, ['search:read']);
      const token = await obtainToken(app, key);
      const whoami = (headers: Record<string, string>): Promise<LightMyRequestResponse> => app.inject({ url: '/api/v1/whoami', headers });
      expect((await whoami({ 'x-api-key': key.apiKey })).statusCode).toBe(200);
      expect((await whoami({ authorization: `Bearer ${token}` })).statusCode).toBe(200);

      // Another replica writes the revocation; this one only learns of it when its cache expires.
      expect(await context.store.revokeKey(key.clientId, clock.now())).toBe(true);
      clock.advance(KEY_CACHE_TTL_MS + 1);
      expect(KEY_CACHE_TTL_MS + 1).toBeLessThanOrEqual(2000);

      const byKey = await whoami({ 'x-api-key': key.apiKey });
      expect(byKey.statusCode).toBe(401);
      expect(byKey.json()).toEqual(apiErrorBody('invalid_api_key'));
      expect(byKey.headers['www-authenticate']).toBe(invalidTokenChallenge(ERROR_TABLE.invalid_api_key.message));

      const byToken = await whoami({ authorization: `Bearer ${token}` });
      expect(byToken.statusCode).toBe(401);
      expect(byToken.json()).toEqual(apiErrorBody('invalid_token', { message: KEY_REVOKED_MESSAGE }));
      expect(byToken.headers['www-authenticate']).toBe(invalidTokenChallenge(KEY_REVOKED_MESSAGE));
    });
  });

  it('a key revoked through this replica is refused at once, with its bearer tokens, in real time', async () => {
    const { app, context } = await buildTestApp(EXAMPLE_SITE);
    try {
      const key = await issueKey(context, ['search:read']);
      const token = await obtainToken(app, key);
      expect((await app.inject({ url: '/api/v1/whoami', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      const revokedAt = Date.now();
      await context.auth.keys.revoke(key.clientId);
      const refusedWithin = async (headers: Record<string, string>): Promise<number> => {
        while ((await app.inject({ url: '/api/v1/whoami', headers })).statusCode === 200) {
          if (Date.now() - revokedAt > 2000) throw new Error('still accepted 2 s after revocation');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return Date.now() - revokedAt;
      };
      expect(await refusedWithin({ authorization: `Bearer ${token}` })).toBeLessThanOrEqual(2000);
      expect(await refusedWithin({ 'x-api-key': key.apiKey })).toBeLessThanOrEqual(2000);
    } finally {
      await app.close();
    }
  });

  it('a bearer token is accepted until exp and refused as token_expired after it, also when already verified once', async () => {
    await withEnv(async ({ app, context, clock }) => {
      const token = await obtainToken(app, await issueKey(context, ['search:read']));
      const whoami = (): Promise<LightMyRequestResponse> =>
        app.inject({ url: '/api/v1/whoami', headers: { authorization: `Bearer ${token}` } });
      expect((await whoami()).statusCode).toBe(200);
      clock.advance(TOKEN_TTL_SEC * 1000 - 1000);
      expect((await whoami()).statusCode).toBe(200);
      clock.advance(1000);
      const expired = await whoami();
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(apiErrorBody('token_expired'));
      expect(expired.headers['www-authenticate']).toBe(invalidTokenChallenge(ERROR_TABLE.token_expired.message));
    });
  });

  it.each(['x-api-key', 'authorization'] as const)(
    '%s in steady use: last use is written at the first request and again once the touch interval has passed, never between',
    async (header) => {
      await withEnv(async ({ app, context, clock }) => {
        const written: number[] = [];
        const touchKey = context.store.touchKey.bind(context.store);
        context.store.touchKey = (id, at) => {
          written.push(at.getTime());
          return touchKey(id, at);
        };
        const startedMs = clock.now().getTime();
        const key = await issueKey(context, ['search:read']);
        // A token request is a use too: it writes the first last-used of the bearer row.
        const value = header === 'x-api-key' ? key.apiKey : `Bearer ${await obtainToken(app, key)}`;
        // A request every half second: most find the credential accepted moments ago (no I/O).
        for (let elapsedMs = 0; elapsedMs <= TOUCH_INTERVAL_MS + KEY_CACHE_TTL_MS; elapsedMs += KEY_CACHE_TTL_MS / 2) {
          expect((await app.inject({ url: '/api/v1/whoami', headers: { [header]: value } })).statusCode).toBe(200);
          clock.advance(KEY_CACHE_TTL_MS / 2);
        }
        expect(written).toEqual([startedMs, startedMs + TOUCH_INTERVAL_MS]);
        expect((await context.auth.keys.get(key.clientId))?.lastUsedAt?.getTime()).toBe(startedMs + TOUCH_INTERVAL_MS);
      }, 3600 /* s: the token outlives the run */);
    },
  );

  it('an API key is accepted until its expiry and refused from that instant', async () => {
    await withEnv(async ({ app, context, clock }) => {
      const key = await issueKey(context, ['search:read'], { expiresAt: new Date(clock.now().getTime() + 10_000) });
      const whoami = (): Promise<LightMyRequestResponse> => app.inject({ url: '/api/v1/whoami', headers: { 'x-api-key': key.apiKey } });
      clock.advance(9_999);
      expect((await whoami()).statusCode).toBe(200);
      clock.advance(1);
      const expired = await whoami();
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(apiErrorBody('invalid_api_key'));
    });
  });
});
