/** Who made a request: the outcome of authentication. */
import type { Scope } from '../errors.js';

/** An authenticated client (SPEC.md §2 "Whoami": scheme and scopes). */
export interface Principal {
  /** Which credential was presented: `X-API-Key` or `Authorization: Bearer`. */
  scheme: 'apiKey' | 'bearer';
  /** The OAuth client_id (the API key's public id). */
  clientId: string;
  scopes: Scope[];
}

/** A credential as presented on a request, before it is checked. */
export type PresentedCredential = { scheme: 'apiKey'; value: string } | { scheme: 'bearer'; value: string };
