/**
 * The scenarios of issue 30's done-when 1, written once for both MCP SDK generations
 * (test/oauth.e2e.sdk-v1.system.test.ts, test/oauth.e2e.sdk-v2.system.test.ts): each test runs its own OpenID
 * Provider, `sitegate serve` child process, metadata-document server and loopback redirect URI
 * (test/oauth-agent-support.ts), so revoking alice in one test touches no other.
 *
 * 1. **Metadata document**: the agent (a `clientMetadataUrl`) calls `fetch` on an internal page
 *    anonymously → HTTP 401 naming the MCP resource metadata → the SDK discovers (RFC 9728, RFC 8414),
 *    sends the person to the authorization endpoint with PKCE S256, `state` and `resource`; chromium
 *    signs alice in at the provider and presses Allow on sitegate's consent page; the SDK exchanges
 *    the code (`finishAuth`), calls `fetch` and `search` on the internal page, refreshes (`auth()`
 *    with its refresh token: rotated), and after `sitegate sessions revoke --subject alice` its access
 *    token gets HTTP 401 from `/mcp` and its refresh token `invalid_grant`.
 * 2. **RFC 7591**: the same with `auth.dynamicClientRegistration: true` and no `clientMetadataUrl`,
 *    the grant alone revoked (`sitegate sessions revoke sga_…`).
 * 3. **Registration off**: no `clientMetadataUrl`, dynamic registration off → the SDK's own error.
 */
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { postFetch, resultJson, type AgentFlow, type McpSession } from './oauth-agent-scene.js';

/** One row of `sitegate audit --json`. */
interface AuditJson {
  at: string;
  type: string;
  client_id: string | null;
  address: string | null;
  detail: string | null;
}

/** The internal page of test/signin-site.ts `SIGN_IN_SITE_FILES` (`internal/guide.md`). */
export const INTERNAL_ID = '/internal/guide';
/** How long a revocation may take to reach the server's caches (SQLite: about a second, cli/sessions.ts). */
const REVOCATION_WAIT_MS = 15_000;

/** The scope parameter of a `WWW-Authenticate: Bearer …` challenge (RFC 6750 §3), or undefined. */
function challengeScope(header: string | null): string | undefined {
  return /\bscope="([^"]*)"/.exec(header ?? '')?.[1];
}

/**
 * What the operator revokes at the end: every session and grant of alice (`sessions revoke --subject
 * alice`), or the agent's grant alone (`sessions revoke sga_…`, its id read from the token's `grant_id`).
 */
export type Revocation = 'subject' | 'grant';

/**
 * Scenario 1 and 2 of the module: from the anonymous 401 to the refusal after revocation.
 * Each step asserts exact answers; see the module comment.
 */
