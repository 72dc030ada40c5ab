/**
 * The consent page and its answer (issue 30): what a person is shown (the client and who vouches
 * for it, who is signed in, the scopes in plain words, where the answer goes) with the headers of
 * a page that must be neither stored, framed nor leak its URL, and whose CSP lets the form's
 * redirect reach the client; Allow issues a code whose row holds what the token endpoint checks,
 * Deny answers access_denied; consent is remembered per person, client and resource; a form posted
 * from another site, for another session, altered or too late is refused. Against a real provider
 * and a listening site.
 */
import { HtmlValidate } from 'html-validate';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionRecord } from '../src/store/store.js';
import { CSP, errorBody, HTML_TYPE } from './http-expect.js';
import { fetchWithJar, type CookieJar } from './oidc-provider.js';
import {
  addedParams,
  AGENT_APP_REDIRECT,
  AGENT_ID,
  AGENT_NAME,
  AGENT_REDIRECT,
  authorizeUrl,
  CODE_CHALLENGE,
  CODE_VERIFIER,
  consentField,
  sha256Hex,
  STATE,
  startAuthorizeFixture,
  type AuthorizeFixture,
} from './oauth-authorize-support.js';
import { seedAgentGrant } from './agent-grant-seed.js';

let f: AuthorizeFixture;
let sessions: Record<'alice' | 'bob', SessionRecord>;

beforeAll(async () => {
  f = await startAuthorizeFixture();
  const live = await f.site.context.store.listSessions(new Date());
  const of = (subject: string): SessionRecord => live.find((one) => one.subject === subject) as SessionRecord;
  sessions = { alice: of('alice'), bob: of('bob') };
});
afterAll(async () => {
  await f.close();
});

