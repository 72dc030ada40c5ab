/**
 * The versions of a built site, modelled as its languages are (content/languages.ts): each version
 * roots its own navigation tree at the folder it is served under (`/docs/1.x/`), so an old version
 * is never a section of the current one, and pages of one version find their counterpart in
 * another by their path relative to each version's root (`/docs/1.x/intro` ↔ `/docs/intro`). Made
 * of public pages only, so a switcher link, a canonical link or an llms.txt never names a page the
 * reader may not read (DESIGN.md "Private content fails closed").
 */
import type { FolderMemo } from './folder-memo.js';
import { buildFoldersInSteps, type Folder } from './folders.js';
import { runSteps, type BuildSteps } from '../build-steps.js';
import type { Page } from './page.js';
import { parentFolderKey } from './paths.js';
import { buildLanguagesInSteps, languageOfKey, type LanguageRules, type SiteLanguage, type Translation } from './languages.js';
import type { DeclaredFolder, DocsVersion, FallbackOrder, VersionBanner } from './conventions/types.js';
import { patchTreesInSteps } from './trees-patch.js';

/** One version of the docs with its own navigation tree. */
export interface SiteVersion {
  /** Its name (`1.x`, Docusaurus' `current`): the value of search's and MCP's `version` parameter. */
  readonly name: string;
  /** What readers see (`1.x`, `Next`). */
  readonly label: string;
  /** The version readers are sent to: canonical URLs, search and MCP by default. */
  readonly current: boolean;
  /** The banner its pages show (content/conventions/types.ts `VersionBanner`). */
  readonly banner: VersionBanner;
  /** Folder key its tree starts at: `/docs/1.x/`, `/v2/`. */
  readonly rootKey: string;
  /** Its public pages depth first in nav order (content/folders.ts), for its llms.txt and prev/next. */
  readonly navPages: readonly Page[];
}

/** What {@link buildVersions} makes. */
export interface SiteVersions {
  /** Every version's folders by key. */
  folders: Map<string, Folder>;
  /** The versions as declared, newest first. */
  versions: SiteVersion[];
}

/** How the trees are ordered (content/folders.ts `FolderRules`). */
export interface VersionRules {
  folders: ReadonlyMap<string, DeclaredFolder>;
  fallbackOrder: FallbackOrder;
  /** The last build's folders (content/folders.ts `FolderRules.memo`). */
  memo?: FolderMemo | undefined;
}

/**
 * Builds each version's tree from the public pages that carry its name (`Page.version`), in steps
 * (build-steps.ts: content/folders.ts `buildFoldersInSteps`'s).
 * @param pages public pages of every version; pages of a version not declared are left out
 */
export function* buildVersions(pages: readonly Page[], declared: readonly DocsVersion[], rules: VersionRules): BuildSteps<SiteVersions> {
  const members = new Map<string, Page[]>(declared.map((version) => [version.name, []]));
  for (const page of pages) if (page.version !== undefined) members.get(page.version)?.push(page);
  const folders = new Map<string, Folder>();
  const versions: SiteVersion[] = [];
  for (const version of declared) {
    const rootKey = `/${version.urlDir}/`;
    const tree = yield* buildFoldersInSteps(members.get(version.name) ?? [], rules, rootKey);
    for (const [key, folder] of tree.folders) folders.set(key, folder);
    const { name, label, current, banner } = version;
    versions.push({ name, label, current, banner, rootKey, navPages: tree.navPages });
  }
  return { folders, versions };
}

/** The tree a page or folder key is in: the version whose root holds it (the deepest), else its language's. */
export function treeOfKey(
  site: { readonly versions: readonly SiteVersion[]; readonly languages: readonly SiteLanguage[] },
  key: string,
): { rootKey: string; version: SiteVersion | undefined } {
  const version = versionOfKey(site.versions, key);
  return version === undefined ? { rootKey: languageOfKey(site.languages, key).rootKey, version } : { rootKey: version.rootKey, version };
}

/**
 * The version whose root holds a decoded key, the deepest when roots nest (`/docs/next/` in
 * `/docs/`: a key under a nested root belongs to it, never to the outer version); `undefined` outside all.
 */
export function versionOfKey(versions: readonly SiteVersion[], key: string): SiteVersion | undefined {
  let found: SiteVersion | undefined;
  for (const version of versions)
    if (key.startsWith(version.rootKey) && version.rootKey.length > (found?.rootKey.length ?? 0)) found = version;
  return found;
}

