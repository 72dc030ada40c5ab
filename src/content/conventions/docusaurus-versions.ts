/**
 * Docusaurus' versioned docs (docusaurus.io/docs/versioning): `versions.json` beside the config
 * (version names, newest first), each version's files in `versioned_docs/version-<name>/` and its
 * sidebars in `versioned_sidebars/version-<name>-sidebars.json`; the `docs/` folder is the version
 * `current`. Which are served and where follows the docs plugin's options
 * (docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration): `lastVersion`
 * (default: the first name of versions.json, else `current`) at the route base, the others at
 * their `path` under it (`current`: `next`, label `Next`; others: their name),
 * `includeCurrentVersion` (default true), `onlyIncludeVersions`, and `versions.<name>.label`,
 * `.path`, `.banner` (default: `unreleased` above the last version, `unmaintained` below it, as
 * plugin-content-docs `getDefaultVersionBanner` decides). The route base is the docs folder's URL as
 * sitegate serves it (content/conventions/urls.ts: the folder's path, `/docs/`).
 *
 * Only folders inside the content folder are read (the site folder given to sitegate): a version
 * folder outside it, or one versions.json names that is missing, is reported and left out, so
 * nothing beside the content folder is ever listed or read (content/load.ts, readable.ts).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { objectOf, stringOf, type Literal } from './js-literal.js';
import { readTextFile } from './context.js';
import { BANNERS, type DocsVersion, type VersionBanner } from './types.js';

/** The name Docusaurus gives the version in the docs folder (plugin-content-docs `CURRENT_VERSION_NAME`). */
export const CURRENT_VERSION_NAME = 'current';

/** Where a site's versions are and what the plugin's options say of them. */
export interface DocusaurusVersionsInput {
  /** Absolute path of the content folder. */
  contentDir: string;
  /** Absolute path of the site folder (the config's). */
  configDir: string;
  /** The docs folder relative to the content folder (content/conventions/docusaurus.ts `docsRoot`); `''` when it is the content folder. */
  docsRoot: string;
  /** The docs plugin's options, when the config names them as literals. */
  options: Record<string, Literal> | undefined;
  /** Called with what cannot be read or served, for `sitegate check`. */
  report: (file: string, message: string) => void;
}

/** A version with where its sidebars file would be. */
export interface DocusaurusVersion extends DocsVersion {
  /** Absolute path of `versioned_sidebars/version-<name>-sidebars.json`; `undefined` for `current`, whose sidebars the plugin names. */
  sidebarsFile: string | undefined;
}

/**
 * The versions of a Docusaurus site, newest first (`current` first when included), or `undefined`
 * when it has no `versions.json` (an unversioned site) or none can be served.
 */
export function readDocusaurusVersions(input: DocusaurusVersionsInput): DocusaurusVersion[] | undefined {
  const { contentDir, configDir, docsRoot, options, report } = input;
  const versionsFile = path.join(configDir, 'versions.json');
  const text = readTextFile(versionsFile);
  if (text === undefined) return undefined;
  const names = versionNames(text);
  if (names === undefined) {
    report(versionsFile, 'versions.json is not an array of version names; the docs are served unversioned');
    return undefined;
  }
  if (docsRoot === '') {
    report(versionsFile, 'the versioned docs lie beside the content folder, which is the docs folder: serve the site folder to serve them');
    return undefined;
  }
  const lastVersion = stringOf(options?.lastVersion) ?? names[0] ?? CURRENT_VERSION_NAME;
  const only = Array.isArray(options?.onlyIncludeVersions) ? options.onlyIncludeVersions.map(stringOf) : undefined;
  const all = [...(options?.includeCurrentVersion === false ? [] : [CURRENT_VERSION_NAME]), ...names].filter(
    (name) => only === undefined || only.includes(name),
  );
  const lastAt = all.indexOf(lastVersion);
  if (lastAt === -1) {
    report(versionsFile, `lastVersion "${lastVersion}" is not among the versions served; the docs are served unversioned`);
    return undefined;
  }
  const configured = objectOf(options?.versions);
  const versions: DocusaurusVersion[] = [];
  all.forEach((name, at) => {
    const own = objectOf(configured?.[name]);
    const dir =
      name === CURRENT_VERSION_NAME ? docsRoot : folderInside(contentDir, path.join(configDir, 'versioned_docs', `version-${name}`));
    if (dir === undefined) {
      report(versionsFile, `version ${name}: versioned_docs/version-${name} is not a folder inside the content folder; left out`);
      return;
    }
    const defaultPath = name === lastVersion ? '' : name === CURRENT_VERSION_NAME ? 'next' : name;
    const versionPath = (stringOf(own?.path) ?? defaultPath)
      .split('/')
      .filter((segment) => segment !== '')
      .join('/');
    const banner = stringOf(own?.banner) as VersionBanner | undefined;
    versions.push({
      name,
      label: stringOf(own?.label) ?? (name === CURRENT_VERSION_NAME ? 'Next' : name),
      dir,
      urlDir: versionPath === '' ? docsRoot : `${docsRoot}/${versionPath}`,
      current: name === lastVersion,
      banner:
        banner !== undefined && (BANNERS as readonly string[]).includes(banner)
          ? banner
          : at < lastAt
            ? 'unreleased'
            : at > lastAt
              ? 'unmaintained'
              : 'none',
      sidebarsFile: name === CURRENT_VERSION_NAME ? undefined : path.join(configDir, 'versioned_sidebars', `version-${name}-sidebars.json`),
    });
  });
  return versions.some((version) => version.current) ? versions : undefined;
}

/** The names of versions.json, or `undefined` when it is not an array of non-empty strings. */
function versionNames(text: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value) || !value.every((name) => typeof name === 'string' && name !== '' && !name.includes('/'))) return undefined;
    return value as string[];
  } catch {
    return undefined;
  }
}

/** `folder` relative to `contentDir`, `/`-separated, when it is a folder strictly inside it; else `undefined`. */
function folderInside(contentDir: string, folder: string): string | undefined {
  const relative = path.relative(contentDir, folder);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return undefined;
  return relative.split(path.sep).join('/');
}
