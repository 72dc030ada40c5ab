/**
 * The fast path: GET and HEAD of precomputed bodies (pages, discovery resources, health) sent
 * straight on `node:http`, before the framework sees the request. It answers only what needs no
 * credential, no query string and no error; everything else (redirects, 404, 406, internal pages,
 * search) falls through to Fastify. The responses are the ones the Fastify routes send: both call
 * the same planBody() with the same header objects, and a test compares them request by request.
 * Besides: whoami for a credential accepted moments ago, and POST of the token endpoint
 * (token/fast-token.ts), which share their steps and answers with their Fastify routes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Body } from '../body.js';
import type { AppContext } from './context.js';
import { ifNoneMatchHits, planBody, PUBLIC_CACHE } from './send.js';
import { negotiateEncoding, negotiateMediaType } from './negotiation.js';
import { resolvePath } from '../snapshot/lookup.js';
import { discoveryTable, type PrecomputedRoute } from './routes/discovery.js';
import { HEALTH_HEADERS, WHOAMI_HEADERS, whoamiBody } from './routes/api.js';
import { presentedCredential } from './credentials.js';
import { cachedPrincipal } from '../auth/authenticate.js';
import type { PresentedCredential } from '../auth/principal.js';
import { MARKDOWN_ONLY, NEGOTIATED, STATIC_HEADERS, pageHeaders } from './routes/pages.js';
import { transportHeaders } from './headers.js';
import { createTokenFastPath } from './token/fast-token.js';
import { createRequestIds } from './request-id.js';
import { SILENT_LOG, type Log } from '../log.js';
import { clientAddress } from './client-address.js';

/** Answers a request when it can; returns false to hand it to the framework. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/** A body and the header object its Fastify route sends it with. */
interface Chosen {
  body: Body;
  headers: Record<string, string>;
}

/** A planned response as writeHead takes it. */
interface Flat {
  status: number;
  list: string[];
  payload: Buffer | undefined;
}

/** Options of {@link createFastPath}. */
export interface FastPathOptions {
  /** Where unexpected errors go (default: nowhere). */
  log?: Log;
  /** Request ids shared with Fastify (default: a generator of its own). */
  nextRequestId?: () => string;
}

/** Builds the fast path over the context's current snapshot. */
export function createFastPath(ctx: AppContext, options: FastPathOptions = {}): FastPath {
  const discovery = discoveryTable(ctx.config.baseUrl);
  // Headers of every response (HSTS), which Fastify adds in a hook (transport-security.ts).
  const transport = transportHeaders(ctx.config.baseUrl);
  const transportList = Object.entries(transport).flat();
  // By header object, body and variant (content coding, 304): a response depends on nothing else,
  // so each is planned once and afterwards only written.
  const flats = new WeakMap<Record<string, string>, WeakMap<Body, Map<string, Flat>>>();
  const whoamiAnswers = new Map<string, Flat>();
  const token = createTokenFastPath(ctx, {
    log: options.log ?? SILENT_LOG,
    nextRequestId: options.nextRequestId ?? createRequestIds(),
    transportList,
  });

  const send = (request: IncomingMessage, response: ServerResponse, { body, headers }: Chosen): void => {
    const coding = body.compressible ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
    const inm = request.headers['if-none-match'];
    const notModified = inm !== undefined && ifNoneMatchHits(inm, body.etag);
    const variant = `${coding === undefined || body.encoded(coding) === undefined ? '' : coding}${notModified ? ':304' : ''}`;
    let byBody = flats.get(headers);
    if (byBody === undefined) flats.set(headers, (byBody = new WeakMap()));
    let variants = byBody.get(body);
    if (variants === undefined) byBody.set(body, (variants = new Map<string, Flat>()));
    let flat = variants.get(variant);
    if (flat === undefined) {
      const plan = planBody(request.headers, body, headers);
      const list = [...Object.entries(plan.headers).flat(), ...transportList];
      if (plan.status !== 304) list.push('content-length', String(plan.payload?.length ?? 0));
      flat = { status: plan.status, list, payload: plan.payload };
      variants.set(variant, flat);
    }
    response.writeHead(flat.status, flat.list);
    response.end(request.method === 'HEAD' ? undefined : flat.payload);
  };

  return function fastPath(request, response) {
    const { method, url, headers } = request;
    if (method === 'POST') return token(request, response);
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined || url.includes('?')) return false;
    if (headers['x-api-key'] !== undefined || headers.authorization !== undefined)
      return url === WHOAMI_PATH && whoami(ctx, request, response, whoamiAnswers, transportList);
    const chosen = choose(ctx, discovery, url, request);
    if (chosen === undefined) return false;
    send(request, response, chosen);
    return true;
  };
}

