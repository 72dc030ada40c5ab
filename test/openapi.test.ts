/**
 * `/openapi.json` against SPEC.md and against the server itself: it is valid OpenAPI 3.1 (checked by
 * a third-party validator), it describes exactly SPEC.md's operations, schemas and security
 * schemes, its error codes are the error table's (and the portal's), and every response it
 * documents is one the server really sends, body validated against the documented schema.
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { InjectableApp } from './app.js';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode, type Scope } from '../src/errors.js';
import { EXTRA_OPERATIONS, OPERATIONS } from '../src/api/operations.js';
import { PAGE_PATH_TEMPLATE, SITE_OPERATIONS } from '../src/api/site-operations.js';
import type { ConfigInput } from '../src/config/config.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, removeDir, TEST_BASE_URL, writeContent, type TestApp } from './helpers.js';
import { startOidcProvider } from './oidc-provider.js';
import { DEFAULT_AGENT_AUTH } from '../src/oauth/settings.js';
import { createClientRegistry } from '../src/oauth/clients/registry.js';
import type { AgentServices } from '../src/oauth/context.js';
import { signInSettings } from './signin-support.js';

type JsonSchema = Record<string, unknown>;

interface ResponseObject {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
}

interface OperationObject {
  operationId: string;
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, ResponseObject>;
}

// A type alias, not an interface, so that it is assignable to the validator's `Record<string, unknown>`.
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, Record<string, unknown>> };
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const SCOPES = ['search:read', 'content:read', 'internal:read'];

/** Runs `use` against a fresh app over the example site (or `contentDir`), closed afterwards. */
async function withApp<T>(
  use: (app: InjectableApp, test: TestApp) => Promise<T>,
  settings: ConfigInput = {},
  contentDir = EXAMPLE_SITE,
): Promise<T> {
  const test = await buildTestApp(contentDir, { settings });
  try {
    return await use(test.app, test);
  } finally {
    await test.app.close();
  }
}

/** The served description; every test below reads this one document. */
const DOCUMENT = await withApp(async (app) => JSON.parse((await app.inject({ url: '/openapi.json' })).body) as OpenApiDocument);

/** Every operation of the document with its path and lower-case method. */
function operations(document: OpenApiDocument): { path: string; method: string; operation: OperationObject }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );
}

function operationById(id: string): OperationObject {
  const found = operations(DOCUMENT).find(({ operation }) => operation.operationId === id);
  if (found === undefined) throw new Error(`no operation ${id} in /openapi.json`);
  return found.operation;
}

const componentRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** JSON Schema 2020-12 validation of bodies against the document's schemas (`format` checked). */
const ajv = new Ajv2020.default({ strict: true, allErrors: true });
addFormats.default(ajv);
const COMPONENTS_ID = 'urn:sitegate:openapi-components';
ajv.addSchema({ $id: COMPONENTS_ID, $defs: DOCUMENT.components.schemas });

/** A copy of `schema` whose `#/components/schemas/X` refs point into the schemas added to ajv. */
function absoluteRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(absoluteRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) =>
      key === '$ref' && typeof value === 'string'
        ? [key, value.replace(/^#\/components\/schemas\//, `${COMPONENTS_ID}#/$defs/`)]
        : [key, absoluteRefs(value)],
    ),
  );
}

/** Validation errors of `instance` against a documented schema, as text; `''` when valid. */
function schemaErrors(schema: JsonSchema, instance: unknown): string {
  const validate = ajv.compile(absoluteRefs(schema) as JsonSchema);
  return validate(instance) ? '' : ajv.errorsText(validate.errors);
}

// ---------------------------------------------------------------------------------------------
// SPEC.md, transcribed.

/** SPEC.md §4, one row per operation. */
const SPEC_OPERATIONS = [
  { id: 'getOpenApi', method: 'get', path: '/openapi.json', credential: 'none', type: 'application/json', errors: [] },
  { id: 'getLlmsTxt', method: 'get', path: '/llms.txt', credential: 'none', type: 'text/plain', errors: [] },
  { id: 'getDevelopersPortal', method: 'get', path: '/developers', credential: 'none', type: 'text/html', errors: [] },
  { id: 'getSitemap', method: 'get', path: '/sitemap.xml', credential: 'none', type: 'application/xml', errors: [] },
  { id: 'searchSite', method: 'get', path: '/api/search.json', credential: 'optional', type: 'application/json', errors: [401, 403] },
  { id: 'getHealth', method: 'get', path: '/api/v1/health', credential: 'none', type: 'application/json', errors: [] },
  { id: 'getWhoami', method: 'get', path: '/api/v1/whoami', credential: 'required', type: 'application/json', errors: [401] },
  { id: 'createOAuthToken', method: 'post', path: '/api/v1/oauth/token', credential: 'none', type: 'application/json', errors: [400, 401] },
] as const;

