/**
 * The guide half of the developer portal: getting started (pages as markdown, search, MCP) and
 * authentication (API keys, OAuth client credentials, scopes). The words follow SPEC.md §1 and §5.
 */
import { SCOPES, SCOPE_DESCRIPTIONS } from '../auth/scopes.js';
import { escapeHtml } from '../escape.js';
import { mcpServerName } from './portal-connect.js';
import { code, commandBlock, type PortalSection } from './portal-html.js';

/** What the guide needs to know of the site. */
export interface GuideInput {
  /** Public base URL without trailing slash, used in the commands. */
  baseUrl: string;
  /** Site name, the MCP server's name in the sample client configuration. */
  siteName: string;
}

/** "Getting started": what the site offers, its pages as markdown, search and MCP. */
export function gettingStarted({ baseUrl: base, siteName }: GuideInput): PortalSection {
  return {
    id: 'getting-started',
    title: 'Getting started',
    html: `<p>Every page of this site is served as HTML for people and as markdown for agents, with machine-readable indexes, a search API and scoped access for API clients. Public pages, the discovery resources, search and health need no credential: try one now.</p>
${commandBlock(`curl ${base}/api/v1/health`)}`,
    subsections: [
      {
        id: 'markdown',
        title: 'Pages as markdown',
        html: `<p>Ask for any page with ${code('Accept: text/markdown')}, or append ${code('.md')} to its path (a folder's page is ${code('…/index.md')}). Responses are ${code('text/markdown; charset=utf-8')} and vary on ${code('Accept')}.</p>
${commandBlock(`curl -H 'Accept: text/markdown' ${base}/`)}
<p>A page too long for one response (over 50,000 characters of markdown by default) is served in parts cut at its headings: part 1 at the page's own URL lists every part, part 2 and on are at ${code('…;part=2')} (and ${code('…;part=2.md')}), and every part links the previous and next one, in its text and in ${code('Link')} headers (${code('rel="prev"')}, ${code('rel="next"')}). llms.txt, the sitemap and search list the page once, at its own URL; llms-full.txt gives the whole page; the MCP ${code('fetch')} tool gives it part by part, naming the next part.</p>`,
      },
      {
        id: 'search',
        title: 'Search',
        html: `<p>Without ${code('q')}, ${code('/api/search.json')} returns every public page. With ${code('q')} it searches titles, descriptions and text (prefix and typo tolerant, best first); ${code('limit')} (1–100, default 20) and ${code('offset')} page through the results. <a href="#try-search">Try it</a> below.</p>
${commandBlock(`curl '${base}/api/search.json?q=install&limit=5'`)}`,
      },
      {
        id: 'mcp',
        title: 'MCP server',
        html: `<p>Agents that speak the Model Context Protocol can connect to ${code(`${base}/mcp`)} (Streamable HTTP, stateless). It offers two tools: ${code('search')} (query, limit → results with id, title, url and description) and ${code('fetch')} (an id or URL → the page's markdown with its title and url; a long page part by part, with ${code('metadata.next_id')} naming the next part). Each search call counts against the same rate limit as the search API; JSON-RPC batches are refused. It takes the same credentials as the API: without one it sees public pages; a credential must carry ${code('search:read')} for search and ${code('content:read')} for fetch, and internal pages need ${code('internal:read')}. <a href="#connect">Connect an agent</a> below shows each client's configuration.</p>
${commandBlock(`{
  "mcpServers": {
    "${mcpServerName(siteName)}": { "url": "${base}/mcp" }
  }
}`)}`,
      },
    ],
  };
}

/** "Authentication": getting an API key, sending it, exchanging it for a token; the scopes. */
export function authentication({ baseUrl: base }: GuideInput): PortalSection {
  const scopes = SCOPES.map((scope) => `<tr><td>${code(scope)}</td><td>${escapeHtml(SCOPE_DESCRIPTIONS[scope])}</td></tr>`).join('\n');
  return {
    id: 'authentication',
    title: 'Authentication',
    html: `<p>Credentials are issued by the site operator on request; there is no self-service signup. Ask the operator of this site for an API key and say which scopes you need: you get a ${code('client_id')}, a ${code('client_secret')} and an API key that carries both. Send one credential per request, never both headers. When a credential is sent to search or a page, it must be valid and carry the scope that resource needs.</p>`,
    subsections: [
      {
        id: 'api-keys',
        title: 'API keys',
        html: `<p>How to get one: write to the operator of this site with who you are, what the client does and the scopes it needs (least privilege: ask only for what you use). The operator runs ${code('sitegate keys create')} and hands you the values over a safe channel; the secret is shown only once and sitegate stores only its hash. Keys can expire, be rotated (the old secret keeps working for a grace period) and be revoked at any time.</p>
<p>Key format: ${code('client_id')} looks like ${code('sgc_')} + 16 letters and digits; ${code('client_secret')} is 32 letters and digits; the API key is ${code('sgk_<id>_<secret><checksum>')}, with a 6-character checksum so that typos are refused at once and secret scanners can recognise leaked keys.</p>
<p>Send the API key in the ${code('X-API-Key')} header:</p>
${commandBlock(`curl -H 'X-API-Key: <API_KEY>' ${base}/api/v1/whoami`)}`,
      },
      {
        id: 'oauth',
        title: 'OAuth client credentials',
        html: `<p>Or exchange the key pair for a bearer token with the OAuth 2.0 client-credentials grant (RFC 6749 §4.4) and send it as ${code('Authorization: Bearer <ACCESS_TOKEN>')}:</p>
${commandBlock(`curl -X POST ${base}/api/v1/oauth/token \\
  -H 'Content-Type: application/json' \\
  -d '{"grant_type":"client_credentials","client_id":"<CLIENT_ID>","client_secret":"<CLIENT_SECRET>","scope":"search:read"}'

curl -H 'Authorization: Bearer <ACCESS_TOKEN>' ${base}/api/v1/whoami`)}
<p>Standard OAuth clients work too: form-encoded bodies and HTTP Basic client authentication (RFC 6749 §2.3.1) are accepted, and their errors come back as RFC 6749 §5.2 bodies.</p>
${commandBlock(`curl -X POST ${base}/api/v1/oauth/token -u '<CLIENT_ID>:<CLIENT_SECRET>' -d grant_type=client_credentials -d scope=search:read`)}
<p>Access tokens are JWTs (RFC 9068, ${code('typ: at+jwt')}, EdDSA) valid for ${code('expires_in')} seconds; their public keys are at <a href="${base}/.well-known/jwks.json">/.well-known/jwks.json</a>. Revoking a key invalidates its tokens within seconds. Clients can revoke their tokens (RFC 7009, ${code('POST /api/v1/oauth/revoke')}) and introspect them (RFC 7662, ${code('POST /api/v1/oauth/introspect')}), authenticating as at the token endpoint.</p>`,
      },
      {
        id: 'scopes',
        title: 'Scopes',
        html: `<table tabindex="0">
<thead><tr><th>Scope</th><th>Grants</th></tr></thead>
<tbody>
${scopes}
</tbody>
</table>`,
      },
    ],
  };
}
