/**
 * Grants: a person's claims → scopes (issue 29, `auth.grants`). A person gets the union of the
 * scopes of every grant their claims satisfy; none satisfied = no session (the callback answers
 * the no-access page). Claims are the ID token's merged with userinfo's (OpenID Connect Core
 * §5.3.2), as the callback hands them over.
 */
import { sortScopes, type Scope } from '../auth/scopes.js';
import type { GrantRule } from './settings.js';

/** Claims as the provider gave them: JSON values by claim name (OpenID Connect Core §5.1). */
export type Claims = Readonly<Record<string, unknown>>;

/**
 * Whether `claims` satisfy one grant:
 * - `anyOf`: the claim is a string equal to one of the values, or an array with an item that is
 *   (exact comparison: group names are the provider's identifiers);
 * - `endsWith`: the claim is a string ending with one of the values, without letter case (e-mail
 *   domains: `Alice@Partner.Example` ends with `@partner.example`).
 * A rule with both tests is satisfied when either is. A missing claim, or one of another type
 * (number, object), satisfies nothing.
 */
export function satisfies(claims: Claims, grant: GrantRule): boolean {
  const value = claims[grant.claim];
  if (grant.anyOf !== undefined && grant.anyOf.length > 0) {
    const allowed = grant.anyOf;
    if (typeof value === 'string' && allowed.includes(value)) return true;
    if (Array.isArray(value) && value.some((item) => typeof item === 'string' && allowed.includes(item))) return true;
  }
  if (grant.endsWith !== undefined && typeof value === 'string') {
    const lower = value.toLowerCase();
    if (grant.endsWith.some((suffix) => suffix !== '' && lower.endsWith(suffix.toLowerCase()))) return true;
  }
  return false;
}

/**
 * The scopes a person gets: the union of the scopes of every grant `claims` satisfy, in the
 * canonical order (auth/scopes.ts `SCOPES`), without duplicates; `[]` when none is satisfied.
 * @example scopesOf({ groups: ['staff'] }, grants) // ['search:read', 'content:read', 'internal:read']
 */
export function scopesOf(claims: Claims, grants: readonly GrantRule[]): Scope[] {
  const granted: Scope[] = [];
  for (const grant of grants) if (satisfies(claims, grant)) granted.push(...grant.scopes);
  return sortScopes(granted);
}
