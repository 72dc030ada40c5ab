/**
 * Standard OAuth clients against a real listening server (DESIGN.md "Who uses it": openid-client,
 * oauth4webapi, curl): each obtains a token with client_secret_basic and client_secret_post, calls
 * whoami with it, and reads refusals as proper OAuth errors (RFC 6749 §5.2, RFC 6750 §3). No
 * discovery document exists yet, so the authorization server metadata is written out by hand.
 */
import { freePort } from './free-port.js';
import * as oauth from 'oauth4webapi';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../src/errors.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, type TestApp } from './helpers.js';
import { ALL_SCOPES, apiErrorBody, TOKEN_PATH } from './auth-fixtures.js';

interface Served extends TestApp {
  baseUrl: string;
  /** A key with the given scopes. */
  key: (scopes: Scope[]) => Promise<{ clientId: string; clientSecret: string; apiKey: string }>;
}

/** Runs `use` against a server listening on 127.0.0.1 whose base URL (the token issuer) is its own address. */
async function withServer(use: (served: Served) => Promise<void>): Promise<void> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const built = await buildTestApp(EXAMPLE_SITE, { baseUrl });
  try {
    await built.app.listen({ port, host: '127.0.0.1' });
    await use({ ...built, baseUrl, key: (scopes) => issueKey(built.context, scopes) });
  } finally {
    await built.app.close();
  }
}

/** Authorization server metadata (RFC 8414 §2) as the clients need it. */
function serverMetadata(baseUrl: string): { issuer: string; token_endpoint: string } {
  return { issuer: baseUrl, token_endpoint: `${baseUrl}${TOKEN_PATH}` };
}

/** Calls `fn`, expecting it to throw an instance of `type`, and returns the error. */
async function rejection<T extends Error>(fn: () => Promise<unknown>, type: abstract new (...args: never[]) => T): Promise<T> {
  try {
    await fn();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as T;
  }
  throw new Error(`expected a ${type.name}`);
}

type Method = 'client_secret_basic' | 'client_secret_post';
const METHODS: Method[] = ['client_secret_basic', 'client_secret_post'];