/** The schema SPEC.md §2 gives each JSON success body. */
const SUCCESS_SCHEMAS: Record<string, JsonSchema> = {
  searchSite: { type: 'array', items: componentRef('SearchDocument') },
  getHealth: componentRef('Health'),
  getWhoami: componentRef('Whoami'),
  createOAuthToken: componentRef('TokenResponse'),
};

interface SpecSchema {
  required: string[] | undefined;
  properties: Record<string, JsonSchema>;
  /** Properties beyond SPEC.md that DESIGN.md adds. */
  extra?: string[];
}

const scopeList = { type: 'array', items: { type: 'string', enum: SCOPES } };

/** SPEC.md §2: fields, types, required lists and allowed values. */
const SPEC_SCHEMAS: Record<string, SpecSchema> = {
  SearchDocument: {
    required: undefined, // "no required list is declared"
    properties: { path: { type: 'string' }, title: { type: 'string' }, description: { type: 'string' } },
    extra: ['section', 'excerpt'], // Additions for full-text results (snapshot/search-hits.ts).
  },
  Health: {
    required: ['ok', 'name'],
    properties: { ok: { type: 'boolean' }, name: { type: 'string' }, docs: { type: 'string', format: 'uri' } },
    extra: ['version'], // The addition of issue 32: the package's release (src/version.ts), not the API's.
  },
  Whoami: {
    required: ['authenticated', 'scheme', 'scopes'],
    properties: { authenticated: { type: 'boolean' }, scheme: { type: 'string', enum: ['apiKey', 'bearer'] }, scopes: scopeList },
  },
  TokenRequest: {
    required: ['grant_type', 'client_id', 'client_secret'],
    properties: {
      grant_type: { type: 'string', enum: ['client_credentials'] },
      client_id: { type: 'string' },
      client_secret: { type: 'string' },
      scope: { type: 'string' },
    },
  },
  TokenResponse: {
    required: ['access_token', 'token_type', 'scope'],
    properties: { access_token: { type: 'string' }, token_type: { type: 'string', enum: ['Bearer'] }, scope: { type: 'string' } },
    extra: ['expires_in'], // DESIGN.md "Credentials and tokens": the response adds expires_in.
  },
  ApiError: {
    required: ['error', 'code', 'message', 'resolution', 'status', 'docs'],
    properties: {
      error: { type: 'boolean' },
      code: { type: 'string', enum: ERROR_CODES }, // "not shown" in SPEC.md; DESIGN.md's error table
      message: { type: 'string' },
      resolution: { type: 'string' },
      status: { type: 'integer' },
      docs: { type: 'string', format: 'uri' },
      scopes: scopeList,
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Requests that produce each documented response.

/** A request for a documented response; the method and path come from the document. */
interface Case {
  /** Query string, with its `?`. */
  query?: string;
  headers?: Record<string, string>;
  payload?: string;
  /** The error code an error response must carry. */
  code?: ErrorCode;
  /** Settings of the app (tight rate limits for 429s). */
  settings?: ConfigInput;
  /** Runs before the request (issue keys, use up a limit) and adds headers or a payload. */
  setup?: (test: TestApp) => Promise<{ headers?: Record<string, string>; payload?: string; url?: string }>;
  /** Shown in the test name. */
  label?: string;
  /** The request path, for a templated documented path (`/{path}`). */
  path?: string;
  /** Files of a site of the case's own, instead of the example site. */
  site?: Record<string, string>;
}

const json = { 'content-type': 'application/json' };

/** Headers carrying a fresh API key with `scopes`. */
const withKey =
  (...scopes: Scope[]) =>
  async ({ context }: TestApp) => ({ headers: { 'x-api-key': (await issueKey(context, scopes)).apiKey } });

/** Headers carrying a bearer token for a fresh key with `scopes`. */
const withToken =
  (...scopes: Scope[]) =>
  async ({ app, context }: TestApp) => {
    const { clientId, clientSecret } = await issueKey(context, scopes);
    const reply = await app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: json,
      payload: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });
    return { headers: { authorization: `Bearer ${(JSON.parse(reply.body) as { access_token: string }).access_token}` } };
  };

/** A token request body for a fresh key with `search:read`, with `fields` merged in. */
const tokenRequest =
  (fields: Record<string, string> = {}) =>
  async ({ context }: TestApp) => {
    const { clientId, clientSecret } = await issueKey(context, ['search:read']);
    return {
      headers: json,
      payload: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...fields }),
    };
  };

/** A revocation or introspection request by a fresh client for one of its tokens (or `token`). */
const tokenAction =
  (url: string, token?: string) =>
  async ({ app, context }: TestApp) => {
    const { clientId, clientSecret } = await issueKey(context, ['search:read']);
    const credentials = { client_id: clientId, client_secret: clientSecret };
    const issued = await app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: json,
      payload: JSON.stringify({ grant_type: 'client_credentials', ...credentials }),
    });
    const accessToken = token ?? (JSON.parse(issued.body) as { access_token: string }).access_token;
    return { headers: json, payload: JSON.stringify({ token: accessToken, ...credentials }), url };
  };

