/**
 * The table of benchmarked requests. Each row is measured against sitegate and against a baseline
 * serving the same response (or, for the token endpoint, doing the same job); add a row to
 * benchmark another endpoint.
 */
import { headerOf, type CapturedReply, type RequestSpec } from './http-client.js';
import type { SpentGrant } from './spending.js';

/** The key the bench creates in sitegate's data folder before starting it (`keys create --json`). */
export interface BenchCredential {
  clientId: string;
  clientSecret: string;
  /** The X-API-Key value. */
  apiKey: string;
}

/**
 * The person's session the bench creates in a signed-in sitegate's store before it starts (see
 * {@link BenchScenario.signedIn}): what the browser would carry after signing in.
 */
export interface BenchSession {
  /** Its public id (`sgs_…`), which the codes and grants of the spending rows name. */
  id: string;
  /** The person's `sub`. */
  subject: string;
  /** The session cookie's name for the server's public URL (`sitegate_session` on http: signin/cookies.ts). */
  cookieName: string;
  /** The cookie's secret value; the store holds only its SHA-256. */
  cookieValue: string;
  /** The name the page header shows for the person (see {@link BENCH_PERSON_NAME}). */
  name: string;
}

/** Services a scenario can use to compute its request before the run. */
export interface ScenarioSetup {
  /** Sends one request to the running sitegate (e.g. to learn a page's ETag or get a token). */
  probe(path: string, spec?: Partial<RequestSpec>): Promise<CapturedReply>;
  /** The bench's key, with the scope {@link BENCH_SCOPE}. */
  credential: BenchCredential;
  /** The session of a signed-in sitegate ({@link BenchScenario.signedIn}); undefined on the others. */
  session: BenchSession | undefined;
}

/**
 * What a row is compared with. `raw` replays sitegate's captured response from a minimal
 * `node:http` server (see raw-server.ts); `oidc-provider` is the reference OAuth server, doing the
 * token endpoint's job for the same client (see oidc-provider-server.ts); `sitegate, analytics off`
 * is a sitegate on the same content started with `SITEGATE_ANALYTICS=0`, measured against a twin
 * started at the same moment with `SITEGATE_ANALYTICS=1` (not the sitegate of the other rows, whose
 * longer history of other requests makes it a different process to the JIT and the caches), so
 * the row's ratio is what counting requests costs (analytics/); `sitegate, anonymous` is the very
 * sitegate of the row (a {@link BenchScenario.signedIn} one) sent the row's page without the
 * session cookie, in the same alternating rounds, so the row's ratio is what serving a signed-in
 * person costs over serving the anonymous page HTML (issue 29).
 */
export type BaselineKind = 'raw' | 'oidc-provider' | 'sitegate, analytics off' | 'sitegate, anonymous';

/** Headers and body of one request. */
export interface RequestParts {
  headers: Record<string, string>;
  body?: string;
}

