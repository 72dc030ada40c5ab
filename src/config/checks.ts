/**
 * The rules of settings that JSON Schema cannot state (settings.ts `check`). Each returns what is
 * wrong as "must be …" words, or undefined when the value is fine; the loader puts the value's
 * source in front (config.ts).
 */
import { createRequire } from 'node:module';
import { compile as compileProxyTrust } from '@fastify/proxy-addr';

/** The part of culori the colour settings use. */
type Culori = Pick<typeof import('culori'), 'parse' | 'formatRgb'>;
let culori: Culori | undefined;

/**
 * culori, loaded when a colour is first checked, as its one-file CommonJS bundle: its ES modules
 * (some 900 files) cost every start about 150 ms of CPU, and most sites set no colour.
 */
function loadCulori(): Culori {
  return (culori ??= createRequire(import.meta.url)('culori') as Culori);
}

/** The smallest page limit (characters): room for a part's navigation lines and some text. */
export const PAGE_MAX_CHARS_MIN = 5_000;

/**
 * A public URL: absolute, http or https, without query, fragment or credentials.
 * @param value a string (the schema checked the type)
 */
export function checkBaseUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    return 'must not carry a query, fragment or credentials';
  return undefined;
}

/** A base URL as sitegate uses it: origin and path prefix, no trailing slash (`https://example.com/docs`). */
export function normalizeBaseUrl(value: string): string {
  const url = new URL(value);
  let end = url.pathname.length;
  while (end > 0 && url.pathname[end - 1] === '/') end--;
  return `${url.origin}${url.pathname.slice(0, end)}`;
}

/** A page limit: 0 (pages are served whole) or at least {@link PAGE_MAX_CHARS_MIN} (the schema checks the integer and the maximum). */
export function checkPageMaxChars(value: number): string | undefined {
  return value !== 0 && value < PAGE_MAX_CHARS_MIN ? `must be 0 (serve every page whole) or at least ${PAGE_MAX_CHARS_MIN}` : undefined;
}

/** A site title: one line of 1 to 200 characters once trimmed. */
export function checkSiteTitle(value: string): string | undefined {
  const title = value.trim();
  return title === '' || title.length > 200 || /[\r\n]/.test(title) ? 'must be one line of 1 to 200 characters' : undefined;
}

/**
 * Trusted proxies as @fastify/proxy-addr (the proxy-addr of express) reads them: IP addresses, CIDR
 * ranges (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`) and the names `loopback`, `linklocal`, `uniquelocal`.
 * @param value the entries (the schema checked they are strings)
 */
export function checkTrustProxy(value: readonly string[]): string | undefined {
  for (const entry of value.map((item) => item.trim())) {
    try {
      // Throws TypeError "invalid IP address: …" or "invalid range on address: …".
      compileProxyTrust(entry);
    } catch {
      return `must hold IP addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal; "${entry}" is none`;
    }
  }
  return undefined;
}

/**
 * An accent colour: any CSS colour culori parses (CSS Color Module Level 4: names, `#rgb[a]`,
 * `#rrggbb[aa]`, `rgb()`, `hsl()`, `oklch()`…). The site stylesheet carries {@link cssColor}'s
 * rewriting of it, never the text as given.
 */
export function checkCssColor(value: string): string | undefined {
  return loadCulori().parse(value.trim()) === undefined ? 'must be a CSS colour, e.g. "#0969da" or "rebeccapurple"' : undefined;
}

/** A valid CSS colour ({@link checkCssColor}) written as `rgb()`/`rgba()`, safe to put in a stylesheet. */
export function cssColor(value: string): string {
  const parsed = loadCulori().parse(value.trim());
  if (parsed === undefined) throw new Error(`not a CSS colour: ${value}`);
  return loadCulori().formatRgb(parsed);
}

/** An image: an http(s) URL, or a path relative to the content folder without `..` segments or a scheme. */
export function checkImageRef(value: string): string | undefined {
  const text = value.trim();
  if (/^https?:\/\//i.test(text)) return URL.canParse(text) ? undefined : 'must be a valid URL';
  if (text === '' || /^[a-z][a-z0-9+.-]*:/i.test(text) || text.split(/[\\/]/).includes('..') || /[\r\n]/.test(text))
    return 'must be an http(s) URL or a path in the content folder (no "..")';
  return undefined;
}

/** An edit URL: an http(s) URL to which a page's source path is appended, or holding `:path` where it goes. */
export function checkEditUrl(value: string): string | undefined {
  return URL.canParse(value) && /^https?:\/\//i.test(value)
    ? undefined
    : 'must be an http(s) URL, e.g. "https://github.com/o/r/edit/main/docs/"';
}

/**
 * The ASCII serialization of an http(s) origin as the `Origin` request header carries it (RFC 6454
 * §6.1, WHATWG URL "origin"): scheme and host lower-cased, the scheme's default port dropped
 * (`HTTPS://Docs.Example.com:443` → `https://docs.example.com`); undefined for anything that is no
 * such origin: `null` (opaque origins), other schemes, a path, query, fragment or credentials.
 */
export function serializedOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // An origin is scheme, host and port only: `href` adds nothing to it but the root path.
  return url.href === `${url.origin}/` && !/[/?#]$/.test(value) ? url.origin : undefined;
}

/**
 * Origins allowed to call `/mcp` besides the site's own (settings.ts `mcp.allowedOrigins`): each an
 * http(s) origin, `scheme://host[:port]` ({@link serializedOrigin}). `null` is refused: the opaque
 * origin of sandboxed frames and local files stands for any page at all.
 * @param value the entries (the schema checked they are strings)
 */
export function checkOrigins(value: readonly string[]): string | undefined {
  const bad = value.find((entry) => serializedOrigin(entry.trim()) === undefined);
  return bad === undefined
    ? undefined
    : `must hold http(s) origins like "https://app.example.com" (no path, no "null"); "${bad.trim()}" is none`;
}

/**
 * Whether a URL's host (WHATWG URL `hostname`, so IPv4 already in dotted-quad form and IPv6 in
 * brackets) is a loopback address: `127.0.0.0/8` (RFC 1122 §3.2.1.3), `::1` (RFC 4291 §2.5.3) or the
 * name `localhost` (RFC 6761 §6.3).
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * An OpenID Provider's issuer identifier (`auth.oidc.issuer`): a URL using the `https` scheme with no
 * query or fragment (OpenID Connect Discovery 1.0 §2 and §3; RFC 8414 §2), and no credentials.
 * `http:` is accepted when the host is a loopback address ({@link isLoopbackHost}: development,
 * tests). The value is kept as written: issuers are compared as exact strings (OpenID Connect
 * Core 1.0 §3.1.3.7 item 2), so no trailing slash is added or removed.
 * @param value a string (the schema checked the type)
 * @returns what is wrong, or undefined
 */
export function checkIssuer(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute https URL';
  }
  if (url.protocol === 'http:') {
    if (!isLoopbackHost(url.hostname)) return 'http: issuers are accepted on loopback addresses only';
  } else if (url.protocol !== 'https:') return 'must be an https URL';
  if (value.includes('?') || value.includes('#') || url.username !== '' || url.password !== '')
    return 'must not carry a query, fragment or credentials';
  return undefined;
}

