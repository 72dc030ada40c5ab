/**
 * The reference half of the developer portal: endpoints grouped by tag, read from the same
 * operation rows the router and the OpenAPI description use (api/operations.ts); the error table
 * (errors.ts); the rate limits in force; the discovery resources.
 */
import { EXTRA_OPERATIONS, OPERATIONS, type Operation } from '../api/operations.js';
import type { RateLimitConfig, RateLimitName } from '../auth/rate-limits.js';
import { ERROR_CODES, ERROR_TABLE, errorAnchor } from '../errors.js';
import { escapeHtml } from '../escape.js';
import { PACKAGE_VERSION } from '../version.js';
import { API_VERSION } from './openapi.js';
import { code, errorCode, type PortalSection } from './portal-html.js';

/**
 * One endpoint as a list item: request and operation id, what it does, the credential it takes,
 * and each status it answers with its error codes (which wrap between codes, never inside one).
 */
function endpointItem(op: Operation): string {
  const credential = op.credential === 'none' ? 'none' : `${op.credential}, with ${op.scopes.map(code).join(', ')}`;
  const answers = Object.entries(op.responses)
    .map(
      ([status, response]) => `<li><strong>${status}</strong>${(response.codes ?? []).map((name) => ` ${errorCode(name)}`).join('')}</li>`,
    )
    .join(' ');
  return `<li class="endpoint">
<p class="endpoint-request">${code(`${op.method} ${op.path}`)} <small>${code(op.id)}</small></p>
<p>${escapeHtml(op.summary)}. Credential: ${credential}.</p>
<ul class="answers">${answers}</ul>
</li>`;
}

/** "Endpoints": one list per OpenAPI tag, in the order the operations list them. */
export function endpoints(baseUrl: string): PortalSection {
  const all = [...OPERATIONS, ...EXTRA_OPERATIONS];
  const tags = [...new Set(all.map((op) => op.tag))];
  return {
    id: 'endpoints',
    title: 'Endpoints',
    html: `<p>The <a href="${baseUrl}/openapi.json">OpenAPI 3.1 description</a> (${code('/openapi.json')}) describes every endpoint below, with its parameters, bodies and answers. Under each endpoint, its answers: the status, then the error codes it can carry, linked to their entry under <a href="#errors">Errors</a>.</p>
<p>API version ${code(API_VERSION)} (the description's ${code('info.version')}), served by sitegate ${code(PACKAGE_VERSION)} (also the ${code('version')} of ${code('/api/v1/health')}).</p>`,
    subsections: tags.map((tag) => ({
      id: `endpoints-${tag.toLowerCase()}`,
      title: tag,
      html: `<ul class="endpoints">
${all
  .filter((op) => op.tag === tag)
  .map(endpointItem)
  .join('\n')}
</ul>`,
    })),
  };
}

/**
 * "Errors": the error object and every code of the table, each entry at the anchor `docs` links
 * to. A description list rather than a table, so that a phone shows code, meaning and fix in full.
 */
export function errors(): PortalSection {
  const entries = ERROR_CODES.map((name) => {
    const row = ERROR_TABLE[name];
    return `<div class="error-entry" id="${errorAnchor(name)}"><dt><code class="error-code">${name}</code> <span class="error-status">${row.status}</span></dt><dd>${escapeHtml(row.message)}</dd><dd class="resolution">${escapeHtml(row.resolution)}</dd></div>`;
  }).join('\n');
  return {
    id: 'errors',
    title: 'Errors',
    html: `<p>Every error is a JSON object: ${code('{"error": true, "code", "message", "resolution", "status", "docs"}')}, plus ${code('scopes')} when a scope is missing. ${code('docs')} links to the code's entry below: the code and HTTP status, what it means, then what to do.</p>
<dl class="error-list">
${entries}
</dl>`,
    subsections: [],
  };
}

/** What each limit counts (auth/rate-limits.ts). */
const LIMIT_COUNTS: Readonly<Record<RateLimitName, string>> = {
  search: 'searches (the search API and the MCP search tool) per client address',
  token: 'token requests per client address',
  authFailures: 'failed authentications of any kind per client address',
  clientFailures: 'failed client secrets of one client_id',
  clientMetadataFetches: 'client metadata documents fetched for authorization requests per client address',
  clientRegistrations: 'client registrations (RFC 7591) per client address',
};

/** "Rate limits": the limits this server enforces (its configuration) and how a refusal reads. */
export function rateLimits(limits: RateLimitConfig): PortalSection {
  const rows = (Object.keys(LIMIT_COUNTS) as RateLimitName[]).map((name) => {
    const { points, windowSec } = limits[name];
    const allowance = points === 0 ? 'no limit' : `${points.toLocaleString('en')} per ${windowSec} s`;
    return `<tr><td>${code(name)}</td><td>${escapeHtml(LIMIT_COUNTS[name])}</td><td>${allowance}</td></tr>`;
  });
  return {
    id: 'rate-limits',
    title: 'Rate limits',
    html: `<p>Limits are counted per client address (IPv6 per /64). Answers that count against a limit carry the ${code('RateLimit')} and ${code('RateLimit-Policy')} headers (draft-ietf-httpapi-ratelimit-headers); past the limit the answer is 429 ${errorCode('rate_limited')} with ${code('Retry-After')} in seconds.</p>
<table tabindex="0">
<thead><tr><th>Policy</th><th>Counts</th><th>Allowance</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`,
    subsections: [],
  };
}

/** "Discovery resources": the machine-readable documents of the site. */
export function resources(baseUrl: string): PortalSection {
  const base = baseUrl;
  return {
    id: 'resources',
    title: 'Discovery resources',
    html: `<ul>
<li><a href="${base}/openapi.json">OpenAPI 3.1 description</a> (${code('/openapi.json')})</li>
<li><a href="${base}/llms.txt">llms.txt</a> — every public page, linked as markdown; <a href="${base}/llms-full.txt">llms-full.txt</a> — the whole site in one file</li>
<li><a href="${base}/sitemap.xml">XML sitemap</a> and <a href="${base}/robots.txt">robots.txt</a></li>
<li><a href="${base}/api/search.json">Search index</a> (${code('/api/search.json')}) and <a href="${base}/api/v1/health">health</a></li>
<li><a href="${base}/.well-known/oauth-authorization-server">OAuth authorization server metadata</a> (RFC 8414), <a href="${base}/.well-known/oauth-protected-resource">protected resource metadata</a> (RFC 9728) and the <a href="${base}/.well-known/api-catalog">API catalog</a> (RFC 9727)</li>
<li><a href="#mcp">MCP server</a> at ${code(`${base}/mcp`)}</li>
</ul>`,
    subsections: [],
  };
}