export async function runAuthorizedAgent(flow: AgentFlow, revocation: Revocation): Promise<void> {
  const { sdk, scene, provider } = flow;
  const base = scene.sitegate.baseUrl;
  const mcpUrl = new URL(`${base}/mcp`);

  // The anonymous answer the SDK reacts to: 401 naming the MCP resource's metadata (RFC 9728 §5.1).
  const anonymous = await postFetch(base, INTERNAL_ID);
  expect(anonymous.status).toBe(401);
  const challenge = anonymous.headers.get('www-authenticate');
  expect(challenge).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);

  // 1. The SDK meets the 401, discovers, (registers,) and sends alice through chromium.
  const session = await sdk.connect(mcpUrl, provider);
  try {
    await expect(session.callTool('fetch', { id: INTERNAL_ID })).rejects.toThrow(/Unauthorized/);
    expect(provider.authorizationUrls).toHaveLength(1);
    const request = provider.authorizationUrls[0] ?? new URL('about:blank');
    expect(`${request.origin}${request.pathname}`).toBe(`${base}/api/v1/oauth/authorize`);
    const params = Object.fromEntries(request.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      redirect_uri: scene.callback.redirectUri,
      code_challenge_method: 'S256',
      state: provider.state(),
      resource: `${base}/mcp`,
    });
    expect(params.client_id).toMatch(flow.clientId);
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const challenged = challengeScope(challenge);
    if (challenged !== undefined) expect(params.scope).toBe(challenged);

    // The consent page named the agent; the response carries code, state and iss (RFC 9207 §2).
    const response = await (provider.authorizationResponse ?? Promise.reject(new Error('no authorization opened')));
    expect(flow.consentTexts).toHaveLength(1);
    expect(flow.consentTexts[0]).toContain(`Allow E2E agent (SDK ${sdk.name}) to read this site as you?`);
    expect(flow.consentTexts[0]).toContain('Signed in as Alice Example.');
    expect(flow.consentTexts[0]).toContain(`Your answer sends you back to ${new URL(scene.callback.redirectUri).host}.`);
    expect([...response.keys()].sort()).toStrictEqual(['code', 'iss', 'state']);
    expect(response.get('state')).toBe(provider.state());
    expect(response.get('iss')).toBe(base);
    if (typeof flow.clientId === 'string') expect(scene.documents.requests).toContain(`GET ${new URL(flow.clientId).pathname}`);

    // 2. The code exchange; the token is alice's, for this agent and the MCP resource (RFC 9068 §2.2).
    await session.finishAuth(response);
    const first = provider.savedTokens;
    expect(first?.token_type.toLowerCase()).toBe('bearer');
    expect(first?.refresh_token).toMatch(/^sgr_[A-Za-z0-9_-]{43}$/);
    const claims = decodeJwt(first?.access_token ?? '');
    expect(claims).toMatchObject({ sub: 'alice', client_id: params.client_id, aud: `${base}/mcp`, iss: base });
    // One authorization must be enough to search and read internal pages: alice's three scopes.
    expect(String(claims.scope).split(' ').sort()).toStrictEqual(['content:read', 'internal:read', 'search:read']);

    // 3. fetch and search read the internal page, as its URL answers the same token.
    await expectInternalAccess(session, base, first?.access_token ?? '');

    // 4. A refresh through auth(): a new access token and a rotated refresh token (OAuth 2.1 §4.3.1).
    expect(await sdk.auth(provider, mcpUrl)).toBe('AUTHORIZED');
    const second = provider.savedTokens;
    expect(second?.access_token).not.toBe(first?.access_token);
    expect(second?.refresh_token).toMatch(/^sgr_[A-Za-z0-9_-]{43}$/);
    expect(second?.refresh_token).not.toBe(first?.refresh_token);
    expect(provider.authorizationUrls).toHaveLength(1);
    await expectInternalAccess(session, base, second?.access_token ?? '');

    // 5. The operator revokes alice or the grant: the agent's token and refresh token stop working.
    const grantId = String(decodeJwt(second?.access_token ?? '').grant_id);
    expect(grantId).toMatch(/^sga_[A-Za-z0-9_-]{22}$/);
    const revoked = await scene.sitegate.run('sessions', 'revoke', ...(revocation === 'subject' ? ['--subject', 'alice'] : [grantId]));
    expect(revoked.stderr).toBe('');
    expect(revoked.code).toBe(0);
    const refused = await waitForRefusal(base, second?.access_token ?? '');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(
      new RegExp(
        `^Bearer realm="sitegate", error="invalid_token", error_description="[^"]+", resource_metadata="${escape(base)}/\\.well-known/oauth-protected-resource/mcp"$`,
      ),
    );

    // 6. The audit log tells the story by ids and hashes only: no code, token or refresh token in it.
    const audit = await scene.sitegate.run('audit', '--since', '1h', '--json');
    expect(audit.code).toBe(0);
    const events = JSON.parse(audit.stdout) as AuditJson[];
    const agentEvents = events
      .filter((event) => event.client_id === params.client_id)
      .map((event) => `${event.type} ${event.detail ?? ''}`);
    const scope = String(claims.scope);
    expect(agentEvents).toContain(`token_issued scope=${scope} method=none grant_type=authorization_code grant=${grantId}`);
    expect(agentEvents).toContain(`token_issued scope=${scope} method=none grant_type=refresh_token grant=${grantId}`);
    expect(agentEvents.filter((event) => event.startsWith('agent_authorized ') && event.includes('sub=alice'))).not.toStrictEqual([]);
    const revokedDetail = revocation === 'subject' ? 'sub=alice reason=operator count=1' : `grant=${grantId} reason=operator`;
    expect(events.filter((event) => event.type === 'agent_grant_revoked').map((event) => event.detail)).toStrictEqual([revokedDetail]);
    const secrets = [response.get('code'), first?.access_token, first?.refresh_token, second?.access_token, second?.refresh_token];
    for (const secret of secrets) expect(audit.stdout).not.toContain(secret ?? 'missing');
    const refusal = await sdk.refresh(base, provider, second?.refresh_token ?? '').then(
      () => 'refreshed',
      (error: unknown) => sdk.oauthErrorCode(error) ?? String(error),
    );
    expect(refusal).toBe('invalid_grant');
  } finally {
    await session.close();
  }
}

/**
 * Scenario 3: no metadata document and dynamic registration off — the SDK's `auth()` refuses with
 * its own error, before any authorization URL; the AS metadata names no registration endpoint.
 */
export async function runRegistrationRefused(flow: AgentFlow): Promise<void> {
  const base = flow.scene.sitegate.baseUrl;
  const metadata = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
  expect(metadata.registration_endpoint).toBeUndefined();
  await expect(flow.sdk.auth(flow.provider, new URL(`${base}/mcp`))).rejects.toThrow(
    'Incompatible auth server: does not support dynamic client registration',
  );
  expect(flow.provider.authorizationUrls).toStrictEqual([]);
  const register = await fetch(`${base}/api/v1/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(flow.provider.clientMetadata),
  });
  expect(register.status).toBe(404);
}

/** fetch and search of the internal page through the session, compared with its `.md` read with `token`. */
async function expectInternalAccess(session: McpSession, base: string, token: string): Promise<void> {
  const markdown = await fetch(`${base}${INTERNAL_ID}.md`, { headers: { authorization: `Bearer ${token}` } });
  expect(markdown.status).toBe(200);
  const text = await markdown.text();
  expect(resultJson(await session.callTool('fetch', { id: INTERNAL_ID }))).toStrictEqual({
    id: INTERNAL_ID,
    title: 'Staff guide',
    url: base + INTERNAL_ID,
    text,
  });
  const found = resultJson(await session.callTool('search', { query: 'staff' })) as { results: { id: string; title: string }[] };
  expect(found.results.map(({ id, title }) => ({ id, title }))).toContainEqual({ id: INTERNAL_ID, title: 'Staff guide' });
}

/** Posts a `fetch` of the internal page with `token` until the answer is not 200 (the revocation reached the caches), at most {@link REVOCATION_WAIT_MS}. */
async function waitForRefusal(base: string, token: string): Promise<Response> {
  const until = Date.now() + REVOCATION_WAIT_MS;
  for (;;) {
    const response = await postFetch(base, INTERNAL_ID, { authorization: `Bearer ${token}` });
    if (response.status !== 200 || Date.now() > until) return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `text` with the RegExp metacharacters escaped. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