/** One benchmarked request. */
export interface BenchScenario {
  /** Short name shown in the table and matched by `--only`. */
  name: string;
  /** Default GET. */
  method?: 'GET' | 'POST';
  /** Request target: path and query string. */
  path: string;
  /** Request headers, fixed or computed once from the running server. */
  headers?: Record<string, string> | ((setup: ScenarioSetup) => Promise<Record<string, string>>);
  /** Request body (POST), fixed or computed once (e.g. from the bench's credential). */
  body?: string | ((setup: ScenarioSetup) => string);
  /**
   * What a baseline other than `raw` is sent instead of sitegate's headers and body, when it
   * cannot read them (oidc-provider's token endpoint reads form bodies only). Default: the same.
   */
  baselineRequest?: (setup: ScenarioSetup) => RequestParts;
  /** Status every response must have; any other status fails the run. */
  expectedStatus: number;
  /** Content-Type the sitegate response must have (304s have none). */
  expectedContentType?: string;
  /**
   * Further checks of the response before any load: sitegate's, and that of a baseline other than
   * `raw` (which is checked byte for byte instead) unless {@link checkBaselineReply} is given.
   * @throws saying what is wrong
   */
  checkReply?: (reply: CapturedReply, session: BenchSession | undefined) => void;
  /**
   * The check of a baseline's response (not `raw`) when it is not sitegate's answer to the same
   * request (the anonymous page of a signed-in row). Default: {@link checkReply}.
   * @throws saying what is wrong
   */
  checkBaselineReply?: (reply: CapturedReply, session: BenchSession | undefined) => void;
  /** Whether sitegate answers from precomputed bytes (those rows default to {@link THROUGHPUT_TARGET}). */
  precomputed: boolean;
  /**
   * Minimum sitegate ÷ baseline req/s (or CPU ratio: {@link judgedBy}). Default:
   * {@link THROUGHPUT_TARGET} for precomputed rows; none for the others, which are then measured
   * for information.
   */
  target?: number;
  /**
   * What the target is judged on. `throughput` (default): the median of the rounds' sitegate ÷
   * baseline req/s. `cpu`: the baseline's server CPU µs per request ÷ sitegate's, over all rounds
   * (report.ts cpuRatioOf), for rows whose two sides are one process, where the load generator
   * rather than the server may limit req/s; off Linux (no /proc) it falls back to throughput.
   */
  judgedBy?: 'throughput' | 'cpu';
  /** Default `raw`. */
  baseline?: BaselineKind;
  /**
   * Rounds the measured time is split into for this row (default: `--rounds`): more, shorter
   * rounds where the ratio is close to 1 and a few percent matter.
   */
  rounds?: number;
  /** Unmeasured seconds per server and start before the rounds (default: `--warmup`). */
  warmupSec?: number;
  /**
   * Run against a site of this many pages generated by bench/generate-site.ts (its own sitegate,
   * bench/sites.ts) instead of `--content`: for costs that grow with the site.
   */
  generatedPages?: number;
  /**
   * Run against a sitegate of its own on `--content` with sign-in configured (`auth.oidc` naming a
   * loopback issuer that is never contacted: discovery waits for the first sign-in, which the
   * bench never makes) and one session created in its store before it starts, as a sign-in would
   * leave it: {@link ScenarioSetup.session} gives its cookie (children.ts startSitegate).
   */
  signedIn?: boolean;
  /**
   * Every request spends an authorization code or a refresh token (issue 30), minted in bulk
   * before each round and warm-up, outside the measured time (spending.ts), on an agent sitegate
   * of its own (children.ts `agents`) and in the oidc-provider baseline. Each round and warm-up is
   * then a number of requests ({@link SPENDING_REQUESTS_PER_ROUND}, {@link SPENDING_WARMUP_REQUESTS})
   * rather than a duration; the row is judged on CPU per request. `body` is not used.
   */
  spends?: SpentGrant;
  /**
   * Run against a sitegate of its own started with `serve --content --html BUILD` (issue 33), BUILD
   * being `sitegate export` of `--content` written once per run (bench/sites.ts): a static site of
   * the same pages, whose files sitegate then serves to people byte for byte as a generator's build.
   */
  htmlBuild?: boolean;
  /**
   * Another server measured beside the row in the same rounds, on the same request, and reported
   * in a table of its own (report.ts besideTable) rather than judged: `nginx` serves the row's
   * build folder (bench/nginx.ts). Only with {@link htmlBuild}.
   */
  beside?: BesideKind;
}

/** The servers a row can be measured beside (see {@link BenchScenario.beside}). */
export type BesideKind = 'nginx';

/** Requests of a spending row's round ({@link BenchScenario.spends}): about a second of sitegate's code exchanges. */
export const SPENDING_REQUESTS_PER_ROUND = 2000;
/** Requests of a spending row's warm-up per server and start (oidc-provider settles after ~2 s: {@link TOKEN_WARMUP_SEC}). */
export const SPENDING_WARMUP_REQUESTS = 4000;

/**
 * Warm-up of the token rows, s: from a fresh start, oidc-provider's rate settles only after ~2 s
 * of load (one pinned start's ratios, second by second: 4.72, 5.58, then 3.07–3.54).
 */
const TOKEN_WARMUP_SEC = 3;

/** Minimum throughput with analytics on over off: counting may cost at most 5% (issue 17). */
export const ANALYTICS_TARGET = 0.95;
/** OpenAI's documented GPTBot User-Agent. */
const GPTBOT_USER_AGENT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';

/**
 * Minimum CPU ratio of the anonymous page HTML over the same page for a signed-in session, on one
 * sitegate (issue 29 "done when" #4).
 */
export const SIGNED_IN_PAGE_TARGET = 0.85;

/** Minimum sitegate/raw throughput ratio for precomputed bodies (issue "done when" #5). */
export const THROUGHPUT_TARGET = 0.9;

