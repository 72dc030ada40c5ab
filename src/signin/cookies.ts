/**
 * The cookies of the people sign-in (issue 29), their names and attributes in one place: the
 * session cookie (the credential of the session scheme, auth/sessions.ts) and the short-lived
 * cookie that carries a sign-in in progress from `/_sitegate/login` to `/_sitegate/callback`.
 *
 * Attributes (RFC 6265bis §4.1 and §4.1.3.2): `HttpOnly` (no script reads them), `SameSite=Lax`
 * (sent on the top-level GET that comes back from the identity provider, never on cross-site
 * POSTs), `Path=/`; on an https public URL also `Secure` and the `__Host-` name prefix, which the
 * browser accepts only with `Secure`, `Path=/` and no `Domain`, so no other host can set it.
 * Serialised and parsed by the `cookie` package.
 */
import { parseCookie, stringifySetCookie } from 'cookie';

/** Base name of the session cookie. */
const SESSION = 'sitegate_session';
/** Base name of the sign-in-in-progress cookie. */
const LOGIN = 'sitegate_login';

/** The cookie names and `Set-Cookie` values of one public URL. */
export interface SignInCookies {
  /** `__Host-sitegate_session` on https, else `sitegate_session`. */
  readonly sessionName: string;
  /** `__Host-sitegate_login` on https, else `sitegate_login`. */
  readonly loginName: string;
  /** `Set-Cookie` value of a session cookie living `maxAgeSec` seconds. */
  session(value: string, maxAgeSec: number): string;
  /** `Set-Cookie` value that removes the session cookie (`Max-Age=0`). */
  clearSession(): string;
  /** `Set-Cookie` value of the sign-in-in-progress cookie living `maxAgeSec` seconds. */
  login(value: string, maxAgeSec: number): string;
  /** `Set-Cookie` value that removes the sign-in-in-progress cookie. */
  clearLogin(): string;
}

/**
 * The sign-in cookies of a site served at `baseUrl` (`https://docs.example.com/docs`): secure and
 * `__Host-` prefixed when its scheme is https.
 */
export function signInCookiesOf(baseUrl: string): SignInCookies {
  const secure = baseUrl.startsWith('https:');
  const prefix = secure ? '__Host-' : '';
  const sessionName = `${prefix}${SESSION}`;
  const loginName = `${prefix}${LOGIN}`;
  const make = (name: string, value: string, maxAge: number): string =>
    stringifySetCookie(name, value, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge });
  return {
    sessionName,
    loginName,
    session: (value, maxAgeSec) => make(sessionName, value, maxAgeSec),
    clearSession: () => make(sessionName, '', 0),
    login: (value, maxAgeSec) => make(loginName, value, maxAgeSec),
    clearLogin: () => make(loginName, '', 0),
  };
}

/**
 * The value of cookie `name` in a request's `Cookie` header (RFC 6265bis §5.7), or undefined.
 * A header sent twice (an array, which node joins for Cookie anyway) is read as one.
 */
export function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join('; ') : header;
  // Cheap test first: most requests carry no cookie of ours (analytics, other sites' cookies).
  if (!text.includes(name)) return undefined;
  const value = parseCookie(text)[name];
  return value === '' ? undefined : value;
}
