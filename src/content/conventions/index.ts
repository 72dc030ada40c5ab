/**
 * A content folder's generator conventions (content/conventions/): recognised from its files or
 * named by the `conventions` setting, then read from the generator's own config. The one place
 * where files the generator never publishes are left out of the build.
 */
import path from 'node:path';
import { realpathSync } from 'node:fs';
import { InternalZone, internalZoneOf } from '../access.js';
import { astroSourceFoldersOf, staticFoldersOf, withInternalZone } from '../assets.js';
import { loadContent, type LoadResult, type SourceFile } from '../load.js';
import type { ContentProblem } from '../problems.js';
import { readGitBook, readMdBook } from './book.js';
import type { ReaderContext } from './context.js';
import type { FrontmatterMemo } from './frontmatter-memo.js';
import { Declaration } from './declare.js';
import { detectGenerator, type Detected } from './detect.js';
import type { AssetFile } from '../assets.js';
import type { ConventionsKey, ConventionsMemo, KeptConventions, ListingOrigin } from './conventions-memo.js';
import { readDocusaurus } from './docusaurus.js';
import { readHugo } from './hugo.js';
import { readMkDocs } from './mkdocs.js';
import { readNavList } from './mkdocs-nav.js';
import { readStarlight } from './starlight.js';
import { languageFolderCandidates, ListedLanguages, withMirroredOrder } from './locales.js';
import { DEFAULT_LOCALE, plainConventions, type Conventions, type DocsVersion, type Generator, type VersionBanner } from './types.js';
import { readVitePress } from './vitepress.js';

/** The settings that shape conventions (config/config.ts `conventions`, `nav`). */
export interface ConventionsOptions {
  /** A generator to apply whatever the files say, or `plain` for none; `undefined` to recognise it. */
  conventions?: Generator | undefined;
  /** sitegate.json `nav` for a plain folder: MkDocs' `nav` shape (content/conventions/mkdocs-nav.ts). */
  nav?: unknown;
  /** sitegate.json `redirects` (config/config.ts): carried on the conventions to the site build (content/redirects.ts). */
  redirects?: ReadonlyMap<string, string> | undefined;
  /**
   * The `versions` setting (config/settings.ts): one folder per version, served at its own path;
   * replaces what the generator declares (Docusaurus' versions.json).
   */
  versions?: readonly VersionSetting[] | undefined;
}

/** One entry of the `versions` setting, validated (config/versions-setting.ts): exactly one is `current`. */
export interface VersionSetting {
  name: string;
  /** Folder relative to the content folder, `/`-separated, without leading or trailing slash. */
  dir: string;
  current?: boolean | undefined;
  label?: string | undefined;
  banner?: VersionBanner | undefined;
}

/**
 * The versions of the `versions` setting as the build reads them: each served at its folder's own
 * path (`v2/intro.md` at `/v2/intro`); an old version's banner says `unmaintained` unless it says otherwise.
 */
function versionsOfSetting(setting: readonly VersionSetting[]): DocsVersion[] {
  return setting.map((version) => ({
    name: version.name,
    label: version.label ?? version.name,
    dir: version.dir,
    urlDir: version.dir,
    current: version.current === true,
    banner: version.banner ?? (version.current === true ? 'none' : 'unmaintained'),
  }));
}

const READERS: Record<Exclude<Generator, 'plain'>, (context: ReaderContext) => Conventions> = {
  docusaurus: readDocusaurus,
  starlight: readStarlight,
  vitepress: readVitePress,
  mkdocs: readMkDocs,
  mdbook: readMdBook,
  gitbook: readGitBook,
  hugo: readHugo,
};

/**
 * The conventions of the content folder `contentDir` holding `files`. A named generator whose files
 * are missing is applied with its rules alone (no config read), and `check` is told.
 * @param frontmatterMemo see {@link siteFilesOf}
 * @param detected what detect.ts `detectGenerator` finds for `options.conventions` (found when omitted)
 * @param languages what the paths of `files` show of languages (found when omitted)
 */
