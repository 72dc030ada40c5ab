/**
 * A Hugo site's parameters (gohugo.io/configuration/params/): the `params` table of the config file,
 * with the configuration directory's merged over it (gohugo.io/configuration/introduction/#configuration-directory):
 * `config/_default/` then `config/production/` (the environment `hugo` builds a site in), each
 * folder's `hugo.*`/`config.*` files giving their `params` table and `params.*` files the table
 * itself; a later value replaces an earlier one, maps merged key by key, as Hugo's config loader
 * does. Files named for a language (`params.de.toml`) are a language's, not the site's: not read.
 *
 * Keys are lower-cased (Hugo's params are case-insensitive: gohugo.io/methods/site/param/), so the
 * `param` shortcode (content/dialects/hugo-shortcodes.ts) looks a key up lower-cased. Configs are
 * parsed as data (TOML, YAML, JSON), never run; a file outside the project folder (a symlink) is not read.
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parseYaml } from '../yaml.js';
import { INCLUDE_MAX_BYTES, within } from '../readable.js';
import { readTextFile } from './context.js';
import { noteFileRead } from '../read-observer.js';

/** A site's parameters: lower-cased keys, values strings, numbers, booleans, lists and maps of them. */
export type HugoParams = Readonly<Record<string, unknown>>;

type Data = Record<string, unknown>;

const isMap = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The config directory's environment folders, least specific first (gohugo.io/configuration/introduction/#configuration-directory). */
const CONFIG_DIR_ENVIRONMENTS = ['_default', 'production'];

/** A config directory file's name: its root key (`hugo`, `config`, `params`, `menus`…), no language, a data extension. */
const CONFIG_DIR_FILE = /^([a-z]+)\.(toml|ya?ml|json)$/i;

/** Nesting kept: deeper lists and maps are left out (no page walks so deep; a recursion stays bounded). */
const MAX_DEPTH = 32;

/**
 * A value with its maps' keys lower-cased, keeping only data a page can print or walk into
 * (strings, finite numbers, booleans, lists, maps, to {@link MAX_DEPTH}): a TOML date or a big
 * integer is left out. Maps are made with `Object.fromEntries`, so a key `__proto__` stays a key.
 */
function normalized(value: unknown, depth = 0): unknown {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return value.map((item) => normalized(item, depth + 1)).filter((item) => item !== undefined);
  if (!isMap(value) || value instanceof Date) return undefined;
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    const kept = normalized(item, depth + 1);
    if (kept !== undefined) entries.push([key.toLowerCase(), kept]);
  }
  return Object.fromEntries(entries);
}

/** `over` merged onto `base`: maps key by key, any other value replacing (Hugo's `Set`, "overwrites keys of the same name, recursively"). */
function merged(base: Data, over: Data): Data {
  const out: Data = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const before = Object.hasOwn(out, key) ? out[key] : undefined;
    Object.defineProperty(out, key, {
      value: isMap(before) && isMap(value) ? merged(before, value) : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** A config file parsed by its extension; throws on a syntax error. */
function parsedConfig(file: string, text: string): unknown {
  if (/\.toml$/i.test(file)) return parseToml(text);
  if (/\.json$/i.test(file)) return JSON.parse(text) as unknown;
  return parseYaml(text);
}

/**
 * The site parameters of a Hugo project (see the file comment).
 * @param config the parsed config file (its `params` table), `undefined` when there is none
 * @param projectDir the folder of the config file (or that holds the content folder): `config/` is in it
 * @param report told of a config directory file that cannot be read or parsed, with the reason
 * @returns the merged parameters, keys lower-cased; `{}` when none are set
 */
export function hugoParamsOf(config: Data | undefined, projectDir: string, report: (file: string, message: string) => void): HugoParams {
  let params = (normalized(isMap(config?.params) ? config.params : {}) ?? {}) as Data;
  let root: string;
  try {
    root = realpathSync(projectDir);
  } catch {
    return params;
  }
  for (const environment of CONFIG_DIR_ENVIRONMENTS) {
    const dir = path.join(projectDir, 'config', environment);
    let names: string[];
    // Told to the read observer (read-observer.ts): a file added to the folder, or the folder made, changes the params.
    noteFileRead(dir);
    try {
      names = readdirSync(dir).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const key = CONFIG_DIR_FILE.exec(name)?.[1]?.toLowerCase();
      if (key !== 'hugo' && key !== 'config' && key !== 'params') continue;
      const file = path.join(dir, name);
      const text = boundedText(file, root);
      if (text === undefined) continue;
      let data: unknown;
      try {
        data = parsedConfig(file, text);
      } catch (error) {
        report(file, `cannot read: ${(error as Error).message.split('\n')[0]}`);
        continue;
      }
      const table = key === 'params' ? data : isMap(data) ? data.params : undefined;
      const read = normalized(isMap(table) ? table : undefined);
      if (isMap(read)) params = merged(params, read);
    }
  }
  return params;
}

/** A file's text when it is a file inside `root` (real paths) of at most {@link INCLUDE_MAX_BYTES}; else `undefined`. */
function boundedText(file: string, root: string): string | undefined {
  try {
    const real = realpathSync(file);
    if (!within(root, real) || !statSync(real).isFile() || statSync(real).size > INCLUDE_MAX_BYTES) return undefined;
    return readTextFile(real);
  } catch {
    return undefined;
  }
}