/** The consent page's `<article>`. */
function article(html: string): string {
  return /<article class="content consent">[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';
}

/** GET as a browser with `jar`'s cookies. */
function get(url: string, jar: CookieJar): Promise<Response> {
  return fetchWithJar(jar, url, { headers: { accept: 'text/html' } });
}

/** The consent page's sealed request for `url`, shown to `jar`'s person. */
async function consentFor(url: string, jar: CookieJar): Promise<string> {
  const response = await get(url, jar);
  expect(response.status).toBe(200);
  return consentField(await response.text());
}

/** POSTs the consent form as the page of this site would (Origin = the site), with `headers` changed. */
function answer(jar: CookieJar, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetchWithJar(jar, `${f.base}/api/v1/oauth/authorize`, {
    method: 'POST',
    headers: { origin: f.base, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

/** The agent_authorized audit events so far. */
function authorized(): unknown[] {
  return f.site.audit.filter((event) => event.type === 'agent_authorized');
}

describe('the consent page', () => {
  it('names the client, the person, the scopes in plain words and where the answer goes, with Allow and Deny', async () => {
    const response = await get(authorizeUrl(f.base), f.alice);
    expect(response.status).toBe(200);
    const html = await response.text();
    const consent = consentField(html);
    expect(consent).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(article(html)).toBe(`<article class="content consent">
<h1>Allow ${AGENT_NAME} to read this site as you?</h1>
<p class="consent-client"><strong>${AGENT_NAME}</strong>: the operator of this site registered it</p>
<p class="consent-person">Signed in as <strong>Alice Example</strong>. If you allow it, ${AGENT_NAME} will be able to:</p>
<ul class="consent-scopes">
<li>search the docs</li>
<li>read pages</li>
<li>read internal pages</li>
</ul>
<p class="consent-return">Your answer sends you back to <strong>127.0.0.1:9</strong>.</p>
<form class="consent-form" method="post" action="/api/v1/oauth/authorize">
<input type="hidden" name="consent" value="${consent}">
<button class="consent-allow" type="submit" name="decision" value="allow">Allow</button>
<button class="consent-deny" type="submit" name="decision" value="deny">Deny</button>
</form>
<p class="consent-note">Allow only agents you trust: it will read what your account may read, until its access ends or is revoked.</p>
</article>`);
    expect(html).toContain('<span class="account-name">Signed in as Alice Example</span>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    // html-validate's recommended rules, as test/html-validate.test.ts runs them over the site's pages.
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: { 'valid-id': ['error', { relaxed: true }], 'void-style': 'off', 'long-title': 'off', 'no-trailing-whitespace': 'off' },
    });
    const report = await validator.validateString(html);
    expect(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`))).toStrictEqual([]);
  });

  it('is never stored, framed or named in a Referer, and its CSP lets the form reach the redirect URI and the provider', async () => {
    const response = await get(authorizeUrl(f.base), f.alice);
    await response.arrayBuffer();
    const headers = Object.fromEntries(
      [
        'content-type',
        'cache-control',
        'vary',
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
        'x-frame-options',
        'access-control-allow-origin',
      ].map((name) => [name, response.headers.get(name)]),
    );
    expect(headers).toStrictEqual({
      'content-type': HTML_TYPE,
      'cache-control': 'no-store',
      vary: 'Cookie',
      'content-security-policy': CSP.replace('http://sitegate.test/', `${f.base}/`).replace(
        "form-action 'self'",
        `form-action 'self' ${f.provider.issuer} http://127.0.0.1:9`,
      ),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'access-control-allow-origin': null,
    });
  });

  it('for a private-use redirect URI: form-action names its scheme, the page the app', async () => {
    const response = await get(authorizeUrl(f.base, { redirect_uri: AGENT_APP_REDIRECT }), f.alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain(`form-action 'self' ${f.provider.issuer} com.example.agent:;`);
    expect(article(await response.text())).toContain(
      '<p class="consent-return">Your answer sends you back to the app on your device that opens <strong>com.example.agent:</strong> links.</p>',
    );
  });

  it("lists only the person's scopes: bob (sales) without scope asked gets search and pages", async () => {
    const response = await get(authorizeUrl(f.base, { scope: undefined }), f.bob);
    expect(response.status).toBe(200);
    const html = article(await response.text());
    expect(html).toContain('<ul class="consent-scopes">\n<li>search the docs</li>\n<li>read pages</li>\n</ul>');
    expect(html).toContain('Signed in as <strong>Bob Example</strong>');
  });
});

describe('the answer', () => {
  it('Deny: 302 to the client with error=access_denied, state and iss; no code', async () => {
    const before = authorized().length;
    const consent = await consentFor(authorizeUrl(f.base), f.alice);
    const response = await answer(f.alice, { consent, decision: 'deny' });
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(addedParams(response.headers.get('location') ?? '')).toStrictEqual([
      ['error', 'access_denied'],
      ['error_description', 'The person denied the request.'],
      ['state', STATE],
      ['iss', f.base],
    ]);
    expect(authorized().length).toBe(before);
  });

  it('Allow: 302 with code, state and iss; the code row holds client, redirect URI, challenge, scopes, resource and the person', async () => {
    const consent = await consentFor(authorizeUrl(f.base), f.alice);
    const response = await answer(f.alice, { consent, decision: 'allow' });
    expect(response.status).toBe(302);
    const params = addedParams(response.headers.get('location') ?? '');
    expect(params.map(([name]) => name)).toStrictEqual(['code', 'state', 'iss']);
    const code = params[0]?.[1] ?? '';
    expect(code).toMatch(/^[\w-]{43}$/);
    expect(params.slice(1)).toStrictEqual([
      ['state', STATE],
      ['iss', f.base],
    ]);
    const consumed = await f.site.context.store.consumeAuthorizationCode(sha256Hex(code), new Date());
    expect(consumed?.replay).toBe(false);
    const record = consumed?.record;
    expect(record).toStrictEqual({
      codeHash: sha256Hex(code),
      clientId: AGENT_ID,
      redirectUri: AGENT_REDIRECT,
      codeChallenge: CODE_CHALLENGE,
      scopes: ['search:read', 'content:read', 'internal:read'],
      resource: `${f.base}/mcp`,
      subject: 'alice',
      name: 'Alice Example',
      sessionId: sessions.alice.id,
      createdAt: expect.any(Date) as Date,
      expiresAt: expect.any(Date) as Date,
      consumedAt: null,
      grantId: null,
    });
    expect((record?.expiresAt.getTime() ?? 0) - (record?.createdAt.getTime() ?? 0)).toBe(60_000);
    expect(authorized().at(-1)).toStrictEqual({
      type: 'agent_authorized',
      clientId: AGENT_ID,
      address: '127.0.0.1',
      detail: 'sub=alice scope=search:read content:read internal:read',
    });
    expect(JSON.stringify(f.site.audit)).not.toContain(code);
  });

  it('remembered: a live grant of the person and client covering scopes and resource issues the code without the page', async () => {
    const store = f.site.context.store;
    const now = new Date();
    const grant = {
      id: 'sga_rememberedGrantForBob0',
      subject: 'bob',
      name: 'Bob Example',
      clientId: AGENT_ID,
      clientName: AGENT_NAME,
      scopes: ['search:read' as const, 'content:read' as const],
      resource: f.base,
      sessionId: sessions.bob.id,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
      revokedAt: null,
    };
    await seedAgentGrant(store, grant, sha256Hex('refresh token of the remembered grant'));
    try {
      const response = await get(authorizeUrl(f.base, { resource: f.base, scope: 'search:read' }), f.bob);
      expect(response.status).toBe(302);
      const params = addedParams(response.headers.get('location') ?? '');
      expect(params.map(([name]) => name)).toStrictEqual(['code', 'state', 'iss']);
      const consumed = await store.consumeAuthorizationCode(sha256Hex(params[0]?.[1] ?? ''), new Date());
      expect([consumed?.record.subject, consumed?.record.scopes, consumed?.record.resource]).toStrictEqual([
        'bob',
        ['search:read'],
        f.base,
      ]);
      // Another resource is another consent.
      expect((await get(authorizeUrl(f.base, { scope: 'search:read' }), f.bob)).status).toBe(200);
      // A revoked grant is forgotten.
      await store.revokeAgentGrants({ id: grant.id }, new Date());
      expect((await get(authorizeUrl(f.base, { resource: f.base, scope: 'search:read' }), f.bob)).status).toBe(200);
    } finally {
      await store.revokeAgentGrants({ id: grant.id }, new Date());
    }
  });
});

describe('refused answers', () => {
  it('from another site (Origin): 403 cross_site_request', async () => {
    const consent = await consentFor(authorizeUrl(f.base), f.alice);
    const response = await answer(f.alice, { consent, decision: 'allow' }, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toStrictEqual(
      errorBody('cross_site_request', 'This answer to a consent page came from another site.', f.base),
    );
  });

  it('without Origin and with Sec-Fetch-Site: cross-site: 403 cross_site_request', async () => {
    const consent = await consentFor(authorizeUrl(f.base), f.alice);
    const response = await fetchWithJar(f.alice, `${f.base}/api/v1/oauth/authorize`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ consent, decision: 'allow' }).toString(),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('cross_site_request');
  });

  it('from the consent page itself (Origin: null under no-referrer, Sec-Fetch-Site: same-origin): taken', async () => {
    const consent = await consentFor(authorizeUrl(f.base), f.alice);
    const response = await answer(f.alice, { consent, decision: 'deny' }, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(302);
    expect(addedParams(response.headers.get('location') ?? '')[0]).toStrictEqual(['error', 'access_denied']);
  });

  it.each([
    ['Origin: null from another site', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['Origin: null without Fetch Metadata', { origin: 'null' }],
  ])('%s: 403 cross_site_request', async (_name, headers) => {
    const consent = await consentFor(authorizeUrl(f.base), f.alice);
    const response = await answer(f.alice, { consent, decision: 'allow' }, headers);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('cross_site_request');
  });

  it("alice's consent posted in bob's session: 400 invalid_request, no code", async () => {
    const before = authorized().length;
    const consent = await consentFor(authorizeUrl(f.base), f.alice);
    const response = await answer(f.bob, { consent, decision: 'allow' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.json()).toStrictEqual(
      errorBody('invalid_request', 'This consent page was shown to another sign-in. Start the authorization again from the agent.', f.base),
    );
    expect(authorized().length).toBe(before);
  });

  it('an altered consent: 400 invalid_request', async () => {
    const consent = await consentFor(authorizeUrl(f.base), f.alice);
    const altered = `${consent.slice(0, -2)}${consent.endsWith('AA') ? 'BB' : 'AA'}`;
    const response = await answer(f.alice, { consent: altered, decision: 'allow' });
    expect(response.status).toBe(400);
    expect(await response.json()).toStrictEqual(
      errorBody('invalid_request', 'This consent page has expired or was altered. Start the authorization again from the agent.', f.base),
    );
  });

  it('a consent answered after its 10 minutes: 400 invalid_request', async () => {
    const consent = await consentFor(authorizeUrl(f.base), f.alice);
    f.clock.aheadMs = 10 * 60 * 1000 + 1000;
    try {
      const response = await answer(f.alice, { consent, decision: 'allow' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        'This consent page has expired or was altered. Start the authorization again from the agent.',
      );
    } finally {
      f.clock.aheadMs = 0;
    }
  });

  it('no session any more: 400 invalid_request', async () => {
    const consent = await consentFor(authorizeUrl(f.base), f.alice);
    const response = await fetch(`${f.base}/api/v1/oauth/authorize`, {
      method: 'POST',
      headers: { origin: f.base, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ consent, decision: 'allow' }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toStrictEqual(
      errorBody('invalid_request', 'No one is signed in in this browser any more. Start the authorization again from the agent.', f.base),
    );
  });

  it.each([
    ['decision missing', { decision: undefined }, 'decision must be allow or deny.'],
    ['decision other', { decision: 'maybe' }, 'decision must be allow or deny.'],
    ['consent missing', { consent: undefined }, 'The consent field is missing.'],
  ])('%s: 400 invalid_request', async (_name, changes, message) => {
    const form = Object.fromEntries(
      Object.entries({ consent: 'x', decision: 'allow', ...changes }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const response = await answer(f.alice, form);
    expect(response.status).toBe(400);
    expect(await response.json()).toStrictEqual(errorBody('invalid_request', message, f.base));
  });
});

describe('RFC 8707 resource with a trailing slash', () => {
  it.for(['/mcp/', '/'])(
    'resource {base}%s at the authorization endpoint and again at the token endpoint: one resource, the token for it',
    async (suffix) => {
      const resource = `${f.base}${suffix}`;
      const consent = await consentFor(authorizeUrl(f.base, { resource }), f.alice);
      const allowed = await answer(f.alice, { consent, decision: 'allow' });
      expect(allowed.status).toBe(302);
      const code = new URLSearchParams(allowed.headers.get('location')?.split('?')[1] ?? '').get('code') ?? '';
      try {
        const response = await fetch(`${f.base}/api/v1/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: AGENT_REDIRECT,
            client_id: AGENT_ID,
            code_verifier: CODE_VERIFIER,
            resource,
          }).toString(),
        });
        const body = (await response.json()) as Record<string, unknown>;
        expect(response.status, JSON.stringify(body)).toBe(200);
        expect(Object.keys(body).sort()).toStrictEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
        expect(decodeJwt(String(body.access_token)).aud).toBe(resource.slice(0, -1));
        // The refresh token grant compares the same way.
        const refreshed = await fetch(`${f.base}/api/v1/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: String(body.refresh_token),
            client_id: AGENT_ID,
            resource,
          }).toString(),
        });
        expect(refreshed.status).toBe(200);
      } finally {
        // Alice's consent is not remembered for the tests after this one.
        await f.site.context.store.revokeAgentGrants({ subject: 'alice' }, new Date());
      }
    },
  );
});
