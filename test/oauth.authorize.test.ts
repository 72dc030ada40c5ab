/**
 * The authorization endpoint checks requests as OAuth 2.1 asks (issue 30, done-when 2): the client
 * and its exact redirect URI first, refused on a page and never redirected (RFC 6749 §4.1.2.1);
 * then response_type, PKCE S256 (RFC 7636), repeated parameters (RFC 6749 §3.1), scope and the
 * RFC 8707 resource, refused by a 302 to the client with `error`, `error_description`, `state` and
 * `iss` (RFC 9207), the redirect URI's own query kept, when the operator configured the client; for
 * a client anyone can register, refused on a page until the person answers (RFC 9700 §4.11.2). A browser without a session is sent to sign
 * in and comes back. Against a real provider and a listening site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_AUTH } from '../src/oauth/settings.js';
import type { OAuthClientRecord } from '../src/store/store.js';
import { errorBody, HTML_TYPE } from './http-expect.js';
import { fetchWithJar, signInWithFetch, type CookieJar } from './oidc-provider.js';
import { startSignInSite } from './signin-site.js';
import {
  addedParams,
  AGENT_ID,
  AGENT_NAME,
  AGENT_REDIRECT,
  authorizeUrl,
  consentField,
  STATE,
  startAuthorizeFixture,
  type AuthorizeFixture,
} from './oauth-authorize-support.js';

let f: AuthorizeFixture;

beforeAll(async () => {
  f = await startAuthorizeFixture();
});
afterAll(async () => {
  await f.close();
});

/** GET without following redirects, as a browser with `jar`'s cookies (or none). */
function get(url: string, jar?: CookieJar, accept = 'text/html'): Promise<Response> {
  return jar === undefined ? fetch(url, { redirect: 'manual', headers: { accept } }) : fetchWithJar(jar, url, { headers: { accept } });
}

/** Asserts a 302 refusal to the client and returns the parameters added to its redirect URI. */
async function refusedTo(response: Response): Promise<[string, string][]> {
  expect(response.status).toBe(302);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  await response.arrayBuffer();
  return addedParams(response.headers.get('location') ?? '');
}

describe('refused on a page, never redirected: the client or its redirect URI is not right', () => {
  it('a redirect URI the client did not register: 400 invalid_redirect_uri page, no Location', async () => {
    const response = await get(authorizeUrl(f.base, { redirect_uri: 'https://evil.example/callback' }), f.alice);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toBe(HTML_TYPE);
    const html = await response.text();
    expect(html).toContain(
      '<h1>The redirect_uri is not one that the client Test Agent registered; nothing was sent to it.</h1>\n<p>The redirect_uri is not one that the client Test Agent registered; nothing was sent to it.</p>\n<p class="status">HTTP 400</p>',
    );
    expect(html).not.toContain('evil.example');
  });

  it('the same as the error object to a client that asks for JSON', async () => {
    const response = await get(authorizeUrl(f.base, { redirect_uri: `${AGENT_REDIRECT}&x=1` }), undefined, 'application/json');
    expect(response.status).toBe(400);
    expect(await response.json()).toStrictEqual(
      errorBody(
        'invalid_redirect_uri',
        `The redirect_uri is not one that the client ${AGENT_NAME} registered; nothing was sent to it.`,
        f.base,
      ),
    );
  });

  it('an unknown client: 400 invalid_request naming it', async () => {
    const response = await get(authorizeUrl(f.base, { client_id: 'nobody' }), undefined, 'application/json');
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.json()).toStrictEqual(errorBody('invalid_request', 'No client "nobody" is known here.', f.base));
  });

  it.each([
    ['client_id missing', { client_id: undefined }, 'The authorization request has no client_id.'],
    ['redirect_uri missing', { redirect_uri: undefined }, 'The authorization request has no redirect_uri.'],
  ])('%s: 400 invalid_request', async (_name, changes, message) => {
    const response = await get(authorizeUrl(f.base, changes), undefined, 'application/json');
    expect(response.status).toBe(400);
    expect(await response.json()).toStrictEqual(errorBody('invalid_request', message, f.base));
  });

  it('client_id given twice: 400 invalid_request', async () => {
    const response = await get(`${authorizeUrl(f.base)}&client_id=${AGENT_ID}`, undefined, 'application/json');
    expect(response.status).toBe(400);
    expect(await response.json()).toStrictEqual(
      errorBody('invalid_request', 'The parameter client_id is repeated (RFC 6749 §3.1).', f.base),
    );
  });
});

