/**
 * `sitegate init [DIR]`: writes a starter site — `content/` with a home page, a guide and a private
 * page under `internal/` — and a `sitegate.json` whose `$schema` points at the installed package's
 * schema. The starter is `examples/starter/` of the package. sitegate.json is JSON, which has no
 * comments: its notes are `$comment` keys (the schema allows them in every object), and each
 * setting's explanation is its `description` in the schema, which editors show on hover. A
 * `.gitignore` keeps a data folder and a secret file out of the repository (gitignore.ts).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { CONFIG_FILE_NAME } from '../config/config-file.js';
import { SCHEMA_FILE_NAME } from '../config/schema.js';
import { CommandError } from './output.js';
import { ensureGitignore } from './gitignore.js';
import { loadSettings } from '../config/config-file.js';

/** The starter site in the package. */
export const STARTER_DIR = fileURLToPath(new URL('../../examples/starter', import.meta.url));
/** The schema in the package (written by `npm run build`). */
export const SCHEMA_FILE = fileURLToPath(new URL(`../../${SCHEMA_FILE_NAME}`, import.meta.url));

/**
 * The `$schema` value for a sitegate.json in `dir`: the package's schema, relative to `dir`
 * (`./node_modules/sitegate/sitegate.schema.json` for a local install), `/`-separated.
 */
export function schemaReference(dir: string): string {
  const relative = path.relative(dir, SCHEMA_FILE).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * Writes the starter site into `dir` (default: the working folder), creating it if needed.
 * @throws {CommandError} when `dir` already holds a sitegate.json or a content/ folder (nothing is overwritten)
 */
export function initCommand(dir: string | undefined): void {
  const target = path.resolve(dir ?? '.');
  const configFile = path.join(target, CONFIG_FILE_NAME);
  const contentDir = path.join(target, 'content');
  for (const existing of [configFile, contentDir])
    if (existsSync(existing)) throw new CommandError(`${existing} exists already; init only starts new sites`);
  mkdirSync(target, { recursive: true });
  cpSync(path.join(STARTER_DIR, 'content'), contentDir, { recursive: true, errorOnExist: true, force: false });
  const settings = JSON.parse(readFileSync(path.join(STARTER_DIR, CONFIG_FILE_NAME), 'utf8')) as Record<string, unknown>;
  writeFileSync(configFile, `${JSON.stringify({ ...settings, $schema: schemaReference(target) }, null, 2)}\n`);
  const ignored = ensureGitignore(target);
  const { dataDir } = loadSettings({}, target);
  const cd = path.relative(process.cwd(), target);
  process.stdout.write(
    [
      `Wrote ${configFile} and ${contentDir}${path.sep} (3 pages, one private under internal/)${ignored.length === 0 ? '' : `; ${path.join(target, '.gitignore')} ignores ${ignored.join(' and ')}`}.`,
      'Next:',
      ...(cd === '' ? [] : [`  cd ${cd}`]),
      '  sitegate check    # broken links, missing titles',
      '  sitegate serve    # http://127.0.0.1:3000',
      `Keys and the database go to ${dataDir}, outside the site's folder (back it up with sitegate backup FILE).`,
      '',
    ].join('\n'),
  );
}
