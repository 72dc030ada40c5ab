/** Step of the snapshot build: the bodies every site has whatever its content (assets, 404 page). */
import { makeBody, type Body } from '../body.js';
import { FAVICON_SVG, SITE_CSS, SITE_JS } from '../layout/assets.js';
import { PORTAL_CSS } from '../layout/client/portal.css.js';
import { PORTAL_JS } from '../layout/client/portal.js.js';
import { LIVE_RELOAD_JS, LIVE_RELOAD_SCRIPT_PATH } from '../layout/client/live-reload.js.js';
import { renderErrorHtml } from '../layout/pages.js';
import { accentCss } from '../layout/branding.js';
import { CONTENT_TYPES } from './bodies.js';
import type { DeclaredSite } from '../content/conventions/types.js';
import type { SiteView } from './site-view.js';

/**
 * The stylesheet, script and icon pages link to, by URL path (`/_sitegate/…`); the stylesheet ends
 * with the accent colour's rule when one is configured (layout/branding.ts). The portal's
 * styles and script ride along in the site's files: one request each, cached for every page.
 * In watch mode the live-reload script is one more (layout/client/live-reload.js.ts); without, it is
 * not served.
 * @param accentColor the `site.accentColor` setting, validated; null for sitegate's own
 * @param liveReload whether the site is served with `--watch`
 */
export function assetBodies(accentColor: string | null = null, liveReload = false): ReadonlyMap<string, Body> {
  const bodies = new Map([
    ['/_sitegate/site.css', makeBody(SITE_CSS + PORTAL_CSS + accentCss(accentColor), CONTENT_TYPES.css)],
    ['/_sitegate/site.js', makeBody(SITE_JS + PORTAL_JS, CONTENT_TYPES.js)],
    ['/_sitegate/favicon.svg', makeBody(FAVICON_SVG, CONTENT_TYPES.svg)],
  ]);
  if (liveReload) bodies.set(LIVE_RELOAD_SCRIPT_PATH, makeBody(LIVE_RELOAD_JS, CONTENT_TYPES.js));
  return bodies;
}

/** The 404 page's title when the generator declares none. */
export const NOT_FOUND_TITLE = 'Page not found';
/** The 404 page's message when the generator declares none. */
export const NOT_FOUND_MESSAGE =
  'There is no page at this address. It may have moved or been renamed: search for it with the box above, or start from the home page or the sections of this site.';

/**
 * The HTML 404 page of `view`'s site, drawn in its chrome with the root sidebar; in the words of
 * `notFound`, the generator's own not-found page (Starlight's and mdBook's 404.md), when it has one.
 */
export function notFoundBody(view: SiteView, notFound?: DeclaredSite['notFound']): Body {
  return makeBody(
    renderErrorHtml(view.chrome, 404, notFound?.title ?? NOT_FOUND_TITLE, notFound?.message ?? NOT_FOUND_MESSAGE, view.rootSidebar),
    CONTENT_TYPES.html,
  );
}
