/**
 * A real OpenID Provider for the sign-in tests (issue 29): `oidc-provider` 9 (the certified
 * OpenID Provider for Node) running in-process on 127.0.0.1, with one confidential client
 * (`docs`, `client_secret_basic`, PKCE required), the claims `groups` (scope `groups`), `email`
 * (scope `email`) and `name` (scope `profile`), and three accounts:
 *
 * - `alice`: groups [staff], alice@example.com — the issue's first grant (all three scopes);
 * - `bob`: groups [sales], bob@example.com — {@link TEST_GRANTS}' sales grant (search:read and
 *   content:read only: signed in, 403 on internal pages);
 * - `carol`: no groups, carol@nowhere.example — matches no grant (the no-access page).
 *
 * Sign-in uses the provider's development interactions (oidc-provider `features.devInteractions`):
 * its login form (`/interaction/:uid`, fields `login` and `password`) signs in as the account whose
 * id is the `login` field, with any password; then a consent form (`prompt=consent`, a "Continue"
 * button). Plain HTTP on loopback works: oidc-provider marks its cookies `Secure` only when the
 * request came over TLS (`ctx.secure`).
 *
 * {@link signInWithFetch} walks the whole flow with plain `fetch` and a small cookie jar, following
 * redirects by hand, for HTTP-level tests.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { parseSetCookie } from 'cookie';
import type { GrantRule } from '../src/signin/settings.js';

/** The test client's id at the provider. */
export const TEST_CLIENT_ID = 'docs';
/** The test client's secret. */
export const TEST_CLIENT_SECRET = 'docs-client-secret-for-tests-only';
/** Scopes sitegate asks for in the tests (`auth.oidc.scopes`). */
export const TEST_OIDC_SCOPES = ['openid', 'profile', 'email', 'groups'];

/**
 * The grants of the tests (`auth.grants`): the issue's two, plus one for the `sales` group giving
 * search:read and content:read (so bob signs in without internal:read).
 */
export const TEST_GRANTS: GrantRule[] = [
  { claim: 'groups', anyOf: ['staff', 'docs-admins'], scopes: ['search:read', 'content:read', 'internal:read'] },
  { claim: 'email', endsWith: ['@partner.example'], scopes: ['search:read', 'content:read'] },
  { claim: 'groups', anyOf: ['sales'], scopes: ['search:read', 'content:read'] },
];

/** One account's claims (OpenID Connect Core §5.1); `sub` is the account id. */
export interface TestAccount {
  name?: string;
  email?: string;
  email_verified?: boolean;
  groups?: string[];
  [claim: string]: unknown;
}

/** The provider's accounts, by id (= `sub` = what the login form's `login` field takes). */
export const TEST_ACCOUNTS: Readonly<Record<string, TestAccount>> = {
  alice: { name: 'Alice Example', email: 'alice@example.com', email_verified: true, groups: ['staff'] },
  bob: { name: 'Bob Example', email: 'bob@example.com', email_verified: true, groups: ['sales'] },
  carol: { name: 'Carol Nowhere', email: 'carol@nowhere.example', email_verified: true },
};

/** Options of {@link startOidcProvider}. */
export interface OidcProviderOptions {
  /**
   * The public base URL of the sitegate under test (no trailing slash): the client's redirect URI
   * is `{baseUrl}/_sitegate/callback`, its post-logout redirect URI `{baseUrl}/`. Give
   * {@link redirectUris} instead when the port is known only later.
   */
  sitegateBaseUrl?: string;
  /** Redirect URIs registered for the client (default from {@link sitegateBaseUrl}). */
  redirectUris?: string[];
  /** Post-logout redirect URIs registered for the client (default from {@link sitegateBaseUrl}). */
  postLogoutRedirectUris?: string[];
  /** The client's secret (default {@link TEST_CLIENT_SECRET}); null registers a public client (`none`, PKCE only). */
  clientSecret?: string | null;
  /** Accounts (default {@link TEST_ACCOUNTS}). */
  accounts?: Readonly<Record<string, TestAccount>>;
  /** ID token lifetime, seconds (default 3600). */
  idTokenTtlSec?: number;
}

