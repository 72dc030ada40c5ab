/**
 * The authorization endpoint of a site served under a path (`https://docs.example.com/docs`,
 * behind a proxy that strips `/docs`): the sign-in redirect and its `return_to`, the consent form's
 * action and `iss` all carry the base path, and the RFC 8707 resources are the base URL's. The
 * session is started directly (the sign-in itself is test/oauth.authorize.test.ts's); the agent is a
 * configured client in the app's own registry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientRegistry } from '../src/oauth/clients/registry.js';
import type { AgentServices } from '../src/oauth/context.js';
import { DEFAULT_AGENT_AUTH } from '../src/oauth/settings.js';
import { buildTestApp, EXAMPLE_SITE, type TestApp } from './helpers.js';
import {
  addedParams,
  AGENT_ID,
  AGENT_NAME,
  AGENT_REDIRECT,
  authorizeUrl,
  consentField,
  sha256Hex,
  STATE,
} from './oauth-authorize-support.js';
import { signInSettings } from './signin-support.js';

const BASE = 'https://docs.example.com/docs';
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  // The provider is never asked: the session is made directly.
  t = await buildTestApp(EXAMPLE_SITE, { baseUrl: BASE, settings: signInSettings('http://127.0.0.1:9') });
  const settings = { ...DEFAULT_AGENT_AUTH, clients: [{ clientId: AGENT_ID, name: AGENT_NAME, redirectUris: [AGENT_REDIRECT] }] };
  t.context.agents = {
    ...(t.context.agents as AgentServices),
    settings,
    clients: createClientRegistry({ settings, store: t.context.store }),
  };
  const session = await t.context.auth.sessions.create({
    subject: 'alice',
    name: 'Alice',
    email: null,
    scopes: ['search:read', 'content:read'],
    address: '127.0.0.1',
  });
  cookie = `__Host-sitegate_session=${session.cookieValue}`;
});
afterAll(async () => {
  await t.app.close();
});

/** The request path as the proxy forwards it (without `/docs`). */
function forwarded(changes: Record<string, string | undefined> = {}): string {
  return authorizeUrl(BASE, changes).slice(BASE.length);
}

describe('the authorization endpoint under a base path', () => {
  it('sends a browser without a session to /docs/_sitegate/login, to come back to /docs/api/v1/oauth/authorize?…', async () => {
    const response = await t.app.inject({ url: forwarded() });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/docs/_sitegate/login?return_to=${encodeURIComponent(`/docs${forwarded()}`)}`);
  });

  it('the consent form posts to /docs/api/v1/oauth/authorize; Allow answers iss = the base URL', async () => {
    const page = await t.app.inject({ url: forwarded({ scope: undefined }), headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form class="consent-form" method="post" action="/docs/api/v1/oauth/authorize">');
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/authorize',
      headers: { cookie, origin: 'https://docs.example.com', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ consent: consentField(page.body), decision: 'allow' }).toString(),
    });
    expect(allowed.statusCode).toBe(302);
    const params = addedParams(String(allowed.headers.location));
    expect(params.slice(1)).toStrictEqual([
      ['state', STATE],
      ['iss', BASE],
    ]);
    const code = await t.context.store.consumeAuthorizationCode(sha256Hex(params[0]?.[1] ?? ''), new Date());
    expect([code?.record.resource, code?.record.scopes]).toStrictEqual([`${BASE}/mcp`, ['search:read', 'content:read']]);
  });

  it('a resource of the host without the base path is another audience: invalid_target', async () => {
    const response = await t.app.inject({ url: forwarded({ resource: 'https://docs.example.com/mcp' }), headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(addedParams(String(response.headers.location))[0]).toStrictEqual(['error', 'invalid_target']);
  });
});
