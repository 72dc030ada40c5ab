/**
 * A generator's build folder, indexed once at start (issue 33, `serve --html DIR`): every file,
 * and the URL paths a static host answers with it, as the generators publish them
 * (Docusaurus docusaurus.io/docs/advanced/routing#routes-become-html-files, MkDocs
 * `use_directory_urls`, Hugo gohugo.io/content-management/urls/#appearance, VitePress `cleanUrls`):
 * - every file at its own path (`/guide/index.html`, `/js/base.js`);
 * - `x/index.html` at the folder URL `/x/` (`/` for the root), and `/x` answering 308 to `/x/`,
 *   which relative links in the page need (GitHub Pages, Netlify and `mkdocs serve` do the same);
 * - `x.html` also at `/x` (pretty URLs: Docusaurus `trailingSlash: false`, VitePress `cleanUrls`).
 * A file wins over a folder URL, a folder URL over a pretty URL, and any of them over a redirect.
 * Dotfiles and files that lead outside the folder are never indexed. Text files up to
 * {@link HELD_TEXT_MAX_BYTES} are held as precomputed bodies (body.ts: ETag, gzip and brotli once);
 * larger and binary files are read when asked, as the site's static files are (answers/assets.ts).
 */
import { lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { contentType } from 'mime-types';
import { makeBody, type Body } from '../body.js';
import { encodePath } from '../content/paths.js';
import { ContentDirError } from '../content/load.js';

/** Text files up to this size are held in memory (bytes): pages, scripts, styles, search indexes. */
export const HELD_TEXT_MAX_BYTES = 8 * 1024 * 1024;
/** Files indexed at most: a build folder is a site, not a disk. */
export const BUILD_MAX_FILES = 200_000;

/** One file of the build. */
export interface BuiltFile {
  /** Path relative to the build folder, `/`-separated: `guide/index.html`. */
  readonly rel: string;
  /** Decoded URL path of the file itself: `/guide/index.html`. */
  readonly key: string;
  /** Absolute real path when indexed; it must still lie inside {@link BuildIndex.root} when served. */
  readonly realPath: string;
  /** Full Content-Type, from the `mime-types` table (`application/octet-stream` when unknown). */
  readonly type: string;
  /** True for an HTML page (`.html`, `.htm`). */
  readonly page: boolean;
  /** The bytes as built, for a text file up to {@link HELD_TEXT_MAX_BYTES}; undefined otherwise. */
  readonly body: Body | undefined;
}

/** What a URL path of the build answers with. */
export type BuiltRoute = { kind: 'file'; file: BuiltFile } | { kind: 'redirect'; location: string };

/** The indexed build folder. */
export interface BuildIndex {
  /** Real path of the build folder. */
  readonly root: string;
  /** Every file, by {@link BuiltFile.rel}, in sorted order. */
  readonly files: ReadonlyMap<string, BuiltFile>;
  /** Decoded URL path → what answers it. */
  readonly routes: ReadonlyMap<string, BuiltRoute>;
  /** The generator's own 404 page (`404.html` at the root), when it wrote one. */
  readonly notFound: BuiltFile | undefined;
}

/** Types held as text: what body.ts compresses, and JavaScript. */
const TEXT_TYPE = /^(text\/|application\/(javascript|json|xml|manifest\+json|[\w.+-]+\+(json|xml)))/;

/** The Content-Type of a file name, charset included for text (the `mime-types` table). */
function typeOf(name: string): string {
  return contentType(path.extname(name)) || 'application/octet-stream';
}

/** Whether the file name is an HTML page. */
function isPage(rel: string): boolean {
  return /\.html?$/i.test(rel);
}

/**
 * Lists the regular files under `root`, `/`-separated and sorted, skipping dotfiles and dot
 * folders and symlinks that lead outside it.
 * @throws {ContentDirError} past {@link BUILD_MAX_FILES}
 */
function listFiles(root: string): { rel: string; realPath: string; size: number }[] {
  const out: { rel: string; realPath: string; size: number }[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      let real: string;
      try {
        real = realpathSync.native(full);
      } catch {
        continue; // a dangling link
      }
      if (!real.startsWith(root + path.sep)) continue;
      const stats = lstatSync(real);
      if (stats.isDirectory()) walk(real, rel);
      else if (stats.isFile()) {
        if (out.length >= BUILD_MAX_FILES) throw new ContentDirError(`the build folder holds more than ${BUILD_MAX_FILES} files`);
        out.push({ rel, realPath: real, size: stats.size });
      }
    }
  };
  walk(root, '');
  return out;
}

/**
 * Indexes a build folder.
 * @param dir the folder (`--html DIR`), absolute
 * @throws {ContentDirError} when it is missing or not a folder, or holds too many files
 */
export function indexBuild(dir: string): BuildIndex {
  let root: string;
  try {
    root = realpathSync.native(dir);
    if (!lstatSync(root).isDirectory()) throw new Error('not a folder');
  } catch {
    throw new ContentDirError(`--html: ${dir} is not a folder (give the generator's build output, e.g. site/ or public/)`);
  }
  const files = new Map<string, BuiltFile>();
  for (const listed of listFiles(root)) {
    const type = typeOf(listed.rel);
    const held = TEXT_TYPE.test(type) && listed.size <= HELD_TEXT_MAX_BYTES;
    files.set(listed.rel, {
      rel: listed.rel,
      key: `/${listed.rel}`,
      realPath: listed.realPath,
      type,
      page: isPage(listed.rel),
      body: held ? makeBody(readFileSync(listed.realPath), type) : undefined,
    });
  }
  return { root, files, routes: routesOf(files), notFound: files.get('404.html') };
}

/** The URL paths of the files, by the precedence of {@link indexBuild}'s rules. */
function routesOf(files: ReadonlyMap<string, BuiltFile>): Map<string, BuiltRoute> {
  const routes = new Map<string, BuiltRoute>();
  const add = (key: string, route: BuiltRoute): void => {
    if (!routes.has(key)) routes.set(key, route);
  };
  for (const file of files.values()) add(file.key, { kind: 'file', file });
  const folderPages: string[] = [];
  for (const file of files.values()) {
    if (!/(^|\/)index\.html$/.test(file.rel)) continue;
    const folder = file.key.slice(0, -'index.html'.length);
    add(folder, { kind: 'file', file });
    folderPages.push(folder);
  }
  for (const file of files.values()) {
    if (!file.rel.endsWith('.html') || file.rel.endsWith('/index.html') || file.rel === 'index.html') continue;
    add(file.key.slice(0, -'.html'.length), { kind: 'file', file });
  }
  for (const folder of folderPages) if (folder !== '/') add(folder.slice(0, -1), { kind: 'redirect', location: encodePath(folder) });
  return routes;
}

/**
 * The URL path a built page is published at: the folder URL of an `index.html`, the pretty URL of
 * another page (`/a/b` for `a/b.html`).
 */
export function publishedUrlOf(file: BuiltFile): string {
  if (file.rel === 'index.html') return '/';
  if (file.rel.endsWith('/index.html')) return file.key.slice(0, -'index.html'.length);
  return file.key.replace(/\.html?$/i, '');
}