/** Sends one request first, so that a limit of one is used up. */
const afterOne =
  (url: string, method: 'GET' | 'POST' = 'GET', headers: Record<string, string> = {}, payload?: string) =>
  async ({ app }: TestApp) => {
    await app.inject({ method, url, headers, ...(payload !== undefined && { payload }) });
    return { headers, ...(payload !== undefined && { payload }) };
  };

const BAD_KEY = { 'x-api-key': 'sgk_0000000000000000_00000000000000000000000000000000000000' };
const limitOne = (name: string): ConfigInput => ({ rateLimits: { [name]: { points: 1, windowSec: 60 } } });
const unknownClientToken = JSON.stringify({ token: 'x', client_id: 'sgc_0000000000000000', client_secret: 'x'.repeat(32) });
const unknownClient = JSON.stringify({
  grant_type: 'client_credentials',
  client_id: 'sgc_0000000000000000',
  client_secret: 'x'.repeat(32),
});

/** Sign-in and RFC 7591 registration on (issue 30); the provider is never asked. */
const REGISTRATION: ConfigInput = {
  auth: {
    oidc: { issuer: 'https://login.example.com', clientId: 'docs' },
    grants: [{ claim: 'groups', anyOf: ['staff'], scopes: ['content:read'] }],
    dynamicClientRegistration: true,
  },
};
const registration = (redirectUris: string[], fields: Record<string, unknown> = {}): string =>
  JSON.stringify({ redirect_uris: redirectUris, client_name: 'Test Agent', ...fields });
/** The authorization endpoint's agent (issue 30): a configured client, put in the app's registry by {@link withAgent}. */
const AGENT = { clientId: 'openapi-agent', name: 'OpenAPI agent', redirectUris: ['https://agent.example/callback'] };
const AUTHORIZE_QUERY = `?response_type=code&client_id=${AGENT.clientId}&redirect_uri=${encodeURIComponent('https://agent.example/callback')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`;
/** People sign-in on (its provider is never asked here: the sessions are made directly). */
const SIGN_IN = signInSettings('http://127.0.0.1:9');
const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', origin: TEST_BASE_URL };

/** Registers {@link AGENT} in the app's client registry and, when `signedIn`, starts a session: the request's headers. */
const withAgent =
  (signedIn: boolean, headers: Record<string, string> = { accept: 'text/html' }) =>
  async ({ context }: TestApp) => {
    const settings = { ...DEFAULT_AGENT_AUTH, clients: [AGENT] };
    context.agents = { ...(context.agents as AgentServices), settings, clients: createClientRegistry({ settings, store: context.store }) };
    if (!signedIn) return { headers };
    const session = await context.auth.sessions.create({
      subject: 'alice',
      name: 'Alice',
      email: null,
      scopes: ['search:read'],
      address: '127.0.0.1',
    });
    return { headers: { ...headers, cookie: `sitegate_session=${session.cookieValue}` } };
  };

/** The consent page's answer `decision` as its own form posts it, in the session it was shown to. */
const consentForm = (decision: string) => async (test: TestApp) => {
  const { headers } = await withAgent(true)(test);
  const page = await test.app.inject({ url: `/api/v1/oauth/authorize${AUTHORIZE_QUERY}`, headers });
  const consent = /name="consent" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return { headers: { ...FORM, cookie: headers.cookie ?? '' }, payload: new URLSearchParams({ consent, decision }).toString() };
};

