/**
 * The production listener: the one `(request, response)` handler `serve` installs on node:http
 * and tests inject into (test/app.ts, light-my-request). For every request: the limits of its target, one
 * lookup in the route table, the route's preparation (body, query, steps before the credential,
 * the credential), its answer, and the one writer; any error becomes {@link errorAnswer} in the
 * route's form. Anonymous requests and those whose credential (API key, token or session cookie,
 * among the schemes the route takes) was accepted moments ago run synchronously end to end, so
 * precomputed answers cost no more than a bare node:http server's. Observers get the principal's
 * client_id (`browser-session` for every person), never a credential's value.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ApiError } from '../errors.js';
import { authenticate, cachedPrincipal, requireScopes } from '../auth/authenticate.js';
import type { PresentedCredential, Principal } from '../auth/principal.js';
import { SILENT_LOG, type Log } from '../log.js';
import type { Answer, RequestFacts } from '../answers/answer.js';
import { plainAnswer } from '../answers/answer.js';
import type { AppContext } from '../answers/context.js';
import type { Route } from './route.js';
import { buildRouteTable, PAGE_PATH, type PathRoutes } from './route-table.js';
import { createWriter } from './write.js';
import { signOutFormTargets } from '../signin/settings.js';
import { errorAnswer, internalError, negotiatedErrorForm, type ErrorSite } from '../answers/error-answer.js';
import { PREFLIGHT_HEADERS, splitTarget, transportHeaders } from './headers.js';
import { credentialReader } from './credentials.js';
import { clientAddressOf } from './client-address.js';
import { refusedTarget } from './limits.js';
import { parseSearchQuery } from './search-query.js';
import { BodyAborted, readRequestBody } from './request-body.js';
import { createRequestIds } from './request-id.js';
import { readsDuration, type RequestObserver } from './observe.js';
import { answerFormat } from './answer-format.js';

/** Options of {@link createListener}. */
export interface ListenerOptions {
  /** Where unexpected errors go, with the request id (default: nowhere). */
  log?: Log;
  /** Request ids (default: a generator of its own). */
  nextRequestId?: () => string;
  /**
   * Told of every request once its answer is written (metrics, analytics). With none, the
   * listener does not even read the clock; with only untimed ones (observe.ts), no clock either.
   */
  observers?: readonly RequestObserver[];
  /**
   * Counts conditional requests (RFC 9110 §13.1.2) of precomputed bodies: `true` when
   * If-None-Match matched and a 304 went out, `false` when the whole body did.
   */
  onConditional?: (hit: boolean) => void;
}

/**
 * The status an observer is told of a response that was destroyed before its head went out: 499,
 * nginx's "client closed request" (the usual cause: the client went away while its body was read).
 */
