/**
 * Which data folder a process uses (README "Settings"): `--data-dir`, else `SITEGATE_DATA_DIR`,
 * else `dataDir` in sitegate.json, else `.sitegate/` beside sitegate.json, else beside the content
 * folder, else in the working folder. `serve` and every CLI command resolve it here, so that
 * `keys list` run elsewhere finds the server's keys or says why not.
 *
 * Content can never read the data folder, wherever it is (issue 28): includes, snippets and
 * imports refuse it, and the secret and settings files, by their configured paths
 * (config/protected-paths.ts, content/readable.ts), the content walk never lists it, and its
 * default name `.sitegate` is a dot-folder, which content never reads either.
 */
import path from 'node:path';

/** The folder's name when none is given. */
export const DATA_DIR_NAME = '.sitegate';

/** The chosen folder and why, e.g. `{ dir: '/srv/site/.sitegate', reason: 'beside /srv/site/sitegate.json' }`. */
export interface DataDirChoice {
  /** Absolute path. */
  dir: string;
  /** For the operator: `from --data-dir`, `from /srv/site/sitegate.json: dataDir`, `beside …`, `in the working folder`. */
  reason: string;
}

/**
 * Chooses the data folder.
 * @param given the folder named by a flag, variable or the file (absolute), with the source's name
 * @param where the settings file (absolute; undefined when there is none), the content folder
 *   (absolute; undefined when none was given) and the working folder
 */
export function chooseDataDir(
  given: { dir: string; source: string } | undefined,
  where: { configFile: string | undefined; contentDir: string | undefined; cwd: string },
): DataDirChoice {
  if (given !== undefined) return { dir: given.dir, reason: `from ${given.source}` };
  if (where.configFile !== undefined)
    return { dir: path.join(path.dirname(where.configFile), DATA_DIR_NAME), reason: `beside ${where.configFile}` };
  if (where.contentDir !== undefined)
    return { dir: path.join(path.dirname(where.contentDir), DATA_DIR_NAME), reason: `beside the content folder ${where.contentDir}` };
  return { dir: path.resolve(where.cwd, DATA_DIR_NAME), reason: 'in the working folder' };
}