describe('openid-client v6', () => {
  /** A client configuration for a key, authenticating with `method`. */
  function configuration(baseUrl: string, key: { clientId: string; clientSecret: string }, method: Method): client.Configuration {
    const auth = method === 'client_secret_basic' ? client.ClientSecretBasic(key.clientSecret) : client.ClientSecretPost(key.clientSecret);
    const config = new client.Configuration(serverMetadata(baseUrl), key.clientId, key.clientSecret, auth);
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- plain http to a test server on the loopback interface
    client.allowInsecureRequests(config);
    return config;
  }

  it.each(METHODS)('%s: obtains a token and calls whoami with it', async (method) => {
    await withServer(async ({ baseUrl, key }) => {
      const config = configuration(baseUrl, await key(['search:read', 'content:read']), method);
      const tokens = await client.clientCredentialsGrant(config, { scope: 'search:read' });
      expect(tokens.token_type).toBe('bearer'); // lower-cased by the client
      expect(tokens.scope).toBe('search:read');
      expect(tokens.expiresIn()).toBeGreaterThan(3590);

      const response = await client.fetchProtectedResource(config, tokens.access_token, new URL(`${baseUrl}/api/v1/whoami`), 'GET');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ authenticated: true, scheme: 'bearer', scopes: ['search:read'] });

      const all = await client.clientCredentialsGrant(config);
      expect(all.scope).toBe('search:read content:read');
    });
  });

  it.each(METHODS)('%s: reads invalid_scope as a ResponseBodyError', async (method) => {
    await withServer(async ({ baseUrl, key }) => {
      const config = configuration(baseUrl, await key(['search:read']), method);
      const error = await rejection(() => client.clientCredentialsGrant(config, { scope: 'internal:read' }), client.ResponseBodyError);
      expect(error.status).toBe(400);
      expect(error.error).toBe('invalid_scope');
      expect(error.error_description).toBe('This client is not granted: internal:read.');
    });
  });

  it('client_secret_post: reads invalid_client as a ResponseBodyError', async () => {
    await withServer(async ({ baseUrl, key }) => {
      const issued = await key(['search:read']);
      const config = configuration(baseUrl, { clientId: issued.clientId, clientSecret: 'wrong' }, 'client_secret_post');
      const error = await rejection(() => client.clientCredentialsGrant(config), client.ResponseBodyError);
      expect(error.status).toBe(401);
      expect(error.error).toBe('invalid_client');
      expect(error.error_description).toBe('Client authentication failed.');
    });
  });

  it('client_secret_basic: invalid_client comes with the Basic challenge, and its body is the RFC 6749 error', async () => {
    // RFC 6749 §5.2: a client that authenticated with the Authorization header gets a 401 with a
    // WWW-Authenticate of that scheme; both libraries surface that as a WWWAuthenticateChallengeError.
    await withServer(async ({ baseUrl, key }) => {
      const issued = await key(['search:read']);
      const config = configuration(baseUrl, { clientId: issued.clientId, clientSecret: 'wrong' }, 'client_secret_basic');
      const error = await rejection(() => client.clientCredentialsGrant(config), client.WWWAuthenticateChallengeError);
      expect(error.status).toBe(401);
      expect(error.cause).toEqual([{ scheme: 'basic', parameters: { realm: 'sitegate' } }]);
      expect(await error.response.json()).toMatchObject({ error: 'invalid_client', error_description: 'Client authentication failed.' });
    });
  });

  it('reads the RFC 6750 challenge of a token lacking search:read', async () => {
    await withServer(async ({ baseUrl, key }) => {
      const config = configuration(baseUrl, await key(['content:read']), 'client_secret_basic');
      const tokens = await client.clientCredentialsGrant(config);
      const error = await rejection(
        () => client.fetchProtectedResource(config, tokens.access_token, new URL(`${baseUrl}/api/v1/whoami`), 'GET'),
        client.WWWAuthenticateChallengeError,
      );
      expect(error.status).toBe(403);
      expect(error.cause).toEqual([
        {
          scheme: 'bearer',
          parameters: {
            realm: 'sitegate',
            error: 'insufficient_scope',
            error_description: 'This resource needs the scope search:read.',
            scope: 'search:read',
            // RFC 9728 §5.1: where a client finds the protected resource metadata.
            resource_metadata: `${baseUrl}/.well-known/oauth-protected-resource`,
          },
        },
      ]);
    });
  });
});

