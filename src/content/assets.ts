/**
 * Static files served beside the pages (images, PDFs, media, downloads): which files are assets,
 * where each is served, and whether it is internal. Listing them is load.ts's walk; serving them is
 * answers/assets.ts. An asset is served at its path (`img/a.png` → `/img/a.png`), a file of a
 * generator's static folder (`static/`, `public/`) at the site root, as Docusaurus
 * (docusaurus.io/docs/static-assets), Hugo (gohugo.io/content-management/static-files) and
 * VitePress (vitepress.dev/guide/asset-handling#the-public-directory) serve them.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { astroConfigOf, detectGenerator } from './conventions/detect.js';
import type { Generator } from './conventions/types.js';
import type { InternalZone } from './access.js';
import { encodePath } from './paths.js';

/**
 * Extensions (lower case, without the dot) of files served as assets: documents, images, media,
 * archives and fonts. Anything else beside the pages is not served and `check` lists it: source
 * code and configuration, and above all whatever a browser would run or apply on the site's origin
 * (`.js`, `.mjs`, `.html`, `.htm`, `.xhtml`, `.xml`, `.wasm`, files without an extension). CSS is
 * not served either: the CSP would let a page load a stylesheet from the site (`style-src 'self'`),
 * and a stylesheet from content could restyle sitegate's own pages or read attribute values
 * through selectors; docs need none of their own, as the site's is sitegate's.
 */
export const ASSET_EXTENSIONS: ReadonlySet<string> = new Set([
  ...['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'ico', 'bmp', 'apng', 'tif', 'tiff'],
  ...['pdf', 'mp4', 'webm', 'ogv', 'ogg', 'mp3', 'wav', 'm4a', 'm4v', 'mov', 'flac', 'aac', 'opus', 'vtt'],
  ...['zip', 'gz', 'tgz', 'bz2', 'xz', '7z', 'woff', 'woff2', 'ttf', 'otf', 'txt', 'csv', 'json'],
]);

/** Names never served even with an asset extension: package manifests and editor settings. */
const NEVER_SERVED = /^(package(-lock)?|tsconfig|jsconfig|composer)\.json$/i;

/** The extension a `check` summary counts a file under: `png`, `tar.gz` as `gz`, `(none)`. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '(none)' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file name is served as an asset (see {@link ASSET_EXTENSIONS}). */
export function isAssetName(name: string): boolean {
  return ASSET_EXTENSIONS.has(extensionOf(name)) && !NEVER_SERVED.test(name);
}

/**
 * The hidden folders whose files are served all the same: a generator's own upload folder.
 * GitBook keeps uploads in `.gitbook/assets/` at the space's root (gitbook.com/docs, "Git Sync:
 * content configuration"). Relative to the content folder, `/`-separated.
 */
export const GENERATOR_ASSET_FOLDERS: readonly string[] = ['.gitbook/assets'];

/**
 * Whether the walk enters a hidden folder: `.gitbook` and `.gitbook/assets`, nothing else.
 * @param rel the folder, `/`-separated, relative to the content folder
 */
export function entersHiddenFolder(rel: string): boolean {
  return GENERATOR_ASSET_FOLDERS.some((folder) => folder === rel || folder.startsWith(`${rel}/`));
}

/** Whether a file at `rel` lies in a generator's asset folder (only assets are listed there). */
export function inGeneratorAssetFolder(rel: string): boolean {
  return GENERATOR_ASSET_FOLDERS.some((folder) => rel.startsWith(`${folder}/`));
}

/**
 * Types served from a generator's upload folder besides {@link ASSET_EXTENSIONS}: GitBook keeps the
 * OpenAPI documents that `{% openapi src %}` blocks link to there (gitbook.com/docs, "OpenAPI").
 * Only there: beside the pages, a YAML file is more likely configuration than a document.
 */
const UPLOAD_EXTENSIONS: ReadonlySet<string> = new Set(['yaml', 'yml']);

/**
 * Whether the walk lists the file at `rel` (`/`-separated, relative to the content folder) as an
 * asset: by its type ({@link isAssetName}), and in a generator's upload folder also
 * {@link UPLOAD_EXTENSIONS}; never a script, a page or a stylesheet, wherever it lies.
 */
export function isServedAsset(rel: string): boolean {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  return isAssetName(name) || (inGeneratorAssetFolder(rel) && UPLOAD_EXTENSIONS.has(extensionOf(name)));
}

/** One static file, listed when the content is loaded; its bytes are read when it is served. */
export interface AssetFile {
  /** Decoded URL path it answers at, `/img/a b.png`: the lookup key. */
  readonly key: string;
  /** Canonical URL path, percent-encoded as page URLs are (content/paths.ts `encodePath`). */
  readonly url: string;
  /** Path shown in reports: relative to the content folder, or `static:<path>` for a static folder's file. */
  readonly file: string;
  /** Absolute real path of the file (symlinks resolved) when listed. */
  readonly realPath: string;
  /** Real path of the folder it was listed in: the file must still lie inside it when served. */
  readonly root: string;
  /**
   * True when the file lies in the internal zone (content/access.ts): by its URL, by the path it is
   * listed under or by its real path. It is then served only to `internal:read`, as pages are.
   */
  readonly internal: boolean;
}

/**
 * A folder whose assets are served below a URL path rather than at the site root: the Astro
 * project's `src/` of a Starlight site at `/_astro/` ({@link astroSourceFoldersOf}).
 */
export interface PrefixedFolder {
  /** The folder, as given (not resolved through links). */
  readonly dir: string;
  /** The decoded URL path its files are served below, without a trailing slash: `/_astro`. */
  readonly urlPrefix: string;
}

/**
 * Where a file of a {@link PrefixedFolder} is served and shown: `urlPrefix` before its path, and
 * `file` the path reports show and links name it by (relative to the content folder: `../../assets/a.png`).
 */
export interface AssetPlacement {
  readonly urlPrefix: string;
  readonly file: string;
}

/**
 * The asset of a file listed under a folder.
 * @param rel the file's path relative to the folder it was listed in, `/`-separated
 * @param realPath its absolute real path
 * @param root the folder's real path
 * @param contentRoot the content folder's real path (a static folder may lie inside it)
 * @param atRoot true for a static folder's file (served at `/rel`), false for a file of the content
 *   folder, or the placement of a {@link PrefixedFolder}'s file (served at `urlPrefix/rel`)
 * @param zone the internal zone it is judged by (content/access.ts); while listing, before the
 *   site's languages are read, the root's alone, and {@link withInternalZone} judges it again
 */
export function assetOf(
  rel: string,
  realPath: string,
  root: string,
  contentRoot: string,
  atRoot: boolean | AssetPlacement,
  zone: InternalZone,
): AssetFile {
  const key = typeof atRoot === 'object' ? `${atRoot.urlPrefix}/${rel}` : `/${rel}`;
  return {
    key,
    url: encodePath(key),
    file: typeof atRoot === 'object' ? atRoot.file : atRoot ? `static:${rel}` : rel,
    realPath,
    root,
    internal: isInternalAsset(key, realPath, root, contentRoot, zone),
  };
}

/**
 * Whether an asset at `key` lies in `zone`: by its URL, by its real path in the folder it was listed
 * in (`src/internal/a.png`, served at `/_astro/internal/a.png`, is as internal as `/internal/a.png`),
 * or by its real path when that lies in the content folder.
 */
function isInternalAsset(key: string, realPath: string, root: string, contentRoot: string, zone: InternalZone): boolean {
  return zone.isInternalKey(key) || inZone(root, realPath, zone) || inZone(contentRoot, realPath, zone);
}

/** Whether `realPath` lies inside `folder` at a path of `zone`. */
function inZone(folder: string, realPath: string, zone: InternalZone): boolean {
  const realRel = path.relative(folder, realPath).split(path.sep).join('/');
  const inside = realRel !== '' && !realRel.startsWith('../') && !path.isAbsolute(realRel);
  return inside && zone.isInternalFile(realRel);
}

/**
 * The assets judged by the site's internal zone, once its languages are known (content/access.ts
 * `internalZoneOf`): `de/internal/plan.png`, or a file whose real path lies there, is internal.
 * @param contentRoot the content folder's real path
 */
export function withInternalZone(assets: readonly AssetFile[], contentRoot: string, zone: InternalZone): AssetFile[] {
  return assets.map((asset) => {
    const internal = isInternalAsset(asset.key, asset.realPath, asset.root, contentRoot, zone);
    return internal === asset.internal ? asset : { ...asset, internal };
  });
}

/**
 * The static folders of a content folder: the configured ones, else the generators' folders that
 * exist beside it (`static/` of Docusaurus and Hugo, `public/` of Astro), `public/` inside it
 * (VitePress' source folder holds its `public/`), and the `public/` of the Astro project it is in
 * (docs.astro.build/en/basics/project-structure/#public: beside `astro.config.*`, which for
 * Starlight is three folders above `src/content/docs/`). Paths as given, not resolved through links.
 * @param configured the `static` setting (config/config.ts `staticDirs`); null = find them
 */
export function staticFoldersOf(contentDir: string, configured: readonly string[] | null | undefined): string[] {
  if (configured !== null && configured !== undefined) return [...configured];
  const resolved = path.resolve(contentDir);
  const parent = path.dirname(resolved);
  const astro = astroConfigOf(resolved);
  const candidates = [path.join(parent, 'static'), path.join(parent, 'public'), path.join(resolved, 'public')];
  if (astro !== undefined) candidates.push(path.join(path.dirname(astro), 'public'));
  return [...new Set(candidates)].filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true);
}

