/**
 * The authorization request (RFC 6749 §4.1.1, OAuth 2.1 §4.1.1) read and checked as named one-job
 * steps, in the order RFC 6749 §4.1.2.1 asks for: first who the client is and where to answer it
 * ({@link resolveResponseTarget}: a refusal there is shown to the person, never redirected, since
 * the redirect URI cannot be trusted), then the rest ({@link validateAuthorizationRequest}: a
 * refusal is redirected to the client as an {@link AuthorizationError}).
 */
import { ApiError } from '../../errors.js';
import { parseScopeParameter, sortScopes, type Scope } from '../../auth/scopes.js';
import { ClientRefusedError, type AgentClient, type ClientRegistry } from '../clients/registry.js';
import { normalizeResource, resourcesOf } from '../settings.js';
import { redirectUriMatches } from '../clients/redirect-uris.js';
import { AuthorizationError, type ResponseTarget } from './response.js';

/** The query parameters of an authorization request: each name with every non-empty value it was given. */
export type AuthorizationQuery = ReadonlyMap<string, readonly string[]>;

/**
 * Reads the query string (RFC 6749 Appendix B: form-encoded). Parameters sent without a value are
 * treated as omitted (RFC 6749 §3.1).
 * @param search the query string with its `?`, or `''`
 */
export function readAuthorizationQuery(search: string): AuthorizationQuery {
  const query = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(search)) {
    if (value === '') continue;
    const values = query.get(name);
    if (values === undefined) query.set(name, [value]);
    else values.push(value);
  }
  return query;
}

/** The client and where its answers go, once both are known to be right. */
export interface CheckedTarget extends ResponseTarget {
  client: AgentClient;
}

/**
 * The one value of a parameter that must be there, for the steps that answer on a page.
 * @throws {ApiError} `invalid_request` when it is missing or repeated
 */
function requiredOnce(query: AuthorizationQuery, name: string): string {
  const values = query.get(name) ?? [];
  const [value] = values;
  if (value === undefined) throw new ApiError('invalid_request', { message: `The authorization request has no ${name}.` });
  if (values.length > 1) throw new ApiError('invalid_request', { message: `The parameter ${name} is repeated (RFC 6749 §3.1).` });
  return value;
}

/**
 * Step: the client (oauth/clients/registry.ts) and the redirect URI, which must be exactly one the
 * client registered (OAuth 2.1 §4.1.2.1, RFC 9700 §4.1.3). `state` is read here too, so that
 * every later refusal can carry it; a repeated `state` is left out (the request is refused later).
 * @throws {ApiError} `invalid_request` (client_id or redirect_uri missing or repeated, an unknown
 *   or refused client: the message says which), `invalid_redirect_uri` (not registered); rejects
 *   with other errors when the registry fails unexpectedly; `rate_limited` when the address fetched
 *   too many metadata documents
 * @param address the client address (metadata-document fetches are rate-limited per address)
 */
export async function resolveResponseTarget(clients: ClientRegistry, query: AuthorizationQuery, address: string): Promise<CheckedTarget> {
  const clientId = requiredOnce(query, 'client_id');
  const redirectUri = requiredOnce(query, 'redirect_uri');
  let client: AgentClient;
  try {
    // The address bounds how many metadata documents one client address can make this server fetch.
    client = await clients.resolve(clientId, { address });
  } catch (error) {
    if (error instanceof ClientRefusedError) throw new ApiError('invalid_request', { message: error.message });
    throw error;
  }
  if (!client.redirectUris.some((registered) => redirectUriMatches(registered, redirectUri)))
    throw new ApiError('invalid_redirect_uri', {
      message: `The redirect_uri is not one that the client ${client.name} registered; nothing was sent to it.`,
    });
  const states = query.get('state') ?? [];
  return { client, redirectUri, state: states.length === 1 ? states[0] : undefined };
}

/** The checked parameters of a request whose client and redirect URI are known. */
export interface CheckedRequest {
  /** PKCE S256 `code_challenge` (RFC 7636 §4.2). */
  codeChallenge: string;
  /** The scopes asked for, in SPEC.md order; undefined when `scope` was omitted (all the person's). */
  requestedScopes: Scope[] | undefined;
  /** RFC 8707 resource, normalized without a trailing `/`: `{baseUrl}` (the default) or `{baseUrl}/mcp`. */
  resource: string;
}

/** `code_challenge`: 43–128 base64url characters (RFC 7636 §4.2; S256 gives 43). */
const CODE_CHALLENGE = /^[\w-]{43,128}$/;

/**
 * Step: no parameter given twice (RFC 6749 §3.1); `resource` is RFC 8707's, which a client may
 * repeat, but this server issues tokens for one resource at a time (§2: `invalid_target`).
 * @throws {AuthorizationError} `invalid_request`, `invalid_target`
 */
