/**
 * `sitegate export` (docs/export.md): the public site as static files. Every file is the app's own
 * answer to an anonymous GET, injected into the listener `serve` installs, so the export holds
 * exactly what an anonymous reader is served and access is decided where it always is
 * (content/access.ts): a URL that does not answer 200 is not written. The steps: ask for the
 * targets (targets.ts), then for the files the exported HTML uses (references.ts), write each
 * (layout.ts) to a staging folder, add the nginx configuration and `_headers`, and rename the
 * staging folder into place (folder.ts).
 */
import path from 'node:path';
import type { Snapshot } from '../snapshot/snapshot.js';
import { basePathOf } from '../content/paths.js';
import { exportFileOf } from './layout.js';
import { exportTargets, type ExportTarget } from './targets.js';
import { localReferences } from './references.js';
import { exportedLinks } from './links.js';
import { mediaTypeOf, type ServedFile } from './served-file.js';
import { buildNginxConf } from './nginx.js';
import { buildHeadersFile } from './headers-file.js';
import { checkExportFolder, stageFolder } from './folder.js';

/** An answer of the app, as the export reads it. */
export interface ExportResponse {
  status: number;
  /** Response headers by lower-case name. */
  headers: Readonly<Record<string, string | string[] | number | undefined>>;
  body: Buffer;
}

/**
 * Asks the app for a URL path (no base path) as an anonymous reader: no credential, no cookie.
 * @param accept the `Accept` header to send
 */
export type ExportRequest = (urlPath: string, accept: string) => Promise<ExportResponse>;

/** The configuration files the export writes at its root, beside the site. */
export const NGINX_CONF_FILE = 'nginx.conf';
export const HEADERS_FILE = '_headers';

/** Options of {@link exportSite}. */
export interface ExportOptions {
  /** The export folder; made absolute. */
  dir: string;
  /** Replace a non-empty folder. */
  force: boolean;
  /** The site's public base URL without trailing slash (config `baseUrl`): URLs in the files use it. */
  baseUrl: string;
  /** `listen` of the nginx server (nginx.ts); default `80`. */
  nginxListen?: string;
  /** Folders the export must never overlap (the content folder, the data folder). */
  keep: readonly string[];
}

/** What an export wrote and left out. */
export interface ExportSummary {
  /** The export folder, absolute. */
  dir: string;
  /** HTML pages written (each with its markdown twin). */
  pages: number;
  /** Files written, the nginx configuration and `_headers` not counted. */
  files: number;
  /** URLs the export asked for that were not written, with the status they got (0: no file can be named by the URL). */
  skipped: { path: string; status: number }[];
}

/** One header's value as one string (the app sends each header once). */
function headerOf(response: ExportResponse, name: string): string | undefined {
  const value = response.headers[name];
  return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
}

/** An answer the export keeps, with where it is written. */
interface Kept {
  target: ExportTarget;
  response: ExportResponse;
  /** URL path as served, base path included. */
  url: string;
  file: string;
}

/** The `Accept` an export sends for a target: HTML for a page's URL, markdown for a twin, anything else for a file. */
function acceptOf(target: ExportTarget): string {
  if (target.kind === 'html') return 'text/html';
  return target.path.endsWith('.md') ? 'text/markdown' : '*/*';
}

/**
 * Exports the public site of `snapshot` to `options.dir`.
 * @param request the app's listener, injected as an anonymous reader (cli/export.ts)
 * @throws {ExportFolderError} when the folder is refused (folder.ts); the file system's errors,
 *   after which the staging folder is removed and a previous export is left as it was
 */
export async function exportSite(snapshot: Snapshot, request: ExportRequest, options: ExportOptions): Promise<ExportSummary> {
  const dir = path.resolve(options.dir);
  checkExportFolder(dir, options.force, options.keep);
  const basePath = basePathOf(options.baseUrl);
  const kept: Kept[] = [];
  const skipped: ExportSummary['skipped'] = [];
  const asked = new Set<string>();
  const ask = async (target: ExportTarget, keep: (response: ExportResponse) => boolean = () => true): Promise<void> => {
    asked.add(target.path);
    const response = await request(target.path, acceptOf(target));
    // A page a page links to (`/developers`, the search page) is no file it uses: left out silently.
    if (response.status === 200 && !keep(response)) return;
    if (response.status !== 200) {
      if (!(target.optional === true && response.status === 404)) skipped.push({ path: target.path, status: response.status });
      return;
    }
    const url = basePath + target.path;
    const file = exportFileOf(url, target.kind);
    if (file === undefined || file === NGINX_CONF_FILE || file === HEADERS_FILE) skipped.push({ path: target.path, status: 0 });
    else kept.push({ target, response, url, file });
  };
  for (const target of exportTargets(snapshot)) await ask(target);
  // The files pages use: images, downloads, the logo. Only files: a page a page links to is a
  // target already, or is not public.
  const isFile = (response: ExportResponse): boolean =>
    !['text/html', 'text/markdown'].includes(mediaTypeOf(headerOf(response, 'content-type') ?? ''));
  for (const page of kept.filter((entry) => entry.target.kind === 'html')) {
    for (const reference of localReferences(page.response.body.toString('utf8'), options.baseUrl + page.target.path, options.baseUrl)) {
      const sitePath = reference.slice(basePath.length);
      if (sitePath === '' || asked.has(sitePath)) continue;
      await ask({ path: sitePath, kind: 'file', optional: true }, isFile);
    }
  }
  const exported = new Set(kept.map((entry) => new URL(entry.url, options.baseUrl).href));
  const served: ServedFile[] = kept.map((entry) => servedFile(entry, options.baseUrl, basePath, exported));
  const staged = stageFolder(dir);
  try {
    for (const entry of kept) staged.write(entry.file, entry.response.body);
    staged.write(
      NGINX_CONF_FILE,
      buildNginxConf(served, { root: dir, listen: options.nginxListen ?? '80', hidden: [NGINX_CONF_FILE, HEADERS_FILE] }),
    );
    staged.write(HEADERS_FILE, buildHeadersFile(served));
    staged.commit();
  } catch (error) {
    staged.discard();
    throw error;
  }
  return { dir, pages: kept.filter((entry) => entry.target.kind === 'html').length, files: kept.length, skipped };
}

/** The {@link ServedFile} of a kept answer: its media type and the headers a static host repeats. */
function servedFile(entry: Kept, baseUrl: string, basePath: string, exported: ReadonlySet<string>): ServedFile {
  const headers: Record<string, string> = {};
  const link = headerOf(entry.response, 'link');
  if (link !== undefined) {
    const kept = exportedLinks(link, baseUrl, exported);
    if (kept !== '') headers.link = kept;
  }
  for (const name of ['x-robots-tag', 'content-signal']) {
    const value = headerOf(entry.response, name);
    if (value !== undefined) headers[name] = value;
  }
  return {
    url: entry.url,
    file: entry.file,
    contentType: headerOf(entry.response, 'content-type') ?? 'application/octet-stream',
    ...(entry.target.markdownPath === undefined ? {} : { markdownTwin: basePath + entry.target.markdownPath }),
    headers,
  };
}
