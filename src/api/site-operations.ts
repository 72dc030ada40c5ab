/**
 * The routes beyond the API operations (operations.ts) as data: the llms-full.txt, robots.txt and
 * feed resources, the OAuth/MCP well-known documents at their other names, the MCP endpoint, the
 * search results page, people sign-in and the page route. `http/route-table.ts` takes their ids,
 * paths, credentials and scopes from here, and `discovery/openapi.ts` describes them, so
 * `/openapi.json` lists every route sitegate answers (issue 32). They are not on the developer
 * portal's API reference, which lists the API operations only.
 */
import { errorResponse, operation, type Operation, type ResponseSpec } from './operations.js';
import { SIGNIN_PATHS } from '../signin/settings.js';

const text = (description: string, contentType: string): ResponseSpec => ({ description, contentType, schema: { type: 'string' } });
const redirect = (description: string): ResponseSpec => ({ description, contentType: undefined, schema: {} });
const JSON_RPC_MESSAGE = {
  type: 'object',
  required: ['jsonrpc'],
  properties: { jsonrpc: { type: 'string', const: '2.0' } },
  description: 'A JSON-RPC 2.0 message (request, notification or response).',
} as const;
const noFeed = errorResponse('The site has no posts or dated pages, so no feed.', ['not_found']);
const signInOff = errorResponse('Sign-in is off (no auth.oidc).', ['not_found']);
/** What a browser gets instead of the error object: the same status as an HTML page. */
const BROWSER_ERRORS = 'Errors are the error object for API clients and an HTML page for browsers (Accept: text/html).';
const search = operation('searchSite');

/** The path template of the page route: every path no other route names. */
export const PAGE_PATH_TEMPLATE = '/{path}';

