/**
 * The request mix of `npm run soak`: every kind of endpoint sitegate serves, each with the status
 * it must answer, built against a running server (ETags and a bearer token are fetched first).
 */
import { headerOf, sendRequest } from './http-client.js';
import type { BenchCredential } from './scenarios.js';
import { TOKEN_PATH } from './scenarios.js';

/** One request of the mix. */
export interface MixEntry {
  /** Short name for the report. */
  name: string;
  method: 'GET' | 'POST';
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The only acceptable status. */
  expectedStatus: number;
}

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const HOME = '/';
const DEEP_PAGE = '/configuration/acme/dns01/route53';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const mcpCall = (id: number, method: string, params?: unknown): string => JSON.stringify({ jsonrpc: '2.0', id, method, params });

/**
 * Builds the mix against a running server: fetches the ETag the 304 requests revalidate and a
 * bearer token for the bearer requests (valid for the server's token lifetime, 1 h by default).
 * @param baseUrl `http://127.0.0.1:PORT`
 * @throws when the server does not give an ETag or a token
 */
export async function buildMix(baseUrl: string, credential: BenchCredential): Promise<MixEntry[]> {
  const tokenBody = JSON.stringify({
    grant_type: 'client_credentials',
    client_id: credential.clientId,
    client_secret: credential.clientSecret,
  });
  const tokenReply = await sendRequest(baseUrl + TOKEN_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: tokenBody,
  });
  const token = (JSON.parse(tokenReply.body.toString('utf8')) as { access_token?: unknown }).access_token;
  if (typeof token !== 'string')
    throw new Error(`no access_token from ${TOKEN_PATH}: ${tokenReply.status} ${tokenReply.body.toString('utf8')}`);
  const etag = headerOf(await sendRequest(baseUrl + DEEP_PAGE, { method: 'GET', headers: { accept: BROWSER_ACCEPT } }), 'etag');
  if (etag === undefined) throw new Error(`no ETag on ${DEEP_PAGE}`);

  const get = (name: string, path: string, headers: Record<string, string> = {}, expectedStatus = 200): MixEntry => ({
    name,
    method: 'GET',
    path,
    headers,
    expectedStatus,
  });
  return [
    get('home HTML', HOME, { accept: BROWSER_ACCEPT, 'accept-encoding': 'gzip, br' }),
    get('page HTML', DEEP_PAGE, { accept: BROWSER_ACCEPT }),
    get('page markdown', DEEP_PAGE, { accept: 'text/markdown' }),
    get('page .md', `${DEEP_PAGE}.md`),
    get('page 304', DEEP_PAGE, { accept: BROWSER_ACCEPT, 'if-none-match': etag }, 304),
    get('404', '/no/such/page', { accept: BROWSER_ACCEPT }, 404),
    get('llms.txt', '/llms.txt', { 'accept-encoding': 'gzip' }),
    get('sitemap.xml', '/sitemap.xml'),
    get('openapi.json', '/openapi.json'),
    get('portal', '/developers', { accept: BROWSER_ACCEPT }),
    get('oauth metadata', '/.well-known/oauth-authorization-server'),
    get('health', '/api/v1/health'),
    get('search index', '/api/search.json'),
    get('search q', '/api/search.json?q=certificate&limit=10'),
    get('whoami api key', '/api/v1/whoami', { 'x-api-key': credential.apiKey }),
    get('whoami bearer', '/api/v1/whoami', { authorization: `Bearer ${token}` }),
    get('whoami refused', '/api/v1/whoami', {}, 401),
    {
      name: 'token',
      method: 'POST',
      path: TOKEN_PATH,
      headers: { 'content-type': 'application/json' },
      body: tokenBody,
      expectedStatus: 200,
    },
    { name: 'mcp tools/list', method: 'POST', path: '/mcp', headers: MCP_HEADERS, body: mcpCall(1, 'tools/list'), expectedStatus: 200 },
    {
      name: 'mcp search',
      method: 'POST',
      path: '/mcp',
      headers: { ...MCP_HEADERS, 'x-api-key': credential.apiKey },
      body: mcpCall(2, 'tools/call', { name: 'search', arguments: { query: 'issuer' } }),
      expectedStatus: 200,
    },
  ];
}

/**
 * Sends each entry once and checks its status, so that a wrong mix fails before any load.
 * @throws naming every entry that got another status
 */
export async function checkMix(baseUrl: string, mix: readonly MixEntry[]): Promise<void> {
  const wrong: string[] = [];
  for (const entry of mix) {
    const reply = await sendRequest(baseUrl + entry.path, {
      method: entry.method,
      headers: entry.headers,
      ...(entry.body === undefined ? {} : { body: entry.body }),
    });
    if (reply.status !== entry.expectedStatus) wrong.push(`${entry.name}: ${reply.status}, expected ${entry.expectedStatus}`);
  }
  if (wrong.length > 0) throw new Error(`the soak mix is not answered as expected:\n${wrong.join('\n')}`);
}
