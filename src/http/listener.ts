/**
 * The production listener: the one `(request, response)` handler `serve` installs on node:http
 * and tests inject into (light-my-request). For every request: the limits of its target, one
 * lookup in the route table, the route's preparation (body, query, steps before the credential,
 * the credential), its answer, and the one writer; any error becomes {@link errorAnswer} in the
 * route's form. Anonymous requests and those whose credential was accepted moments ago run
 * synchronously end to end, so precomputed answers cost no more than a bare node:http server's.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ApiError } from '../errors.js';
import { authenticate, cachedPrincipal, requireScopes } from '../auth/authenticate.js';
import type { Principal } from '../auth/principal.js';
import { SILENT_LOG, type Log } from '../log.js';
import type { Answer, RequestFacts } from './answer.js';
import { plainAnswer } from './answer.js';
import type { AppContext } from './context.js';
import type { Route } from './route.js';
import { buildRouteTable, type PathRoutes } from './route-table.js';
import { createWriter, type Writer } from './write.js';
import { errorAnswer, internalError, negotiatedErrorForm, type ErrorSite } from './error-answer.js';
import { PREFLIGHT_HEADERS, splitTarget, transportHeaders } from './headers.js';
import { presentedCredential } from './credentials.js';
import { clientAddress } from './client-address.js';
import { refusedTarget } from './limits.js';
import { parseSearchQuery } from './search-query.js';
import { BodyAborted, readRequestBody } from './request-body.js';
import { createRequestIds } from './request-id.js';
import type { AnsweredRequest, RequestObserver } from './observe.js';

/** Options of {@link createListener}. */
export interface ListenerOptions {
  /** Where unexpected errors go, with the request id (default: nowhere). */
  log?: Log;
  /** Request ids (default: a generator of its own). */
  nextRequestId?: () => string;
  /** Called once per answered request (observe.ts); with none, the listener does not even read the clock. */
  observers?: readonly RequestObserver[];
  /**
   * Counts conditional requests (RFC 9110 §13.1.2) of precomputed bodies: `true` when
   * If-None-Match matched and a 304 went out, `false` when the whole body did.
   */
  onConditional?: (hit: boolean) => void;
}

const NO_QUERY: Readonly<Record<string, never>> = {};

/**
 * Builds the listener of an app over the context's current snapshot.
 * @returns the node:http request listener
 */
