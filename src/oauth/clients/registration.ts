/**
 * RFC 7591 dynamic client registration of agents' public clients (`POST /api/v1/oauth/register`,
 * on when `auth.dynamicClientRegistration` is): the request's client metadata (§2, §3.1) checked
 * and completed into what is stored and answered (§3.2.1). Pure: the answer (answers/registration.ts)
 * spends the rate limit, stores and audits.
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../errors.js';
import type { OAuthClientRecord } from '../../store/store.js';
import { checkRedirectUri } from './redirect-uris.js';
import { cleanClientName, httpsUri } from './cimd-document.js';
import { REGISTERED_CLIENT_PREFIX } from './registry.js';

/** The grant types a registered client may use (OAuth 2.1: authorization code with PKCE, refresh tokens). */
export const REGISTRABLE_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

/** Most redirect URIs one registration may list. */
export const MAX_REDIRECT_URIS = 10;

/** The client information response (RFC 7591 §3.2.1): the registered metadata and the new client_id. */
export interface ClientInformation {
  client_id: string;
  /** Seconds since the epoch. */
  client_id_issued_at: number;
  client_name?: string;
  client_uri?: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  /** Always `none`: sitegate registers public clients (§3.2.1 lets the server replace the value asked). */
  token_endpoint_auth_method: 'none';
}

/** A new client_id: `sgc_` and 22 base64url characters (128 random bits). */
export function newRegisteredClientId(): string {
  return `${REGISTERED_CLIENT_PREFIX}${randomBytes(16).toString('base64url')}`;
}

const invalidMetadata = (message: string): ApiError => new ApiError('invalid_client_metadata', { message });

/**
 * A list of strings, or undefined when absent.
 * @throws {ApiError} `invalid_client_metadata` naming the field
 */
function stringList(fields: Record<string, unknown>, name: string): string[] | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string'))
    throw invalidMetadata(`${name} must be a list of strings.`);
  return [...new Set(value)];
}

/**
 * Checks a registration request and makes the client of it.
 * @param body the parsed JSON body (any value)
 * @param at the time of registration (`client_id_issued_at`)
 * @param clientId the new client_id ({@link newRegisteredClientId})
 * @returns the record to store and the §3.2.1 response
 * @throws {ApiError} `invalid_redirect_uri` (§3.2.2: a redirect URI that may not be registered),
 *   `invalid_client_metadata` (§3.2.2: no JSON object, redirect_uris missing, a grant or response
 *   type sitegate does not serve, a malformed field)
 */
export function registerClient(body: unknown, at: Date, clientId: string): { record: OAuthClientRecord; response: ClientInformation } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalidMetadata('The body must be a JSON object of client metadata (RFC 7591 §2).');
  const fields = body as Record<string, unknown>;
  const redirectUris = stringList(fields, 'redirect_uris');
  if (redirectUris === undefined || redirectUris.length === 0)
    throw new ApiError('invalid_redirect_uri', { message: 'redirect_uris is required: a non-empty list of redirect URIs.' });
  if (redirectUris.length > MAX_REDIRECT_URIS)
    throw new ApiError('invalid_redirect_uri', { message: `redirect_uris lists more than ${MAX_REDIRECT_URIS} URIs.` });
  for (const uri of redirectUris) {
    const problem = checkRedirectUri(uri);
    if (problem !== undefined)
      throw new ApiError('invalid_redirect_uri', { message: `The redirect URI ${JSON.stringify(uri)} ${problem}.` });
  }
  const grantTypes = stringList(fields, 'grant_types') ?? [...REGISTRABLE_GRANT_TYPES];
  const unsupportedGrant = grantTypes.find((type) => !(REGISTRABLE_GRANT_TYPES as readonly string[]).includes(type));
  if (unsupportedGrant !== undefined)
    throw invalidMetadata(`grant_types may hold ${REGISTRABLE_GRANT_TYPES.join(' and ')} only, not ${JSON.stringify(unsupportedGrant)}.`);
  if (!grantTypes.includes('authorization_code')) throw invalidMetadata('grant_types must include authorization_code.');
  const responseTypes = stringList(fields, 'response_types') ?? ['code'];
  if (responseTypes.length !== 1 || responseTypes[0] !== 'code') throw invalidMetadata('response_types may hold "code" only.');
  const method = fields.token_endpoint_auth_method;
  if (method !== undefined && typeof method !== 'string') throw invalidMetadata('token_endpoint_auth_method must be a string.');
  if (fields.client_name !== undefined && typeof fields.client_name !== 'string') throw invalidMetadata('client_name must be a string.');
  if (fields.client_uri !== undefined && httpsUri(fields.client_uri) === undefined)
    throw invalidMetadata('client_uri must be an absolute https URL.');
  const clientName = cleanClientName(fields.client_name);
  const clientUri = httpsUri(fields.client_uri);
  const response: ClientInformation = {
    client_id: clientId,
    client_id_issued_at: Math.floor(at.getTime() / 1000),
    ...(clientName === undefined ? {} : { client_name: clientName }),
    ...(clientUri === undefined ? {} : { client_uri: clientUri }),
    redirect_uris: redirectUris,
    grant_types: grantTypes,
    response_types: responseTypes,
    token_endpoint_auth_method: 'none',
  };
  const record: OAuthClientRecord = {
    id: clientId,
    name: clientName ?? nameOfRedirectUri(redirectUris[0] ?? ''),
    redirectUris,
    metadata: JSON.stringify(response),
    createdAt: at,
  };
  return { record, response };
}

/** What a client without a name is called: its first redirect URI's host (`127.0.0.1:8080`), else its scheme (`com.example.app`). */
function nameOfRedirectUri(uri: string): string {
  const url = new URL(uri);
  return url.host === '' ? url.protocol.slice(0, -1) : url.host;
}
