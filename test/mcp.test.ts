/**
 * The MCP server at /mcp (DESIGN.md "Discovery beyond SPEC.md": tools search and fetch, same
 * credentials and scopes as the API), driven by the MCP SDK's own client over Streamable HTTP
 * against a real listening server: anonymous calls, X-API-Key, a bearer token from the token
 * endpoint, scope failures as HTTP errors, internal pages only with `internal:read`, and the 405
 * answers of a stateless server to GET and DELETE.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Scope } from '../src/errors.js';
import { freePort } from './free-port.js';
import { PACKAGE_JSON } from './package-json.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, removeDir, writeContent, type TestApp } from './helpers.js';
import { withLlmsDirective } from '../src/content/portable-markdown.js';
import { errorBody, JSON_TYPE } from './http-expect.js';
import { gettingStartedMarkdown, runbookMarkdown } from './example-markdown.js';

/** Bound of every MCP request and of every HTTP request of these tests. */
const REQUEST_TIMEOUT_MS = 10_000;
const ALL_SCOPES: Scope[] = ['search:read', 'content:read', 'internal:read'];
const PUBLIC_SCOPES: Scope[] = ['search:read', 'content:read'];
const RUNBOOK_ID = '/internal/runbook';
/** Words of the runbook (title, description and body) an anonymous search must not reveal. */
const RUNBOOK_QUERIES = ['runbook', 'on-call', 'outages', 'internal', 'engineer', 'roll back deploy'];

/** A server listening on 127.0.0.1 with its own store, and the URL it describes itself with. */
interface Running {
  t: TestApp;
  baseUrl: string;
}

const servers: TestApp[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const t of servers.splice(0)) await t.app.close();
});

async function startServer(): Promise<Running> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await buildTestApp(EXAMPLE_SITE, { baseUrl });
  servers.push(t);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, baseUrl };
}

/** Connects the SDK client (which runs `initialize`) with the given request headers. */
async function connect(baseUrl: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'sitegate-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } });
  clients.push(client);
  await client.connect(transport, { timeout: REQUEST_TIMEOUT_MS });
  return client;
}

