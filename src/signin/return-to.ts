/**
 * Where a person lands after signing in: `return_to` of `/_sitegate/login`, accepted only when it
 * is a path of this site, so the sign-in can never be used as an open redirect (OWASP "Unvalidated
 * Redirects and Forwards"; RFC 9700 §4.11). Anything else lands on the site root: a bad
 * `return_to` is no reason to refuse signing in.
 */

/** Longest `return_to` kept (characters); longer ones land on the site root. */
export const RETURN_TO_MAX_CHARS = 2048;

/**
 * The path to return to after signing in.
 * @param given the raw `return_to` value (already percent-decoded once by the query parser), or
 *   undefined when none was given
 * @param basePath the site's base path without trailing slash (`''` or `/docs`)
 * @returns `given` when it is a path of this site: it starts with `basePath + '/'`, not with `//`
 *   (a network-path reference, RFC 3986 §4.2), holds no `\` (browsers read it as `/`), no control
 *   character or space (RFC 3986 §2) and no scheme, with non-ASCII characters percent-encoded;
 *   else the site root `basePath + '/'`
 * @example safeReturnTo('https://evil.example/', '') // '/'
 */
export function safeReturnTo(given: string | undefined, basePath: string): string {
  const root = `${basePath}/`;
  if (given === undefined || given.length > RETURN_TO_MAX_CHARS) return root;
  if (!given.startsWith(root) || given.startsWith('//')) return root;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\\\u0000-\u0020\u007f]/.test(given)) return root;
  // A path that starts with `/` has no scheme; kept as a second line of defence.
  if (/^[a-z][a-z0-9+.-]*:/i.test(given)) return root;
  // Non-ASCII characters are sent percent-encoded (UTF-8): a Location field is ASCII (RFC 9110 §5.5).
  try {
    return given.replace(/[^\u0021-\u007e]+/gu, (run) => encodeURIComponent(run));
  } catch {
    return root; // a lone surrogate has no UTF-8 form
  }
}
