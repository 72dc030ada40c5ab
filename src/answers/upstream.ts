/**
 * Upstream mode (issue 33, setting `upstream`): people's requests for page URLs and files are
 * proxied to an existing origin that serves the generator's build (a static host, a running
 * `docusaurus serve`), with http-proxy-3; agents' requests are answered by sitegate as without it.
 * The page route of the one route table (http/route-table.ts) takes this answer in place of
 * {@link servePage}'s, so the decision is the page route's and no second router exists:
 *
 * - markdown (the `.md` suffix, or `Accept` preferring `text/markdown` over `text/html`,
 *   RFC 9110 §12.5.1) and sitegate's own files (`/_sitegate/…`, sitemap parts, llms files) are
 *   sitegate's; so is every named route (discovery, search, MCP, API, feeds, sign-in) and every
 *   path under `/api/` and `/.well-known/`, which never reach this answer;
 * - every other request is proxied, after the access check: a path sitegate knows as internal
 *   (src/content/access.ts, through snapshot/lookup.ts `resolvePath`), also spelled with the
 *   `.html` or `/index.html` a static build adds, is proxied only to a principal with
 *   `internal:read`; anyone else gets servePage's own refusal (the same 401, 403 or 404).
 *
 * Towards the origin: the request's credentials (`Authorization`, `X-API-Key`, `Cookie`) are
 * removed, as the origin is not where they were issued; `X-Forwarded-For` names the client address
 * sitegate decided (`trustProxy`, http/client-address.ts), `X-Forwarded-Host` and
 * `X-Forwarded-Proto` the public base URL's, replacing what the client sent (RFC 7239 §5 words the
 * same facts). Hop-by-hop headers (RFC 9110 §7.6.1) are the library's to drop. Back from the
 * origin: its headers and bytes as they are, with `Vary: Accept` added (the same URL answers
 * markdown), `Cache-Control: private, no-store` on internal paths, and a `Location` on the origin's
 * own host moved to the base URL. The origin down, refusing or silent past
 * {@link UPSTREAM_TIMEOUT_MS}: 502 `upstream_unavailable` in the route's error form.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { createProxyServer, type ProxyServer } from 'http-proxy-3';
import type { Config } from '../config/config.js';
import { ApiError } from '../errors.js';
import { resolvePath, type Resolution } from '../snapshot/lookup.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { Principal } from '../auth/principal.js';
import type { Answer, RawAnswer, RequestFacts, RouteAnswer } from './answer.js';
import { negotiateMediaType } from './negotiation.js';

/** How long the origin may take to send its response head (ms). */
export const UPSTREAM_TIMEOUT_MS = 30_000;
/** Idle keep-alive sockets to the origin are closed after this long (ms). */
const IDLE_SOCKET_MS = 15_000;
/** The page URL's representations, sitegate's preference first (answers/pages.ts offers the same). */
const NEGOTIATED = ['text/html', 'text/markdown'];
/** Request headers never sent to the origin: sitegate's credentials, and forwarding facts the client may have made up. */
const DROPPED_REQUEST_HEADERS = [
  'authorization',
  'x-api-key',
  'cookie',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
];
/** Internal answers must not be kept by shared caches or the browser's disk cache (as answers/pages.ts). */
const PRIVATE_CACHE = 'private, no-store';

/** What the upstream answer reads of the config. */
type UpstreamConfig = Pick<Config, 'baseUrl'> & { upstream: string };

/**
 * Whether sitegate answers the request itself: markdown asked by suffix or by `Accept`, or one of
 * sitegate's own files. Everything else of the page route goes to the origin.
 */
function answeredBySitegate(facts: RequestFacts, resolution: Resolution): boolean {
  if (resolution.kind === 'static') return true;
  if (resolution.kind === 'page' && resolution.markdownOnly) return true;
  if (facts.path.endsWith('.md')) return true;
  return negotiateMediaType(facts.headers.accept, NEGOTIATED) === 'text/markdown';
}

/**
 * The spellings of a request path a static build publishes for one page: the path, and without
 * the `.html` or `index.html` its files carry (`/a.html`, `/a/index.html` → `/a`, `/a/`).
 */
function spellings(path: string): string[] {
  const found = [path];
  if (path.endsWith('/index.html')) found.push(path.slice(0, -'index.html'.length));
  else if (path.endsWith('.html')) found.push(path.slice(0, -'.html'.length));
  return found;
}

/** Whether the path, in any of its {@link spellings}, is one sitegate keeps from readers without `internal:read`. */
function isPrivate(snapshot: Snapshot, path: string): boolean {
  return spellings(path).some((spelling) => {
    const kind = resolvePath(snapshot, spelling).kind;
    return kind === 'internal' || kind === 'hidden';
  });
}

/** The value of `Vary` with `Accept` added once. */
function varyWithAccept(vary: string | string[] | number | undefined): string {
  const value = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept')) return names.join(', ');
  return [...names, 'Accept'].join(', ');
}