export function readConventions(
  contentDir: string,
  files: readonly SourceFile[],
  options: ConventionsOptions = {},
  frontmatterMemo?: FrontmatterMemo,
  detected: Detected | undefined = detectGenerator(path.resolve(contentDir), options.conventions),
  languages: ListedLanguages = new ListedLanguages(files),
): Conventions {
  const { candidates } = languages;
  const read = readGeneratorConventions(contentDir, files, options, frontmatterMemo, detected, languages);
  const conventions = options.versions === undefined ? read : { ...read, versions: versionsOfSetting(options.versions) };
  // Every folder named like a language holds an internal zone, recognised as a locale or not (fail
  // closed); so does every version's folder, where it is read and where it is served.
  const versionFolders = (conventions.versions ?? []).flatMap((version) => [version.dir, version.urlDir]);
  const languageFolders = [...(conventions.languageFolders ?? []), ...candidates, ...versionFolders];
  if (options.redirects === undefined) return { ...conventions, languageFolders };
  // The generator's own redirects (book.toml, .gitbook.yaml: content/conventions/book.ts), the setting's over them.
  const redirects = new Map([...(conventions.redirects ?? []), ...options.redirects]);
  return { ...conventions, languageFolders, redirects };
}

/**
 * {@link readConventions} before the settings that apply to every generator.
 * @param detected what detect.ts `detectGenerator` found for `options.conventions`
 * @param languages what the paths of `files` show of languages: its candidates (top folders named
 *   like a language) with the root are the internal zone the reader judges files by
 */
function readGeneratorConventions(
  contentDir: string,
  files: readonly SourceFile[],
  options: ConventionsOptions,
  frontmatterMemo: FrontmatterMemo | undefined,
  detected: Detected | undefined,
  languages: ListedLanguages,
): Conventions {
  const dir = path.resolve(contentDir);
  const problems: ContentProblem[] = [];
  const generator: Generator = detected?.generator ?? options.conventions ?? 'plain';
  if (detected === undefined)
    problems.push({
      severity: 'warning',
      file: '.',
      message: `conventions ${generator}: none of its config files found; its file rules apply alone`,
    });
  if (generator === 'plain') {
    const plain = plainConventions(options.conventions === 'plain' ? 'the conventions setting' : detected?.detectedBy);
    const conventions = withFolderLocales(plain, languages);
    if (options.nav === undefined) return conventions;
    const declaration = new Declaration();
    for (const entry of readNavList(options.nav, declaration, false))
      problems.push({ severity: 'warning', file: 'sitegate.json', message: `nav entry is no page or section: ${entry.slice(0, 80)}` });
    return {
      ...conventions,
      detectedBy: `${conventions.detectedBy}; nav from sitegate.json`,
      pages: declaration.pages,
      folders: declaration.finishFolders(),
      problems,
    };
  }
  const conventions = withFolderLocales(
    READERS[generator]({
      contentDir: dir,
      configFile: detected?.configFile,
      files,
      problems,
      zone: new InternalZone(languages.candidates),
      frontmatterMemo,
    }),
    languages,
  );
  return {
    ...conventions,
    detectedBy: options.conventions === undefined ? (detected?.detectedBy ?? '') : `the conventions setting (${generator})`,
  };
}

/**
 * `conventions` with the locales of BCP 47 folders (content/conventions/locales.ts) when its
 * generator declared one language, and the declared order applied to every language.
 */
function withFolderLocales(conventions: Conventions, languages: ListedLanguages): Conventions {
  if (conventions.locales.length > 1) return withMirroredOrder(conventions);
  const locales = languages.folderLocales(conventions.locales[0] ?? DEFAULT_LOCALE);
  return locales.length === 1 ? conventions : withMirroredOrder({ ...conventions, locales });
}

/** The files the generator publishes: `files` without those its rules leave unpublished. */
export function publishedFiles(files: readonly SourceFile[], conventions: Conventions): SourceFile[] {
  return conventions.unpublished.size === 0 ? [...files] : files.filter((file) => !conventions.unpublished.has(file.relPath));
}

/** What {@link loadSiteFiles} found: the published files, the listing's problems and the conventions. */
export interface SiteFiles extends LoadResult {
  conventions: Conventions;
  /** The generator's config file (absolute) that detect.ts found, when there is one: where the site's project folder is. */
  configFile: string | undefined;
}

/**
 * Lists the content folder, its static folders and a Starlight project's `src/` (content/load.ts,
 * content/assets.ts `astroSourceFoldersOf`), recognises its conventions
 * and leaves out the files they never publish; assets are judged by the site's internal zone. The problems are the listing's and the conventions'.
 * @param staticDirs the `static` setting (config/config.ts `staticDirs`); null or omitted: the
 *   generators' folders found beside the content folder (content/assets.ts `staticFoldersOf`)
 * @param protectedPaths absolute paths never listed nor read by includes: the data folder, the
 *   secret file, the config file (config/protected-paths.ts; content/readable.ts)
 * @throws {ContentDirError} when the folder cannot be read
 */