const NO_ANSWER_STATUS = 499;

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
  const write = createWriter(transportHeaders(baseUrl), options.onConditional);
  const site: ErrorSite = { baseUrl, formTargets: signOutFormTargets(ctx.config.auth), snapshot: () => ctx.snapshot() };
  const observers = options.observers ?? [];
  const observing = observers.length > 0;
  const timing = readsDuration(observers);
  const addressOf = clientAddressOf(ctx.config);
  // Reads the credential among the route's schemes: headers first, then the session cookie.
  const readCredential = credentialReader(baseUrl);

  /** Tells the observers of a request, once, after its answer (or its end without one). */
  const observe = (response: ServerResponse, facts: Facts, route: Route | undefined, answer: Answer | undefined): void => {
    if (facts.observed) return;
    facts.observed = true;
    const name = route?.operationId ?? 'unmatched';
    const answered = {
      route: name,
      method: facts.method,
      path: facts.path,
      resource: resourceOf(route, answer),
      status: response.headersSent ? response.statusCode : NO_ANSWER_STATUS,
      format: answerFormat(name, answer),
      userAgent: facts.headers['user-agent'],
      clientId: facts.clientId,
      seconds: timing ? Number(process.hrtime.bigint() - facts.startedNs) / 1e9 : Number.NaN,
    };
    for (const observer of observers)
      try {
        observer(answered);
      } catch (error) {
        // An observer must not throw; if one does, the answer is out already and stays so.
        log.error({ err: error }, 'request observer failed');
      }
  };

  /** Writes an answer with the one writer; when observed, tells the observers once it is out. */
  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    facts: Facts,
    route: Route | undefined,
    given: Answer,
  ): Promise<void> | undefined => {
    const answer = route?.cors === undefined ? given : withCors(given, route.cors);
    const written = write(request, response, answer);
    if (!observing) return written;
    if (written === undefined) {
      observe(response, facts, route, answer);
      return undefined;
    }
    // A raw answer that fails is observed by `fail`, which answers or ends it.
    return written.then(() => observe(response, facts, route, answer));
  };

  /** Sends an error in the route's form; an unexpected one is logged and becomes a 500. */
  const fail = (request: IncomingMessage, response: ServerResponse, route: Route | undefined, facts: Facts, error: unknown): void => {
    if (error instanceof BodyAborted) {
      response.destroy();
      if (observing) observe(response, facts, route, undefined);
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
      if (observing) observe(response, facts, route, undefined);
      return;
    }
    void send(request, response, facts, route, errorOf(route, facts, apiError));
  };

  const errorOf = (route: Route | undefined, facts: RequestFacts, error: ApiError): Answer => {
    const errors = route?.errors ?? 'json';
    // A 500 goes out as the error object (or the token endpoints' form): rendering a page could fail again.
    if (errors === 'negotiated' && error.code !== 'internal_error')
      return errorAnswer(error, negotiatedErrorForm(facts.headers.accept), facts, site, { negotiated: true });
    return errorAnswer(error, errors === 'negotiated' ? 'json' : errors, facts, site);
  };

  /** The principal the route's answer gets, after its credential and scope checks. */
  const admit = (route: Route, principal: Principal | undefined): Principal | undefined => {
    if (principal === undefined) {
      if (route.credential === 'required') throw new ApiError('credential_required');
      return undefined;
    }
    if (route.scopes.length > 0) requireScopes(principal, route.scopes);
    return principal;
  };

  const settle = (request: IncomingMessage, response: ServerResponse, route: Route, facts: Facts, answer: Promise<Answer>): void => {
    answer
      .then((ready) => send(request, response, facts, route, ready))
      .catch((error: unknown) => fail(request, response, route, facts, error));
  };

  /**
   * The credential a request presents to its route, or undefined; for a `lenient` route, also
   * undefined for one that cannot be read (both headers, a malformed Authorization).
   * @throws {ApiError} as http/credentials.ts, for other routes
   */
  const credentialOf = (route: Route, facts: Facts, socket: object): PresentedCredential | undefined => {
    if (route.credential === 'none') return undefined;
    if (route.credential !== 'lenient') return readCredential(facts, route.schemes, socket);
    try {
      return readCredential(facts, route.schemes, socket);
    } catch {
      return undefined;
    }
  };

  /** The route's steps that wait: body, before-steps, a credential checked afresh, an async answer. */
  const prepareAndAnswer = async (request: IncomingMessage, route: Route, facts: Facts): Promise<Answer> => {
    if (route.body !== undefined) facts.body = await readRequestBody(request, route.body, limits.bodyLimitBytes);
    if (route.query === 'search') facts.query = parseSearchQuery(facts.search) as unknown as RequestFacts['query'];
    const early = await route.before?.(facts);
    if (early !== undefined) return early;
    const credential = credentialOf(route, facts, request.socket);
    // A session cookie naming no live session authenticates as nobody: the request is anonymous.
    let principal: Principal | undefined;
    if (credential !== undefined) {
      const checked = authenticate(ctx.auth, credential, facts.address);
      principal = await (route.credential === 'lenient' ? checked.catch(() => undefined) : checked);
    }
    facts.clientId = principal?.clientId;
    return route.answer(facts, ctx.snapshot(), admit(route, principal));
  };

  /** Answers a request its route can answer without waiting, or hands it to {@link prepareAndAnswer}. */
  const dispatch = (request: IncomingMessage, response: ServerResponse, route: Route, facts: Facts): void => {
    if (route.body !== undefined || route.before !== undefined || route.query !== undefined)
      return settle(request, response, route, facts, prepareAndAnswer(request, route, facts));
    let principal: Principal | undefined;
    if (route.credential !== 'none') {
      const credential = credentialOf(route, facts, request.socket);
      if (credential !== undefined) {
        principal = cachedPrincipal(ctx.auth, credential, facts.address);
        // A miss is counted by authenticate(), which looks the credential up again.
        if (principal === undefined) return settle(request, response, route, facts, prepareAndAnswer(request, route, facts));
        ctx.auth.onCredentialCache?.(true);
        facts.clientId = principal.clientId;
      }
    }
    const answer = route.answer(facts, ctx.snapshot(), admit(route, principal));
    if (answer instanceof Promise) return settle(request, response, route, facts, answer);
    void send(request, response, facts, route, answer);
  };

  return function serve(request, response) {
    const url = request.url ?? '/';
    const [path, search] = splitTarget(url);
    // The address is read now: once the socket closes, node no longer knows it.
    const facts = new Facts(request, path, search, addressOf(request), nextRequestId, timing ? process.hrtime.bigint() : 0n);
    let route: Route | undefined;
    try {
      const refused = refusedTarget(request, limits);
      if (refused !== undefined) {
        const answer = errorAnswer(refused, 'json', facts, site);
        // The body of a refused request is not read: close rather than wait for it.
        void send(
          request,
          response,
          facts,
          undefined,
          refused.code === 'payload_too_large' ? { ...answer, headers: { ...answer.headers, connection: 'close' } } : answer,
        );
        return;
      }
      if (path.includes('%')) checkPercentEncoding(path);
      const routes = table.lookup(path);
      routes.guard?.(facts);
      route = facts.method === 'HEAD' ? routes.GET : routes[facts.method as 'GET' | 'POST'];
      if (route === undefined) {
        // The token endpoints answer every refusal in their own form; other paths the error object.
        route = routes.POST?.errors === 'oauth' || routes.POST?.errors === 'registration' ? routes.POST : undefined;
        void send(request, response, facts, route, otherMethod(facts, routes));
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
  /** The client_id of the credential the request authenticated with, for observers. */
  clientId: string | undefined = undefined;
  /** Whether the observers were told of this request (they are told once). */
  observed = false;
  #requestId: string | undefined;

  constructor(
    request: IncomingMessage,
    readonly path: string,
    readonly search: string,
    readonly address: string,
    private readonly nextRequestId: () => string,
    /** process.hrtime.bigint() at arrival when an observer reads durations, else 0. */
    readonly startedNs: bigint,
  ) {
    this.method = request.method ?? 'GET';
    this.headers = request.headers;
  }

  requestId(): string {
    return (this.#requestId ??= this.nextRequestId());
  }
}

/**
 * The site's path for what answered (observe.ts `resource`): a named route's own path (the table
 * matched it exactly), else what the page route's answer says it served.
 */
function resourceOf(route: Route | undefined, answer: Answer | undefined): string | undefined {
  if (route !== undefined && route.path !== PAGE_PATH) return route.path;
  return answer === undefined || answer.kind === 'raw' ? undefined : answer.resource;
}

/**
 * OPTIONS (204 with Allow, and for a CORS preflight the path's grant: its own, or for a GET/HEAD
 * resource the public read-only one: headers.ts), or 405 with Allow for any other method the path
 * does not take.
 * @throws {ApiError} `method_not_allowed`
 */
function otherMethod(facts: RequestFacts, routes: PathRoutes): Answer {
  const { allow } = routes;
  if (facts.method === 'OPTIONS') {
    const preflight = facts.headers.origin !== undefined && facts.headers['access-control-request-method'] !== undefined;
    const grant = routes.preflight ?? (routes.GET !== undefined ? PREFLIGHT_HEADERS : undefined);
    return plainAnswer(204, preflight && grant !== undefined ? { allow, ...grant } : { allow }, undefined);
  }
  const message = (routes.POST ?? routes.GET)?.notAllowed ?? `${facts.method} is not allowed here.`;
  throw new ApiError('method_not_allowed', { message, headers: { allow } });
}

/** The answer with the route's CORS headers (route.ts `cors`): computed answers only, as the routes that set it give. */
function withCors(answer: Answer, cors: Readonly<Record<string, string>>): Answer {
  if (answer.kind !== 'plain') return answer;
  return { ...answer, headers: { ...answer.headers, ...cors } };
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
