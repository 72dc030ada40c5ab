/**
 * `/mcp` speaks MCP 2026-07-28 beside 2025-11-25 and 2025-06-18, chosen per request
 * (src/mcp/revisions.ts): the v2 SDK client pinned to 2026-07-28 (no `initialize`; `_meta` on every
 * request; `server/discover`) and the v1 SDK client (1.32, `initialize` at 2025-11-25) against a
 * listening server; and the wire of each revision, injected: `server/discover`, `resultType`,
 * `ttlMs`/`cacheScope` on the cacheable results only, the 2025 handshake at the version asked for,
 * and the SDK's refusals of a revision it does not serve.
 */
import { Client as ClientV2, SdkHttpError, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_JSON } from './package-json.js';
import { MCP_LIST_TTL_MS } from '../src/mcp/server.js';
import { gettingStartedMarkdown } from './example-markdown.js';
import { freePort } from './free-port.js';
import { buildTestApp, EXAMPLE_SITE, type TestApp } from './helpers.js';

const REQUEST_TIMEOUT_MS = 10_000;
const MODERN = '2026-07-28';
const SERVER_INFO = { name: 'sitegate', title: 'Acme Widgets (sitegate)', version: PACKAGE_JSON.version };
/** What sitegate advertises in every revision: tools, never announcing changes (stateless). */
const CAPABILITIES = { tools: { listChanged: false } };
const INSTRUCTIONS = (baseUrl: string): string =>
  `Search and read the pages of ${baseUrl}. Use search to find pages, then fetch with a result's id to read its markdown; a long page comes in parts: fetch each result's metadata.next_id to read on.`;

const apps: TestApp[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const t of apps.splice(0)) await t.app.close();
});

async function startServer(): Promise<string> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await buildTestApp(EXAMPLE_SITE, { baseUrl });
  apps.push(t);
  await t.app.listen({ port, host: '127.0.0.1' });
  return baseUrl;
}

interface CallResult {
  content: { type: string; text?: string }[];
  isError?: boolean;
}

/** The `results` of a search tool result (one JSON text item), as `[id, url]` pairs. */
function searchHits(result: CallResult): [string, string][] {
  expect(result.isError ?? false).toBe(false);
  const { results } = JSON.parse(result.content[0]?.text ?? '') as { results: { id: string; url: string }[] };
  return results.map((hit) => [hit.id, hit.url]);
}

describe('the v2 SDK client pinned to 2026-07-28', () => {
  async function connect(baseUrl: string): Promise<ClientV2> {
    const client = new ClientV2({ name: 'sitegate-test', version: '2.0.0' }, { versionNegotiation: { mode: { pin: MODERN } } });
    closers.push(() => client.close());
    await client.connect(new TransportV2(new URL(`${baseUrl}/mcp`)), { timeout: REQUEST_TIMEOUT_MS });
    return client;
  }

  it('discovers the server (no initialize) and its tools', async () => {
    const baseUrl = await startServer();
    const client = await connect(baseUrl);
    expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
    expect(client.getServerCapabilities()).toStrictEqual(CAPABILITIES);
    expect(client.getServerVersion()).toStrictEqual(SERVER_INFO);
    expect(client.getInstructions()).toBe(INSTRUCTIONS(baseUrl));
    const { tools } = await client.listTools(undefined, { timeout: REQUEST_TIMEOUT_MS });
    expect(tools.map((tool) => tool.name)).toStrictEqual(['search', 'fetch']);
  });

  it('calls search and fetch on public pages', async () => {
    const baseUrl = await startServer();
    const client = await connect(baseUrl);
    const found = (await client.callTool(
      { name: 'search', arguments: { query: 'install' } },
      { timeout: REQUEST_TIMEOUT_MS },
    )) as CallResult;
    expect(searchHits(found)).toStrictEqual([
      ['/guides/getting-started', `${baseUrl}/guides/getting-started`],
      ['/guides/', `${baseUrl}/guides/`],
    ]);
    const fetched = (await client.callTool(
      { name: 'fetch', arguments: { id: '/guides/getting-started' } },
      { timeout: REQUEST_TIMEOUT_MS },
    )) as CallResult;
    expect((JSON.parse(fetched.content[0]?.text ?? '') as { text: string }).text).toBe(gettingStartedMarkdown(baseUrl));
  });

  it('gets HTTP 401 for an anonymous fetch of an internal page, as its URL answers', async () => {
    const baseUrl = await startServer();
    const client = await connect(baseUrl);
    const error: unknown = await client
      .callTool({ name: 'fetch', arguments: { id: '/internal/runbook' } }, { timeout: REQUEST_TIMEOUT_MS })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkHttpError);
    expect((error as SdkHttpError).status).toBe(401);
  });
});

