/**
 * `/developers`: the human-readable developer portal (SPEC.md §4 getDevelopersPortal). Grouped
 * sections (getting started, authentication, try it, endpoints by tag, errors, rate limits,
 * discovery resources) under an on-page table of contents built from the same section list.
 * Every error code of the table has an entry at the anchor that ApiError `docs` links to.
 */
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../auth/rate-limits.js';
import { renderDocument, type SiteChrome } from '../layout/document.js';
import { connectAgent } from './portal-connect.js';
import { authentication, gettingStarted } from './portal-guide.js';
import { renderSection, renderToc, type PortalSection } from './portal-html.js';
import { endpoints, errors, rateLimits, resources } from './portal-reference.js';
import { tryIt } from './portal-try.js';

/** What the portal documents beyond the site: the limits this server enforces. */
export interface PortalOptions {
  /** The rate limits in force (config `rateLimits`); default {@link DEFAULT_RATE_LIMITS}. */
  rateLimits?: RateLimitConfig | undefined;
}

/** The portal's sections, in reading order. */
export function portalSections(chrome: SiteChrome, options: PortalOptions = {}): PortalSection[] {
  const guide = { baseUrl: chrome.baseUrl, siteName: chrome.name };
  return [
    gettingStarted(guide),
    authentication(guide),
    connectAgent(guide),
    tryIt(chrome.basePath),
    endpoints(chrome.baseUrl),
    errors(),
    rateLimits(options.rateLimits ?? DEFAULT_RATE_LIMITS),
    resources(chrome.baseUrl),
  ];
}

/**
 * Builds the portal HTML document: the site's shell around a title, the table of contents and the
 * sections. Pure; the script of layout/client/portal.js.ts adds copy buttons and runs the forms.
 */
export function buildPortalHtml(chrome: SiteChrome, sidebarHtml: string, options: PortalOptions = {}): string {
  const sections = portalSections(chrome, options);
  const mainHtml = `<article class="content portal">
<header class="portal-head">
<h1>Developers</h1>
<p>The API, credentials, scopes and error codes of this site, with commands to copy and forms to try the API in your browser.</p>
</header>
${renderToc(sections)}
<div class="portal-body">
${sections.map(renderSection).join('\n')}
</div>
</article>`;
  return renderDocument(chrome, {
    title: 'Developers',
    description: `API, credentials, scopes and error codes of ${chrome.name}.`,
    path: '/developers',
    sidebarHtml,
    breadcrumbHtml: '',
    mainHtml,
  });
}