/** The proxy to one origin, its sockets kept alive, and how it marks responses. */
interface Upstream {
  proxy: ProxyServer;
  target: URL;
  /** X-Forwarded-Host and -Proto of every proxied request: the public base URL's. */
  forwarded: { host: string; proto: string };
  /** The public base URL's origin, for `Location` rewriting. */
  publicOrigin: string;
}

/** Marks a proxied request as asking for an internal path (its response then becomes private). */
const PRIVATE_REQUESTS = new WeakSet<IncomingMessage>();

/**
 * Makes the proxy of one origin.
 * @param config the upstream URL (absolute http(s), validated by the setting) and the public base URL
 */
function upstreamOf(config: UpstreamConfig, timeoutMs: number): Upstream {
  const target = new URL(config.upstream);
  const base = new URL(config.baseUrl);
  const agentOptions = { keepAlive: true, timeout: IDLE_SOCKET_MS };
  const proxy = createProxyServer({
    target: config.upstream,
    // A static host picks the site by Host: it gets its own name; the public one goes in X-Forwarded-Host.
    changeOrigin: true,
    // The origin's time to answer; the client's side keeps sitegate's own timeouts (config/limits.ts).
    proxyTimeout: timeoutMs,
    agent: target.protocol === 'https:' ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions),
  });
  const upstream: Upstream = {
    proxy,
    target,
    forwarded: { host: base.host, proto: base.protocol.slice(0, -1) },
    publicOrigin: base.origin,
  };
  proxy.on('proxyRes', (response, request) => {
    const headers = response.headers;
    headers.vary = varyWithAccept(headers.vary);
    if (PRIVATE_REQUESTS.has(request)) headers['cache-control'] = PRIVATE_CACHE;
    const location = headers.location;
    if (location !== undefined) {
      const url = URL.canParse(location) ? new URL(location) : undefined;
      if (url?.origin === target.origin) headers.location = `${upstream.publicOrigin}${url.pathname}${url.search}${url.hash}`;
    }
  });
  return upstream;
}

/**
 * A raw answer (answer.ts) that proxies the request to the origin.
 * @returns an answer whose `run` settles when the response has ended, and rejects with
 *   `upstream_unavailable` when the origin cannot be reached or is silent before its response head
 *   (the listener then answers in the route's error form; after the head it ends the connection)
 */
function proxied(upstream: Upstream, facts: RequestFacts, internal: boolean): RawAnswer {
  return {
    kind: 'raw',
    run(request: IncomingMessage, response: ServerResponse): Promise<void> {
      for (const name of DROPPED_REQUEST_HEADERS) Reflect.deleteProperty(request.headers, name);
      if (internal) PRIVATE_REQUESTS.add(request);
      // The path as sitegate read it (below the base path), joined to the upstream URL's path by the library.
      request.url = `${facts.path}${facts.search}`;
      const headers = {
        'x-forwarded-for': facts.address,
        'x-forwarded-host': upstream.forwarded.host,
        'x-forwarded-proto': upstream.forwarded.proto,
      };
      return new Promise((resolve, reject) => {
        response.once('close', () => resolve());
        upstream.proxy.web(request, response, { headers }, (error) => {
          const timedOut = (error as NodeJS.ErrnoException).code === 'ECONNRESET' && !response.headersSent;
          reject(
            new ApiError('upstream_unavailable', {
              message: timedOut ? 'The origin server did not answer in time.' : 'The origin server could not be reached.',
            }),
          );
        });
      });
    },
  };
}

/**
 * The page route's answer in upstream mode: sitegate's own answer ({@link servePage}'s, given)
 * for markdown, its own files and every refusal; the origin's for the rest.
 * @param config `upstream` (the origin's absolute http(s) URL) and the public base URL
 * @param own the page route's answer without upstream mode (answers/pages.ts `servePage`)
 * @param timeoutMs how long the origin may take to send its response head (ms)
 * @throws {ApiError} as `own` does, for internal paths asked without `internal:read`
 */
export function upstreamPage(config: UpstreamConfig, own: RouteAnswer, timeoutMs = UPSTREAM_TIMEOUT_MS): RouteAnswer {
  const upstream = upstreamOf(config, timeoutMs);
  return function upstreamPage(facts, snapshot, principal: Principal | undefined): Answer | Promise<Answer> {
    const resolution = resolvePath(snapshot, facts.path);
    if (answeredBySitegate(facts, resolution)) return own(facts, snapshot, principal);
    const internal = isPrivate(snapshot, facts.path);
    // Refusals are servePage's own (same status, body and headers as without upstream mode).
    if (internal && principal?.scopes.includes('internal:read') !== true) return own(facts, snapshot, principal);
    if (!internal && principal !== undefined && !principal.scopes.includes('content:read')) return own(facts, snapshot, principal);
    // A promise: the listener then catches the run's refusal and answers in the route's error form.
    return Promise.resolve(proxied(upstream, facts, internal));
  };
}
