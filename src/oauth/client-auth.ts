/**
 * Client authentication at the token endpoints (RFC 6749 §2.3.1): HTTP Basic or the body's
 * client_id and client_secret, never both; brute-force limits before any secret is checked; and
 * one 401 `invalid_client` for every refusal. The budgets themselves are auth/brute-force.ts.
 * Agents (issue 30) are public clients: a client_id alone, resolved by the client registry.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, type Scope } from '../errors.js';
import { checkTokenBudgets, recordClientFailure } from '../auth/brute-force.js';
import { isClientId } from '../auth/api-keys.js';
import { AUTH_REALM } from './answers.js';
import type { AgentServices, OAuthContext, TokenRequest } from './context.js';
import { ClientRefusedError, type AgentClient } from './clients/registry.js';
import type { TokenParams } from './params.js';

/** An authenticating client: its credentials and how it sent them (RFC 8414 auth method names). */
export interface ClientAuth {
  clientId: string;
  clientSecret: string;
  method: 'client_secret_basic' | 'client_secret_post';
}

const BASIC = /^Basic +([A-Za-z0-9+/]+=*) *$/i;

/** Decodes one half of the Basic credentials (RFC 6749 §2.3.1, Appendix B: form-urlencoded). */
function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new ApiError('invalid_request', { message: 'The Basic credentials are not correctly percent-encoded.' });
  }
}

/**
 * Step: the client's credentials, from HTTP Basic (RFC 6749 §2.3.1, each half form-urlencoded:
 * Appendix B) or from the body, never both.
 * @param headers the request's headers (lower-case names)
 * @throws {ApiError} `invalid_request` for a malformed or non-Basic Authorization header, both
 *   methods at once, a body client_id differing from Basic's, or missing credentials
 */
export function readClientAuth(headers: IncomingHttpHeaders, params: TokenParams): ClientAuth {
  const header = headers.authorization;
  const basic = header === undefined ? null : BASIC.exec(header);
  if (header !== undefined && basic === null)
    throw new ApiError('invalid_request', { message: 'The Authorization header must be "Basic <base64(client_id:client_secret)>".' });
  if (basic?.[1] !== undefined) {
    if (params.client_secret !== undefined)
      throw new ApiError('invalid_request', {
        message: 'Authenticate the client once: HTTP Basic or client_secret in the body, not both.',
      });
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon === -1) throw new ApiError('invalid_request', { message: 'The Basic credentials must be client_id:client_secret.' });
    const clientId = formDecode(decoded.slice(0, colon));
    const clientSecret = formDecode(decoded.slice(colon + 1));
    if (params.client_id !== undefined && params.client_id !== clientId)
      throw new ApiError('invalid_request', { message: 'client_id in the body differs from the Basic credentials.' });
    return { clientId, clientSecret, method: 'client_secret_basic' };
  }
  const { client_id: clientId, client_secret: clientSecret } = params;
  if (clientId === undefined || clientId === '' || clientSecret === undefined || clientSecret === '') {
    throw new ApiError('invalid_request', { message: 'client_id and client_secret are required.' });
  }
  return { clientId, clientSecret, method: 'client_secret_post' };
}

/**
 * Step: the client must be a known, active key with this secret; any refusal is the same 401,
 * counted against the address and the client_id at that address, and audited. A client_id without
 * the shape of one (`sgc_` and 16 hex digits) is refused before the store is asked, audited as no
 * client and counted against the address only: it may hold anything, a NUL that PostgreSQL
 * refuses included, and has no secret to guess.
 * @returns the scopes granted to the key
 * @throws {ApiError} `invalid_client`, with `WWW-Authenticate: Basic` when the client used HTTP
 *   Basic (RFC 6749 §5.2). Without it when the secret came in the body: §5.2 asks for the challenge
 *   of the scheme the client used, and OAuth clients (openid-client, oauth4webapi) then surface the
 *   error body (`invalid_client`) rather than a bare challenge.
 */
