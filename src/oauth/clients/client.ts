/**
 * An agent's OAuth client as the authorization server sees it, and the refusal of a client_id
 * (issue 30). registry.ts resolves client_ids to these; every one is a public client.
 */

/** An agent's client as the authorization server uses it. */
export interface AgentClient {
  /** The client_id as sent (for a metadata document, its URL exactly). */
  clientId: string;
  kind: 'metadata-document' | 'registered' | 'configured';
  /** `client_name`, else the client_id's host: what the consent page names. */
  name: string;
  /** `client_uri`, shown on the consent page when given (https only). */
  clientUri?: string | undefined;
  /** Redirect URIs, matched exactly (redirect-uris.ts `redirectUriMatches`). */
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
