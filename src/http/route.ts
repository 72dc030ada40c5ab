/**
 * The shape of a route of the table (route-table.ts): which requests it takes, how the listener
 * prepares them (body, query, budget, credential) and the framework-free answer (answers/answer.ts
 * `RouteAnswer`).
 */
import type { Scope } from '../auth/scopes.js';
import type { SchemeName } from '../auth/principal.js';
import type { Credential } from '../api/operations.js';
import type { BeforeStep, RouteAnswer } from '../answers/answer.js';

/**
 * How a route's errors are answered (answers/error-answer.ts): the API's JSON, the token endpoints'
 * form, RFC 7591 §3.2.2's (`registration`: `error` is the code string whatever the request's media
 * type, as registration clients parse it), or negotiated on page URLs.
 */
export type RouteErrors = 'json' | 'oauth' | 'registration' | 'negotiated';

/** One row of the route table. */
export interface Route {
  /**
   * SPEC.md's (or the OpenAPI description's) operation id; for routes it does not describe, the
   * table's name in the same style (`getPage`, `getLlmsFullTxt`, `getRobotsTxt`, `mcp`).
   */
  operationId: string;
  /** The exact path, or `*` for the page route, which takes every other path. */
  path: string;
  /** GET (HEAD implied) or POST. */
  method: 'GET' | 'POST';
  /**
   * Whether the listener reads a credential for the answer (api/operations.ts `credential`), or
   * `lenient`: read as `optional`, but a credential that is malformed, refused or rate-limited makes
   * the request anonymous instead of an error (`/llms.txt`, which SPEC.md gives no error: issue 29).
   */
  credential: Credential | 'lenient';
  /**
   * The credential schemes the route reads (auth/schemes.ts), decided once here: the API's routes
   * take `X-API-Key` and Bearer; pages and search also the session cookie. Empty when
   * `credential` is `none`. A credential of another scheme is not read (a cookie alone is then no
   * credential).
   */
  schemes: readonly SchemeName[];
  /** Scopes a credential must carry when one is sent (the listener checks them before the answer). */
  scopes: readonly Scope[];
  /** The request body: `token` JSON or form parameters (oauth/params.ts), `json` any JSON value. */
  body?: 'token' | 'json';
  /** Query parameters validated and typed (searchSite); other routes ignore the query string. */
  query?: 'search';
  before?: BeforeStep;
  errors: RouteErrors;
  /**
   * CORS headers every answer of the route carries, errors included (http/headers.ts
   * `OAUTH_CORS_HEADERS` for the token, revocation and registration endpoints); undefined: the
   * answer decides (answers/headers.ts).
   */
  cors?: Readonly<Record<string, string>>;
  /** Message of the 405 for other methods (default `<METHOD> is not allowed here.`). */
  notAllowed?: string;
  answer: RouteAnswer;
}
