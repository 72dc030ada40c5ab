/**
 * What the authorization endpoint's tests share (test/oauth.authorize*.test.ts, issue 30): a real
 * OpenID provider (test/oidc-provider.ts) and a listening sitegate with people sign-in and one
 * configured agent client, people signed in through the provider (their cookie jars), and the
 * authorization request of a well-behaved client, which each test alters.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_AGENT_AUTH } from '../src/oauth/settings.js';
import { freePort } from './free-port.js';
import { signInWithFetch, startOidcProvider, type CookieJar, type RunningOidcProvider } from './oidc-provider.js';
import { startSignInSite, type SignInSite } from './signin-site.js';

/** The configured agent's client_id and name. */
export const AGENT_ID = 'test-agent';
export const AGENT_NAME = 'Test Agent';
/** Its redirect URI, with a query of its own (RFC 6749 §3.1.2: kept in every answer). Never fetched here. */
export const AGENT_REDIRECT = 'http://127.0.0.1:9/callback?from=agent';
/** A second redirect URI of it: a private-use scheme (RFC 8252 §7.1). */
export const AGENT_APP_REDIRECT = 'com.example.agent:/oauth/callback';
/** The PKCE code verifier of the tests (RFC 7636 §4.1) and its S256 challenge (§4.2). */
export const CODE_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
export const CODE_CHALLENGE = createHash('sha256').update(CODE_VERIFIER).digest('base64url');
/** The `state` the client sends. */
export const STATE = 'af0ifjsldkj';

/** A running provider and site, and alice and bob signed in (each a browser's cookie jar). */
export interface AuthorizeFixture {
  provider: RunningOidcProvider;
  site: SignInSite;
  /** The site's base URL (= the issuer in `iss`). */
  base: string;
  alice: CookieJar;
  bob: CookieJar;
  /** How far the site's clock is ahead of the real one (ms); tests set it and put it back. */
  clock: { aheadMs: number };
  close(): Promise<void>;
}

/**
 * Starts the provider and a site whose `auth.clients` holds the test agent, and signs alice
 * (staff: every scope) and bob (sales: search:read, content:read) in.
 */
export async function startAuthorizeFixture(): Promise<AuthorizeFixture> {
  const port = await freePort();
  const provider = await startOidcProvider({ sitegateBaseUrl: `http://127.0.0.1:${port}` });
  const clock = { aheadMs: 0 };
  const site = await startSignInSite({
    port,
    now: () => new Date(Date.now() + clock.aheadMs),
    issuer: provider.issuer,
    agents: {
      ...DEFAULT_AGENT_AUTH,
      clients: [{ clientId: AGENT_ID, name: AGENT_NAME, redirectUris: [AGENT_REDIRECT, AGENT_APP_REDIRECT] }],
    },
  });
  const alice = (await signInWithFetch(site.baseUrl, 'alice')).jar;
  const bob = (await signInWithFetch(site.baseUrl, 'bob')).jar;
  return {
    provider,
    site,
    base: site.baseUrl,
    alice,
    bob,
    clock,
    close: async () => {
      await site.close();
      await provider.close();
    },
  };
}

/**
 * The URL of an authorization request of the test agent: every parameter a well-behaved client
 * sends (resource = the MCP server), with `changes` applied (undefined removes one).
 */
export function authorizeUrl(base: string, changes: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: AGENT_ID,
    redirect_uri: AGENT_REDIRECT,
    state: STATE,
    code_challenge: CODE_CHALLENGE,
    code_challenge_method: 'S256',
    scope: 'search:read content:read internal:read',
    resource: `${base}/mcp`,
    ...changes,
  };
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return `${base}/api/v1/oauth/authorize?${query.toString()}`;
}

/** The query parameters of a redirect's Location that the endpoint added after the redirect URI's own query. */
export function addedParams(location: string, redirectUri = AGENT_REDIRECT): [string, string][] {
  if (!location.startsWith(`${redirectUri}${redirectUri.includes('?') ? '&' : '?'}`))
    throw new Error(`not a redirect to ${redirectUri}: ${location}`);
  return [...new URLSearchParams(location.slice(redirectUri.length + 1))];
}

/** The hidden `consent` field of a consent page. */
export function consentField(html: string): string {
  const value = /<input type="hidden" name="consent" value="([^"]+)">/.exec(html)?.[1];
  if (value === undefined) throw new Error(`no consent field in ${html.slice(0, 300)}`);
  return value;
}

/** SHA-256 hex, as the store keeps codes. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
