/**
 * The credential schemes, a small registry (DESIGN.md "Who may read what"): `X-API-Key` and
 * `Authorization: Bearer` (SPEC.md §5), and the browser session cookie of a person signed in
 * through the identity provider (issue 29). Each scheme checks its own value, from its own cache
 * or afresh; every answer then asks the same question (which principal, which scopes) and
 * nothing else branches on the scheme. Where a request carries each credential is read by
 * http/credentials.ts; which schemes a route takes is its row of the route table.
 */
import { ApiError } from '../errors.js';
import type { ApiKeyRecord } from '../store/store.js';
import type { AuthServices } from './authenticate.js';
import { parseApiKey } from './api-keys.js';
import { recordFailure } from './brute-force.js';
import type { Principal, SchemeName } from './principal.js';

/** One credential scheme: how a presented value becomes a principal. */
export interface CredentialScheme {
  readonly name: SchemeName;
  /**
   * Whether a value can be refused, and so counts against the address's failed-authentication
   * budget (brute-force.ts), which is checked before the value is.
   */
  readonly refusable: boolean;
  /** The principal of a value accepted moments ago, without I/O; undefined when it must be checked afresh. */
  cached(services: AuthServices, value: string): Principal | undefined;
  /**
   * Checks a value afresh and remembers it for {@link cached}.
   * @param address the client's IP address, for failure counting
   * @returns the principal, or undefined when the value is no credential at all (a session cookie
   *   naming no live session: the request is anonymous)
   * @throws {ApiError} when the credential is refused (`invalid_api_key`, `invalid_token`, `token_expired`)
   */
  verify(services: AuthServices, value: string, address: string): Promise<Principal | undefined>;
}

/** The principal of each cached key record, made once: a record is replaced, never changed, when its key changes. */
const apiKeyPrincipals = new WeakMap<ApiKeyRecord, Principal>();

/** `X-API-Key: sgk_…` (SPEC.md §5; auth/api-keys.ts). */
const apiKeyScheme: CredentialScheme = {
  name: 'apiKey',
  refusable: true,
  cached(services, value) {
    const key = services.keys.cachedApiKey(value);
    if (key === undefined) return undefined;
    let principal = apiKeyPrincipals.get(key);
    if (principal === undefined) apiKeyPrincipals.set(key, (principal = { scheme: 'apiKey', clientId: key.id, scopes: key.scopes }));
    return principal;
  },
  async verify(services, value, address) {
    const parsed = parseApiKey(value);
    if (parsed === undefined) {
      await recordFailure(services, address, null, 'invalid_api_key');
      throw new ApiError('invalid_api_key', { message: 'The API key is malformed (prefix, length or checksum).' });
    }
    const result = await services.keys.verify(parsed.clientId, parsed.clientSecret);
    if (!result.ok) {
      await recordFailure(services, address, parsed.clientId, 'invalid_api_key');
      throw new ApiError('invalid_api_key');
    }
    services.keys.touch(result.key.id);
    services.keys.rememberApiKey(value, result.key);
    return { scheme: 'apiKey', clientId: result.key.id, scopes: result.key.scopes };
  },
};

/** `Authorization: Bearer <JWT access token>` (RFC 6750 §2.1, RFC 9068; auth/access-tokens.ts). */
const bearerScheme: CredentialScheme = {
  name: 'bearer',
  refusable: true,
  cached: (services, value) => services.tokens.cachedPrincipal(value),
  async verify(services, value, address) {
    try {
      const principal = await services.tokens.verify(value);
      // An agent's token (issue 30) has no API key behind it: its grant records its last refresh.
      if (principal.agentGrant === undefined) services.keys.touch(principal.clientId);
      return principal;
    } catch (error) {
      if (error instanceof ApiError) await recordFailure(services, address, null, error.code);
      throw error;
    }
  },
};

/**
 * The session cookie (issue 29; auth/sessions.ts). A cookie that names no live session is no
 * credential, not a failure: browsers keep sending a cookie after its session ended, and its
 * 256 random bits leave nothing to guess, so it is neither counted nor audited, and checking it
 * costs no rate-limit look-up (a stale cookie is answered from the service's negative cache).
 */
const sessionScheme: CredentialScheme = {
  name: 'session',
  refusable: false,
  cached: (services, value) => services.sessions.cachedPrincipal(value),
  verify: (services, value) => services.sessions.verify(value),
};

/**
 * The schemes of the API's routes: the headers an API client sends. whoami keeps the SPEC contract
 * (API key or bearer only); /mcp and the token endpoints never take the session cookie, which a
 * browser would attach to a cross-site POST (CSRF).
 */
export const API_SCHEMES: readonly SchemeName[] = ['apiKey', 'bearer'];
/** The schemes of what a signed-in reader's browser asks for: pages and search (JSON and page). */
export const READER_SCHEMES: readonly SchemeName[] = ['apiKey', 'bearer', 'session'];

/** Every scheme, by name. */
export const SCHEMES: Readonly<Record<SchemeName, CredentialScheme>> = {
  apiKey: apiKeyScheme,
  bearer: bearerScheme,
  session: sessionScheme,
};
