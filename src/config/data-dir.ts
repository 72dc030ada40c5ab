/**
 * Which data folder a process uses (docs/backup.md "The data folder"): `--data-dir`, else
 * `SITEGATE_DATA_DIR`, else `dataDir` in sitegate.json, else a folder of the platform's per-user
 * data folder (platform-data-home.ts) named for the site, e.g.
 * `~/.local/share/sitegate/site-1a2b3c4d`. The site is the folder of sitegate.json, else the folder
 * holding the content folder, else the working folder: so `serve docs` and `keys list`, both run in
 * `/srv/site`, agree. A `.sitegate/` an older version made in that site folder keeps being used,
 * with a warning saying how to move it: a data folder inside the docs repository is one `git add .`
 * from being committed. `serve` and every CLI command resolve it here.
 *
 * Content can never read the data folder, wherever it is (issue 28): includes, snippets and
 * imports refuse it, and the secret and settings files, by their configured paths
 * (config/protected-paths.ts, content/readable.ts), the content walk never lists it, and the
 * older default name `.sitegate` is a dot-folder, which content never reads either.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathOf, platformDataHome, type PlatformFolders } from './platform-data-home.js';

/** The name of the data folder older versions made beside sitegate.json or the content folder. */
export const DATA_DIR_NAME = '.sitegate';
/** The folder under the platform's data folder that holds one data folder per site. */
export const APP_DIR_NAME = 'sitegate';
/** Hex characters of the site path's SHA-256 in a site's folder name (32 bits: sites on one machine do not collide). */
const SITE_HASH_CHARS = 8;
/** Longest readable part of a site's folder name. */
const SITE_NAME_MAX_CHARS = 40;

/** The chosen folder, why, and what to tell the operator about it. */
export interface DataDirChoice {
  /** Absolute path. */
  dir: string;
  /** For the operator: `from --data-dir`, `from /srv/site/sitegate.json: dataDir`, `for /srv/site/sitegate.json`… */
  reason: string;
  /** One line for an older `.sitegate/` inside the site's folder, saying how to move it; null otherwise. */
  warning: string | null;
}

/** Where the site is, as {@link chooseDataDir} reads it. */
export interface SiteWhere {
  /** The settings file (absolute); undefined when there is none. */
  configFile: string | undefined;
  /** The content folder (absolute); undefined when none was given. */
  contentDir: string | undefined;
  /** The working folder (absolute). */
  cwd: string;
  /** The platform and its folders (platform-data-home.ts). */
  folders: PlatformFolders;
  /** Whether a folder exists (default: the file system's answer); passed in so tests freeze it. */
  isDir?: (dir: string) => boolean;
}

/**
 * The folder name of a site under the platform data folder: its folder's name, made safe for any
 * file system, and a hash of its absolute path, e.g. `site-1a2b3c4d` for `/srv/site`.
 * @param siteDir absolute path of the site's folder
 */
export function siteId(siteDir: string): string {
  let name = path
    .basename(siteDir)
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .slice(0, SITE_NAME_MAX_CHARS)
    .replace(/^[.-]+/, '');
  while (name.endsWith('-')) name = name.slice(0, -1);
  const hash = createHash('sha256').update(siteDir).digest('hex').slice(0, SITE_HASH_CHARS);
  return `${name === '' ? 'site' : name}-${hash}`;
}

/**
 * Chooses the data folder.
 * @param given the folder named by a flag, variable or the file (absolute), with the source's name
 * @param where the site's files and the platform (see {@link SiteWhere})
 */
export function chooseDataDir(given: { dir: string; source: string } | undefined, where: SiteWhere): DataDirChoice {
  if (given !== undefined) return { dir: given.dir, reason: `from ${given.source}`, warning: null };
  const { siteDir, of } =
    where.configFile !== undefined
      ? { siteDir: path.dirname(where.configFile), of: where.configFile }
      : where.contentDir !== undefined
        ? { siteDir: path.dirname(where.contentDir), of: `the content folder ${where.contentDir}` }
        : { siteDir: where.cwd, of: `the working folder ${where.cwd}` };
  const dir = pathOf(where.folders.platform).join(platformDataHome(where.folders), APP_DIR_NAME, siteId(siteDir));
  const older = path.join(siteDir, DATA_DIR_NAME);
  if (!(where.isDir ?? isDirectory)(older)) return { dir, reason: `for ${of}`, warning: null };
  return { dir: older, reason: `kept from an older version, beside ${of}`, warning: moveWarning(older, dir, where.folders.platform) };
}

/** The one line about an older `.sitegate/` in the site's folder: what is wrong and the command that moves it. */
function moveWarning(older: string, dir: string, platform: NodeJS.Platform): string {
  const move =
    platform === 'win32'
      ? `move "${older}" "${dir}"`
      : `mkdir -p ${shellQuoted(path.posix.dirname(dir))} && mv ${shellQuoted(older)} ${shellQuoted(dir)}`;
  return `the data folder ${older} (keys, sessions, the secret) is inside the site's folder, where a repository may commit it; stop sitegate and move it to the default: ${move} (or name a folder with dataDir or --data-dir)`;
}

/** A path as one POSIX shell word: bare when plain, else in single quotes. */
function shellQuoted(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
