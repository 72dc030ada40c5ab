/**
 * Whether a redirect URI is one the client registered (OAuth 2.1 §7.5.3, RFC 9700 §4.1.3: exact
 * string comparison).
 * CONTRACT (issue 30): branch oauth-clients writes the shared `redirectUriMatches` in
 * oauth/clients/redirect-uris.ts (with RFC 8252 §7.3's loopback port rule); this exact match, under
 * the same name and signature, stands in until it is on main.
 */

/**
 * Whether `given` is exactly one of `registered`.
 * @param registered the client's redirect URIs
 * @param given the `redirect_uri` of the request
 */
export function redirectUriMatches(registered: readonly string[], given: string): boolean {
  return registered.includes(given);
}
