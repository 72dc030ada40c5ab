/**
 * What a page of a versioned site shows of its versions (content/versions.ts): a version switcher
 * in the header, a disclosure list of links (`<details>`, no script needed) that goes to the same
 * page in each other version where it exists, else to that version's root; and on a page of a
 * version other than the current one, the banner Docusaurus' theme shows
 * (docusaurus.io/docs/versioning#configuring-versioning-behavior, theme-classic `DocVersionBanner`):
 * "This is unreleased documentation for … version." or "This is documentation for …, which is no
 * longer actively maintained.", then "For up-to-date documentation, see the latest version", linked
 * to the current version's page at the same path, else its root.
 */
import { escapeHtml } from '../escape.js';
import type { Page } from '../content/page.js';
import { encodePath } from '../content/paths.js';
import { counterpartOf, currentVersion, versionOfKey, type SiteVersion } from '../content/versions.js';
import type { Site } from '../content/site.js';

/** The version parts of a page: its switcher and banner (already escaped); empty strings on an unversioned page. */
export interface VersionSurroundings {
  switcherHtml: string;
  bannerHtml: string;
  /**
   * The version the header's search asks for (search's `version` parameter): the page's own when
   * it is not the current one, so a reader of 1.x searches 1.x; `undefined` otherwise.
   */
  searchVersion: string | undefined;
}

const NONE: VersionSurroundings = { switcherHtml: '', bannerHtml: '', searchVersion: undefined };

/**
 * The switcher and banner of the page or folder at decoded `key`; none outside every version.
 * @param basePath path of the public base URL (`''` or `/docs`), before every link
 */
export function versionSurroundings(
  site: Pick<Site, 'versions' | 'pages' | 'folders' | 'name'>,
  key: string,
  basePath: string,
): VersionSurroundings {
  const version = versionOfKey(site.versions, key);
  if (version === undefined) return NONE;
  const target = (to: SiteVersion): string =>
    basePath + (to === version ? (site.pages.get(key)?.url ?? site.folders.get(key)?.url ?? encodePath(key)) : urlIn(site, key, version, to));
  const items = site.versions.map((to) => {
    const current = to === version ? ' aria-current="true"' : '';
    const note = to.current ? ' (latest)' : '';
    return `<li><a href="${escapeHtml(target(to))}"${current}>${escapeHtml(to.label)}${note}</a></li>`;
  });
  const switcherHtml = `<details class="version-switcher">
<summary><span class="version-word">Version: </span><span class="version-current">${escapeHtml(version.label)}</span></summary>
<ul>
${items.join('\n')}
</ul>
</details>
`;
  return { switcherHtml, bannerHtml: bannerOf(site, version, target), searchVersion: version.current ? undefined : version.name };
}

/** The URL path of the page at `key`'s path in `to`, else `to`'s root folder. */
function urlIn(site: Pick<Site, 'pages' | 'folders'>, key: string, from: SiteVersion, to: SiteVersion): string {
  const page: Page | undefined = counterpartOf(site.pages, key, from, to);
  if (page !== undefined) return page.url;
  const folder = site.folders.get(to.rootKey + key.slice(from.rootKey.length));
  return folder?.url ?? site.folders.get(to.rootKey)?.url ?? encodePath(to.rootKey);
}

/** The banner of a page of `version`, Docusaurus' wording; `''` for the current version or `banner: 'none'`. */
function bannerOf(site: Pick<Site, 'versions' | 'name'>, version: SiteVersion, target: (to: SiteVersion) => string): string {
  const latest = currentVersion(site.versions);
  if (version.current || version.banner === 'none' || latest === undefined) return '';
  const name = escapeHtml(site.name);
  const label = escapeHtml(version.label);
  const what =
    version.banner === 'unreleased'
      ? `This is unreleased documentation for ${name} <b>${label}</b> version.`
      : `This is documentation for ${name} <b>${label}</b>, which is no longer actively maintained.`;
  return `<div class="version-banner" role="note">
<p>${what}</p>
<p>For up-to-date documentation, see the <a href="${escapeHtml(target(latest))}">latest version</a> (${escapeHtml(latest.label)}).</p>
</div>
`;
}