/** The URL path an Astro project's `src/` files are served below: Astro builds them into `_astro/`. */
export const ASTRO_SOURCE_PREFIX = '/_astro';

/**
 * The Astro project's `src/` of a Starlight content folder, served at {@link ASTRO_SOURCE_PREFIX}:
 * "Relative image paths are also supported for images stored locally in your project"
 * (starlight.astro.build/guides/authoring-content/#images; docs.astro.build/en/guides/images/#images-in-src),
 * as the Starlight template's `![…](../../assets/houston.webp)` does. Its assets alone are listed
 * (by type, as anywhere: {@link isAssetName}), never its code, and never the content folder again
 * (content/load.ts). None for any other generator: `[]`.
 * @param contentDir the content folder
 * @param named the `conventions` setting: a generator to apply, `plain`, or `undefined` to recognise it
 */
export function astroSourceFoldersOf(contentDir: string, named: Generator | undefined): PrefixedFolder[] {
  const resolved = path.resolve(contentDir);
  if (named !== undefined && named !== 'starlight') return [];
  if (detectGenerator(resolved, named)?.generator !== 'starlight') return [];
  const astro = astroConfigOf(resolved);
  if (astro === undefined) return [];
  const src = path.join(path.dirname(astro), 'src');
  return statSync(src, { throwIfNoEntry: false })?.isDirectory() === true ? [{ dir: src, urlPrefix: ASTRO_SOURCE_PREFIX }] : [];
}
