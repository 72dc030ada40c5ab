/**
 * "Edit this page" links: where a page's source can be edited, from the `site.editUrl` setting or
 * the generator's own setting (content/conventions/). Both are kept as a pattern in which `:path`
 * stands for the page's source path relative to the content folder (VitePress'
 * `themeConfig.editLink.pattern`, vitepress.dev/reference/default-theme-edit-link); a pattern
 * without `:path` is a base URL to which the path is appended (Docusaurus `editUrl`,
 * docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#editUrl).
 */
import path from 'node:path';

/** The placeholder of the page's source path in an edit URL pattern. */
export const EDIT_PATH = ':path';

/**
 * The edit URL of the source file `relPath` (relative to the content folder, `/`-separated, e.g.
 * `guides/setup.md`): each segment percent-encoded (RFC 3986 §3.3), put in place of `:path`, else
 * appended to `pattern` (a `/` added between them when the pattern ends without one).
 */
export function editUrlOf(pattern: string, relPath: string): string {
  const encoded = relPath.split('/').map(encodeURIComponent).join('/');
  if (pattern.includes(EDIT_PATH)) return pattern.replace(EDIT_PATH, encoded);
  return pattern.endsWith('/') ? pattern + encoded : `${pattern}/${encoded}`;
}

/**
 * A generator's base URL that names files relative to the folder of its config file (Docusaurus
 * `editUrl`, Starlight `editLink.baseUrl`) as a pattern for paths relative to the content folder:
 * the content folder's path from the config's folder goes between them.
 * @param baseUrl the generator's setting, e.g. `https://github.com/o/r/edit/main/website/`
 * @param configDir the folder of the generator's config file
 * @param contentDir the content folder sitegate serves
 * @returns `undefined` when `baseUrl` is no http(s) URL
 */
export function editPatternFromSiteRoot(baseUrl: string | undefined, configDir: string, contentDir: string): string | undefined {
  if (baseUrl === undefined || !/^https?:\/\//i.test(baseUrl)) return undefined;
  const between = path.relative(configDir, contentDir).split(path.sep).join('/');
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return between === '' || between.startsWith('..') ? `${base}${EDIT_PATH}` : `${base}${between}/${EDIT_PATH}`;
}

/**
 * MkDocs' edit URL (mkdocs.org/user-guide/configuration/#edit_uri): `edit_uri` resolved against
 * `repo_url`, the path relative to `docs_dir` (the content folder) appended; `edit_uri` defaults to
 * `edit/master/docs/` for GitHub and GitLab repositories, and an empty `edit_uri` turns links off.
 */
export function mkdocsEditPattern(repoUrl: unknown, editUri: unknown): string | undefined {
  if (typeof repoUrl !== 'string' || !/^https?:\/\//i.test(repoUrl)) return undefined;
  const hosted = /^https?:\/\/(www\.)?(github|gitlab)\.com\//i.test(repoUrl);
  const uri = typeof editUri === 'string' ? editUri : hosted ? 'edit/master/docs/' : undefined;
  if (uri === undefined || uri === '') return undefined;
  try {
    const resolved = new URL(uri, repoUrl.endsWith('/') ? repoUrl : `${repoUrl}/`).href;
    return `${resolved.endsWith('/') ? resolved : `${resolved}/`}${EDIT_PATH}`;
  } catch {
    return undefined;
  }
}
