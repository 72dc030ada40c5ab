/**
 * MCP is bounded like HTTP (DESIGN.md "Discovery beyond SPEC.md"): every search call spends the
 * search rate limit, per client address and per client_id, with the same 429 as GET
 * /api/search.json; a JSON-RPC batch is refused before any tool runs; a long page is fetched by
 * part from the snapshot's cached bodies, rendered once however often it is fetched. Rate limits
 * and batches go through `inject` (to send from several addresses); the long page through the
 * SDK client against a listening server, as an agent reads it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectableApp } from './app.js';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type ConfigInput } from '../src/config/config.js';
import { createContext } from '../src/context.js';
import { buildInjectableApp } from './app.js';
import { withLlmsDirective } from '../src/content/portable-markdown.js';
import { loadSnapshot, type Snapshot } from '../src/snapshot/snapshot.js';
import { freePort } from './free-port.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, removeDir, TEST_BASE_URL, writeContent } from './helpers.js';
import { errorBody, JSON_TYPE } from './http-expect.js';

/** Bound of every MCP request of these tests. */
const REQUEST_TIMEOUT_MS = 30_000;
const WINDOW_SEC = 60;
/** Two searches per address, and per client_id, a minute. */
const SEARCH_BUDGET: ConfigInput = { rateLimits: { search: { points: 2, windowSec: WINDOW_SEC } } };
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const apps: InjectableApp[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const app of apps.splice(0)) await app.close();
});

/** A test app over the example site with {@link SEARCH_BUDGET}, closed after the test. */
async function budgetedApp(): Promise<Awaited<ReturnType<typeof buildTestApp>>> {
  const t = await buildTestApp(EXAMPLE_SITE, { settings: SEARCH_BUDGET });
  apps.push(t.app);
  return t;
}

/** A `tools/call` request of `name` with `args`. */
function toolCall(name: string, args: Record<string, unknown>, id = 1): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

/** POSTs `body` as JSON to /mcp from `remoteAddress`, with extra request headers. */
function postMcp(app: InjectableApp, body: unknown, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/mcp', remoteAddress, headers: { ...MCP_HEADERS, ...headers }, payload: JSON.stringify(body) });
}

/** The JSON-RPC result of a 200 answer to a search call: the hits' ids. */
function searchIds(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body).toBe(200);
  const { result } = response.json<{ result: { content: { text: string }[] } }>();
  const { results } = JSON.parse(result.content[0]?.text ?? '{}') as { results: { id: string }[] };
  return results.map((hit) => hit.id);
}

/**
 * Asserts the 429 GET /api/search.json sends when the search budget is spent: the SPEC.md error
 * object, Retry-After and the RateLimit fields of the `search` policy.
 */
function expectSearchThrottled(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.headers['content-type']).toBe(JSON_TYPE);
  expect(response.json()).toStrictEqual(errorBody('rate_limited', 'Too many requests.'));
  const retryAfter = Number(response.headers['retry-after']);
  // The window opened with this test's first search, well under five seconds ago.
  expect(retryAfter).toBeGreaterThan(WINDOW_SEC - 5);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SEC);
  expect(response.headers.ratelimit).toBe(`"search";r=0;t=${retryAfter}`);
  expect(response.headers['ratelimit-policy']).toBe(`"search";q=2;w=${WINDOW_SEC}`);
}

