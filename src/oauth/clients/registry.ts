/**
 * Who an agent is: the OAuth client behind a `client_id` (issue 30). Three kinds, asked in this order:
 * - a Client ID Metadata Document: the client_id is an https URL whose JSON describes the client
 *   (draft-ietf-oauth-client-id-metadata-document; MCP 2025-11-25 "Client ID Metadata Documents"),
 *   fetched with SSRF defences and cached per its HTTP caching (cimd.ts);
 * - a client registered through RFC 7591 (`sgc_…`, the store);
 * - a client the operator configured (`auth.clients`).
 * Every one is a public client: it proves itself with PKCE and its exact redirect URI.
 */
import type { Store } from '../../store/store.js';
import type { RateLimiter } from '../../auth/rate-limits.js';
import type { AgentAuthSettings } from '../settings.js';
import { createMetadataDocumentResolver, type MetadataDocumentOptions } from './cimd.js';
import { httpsUri, isMetadataDocumentClientId } from './cimd-document.js';
import { ClientRefusedError, type AgentClient } from './client.js';
import { CLIENT_ID_PREFIX } from '../../auth/api-keys.js';

export { ClientRefusedError, type AgentClient, type ClientRefusal } from './client.js';

/** What the registry knows of the request that names a client. */
export interface ResolveRequest {
  /** The client's address (http/client-address.ts): a metadata document fetched for it costs it a point of `clientMetadataFetches`. */
  address: string;
}

/** Resolves client_ids (cimd.ts, the store, config). */
export interface ClientRegistry {
  /**
   * The client of a client_id.
   * @param request the requesting address; without one, fetches are bounded by the cache alone
   * @throws {ClientRefusedError} when there is none or its metadata document cannot be used
   * @throws {ApiError} `rate_limited` when the address fetched too many metadata documents
   */
  resolve(clientId: string, request?: ResolveRequest): Promise<AgentClient>;
}

/** What {@link createClientRegistry} needs. */
export interface ClientRegistryOptions {
  settings: AgentAuthSettings;
  store: Pick<Store, 'getOAuthClient'>;
  /** Counts metadata document fetches per address (the `clientMetadataFetches` limit). */
  limiter?: Pick<RateLimiter, 'consume'> | undefined;
  /**
   * Test seams of the metadata document fetch (not settings): the resolver of host names, the CA
   * trusted instead of Node's store, the time limit (ms) and the clock (ms).
   */
  fetch?: Pick<MetadataDocumentOptions, 'resolveHost' | 'ca' | 'timeoutMs' | 'nowMs'> | undefined;
}

/**
 * Prefix of the client_ids of RFC 7591 registration (`sgc_` + 22 base64url characters): the prefix
 * of every client_id sitegate issues (auth/api-keys.ts), an API key's told apart by its shape
 * (`sgc_` + 16 base62 characters, `isClientId`).
 */
export const REGISTERED_CLIENT_PREFIX = CLIENT_ID_PREFIX;

/**
 * The registry of the composition root (one per process: it holds the metadata document cache).
 * The order: an `https://` client_id (or a mistaken `http://` one) is a metadata document (when `auth.clientIdMetadataDocuments.enabled`,
 * else unknown), an `sgc_` one a registered client (the store), anything else a configured client.
 */
export function createClientRegistry(options: ClientRegistryOptions): ClientRegistry {
  const { settings } = options;
  const documents = createMetadataDocumentResolver({
    allowPrivateAddresses: settings.clientIdMetadataDocuments.allowPrivateAddresses,
    limiter: options.limiter,
    ...options.fetch,
  });
  const unknown = (clientId: string): ClientRefusedError =>
    new ClientRefusedError('unknown', `No client ${JSON.stringify(clientId.slice(0, 300))} is known here.`);
  return {
    async resolve(clientId, request) {
      if (isMetadataDocumentClientId(clientId)) {
        if (!settings.clientIdMetadataDocuments.enabled) throw unknown(clientId);
        return documents.resolve(clientId, request?.address);
      }
      if (clientId.startsWith(REGISTERED_CLIENT_PREFIX)) {
        const record = await options.store.getOAuthClient(clientId);
        if (record === undefined) throw unknown(clientId);
        const clientUri = httpsUri((JSON.parse(record.metadata) as { client_uri?: unknown }).client_uri);
        return {
          clientId,
          kind: 'registered',
          name: record.name,
          ...(clientUri === undefined ? {} : { clientUri }),
          redirectUris: [...record.redirectUris],
        };
      }
      const configured = settings.clients.find((client) => client.clientId === clientId);
      if (configured === undefined) throw unknown(clientId);
      return { clientId, kind: 'configured', name: configured.name, redirectUris: [...configured.redirectUris] };
    },
  };
}