/** A row's minimum sitegate ÷ baseline req/s, or undefined when it is measured for information. */
export function targetOf(scenario: BenchScenario): number | undefined {
  return scenario.target ?? (scenario.precomputed ? THROUGHPUT_TARGET : undefined);
}

/**
 * 16 words in no page of any site (the most a query searches: search-index.ts), each long enough
 * for typo tolerance (two edits from 8 letters), so that each one is looked up among near spellings:
 * before issue 28, a scan of the whole vocabulary per word.
 */
export const UNKNOWN_WORDS_QUERY =
  'qwzrtyplk zxcvbnmlkj plmoknijbuh yhnujmikol tgbyhnujm rfvtgbyhn edcrfvtgb wsxedcrfv qazwsxedc mnbvcxzlk poiuytrewq lkjhgfdsaq asdfghjklz zaqxswcde cdevfrbgt bgtnhymju';

/** Checks that a search answered no result: the words of the row are in no page. */
function checkNoResults(reply: CapturedReply): void {
  const text = reply.body.toString('utf8');
  if (text !== '[]') throw new Error(`the search found something: ${text.slice(0, 200)}`);
}

/** The scope requested in every token request (oidc-provider's client holds only this one). */
export const BENCH_SCOPE = 'search:read';
/** The scopes of the bench's key: the token requests' scope, and content:read for credentialed page reads. */
export const BENCH_KEY_SCOPES = 'search:read,content:read';
/** sitegate's token endpoint (SPEC.md); oidc-provider serves its own at the same path. */
export const TOKEN_PATH = '/api/v1/oauth/token';
const WHOAMI = '/api/v1/whoami';
const JSON_TYPE = 'application/json; charset=utf-8';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** A page of median size in docs-small (about 5 KB of markdown; 17,360 bytes of HTML). */
const PAGE = '/concepts/acme-orders-challenges';
/** What a browser sends for a page. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The name of the bench's signed-in person: the page header shows it (issue 29). */
export const BENCH_PERSON_NAME = 'Bench Reader';

/** The signed-in row's request: the page as a browser asks for it, with the session cookie. */
function signedInHeaders(setup: ScenarioSetup): Promise<Record<string, string>> {
  const { session } = setup;
  if (session === undefined) return Promise.reject(new Error('the signed-in row runs on a sitegate without a session (signedIn not set)'));
  return Promise.resolve({ accept: BROWSER_ACCEPT, cookie: `${session.cookieName}=${session.cookieValue}` });
}

/**
 * Checks that sitegate answered the page for the signed-in person: the header names them, and the
 * answer is private (issue 29: `Cache-Control: private, no-store`, `Vary: Cookie`), so the session
 * was read and the row measures what it says.
 * @throws saying what differs
 */
function checkSignedInPage(reply: CapturedReply, session: BenchSession | undefined): void {
  const name = session?.name ?? BENCH_PERSON_NAME;
  const cacheControl = headerOf(reply, 'cache-control') ?? '';
  if (!/\bno-store\b/.test(cacheControl) || !/\bprivate\b/.test(cacheControl))
    throw new Error(`the page for a signed-in session is not private, no-store (Cache-Control: ${cacheControl}): was the session read?`);
  if (!reply.body.toString('utf8').includes(name))
    throw new Error(`the page for a signed-in session does not name the person ("${name}"): was the session read?`);
}

/** Checks that the anonymous page of a signed-in row is no signed-in page: without the cookie nobody is signed in. */
function checkAnonymousPage(reply: CapturedReply, session: BenchSession | undefined): void {
  const name = session?.name ?? BENCH_PERSON_NAME;
  if (reply.body.toString('utf8').includes(name)) throw new Error(`the anonymous page names the signed-in person ("${name}")`);
}

/**
 * Checks that the page came from the build, not from sitegate's own pages: sitegate's pages carry
 * its Content-Security-Policy, built pages none (the generator's inline scripts must run: docs/keep-your-site.md).
 * @throws saying what differs
 */
function checkBuiltPage(reply: CapturedReply): void {
  if (headerOf(reply, 'content-security-policy') !== undefined)
    throw new Error("the page carries sitegate's Content-Security-Policy: sitegate rendered it instead of serving the built file");
}