describe('refused by a 302 to the client with error, error_description, state and iss', () => {
  it('PKCE missing: invalid_request, the redirect URI kept byte for byte', async () => {
    const response = await get(authorizeUrl(f.base, { code_challenge: undefined, code_challenge_method: undefined }), f.alice);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `${AGENT_REDIRECT}&error=invalid_request&error_description=code_challenge+is+required+%28PKCE%2C+RFC+7636%29+with+code_challenge_method+S256.&state=${STATE}&iss=${encodeURIComponent(f.base)}`,
    );
  });

  it.each([
    [
      'code_challenge_method missing (plain by default, RFC 7636 §4.3)',
      { code_challenge_method: undefined },
      'code_challenge_method is required and must be S256 (without it the method is plain, which is not supported).',
    ],
    ['code_challenge_method plain', { code_challenge_method: 'plain' }, 'code_challenge_method must be S256; plain is not supported.'],
    ['a code_challenge of 42 characters', { code_challenge: 'a'.repeat(42) }, 'code_challenge must be 43 to 128 base64url characters.'],
    [
      'a code_challenge that is not base64url',
      { code_challenge: `${'a'.repeat(42)}=` },
      'code_challenge must be 43 to 128 base64url characters.',
    ],
    ['response_type missing', { response_type: undefined }, 'response_type is required; use code.'],
  ])('%s: invalid_request', async (_name, changes, description) => {
    expect(await refusedTo(await get(authorizeUrl(f.base, changes), f.alice))).toStrictEqual([
      ['error', 'invalid_request'],
      ['error_description', description],
      ['state', STATE],
      ['iss', f.base],
    ]);
  });

  it('response_type token: unsupported_response_type', async () => {
    expect(await refusedTo(await get(authorizeUrl(f.base, { response_type: 'token' }), f.alice))).toStrictEqual([
      ['error', 'unsupported_response_type'],
      ['error_description', 'Only response_type code is supported.'],
      ['state', STATE],
      ['iss', f.base],
    ]);
  });

  it('a resource of another audience: invalid_target (RFC 8707 §2)', async () => {
    expect(await refusedTo(await get(authorizeUrl(f.base, { resource: 'https://api.other.example/mcp' }), f.alice))).toStrictEqual([
      ['error', 'invalid_target'],
      ['error_description', `The resource is not served by this authorization server; use ${f.base}/mcp or ${f.base}.`],
      ['state', STATE],
      ['iss', f.base],
    ]);
  });

  it('two resources: invalid_target', async () => {
    expect(await refusedTo(await get(`${authorizeUrl(f.base)}&resource=${encodeURIComponent(f.base)}`, f.alice))).toStrictEqual([
      ['error', 'invalid_target'],
      ['error_description', 'Ask for one resource per authorization request.'],
      ['state', STATE],
      ['iss', f.base],
    ]);
  });

  it('a parameter given twice: invalid_request (RFC 6749 §3.1)', async () => {
    expect(await refusedTo(await get(`${authorizeUrl(f.base)}&scope=search%3Aread`, f.alice))).toStrictEqual([
      ['error', 'invalid_request'],
      ['error_description', 'The parameter scope is repeated (RFC 6749 §3.1).'],
      ['state', STATE],
      ['iss', f.base],
    ]);
  });

  it('state given twice: invalid_request, without a state', async () => {
    expect(await refusedTo(await get(`${authorizeUrl(f.base)}&state=other`, f.alice))).toStrictEqual([
      ['error', 'invalid_request'],
      ['error_description', 'The parameter state is repeated (RFC 6749 §3.1).'],
      ['iss', f.base],
    ]);
  });

  it('an unknown scope: invalid_scope', async () => {
    expect(await refusedTo(await get(authorizeUrl(f.base, { scope: 'search:read admin' }), f.alice))).toStrictEqual([
      ['error', 'invalid_scope'],
      ['error_description', 'Unknown scope: admin.'],
      ['state', STATE],
      ['iss', f.base],
    ]);
  });

  it('bob (no internal:read) asked only for internal:read: access_denied', async () => {
    expect(await refusedTo(await get(authorizeUrl(f.base, { scope: 'internal:read' }), f.bob))).toStrictEqual([
      ['error', 'access_denied'],
      ['error_description', 'The account signed in holds none of the scopes asked for.'],
      ['state', STATE],
      ['iss', f.base],
    ]);
  });

  it('without state: the answer has none', async () => {
    expect(await refusedTo(await get(authorizeUrl(f.base, { state: undefined, response_type: 'token' }), f.alice))).toStrictEqual([
      ['error', 'unsupported_response_type'],
      ['error_description', 'Only response_type code is supported.'],
      ['iss', f.base],
    ]);
  });

  it('sign-in off: access_denied', async () => {
    const off = await startSignInSite({
      issuer: null,
      agents: { ...DEFAULT_AGENT_AUTH, clients: [{ clientId: AGENT_ID, name: AGENT_NAME, redirectUris: [AGENT_REDIRECT] }] },
    });
    try {
      expect(await refusedTo(await get(authorizeUrl(off.baseUrl)))).toStrictEqual([
        ['error', 'access_denied'],
        ['error_description', 'people sign-in is not configured on this site'],
        ['state', STATE],
        ['iss', off.baseUrl],
      ]);
    } finally {
      await off.close();
    }
  });
});

