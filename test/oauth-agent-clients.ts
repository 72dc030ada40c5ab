/**
 * The agent of the end-to-end tests (issue 30, done-when 1): an in-memory `OAuthClientProvider` for
 * the official MCP TypeScript SDK, v1 (`@modelcontextprotocol/sdk` 1.32, `client/auth.js`) and v2
 * (`@modelcontextprotocol/client` 2.4), as a desktop MCP client implements it: its client metadata
 * (a public client, `token_endpoint_auth_method: none`, a loopback redirect URI), optionally a
 * `clientMetadataUrl` (its Client ID Metadata Document), and storage of what `auth()` saves — client
 * information, tokens, PKCE verifier, discovery state. `redirectToAuthorization` hands the URL to
 * the test (which drives chromium through it, test/oauth-agent-browser.ts) and keeps the
 * authorization response for `finishAuth`.
 */
import type { OAuthClientProvider as V1Provider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientProvider as V2Provider } from '@modelcontextprotocol/client';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** What the test does with an authorization URL: open it and return the authorization response's query. */
export type OpenAuthorizationUrl = (authorizationUrl: URL) => Promise<URLSearchParams>;

/** Options of {@link AgentProvider}. */
export interface AgentProviderOptions {
  /** The loopback redirect URI (test/oauth-agent-support.ts `startCallbackServer`). */
  redirectUri: string;
  /** `client_name` of the metadata (what sitegate's consent page names). */
  clientName: string;
  /** The client's metadata document URL (its client_id), when it has one; else the SDK registers (RFC 7591). */
  clientMetadataUrl?: string;
  /** Opens authorization URLs; without it, the provider only records them (a client that cannot ask its person). */
  open?: OpenAuthorizationUrl;
}

/** The in-memory session of one agent; typed after SDK v1, which SDK v2's provider shape also accepts. */
class AgentProvider {
  /** Every authorization URL the SDK asked to open, in order. */
  readonly authorizationUrls: URL[] = [];
  /**
   * The person's answer to the last authorization URL opened (the query of the authorization
   * response: `code`, `state`, `iss`): `redirectToAuthorization` starts the walk and returns at once,
   * as a desktop client opens the system browser and waits for its loopback redirect.
   */
  authorizationResponse: Promise<URLSearchParams> | undefined;
  /** What `saveTokens` got last. */
  savedTokens: OAuthTokens | undefined;
  /** What `saveClientInformation` got last. */
  savedClient: OAuthClientInformationMixed | undefined;
  readonly clientMetadataUrl: string | undefined;
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  private readonly stateValue = `state-${Math.random().toString(36).slice(2)}`;

  constructor(private readonly options: AgentProviderOptions) {
    this.clientMetadataUrl = options.clientMetadataUrl;
  }

  get redirectUrl(): string {
    return this.options.redirectUri;
  }

  /** RFC 7591 §2 metadata of a public native client (what DCR sends; what the metadata document holds). */
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName,
      redirect_uris: [this.options.redirectUri],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    };
  }

  /** The `state` sent (RFC 6749 §4.1.1), checked against the response by the tests. */
  state(): string {
    return this.stateValue;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.savedClient;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.savedClient = information;
  }

  tokens(): OAuthTokens | undefined {
    return this.savedTokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.savedTokens = tokens;
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrls.push(authorizationUrl);
    if (this.options.open === undefined) return;
    const walk = this.options.open(authorizationUrl);
    // Observed by the test when it awaits it; never an unhandled rejection meanwhile.
    walk.catch(() => undefined);
    this.authorizationResponse = walk;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('no code verifier saved');
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.savedTokens = undefined;
    if (scope === 'all' || scope === 'client') this.savedClient = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }
}

/** An agent provider for SDK v1's `auth()` and `StreamableHTTPClientTransport`. */
export function agentProviderV1(options: AgentProviderOptions): AgentProvider & V1Provider {
  return new AgentProvider(options);
}

/** The same agent for SDK v2's `auth()` and `StreamableHTTPClientTransport`. */
export function agentProviderV2(options: AgentProviderOptions): AgentProvider & V2Provider {
  return new AgentProvider(options);
}

export type { AgentProvider };
