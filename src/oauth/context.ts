/** What the OAuth steps need of the composition root: framework-free, so tests can build one. */
import type { IncomingHttpHeaders } from 'node:http';
import type { AuthServices } from '../auth/authenticate.js';
import type { AgentMethods } from '../store/store.js';
import type { AgentAuthSettings } from './settings.js';
import type { ClientRegistry } from './clients/registry.js';
import type { ConsentKey } from './authorize/consent-seal.js';

/** The store methods of the authorization server for agents (issue 30): all but retention's. */
export type AgentStore = Omit<AgentMethods, 'pruneAgentGrants'>;

/** What the authorization code and refresh grants, the authorize endpoint and registration need. */
export interface AgentServices {
  settings: AgentAuthSettings;
  clients: ClientRegistry;
  store: AgentStore;
  /** The clock (tests inject one). */
  now(): Date;
  /**
   * The key that seals the consent form (authorize/consent-seal.ts), derived from the operator's
   * secret; undefined when people sign-in is off (the authorize endpoint then answers `access_denied`).
   */
  consentKey?: ConsentKey | undefined;
}

/** The services and settings the OAuth steps read. */
export interface OAuthContext {
  /** `baseUrl`: the issuer and audience of introspected tokens (RFC 7662 §2.2). */
  config: { baseUrl: string };
  auth: AuthServices;
  /** The authorization server for agents (issue 30); undefined where a test builds none (those grants then answer `unsupported_grant_type`). */
  agents?: AgentServices | undefined;
}

/** What the token endpoints read of a request. */
export interface TokenRequest {
  /** Request headers, lower-case names (the Authorization header carries HTTP Basic). */
  headers: IncomingHttpHeaders;
  /** The client's IP address, for rate limits and the audit log. */
  address: string;
  /** The parsed body (params.ts); undefined when the request had none. */
  params: Readonly<Record<string, string>> | undefined;
}