export async function authenticateClient(ctx: OAuthContext, address: string, auth: ClientAuth): Promise<Scope[]> {
  const wellFormed = isClientId(auth.clientId);
  if (wellFormed) {
    const result = await ctx.auth.keys.verify(auth.clientId, auth.clientSecret);
    if (result.ok) return result.key.scopes;
  }
  await recordClientFailure(ctx.auth, address, wellFormed ? auth.clientId : null);
  const headers: Record<string, string> =
    auth.method === 'client_secret_basic' ? { 'www-authenticate': `Basic realm="${AUTH_REALM}"` } : {};
  throw new ApiError('invalid_client', { headers });
}

/**
 * The client_id of a public client (issue 30: an agent; RFC 6749 §2.1, OAuth 2.1 §2.4): sent in
 * the body, or as HTTP Basic with an empty secret (RFC 6749 §2.3.1 as the MCP SDK may send it), and
 * no secret anywhere. A client_id with the shape of an API key's is never a public client.
 * @returns the client_id, or undefined when the request is no public client's (a secret was sent,
 *   no client_id was, or it has an API key's shape): {@link readClientAuth} then decides
 * @throws {ApiError} `invalid_request` as {@link readClientAuth} for a malformed Authorization header
 */
export function readPublicClientId(headers: IncomingHttpHeaders, params: TokenParams): string | undefined {
  if (headers.authorization === undefined && (params.client_secret ?? '') === '') {
    const clientId = params.client_id;
    return clientId === undefined || clientId === '' || isClientId(clientId) ? undefined : clientId;
  }
  const auth = readClientAuth(headers, params);
  return auth.clientSecret === '' && auth.clientId !== '' && !isClientId(auth.clientId) ? auth.clientId : undefined;
}

/**
 * Step of the agent grants (authorization_code, refresh_token): the client must be a public agent
 * client known to the registry (a Client ID Metadata Document, a registered or configured client),
 * within the token budgets of its address and client_id.
 * @returns the agent's client
 * @throws {ApiError} `unauthorized_client` for an API key's client_id (API keys use
 *   client_credentials, RFC 6749 §5.2); `invalid_request` without a client_id; `invalid_client`
 *   (401) when a secret is sent (agents are public clients) or the registry refuses the client_id;
 *   `rate_limited`
 */
export async function authenticatePublicClient(
  ctx: OAuthContext,
  agents: AgentServices,
  request: TokenRequest,
  params: TokenParams,
): Promise<AgentClient> {
  const clientId = readPublicClientId(request.headers, params);
  if (clientId === undefined) {
    const named = request.headers.authorization === undefined ? (params.client_id ?? '') : readClientAuth(request.headers, params).clientId;
    if (named === '') throw new ApiError('invalid_request', { message: 'client_id is required.' });
    if (isClientId(named))
      throw new ApiError('unauthorized_client', {
        message:
          'API keys use grant_type client_credentials; this grant is for agents, public clients identified by their client_id alone.',
      });
    throw new ApiError('invalid_client', {
      message: 'Agents are public clients: send the client_id alone, without a secret (token_endpoint_auth_method "none").',
    });
  }
  return resolvePublicClient(ctx, agents, request.address, clientId);
}

/**
 * Step: a public client's client_id, within the token budgets, must be one the registry knows.
 * @returns the agent's client
 * @throws {ApiError} `rate_limited`; `invalid_client` (401) when the registry refuses the client_id
 */
export async function resolvePublicClient(
  ctx: OAuthContext,
  agents: AgentServices,
  address: string,
  clientId: string,
): Promise<AgentClient> {
  await checkTokenBudgets(ctx.auth, address, clientId);
  try {
    return await agents.clients.resolve(clientId);
  } catch (error) {
    if (error instanceof ClientRefusedError) throw new ApiError('invalid_client', { message: error.message });
    throw error;
  }
}
