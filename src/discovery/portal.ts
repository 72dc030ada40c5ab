/**
 * `/developers`: the human-readable developer portal. Every error code of the table has an entry at
 * the anchor that ApiError `docs` links to.
 */
import { OPERATIONS } from '../api/operations.js';
import { SCOPES, SCOPE_DESCRIPTIONS } from '../auth/scopes.js';
import { ERROR_CODES, ERROR_TABLE, errorAnchor } from '../errors.js';
import { escapeHtml } from '../escape.js';
import { renderDocument, type SiteChrome } from '../layout/document.js';

/** Builds the portal HTML document. */
export function buildPortalHtml(chrome: SiteChrome, sidebarHtml: string): string {
  const base = chrome.baseUrl;
  const code = (text: string): string => `<code>${escapeHtml(text)}</code>`;
  const pre = (text: string): string => `<pre tabindex="0"><code>${escapeHtml(text)}</code></pre>`;
  const operations = OPERATIONS.map(
    (op) =>
      `<tr><td>${code(op.id)}</td><td>${code(`${op.method} ${op.path}`)}</td><td>${op.credential === 'none' ? 'none' : `${op.credential}: ${op.scopes.map(code).join(', ')}`}</td><td>${escapeHtml(op.summary)}</td></tr>`,
  ).join('\n');
  const scopes = SCOPES.map((scope) => `<tr><td>${code(scope)}</td><td>${escapeHtml(SCOPE_DESCRIPTIONS[scope])}</td></tr>`).join('\n');
  const errors = ERROR_CODES.map((name) => {
    const row = ERROR_TABLE[name];
    return `<tr id="${errorAnchor(name)}"><td>${code(name)}</td><td>${row.status}</td><td>${escapeHtml(row.message)}</td><td>${escapeHtml(row.resolution)}</td></tr>`;
  }).join('\n');

  const mainHtml = `<article class="content portal">
<h1>Developers</h1>
<p>This site is agent-ready: every page is served as HTML for people and as markdown for agents, with machine-readable indexes, a search API and scoped access for API clients.</p>

<h2 id="resources">Resources</h2>
<ul>
<li><a href="${base}/openapi.json">OpenAPI 3.1 description</a> (${code('/openapi.json')})</li>
<li><a href="${base}/llms.txt">llms.txt</a> — every public page, linked as markdown; <a href="${base}/llms-full.txt">llms-full.txt</a> — the whole site in one file</li>
<li><a href="${base}/sitemap.xml">XML sitemap</a> and <a href="${base}/robots.txt">robots.txt</a></li>
<li><a href="${base}/api/search.json">Search index</a> (${code('/api/search.json')}) and <a href="${base}/api/v1/health">health</a></li>
</ul>

<h2 id="markdown">Pages as markdown</h2>
<p>Ask for any page with ${code('Accept: text/markdown')}, or append ${code('.md')} to its path (a folder's page is ${code('…/index.md')}). Responses are ${code('text/markdown; charset=utf-8')} and vary on ${code('Accept')}.</p>
<p>A page too long for one response (over 50,000 characters of markdown by default) is served in parts cut at its headings: part 1 at the page's own URL lists every part, part 2 and on are at ${code('…;part=2')} (and ${code('…;part=2.md')}), and every part links the previous and next one, in its text and in ${code('Link')} headers (${code('rel="prev"')}, ${code('rel="next"')}). llms.txt, the sitemap and search list the page once, at its own URL; llms-full.txt gives the whole page; the MCP ${code('fetch')} tool gives it part by part, naming the next part.</p>
${pre(`curl -H 'Accept: text/markdown' ${base}/`)}

<h2 id="endpoints">Endpoints</h2>
<table tabindex="0">
<thead><tr><th>Operation</th><th>Request</th><th>Credential</th><th>What it does</th></tr></thead>
<tbody>
${operations}
</tbody>
</table>

<h2 id="search">Search</h2>
<p>Without ${code('q')}, ${code('/api/search.json')} returns every public page. With ${code('q')} it searches titles, descriptions and text (prefix and typo tolerant, best first); ${code('limit')} (1–100, default 20) and ${code('offset')} page through the results.</p>
${pre(`curl '${base}/api/search.json?q=install&limit=5'`)}

<h2 id="authentication">Authentication</h2>
<p>Public pages, the discovery resources, search and health need no credential. Credentials are issued by the site operator on request; there is no self-service signup. Ask the operator of this site for an API key and say which scopes you need: you get a ${code('client_id')}, a ${code('client_secret')} and an API key that carries both.</p>
<p>How to get one: write to the operator of this site with who you are, what the client does and the scopes it needs (least privilege: ask only for what you use). The operator runs ${code('sitegate keys create')} and hands you the values over a safe channel; the secret is shown only once and sitegate stores only its hash. Keys can expire, be rotated (the old secret keeps working for a grace period) and be revoked at any time.</p>
<p>Key format: ${code('client_id')} looks like ${code('sgc_')} + 16 letters and digits; ${code('client_secret')} is 32 letters and digits; the API key is ${code('sgk_<id>_<secret><checksum>')}, with a 6-character checksum so that typos are refused at once and secret scanners can recognise leaked keys.</p>
<p>Send the API key in the ${code('X-API-Key')} header:</p>
${pre(`curl -H 'X-API-Key: <API_KEY>' ${base}/api/v1/whoami`)}
<p>Or exchange the key pair for a bearer token with the OAuth 2.0 client-credentials grant and send it as ${code('Authorization: Bearer <ACCESS_TOKEN>')}:</p>
${pre(`curl -X POST ${base}/api/v1/oauth/token \\
  -H 'Content-Type: application/json' \\
  -d '{"grant_type":"client_credentials","client_id":"<CLIENT_ID>","client_secret":"<CLIENT_SECRET>","scope":"search:read"}'

curl -H 'Authorization: Bearer <ACCESS_TOKEN>' ${base}/api/v1/whoami`)}
<p>Standard OAuth clients work too: form-encoded bodies and HTTP Basic client authentication (RFC 6749 §2.3.1) are accepted, and their errors come back as RFC 6749 §5.2 bodies.</p>
${pre(`curl -X POST ${base}/api/v1/oauth/token -u '<CLIENT_ID>:<CLIENT_SECRET>' -d grant_type=client_credentials -d scope=search:read`)}
<p>Access tokens are JWTs (RFC 9068, ${code('typ: at+jwt')}, EdDSA) valid for ${code('expires_in')} seconds; their public keys are at <a href="${base}/.well-known/jwks.json">/.well-known/jwks.json</a>. Revoking a key invalidates its tokens within seconds.</p>
<p>Send one credential per request, never both headers. When a credential is sent to search or a page, it must be valid and carry the scope that resource needs.</p>

<p>Clients can revoke their tokens (RFC 7009, ${code('POST /api/v1/oauth/revoke')}) and introspect them (RFC 7662, ${code('POST /api/v1/oauth/introspect')}), authenticating as at the token endpoint. Discovery documents: <a href="${base}/.well-known/oauth-authorization-server">OAuth authorization server metadata</a> (RFC 8414), <a href="${base}/.well-known/oauth-protected-resource">protected resource metadata</a> (RFC 9728) and the <a href="${base}/.well-known/api-catalog">API catalog</a> (RFC 9727).</p>

<h2 id="mcp">MCP server</h2>
<p>Agents that speak the Model Context Protocol can connect to ${code(`${base}/mcp`)} (Streamable HTTP, stateless). It offers two tools: ${code('search')} (query, limit → results with id, title, url and description) and ${code('fetch')} (an id or URL → the page's markdown with its title and url; a long page part by part, with ${code('metadata.next_id')} naming the next part). Each search call counts against the same rate limit as the search API; JSON-RPC batches are refused. It takes the same credentials as the API: without one it sees public pages; a credential must carry ${code('search:read')} for search and ${code('content:read')} for fetch, and internal pages need ${code('internal:read')}.</p>
${pre(`{
  "mcpServers": {
    "${chrome.name.replace(/["\\]/g, '')}": { "url": "${base}/mcp" }
  }
}`)}

<h2 id="scopes">Scopes</h2>
<table tabindex="0">
<thead><tr><th>Scope</th><th>Grants</th></tr></thead>
<tbody>
${scopes}
</tbody>
</table>

<h2 id="errors">Errors</h2>
<p>Every error is a JSON object: ${code('{"error": true, "code", "message", "resolution", "status", "docs"}')}, plus ${code('scopes')} when a scope is missing. ${code('docs')} links to the code's row below.</p>
<table tabindex="0">
<thead><tr><th>Code</th><th>Status</th><th>Meaning</th><th>Resolution</th></tr></thead>
<tbody>
${errors}
</tbody>
</table>
</article>`;
  return renderDocument(chrome, {
    title: 'Developers',
    description: `API, credentials, scopes and error codes of ${chrome.name}.`,
    path: '/developers',
    sidebarHtml,
    breadcrumbHtml: '',
    mainHtml,
  });
}