/** Cases by `operationId status`. */
const CASES: Readonly<Record<string, readonly Case[]>> = {
  'getOpenApi 200': [{}],
  'getLlmsTxt 200': [{}],
  'getDevelopersPortal 200': [{}],
  'getSitemap 200': [{}],
  'searchSite 200': [{}, { query: '?q=widget' }, { query: '?q=install&limit=1&offset=0' }, { query: '?limit=2&offset=1' }],
  'searchSite 400': [
    { query: '?limit=0', code: 'invalid_query' },
    { query: '?limit=101', code: 'invalid_query' },
    { query: '?limit=ten', code: 'invalid_query' },
    { query: '?offset=-1', code: 'invalid_query' },
    { query: '?offset=1000001', code: 'invalid_query' },
    { query: `?q=${'a'.repeat(257)}`, code: 'invalid_query' },
    { query: '?q=a&q=b', code: 'invalid_query' },
  ],
  'getHealth 200': [{}],
  'getReadiness 200': [{}],
  'getReadiness 503': [
    {
      setup: async ({ context }) => {
        await context.store.close();
        return {};
      },
      label: 'store closed',
    },
  ],
  'searchSite 401': [{ headers: BAD_KEY, code: 'invalid_api_key' }],
  'searchSite 403': [{ setup: withKey('content:read'), code: 'insufficient_scope', label: 'key without search:read' }],
  'searchSite 429': [
    { settings: limitOne('search'), setup: afterOne('/api/search.json'), code: 'rate_limited', label: 'search limit used up' },
  ],
  'getWhoami 200': [
    { setup: withKey('search:read'), label: 'API key' },
    { setup: withToken('search:read', 'content:read'), label: 'bearer token' },
  ],
  'getWhoami 400': [{ headers: { ...BAD_KEY, authorization: 'Bearer x' }, code: 'invalid_request', label: 'two credentials' }],
  'getWhoami 401': [{ code: 'credential_required' }, { headers: BAD_KEY, code: 'invalid_api_key' }],
  'getWhoami 403': [{ setup: withKey('content:read'), code: 'insufficient_scope', label: 'key without search:read' }],
  'getWhoami 429': [
    {
      settings: limitOne('authFailures'),
      setup: afterOne('/api/v1/whoami', 'GET', BAD_KEY),
      code: 'rate_limited',
      label: 'failure budget used up',
    },
  ],
  'createOAuthToken 200': [{ setup: tokenRequest(), label: 'JSON body' }],
  'createOAuthToken 400': [
    { setup: tokenRequest({ grant_type: 'password' }), code: 'unsupported_grant_type', label: 'grant_type password' },
    { setup: tokenRequest({ scope: 'internal:read' }), code: 'invalid_scope', label: 'scope not granted' },
    { headers: json, payload: '{"grant_type":"client_credentials"}', code: 'invalid_request', label: 'no client' },
  ],
  'createOAuthToken 401': [{ headers: json, payload: unknownClient, code: 'invalid_client', label: 'unknown client' }],
  'createOAuthToken 413': [
    { headers: json, payload: JSON.stringify({ grant_type: 'client_credentials', pad: 'x'.repeat(5000) }), code: 'payload_too_large' },
  ],
  'createOAuthToken 415': [
    { headers: { 'content-type': 'text/plain' }, payload: 'grant_type=client_credentials', code: 'unsupported_media_type' },
  ],
  'getAuthorizationServerMetadata 200': [{}],
  'getProtectedResourceMetadata 200': [{}],
  'getApiCatalog 200': [{}],
  'getDevelopersPortalMarkdown 200': [{}, { headers: { accept: 'text/markdown' }, label: 'asked as markdown' }],
  'getDevelopersPortalMarkdown 406': [{ headers: { accept: 'application/json' }, code: 'not_acceptable', label: 'markdown refused' }],
  'getJwks 200': [{}],
  'authorizeOAuthClient 200': [{ query: AUTHORIZE_QUERY, settings: SIGN_IN, setup: withAgent(true), label: 'consent page' }],
  'authorizeOAuthClient 302': [
    { query: AUTHORIZE_QUERY, settings: SIGN_IN, setup: withAgent(false), label: 'to sign in' },
    { query: AUTHORIZE_QUERY, setup: withAgent(false), label: 'sign-in off: access_denied' },
  ],
  'authorizeOAuthClient 400': [
    {
      query: '?client_id=nobody&redirect_uri=https%3A%2F%2Fa.example%2F',
      headers: { accept: 'application/json' },
      code: 'invalid_request',
    },
  ],
  'consentOAuthClient 302': [
    { settings: SIGN_IN, setup: consentForm('allow'), label: 'allow' },
    { settings: SIGN_IN, setup: consentForm('deny'), label: 'deny' },
  ],
  'consentOAuthClient 400': [{ headers: FORM, payload: 'decision=allow', code: 'invalid_request', label: 'no consent' }],
  'consentOAuthClient 403': [
    { headers: { ...FORM, origin: 'https://evil.example' }, payload: 'decision=allow', code: 'cross_site_request', label: 'other site' },
  ],
  'consentOAuthClient 413': [{ headers: FORM, payload: `consent=${'x'.repeat(5000)}`, code: 'payload_too_large' }],
  'consentOAuthClient 415': [
    { headers: { ...FORM, 'content-type': 'text/plain' }, payload: 'decision=allow', code: 'unsupported_media_type' },
  ],
  'revokeOAuthToken 200': [{ setup: tokenAction('/api/v1/oauth/revoke'), label: 'own token' }],
  'introspectOAuthToken 200': [
    { setup: tokenAction('/api/v1/oauth/introspect'), label: 'own token' },
    { setup: tokenAction('/api/v1/oauth/introspect', 'not-a-token'), label: 'inactive token' },
  ],
  ...(Object.fromEntries(
    ['revokeOAuthToken', 'introspectOAuthToken'].flatMap((id) => [
      [
        `${id} 400`,
        [
          {
            headers: json,
            payload: JSON.stringify({ client_id: 'sgc_0000000000000000', client_secret: 'x' }),
            code: 'invalid_request',
            label: 'no token',
          },
        ],
      ],
      [
        `${id} 401`,
        [
          {
            headers: json,
            payload: JSON.stringify({ token: 'x', client_id: 'sgc_0000000000000000', client_secret: 'x' }),
            code: 'invalid_client',
            label: 'unknown client',
          },
        ],
      ],
      [`${id} 413`, [{ headers: json, payload: JSON.stringify({ token: 'x'.repeat(5000) }), code: 'payload_too_large' }]],
      [`${id} 415`, [{ headers: { 'content-type': 'text/plain' }, payload: 'token=x', code: 'unsupported_media_type' }]],
      [
        `${id} 429`,
        [
          {
            settings: limitOne('token'),
            setup: afterOne(`/api/v1/oauth/${id.startsWith('revoke') ? 'revoke' : 'introspect'}`, 'POST', json, unknownClientToken),
            code: 'rate_limited',
            label: 'limit used up',
          },
        ],
      ],
    ]),
  ) as Record<string, Case[]>),
  'createOAuthToken 429': [
    {
      settings: limitOne('token'),
      setup: afterOne('/api/v1/oauth/token', 'POST', json, unknownClient),
      code: 'rate_limited',
      label: 'token limit used up',
    },
  ],
  'registerOAuthClient 201': [{ settings: REGISTRATION, headers: json, payload: registration(['http://127.0.0.1/callback']) }],
  'registerOAuthClient 400': [
    {
      settings: REGISTRATION,
      headers: json,
      payload: registration(['http://agent.example/callback']),
      code: 'invalid_redirect_uri',
      label: 'http redirect URI off loopback',
    },
    {
      settings: REGISTRATION,
      headers: json,
      payload: registration(['https://agent.example/cb'], { grant_types: ['client_credentials'] }),
      code: 'invalid_client_metadata',
      label: 'grant type',
    },
    { settings: REGISTRATION, headers: json, payload: '{', code: 'invalid_request', label: 'not JSON' },
  ],
  'registerOAuthClient 404': [{ headers: json, payload: registration(['https://agent.example/cb']), code: 'not_found', label: 'off' }],
  'registerOAuthClient 413': [
    {
      settings: REGISTRATION,
      headers: json,
      payload: registration(['https://agent.example/cb'], { client_name: 'x'.repeat(5000) }),
      code: 'payload_too_large',
    },
  ],
  'registerOAuthClient 415': [
    { settings: REGISTRATION, headers: { 'content-type': 'text/plain' }, payload: 'x', code: 'unsupported_media_type' },
  ],
  'registerOAuthClient 429': [
    {
      settings: { ...REGISTRATION, ...limitOne('clientRegistrations') },
      setup: afterOne('/api/v1/oauth/register', 'POST', json, registration(['https://agent.example/cb'])),
      code: 'rate_limited',
      label: 'registration limit used up',
    },
  ],
  'registerOAuthClient 503': [
    {
      settings: REGISTRATION,
      headers: json,
      payload: registration(['https://agent.example/cb']),
      // The cap of stored registrations (10,000) lowered to 0 at the real store.
      setup: (test) => {
        const store = test.context.agents?.store;
        if (store === undefined) throw new Error('agents are built');
        const createOAuthClient = store.createOAuthClient.bind(store);
        store.createOAuthClient = (record, audit) => createOAuthClient(record, audit, { maxClients: 0 });
        return Promise.resolve({});
      },
      code: 'temporarily_unavailable',
      label: 'registrations at the cap',
    },
  ],
};

