/**
 * The HTML pages of the sign-in's errors (issue 29): what a browser shows when signing in fails,
 * is refused or cannot be done now, and when a sign-out comes from another site. Each says what
 * happened and offers the next step ("Try again" starts a new sign-in). error-answer.ts renders
 * them for these codes in place of the generic error page; the JSON and markdown forms are the
 * generic ones.
 */
import type { ApiError, ErrorCode } from '../errors.js';
import { ERROR_TABLE } from '../errors.js';
import { escapeHtml } from '../escape.js';
import { renderDocument } from '../layout/document.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { SIGNIN_PATHS } from '../signin/settings.js';

/** A sign-in error page: its heading, what to do, and whether it links to a new sign-in. */
interface SignInPage {
  heading: string;
  advice: string;
  tryAgain: boolean;
}

/** The wording of each sign-in error page. */
const SIGN_IN_PAGES: Partial<Record<ErrorCode, SignInPage>> = {
  sign_in_failed: {
    heading: 'Signing in did not complete',
    advice: 'Start again from this site, in the same browser, and finish within 10 minutes.',
    tryAgain: true,
  },
  no_access: {
    heading: 'Your account has no access to this site',
    advice: 'Ask the site operator for access, or sign out at your identity provider and sign in with another account.',
    tryAgain: false,
  },
  sign_in_unavailable: {
    heading: 'Signing in is not possible right now',
    advice: 'The identity provider could not be reached. Try again in a minute.',
    tryAgain: true,
  },
  cross_site_request: {
    heading: 'This request came from another site',
    advice: 'To sign out, use the "Sign out" button on a page of this site.',
    tryAgain: false,
  },
};

/**
 * The HTML page of a sign-in error, or undefined for any other code. The error's message is shown
 * when it says more than the table's default (the no-access page's "You signed in as …").
 */
export function signInErrorHtml(error: ApiError, snapshot: Snapshot): string | undefined {
  const page = SIGN_IN_PAGES[error.code];
  if (page === undefined) return undefined;
  const { chrome } = snapshot;
  const base = chrome.basePath;
  const said = error.message === ERROR_TABLE[error.code].message ? '' : `<p class="signed-in-as">${escapeHtml(error.message)}</p>\n`;
  const next = page.tryAgain ? `<p><a class="button" href="${base}${SIGNIN_PATHS.login}">Try again</a></p>\n` : '';
  return renderDocument(chrome, {
    title: page.heading,
    description: page.advice,
    sidebarHtml: snapshot.rootSidebar,
    breadcrumbHtml: '',
    robots: 'noindex',
    mainHtml: `<article class="content error-page">
<h1>${escapeHtml(page.heading)}</h1>
${said}<p>${escapeHtml(page.advice)}</p>
${next}<p class="status">HTTP ${error.status} <code>${error.code}</code></p>
<p><a href="${base}/">Home</a></p>
</article>`,
  });
}