describe('the search rate limit', () => {
  it('every search call spends the address budget shared with GET /api/search.json; then HTTP 429 as search sends', async () => {
    const { app } = await budgetedApp();
    const address = '10.0.0.1';
    // Messages other than search calls spend nothing.
    for (const method of ['initialize', 'tools/list', 'ping']) {
      const params =
        method === 'initialize' ? { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } : {};
      const response = await postMcp(app, { jsonrpc: '2.0', id: 1, method, params }, address);
      expect(response.statusCode, `${method}: ${response.body}`).toBe(200);
    }
    expect(searchIds(await postMcp(app, toolCall('search', { query: 'widgets' }), address))).toContain('/guides/getting-started');
    const http = await app.inject({ url: '/api/search.json?q=widgets', remoteAddress: address });
    expect(http.statusCode).toBe(200);
    expectSearchThrottled(await postMcp(app, toolCall('search', { query: 'widgets' }), address));
    expectSearchThrottled(await app.inject({ url: '/api/search.json?q=widgets', remoteAddress: address }));
    // fetch is a GET of one cached page (or part), unlimited over HTTP too.
    const fetched = await postMcp(app, toolCall('fetch', { id: '/guides/getting-started' }), address);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json<{ result: { isError?: boolean } }>().result.isError).toBeUndefined();
    // Another address has its own budget.
    expect(searchIds(await postMcp(app, toolCall('search', { query: 'widgets' }), '10.0.0.2'))).toContain('/guides/getting-started');
  });

  it('a credential has its own budget across addresses: its third search is HTTP 429 from a fresh address', async () => {
    const { app, context } = await budgetedApp();
    const { apiKey } = await issueKey(context, ['search:read', 'content:read']);
    const withKey = { 'x-api-key': apiKey };
    expect(searchIds(await postMcp(app, toolCall('search', { query: 'widgets' }), '10.0.1.1', withKey)).length).toBeGreaterThan(0);
    expect(searchIds(await postMcp(app, toolCall('search', { query: 'widgets' }), '10.0.1.2', withKey)).length).toBeGreaterThan(0);
    expectSearchThrottled(await postMcp(app, toolCall('search', { query: 'widgets' }), '10.0.1.3', withKey));
    // The address itself still has budget left: without the credential it searches.
    expect(searchIds(await postMcp(app, toolCall('search', { query: 'widgets' }), '10.0.1.3')).length).toBeGreaterThan(0);
  });

  it('reaches the SDK client as a StreamableHTTPError with HTTP status 429', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const t = await buildTestApp(EXAMPLE_SITE, { baseUrl, settings: SEARCH_BUDGET });
    apps.push(t.app);
    await t.app.listen({ port, host: '127.0.0.1' });
    const client = await connect(baseUrl);
    const search = () => client.callTool({ name: 'search', arguments: { query: 'widgets' } }, undefined, { timeout: REQUEST_TIMEOUT_MS });
    await search();
    await search();
    const refused = search();
    await expect(refused).rejects.toBeInstanceOf(StreamableHTTPError);
    await expect(refused).rejects.toMatchObject({ code: 429, message: expect.stringContaining('rate_limited') as unknown });
  });
});

/** The JSON-RPC answer to a batch (src/answers/mcp.ts `BATCH_REFUSAL`), spelled out. */
const BATCH_REFUSED = {
  jsonrpc: '2.0',
  id: null,
  error: {
    code: -32600,
    message: 'Invalid Request: JSON-RPC batches are not supported (removed in MCP 2025-06-18); send one message per request.',
  },
};

describe('JSON-RPC batches', () => {
  it('are refused with HTTP 400 and a JSON-RPC Invalid Request error before any tool runs', async () => {
    const renders: string[] = [];
    const { app, snapshot } = await countingApp(writeLongPageSite(40), renders, SEARCH_BUDGET);
    const batch = [
      toolCall('search', { query: 'widgets' }, 1),
      toolCall('fetch', { id: '/long' }, 2),
      toolCall('search', { query: 'x' }, 3),
    ];
    for (const body of [batch, [toolCall('fetch', { id: '/long' })], []]) {
      const response = await postMcp(app, body, '10.0.2.1');
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.headers['content-type']).toBe(JSON_TYPE);
      expect(response.json()).toStrictEqual(BATCH_REFUSED);
    }
    // No tool ran: the long page was never rendered, and the address's search budget is whole.
    expect(renders).toStrictEqual([]);
    expect(snapshot.pages.get('/long')?.parts?.length).toBeGreaterThan(1);
    expect(renders).toStrictEqual(['/long']);
    expect(searchIds(await postMcp(app, toolCall('search', { query: 'section' }), '10.0.2.1'))).toContain('/long');
    expect(searchIds(await postMcp(app, toolCall('search', { query: 'section' }), '10.0.2.1'))).toContain('/long');
    expectSearchThrottled(await postMcp(app, toolCall('search', { query: 'section' }), '10.0.2.1'));
  });
});

/**
 * A content folder with a home page and `/long`: `sections` sections of ~2 KB, plain text without
 * links, so that the page's portable markdown is its source.
 */
function writeLongPageSite(sections: number): string {
  const line = (s: number, i: number): string => `Section ${s} line ${i} tells the reader one more plain fact about widgets.`;
  const section = (s: number): string => `## Section ${s}\n\n${Array.from({ length: 28 }, (_, i) => line(s, i)).join('\n')}\n`;
  return writeContent({
    'index.md': '# Home\n\nThe home page.\n',
    'long.md': `# Long\n\n${Array.from({ length: sections }, (_, s) => section(s)).join('\n')}`,
  });
}

/**
 * An app over `dir` whose snapshot records every page render in `renders` (SnapshotOptions
 * `onPageRender`), with its own data folder; the folders are removed when the app closes.
 */
async function countingApp(
  dir: string,
  renders: string[],
  settings: ConfigInput = {},
  baseUrl = TEST_BASE_URL,
): Promise<{ app: InjectableApp; snapshot: Snapshot }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-data-'));
  const config = loadConfig({ contentDir: dir, baseUrl, dataDir }, {}, settings);
  const { snapshot } = loadSnapshot(config.contentDir, {
    baseUrl: config.baseUrl,
    pageMaxChars: config.pageMaxChars,
    onPageRender: (key) => renders.push(key),
  });
  const context = await createContext(config, snapshot);
  const app = buildInjectableApp(context);
  app.onClose(async () => {
    await context.close();
    rmSync(dataDir, { recursive: true, force: true });
    removeDir(dir);
  });
  apps.push(app);
  return { app, snapshot };
}