describe('the v1 SDK client (1.32)', () => {
  it('still initializes at 2025-11-25, lists the tools and searches', async () => {
    const baseUrl = await startServer();
    const client = new ClientV1({ name: 'sitegate-test', version: '1.0.0' });
    const transport = new TransportV1(new URL(`${baseUrl}/mcp`));
    closers.push(() => client.close());
    await client.connect(transport, { timeout: REQUEST_TIMEOUT_MS });
    expect(transport.protocolVersion).toBe('2025-11-25');
    expect(client.getServerCapabilities()).toStrictEqual(CAPABILITIES);
    const { tools } = await client.listTools(undefined, { timeout: REQUEST_TIMEOUT_MS });
    expect(tools.map((tool) => tool.name)).toStrictEqual(['search', 'fetch']);
    const found = (await client.callTool({ name: 'search', arguments: { query: 'install' } }, undefined, {
      timeout: REQUEST_TIMEOUT_MS,
    })) as CallResult;
    expect(searchHits(found)).toHaveLength(2);
  });
});

describe('the wire of each revision', () => {
  const BASE_URL = 'http://sitegate.test';
  const META = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };
  const RESULT_META = { 'io.modelcontextprotocol/serverInfo': SERVER_INFO };
  const ACCEPT = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  /** The SEP-2243 request headers a 2026-07-28 request carries beside its body. */
  const modernHeaders = (method: string, name?: string): Record<string, string> => ({
    ...ACCEPT,
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
  });

  async function post(
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; type: string | undefined; json: unknown }> {
    const t = await buildTestApp(EXAMPLE_SITE, { baseUrl: BASE_URL });
    apps.push(t);
    const res = await t.app.inject({ method: 'POST', url: '/mcp', headers, payload: JSON.stringify(body) });
    return { status: res.statusCode, type: res.headers['content-type'] as string | undefined, json: res.json() };
  }

  it('2026-07-28 server/discover names the revision, the capabilities and the server, cacheable by anyone for 5 minutes', async () => {
    const answer = await post(
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } },
      modernHeaders('server/discover'),
    );
    expect(answer).toStrictEqual({
      status: 200,
      type: 'application/json',
      json: {
        jsonrpc: '2.0',
        id: 1,
        result: {
          supportedVersions: [MODERN],
          capabilities: CAPABILITIES,
          instructions: INSTRUCTIONS(BASE_URL),
          resultType: 'complete',
          ttlMs: MCP_LIST_TTL_MS,
          cacheScope: 'public',
          _meta: RESULT_META,
        },
      },
    });
    expect(MCP_LIST_TTL_MS).toBe(300_000);
  });

  it('2026-07-28 tools/list carries resultType and the public cache hint; a tool call no cache hint', async () => {
    const listed = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: META } }, modernHeaders('tools/list'));
    expect(listed.status).toBe(200);
    const { tools, ...rest } = (listed.json as { result: { tools: { name: string }[] } }).result;
    expect(tools.map((tool) => tool.name)).toStrictEqual(['search', 'fetch']);
    expect(rest).toStrictEqual({ resultType: 'complete', ttlMs: MCP_LIST_TTL_MS, cacheScope: 'public', _meta: RESULT_META });

    const called = await post(
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { _meta: META, name: 'search', arguments: { query: 'install' } } },
      modernHeaders('tools/call', 'search'),
    );
    expect(called.status).toBe(200);
    const { content, ...fields } = (called.json as { result: CallResult }).result;
    expect(searchHits({ content })).toHaveLength(2);
    expect(fields).toStrictEqual({ resultType: 'complete', _meta: RESULT_META });
  });

  it('2026-07-28 refuses a revision it does not serve (-32022) and a body without its MCP-Protocol-Version header (-32020)', async () => {
    const future = { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' };
    const unsupported = await post(
      { jsonrpc: '2.0', id: 4, method: 'tools/list', params: { _meta: future } },
      { ...modernHeaders('tools/list'), 'mcp-protocol-version': '2099-01-01' },
    );
    expect(unsupported).toStrictEqual({
      status: 400,
      type: 'application/json',
      json: {
        jsonrpc: '2.0',
        id: 4,
        error: {
          code: -32022,
          message: 'Unsupported protocol version: 2099-01-01',
          data: { supported: [MODERN], requested: '2099-01-01' },
        },
      },
    });
    const headerless = await post({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: META } }, ACCEPT);
    expect(headerless.status).toBe(400);
    expect((headerless.json as { error: { code: number } }).error.code).toBe(-32020);
  });

  it.each(['2025-11-25', '2025-06-18'])('%s: initialize answers that version, stateless, with the same capabilities', async (version) => {
    const answer = await post(
      {
        jsonrpc: '2.0',
        id: 6,
        method: 'initialize',
        params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      },
      ACCEPT,
    );
    expect(answer).toStrictEqual({
      status: 200,
      type: 'application/json',
      json: {
        jsonrpc: '2.0',
        id: 6,
        result: { protocolVersion: version, capabilities: CAPABILITIES, serverInfo: SERVER_INFO, instructions: INSTRUCTIONS(BASE_URL) },
      },
    });
  });

  it.each(['2025-11-25', '2025-06-18'])('%s: tools/list carries no 2026-07-28 fields', async (version) => {
    const answer = await post({ jsonrpc: '2.0', id: 7, method: 'tools/list' }, { ...ACCEPT, 'mcp-protocol-version': version });
    expect(answer.status).toBe(200);
    const { tools, ...rest } = (answer.json as { result: { tools: { name: string }[] } }).result;
    expect(tools.map((tool) => tool.name)).toStrictEqual(['search', 'fetch']);
    expect(rest).toStrictEqual({});
  });
});