/** The identity provider of the sign-in cases (oidc-provider on loopback). */
const PROVIDER = await startOidcProvider({ sitegateBaseUrl: TEST_BASE_URL });
/** A provider that a case stops between the start of a sign-in and its callback. */
const DOOMED_PROVIDER = await startOidcProvider({ sitegateBaseUrl: TEST_BASE_URL });
/** Whether the case that stops {@link DOOMED_PROVIDER} has run. */
let doomedStopped = false;
afterAll(async () => {
  await PROVIDER.close();
  if (!doomedStopped) await DOOMED_PROVIDER.close();
});
const ACCEPT_JSON = { accept: 'application/json' };
const MCP_HEADERS = { ...json, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const MCP_TOOLS_LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
/** A site without posts or dated pages: no feed. */
const UNDATED_SITE = { 'index.md': '# Home\n\nNo posts here.\n' };

/**
 * A sign-in started at {@link DOOMED_PROVIDER}, which then stops: the callback's request headers
 * (the pending-login cookie) and its query (the provider's `state` and a code).
 */
const callbackAfterProviderStopped = async ({ app }: TestApp): Promise<{ headers: Record<string, string>; url: string }> => {
  const login = await app.inject({ url: '/_sitegate/login?return_to=/' });
  const state = new URL(String(login.headers.location)).searchParams.get('state') ?? '';
  const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
  await DOOMED_PROVIDER.close();
  doomedStopped = true;
  return {
    headers: { cookie, ...ACCEPT_JSON },
    url: `/_sitegate/callback?code=x&state=${state}&iss=${encodeURIComponent(DOOMED_PROVIDER.issuer)}`,
  };
};

/** The routes beyond the API operations (api/site-operations.ts). */
const SITE_CASES: Readonly<Record<string, readonly Case[]>> = {
  'getLlmsFullTxt 200': [{}],
  'getRobotsTxt 200': [{}],
  'getAtomFeed 200': [{}],
  'getAtomFeed 404': [{ site: UNDATED_SITE, code: 'not_found', label: 'no dated pages' }],
  'getRssFeed 200': [{}],
  'getRssFeed 404': [{ site: UNDATED_SITE, code: 'not_found', label: 'no dated pages' }],
  'getOpenIdConfiguration 200': [{}],
  'getMcpProtectedResourceMetadata 200': [{}],
  'mcp 200': [{ headers: MCP_HEADERS, payload: MCP_TOOLS_LIST, label: 'tools/list' }],
  'mcp 202': [
    { headers: MCP_HEADERS, payload: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), label: 'notification' },
  ],
  'mcp 400': [{ headers: MCP_HEADERS, payload: '[]', label: 'a batch' }],
  'mcp 401': [{ headers: { ...MCP_HEADERS, ...BAD_KEY }, payload: MCP_TOOLS_LIST, code: 'invalid_api_key' }],
  'mcp 403': [{ headers: { ...MCP_HEADERS, origin: 'https://evil.example' }, payload: MCP_TOOLS_LIST, code: 'origin_not_allowed' }],
  'getSearchPage 200': [{ query: '?q=widget' }],
  'getSearchPage 400': [{ query: '?limit=0', headers: ACCEPT_JSON, code: 'invalid_query' }],
  'getSearchPage 401': [{ query: '?q=widget', headers: { ...ACCEPT_JSON, ...BAD_KEY }, code: 'invalid_api_key' }],
  'getSearchPage 403': [
    {
      query: '?q=widget',
      setup: async (test) => ({ headers: { ...ACCEPT_JSON, ...(await withKey('content:read')(test)).headers } }),
      code: 'insufficient_scope',
      label: 'key without search:read',
    },
  ],
  'signIn 302': [{ settings: signInSettings(PROVIDER.issuer), label: 'to the provider' }],
  'signIn 404': [{ headers: ACCEPT_JSON, code: 'not_found', label: 'sign-in off' }],
  'signIn 502': [{ settings: SIGN_IN, headers: ACCEPT_JSON, code: 'sign_in_unavailable', label: 'provider unreachable' }],
  'signInCallback 400': [{ settings: SIGN_IN, headers: ACCEPT_JSON, code: 'sign_in_failed', label: 'no sign-in started' }],
  'signInCallback 404': [{ headers: ACCEPT_JSON, code: 'not_found', label: 'sign-in off' }],
  'signInCallback 502': [
    {
      settings: signInSettings(DOOMED_PROVIDER.issuer),
      setup: callbackAfterProviderStopped,
      code: 'sign_in_unavailable',
      label: 'provider gone before the callback',
    },
  ],
  'signOut 303': [{ settings: signInSettings(PROVIDER.issuer), headers: { origin: TEST_BASE_URL } }],
  'signOut 403': [
    { settings: SIGN_IN, headers: { ...ACCEPT_JSON, origin: 'https://evil.example' }, code: 'cross_site_request', label: 'other site' },
  ],
  'signOut 404': [{ headers: { ...ACCEPT_JSON, origin: TEST_BASE_URL }, code: 'not_found', label: 'sign-in off' }],
  'getPage 200': [
    { path: '/guides/', label: 'HTML' },
    { path: '/guides/', headers: { accept: 'text/markdown' }, label: 'markdown' },
    { path: '/guides/getting-started.md', label: '.md' },
  ],
  'getPage 308': [{ path: '/guides', label: 'other spelling' }],
  'getPage 401': [{ path: '/internal/runbook', headers: ACCEPT_JSON, code: 'credential_required' }],
  'getPage 404': [{ path: '/nope', headers: ACCEPT_JSON, code: 'not_found' }],
  'getPage 406': [{ path: '/guides/', headers: { accept: 'image/png' }, code: 'not_acceptable' }],
  // Port 9 (discard) on loopback: nothing listens, so the origin is refused at once.
  'getPage 502': [
    {
      path: '/guides/',
      settings: { upstream: 'http://127.0.0.1:9' },
      headers: ACCEPT_JSON,
      code: 'upstream_unavailable',
      label: 'origin down',
    },
  ],
};