export function createListener(ctx: AppContext, options: ListenerOptions = {}): RequestListener {
  const { baseUrl, limits } = ctx.config;
  const log = options.log ?? SILENT_LOG;
  const nextRequestId = options.nextRequestId ?? createRequestIds();
  const table = buildRouteTable(ctx);
  const observers = options.observers ?? [];
  const writer = createWriter(transportHeaders(baseUrl), options.onConditional);
  // With observers, each response remembers its answer, whose media type says what was served.
  const answers = new WeakMap<ServerResponse, Answer>();
  const write: Writer =
    observers.length === 0
      ? writer
      : (request, response, answer) => {
          answers.set(response, answer);
          return writer(request, response, answer);
        };
  const site: ErrorSite = { baseUrl, snapshot: () => ctx.snapshot() };

  /** Sends an error in the route's form; an unexpected one is logged and becomes a 500. */
  const fail = (
    request: IncomingMessage,
    response: ServerResponse,
    route: Route | undefined,
    facts: RequestFacts,
    error: unknown,
  ): void => {
    if (error instanceof BodyAborted) {
      response.destroy();
      return;
    }
    let apiError: ApiError;
    if (error instanceof ApiError) apiError = error;
    else {
      const requestId = facts.requestId();
      log.error({ reqId: requestId, err: error }, 'unhandled error');
      apiError = internalError(requestId);
    }
    if (response.headersSent) {
      response.destroy(); // a raw answer failed half-way: the framing cannot be trusted
      return;
    }
    void write(request, response, errorOf(route, facts, apiError));
  };

  const errorOf = (route: Route | undefined, facts: RequestFacts, error: ApiError): Answer => {
    const errors = route?.errors ?? 'json';
    // A 500 goes out as the error object (or the token endpoints' form): rendering a page could fail again.
    if (errors === 'negotiated' && error.code !== 'internal_error')
      return errorAnswer(error, negotiatedErrorForm(facts.headers.accept), facts, site, { negotiated: true });
    return errorAnswer(error, errors === 'oauth' ? 'oauth' : 'json', facts, site);
  };

  /** The principal the route's answer gets, after its credential and scope checks. */
  const admit = (route: Route, facts: Facts, principal: Principal | undefined): Principal | undefined => {
    if (principal === undefined) {
      if (route.credential === 'required') throw new ApiError('credential_required');
      return undefined;
    }
    if (route.scopes.length > 0) requireScopes(principal, route.scopes);
    facts.clientId = principal.clientId;
    return principal;
  };

  const settle = (request: IncomingMessage, response: ServerResponse, route: Route, facts: RequestFacts, answer: Promise<Answer>): void => {
    answer.then((ready) => write(request, response, ready)).catch((error: unknown) => fail(request, response, route, facts, error));
  };

  /** The route's steps that wait: body, before-steps, a credential checked afresh, an async answer. */
  const prepareAndAnswer = async (request: IncomingMessage, route: Route, facts: Facts): Promise<Answer> => {
    if (route.body !== undefined) facts.body = await readRequestBody(request, route.body, limits.bodyLimitBytes);
    if (route.query === 'search') facts.query = parseSearchQuery(facts.search) as unknown as RequestFacts['query'];
    const early = await route.before?.(facts);
    if (early !== undefined) return early;
    const credential = route.credential === 'none' ? undefined : presentedCredential(facts);
    const principal = credential === undefined ? undefined : await authenticate(ctx.auth, credential, facts.address);
    return route.answer(facts, ctx.snapshot(), admit(route, facts, principal));
  };

  /** Answers a request its route can answer without waiting, or hands it to {@link prepareAndAnswer}. */
  const dispatch = (request: IncomingMessage, response: ServerResponse, route: Route, facts: Facts): void => {
    if (route.body !== undefined || route.before !== undefined || route.query !== undefined)
      return settle(request, response, route, facts, prepareAndAnswer(request, route, facts));
    let principal: Principal | undefined;
    if (route.credential !== 'none') {
      const credential = presentedCredential(facts);
      if (credential !== undefined) {
        principal = cachedPrincipal(ctx.auth, credential, facts.address);
        // A miss is counted by authenticate(), which looks the credential up again.
        if (principal === undefined) return settle(request, response, route, facts, prepareAndAnswer(request, route, facts));
        ctx.auth.onCredentialCache?.(true);
        ctx.auth.keys.touch(principal.clientId);
      }
    }
    const answer = route.answer(facts, ctx.snapshot(), admit(route, facts, principal));
    if (answer instanceof Promise) return settle(request, response, route, facts, answer);
    void write(request, response, answer);
  };

  return function serve(request, response) {
    const url = request.url ?? '/';
    const [path, search] = splitTarget(url);
    // The address is read now: once the socket closes, node no longer knows it.
    const facts = new Facts(request, path, search, clientAddress(ctx, request), nextRequestId);
    if (observers.length > 0) observeAnswer(observers, response, facts, answers);
    let route: Route | undefined;
    try {
      const refused = refusedTarget(request, limits);
      if (refused !== undefined) {
        const answer = errorAnswer(refused, 'json', facts, site);
        // The body of a refused request is not read: close rather than wait for it.
        void write(
          request,
          response,
          refused.code === 'payload_too_large' ? { ...answer, headers: { ...answer.headers, connection: 'close' } } : answer,
        );
        return;
      }
      if (path.includes('%')) checkPercentEncoding(path);
      const routes = table.lookup(path);
      route = facts.method === 'HEAD' ? routes.GET : routes[facts.method as 'GET' | 'POST'];
      facts.route = route;
      if (route === undefined) {
        // The token endpoints answer every refusal in their own form; other paths the error object.
        route = routes.POST?.errors === 'oauth' ? routes.POST : undefined;
        facts.route = route;
        void write(request, response, otherMethod(facts, routes));
        return;
      }
      dispatch(request, response, route, facts);
    } catch (error) {
      fail(request, response, route, facts, error);
    }
  };
}