/** Minimum sitegate/raw ratio for whoami with an API key (issue 12 "done when" #3). */
export const WHOAMI_API_KEY_TARGET = 0.9;
/** Minimum sitegate/raw ratio for whoami with the same bearer token each time (issue 12 "done when" #3). */
export const WHOAMI_BEARER_TARGET = 0.9;
/** Minimum sitegate/raw ratio for a page's markdown with an API key accepted moments ago (issue 12 "done when" #3). */
export const CACHED_KEY_PAGE_TARGET = 0.85;
/** Minimum sitegate/oidc-provider ratio for issuing tokens (issue "done when" #6). */
export const TOKEN_TARGET = 2.5;

/** The token request's parameters (SPEC.md §2) for the bench's key. */
function tokenParams(credential: BenchCredential): Record<string, string> {
  return { grant_type: 'client_credentials', client_id: credential.clientId, client_secret: credential.clientSecret, scope: BENCH_SCOPE };
}

/** SPEC.md's JSON token request. */
function jsonTokenRequest(setup: ScenarioSetup): RequestParts {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(tokenParams(setup.credential)) };
}

/** The same parameters form-encoded (RFC 6749 §4.4.2), the only encoding oidc-provider reads. */
function formTokenRequest(setup: ScenarioSetup): RequestParts {
  return { headers: { 'content-type': FORM_TYPE }, body: new URLSearchParams(tokenParams(setup.credential)).toString() };
}

/** @throws unless `bytes` is a JSON object */
function jsonObject(bytes: Buffer, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new Error(`${what} is not JSON: ${bytes.toString('utf8').slice(0, 200)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

/**
 * Checks a token response: a Bearer access token that is a JWT (RFC 9068: `typ` at+jwt) signed
 * with EdDSA, for the bench's scope, so both servers of the token rows do the same job.
 * @throws saying what differs
 */
export function checkTokenReply(reply: CapturedReply): void {
  const body = jsonObject(reply.body, 'the token response');
  const token = body.access_token;
  if (typeof token !== 'string') throw new Error(`the token response has no access_token: ${reply.body.toString('utf8')}`);
  if (typeof body.token_type !== 'string' || body.token_type.toLowerCase() !== 'bearer')
    throw new Error(`the token response's token_type is ${String(body.token_type)}, not Bearer`);
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => /^[\w-]+$/.test(part)))
    throw new Error(`the access_token is not a JWT (three base64url parts): ${token.slice(0, 60)}…`);
  const header = jsonObject(Buffer.from(parts[0]!, 'base64url'), "the access_token's JWT header");
  const claims = jsonObject(Buffer.from(parts[1]!, 'base64url'), "the access_token's JWT claims");
  if (header.alg !== 'EdDSA' || header.typ !== 'at+jwt')
    throw new Error(`the access_token's JWT header is ${JSON.stringify(header)}, expected alg EdDSA and typ at+jwt`);
  if (claims.scope !== BENCH_SCOPE) throw new Error(`the access_token's scope is ${String(claims.scope)}, expected ${BENCH_SCOPE}`);
}

/**
 * Checks a token response of a spending row: as {@link checkTokenReply}, plus the rotated refresh
 * token both servers issue with every code exchange and refresh (OAuth 2.1 §4.3.1).
 * @throws saying what differs
 */
export function checkAgentTokenReply(reply: CapturedReply): void {
  checkTokenReply(reply);
  const body = jsonObject(reply.body, 'the token response');
  if (typeof body.refresh_token !== 'string' || body.refresh_token === '')
    throw new Error(`the token response has no refresh_token: ${reply.body.toString('utf8').slice(0, 200)}`);
}

/** Checks that whoami answered for the bench's key through the given scheme. */
function checkWhoami(scheme: 'apiKey' | 'bearer'): (reply: CapturedReply) => void {
  return function checkWhoamiReply(reply) {
    const body = jsonObject(reply.body, 'the whoami response');
    if (body.authenticated !== true || body.scheme !== scheme)
      throw new Error(`whoami answered ${reply.body.toString('utf8')}, expected authenticated through ${scheme}`);
  };
}

/** Gets one access token from sitegate before the run; the bearer row sends it every time. */
async function bearerHeaders(setup: ScenarioSetup): Promise<Record<string, string>> {
  const reply = await setup.probe(TOKEN_PATH, { method: 'POST', ...jsonTokenRequest(setup) });
  if (reply.status !== 200) throw new Error(`${TOKEN_PATH}: sitegate answered ${reply.status}: ${reply.body.toString('utf8')}`);
  checkTokenReply(reply);
  return { authorization: `Bearer ${String(jsonObject(reply.body, 'the token response').access_token)}` };
}