/**
 * The scopes asked of the provider (`auth.oidc.scopes`): `openid` must be among them (OpenID
 * Connect Core 1.0 §3.1.2.1: without it the request is not an OpenID Connect request).
 * @param value scope tokens (the schema checked their syntax, RFC 6749 §3.3)
 */
export function checkOidcScopes(value: readonly string[]): string | undefined {
  return value.includes('openid') ? undefined : 'must include "openid"';
}

/** The keys of one grant rule in sitegate.json (signin/settings.ts `GrantRule`), `$comment` besides. */
const GRANT_KEYS = ['claim', 'anyOf', 'endsWith', 'scopes'] as const;

/** Where in a setting's value a problem is (appended to the key: `[0].scopes[1]`) and what it is. */
export interface ValueProblem {
  path: string;
  problem: string;
}

/**
 * What is wrong with an `auth.grants` value, precisely: the schema refuses the same values but could
 * only say so in one line for the whole list. Each grant is an object with `claim` (a non-empty
 * string), exactly one of `anyOf` and `endsWith` (non-empty lists of non-empty strings) and
 * `scopes` (a non-empty list of the scopes of SPEC.md §2, auth/scopes.ts).
 * @param value any JSON value
 * @param scopes the known scopes
 * @returns the first problem, with its place (`[1].endsWith`), or undefined when the list is valid
 */
export function explainGrants(value: unknown, scopes: readonly string[]): ValueProblem | undefined {
  // JSON.stringify gives undefined for undefined, whatever its declared type says.
  const got = (item: unknown): string => `, got ${(JSON.stringify(item) as string | undefined) ?? String(item)}`;
  const isStringList = (item: unknown): item is string[] =>
    Array.isArray(item) && item.length > 0 && item.every((entry) => typeof entry === 'string' && entry !== '');
  if (!Array.isArray(value))
    return {
      path: '',
      problem: `must be a list of grants like {"claim": "groups", "anyOf": ["staff"], "scopes": ["content:read"]}${got(value)}`,
    };
  for (const [index, grant] of value.entries()) {
    const at = `[${index}]`;
    if (typeof grant !== 'object' || grant === null || Array.isArray(grant))
      return { path: at, problem: `must be an object with claim, anyOf or endsWith, and scopes${got(grant)}` };
    const rule = grant as Record<string, unknown>;
    const unknown = Object.keys(rule).find((key) => key !== '$comment' && !(GRANT_KEYS as readonly string[]).includes(key));
    if (unknown !== undefined) return { path: at, problem: `unknown key "${unknown}" (known: ${GRANT_KEYS.join(', ')})` };
    if (rule.$comment !== undefined && typeof rule.$comment !== 'string') return { path: `${at}.$comment`, problem: 'must be a string' };
    if (typeof rule.claim !== 'string' || rule.claim === '')
      return { path: `${at}.claim`, problem: `must be a claim name (a non-empty string)${got(rule.claim)}` };
    if ((rule.anyOf === undefined) === (rule.endsWith === undefined))
      return { path: at, problem: 'must have exactly one of anyOf, endsWith' };
    for (const test of ['anyOf', 'endsWith'] as const) {
      if (rule[test] !== undefined && !isStringList(rule[test]))
        return { path: `${at}.${test}`, problem: `must be a non-empty list of non-empty strings${got(rule[test])}` };
    }
    if (!Array.isArray(rule.scopes) || rule.scopes.length === 0)
      return { path: `${at}.scopes`, problem: `must be a non-empty list of scopes (${scopes.join(', ')})${got(rule.scopes)}` };
    for (const [position, scope] of rule.scopes.entries()) {
      if (typeof scope !== 'string' || !scopes.includes(scope))
        return { path: `${at}.scopes[${position}]`, problem: `must be one of ${scopes.join(', ')}${got(scope)}` };
    }
  }
  return undefined;
}