/** Every operation refuses a URL over the limits before its route is looked up (414, discovery/openapi.ts). */
const URI_TOO_LONG_CASES: Readonly<Record<string, readonly Case[]>> = Object.fromEntries(
  [...OPERATIONS, ...EXTRA_OPERATIONS, ...SITE_OPERATIONS].map((op) => [
    `${op.id} 414`,
    [{ query: `?pad=${'x'.repeat(2100)}`, code: 'uri_too_long', ...(op.path === PAGE_PATH_TEMPLATE && { path: '/guides/' }) }],
  ]),
);

/**
 * Documented responses the cases here cannot produce through `inject`, each with the suite that
 * produces it against a listening server and a real identity provider.
 */
const COVERED_ELSEWHERE: Readonly<Record<string, string>> = {
  'signInCallback 302': 'test/signin.test.ts',
  'signInCallback 403': 'test/signin.test.ts',
};

/** Every case, by `operationId status`. */
const ALL_CASES: Readonly<Record<string, readonly Case[]>> = { ...CASES, ...SITE_CASES, ...URI_TOO_LONG_CASES };

/** Documented responses no test can produce yet; empty, and a test keeps it honest. */
const PENDING_AUTH: ReadonlySet<string> = new Set<string>([]);

/** Every documented (operation, status), from the document itself. */
const DOCUMENTED = operations(DOCUMENT).flatMap(({ path, method, operation }) =>
  // `default` (the statuses not listed) is checked by its own test below.
  Object.entries(operation.responses)
    .filter(([status]) => status !== 'default')
    .map(([status, response]) => ({
      key: `${operation.operationId} ${status}`,
      path,
      method: method.toUpperCase() as 'GET' | 'POST',
      status: Number(status),
      response,
    })),
);

