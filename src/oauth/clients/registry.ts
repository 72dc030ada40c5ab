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
import type { AgentAuthSettings } from '../settings.js';

/** An agent's client as the authorization server uses it. */
export interface AgentClient {
  /** The client_id as sent (for a metadata document, its URL exactly). */
  clientId: string;
  kind: 'metadata-document' | 'registered' | 'configured';
  /** `client_name`, else the client_id's host: what the consent page names. */
  name: string;
  /** `client_uri`, shown on the consent page when given (https only). */
  clientUri?: string | undefined;
  /** Redirect URIs, matched exactly ({@link redirectUriMatches}). */
  redirectUris: string[];
}

/** Why a client_id names no usable client. */
export type ClientRefusal =
  /** Nothing by that id (no registration, no configured client, metadata documents off). */
  | 'unknown'
  /** A metadata document that cannot be used: not https, a private address, too large, too slow, not JSON, `client_id` not its URL, no redirect_uris. */
  | 'bad_metadata_document';

/** A client_id the registry refuses; `message` says why, for the person or the agent (no secrets, no internal addresses beyond the URL given). */
export class ClientRefusedError extends Error {
  constructor(
    readonly reason: ClientRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'ClientRefusedError';
  }
}

/** Resolves client_ids (cimd.ts, the store, config). */
export interface ClientRegistry {
  /**
   * The client of a client_id.
   * @throws {ClientRefusedError} when there is none or its metadata document cannot be used
   */
  resolve(clientId: string): Promise<AgentClient>;
}

/** What {@link createClientRegistry} needs. */
export interface ClientRegistryOptions {
  settings: AgentAuthSettings;
  store: Pick<Store, 'getOAuthClient'>;
}

/**
 * The registry of the composition root.
 * CONTRACT (issue 30): branch oauth-clients implements metadata documents (cimd.ts) and registered
 * clients; this stub knows the configured clients only.
 */
export function createClientRegistry(options: ClientRegistryOptions): ClientRegistry {
  return {
    resolve(clientId) {
      const configured = options.settings.clients.find((client) => client.clientId === clientId);
      if (configured === undefined) return Promise.reject(new ClientRefusedError('unknown', `No client ${clientId} is known here.`));
      return Promise.resolve({ clientId, kind: 'configured', name: configured.name, redirectUris: configured.redirectUris });
    },
  };
}
