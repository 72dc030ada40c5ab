/**
 * The lines `sitegate init` keeps in a site's `.gitignore` (gitignore(5)): the data folder an older
 * version made beside sitegate.json, with the database and the generated secret, so that neither is
 * one `git add .` from being committed even where `dataDir` names that folder again. (A new site's
 * sitegate.json names no secret file; the default data folder is outside the site.) Lines already
 * there stay; missing ones are appended.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR_NAME } from '../config/data-dir.js';

/** The patterns init makes sure of, each anchored to the site's folder. */
export const GITIGNORE_LINES = [`/${DATA_DIR_NAME}/`] as const;
const HEADER = '# sitegate: a data folder here (keys, sessions, the secret) stays out of the repository';

/**
 * Appends to `dir/.gitignore` the {@link GITIGNORE_LINES} it lacks (creating the file if needed),
 * never rewriting what it holds.
 * @returns the lines added (empty when all were there)
 * @throws when the file cannot be read or written
 */
export function ensureGitignore(dir: string): string[] {
  const file = path.join(dir, '.gitignore');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim()));
  // `.sitegate/` unanchored matches as well as `/.sitegate/` for the folder beside sitegate.json.
  const missing = GITIGNORE_LINES.filter((line) => !present.has(line) && !present.has(line.slice(1)));
  if (missing.length === 0) return [];
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  writeFileSync(file, `${text}${separator}${text === '' ? '' : '\n'}${HEADER}\n${missing.join('\n')}\n`);
  return missing;
}
