/**
 * The scenarios of issue 30's done-when 1, written once for both MCP SDK generations
 * (test/oauth.e2e.sdk-v1.test.ts, test/oauth.e2e.sdk-v2.test.ts): each test runs its own OpenID
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
import type { Browser } from 'playwright-core';
import { expect, type TestContext } from 'vitest';
import type { CliProcesses } from './cli-process.js';
import { authorizeInBrowser } from './oauth-agent-browser.js';
import type { AgentProvider, AgentProviderOptions } from './oauth-agent-clients.js';
import {
  sitegateAddress,
  startCallbackServer,
  startMetadataDocumentServer,
  startSitegateInProcess,
  startSitegateServe,
  type CallbackServer,
  type SitegateServe,
  type TestCa,
} from './oauth-agent-support.js';
import { startOidcProvider } from './oidc-provider.js';

/** The internal page of test/signin-site.ts `SIGN_IN_SITE_FILES` (`internal/guide.md`). */
export const INTERNAL_ID = '/internal/guide';
/** Bound of every MCP and HTTP request of the scenarios. */
const REQUEST_TIMEOUT_MS = 15_000;
/** How long a revocation may take to reach the server's caches (SQLite: about a second, cli/sessions.ts). */
const REVOCATION_WAIT_MS = 15_000;

/** One tool result as both SDKs return it. */
export interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
}

/** An MCP client session over Streamable HTTP with the agent provider as its auth provider. */
export interface McpSession {
  callTool(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  /** The transport's `finishAuth` with the authorization response (v1 passes `code`, v2 the whole query). */
  finishAuth(response: URLSearchParams): Promise<void>;
  close(): Promise<void>;
}

/** What a scenario needs of one SDK generation. */
export interface SdkUnderTest {
  /** `v1` or `v2`, for names. */
  name: string;
  provider(options: AgentProviderOptions): AgentProvider;
  /** Connects a client (initialize, or the version negotiation of v2) to `mcpUrl`. */
  connect(mcpUrl: URL, provider: AgentProvider): Promise<McpSession>;
  /** The SDK's `auth()` (discovery, registration, refresh or authorization). */
  auth(provider: AgentProvider, serverUrl: URL): Promise<'AUTHORIZED' | 'REDIRECT'>;
  /** The SDK's `refreshAuthorization` against sitegate with the provider's client and `refreshToken`. */
  refresh(baseUrl: string, provider: AgentProvider, refreshToken: string): Promise<unknown>;
  /** The OAuth error code (RFC 6749 §5.2) of an error the SDK threw, or undefined for another error. */
  oauthErrorCode(error: unknown): string | undefined;
}

/** What every scenario starts: the provider, sitegate, a callback server, a metadata-document server. */
export interface Scene {
  sitegate: SitegateServe;
  callback: CallbackServer;
  documents: Awaited<ReturnType<typeof startMetadataDocumentServer>>;
  close(): Promise<void>;
}

/** How sitegate runs: `sitegate serve` as a child process (the default), or in the test's process. */
export type SitegateMode = 'process' | 'in-process';

/** Starts a {@link Scene} with `auth.dynamicClientRegistration` as given. */
export async function startScene(
  processes: CliProcesses,
  context: TestContext,
  ca: TestCa,
  dynamicClientRegistration: boolean,
  mode: SitegateMode = 'process',
): Promise<Scene> {
  const { port, baseUrl } = await sitegateAddress();
  const op = await startOidcProvider({ sitegateBaseUrl: baseUrl });
  const callback = await startCallbackServer();
  const documents = await startMetadataDocumentServer(ca);
  try {
    const start = mode === 'process' ? startSitegateServe : startSitegateInProcess;
    const sitegate = await start(processes, context, { issuer: op.issuer, port, ca, dynamicClientRegistration });
    return {
      sitegate,
      callback,
      documents,
      close: async () => {
        await sitegate.close();
        await Promise.all([op.close(), callback.close(), documents.close()]);
      },
    };
  } catch (error) {
    await Promise.all([op.close(), callback.close(), documents.close()]);
    throw error;
  }
}

/** A raw `tools/call` of `fetch` on /mcp (one stateless JSON-RPC request), to read the HTTP answer itself. */
export function postFetch(baseUrl: string, id: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'fetch', arguments: { id } } }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** The JSON held by a tool result's single text item. */
export function resultJson(result: ToolResult): unknown {
  expect(result.isError ?? false, result.content[0]?.text).toBe(false);
  expect(result.content).toHaveLength(1);
  return JSON.parse(result.content[0]?.text ?? '');
}

/** Options of {@link authorizeAgent}. */
export interface AgentFlow {
  sdk: SdkUnderTest;
  scene: Scene;
  browser: Browser;
  /** The agent's client_id as sitegate must see it: the metadata document URL, or a pattern for a registered one. */
  clientId: string | RegExp;
  provider: AgentProvider;
  /** Texts of sitegate's consent pages met, in order. */
  consentTexts: string[];
}

/**
 * Makes the agent of a scenario: a provider whose authorization URLs chromium walks as alice
 * (pressing Allow), and, when `clientMetadataUrl` is true, its metadata document published on the
 * scene's https server.
 */
export function makeAgent(sdk: SdkUnderTest, scene: Scene, browser: Browser, withMetadataDocument: boolean): AgentFlow {
  const clientName = `E2E agent (SDK ${sdk.name})`;
  const clientMetadataUrl = withMetadataDocument ? `${scene.documents.origin}/agents/sdk-${sdk.name}.json` : undefined;
  const consentTexts: string[] = [];
  const provider = sdk.provider({
    redirectUri: scene.callback.redirectUri,
    clientName,
    ...(clientMetadataUrl === undefined ? {} : { clientMetadataUrl }),
    open: async (url) => {
      const walked = await authorizeInBrowser(browser, url, scene.callback, { account: 'alice', screenshot: `consent-sdk-${sdk.name}` });
      if (walked.consentText !== undefined) consentTexts.push(walked.consentText);
      return walked.response;
    },
  });
  if (clientMetadataUrl !== undefined) {
    scene.documents.publish({
      client_id: clientMetadataUrl,
      client_name: clientName,
      redirect_uris: [scene.callback.redirectUri],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
  }
  return { sdk, scene, browser, clientId: clientMetadataUrl ?? /^sgc_[A-Za-z0-9_-]{22}$/, provider, consentTexts };
}

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
    expect(String(claims.scope).split(' ')).toContain('internal:read');

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