/** A running provider. */
export interface RunningOidcProvider {
  /** `http://127.0.0.1:PORT` — the issuer identifier and where it listens. */
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string | null;
  /** The oidc-provider instance, for tests that reach into it. */
  provider: Provider;
  /** Requests the provider has received, `METHOD path` (no query), in order. */
  requests: string[];
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/**
 * Starts oidc-provider on 127.0.0.1 at a free port (the port is chosen first, so the issuer
 * names it). The client is registered with the redirect URIs of the options.
 * @throws {Error} when neither `sitegateBaseUrl` nor `redirectUris` is given
 */
export async function startOidcProvider(options: OidcProviderOptions = {}): Promise<RunningOidcProvider> {
  const base = options.sitegateBaseUrl?.replace(/\/$/, '');
  const redirectUris = options.redirectUris ?? (base === undefined ? undefined : [`${base}/_sitegate/callback`]);
  if (redirectUris === undefined) throw new Error('startOidcProvider: give sitegateBaseUrl or redirectUris');
  const postLogoutRedirectUris = options.postLogoutRedirectUris ?? (base === undefined ? [] : [`${base}/`]);
  const clientSecret = options.clientSecret === undefined ? TEST_CLIENT_SECRET : options.clientSecret;
  const accounts = options.accounts ?? TEST_ACCOUNTS;

  const requests: string[] = [];
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => {
    requests.push(`${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  // A fresh RSA key for RS256 ID tokens (the client's default id_token_signed_response_alg).
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        ...(clientSecret === null
          ? { token_endpoint_auth_method: 'none' }
          : { client_secret: clientSecret, token_endpoint_auth_method: 'client_secret_basic' }),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutRedirectUris,
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-rs256', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'profile', 'email', 'groups'],
    claims: {
      openid: ['sub'],
      profile: ['name'],
      email: ['email', 'email_verified'],
      groups: ['groups'],
    },
    pkce: { required: () => true },
    ttl: { IdToken: options.idTokenTtlSec ?? 3600, AccessToken: 3600, AuthorizationCode: 60, Grant: 3600, Interaction: 600, Session: 3600 },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    findAccount(_ctx: unknown, sub: string) {
      const account = accounts[sub];
      if (account === undefined) return Promise.resolve(undefined);
      return Promise.resolve({ accountId: sub, claims: () => Promise.resolve({ sub, ...account }) });
    },
  });
  provider.on('server_error', (...args: unknown[]) => process.stderr.write(`oidc-provider: server_error: ${String(args[1])}\n`));
  handler = provider.callback();

  return {
    issuer,
    port,
    clientId: TEST_CLIENT_ID,
    clientSecret,
    provider,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      }),
  };
}

/**
 * A minimal browser-like cookie jar: cookies by host name (as browsers, not by port, so the
 * provider's and sitegate's cookies on 127.0.0.1 share one jar, their names differ), honouring
 * `Path` and `Max-Age=0`/`Expires` in the past (removal).
 */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  /** Stores the `Set-Cookie` fields of a response to `url`. */
  store(url: string, response: Response): void {
    const host = new URL(url).hostname;
    for (const field of response.headers.getSetCookie()) {
      const parsed = parseSetCookie(field);
      const path = parsed.path ?? '/';
      const key = `${host} ${path} ${parsed.name}`;
      const expired =
        parsed.maxAge !== undefined ? parsed.maxAge <= 0 : parsed.expires !== undefined && parsed.expires.getTime() <= Date.now();
      if (expired || parsed.value === '') this.cookies.delete(key);
      else this.cookies.set(key, { name: parsed.name, value: parsed.value ?? '', path });
    }
  }

  /** The `Cookie` header for a request to `url`, or undefined when none applies. */
  header(url: string): string | undefined {
    const target = new URL(url);
    const pairs: string[] = [];
    for (const [key, cookie] of this.cookies) {
      if (!key.startsWith(`${target.hostname} `)) continue;
      const inPath =
        target.pathname === cookie.path || target.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`);
      if (inPath) pairs.push(`${cookie.name}=${cookie.value}`);
    }
    return pairs.length === 0 ? undefined : pairs.join('; ');
  }

  /** The value of cookie `name` for host `hostname`, whatever its path, or undefined. */
  get(hostname: string, name: string): string | undefined {
    for (const [key, cookie] of this.cookies) if (key.startsWith(`${hostname} `) && cookie.name === name) return cookie.value;
    return undefined;
  }

  /** Sets a cookie by hand (path `/`). */
  set(hostname: string, name: string, value: string): void {
    this.cookies.set(`${hostname} / ${name}`, { name, value, path: '/' });
  }
}

/** One request of a walk: what was asked and answered. */
export interface WalkStep {
  method: string;
  url: string;
  status: number;
  location: string | undefined;
}

/**
 * Sends one request with the jar's cookies and stores the cookies of the answer; never follows
 * redirects.
 */
export async function fetchWithJar(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie !== undefined) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, response);
  return response;
}