/** The scenarios `npm run bench` runs, in this order. */
export const SCENARIOS: readonly BenchScenario[] = [
  {
    name: 'health',
    path: '/api/v1/health',
    expectedStatus: 200,
    expectedContentType: 'application/json; charset=utf-8',
    precomputed: true,
  },
  { name: 'llms.txt', path: '/llms.txt', expectedStatus: 200, expectedContentType: 'text/plain; charset=utf-8', precomputed: true },
  { name: 'sitemap.xml', path: '/sitemap.xml', expectedStatus: 200, expectedContentType: 'application/xml', precomputed: true },
  {
    name: 'search.json',
    path: '/api/search.json',
    expectedStatus: 200,
    expectedContentType: 'application/json; charset=utf-8',
    precomputed: true,
  },
  {
    name: 'search?q',
    path: '/api/search.json?q=certificate',
    expectedStatus: 200,
    expectedContentType: 'application/json; charset=utf-8',
    precomputed: false,
  },
  {
    // The typo tolerance of 16 unknown words on a 10k-page site (issue 28): the cost a client can
    // make each search within the rate limit cost.
    name: 'search 16 unknown words, 10k pages',
    path: `/api/search.json?q=${encodeURIComponent(UNKNOWN_WORDS_QUERY)}`,
    generatedPages: 10_000,
    expectedStatus: 200,
    expectedContentType: JSON_TYPE,
    checkReply: checkNoResults,
    precomputed: false,
  },
  {
    name: 'page html',
    path: PAGE,
    headers: { accept: BROWSER_ACCEPT },
    expectedStatus: 200,
    expectedContentType: 'text/html; charset=utf-8',
    precomputed: true,
  },
  {
    name: 'page markdown',
    path: PAGE,
    headers: { accept: 'text/markdown' },
    expectedStatus: 200,
    expectedContentType: 'text/markdown; charset=utf-8',
    precomputed: true,
  },
  {
    // A credential accepted moments ago takes the same synchronous route as no credential.
    name: 'page markdown with a cached API key',
    path: PAGE,
    headers: (setup) => Promise.resolve({ accept: 'text/markdown', 'x-api-key': setup.credential.apiKey }),
    expectedStatus: 200,
    expectedContentType: 'text/markdown; charset=utf-8',
    precomputed: false,
    target: CACHED_KEY_PAGE_TARGET,
  },
  {
    name: 'page 304',
    path: PAGE,
    headers: async function ifNoneMatchPage(setup) {
      const etag = headerOf(await setup.probe(PAGE, { headers: { accept: BROWSER_ACCEPT } }), 'etag');
      if (etag === undefined) throw new Error(`${PAGE} has no ETag`);
      return { accept: BROWSER_ACCEPT, 'if-none-match': etag };
    },
    expectedStatus: 304,
    precomputed: true,
  },
  {
    name: 'whoami api key',
    path: WHOAMI,
    headers: (setup) => Promise.resolve({ 'x-api-key': setup.credential.apiKey }),
    expectedStatus: 200,
    expectedContentType: JSON_TYPE,
    checkReply: checkWhoami('apiKey'),
    precomputed: false,
    target: WHOAMI_API_KEY_TARGET,
  },
  {
    name: 'whoami bearer',
    path: WHOAMI,
    headers: bearerHeaders,
    expectedStatus: 200,
    expectedContentType: JSON_TYPE,
    checkReply: checkWhoami('bearer'),
    precomputed: false,
    target: WHOAMI_BEARER_TARGET,
  },
  {
    // SPEC.md's JSON body to sitegate; oidc-provider gets the same parameters form-encoded.
    name: 'token',
    method: 'POST',
    path: TOKEN_PATH,
    headers: (setup) => Promise.resolve(jsonTokenRequest(setup).headers),
    body: (setup) => jsonTokenRequest(setup).body!,
    baseline: 'oidc-provider',
    baselineRequest: formTokenRequest,
    expectedStatus: 200,
    expectedContentType: JSON_TYPE,
    checkReply: checkTokenReply,
    precomputed: false,
    target: TOKEN_TARGET,
    warmupSec: TOKEN_WARMUP_SEC,
  },
  {
    // The same bytes to both: the form-encoded request.
    name: 'token form',
    method: 'POST',
    path: TOKEN_PATH,
    headers: (setup) => Promise.resolve(formTokenRequest(setup).headers),
    body: (setup) => formTokenRequest(setup).body!,
    baseline: 'oidc-provider',
    expectedStatus: 200,
    expectedContentType: JSON_TYPE,
    checkReply: checkTokenReply,
    precomputed: false,
    target: TOKEN_TARGET,
    warmupSec: TOKEN_WARMUP_SEC,
  },
  {
    // An agent's code exchange (issue 30), the form body the MCP SDK sends: public client, PKCE
    // S256, a fresh code each request (minted beforehand: spending.ts). sitegate consumes the code,
    // makes the grant and its first refresh token (one transaction, audited) and signs the token;
    // oidc-provider consumes its code and stores its refresh token. Judged on CPU per request.
    name: 'token, authorization code',
    method: 'POST',
    path: TOKEN_PATH,
    headers: { 'content-type': FORM_TYPE },
    spends: 'authorization_code',
    baseline: 'oidc-provider',
    expectedStatus: 200,
    expectedContentType: JSON_TYPE,
    checkReply: checkAgentTokenReply,
    precomputed: false,
    judgedBy: 'cpu',
  },
  {
    // An agent's refresh (issue 30): each request spends the refresh token of a grant of its own
    // and gets the rotated one (sitegate: one transaction marks it used and stores the next).
    name: 'token, refresh',
    method: 'POST',
    path: TOKEN_PATH,
    headers: { 'content-type': FORM_TYPE },
    spends: 'refresh_token',
    baseline: 'oidc-provider',
    expectedStatus: 200,
    expectedContentType: JSON_TYPE,
    checkReply: checkAgentTokenReply,
    precomputed: false,
    judgedBy: 'cpu',
  },
  {
    // The same page for an AI crawler, counted (classification cached, a few map lookups) or not,
    // by two sitegates started alike (see BaselineKind). After the main sitegate's rows: it sits idle while
    // this row runs (~25 s a start), and a V8 process loaded after such a pause needs seconds to
    // reach its steady speed again (a sitegate idle 40 s after start: page 304 at 53, 27, 23, 21,
    // 21 µs of CPU a request in its first 1.5 s rounds, against 17–19 µs when loaded at once),
    // more than the 1 s warm-up gives; every other row of the main sitegate comes before it.
    name: 'page markdown GPTBot, analytics on ÷ off',
    path: PAGE,
    headers: { accept: 'text/markdown', 'user-agent': GPTBOT_USER_AGENT },
    expectedStatus: 200,
    expectedContentType: 'text/markdown; charset=utf-8',
    precomputed: true,
    target: ANALYTICS_TARGET,
    baseline: 'sitegate, analytics off',
    rounds: 20,
  },
  {
    // The page above for a person signed in through the identity provider (issue 29), against the
    // same page anonymous on the same sitegate, round by round: the session principal is cached
    // (no store read), the reader's body is cached per snapshot with the name spliced in. Judged
    // on server CPU per request: both sides are one process, and the load generator may cap req/s.
    // Its own sitegate (signedIn) sits idle while the rows above run, hence the longer warm-up.
    name: 'page HTML, signed-in session',
    path: PAGE,
    headers: signedInHeaders,
    baselineRequest: () => ({ headers: { accept: BROWSER_ACCEPT } }),
    expectedStatus: 200,
    expectedContentType: 'text/html; charset=utf-8',
    checkReply: checkSignedInPage,
    checkBaselineReply: checkAnonymousPage,
    precomputed: false,
    target: SIGNED_IN_PAGE_TARGET,
    judgedBy: 'cpu',
    baseline: 'sitegate, anonymous',
    signedIn: true,
    rounds: 20,
    warmupSec: 3,
  },
  {
    // The "page html" page as a generator's build holds it (issue 33 "done when" #3): sitegate started
    // with --html over `sitegate export` of the content, so the build's file is that page's HTML,
    // 17,360 bytes, sent byte for byte from the build; raw replays it, nginx serves the same folder.
    // Judged on CPU per request: at ~17 KB a response, the load generator may cap req/s. Its own
    // sitegate sits idle while the rows above run, hence the longer warm-up (as the signed-in row).
    name: 'built page HTML (--html)',
    path: PAGE,
    headers: { accept: BROWSER_ACCEPT },
    expectedStatus: 200,
    expectedContentType: 'text/html; charset=utf-8',
    checkReply: checkBuiltPage,
    precomputed: true,
    judgedBy: 'cpu',
    htmlBuild: true,
    beside: 'nginx',
    warmupSec: 3,
  },
];
