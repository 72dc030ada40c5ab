/**
 * The header's account block for a person signed in through the identity provider (issue 29):
 * "Signed in as <name>" and a "Sign out" button, a plain form posting to
 * `{basePath}/_sitegate/logout` (WHATWG HTML §4.10.3), so it works without script; the CSP's
 * `form-action 'self'` (answers/headers.ts) allows it.
 */
import { escapeHtml } from '../escape.js';
import { SIGNIN_PATHS } from '../signin/settings.js';

/**
 * Where a reader's cached bodies hold the account block: an HTML comment in the header
 * (layout/document.ts `accountHtml`), replaced per request by {@link renderAccount} for a person,
 * and left as it is (a comment, shown as nothing) for a client without one. The header comes
 * before any content in the document and every text before it is escaped, so the first occurrence
 * is always the header's.
 */
export const ACCOUNT_MARKER = '<!--sitegate:account-->';

/**
 * The "Sign out" form alone (for the 403 page's text, too).
 * @param basePath path of the public base URL (`''` or `/docs`)
 */
export function renderSignOutForm(basePath: string): string {
  return `<form class="sign-out" method="post" action="${escapeHtml(basePath + SIGNIN_PATHS.logout)}"><button type="submit">Sign out</button></form>`;
}

/**
 * The account block of the header: who is signed in (escaped) and the "Sign out" form.
 * @param basePath path of the public base URL (`''` or `/docs`)
 * @param name the person's display name (Principal `person.name`), any text: it is escaped here
 */
export function renderAccount(basePath: string, name: string): string {
  return `<div class="account"><span class="account-name">Signed in as ${escapeHtml(name)}</span>${renderSignOutForm(basePath)}</div>\n`;
}
