/** Scopes (SPEC.md §2) and the OAuth `scope` parameter syntax (RFC 6749 §3.3). */
import { SCOPES } from '../api/schemas.js';
import type { Scope } from '../errors.js';

/** Whether a string is one of the scopes of SPEC.md §2. */
export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/**
 * Parses a space-delimited `scope` parameter (RFC 6749 §3.3: scope-token separated by SP).
 * @returns the scopes in SPEC order without duplicates, or the unknown tokens
 */
export function parseScopeParameter(value: string): { scopes: Scope[]; unknown: string[] } {
  const tokens = value.split(' ').filter((token) => token !== '');
  const unknown = tokens.filter((token) => !isScope(token));
  return { scopes: sortScopes(tokens.filter(isScope)), unknown };
}

/** Scopes in SPEC.md order, without duplicates. */
export function sortScopes(scopes: readonly Scope[]): Scope[] {
  return SCOPES.filter((scope) => scopes.includes(scope));
}