/** Options of {@link signInWithFetch}. */
export interface SignInOptions {
  /** `return_to` of the login request (a path of the site), omitted when undefined. */
  returnTo?: string;
  /** A jar to use (and fill), e.g. to sign in twice in one "browser". */
  jar?: CookieJar;
  /** Most requests to follow before giving up (default 20). */
  maxSteps?: number;
  /**
   * Stop before sending the provider's redirect back to sitegate's callback (the last step), so
   * a test can alter or replay it; the result's `callbackUrl` is that URL and `final` is the
   * provider's redirect answer.
   */
  stopAtCallback?: boolean;
}

/** The outcome of {@link signInWithFetch}. */
export interface SignInResult {
  jar: CookieJar;
  /** Every request made, in order. */
  steps: WalkStep[];
  /** The callback URL the provider redirected to (with `code`, `state`, `iss`), when it got there. */
  callbackUrl: string | undefined;
  /**
   * The first answer of sitegate that is not part of the walk: the callback's answer (302 to
   * `return_to` with the session cookie, or the 403/400 page), or — with `stopAtCallback` — the
   * provider's redirect to the callback (its body read). The callback's body is unread.
   */
  final: Response;
  /** The session cookie's value after the walk (`sitegate_session` or `__Host-sitegate_session`), if set. */
  sessionCookie: string | undefined;
}

/**
 * Signs in to the sitegate at `sitegateBaseUrl` as `account` of the provider: `GET
 * /_sitegate/login`, the provider's authorization endpoint, its login form (login = account id,
 * any password), its consent form, back to sitegate's callback. Redirects are followed by hand
 * with a cookie jar shared by both servers (same host).
 * @param sitegateBaseUrl sitegate's public base URL (no trailing slash), reachable by fetch
 * @throws {Error} when the walk meets a page it cannot submit or takes more than `maxSteps` requests
 */
export async function signInWithFetch(sitegateBaseUrl: string, account: string, options: SignInOptions = {}): Promise<SignInResult> {
  const jar = options.jar ?? new CookieJar();
  const steps: WalkStep[] = [];
  const sitegate = new URL(sitegateBaseUrl);
  const query = options.returnTo === undefined ? '' : `?return_to=${encodeURIComponent(options.returnTo)}`;
  let url = `${sitegateBaseUrl}/_sitegate/login${query}`;
  let init: RequestInit = {};
  let callbackUrl: string | undefined;
  let previous: Response | undefined;
  const maxSteps = options.maxSteps ?? 20;
  for (let step = 0; step < maxSteps; step++) {
    const target = new URL(url);
    const isCallback =
      target.origin === sitegate.origin && target.pathname === `${sitegate.pathname.replace(/\/$/, '')}/_sitegate/callback`;
    if (isCallback) callbackUrl = url;
    if (isCallback && options.stopAtCallback === true) {
      if (previous === undefined) throw new Error('signInWithFetch: no provider redirect');
      return { jar, steps, callbackUrl, final: previous, sessionCookie: sessionCookieOf(jar, sitegate) };
    }
    const response = await fetchWithJar(jar, url, init);
    previous = response;
    const location = response.headers.get('location') ?? undefined;
    steps.push({ method: init.method ?? 'GET', url, status: response.status, location });
    init = {};
    const atSitegate = target.origin === sitegate.origin;
    if (atSitegate && !target.pathname.endsWith('/_sitegate/login')) {
      return { jar, steps, callbackUrl, final: response, sessionCookie: sessionCookieOf(jar, sitegate) };
    }
    if (location !== undefined && response.status >= 300 && response.status < 400) {
      await response.arrayBuffer();
      url = new URL(location, url).toString();
      continue;
    }
    if (atSitegate) return { jar, steps, callbackUrl, final: response, sessionCookie: sessionCookieOf(jar, sitegate) };
    // A page of the provider: its login or consent form.
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (action === undefined || prompt === undefined) {
      throw new Error(`signInWithFetch: no form to submit at ${url} (HTTP ${response.status}): ${html.slice(0, 500)}`);
    }
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', account);
      form.set('password', 'any password');
    }
    url = new URL(action.replaceAll('&amp;', '&'), url).toString();
    init = { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error(`signInWithFetch: more than ${maxSteps} requests: ${steps.map((s) => `${s.method} ${s.url} ${s.status}`).join('\n')}`);
}

/** The session cookie's value in the jar for sitegate's host. */
function sessionCookieOf(jar: CookieJar, sitegate: URL): string | undefined {
  const name = sitegate.protocol === 'https:' ? '__Host-sitegate_session' : 'sitegate_session';
  return jar.get(sitegate.hostname, name);
}
