/**
 * The consent page of the authorization endpoint (issue 30): what a person sees when an agent asks
 * to act for them — which client (its name and, for a Client ID Metadata Document, the host that
 * vouches for it), who is signed in, what it will be able to do in plain words, where the answer
 * goes back to — and the Allow and Deny buttons, a plain form posting to the endpoint (no script).
 * Drawn in the site's layout, as the sign-in pages are (signin-pages.ts). Every value that comes
 * from the client or the person is escaped.
 */
import type { Scope } from '../auth/scopes.js';
import { escapeHtml } from '../escape.js';
import { renderAccount } from '../layout/account.js';
import { renderDocument } from '../layout/document.js';
import type { AgentClient } from '../oauth/clients/registry.js';
import { OAUTH_PATHS } from '../oauth/settings.js';
import type { Snapshot } from '../snapshot/snapshot.js';

/** What each scope lets an agent do, in a person's words. */
export const SCOPE_WORDS: Readonly<Record<Scope, string>> = {
  'search:read': 'search the docs',
  'content:read': 'read pages',
  'internal:read': 'read internal pages',
};

/** What the consent page shows. */
export interface ConsentPage {
  client: AgentClient;
  /** The signed-in person's display name (Principal `person.name`). */
  personName: string;
  /** The scopes the agent will get (at most the person's). */
  scopes: readonly Scope[];
  /** The redirect URI the answer goes to. */
  redirectUri: string;
  /** The sealed request (authorize/consent-seal.ts), the form's hidden `consent` field. */
  consent: string;
}

/** Where the client's description comes from: who vouches for its name. */
function clientOrigin(client: AgentClient): string {
  switch (client.kind) {
    case 'metadata-document':
      return `its metadata is at <strong>${escapeHtml(new URL(client.clientId).host)}</strong>`;
    case 'registered':
      return 'it registered itself with this site, so its name is its own claim';
    case 'configured':
      return 'the operator of this site registered it';
  }
}

/**
 * Where the answer goes, for a person: the host of an http(s) redirect URI, or for a private-use
 * scheme (RFC 8252 §7.1) the app that handles it.
 */
export function redirectTargetWords(redirectUri: string): string {
  const url = new URL(redirectUri);
  if (url.protocol === 'https:' || url.protocol === 'http:') return `<strong>${escapeHtml(url.host)}</strong>`;
  return `the app on your device that opens <strong>${escapeHtml(url.protocol)}</strong> links`;
}

/**
 * The consent page's HTML document.
 * @throws {TypeError} when the redirect URI or a metadata document's client_id is not a URL (the
 *   registry only gives URLs)
 */
export function consentPageHtml(page: ConsentPage, snapshot: Snapshot): string {
  const { chrome } = snapshot;
  const base = chrome.basePath;
  const { client } = page;
  const name = escapeHtml(client.name);
  const link =
    client.clientUri === undefined
      ? ''
      : ` · <a href="${escapeHtml(client.clientUri)}" rel="noopener noreferrer">${escapeHtml(new URL(client.clientUri).host)}</a>`;
  const scopes = page.scopes.map((scope) => `<li>${SCOPE_WORDS[scope]}</li>`).join('\n');
  const title = `Allow ${client.name} to read this site as you?`;
  return renderDocument(chrome, {
    title,
    description: `${client.name} asks to read ${chrome.name} as you.`,
    sidebarHtml: snapshot.rootSidebar,
    breadcrumbHtml: '',
    robots: 'noindex',
    accountHtml: renderAccount(base, page.personName),
    mainHtml: `<article class="content consent">
<h1>${escapeHtml(title)}</h1>
<p class="consent-client"><strong>${name}</strong>: ${clientOrigin(client)}${link}</p>
<p class="consent-person">Signed in as <strong>${escapeHtml(page.personName)}</strong>. If you allow it, ${name} will be able to:</p>
<ul class="consent-scopes">
${scopes}
</ul>
<p class="consent-return">Your answer sends you back to ${redirectTargetWords(page.redirectUri)}.</p>
<form class="consent-form" method="post" action="${escapeHtml(base + OAUTH_PATHS.authorize)}">
<input type="hidden" name="consent" value="${escapeHtml(page.consent)}">
<button class="consent-allow" type="submit" name="decision" value="allow">Allow</button>
<button class="consent-deny" type="submit" name="decision" value="deny">Deny</button>
</form>
<p class="consent-note">Allow only agents you trust: it will read what your account may read, until its access ends or is revoked.</p>
</article>`,
  });
}