/** The routes beyond the API operations, in route-table order. */
export const SITE_OPERATIONS: readonly Operation[] = [
  {
    id: 'getLlmsFullTxt',
    method: 'GET',
    path: '/llms-full.txt',
    summary: 'Every public page as markdown',
    description: 'The text of every public page in one markdown file (llmstxt.org), in navigation order; long sites in parts it links.',
    tag: 'Discovery',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: { 200: text('Every public page, as markdown.', 'text/plain') },
  },
  {
    id: 'getRobotsTxt',
    method: 'GET',
    path: '/robots.txt',
    summary: 'Robots exclusion rules',
    description: 'RFC 9309 robots.txt with the Content-Signal of the site (contentsignals.org) and the sitemap.',
    tag: 'Discovery',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: { 200: text('The robots.txt rules.', 'text/plain') },
  },
  {
    id: 'getAtomFeed',
    method: 'GET',
    path: '/feed.xml',
    summary: 'Atom feed of posts and dated pages',
    description: 'RFC 4287 Atom feed of the public posts and dated pages, newest first.',
    tag: 'Discovery',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: { 200: text('The Atom feed.', 'application/atom+xml'), 404: noFeed },
  },
  {
    id: 'getRssFeed',
    method: 'GET',
    path: '/rss.xml',
    summary: 'RSS feed of posts and dated pages',
    description: 'RSS 2.0 feed of the public posts and dated pages, newest first.',
    tag: 'Discovery',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: { 200: text('The RSS feed.', 'application/rss+xml'), 404: noFeed },
  },
  {
    id: 'getOpenIdConfiguration',
    method: 'GET',
    path: '/.well-known/openid-configuration',
    summary: 'Authorization server metadata (OpenID Connect Discovery location)',
    description:
      'The RFC 8414 metadata where OpenID Connect Discovery 1.0 §4 looks for it, with the members it requires; sitegate issues no ID token.',
    tag: 'Discovery',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: { 200: { description: 'The metadata.', contentType: 'application/json', schema: 'AuthorizationServerMetadata' } },
  },
  {
    id: 'getMcpProtectedResourceMetadata',
    method: 'GET',
    path: '/.well-known/oauth-protected-resource/mcp',
    summary: 'OAuth protected resource metadata of the MCP endpoint',
    description: 'RFC 9728 metadata of /mcp as a resource of its own (resource is {baseUrl}/mcp), which a 401 or 403 of /mcp names.',
    tag: 'Discovery',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: { 200: { description: 'RFC 9728 metadata.', contentType: 'application/json', schema: 'ProtectedResourceMetadata' } },
  },
  {
    id: 'mcp',
    method: 'POST',
    path: '/mcp',
    summary: 'MCP server (Streamable HTTP, stateless)',
    description:
      'Model Context Protocol over Streamable HTTP, stateless: one JSON-RPC message per POST, answered with JSON. Tools: search and fetch, under the credential sent (optional; internal pages need internal:read). Speaks MCP 2026-07-28, 2025-11-25 and 2025-06-18. GET answers 405. Requests whose Origin is not the site or an allowed origin are refused.',
    tag: 'MCP',
    inSpec: false,
    credential: 'optional',
    scopes: [],
    requestBody: { schema: JSON_RPC_MESSAGE, contentTypes: ['application/json'] },
    responses: {
      200: { description: 'The JSON-RPC response.', contentType: 'application/json', schema: JSON_RPC_MESSAGE },
      202: redirect('A notification or response was accepted. Empty body.'),
      400: {
        description: 'A JSON-RPC batch (removed in MCP 2025-06-18): a JSON-RPC error -32600.',
        contentType: 'application/json',
        schema: JSON_RPC_MESSAGE,
      },
      401: errorResponse('A credential was sent and it is malformed or unknown.', ['invalid_api_key']),
      403: errorResponse('The Origin is neither the site nor an allowed origin.', ['origin_not_allowed']),
    },
  },
  {
    id: 'getSearchPage',
    method: 'GET',
    path: '/search',
    summary: 'Search results page',
    description: `The server-rendered results page of the header's search form, searching as /api/search.json does, with its credential, scopes and rate limit. ${BROWSER_ERRORS}`,
    tag: 'Search',
    inSpec: false,
    credential: search.credential,
    scopes: search.scopes,
    ...(search.query === undefined ? {} : { query: search.query }),
    responses: {
      200: text('The results page.', 'text/html'),
      400: errorResponse('Invalid search parameters.', ['invalid_query']),
      401: errorResponse('A credential was sent and it is malformed or unknown.', ['invalid_api_key']),
      403: errorResponse('The credential lacks search:read.', ['insufficient_scope']),
    },
  },
  {
    id: 'signIn',
    method: 'GET',
    path: SIGNIN_PATHS.login,
    summary: 'Start signing a person in',
    description: `Starts the OpenID Connect authorization code flow (PKCE) at the company's identity provider; return_to (a path of this site) is where the person lands afterwards. ${BROWSER_ERRORS}`,
    tag: 'Sign-in',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: {
      302: redirect("To the identity provider's authorization endpoint."),
      404: signInOff,
      502: errorResponse('The identity provider cannot be reached.', ['sign_in_unavailable']),
    },
  },
  {
    id: 'signInCallback',
    method: 'GET',
    path: SIGNIN_PATHS.callback,
    summary: "The identity provider's redirect back",
    description: `The redirect URI registered at the identity provider: checks its answer, starts a session and sends the person to the page the sign-in started from. ${BROWSER_ERRORS}`,
    tag: 'Sign-in',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: {
      302: redirect('Signed in: to the page the sign-in started from, with the session cookie.'),
      400: errorResponse('The callback failed its checks (state, code, ID token, or no sign-in started in this browser).', [
        'sign_in_failed',
      ]),
      403: errorResponse('The account satisfies no grant: no session.', ['no_access']),
      404: signInOff,
      502: errorResponse('The identity provider cannot be reached.', ['sign_in_unavailable']),
    },
  },
  {
    id: 'signOut',
    method: 'POST',
    path: SIGNIN_PATHS.logout,
    summary: 'Sign out',
    description: `Ends the session of the cookie, from a page of this site only (Origin or Sec-Fetch-Site), and sends the browser to the provider's end_session_endpoint or the site root. ${BROWSER_ERRORS}`,
    tag: 'Sign-in',
    inSpec: false,
    credential: 'none',
    scopes: [],
    responses: {
      303: redirect("Signed out: to the provider's end_session_endpoint, or the site root."),
      403: errorResponse('The request came from another site.', ['cross_site_request']),
      404: signInOff,
    },
  },
  {
    id: 'getPage',
    method: 'GET',
    path: PAGE_PATH_TEMPLATE,
    summary: 'A page, its markdown, or a static file',
    description: `Every path no other route names: a page as HTML, or as markdown with Accept: text/markdown or the .md suffix (a long page in parts, /page;part=2); a folder listing; a static file; the sitemap and llms-full.txt parts. Other spellings of a page URL redirect with 308. Internal pages need a credential with internal:read. ${BROWSER_ERRORS}`,
    tag: 'Pages',
    inSpec: false,
    credential: 'optional',
    scopes: [],
    pathParameters: {
      path: { description: 'the page path, slashes included (guides/setup, guides/setup.md)', schema: { type: 'string' } },
    },
    responses: {
      200: { ...text('The page as HTML or markdown, or the static file as its own type.', 'text/html'), also: ['text/markdown', '*/*'] },
      308: redirect('Another spelling of a page URL: to the page URL.'),
      401: errorResponse('An internal page, without a credential.', ['credential_required']),
      404: errorResponse('No page at this address.', ['not_found']),
      406: errorResponse('The client accepts neither HTML nor markdown.', ['not_acceptable']),
      502: errorResponse('Upstream mode: the origin server could not be reached or did not answer in time.', ['upstream_unavailable']),
    },
  },
];

/** Looks a site route up by id. @throws {Error} for an unknown id (a programming error) */
export function siteOperation(id: string): Operation {
  const found = SITE_OPERATIONS.find((op) => op.id === id);
  if (found === undefined) throw new Error(`unknown site operation ${id}`);
  return found;
}
