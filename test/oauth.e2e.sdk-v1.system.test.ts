/**
 * Issue 30, done-when 1, with the MCP TypeScript SDK v1 (`@modelcontextprotocol/sdk` 1.32: `auth()`,
 * `refreshAuthorization` and `StreamableHTTPClientTransport` with an `OAuthClientProvider`) against
 * `sitegate serve` run as a child process, chromium completing alice's sign-in at oidc-provider and
 * sitegate's consent page. The scenarios are test/oauth-agent-flow.ts's, their cast test/oauth-agent-scene.ts's.
 */
import { auth, refreshAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser } from './browser-support.js';
import { cliProcesses } from './cli-process.js';
import { agentProviderV1 } from './oauth-agent-clients.js';
import { runAuthorizedAgent, runRegistrationRefused } from './oauth-agent-flow.js';
import { makeAgent, REQUEST_TIMEOUT_MS, startScene, type SdkUnderTest, type ToolResult } from './oauth-agent-scene.js';
import { makeTestCertificates, type TestCertificates } from './test-ca.js';

/** A whole flow: two servers and a child process started, a dozen page loads in chromium, on a busy two-core machine. */
const FLOW_TIMEOUT_MS = 240_000;

const processes = cliProcesses();
let ca: TestCertificates;
let browser: Browser;

beforeAll(async () => {
  ca = makeTestCertificates();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
  ca.remove();
});

const SDK_V1: SdkUnderTest = {
  name: 'v1',
  provider: agentProviderV1,
  async connect(mcpUrl, provider) {
    const client = new Client({ name: 'sitegate-e2e-v1', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await client.connect(transport, { timeout: REQUEST_TIMEOUT_MS });
    return {
      callTool: async (name, args) =>
        (await client.callTool({ name, arguments: args }, undefined, { timeout: REQUEST_TIMEOUT_MS })) as ToolResult,
      finishAuth: (response) => transport.finishAuth(response.get('code') ?? ''),
      close: () => client.close(),
    };
  },
  auth: (provider, serverUrl) => auth(provider, { serverUrl }),
  refresh: async (baseUrl, provider, refreshToken) => {
    const clientInformation = provider.clientInformation();
    // The metadata auth() discovered (without it the SDK would guess `{issuer}/token`).
    const metadata = provider.discoveryState()?.authorizationServerMetadata;
    if (clientInformation === undefined || metadata === undefined) throw new Error('no client information or discovery state saved');
    return refreshAuthorization(baseUrl, { metadata, clientInformation, refreshToken, resource: new URL(`${baseUrl}/mcp`) });
  },
  oauthErrorCode: (error) => (error instanceof OAuthError ? error.errorCode : undefined),
};

describe('MCP SDK v1 agents authorize as alice', () => {
  it(
    'with a Client ID Metadata Document: discovers, consents, reads internal pages, refreshes, is refused after revocation',
    { timeout: FLOW_TIMEOUT_MS },
    async (context) => {
      const scene = await startScene(processes, context, ca, false);
      try {
        await runAuthorizedAgent(makeAgent(SDK_V1, scene, browser, true), 'subject');
      } finally {
        await scene.close();
      }
    },
  );

  it(
    'with dynamic registration on and no metadata document: registers (RFC 7591), then the same, refused once its grant is revoked',
    { timeout: FLOW_TIMEOUT_MS },
    async (context) => {
      const scene = await startScene(processes, context, ca, true);
      try {
        await runAuthorizedAgent(makeAgent(SDK_V1, scene, browser, false), 'grant');
      } finally {
        await scene.close();
      }
    },
  );

  it(
    'is refused by its own auth() when dynamic registration is off and it has no metadata document',
    { timeout: FLOW_TIMEOUT_MS },
    async (context) => {
      const scene = await startScene(processes, context, ca, false);
      try {
        await runRegistrationRefused(makeAgent(SDK_V1, scene, browser, false));
      } finally {
        await scene.close();
      }
    },
  );
});