describe('oauth4webapi v3', () => {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- plain http to a test server on the loopback interface
  const options = { [oauth.allowInsecureRequests]: true } as const;

  /** Requests and processes a client-credentials grant. */
  async function grant(
    baseUrl: string,
    key: { clientId: string; clientSecret: string },
    method: Method,
    scope?: string,
  ): Promise<oauth.TokenEndpointResponse> {
    const as: oauth.AuthorizationServer = serverMetadata(baseUrl);
    const oauthClient: oauth.Client = { client_id: key.clientId };
    const auth = method === 'client_secret_basic' ? oauth.ClientSecretBasic(key.clientSecret) : oauth.ClientSecretPost(key.clientSecret);
    const parameters = new URLSearchParams(scope === undefined ? {} : { scope });
    const response = await oauth.clientCredentialsGrantRequest(as, oauthClient, auth, parameters, options);
    return oauth.processClientCredentialsResponse(as, oauthClient, response);
  }

  it.each(METHODS)('%s: obtains a token and calls whoami with it', async (method) => {
    await withServer(async ({ baseUrl, key }) => {
      const result = await grant(baseUrl, await key(ALL_SCOPES), method, 'search:read internal:read');
      expect(result.token_type).toBe('bearer');
      expect(result.scope).toBe('search:read internal:read');
      expect(result.expires_in).toBe(3600);

      const response = await oauth.protectedResourceRequest(
        result.access_token,
        'GET',
        new URL(`${baseUrl}/api/v1/whoami`),
        undefined,
        undefined,
        options,
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ authenticated: true, scheme: 'bearer', scopes: ['search:read', 'internal:read'] });
    });
  });

  it.each(METHODS)('%s: reads invalid_scope as a ResponseBodyError', async (method) => {
    await withServer(async ({ baseUrl, key }) => {
      const issued = await key(['search:read']);
      const error = await rejection(() => grant(baseUrl, issued, method, 'search:read admin'), oauth.ResponseBodyError);
      expect(error.status).toBe(400);
      expect(error.error).toBe('invalid_scope');
      expect(error.error_description).toBe('Unknown scope: admin.');
    });
  });

  it('client_secret_post: reads invalid_client as a ResponseBodyError', async () => {
    await withServer(async ({ baseUrl }) => {
      const error = await rejection(
        () => grant(baseUrl, { clientId: 'sgc_0000000000000000', clientSecret: 'x' }, 'client_secret_post'),
        oauth.ResponseBodyError,
      );
      expect(error.status).toBe(401);
      expect(error.error).toBe('invalid_client');
      expect(error.cause).toMatchObject({
        error: 'invalid_client',
        error_description: 'Client authentication failed.',
        code: 'invalid_client',
      });
    });
  });

  it('client_secret_basic: invalid_client comes with the Basic challenge, and its body is the RFC 6749 error', async () => {
    await withServer(async ({ baseUrl }) => {
      const error = await rejection(
        () => grant(baseUrl, { clientId: 'sgc_0000000000000000', clientSecret: 'x' }, 'client_secret_basic'),
        oauth.WWWAuthenticateChallengeError,
      );
      expect(error.status).toBe(401);
      expect(error.cause).toEqual([{ scheme: 'basic', parameters: { realm: 'sitegate' } }]);
      expect(await error.response.json()).toMatchObject({ error: 'invalid_client', error_description: 'Client authentication failed.' });
    });
  });

  it('reads the RFC 6750 challenge of a refused token', async () => {
    await withServer(async ({ baseUrl }) => {
      const error = await rejection(
        () => oauth.protectedResourceRequest('not.a.jwt', 'GET', new URL(`${baseUrl}/api/v1/whoami`), undefined, undefined, options),
        oauth.WWWAuthenticateChallengeError,
      );
      expect(error.status).toBe(401);
      expect(error.cause).toEqual([
        {
          scheme: 'bearer',
          parameters: {
            realm: 'sitegate',
            error: 'invalid_token',
            error_description: 'The bearer token is malformed, has a bad signature or was revoked.',
            resource_metadata: `${baseUrl}/.well-known/oauth-protected-resource`,
          },
        },
      ]);
    });
  });
});

describe('plain fetch, as SPEC.md describes it', () => {
  it('a JSON token request, then whoami with the bearer token; an unknown client gets the SPEC.md error object', async () => {
    await withServer(async ({ baseUrl, key }) => {
      const issued = await key(['search:read']);
      const response = await fetch(`${baseUrl}${TOKEN_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: issued.clientId, client_secret: issued.clientSecret }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as { access_token: string; token_type: string; scope: string; expires_in: number };
      expect(body).toEqual({ access_token: expect.any(String) as string, token_type: 'Bearer', scope: 'search:read', expires_in: 3600 });

      const whoami = await fetch(`${baseUrl}/api/v1/whoami`, { headers: { authorization: `Bearer ${body.access_token}` } });
      expect(await whoami.json()).toEqual({ authenticated: true, scheme: 'bearer', scopes: ['search:read'] });
      const byKey = await fetch(`${baseUrl}/api/v1/whoami`, { headers: { 'x-api-key': issued.apiKey } });
      expect(await byKey.json()).toEqual({ authenticated: true, scheme: 'apiKey', scopes: ['search:read'] });

      const refused = await fetch(`${baseUrl}${TOKEN_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: issued.clientId, client_secret: 'wrong' }),
      });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual(apiErrorBody('invalid_client', { baseUrl }));
    });
  });
});