/** Connects the SDK client to `baseUrl`/mcp. */
async function connect(baseUrl: string): Promise<Client> {
  const client = new Client({ name: 'sitegate-test', version: '1.0.0' });
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`)), { timeout: REQUEST_TIMEOUT_MS });
  return client;
}

interface FetchDocument {
  id: string;
  title: string;
  url: string;
  text: string;
  metadata?: { part: number; parts: number; next_id?: string; next_url?: string };
}

/** Calls fetch through the SDK client and reads its one JSON text item. */
async function fetchPage(client: Client, args: { id: string; part?: number }): Promise<FetchDocument> {
  const result = (await client.callTool({ name: 'fetch', arguments: args }, undefined, { timeout: REQUEST_TIMEOUT_MS })) as {
    content: { type: string; text: string }[];
    isError?: boolean;
    structuredContent?: unknown;
  };
  expect(result.isError, result.content[0]?.text).toBeUndefined();
  expect(result.structuredContent).toBeUndefined();
  expect(result.content).toHaveLength(1);
  return JSON.parse(result.content[0]?.text ?? '') as FetchDocument;
}

/** Part 1's navigation under the llms.txt pointer: the line that opens it and the list of parts. */
const FIRST_PART_HEADER = /\n\n> This page is long, so it is served in \d+ parts\.[^\n]*(\n>[^\n]*)*/;
/** The line that closes every part, with the blank line before it. */
const PART_FOOTER = /\n\n> End of part \d+ of \d+\.[^\n]*\n$/;
/** The H1, llms.txt pointer and navigation line that open every part after the first. */
const LATER_PART_HEADER = /^# [^\n]* \(part \d+ of \d+\)\n\n> For agents: [^\n]*\n\n> Part \d+ of \d+ of a long page\.[^\n]*\n\n/;

/** A part's own lines of the page, without the navigation content/part-markdown.ts adds. */
function contentOfPart(text: string, n: number): string {
  expect(text).toMatch(PART_FOOTER);
  if (n === 1) {
    expect(text).toMatch(FIRST_PART_HEADER);
    return text.replace(FIRST_PART_HEADER, '').replace(PART_FOOTER, '');
  }
  expect(text).toMatch(LATER_PART_HEADER);
  return text.replace(LATER_PART_HEADER, '').replace(PART_FOOTER, '');
}

describe('a 1.2 MB page', () => {
  it('is read through the SDK client part by part, following next_id, rendered once however often it is fetched', async () => {
    const dir = writeLongPageSite(600);
    const source = readSource(dir);
    expect(source.length).toBeGreaterThan(1_200_000);
    const renders: string[] = [];
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const { app, snapshot } = await countingApp(dir, renders, {}, baseUrl);
    await app.listen({ port, host: '127.0.0.1' });
    const client = await connect(baseUrl);

    const documents: FetchDocument[] = [];
    let next: string | undefined = '/long';
    while (next !== undefined) {
      const document = await fetchPage(client, { id: next });
      documents.push(document);
      expect(document.metadata?.part).toBe(documents.length);
      next = document.metadata?.next_id;
    }
    const parts = snapshot.pages.get('/long')?.parts ?? [];
    expect(documents.length).toBe(parts.length);
    expect(documents.length).toBeGreaterThan(20);
    documents.forEach((document, i) => {
      const part = parts[i];
      // Exactly the cached body of the part, as GET of its markdown URL serves it.
      expect(document).toStrictEqual({
        id: part?.url,
        title: 'Long',
        url: `${baseUrl}${part?.url}`,
        text: part?.markdown.bytes.toString('utf8'),
        metadata: {
          part: i + 1,
          parts: parts.length,
          ...(i + 1 < parts.length && { next_id: parts[i + 1]?.url, next_url: `${baseUrl}${parts[i + 1]?.url}` }),
        },
      });
    });
    // The parts, without their navigation, are the page.
    const whole = documents.map((document, i) => contentOfPart(document.text, i + 1)).join('\n');
    expect(whole).toBe(withLlmsDirective(source, baseUrl));

    // Again, by the part input, by part URLs and by full URLs: the page is never rendered again.
    for (let n = 1; n <= documents.length; n++) {
      expect((await fetchPage(client, { id: '/long', part: n })).text).toBe(documents[n - 1]?.text);
      expect((await fetchPage(client, { id: `${baseUrl}${parts[n - 1]?.markdownUrl}` })).text).toBe(documents[n - 1]?.text);
    }
    expect(renders).toStrictEqual(['/long']);
  });
});

/** The source of `/long` in a folder from {@link writeLongPageSite}. */
function readSource(dir: string): string {
  return readFileSync(path.join(dir, 'long.md'), 'utf8');
}