function checkRepeated(query: AuthorizationQuery): void {
  for (const [name, values] of query) {
    if (values.length < 2) continue;
    if (name === 'resource') throw new AuthorizationError('invalid_target', 'Ask for one resource per authorization request.');
    throw new AuthorizationError('invalid_request', `The parameter ${name} is repeated (RFC 6749 §3.1).`);
  }
}

/**
 * Step: `response_type` must be `code` (OAuth 2.1 §4.1.1: the only one).
 * @throws {AuthorizationError} `invalid_request` when missing, `unsupported_response_type` otherwise
 */
function checkResponseType(query: AuthorizationQuery): void {
  const responseType = query.get('response_type')?.[0];
  if (responseType === undefined) throw new AuthorizationError('invalid_request', 'response_type is required; use code.');
  if (responseType !== 'code') throw new AuthorizationError('unsupported_response_type', 'Only response_type code is supported.');
}

/**
 * Step: PKCE with S256 (OAuth 2.1 §4.1.1, RFC 7636 §4.3). A missing `code_challenge_method` means
 * `plain` (RFC 7636 §4.3), which is refused: S256 is required (RFC 9700 §2.1.1).
 * @returns the code challenge
 * @throws {AuthorizationError} `invalid_request`
 */
function checkPkce(query: AuthorizationQuery): string {
  const challenge = query.get('code_challenge')?.[0];
  if (challenge === undefined)
    throw new AuthorizationError('invalid_request', 'code_challenge is required (PKCE, RFC 7636) with code_challenge_method S256.');
  const method = query.get('code_challenge_method')?.[0];
  if (method !== 'S256')
    throw new AuthorizationError(
      'invalid_request',
      method === undefined
        ? 'code_challenge_method is required and must be S256 (without it the method is plain, which is not supported).'
        : 'code_challenge_method must be S256; plain is not supported.',
    );
  if (!CODE_CHALLENGE.test(challenge))
    throw new AuthorizationError('invalid_request', 'code_challenge must be 43 to 128 base64url characters.');
  return challenge;
}

/**
 * Step: the scopes asked for must be known (RFC 6749 §3.3).
 * @returns them in SPEC.md order, or undefined when `scope` was omitted
 * @throws {AuthorizationError} `invalid_scope`
 */
function checkScopes(query: AuthorizationQuery): Scope[] | undefined {
  const scope = query.get('scope')?.[0];
  if (scope === undefined || scope.trim() === '') return undefined;
  const { scopes, unknown } = parseScopeParameter(scope);
  if (unknown.length > 0) throw new AuthorizationError('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);
  return scopes;
}

/**
 * Step: the RFC 8707 resource must be this site or its MCP server (settings.ts `resourcesOf`),
 * with or without a trailing `/` (settings.ts `normalizeResource`); omitted, it is the site.
 * @param baseUrl the public base URL without trailing slash
 * @returns the resource without a trailing `/`
 * @throws {AuthorizationError} `invalid_target`
 */
function checkResource(query: AuthorizationQuery, baseUrl: string): string {
  const resource = query.get('resource')?.[0];
  if (resource === undefined) return baseUrl;
  const normalized = normalizeResource(resource);
  const served = resourcesOf(baseUrl).find((one) => normalized === one);
  if (served === undefined)
    throw new AuthorizationError(
      'invalid_target',
      `The resource is not served by this authorization server; use ${baseUrl}/mcp or ${baseUrl}.`,
    );
  return served;
}

/**
 * Every step after the client and redirect URI, in order: repeated parameters, response_type,
 * PKCE, scope, resource.
 * @param baseUrl the public base URL without trailing slash
 * @throws {AuthorizationError} the first refusal
 */
export function validateAuthorizationRequest(query: AuthorizationQuery, baseUrl: string): CheckedRequest {
  checkRepeated(query);
  checkResponseType(query);
  const codeChallenge = checkPkce(query);
  const requestedScopes = checkScopes(query);
  return { codeChallenge, requestedScopes, resource: checkResource(query, baseUrl) };
}

/**
 * The scopes an agent may get: those asked for (all of the person's when none were) that the
 * person holds. An agent never gets more than its person (issue 30).
 * @param personScopes the scopes of the person's session
 * @throws {AuthorizationError} `access_denied` when none is left
 */
export function grantableScopes(requested: readonly Scope[] | undefined, personScopes: readonly Scope[]): Scope[] {
  const scopes = sortScopes((requested ?? personScopes).filter((scope) => personScopes.includes(scope)));
  if (scopes.length === 0) throw new AuthorizationError('access_denied', 'The account signed in holds none of the scopes asked for.');
  return scopes;
}