/** A bearer token for a key with `scopes`, from POST /api/v1/oauth/token on the listening server. */
async function bearerToken({ t, baseUrl }: Running, scopes: Scope[]): Promise<string> {
  const { clientId, clientSecret } = await issueKey(t.context, scopes);
  const res = await fetch(`${baseUrl}/api/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface SearchResult {
  id: string;
  title: string;
  url: string;
  description: string;
  excerpt?: { text: string; highlights: [number, number][] };
}

interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
}

async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, { timeout: REQUEST_TIMEOUT_MS })) as ToolResult;
}

/** A raw `tools/call` of fetch over HTTP (one stateless JSON-RPC request), to read its HTTP answer. */
function postFetch(baseUrl: string, id: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'fetch', arguments: { id } } }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/**
 * The JSON a successful tool result carries once: one text item holding it, no structured copy
 * (src/mcp/server.ts `textResult`).
 */
function resultJson(result: ToolResult): unknown {
  expect(result.isError ?? false, result.content[0]?.text).toBe(false);
  expect(result.structuredContent).toBeUndefined();
  expect(result.content).toHaveLength(1);
  expect(result.content[0]?.type).toBe('text');
  return JSON.parse(result.content[0]?.text ?? '');
}

/** Calls search and checks the result: one JSON text item `{results}`, absolute URLs. */
async function search(client: Client, baseUrl: string, query: string, limit?: number): Promise<SearchResult[]> {
  const result = await callTool(client, 'search', limit === undefined ? { query } : { query, limit });
  const { results, ...rest } = resultJson(result) as { results: SearchResult[] };
  expect(rest).toStrictEqual({});
  for (const hit of results) expect(hit.url).toBe(baseUrl + hit.id);
  return results;
}

/** What fetch returns (src/mcp/server.ts `McpFetchDocument`). */
interface FetchDocument {
  id: string;
  title: string;
  url: string;
  text: string;
  metadata?: { part: number; parts: number; next_id?: string; next_url?: string };
}

/** Calls fetch and returns its result, checking it is not an error. */
async function fetchPage(client: Client, id: string, part?: number): Promise<FetchDocument> {
  return resultJson(await callTool(client, 'fetch', part === undefined ? { id } : { id, part })) as FetchDocument;
}

/** The HTTP status a rejected SDK call carries, or a description of what else it threw. */
async function statusOf(promise: Promise<unknown>): Promise<number | string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof StreamableHTTPError ? (error.code ?? 'no code') : String(error);
  }
}

/** Checks one client can search and fetch public pages. */
async function expectPublicAccess(client: Client, baseUrl: string): Promise<void> {
  const hits = await search(client, baseUrl, 'getting started');
  expect(hits[0]?.id).toBe('/guides/getting-started');
  const page = await fetchPage(client, '/guides/getting-started');
  expect(page).toStrictEqual({
    id: '/guides/getting-started',
    title: 'Getting started',
    url: `${baseUrl}/guides/getting-started`,
    // The markdown agents get over HTTP: absolute links on the server's base URL, the llms.txt pointer.
    text: gettingStartedMarkdown(baseUrl),
  });
}

describe('tools', () => {
  it('lists search and fetch with their input schemas', async () => {
    const { baseUrl } = await startServer();
    const client = await connect(baseUrl);
    const { tools } = await client.listTools(undefined, { timeout: REQUEST_TIMEOUT_MS });
    expect(tools.map((tool) => tool.name).sort()).toStrictEqual(['fetch', 'search']);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('search')?.inputSchema).toMatchObject({
      type: 'object',
      properties: { query: { type: 'string', minLength: 1 }, limit: { type: 'integer', minimum: 1, maximum: 100 } },
      required: ['query'],
    });
    expect(byName.get('fetch')?.inputSchema).toMatchObject({
      type: 'object',
      properties: { id: { type: 'string', minLength: 1 }, part: { type: 'integer', minimum: 1, maximum: 999_999 } },
      required: ['id'],
    });
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      // Results are one JSON text item, with no structured copy to describe (src/mcp/server.ts).
      expect(tool.outputSchema, tool.name).toBeUndefined();
    }
  });

  it('identifies itself as sitegate at the package’s version, titled after the site, with tools it never announces changes of', async () => {
    const { baseUrl } = await startServer();
    const client = await connect(baseUrl);
    expect(client.getServerVersion()).toStrictEqual({ name: 'sitegate', title: 'Acme Widgets (sitegate)', version: PACKAGE_JSON.version });
    // A stateless server cannot send notifications/tools/list_changed, so it does not promise them.
    expect(client.getServerCapabilities()?.tools).toStrictEqual({ listChanged: false });
  });
});

describe('anonymous calls', () => {
  it('search and fetch public pages', async () => {
    const { baseUrl } = await startServer();
    await expectPublicAccess(await connect(baseUrl), baseUrl);
  });

  it('fetch takes a full URL of the site and answers isError for other sites and unknown pages', async () => {
    const { baseUrl } = await startServer();
    const client = await connect(baseUrl);
    expect((await fetchPage(client, `${baseUrl}/guides/getting-started`)).text).toBe(gettingStartedMarkdown(baseUrl));
    for (const id of ['https://example.com/guides/getting-started', '/no/such/page']) {
      const result = await callTool(client, 'fetch', { id });
      expect(result.isError, id).toBe(true);
      expect(result.content).toStrictEqual([{ type: 'text', text: `No page ${id} on ${baseUrl}. Use search to find pages.` }]);
    }
  });

  it('never see the internal runbook: fetch answers HTTP 401 as the page URL does (a missing internal page too), search never lists it', async () => {
    const { baseUrl } = await startServer();
    const client = await connect(baseUrl);
    // The SDK client surfaces the HTTP 401 (it would start authorization, issue 30); what it got is checked below.
    await expect(callTool(client, 'fetch', { id: RUNBOOK_ID })).rejects.toThrow(/401/);
    for (const id of [RUNBOOK_ID, `${baseUrl}${RUNBOOK_ID}.md`, '/internal/no-such-page']) {
      const res = await postFetch(baseUrl, id);
      expect(res.status, id).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer realm="sitegate", scope="search:read content:read internal:read", resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(await res.json()).toStrictEqual({
        ...errorBody('credential_required', 'This page is internal: authorize with the internal:read scope to fetch it.', baseUrl),
        scopes: ['search:read', 'content:read', 'internal:read'],
      });
    }
    for (const query of RUNBOOK_QUERIES) {
      const ids = (await search(client, baseUrl, query, 100)).map((hit) => hit.id);
      expect(ids, query).not.toContain(RUNBOOK_ID);
    }
  });
});

describe('a page served in parts', () => {
  /** A home page and `/long`, served in 3 parts under a page limit of 5,000 characters. */
  function writeLongSite(): string {
    const section = (name: string): string =>
      `## ${name}\n\n${Array.from({ length: 40 }, (_, i) => `The ${name} section, line ${i}, says something useful.`).join('\n')}\n`;
    return writeContent({
      'index.md': '# Home\n\nThe home page.\n',
      'long.md': `# Long\n\n${section('Alpha')}\n${section('Beta')}\n${section('Gamma')}`,
    });
  }

  /** A server of `dir` listening on 127.0.0.1 with a page limit of 5,000 characters. */
  async function startLongSite(dir: string): Promise<string> {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const t = await buildTestApp(dir, { baseUrl, settings: { pageMaxChars: 5_000 } });
    servers.push(t);
    await t.app.listen({ port, host: '127.0.0.1' });
    expect(t.loaded.snapshot.pages.get('/long')?.parts).toHaveLength(3);
    return baseUrl;
  }

  it('is fetched by part: from its page URL, a part URL or the part input, each result naming the next part', async () => {
    const dir = writeLongSite();
    try {
      const baseUrl = await startLongSite(dir);
      // Each part's text is what GET of the part's markdown URL serves.
      const served = async (markdownPath: string): Promise<string> => {
        const res = await fetch(baseUrl + markdownPath, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        expect(res.status, markdownPath).toBe(200);
        return res.text();
      };
      const part1 = {
        id: '/long',
        title: 'Long',
        url: `${baseUrl}/long`,
        text: await served('/long.md'),
        metadata: { part: 1, parts: 3, next_id: '/long;part=2', next_url: `${baseUrl}/long;part=2` },
      };
      const part2 = {
        id: '/long;part=2',
        title: 'Long',
        url: `${baseUrl}/long;part=2`,
        text: await served('/long;part=2.md'),
        metadata: { part: 2, parts: 3, next_id: '/long;part=3', next_url: `${baseUrl}/long;part=3` },
      };
      const part3 = {
        id: '/long;part=3',
        title: 'Long',
        url: `${baseUrl}/long;part=3`,
        text: await served('/long;part=3.md'),
        metadata: { part: 3, parts: 3 },
      };
      expect(part1.text).toContain('This page is long, so it is served in 3 parts.');
      expect(part3.text).toContain('## Gamma');
      const client = await connect(baseUrl);
      expect(await fetchPage(client, '/long')).toStrictEqual(part1);
      expect(await fetchPage(client, `${baseUrl}/long`)).toStrictEqual(part1);
      expect(await fetchPage(client, '/long.md')).toStrictEqual(part1);
      expect(await fetchPage(client, '/long;part=2')).toStrictEqual(part2);
      expect(await fetchPage(client, `${baseUrl}/long;part=3.md`)).toStrictEqual(part3);
      expect(await fetchPage(client, '/long', 2)).toStrictEqual(part2);
      expect(await fetchPage(client, '/long;part=3', 1)).toStrictEqual(part1);
      expect(await fetchPage(client, '/long;part=2', 2)).toStrictEqual(part2);
    } finally {
      removeDir(dir);
    }
  });

  it('answers isError for a part the page does not have', async () => {
    const dir = writeLongSite();
    try {
      const baseUrl = await startLongSite(dir);
      const client = await connect(baseUrl);
      const refusals: [Record<string, unknown>, string][] = [
        [{ id: '/long', part: 4 }, 'No part 4 of /long: the page has 3 parts.'],
        [{ id: '/long;part=2', part: 999_999 }, 'No part 999999 of /long;part=2: the page has 3 parts.'],
        [{ id: '/', part: 2 }, 'No part 2 of /: the page has one part (it is served whole).'],
        [{ id: '/long;part=4' }, `No page /long;part=4 on ${baseUrl}. Use search to find pages.`],
      ];
      for (const [args, message] of refusals) {
        const result = await callTool(client, 'fetch', args);
        expect(result, JSON.stringify(args)).toStrictEqual({ content: [{ type: 'text', text: message }], isError: true });
      }
      // Part 1 of a page served whole is the whole page.
      expect((await fetchPage(client, '/', 1)).text).toBe(withLlmsDirective('# Home\n\nThe home page.\n', baseUrl));
      // The SDK (v2 server) checks the input schema: parts are counted from 1.
      expect(await callTool(client, 'fetch', { id: '/long', part: 0 })).toStrictEqual({
        content: [
          {
            type: 'text',
            text: 'Input validation error: Invalid arguments for tool fetch: part: Too small: expected number to be >=1',
          },
        ],
        isError: true,
      });
    } finally {
      removeDir(dir);
    }
  });
});