/** A request's facts; a class, so the hot path allocates one object and no closure per request. */
class Facts implements RequestFacts {
  readonly method: string;
  readonly headers: IncomingMessage['headers'];
  query: RequestFacts['query'] = NO_QUERY;
  body: unknown = undefined;
  /** The route that answers, once the table has been asked (for observers). */
  route: Route | undefined = undefined;
  /** The client_id of the accepted credential (for observers). */
  clientId: string | undefined = undefined;
  #requestId: string | undefined;

  constructor(
    request: IncomingMessage,
    readonly path: string,
    readonly search: string,
    readonly address: string,
    private readonly nextRequestId: () => string,
  ) {
    this.method = request.method ?? 'GET';
    this.headers = request.headers;
  }

  requestId(): string {
    return (this.#requestId ??= this.nextRequestId());
  }
}

/**
 * Calls the observers once the response has closed: after the answer is written, or when the
 * connection ended first (then the status is 499, nginx's "client closed request", unless a
 * status had gone out). An observer that throws is a programming error; it must not stop the others.
 */
function observeAnswer(
  observers: readonly RequestObserver[],
  response: ServerResponse,
  facts: Facts,
  answers: WeakMap<ServerResponse, Answer>,
): void {
  const started = process.hrtime.bigint();
  response.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const routeId = facts.route?.operationId ?? 'unmatched';
    const status = response.headersSent || response.writableFinished ? response.statusCode : 499;
    const answered: AnsweredRequest = {
      route: routeId,
      method: facts.method,
      path: facts.path,
      status,
      format: formatOf(routeId, answers.get(response)),
      userAgent: facts.headers['user-agent'],
      clientId: facts.clientId,
      seconds,
    };
    for (const observe of observers) {
      try {
        observe(answered);
      } catch {
        // observe.ts: observers must not throw; one that does loses its own count only.
      }
    }
  });
}

/**
 * What an answer served, from its route and media type (a 304 keeps its body's): static files
 * are `asset`s whatever their type.
 */
function formatOf(routeId: string, answer: Answer | undefined): AnsweredRequest['format'] {
  if (routeId === 'mcp') return 'mcp';
  if (routeId === 'getLlmsTxt' || routeId === 'getLlmsFullTxt') return 'llms';
  if (answer === undefined || answer.kind === 'raw') return 'other';
  if (answer.kind === 'file') return 'asset';
  const contentType = answer.kind === 'body' ? (answer.headers['content-type'] ?? answer.body.type) : answer.headers['content-type'];
  const type = contentType?.split(';', 1)[0]?.trim().toLowerCase();
  if (type === undefined) return 'other';
  if (type === 'text/html') return 'html';
  if (type === 'text/markdown') return 'markdown';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  return routeId === 'getPage' ? 'asset' : 'other';
}

/**
 * OPTIONS (204 with Allow, and for a CORS preflight of a GET/HEAD resource the public read-only
 * grant: headers.ts), or 405 with Allow for any other method the path does not take.
 * @throws {ApiError} `method_not_allowed`
 */
function otherMethod(facts: RequestFacts, routes: PathRoutes): Answer {
  const { allow } = routes;
  if (facts.method === 'OPTIONS') {
    const preflight = facts.headers.origin !== undefined && facts.headers['access-control-request-method'] !== undefined;
    return plainAnswer(204, preflight && routes.GET !== undefined ? { allow, ...PREFLIGHT_HEADERS } : { allow }, undefined);
  }
  const message = (routes.POST ?? routes.GET)?.notAllowed ?? `${facts.method} is not allowed here.`;
  throw new ApiError('method_not_allowed', { message, headers: { allow } });
}

/**
 * A path whose percent-encoding does not decode names nothing (RFC 3986 §2.1).
 * @throws {ApiError} `invalid_request`
 */
function checkPercentEncoding(path: string): void {
  try {
    decodeURIComponent(path);
  } catch {
    throw new ApiError('invalid_request', { message: 'The request path is malformed (bad percent-encoding or too long).' });
  }
}
