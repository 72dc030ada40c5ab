/**
 * Which redirect URIs an agent's client may register, and when a request's redirect_uri matches a
 * registered one. One rule for every kind of client: Client ID Metadata Documents (cimd-document.ts),
 * RFC 7591 registration (registration.ts) and `auth.clients` (config/checks.ts).
 *
 * - RFC 6749 §3.1.2: an absolute URI without a fragment.
 * - OAuth 2.1 (draft-ietf-oauth-v2-1-13) §2.3.1 and RFC 8252 §8.3: `https:`, or `http:` on a loopback host only.
 * - RFC 8252 §7.1: a private-use scheme for native apps, named after a domain (`com.example.app:/cb`)
 *   or, as Cursor and VS Code do, with a domain-like authority (`cursor://anysphere.cursor-mcp/oauth/callback`).
 * - OAuth 2.1 §2.3.1 and RFC 8252 §7.3: exact string match, except the port of an http loopback URI.
 */

/** Longest redirect URI accepted (characters): far above any real one, small beside the request limits. */
export const REDIRECT_URI_MAX_CHARS = 2000;

/** Loopback hosts an http redirect URI may name (RFC 8252 §7.3; `localhost`, which MCP clients such as Claude Code use). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Schemes never accepted: they run code or read local data in the browser that follows the redirect. */
const FORBIDDEN_SCHEMES: ReadonlySet<string> = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'about:', 'blob:']);

/** The URL Standard's special schemes besides http and https: never a private-use scheme. */
const OTHER_SPECIAL_SCHEMES: ReadonlySet<string> = new Set(['ftp:', 'ws:', 'wss:']);

/**
 * Whether a redirect URI may be registered.
 * @param uri the URI exactly as the client gave it
 * @returns why not ("must …" words a person can act on), or undefined when it may
 */
export function checkRedirectUri(uri: string): string | undefined {
  if (uri.length > REDIRECT_URI_MAX_CHARS) return `must be at most ${REDIRECT_URI_MAX_CHARS} characters`;
  // The URL parser drops surrounding spaces, tabs and newlines: the URI as written would never match.
  // eslint-disable-next-line no-control-regex
  if (/[\s\x00-\x1f\x7f]/.test(uri)) return 'must not contain spaces or control characters';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must be an absolute URI (RFC 6749 §3.1.2)';
  }
  if (uri.includes('#')) return 'must not contain a fragment (RFC 6749 §3.1.2)';
  const scheme = url.protocol;
  if (FORBIDDEN_SCHEMES.has(scheme) || OTHER_SPECIAL_SCHEMES.has(scheme)) return `must not use the ${scheme} scheme`;
  if (scheme === 'https:') return undefined;
  if (scheme === 'http:')
    return LOOPBACK_HOSTS.has(url.hostname)
      ? undefined
      : 'must use https, or http on a loopback host only (127.0.0.1, [::1], localhost: RFC 8252 §7.3)';
  // A private-use scheme (RFC 8252 §7.1): reverse domain, or a domain-like authority.
  const authority = /^[^:]+:\/\/([^/?]*)/.exec(uri)?.[1] ?? '';
  if (scheme.includes('.') || authority.includes('.')) return undefined;
  return 'must use https, http on a loopback host, or a private-use scheme named after a domain (com.example.app:/callback, RFC 8252 §7.1)';
}

/** The scheme, loopback host and port of an http loopback URI: `http://127.0.0.1:8080/cb` → port at group 2. */
const LOOPBACK_PORT = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(:\d{1,5})?(?=[/?]|$)/;

/**
 * Whether the redirect_uri of a request matches a registered one: the same string (OAuth 2.1
 * §2.3.1: simple string comparison, RFC 3986 §6.2.1), except that an http loopback URI may differ
 * in its port alone (RFC 8252 §7.3: native apps listen on an ephemeral port).
 * @param registered a registered redirect URI (it passed {@link checkRedirectUri})
 * @param given the redirect_uri of the authorization request, as sent
 */
export function redirectUriMatches(registered: string, given: string): boolean {
  if (registered === given) return true;
  const registeredLoopback = LOOPBACK_PORT.exec(registered);
  const givenLoopback = LOOPBACK_PORT.exec(given);
  if (registeredLoopback === null || givenLoopback === null) return false;
  const port = givenLoopback[2];
  if (port !== undefined && Number(port.slice(1)) > 65535) return false;
  const withoutPort = (uri: string, match: RegExpExecArray): string => `http://${match[1] ?? ''}${uri.slice(match[0].length)}`;
  return withoutPort(registered, registeredLoopback) === withoutPort(given, givenLoopback);
}
