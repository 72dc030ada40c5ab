/** What the OAuth steps need of the composition root: framework-free, so tests can build one. */
import type { IncomingHttpHeaders } from 'node:http';
import type { AuthServices } from '../auth/authenticate.js';

/** The services and settings the OAuth steps read. */
export interface OAuthContext {
  /** `baseUrl`: the issuer and audience of introspected tokens (RFC 7662 §2.2). */
  config: { baseUrl: string };
  auth: AuthServices;
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