const WHOAMI_PATH = '/api/v1/whoami';

/**
 * getWhoami for a credential accepted moments ago that holds search:read, the answer an API client
 * polls for; anything else (first use, refusal, missing scope) goes to the framework.
 */
function whoami(
  ctx: AppContext,
  request: IncomingMessage,
  response: ServerResponse,
  answers: Map<string, Flat>,
  transportList: readonly string[],
): boolean {
  const credential = repeatedCredential(request);
  const principal = credential === undefined ? undefined : cachedPrincipal(ctx.auth, credential, clientAddress(ctx, request));
  if (principal === undefined || !principal.scopes.includes('search:read')) return false;
  ctx.auth.keys.touch(principal.clientId);
  // The answer depends only on the scheme and the scopes: a handful of distinct responses.
  const shape = `${principal.scheme} ${principal.scopes.join(' ')}`;
  let flat = answers.get(shape);
  if (flat === undefined) {
    const payload = Buffer.from(whoamiBody(principal));
    const list = [...Object.entries(WHOAMI_HEADERS).flat(), ...transportList, 'content-length', String(payload.length)];
    flat = { status: 200, list, payload };
    answers.set(shape, flat);
  }
  response.writeHead(flat.status, flat.list);
  response.end(request.method === 'HEAD' ? undefined : flat.payload);
  return true;
}

/**
 * The credential of a request, read the cheap way when it can only match a cache entry: the common
 * `Bearer <token>` spelling is sliced off without the full syntax check, since a cached token passed
 * that check when it was first verified, and any other value misses the cache. Undefined when the
 * request is malformed (the framework then answers it).
 */
function repeatedCredential(request: IncomingMessage): PresentedCredential | undefined {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ') === true && request.headers['x-api-key'] === undefined)
    return { scheme: 'bearer', value: authorization.slice(7) };
  try {
    return presentedCredential(request);
  } catch {
    return undefined;
  }
}

/** What answers a path, or undefined when the framework must decide. */
function choose(
  ctx: AppContext,
  discovery: ReadonlyMap<string, PrecomputedRoute>,
  path: string,
  request: IncomingMessage,
): Chosen | undefined {
  const snapshot = ctx.snapshot();
  if (path === '/api/v1/health') return { body: snapshot.discovery.health, headers: HEALTH_HEADERS };
  const route = discovery.get(path);
  if (route !== undefined) return { body: route.body(snapshot), headers: route.headers };
  if (path.startsWith('/api/') || path === '/mcp') return undefined;
  const resolution = resolvePath(snapshot, path);
  if (resolution.kind === 'static') return { body: resolution.body, headers: STATIC_HEADERS };
  if (resolution.kind !== 'page') return undefined;
  const type = negotiateMediaType(request.headers.accept, resolution.markdownOnly ? MARKDOWN_ONLY : NEGOTIATED);
  if (type === undefined) return undefined;
  const headers = pageHeaders(ctx, resolution, PUBLIC_CACHE);
  if (type === 'text/html') return { body: resolution.bodies.html, headers: headers.html };
  return { body: resolution.bodies.markdown, headers: resolution.markdownOnly ? headers.markdown : headers.negotiatedMarkdown };
}