describe('a browser without a session signs in and comes back', () => {
  it('302 to /_sitegate/login with return_to = this request; after signing in, back on it and on the consent page', async () => {
    const url = authorizeUrl(f.base);
    const response = await get(url);
    const returnTo = url.slice(f.base.length);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/_sitegate/login?return_to=${encodeURIComponent(returnTo)}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toBe('Cookie');

    const signedIn = await signInWithFetch(f.base, 'alice', { returnTo });
    expect(signedIn.final.status).toBe(302);
    expect(signedIn.final.headers.get('location')).toBe(returnTo);
    const consent = await get(`${f.base}${returnTo}`, signedIn.jar);
    expect(consent.status).toBe(200);
    expect(await consent.text()).toContain(`<h1>Allow ${AGENT_NAME} to read this site as you?</h1>`);
  });

  it('a dead session cookie is no one: the same sign-in redirect', async () => {
    const response = await fetch(authorizeUrl(f.base), { redirect: 'manual', headers: { cookie: 'sitegate_session=dead' } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/_sitegate\/login\?return_to=%2Fapi%2Fv1%2Foauth%2Fauthorize%3F/);
  });

  it.each([
    ['the site, with a trailing slash', (base: string) => `${base}/`],
    ['the MCP server, with a trailing slash', (base: string) => `${base}/mcp/`],
    ['the site', (base: string) => base],
  ])('resource %s is accepted', async (_name, resource) => {
    const response = await get(authorizeUrl(f.base, { resource: resource(f.base) }));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/_sitegate\/login\?return_to=/);
  });

  it('the endpoint takes GET, HEAD and POST', async () => {
    const response = await fetch(`${f.base}/api/v1/oauth/authorize`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });
});

/** A client registered through RFC 7591 (anyone may register one), redirecting to a site of its own. */
const REGISTERED: OAuthClientRecord = {
  id: 'sgc_RegisteredByAnyone0000',
  name: 'Registered Agent',
  redirectUris: ['https://evil.example/callback'],
  metadata: JSON.stringify({ client_name: 'Registered Agent', redirect_uris: ['https://evil.example/callback'] }),
  createdAt: new Date('2030-01-01T00:00:00.000Z'),
};

/** The authorization request of {@link REGISTERED}, with `changes`. */
const registeredUrl = (base: string, changes: Record<string, string | undefined> = {}): string =>
  authorizeUrl(base, { client_id: REGISTERED.id, redirect_uri: REGISTERED.redirectUris[0], ...changes });

describe('a client anyone can register (RFC 7591): refused on a page before the person answers, never redirected (RFC 9700 §4.11.2)', () => {
  beforeAll(async () => {
    await f.site.context.store.createOAuthClient(REGISTERED);
  });

  /** Asserts the error page of a refused request of the registered client: 400, no Location, the message. */
  async function refusedOnPage(response: Response, code: 'invalid_request' | 'invalid_scope' | 'invalid_target', message: string) {
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.json()).toStrictEqual(errorBody(code, message, f.base));
  }

  it.each([
    [
      'PKCE missing',
      { code_challenge: undefined, code_challenge_method: undefined },
      'invalid_request',
      'The authorization request was refused (invalid_request): code_challenge is required (PKCE, RFC 7636) with code_challenge_method S256.',
    ],
    [
      'code_challenge_method plain',
      { code_challenge_method: 'plain' },
      'invalid_request',
      'The authorization request was refused (invalid_request): code_challenge_method must be S256; plain is not supported.',
    ],
    [
      'response_type token',
      { response_type: 'token' },
      'invalid_request',
      'The authorization request was refused (unsupported_response_type): Only response_type code is supported.',
    ],
    [
      'an unknown scope',
      { scope: 'search:read admin' },
      'invalid_scope',
      'The authorization request was refused (invalid_scope): Unknown scope: admin.',
    ],
    [
      'a resource of another audience',
      { resource: 'https://api.other.example/mcp' },
      'invalid_target',
      'The authorization request was refused (invalid_target): The resource is not served by this authorization server; use {base}/mcp or {base}.',
    ],
  ] as const)('%s: 400 %s', async (_name, changes, code, message) => {
    const response = await get(registeredUrl(f.base, changes), f.alice, 'application/json');
    await refusedOnPage(response, code, message.replaceAll('{base}', f.base));
  });

  it('a parameter given twice: 400 invalid_request, as an HTML page to a browser', async () => {
    const response = await get(`${registeredUrl(f.base)}&scope=search%3Aread`, f.alice);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toBe(HTML_TYPE);
    const message = 'The authorization request was refused (invalid_request): The parameter scope is repeated (RFC 6749 §3.1).';
    expect(await response.text()).toContain(`<h1>${message}</h1>\n<p>${message}</p>\n<p class="status">HTTP 400</p>`);
  });

  it('bob (no internal:read) asked only for internal:read: 400, not an access_denied redirect', async () => {
    await refusedOnPage(
      await get(registeredUrl(f.base, { scope: 'internal:read' }), f.bob, 'application/json'),
      'invalid_request',
      'The authorization request was refused (access_denied): The account signed in holds none of the scopes asked for.',
    );
  });

  it('sign-in off: 400, not an access_denied redirect', async () => {
    const off = await startSignInSite({ issuer: null, agents: DEFAULT_AGENT_AUTH });
    try {
      await off.context.store.createOAuthClient(REGISTERED);
      const response = await get(registeredUrl(off.baseUrl), undefined, 'application/json');
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.json()).toStrictEqual(
        errorBody(
          'invalid_request',
          'The authorization request was refused (access_denied): people sign-in is not configured on this site',
          off.baseUrl,
        ),
      );
    } finally {
      await off.close();
    }
  });

  it("after the person's own answer the client is redirected: Deny sends access_denied to its redirect URI", async () => {
    const page = await get(registeredUrl(f.base), f.alice);
    expect(page.status).toBe(200);
    const consent = consentField(await page.text());
    const denied = await fetchWithJar(f.alice, `${f.base}/api/v1/oauth/authorize`, {
      method: 'POST',
      headers: { origin: f.base, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ consent, decision: 'deny' }).toString(),
    });
    expect(denied.status).toBe(302);
    expect(addedParams(denied.headers.get('location') ?? '', 'https://evil.example/callback')).toStrictEqual([
      ['error', 'access_denied'],
      ['error_description', 'The person denied the request.'],
      ['state', STATE],
      ['iss', f.base],
    ]);
  });
});
