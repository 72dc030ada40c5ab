/**
 * The generator config files a build's conventions looked at beside the content folder, for `serve
 * --watch` to watch (config-watch.ts) and its sweep to fingerprint (read-cache.ts `sweep`):
 * `docusaurus.config.js` and `sidebars.js` beside `docs/`, `mkdocs.yml`, `hugo.toml` and
 * `config/_default/`, `book.toml`, `astro.config.mjs` and `tsconfig.json`, `.vitepress/config.ts`,
 * `.gitbook.yaml`. The conventions tell every path they read or look for to the read observer
 * (content/read-observer.ts, through content/conventions/context.ts `readTextFile`, `pathExists`),
 * the missing ones too (`sidebars.js` not there yet changes the nav once created); this keeps those
 * the content watcher does not hear of (watch.ts: outside the content folder, or under a hidden name
 * inside it, such as `.vitepress/`), each with its fingerprint as first looked at.
 *
 * Kept to the project: paths in the folder of the generator's config file (lifted out of
 * `.vitepress/`) or of the content folder's parent, where detect.ts looks; a path a config names
 * elsewhere (a `sidebarPath` to `/etc/…`, a theme `../../x`) is never watched nor statted again.
 * Protected paths (config/protected-paths.ts: data folder, secret, sitegate's own config) never are.
 */
import path from 'node:path';
import { within } from '../content/readable.js';
import { observeFileReads } from '../content/read-observer.js';
import { fingerprintOfPath, type Dependency } from './fingerprint.js';
import { isContentChange } from './watch.js';

/** Where a build's content and config lie, to judge which looked-at paths are config to watch. */
export interface ConfigScope {
  /** The content folder (absolute, as the conventions were given it: `path.resolve`). */
  contentDir: string;
  /** Absolute paths never watched: config/protected-paths.ts. */
  protectedPaths: readonly string[];
}

/**
 * The project folder of a site: the folder of its generator config file, out of a hidden folder
 * (`site/.vitepress/config/index.ts` → `site`), else the content folder's parent.
 */
export function projectFolderOf(contentDir: string, configFile: string | undefined): string {
  if (configFile === undefined) return path.dirname(contentDir);
  let dir = path.dirname(configFile);
  // `.vitepress/config/index.ts`: the folder holding the hidden one.
  if (path.basename(dir) === 'config' && path.basename(path.dirname(dir)).startsWith('.')) dir = path.dirname(path.dirname(dir));
  else if (path.basename(dir).startsWith('.')) dir = path.dirname(dir);
  return dir;
}

/**
 * fingerprint.ts `fingerprintOfPath` of a config path, `!` when it cannot be statted (ENOTDIR: a
 * folder on the way is a file), so that looking never throws into the conventions' read.
 */
export function configFingerprint(absolute: string): string {
  try {
    return fingerprintOfPath(absolute);
  } catch {
    return '!';
  }
}

/** Whether the content watcher (watch.ts `watchContent`) reports changes at `absolute`: inside the content folder, no hidden name. */
function heardByContentWatcher(contentDir: string, absolute: string): boolean {
  if (!within(contentDir, absolute)) return false;
  return isContentChange(path.relative(contentDir, absolute));
}

/**
 * Runs `read` (a synchronous conventions read: content/conventions/index.ts `siteFilesOf`) while
 * recording the paths it looks at that the content watcher does not hear, each fingerprinted when
 * first looked at (fingerprint.ts `fingerprintOfPath`: before the read, so a change made meanwhile
 * shows as a changed fingerprint). Paths inside the content folder are left at once, unstatted:
 * `_category_.json` is looked for in every folder.
 * @param configFileOf the generator's config file of the result (`SiteFiles.configFile`), for {@link projectFolderOf}
 * @returns the result, and the config paths in the order first looked at, kept to the project and
 *   without protected paths (see the file comment)
 */
export function withConfigReads<T>(
  scope: ConfigScope,
  read: () => T,
  configFileOf: (result: T) => string | undefined,
): { result: T; configReads: Dependency[] } {
  const contentDir = path.resolve(scope.contentDir);
  const seen = new Map<string, string>();
  observeFileReads((absolute) => {
    if (seen.has(absolute) || heardByContentWatcher(contentDir, absolute)) return;
    const isProtected = scope.protectedPaths.some((protectedPath) => within(protectedPath, absolute));
    // A protected path is never statted: '' marks it left out.
    seen.set(absolute, isProtected ? '' : configFingerprint(absolute));
  });
  let result: T;
  try {
    result = read();
  } finally {
    observeFileReads(undefined);
  }
  const project = projectFolderOf(contentDir, configFileOf(result));
  // detect.ts looks beside the content folder for every generator's file, whatever the one found.
  const near = path.dirname(contentDir);
  const configReads: Dependency[] = [];
  for (const [file, fingerprint] of seen)
    if (fingerprint !== '' && (within(project, file) || path.dirname(file) === near || path.dirname(file) === contentDir))
      configReads.push({ path: file, fingerprint });
  return { result, configReads };
}