/** The current version; `undefined` on an unversioned site. */
export function currentVersion(versions: readonly SiteVersion[]): SiteVersion | undefined {
  return versions.find((version) => version.current);
}

/**
 * The public page of `to` at the same path as `key` in `from` (`/docs/1.x/guides/a` in 1.x →
 * `/docs/guides/a` in the current version), or `undefined` when `to` has none.
 * @param pages every served page by key (internal ones are never returned)
 */
export function counterpartOf(pages: ReadonlyMap<string, Page>, key: string, from: SiteVersion, to: SiteVersion): Page | undefined {
  if (!key.startsWith(from.rootKey)) return undefined;
  const page = pages.get(to.rootKey + key.slice(from.rootKey.length));
  return page !== undefined && page.kind !== 'internal' && page.version === to.name ? page : undefined;
}

/** Every tree of a site: its languages' (over its unversioned pages) and its versions'. */
export interface SiteTrees {
  folders: Map<string, Folder>;
  languages: SiteLanguage[];
  translations: Map<string, readonly Translation[]>;
  versions: SiteVersion[];
}

/**
 * The language trees (content/languages.ts) of the pages of no version, and one tree per version
 * of the others: the one split every build of the nav makes (the public site's, a reader's).
 * @param pages pages sorted by URL
 */
export function buildTrees(pages: readonly Page[], rules: TreeRules): SiteTrees {
  return runSteps(buildTreesInSteps(pages, rules));
}

/** How the trees are made: the languages' rules and the docs versions, if any. */
export type TreeRules = LanguageRules & { versions?: readonly DocsVersion[] | undefined };

/**
 * {@link buildTrees} in steps (build-steps.ts): each tree in content/folders.ts `buildFoldersInSteps`'s,
 * or, when few pages changed since the last build kept in `rules.memo`, patched from that build's
 * trees (content/trees-patch.ts); the trees are kept in the memo for the next build.
 * @param pages public pages in URL order (content/page.ts `byUrl`)
 */
export function* buildTreesInSteps(pages: readonly Page[], rules: TreeRules): BuildSteps<SiteTrees> {
  const memo = rules.memo;
  const last = memo?.lastTrees();
  const patched = memo === undefined ? undefined : yield* patchTreesInSteps(pages, rules, memo);
  const trees = patched ?? (yield* buildAllTrees(pages, rules));
  if (rules.versions !== undefined)
    trees.folders.set('/', withCurrentVersion(trees.folders.get('/') as Folder, trees.versions, trees.folders));
  memo?.keepTrees({ pages, trees, paths: patched === undefined ? undefined : last?.paths, patched: patched !== undefined });
  return trees;
}

/** Every tree of `pages` made (the memo's folders reused where made of the same pages). */
function* buildAllTrees(pages: readonly Page[], rules: TreeRules): BuildSteps<SiteTrees> {
  if (rules.versions === undefined) return { ...(yield* buildLanguagesInSteps(pages, rules)), versions: [] };
  const { folders, languages, translations } = yield* buildLanguagesInSteps(
    pages.filter((page) => page.version === undefined),
    rules,
  );
  const built = yield* buildVersions(pages, rules.versions, rules);
  for (const [key, folder] of built.folders) folders.set(key, folder);
  return { folders, languages, translations, versions: built.versions };
}

/**
 * The site's root folder with the current version's root as its last item when that root is a
 * folder of the site root (`/docs/`, `/v3/`), so that the home page's nav and listing lead to the
 * current docs; old versions are reached through the version switcher, never as sections.
 */
function withCurrentVersion(root: Folder, versions: readonly SiteVersion[], folders: ReadonlyMap<string, Folder>): Folder {
  const current = currentVersion(versions);
  const folder = current === undefined ? undefined : folders.get(current.rootKey);
  if (folder === undefined || parentFolderKey(folder.key) !== '/' || root.folders.some((one) => one.key === folder.key)) return root;
  return { ...root, folders: [...root.folders, folder], items: [...root.items, folder] };
}

/**
 * The page search engines should index for `page`: the current version's page at the same path
 * when `page` is in another version and the current one has it (`<link rel="canonical">`, the
 * sitemap), else `page` itself.
 */
export function canonicalPageOf(
  site: { readonly versions: readonly SiteVersion[]; readonly pages: ReadonlyMap<string, Page> },
  page: Page,
): Page {
  if (page.version === undefined) return page;
  const from = versionOfKey(site.versions, page.key);
  const to = currentVersion(site.versions);
  if (from === undefined || to === undefined || from === to) return page;
  return counterpartOf(site.pages, page.key, from, to) ?? page;
}