describe('with an API key (X-API-Key)', () => {
  it('search and fetch public pages', async () => {
    const running = await startServer();
    const { apiKey } = await issueKey(running.t.context, PUBLIC_SCOPES);
    await expectPublicAccess(await connect(running.baseUrl, { 'x-api-key': apiKey }), running.baseUrl);
  });

  it('search finds and fetch reads the internal runbook with internal:read', async () => {
    const running = await startServer();
    const { apiKey } = await issueKey(running.t.context, ALL_SCOPES);
    const client = await connect(running.baseUrl, { 'x-api-key': apiKey });
    expect((await search(client, running.baseUrl, 'runbook'))[0]).toStrictEqual({
      id: RUNBOOK_ID,
      title: 'On-call runbook',
      url: running.baseUrl + RUNBOOK_ID,
      description: 'How the Acme team handles widget outages (internal).',
    });
    // The body around the best match, the query's words marked (stems too: "deploys" → "deploy").
    expect((await search(client, running.baseUrl, 'roll back deploys'))[0]?.excerpt).toStrictEqual({
      text: '…search. Page the on-call engineer. Roll back the last deploy.',
      highlights: [
        [36, 40],
        [41, 45],
        [55, 61],
      ],
    });
    expect(await fetchPage(client, RUNBOOK_ID)).toStrictEqual({
      id: RUNBOOK_ID,
      title: 'On-call runbook',
      url: running.baseUrl + RUNBOOK_ID,
      text: runbookMarkdown(running.baseUrl),
    });
  });

  it('does not see the internal runbook without internal:read', async () => {
    const running = await startServer();
    const { apiKey } = await issueKey(running.t.context, PUBLIC_SCOPES);
    const client = await connect(running.baseUrl, { 'x-api-key': apiKey });
    // A fetch of it (or of any path of the internal zone) is HTTP 403 with the scope to step up to.
    await expect(callTool(client, 'fetch', { id: RUNBOOK_ID })).rejects.toThrow(/403/);
    for (const id of [RUNBOOK_ID, '/internal/no-such-page']) {
      const res = await postFetch(running.baseUrl, id, { 'x-api-key': apiKey });
      expect(res.status, id).toBe(403);
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer realm="sitegate", error="insufficient_scope", error_description="This resource needs the scope internal:read.", scope="internal:read", resource_metadata="${running.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(await res.json()).toStrictEqual({
        ...errorBody('insufficient_scope', 'This resource needs the scope internal:read.', running.baseUrl),
        scopes: ['internal:read'],
      });
    }
    expect((await search(client, running.baseUrl, 'runbook', 100)).map((hit) => hit.id)).not.toContain(RUNBOOK_ID);
  });

  it('is refused with HTTP 401 when the key is invalid', async () => {
    const { baseUrl } = await startServer();
    expect(await statusOf(connect(baseUrl, { 'x-api-key': 'sgk_not_a_real_key' }))).toBe(401);
  });
});