// ---------------------------------------------------------------------------------------------

describe('/openapi.json', () => {
  it('is served as application/json', async () => {
    await withApp(async (app) => {
      const response = await app.inject({ url: '/openapi.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    });
  });

  it('is a valid OpenAPI 3.1 description (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(DOCUMENT));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(DOCUMENT.openapi).toMatch(/^3\.1\.\d+$/);
  });

  it('carries description version 1.0.0 (SPEC.md §9)', () => {
    expect(DOCUMENT.info.version).toBe('1.0.0');
  });

  it('describes the eight operations of SPEC.md §4 and, besides them, only the documented extras and site routes', () => {
    const described = operations(DOCUMENT).map(({ path, method, operation }) => `${operation.operationId} ${method} ${path}`);
    const expected = [...SPEC_OPERATIONS, ...EXTRA_OPERATIONS, ...SITE_OPERATIONS].map(
      ({ id, method, path }) => `${id} ${method.toLowerCase()} ${path}`,
    );
    expect(described.sort()).toEqual(expected.sort());
  });

  it.each(SPEC_OPERATIONS)('$id: credential, success media type and error responses as SPEC.md §4 says', (spec) => {
    const operation = operationById(spec.id);
    const security = {
      none: [],
      optional: [{}, { apiKey: [] }, { bearer: [] }, { oauth2: ['search:read'] }],
      required: [{ apiKey: [] }, { bearer: [] }, { oauth2: ['search:read'] }],
    }[spec.credential];
    // The empty requirement `{}` makes a credential optional (OpenAPI 3.1 Security Requirement Object).
    expect(operation.security).toEqual(security);

    expect(Object.keys(operation.responses['200']?.content ?? {})).toEqual([spec.type]);
    const successSchema = SUCCESS_SCHEMAS[spec.id];
    if (successSchema !== undefined) expect(operation.responses['200']?.content?.[spec.type]?.schema).toEqual(successSchema);
    for (const status of spec.errors) {
      expect(operation.responses[String(status)]?.content, `${spec.id} ${status}`).toEqual({
        'application/json': { schema: componentRef('ApiError') },
      });
    }
  });

  it('takes a required JSON token request body (SPEC.md §4 rule 4)', () => {
    const body = operationById('createOAuthToken').requestBody;
    expect(body?.required).toBe(true);
    expect(body?.content['application/json']?.schema).toEqual(componentRef('TokenRequest'));
  });

  it.each(Object.entries(SPEC_SCHEMAS))('schema %s has the fields, required list and values of SPEC.md §2', (name, spec) => {
    const schema = DOCUMENT.components.schemas[name] as { type?: string; required?: string[]; properties?: Record<string, JsonSchema> };
    expect(schema.type).toBe('object');
    expect(schema.required === undefined ? undefined : [...schema.required].sort()).toEqual(spec.required?.sort());
    const properties = schema.properties ?? {};
    expect(Object.keys(properties).sort()).toEqual([...Object.keys(spec.properties), ...(spec.extra ?? [])].sort());
    for (const [field, expected] of Object.entries(spec.properties)) {
      expect(properties[field], `${name}.${field}`).toMatchObject(expected);
      const { enum: values, items } = properties[field] as { enum?: unknown[]; items?: { enum?: unknown[] } };
      expect(values, `${name}.${field} enum`).toEqual(expected.enum);
      expect(items?.enum, `${name}.${field} items enum`).toEqual((expected.items as { enum?: unknown[] } | undefined)?.enum);
    }
  });

  it('has the security schemes of SPEC.md §5: X-API-Key, OAuth 2.0 client credentials and bearer', () => {
    const schemes = DOCUMENT.components.securitySchemes;
    expect(Object.keys(schemes).sort()).toEqual(['apiKey', 'bearer', 'oauth2']);
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.oauth2).toMatchObject({
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: `${TEST_BASE_URL}/api/v1/oauth/token` } },
    });
    const flows = schemes.oauth2?.flows as { clientCredentials: { scopes: Record<string, string> } };
    expect(Object.keys(flows.clientCredentials.scopes)).toEqual(SCOPES);
  });

  it('lists exactly the error table codes in the ApiError code enum', () => {
    const code = (DOCUMENT.components.schemas.ApiError?.properties as Record<string, { enum?: string[] }>).code;
    expect(code?.enum).toEqual(ERROR_CODES);
  });
});

