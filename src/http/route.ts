/**
 * The shape of a route of the table (route-table.ts): which requests it takes, how the listener
 * prepares them (body, query, budget, credential) and the framework-free answer.
 */
import type { Principal } from '../auth/principal.js';
import type { Scope } from '../auth/scopes.js';
import type { Credential } from '../api/operations.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { Answer, RequestFacts } from './answer.js';

/**
 * An answer: `(request facts, snapshot, principal) → answer`. The principal is the request's
 * authenticated credential (undefined when none was sent or the route takes none).
 * @throws {ApiError} for a refusal, which the listener turns into the route's error form
 */
export type RouteAnswer = (facts: RequestFacts, snapshot: Snapshot, principal: Principal | undefined) => Answer | Promise<Answer>;

/**
 * A step that runs before the credential is checked (a rate limit the address pays first, a refusal
 * that needs no credential); it may answer in the route's place.
 * @throws {ApiError} for a refusal
 */
export type BeforeStep = (facts: RequestFacts) => Promise<Answer | undefined>;

/** How a route's errors are answered (error-answer.ts): the API's JSON, the token endpoints' form, or negotiated on page URLs. */
export type RouteErrors = 'json' | 'oauth' | 'negotiated';

/** One row of the route table. */
export interface Route {
  /** SPEC.md's (or the OpenAPI description's) operation id; undefined for routes it does not describe. */
  operationId: string | undefined;
  /**
   * The route's name where it must have one (metrics, analytics: http/observe.ts): the operation id,
   * else `getLlmsFullTxt`, `getRobotsTxt`, `mcp` or `getPage`.
   */
  name: string;
  /** The exact path, or `*` for the page route, which takes every other path. */
  path: string;
  /** GET (HEAD implied) or POST. */
  method: 'GET' | 'POST';
  /** Whether the listener reads a credential for the answer (api/operations.ts `credential`). */
  credential: Credential;
  /** Scopes a credential must carry when one is sent (the listener checks them before the answer). */
  scopes: readonly Scope[];
  /** The request body: `token` JSON or form parameters (oauth/params.ts), `json` any JSON value. */
  body?: 'token' | 'json';
  /** Query parameters validated and typed (searchSite); other routes ignore the query string. */
  query?: 'search';
  before?: BeforeStep;
  errors: RouteErrors;
  /** Message of the 405 for other methods (default `<METHOD> is not allowed here.`). */
  notAllowed?: string;
  answer: RouteAnswer;
}
