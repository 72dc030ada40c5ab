/**
 * The reference half of the developer portal: endpoints grouped by tag, read from the same
 * operation rows the router and the OpenAPI description use (api/operations.ts); the error table
 * (errors.ts); the rate limits in force; the discovery resources.
 */
import { EXTRA_OPERATIONS, OPERATIONS, type Operation } from '../api/operations.js';
import type { RateLimitConfig, RateLimitName } from '../auth/rate-limits.js';
import { ERROR_CODES, ERROR_TABLE, errorAnchor } from '../errors.js';
import { escapeHtml } from '../escape.js';
import { code, errorCode, type PortalSection } from './portal-html.js';

/** One row of an endpoint table: request, credential, summary, and each status with its codes. */
function endpointRow(op: Operation): string {
  const credential = op.credential === 'none' ? 'none' : `${op.credential}: ${op.scopes.map(code).join(', ')}`;
  const answers = Object.entries(op.responses)
    .map(([status, response]) => `<li>${status}${(response.codes ?? []).map((name) => ` ${errorCode(name)}`).join('')}</li>`)
    .join('');
  return `<tr><td>${code(`${op.method} ${op.path}`)}<br><small>${code(op.id)}</small></td><td>${credential}</td><td>${escapeHtml(op.summary)}</td><td><ul class="answers">${answers}</ul></td></tr>`;
}

/** "Endpoints": one table per OpenAPI tag, in the order the operations list them. */
export function endpoints(baseUrl: string): PortalSection {
  const all = [...OPERATIONS, ...EXTRA_OPERATIONS];
  const tags = [...new Set(all.map((op) => op.tag))];
  return {
    id: 'endpoints',
    title: 'Endpoints',
    html: `<p>The <a href="${baseUrl}/openapi.json">OpenAPI 3.1 description</a> (${code('/openapi.json')}) describes every endpoint below, with its parameters, bodies and answers. Error codes link to their entry under <a href="#errors">Errors</a>.</p>`,
    subsections: tags.map((tag) => ({
      id: `endpoints-${tag.toLowerCase()}`,
      title: tag,
      html: `<table tabindex="0">
<thead><tr><th>Request</th><th>Credential</th><th>What it does</th><th>Answers</th></tr></thead>
<tbody>
${all
  .filter((op) => op.tag === tag)
  .map(endpointRow)
  .join('\n')}
</tbody>
</table>`,
    })),
  };
}

/** "Errors": the error object and every code of the table, each row at the anchor `docs` links to. */
export function errors(): PortalSection {
  const rows = ERROR_CODES.map((name) => {
    const row = ERROR_TABLE[name];
    return `<tr id="${errorAnchor(name)}"><td><code class="error-code">${name}</code></td><td>${row.status}</td><td>${escapeHtml(row.message)}</td><td>${escapeHtml(row.resolution)}</td></tr>`;
  }).join('\n');
  return {
    id: 'errors',
    title: 'Errors',
    html: `<p>Every error is a JSON object: ${code('{"error": true, "code", "message", "resolution", "status", "docs"}')}, plus ${code('scopes')} when a scope is missing. ${code('docs')} links to the code's row below.</p>
<table tabindex="0">
<thead><tr><th>Code</th><th>Status</th><th>Meaning</th><th>Resolution</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`,
    subsections: [],
  };
}

/** What each limit counts (auth/rate-limits.ts). */
const LIMIT_COUNTS: Readonly<Record<RateLimitName, string>> = {
  search: 'searches (the search API and the MCP search tool) per client address',
  token: 'token requests per client address',
  authFailures: 'failed authentications of any kind per client address',
  clientFailures: 'failed client secrets of one client_id',
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
