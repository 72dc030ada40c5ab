/**
 * registerOAuthClient: RFC 7591 dynamic client registration (`POST /api/v1/oauth/register`), for
 * agents that know no Client ID Metadata Documents. Off unless `auth.dynamicClientRegistration`
 * (then 404, and the AS metadata names no `registration_endpoint`). The steps: the address pays
 * one registration (`clientRegistrations` limit), the metadata is checked (oauth/clients/registration.ts),
 * the client is stored with its `client_registered` audit event, and 201 answers the client
 * information (§3.2.1). Errors go out in RFC 7591 §3.2.2's shape (route errors `registration`).
 */
import { ApiError } from '../errors.js';
import { rateLimitHeaders, type RateLimiter } from '../auth/rate-limits.js';
import type { AgentServices } from '../oauth/context.js';
import { newRegisteredClientId, registerClient } from '../oauth/clients/registration.js';
import { TOKEN_SUCCESS_HEADERS } from '../oauth/answers.js';
import { plainAnswer, type BeforeStep, type RouteAnswer } from './answer.js';

/** Whether registration is on: agents built and `auth.dynamicClientRegistration` true. */
export function registrationEnabled(agents: AgentServices | undefined): agents is AgentServices {
  return agents?.settings.dynamicClientRegistration === true;
}

/**
 * Step: the client address pays one registration.
 * @throws {ApiError} `rate_limited` (429) with Retry-After and the RateLimit fields when it is spent
 */
export function spendRegistrationBudget(limiter: Pick<RateLimiter, 'consume'>): BeforeStep {
  return async function spendRegistrationBudget(facts) {
    const limit = await limiter.consume('clientRegistrations', facts.address);
    if (!limit.allowed)
      throw new ApiError('rate_limited', { message: 'Too many client registrations from this address.', headers: rateLimitHeaders(limit) });
    return undefined;
  };
}

/**
 * registerOAuthClient's answer: 201 with the client information, never cached (RFC 7591 §3.2.1).
 * @throws {ApiError} `not_found` when registration is off; `invalid_redirect_uri`, `invalid_client_metadata` (§3.2.2)
 */
export function registerOAuthClientAnswer(agents: AgentServices | undefined): RouteAnswer {
  return async function registerOAuthClient(facts) {
    if (!registrationEnabled(agents))
      throw new ApiError('not_found', { message: 'Dynamic client registration is off here (auth.dynamicClientRegistration).' });
    const at = agents.now();
    const { record, response } = registerClient(facts.body, at, newRegisteredClientId());
    await agents.store.createOAuthClient(record, {
      at,
      type: 'client_registered',
      clientId: record.id,
      address: facts.address,
      detail: `name=${JSON.stringify(record.name)}`,
    });
    return plainAnswer(201, TOKEN_SUCCESS_HEADERS, JSON.stringify(response));
  };
}