describe('with a bearer token from the token endpoint', () => {
  it('search and fetch public pages', async () => {
    const running = await startServer();
    const token = await bearerToken(running, PUBLIC_SCOPES);
    await expectPublicAccess(await connect(running.baseUrl, { authorization: `Bearer ${token}` }), running.baseUrl);
  });

  it('search finds and fetch reads the internal runbook with internal:read', async () => {
    const running = await startServer();
    const token = await bearerToken(running, ALL_SCOPES);
    const client = await connect(running.baseUrl, { authorization: `Bearer ${token}` });
    expect((await search(client, running.baseUrl, 'runbook')).map((hit) => hit.id)).toContain(RUNBOOK_ID);
    expect((await fetchPage(client, RUNBOOK_ID)).text).toBe(runbookMarkdown(running.baseUrl));
  });

  it('is refused with HTTP 401 when the token is invalid', async () => {
    const { baseUrl } = await startServer();
    expect(await statusOf(connect(baseUrl, { authorization: 'Bearer not.a.token' }))).toBe(401);
  });
});

describe('scope failures', () => {
  it('search without search:read is HTTP 403 insufficient_scope, for a key and for a token', async () => {
    const running = await startServer();
    const { apiKey } = await issueKey(running.t.context, ['content:read']);
    const token = await bearerToken(running, ['content:read']);
    const credentials: Record<string, string>[] = [{ 'x-api-key': apiKey }, { authorization: `Bearer ${token}` }];
    for (const headers of credentials) {
      const client = await connect(running.baseUrl, headers);
      const call = callTool(client, 'search', { query: 'widget' });
      await expect(call).rejects.toBeInstanceOf(StreamableHTTPError);
      await expect(call).rejects.toMatchObject({ code: 403, message: expect.stringContaining('insufficient_scope') as unknown });
      // fetch is allowed: the key has content:read.
      expect((await fetchPage(client, '/guides/getting-started')).text).toBe(gettingStartedMarkdown(running.baseUrl));
    }
  });

  it('fetch without content:read is HTTP 403 insufficient_scope', async () => {
    const running = await startServer();
    const { apiKey } = await issueKey(running.t.context, ['search:read']);
    const client = await connect(running.baseUrl, { 'x-api-key': apiKey });
    expect(await statusOf(callTool(client, 'fetch', { id: '/guides/getting-started' }))).toBe(403);
    expect((await search(client, running.baseUrl, 'widget')).length).toBeGreaterThan(0);
  });

  it('answers the 403 with the error object and the RFC 6750 scope challenge', async () => {
    const running = await startServer();
    const { apiKey } = await issueKey(running.t.context, ['content:read']);
    const res = await fetch(`${running.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': apiKey },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query: 'widget' } } }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    const message = 'This resource needs the scope search:read.';
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer realm="sitegate", error="insufficient_scope", error_description="${message}", scope="search:read", resource_metadata="${running.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(await res.json()).toStrictEqual({ ...errorBody('insufficient_scope', message, running.baseUrl), scopes: ['search:read'] });
  });
});

describe('methods other than POST', () => {
  it.each(['GET', 'DELETE'])('%s /mcp is 405 with Allow: POST, OPTIONS', async (method) => {
    const { baseUrl } = await startServer();
    const res = await fetch(`${baseUrl}/mcp`, {
      method,
      headers: { accept: 'text/event-stream' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await res.json()).toStrictEqual(
      errorBody('method_not_allowed', 'This MCP server is stateless: send JSON-RPC messages with POST.', baseUrl),
    );
  });
});