export function loadSiteFiles(
  contentDir: string,
  options: ConventionsOptions = {},
  staticDirs?: readonly string[] | null,
  protectedPaths: readonly string[] = [],
): SiteFiles {
  const staticFolders = staticFoldersOf(contentDir, staticDirs);
  const prefixedStaticDirs = astroSourceFoldersOf(contentDir, options.conventions);
  return siteFilesOf(contentDir, loadContent(contentDir, { staticDirs: staticFolders, prefixedStaticDirs, protectedPaths }), options);
}

/** A {@link ConventionsMemo} and how this build's listing was made, for {@link siteFilesOf} to reuse the last conventions. */
export interface ConventionsReuse {
  readonly memo: ConventionsMemo;
  readonly origin: ListingOrigin;
}

/**
 * {@link loadSiteFiles} of a listing already made (content/load.ts `loadContent`, or a listing
 * patched for the files that changed: content/listing-patch.ts): the conventions read from it and
 * the generator's config files, the files they never publish left out.
 * @param frontmatterMemo the pages' frontmatter kept from the last build, for those unchanged since
 *   (frontmatter-memo.ts); without it, the readers that read frontmatter read every page
 * @param reuse the last build's languages and (a plain folder's) conventions, taken again (the same
 *   objects) where they hold (conventions-memo.ts), and given this build's
 */
export function siteFilesOf(
  contentDir: string,
  loaded: LoadResult,
  options: ConventionsOptions = {},
  frontmatterMemo?: FrontmatterMemo,
  reuse?: ConventionsReuse,
): SiteFiles {
  const contentRoot = realpathSync.native(contentDir);
  const { conventions: named, nav, redirects, versions } = options;
  const key: ConventionsKey = {
    contentRoot,
    detected: detectGenerator(path.resolve(contentDir), named),
    settings: { named, nav, redirects, versions },
  };
  const languages = reuse?.memo.languagesOf(reuse.origin) ?? new ListedLanguages(loaded.files);
  const kept = reuse?.memo.reusable(key, languages);
  const conventions = kept?.conventions ?? listedConventions(contentDir, loaded, options, frontmatterMemo, key.detected, languages);
  // The assets of `de/internal/` are internal once `de/` is known to be a language folder.
  const assets =
    kept === undefined
      ? withInternalZone(loaded.assets, contentRoot, internalZoneOf(conventions))
      : rezoned(loaded.assets, kept, contentRoot);
  if (reuse !== undefined)
    reuse.memo.keep({ key, listing: reuse.origin.listing, languages, conventions, assets: loaded.assets, zonedAssets: assets });
  return {
    ...loaded,
    assets,
    files: publishedFiles(loaded.files, conventions),
    problems: [...loaded.problems, ...conventions.problems],
    conventions,
    configFile: key.detected?.configFile,
  };
}

/** {@link readConventions} of a listing, with the zones of the folders named like a language that hold assets alone. */
function listedConventions(
  contentDir: string,
  loaded: LoadResult,
  options: ConventionsOptions,
  frontmatterMemo: FrontmatterMemo | undefined,
  detected: Detected | undefined,
  languages: ListedLanguages,
): Conventions {
  const read = readConventions(contentDir, loaded.files, options, frontmatterMemo, detected, languages);
  // A folder named like a language that holds assets alone (`de/internal/plan.png`) has its zone too.
  const assetFolders = languageFolderCandidates(loaded.assets.map((asset) => asset.key.slice(1)));
  return assetFolders.length === 0 ? read : { ...read, languageFolders: [...(read.languageFolders ?? []), ...assetFolders] };
}

/**
 * `assets` judged by the zone of `kept.conventions` (assets.ts `withInternalZone`), each one listed
 * as it was at the last build (the same object at the same place) taken as judged then.
 */
function rezoned(assets: readonly AssetFile[], kept: KeptConventions, contentRoot: string): AssetFile[] {
  if (assets.length !== kept.assets.length) return withInternalZone(assets, contentRoot, internalZoneOf(kept.conventions));
  let zone: InternalZone | undefined;
  return assets.map((asset, i) =>
    asset === kept.assets[i]
      ? (kept.zonedAssets[i] as AssetFile)
      : (withInternalZone([asset], contentRoot, (zone ??= internalZoneOf(kept.conventions)))[0] as AssetFile),
  );
}
