/**
 * Who signed in, from the provider's claims (OpenID Connect Core §5.1): the subject, the name the
 * header shows and the e-mail address, as the session keeps them (store/store.ts `SessionRecord`).
 */
import type { Claims } from './grants.js';

/** Longest name kept (characters): claims are the provider's, the header has little room. */
const NAME_MAX_CHARS = 200;

/** Control characters: they never reach a page, the header or the log. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The first of `names` that is a non-empty string claim, trimmed and bounded, or undefined. */
function firstString(claims: Claims, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = claims[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().replace(CONTROL, '').slice(0, NAME_MAX_CHARS);
  }
  return undefined;
}

/**
 * The name shown for a person: `name`, else `email`, else `preferred_username`, else `sub`
 * (principal.ts `person.name`).
 */
export function displayNameOf(claims: Claims, subject: string): string {
  return firstString(claims, ['name', 'email', 'preferred_username']) ?? subject;
}

/** The `email` claim, or null when absent or not a string. */
export function emailOf(claims: Claims): string | null {
  return firstString(claims, ['email']) ?? null;
}

/**
 * The claims of a sign-in: userinfo's (OpenID Connect Core §5.3.2) overlaid with the ID token's, so
 * the ID token wins where both have a claim (`sub` above all: §5.3.2 requires them equal, which
 * openid-client checks).
 */
export function mergeClaims(idToken: Claims, userinfo: Claims | undefined): Claims {
  return userinfo === undefined ? { ...idToken } : { ...userinfo, ...idToken };
}
