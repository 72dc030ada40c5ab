/**
 * The cast of one end-to-end scenario (test/oauth-agent-flow.ts): the SDK generation under test
 * ({@link SdkUnderTest}, given by each test file), a {@link Scene} of servers started per test, and
 * the agent ({@link makeAgent}): a provider whose authorization URLs chromium walks as alice.
 */
import type { Browser } from 'playwright-core';
import { expect, type TestContext } from 'vitest';
import type { CliProcesses } from './cli-process.js';
import { authorizeInBrowser } from './oauth-agent-browser.js';
import type { AgentProvider, AgentProviderOptions } from './oauth-agent-clients.js';
import {
  sitegateAddress,
  startCallbackServer,
  startMetadataDocumentServer,
  startSitegateServe,
  type CallbackServer,
  type SitegateServe,
} from './oauth-agent-support.js';
import { startOidcProvider } from './oidc-provider.js';
import type { TestCertificates } from './test-ca.js';

/** Bound of every MCP and HTTP request of the scenarios. */
export const REQUEST_TIMEOUT_MS = 15_000;

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

/** What every scenario starts: the OpenID Provider, sitegate, a callback server, a metadata-document server. */
export interface Scene {
  sitegate: SitegateServe;
  callback: CallbackServer;
  documents: Awaited<ReturnType<typeof startMetadataDocumentServer>>;
  close(): Promise<void>;
}

/** Starts a {@link Scene} with `auth.dynamicClientRegistration` as given. */
export async function startScene(
  processes: CliProcesses,
  context: TestContext,
  ca: TestCertificates,
  dynamicClientRegistration: boolean,
): Promise<Scene> {
  const { port, baseUrl } = await sitegateAddress();
  const op = await startOidcProvider({ sitegateBaseUrl: baseUrl });
  const callback = await startCallbackServer();
  const documents = await startMetadataDocumentServer(ca);
  try {
    const sitegate = await startSitegateServe(processes, context, { issuer: op.issuer, port, ca, dynamicClientRegistration });
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

/** One agent of a scenario, and where it runs. */
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
 * (pressing Allow), and, when `withMetadataDocument`, its metadata document published on the
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
