/**
 * Scopes: the one place they are defined (SPEC.md §2 "Scopes"), their descriptions, and the OAuth
 * `scope` parameter syntax (RFC 6749 §3.3). The OpenAPI description, the portal, the CLI, the
 * error object and the token endpoint all read them from here.
 */

/** The scopes of SPEC.md §2, in table order. */
export const SCOPES = ['search:read', 'content:read', 'internal:read'] as const;

/** The scopes a credential can carry (SPEC.md §2 "Scopes"). */
export type Scope = (typeof SCOPES)[number];

/** What each scope grants (SPEC.md §2 "Scopes"). */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  'search:read': 'read the public site search index',
  'content:read': 'read public pages, posts and legal documents',
  'internal:read': 'read internal documentation (restricted)',
};

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