describe('/developers', () => {
  it('has an error-<code> entry for every error code and no other', async () => {
    await withApp(async (app) => {
      const response = await app.inject({ url: '/developers' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const ids = [...response.body.matchAll(/\sid=["'](error-[^"']*)["']/g)].map((match) => match[1]);
      expect(ids.sort()).toEqual(ERROR_CODES.map((code) => `error-${code}`).sort());
    });
  });
});

describe('every documented response is what the server sends', () => {
  it('every documented (operation, status) has a case, is covered by another suite, or is pending auth', () => {
    const missing = DOCUMENTED.map(({ key }) => key).filter(
      (key) => ALL_CASES[key] === undefined && COVERED_ELSEWHERE[key] === undefined && !PENDING_AUTH.has(key),
    );
    expect(missing).toEqual([]);
  });

  it('every case, covered and pending entry names a documented response, and none is two of them', () => {
    const documented = new Set(DOCUMENTED.map(({ key }) => key));
    const covered = Object.keys(COVERED_ELSEWHERE);
    expect([...Object.keys(ALL_CASES), ...covered, ...PENDING_AUTH].filter((key) => !documented.has(key))).toEqual([]);
    expect(Object.keys(ALL_CASES).filter((key) => PENDING_AUTH.has(key) || COVERED_ELSEWHERE[key] !== undefined)).toEqual([]);
    expect(covered.filter((key) => PENDING_AUTH.has(key))).toEqual([]);
  });

  it.each(Object.entries(COVERED_ELSEWHERE))('%s is produced by %s', (key, file) => {
    const [id = '', status = ''] = key.split(' ');
    const suite = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
    expect(suite).toContain(id === 'signInCallback' ? '/_sitegate/callback' : id);
    expect(suite).toMatch(new RegExp(`\\b${status}\\b`));
  });

  it('documents `default` (the error object) exactly where no 2XX answer is listed', () => {
    for (const { operation } of operations(DOCUMENT)) {
      const statuses = Object.keys(operation.responses);
      const hasSuccess = statuses.some((status) => status.startsWith('2'));
      expect(operation.responses.default?.content, operation.operationId).toEqual(
        hasSuccess ? undefined : { 'application/json': { schema: componentRef('ApiError') } },
      );
    }
  });

  for (const { key, path, method, status, response } of DOCUMENTED) {
    const cases = ALL_CASES[key];
    if (cases === undefined) {
      if (PENDING_AUTH.has(key)) it.todo(`${key} (pending auth)`);
      continue;
    }
    const requests = cases.map((request) => ({
      ...request,
      url: (request.path ?? path) + (request.query ?? ''),
      label: request.label ?? '',
    }));
    it.each(requests)(`${key}: ${method} $url $label`, async ({ url: givenUrl, code, settings, setup, site, ...given }) => {
      const contentDir = site === undefined ? EXAMPLE_SITE : writeContent(site);
      try {
        await withApp(
          async (app, test) => {
            const extra = setup === undefined ? {} : await setup(test);
            const headers = extra.headers ?? given.headers;
            const payload = extra.payload ?? given.payload;
            const url = extra.url ?? givenUrl;
            const reply = await app.inject({ method, url, ...(headers && { headers }), ...(payload !== undefined && { payload }) });
            expect(reply.statusCode).toBe(status);

            if (response.content === undefined) {
              expect(reply.body).toBe('');
              return;
            }
            const mediaType = String(reply.headers['content-type']).split(';')[0]?.trim() ?? '';
            const documented = response.content;
            expect(Object.keys(documented)).toContain(mediaType);
            const schema = documented[mediaType]?.schema ?? {};
            const body: unknown = /^application\/([\w.-]+\+)?json$/.test(mediaType) ? JSON.parse(reply.body) : reply.body;
            expect(schemaErrors(schema, body)).toBe('');

            // The readiness probe's 503 is its report (application/health+json), not the error object.
            if (status >= 400 && (schema as { $ref?: string }).$ref === '#/components/schemas/ApiError') {
              expect(code, 'an error case names its code').toBeDefined();
              expect(body).toMatchObject({ error: true, code, status, docs: `${TEST_BASE_URL}/developers#error-${String(code)}` });
              expect(response.description).toContain(`\`${String(code)}\``);
            } else if ((schema as { $ref?: string }).$ref === '#/components/schemas/RegistrationError') {
              // RFC 7591 §3.2.2: `error` is the code string.
              expect(body).toMatchObject({ error: code, code, status, error_uri: `${TEST_BASE_URL}/developers#error-${String(code)}` });
              expect(response.description).toContain(`\`${String(code)}\``);
            } else {
              expect(code).toBeUndefined();
            }
          },
          settings,
          contentDir,
        );
      } finally {
        if (site !== undefined) removeDir(contentDir);
      }
    });
  }
});
