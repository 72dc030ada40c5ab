/**
 * The import aliases of an Astro project: `compilerOptions.paths` (with `baseUrl`) of its
 * `tsconfig.json` (or `jsconfig.json`), which Astro resolves in imports and in markdown image paths
 * (docs.astro.build/en/guides/typescript/#import-aliases, docs.astro.build/en/guides/imports/#aliases;
 * `![…](@assets/x.png)`: docs.astro.build/en/guides/images/#images-in-markdown-files). The file is
 * read as data (JSON with comments and trailing commas, jsonc.ts), never run. Only `baseUrl`,
 * `paths` and `extends` are read, as TypeScript reads them (www.typescriptlang.org/tsconfig/#paths,
 * #baseUrl, #extends): `paths` targets are relative to `baseUrl` when one is set, else to the
 * folder of the file that declares `paths`; `baseUrl` to the file that declares it; a file's own
 * options override those it extends, each option whole.
 *
 * What is never followed: `extends` naming a package (`astro/tsconfigs/strict`, whose options
 * hold no paths), skipped quietly; `extends` leading out of the project folder, into a dot folder,
 * or to a file not named `tsconfig*.json`/`jsconfig*.json` (so no other file of the project, such
 * as sitegate's own config, is read as one); a `paths` target outside the project folder. The
 * last two are reported.
 */
import path from 'node:path';
import { parseJsonc } from './jsonc.js';
import { isHiddenName } from '../walk.js';

/** One `paths` entry: the pattern as written and its targets as absolute paths, `*` where the match goes. */
export interface TsconfigAlias {
  /** `@assets/*`, or an exact name without `*` (`@config`). */
  pattern: string;
  /** Absolute paths, in the order written (TypeScript tries them in turn): `/site/src/assets/*`. */
  targets: string[];
}

/** Something {@link readTsconfigPaths} could not follow, for `check`: the file (absolute) that says it, and what. */
export interface TsconfigProblem {
  file: string;
  message: string;
}

/** What {@link readTsconfigPaths} found: the aliases in declaration order, and what it could not follow. */
export interface TsconfigPaths {
  aliases: TsconfigAlias[];
  problems: TsconfigProblem[];
}

/** The files TypeScript and Astro read a project's options from, the first found wins. */
const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];
/** The names an `extends` may lead to: a TypeScript config by name (`tsconfig.base.json`). */
const CONFIG_NAME = /^[jt]sconfig(?:\.[\w.-]+)?\.json$/i;
/** `extends` chains longer than this are cut: real ones are one or two deep. */
const MAX_EXTENDS_DEPTH = 8;

/** The options one file (with those it extends) gives, each with the folder it is relative to. */
interface Options {
  /** Absolute `baseUrl`. */
  baseUrl?: string;
  /** `paths` as written, and the folder of the file that declared it. */
  paths?: { entries: Record<string, unknown>; dir: string };
}

/**
 * The import aliases of the project in `projectRoot` (absolute): its `tsconfig.json`, else its
 * `jsconfig.json`, and the project files it extends.
 * @param read a file's text, or undefined when it cannot be read (passed in: tests give a map)
 * @returns no aliases and no problems when the project has no such file
 */
export function readTsconfigPaths(projectRoot: string, read: (file: string) => string | undefined): TsconfigPaths {
  const problems: TsconfigProblem[] = [];
  const root = path.resolve(projectRoot);
  for (const name of CONFIG_NAMES) {
    const file = path.join(root, name);
    const text = read(file);
    if (text === undefined) continue;
    const options = optionsOf(file, text, { root, read, problems, seen: [file] });
    return { aliases: aliasesOf(options, root, problems, file), problems };
  }
  return { aliases: [], problems };
}

/** What reading one file needs: the project folder, the reader, where problems go, the files above it in the chain. */
interface ReadState {
  root: string;
  read: (file: string) => string | undefined;
  problems: TsconfigProblem[];
  seen: string[];
}

/** The options of `file` (text `text`), merged over those of the files it extends. */
function optionsOf(file: string, text: string, state: ReadState): Options {
  let config: unknown;
  try {
    config = parseJsonc(text);
  } catch {
    // Not the parser's message: it quotes the file's text.
    state.problems.push({ file, message: 'not JSON (with comments); its paths are not read' });
    return {};
  }
  if (!isObject(config)) return {};
  const options: Options = {};
  const extended = typeof config.extends === 'string' ? [config.extends] : Array.isArray(config.extends) ? config.extends : [];
  // TypeScript 5.0: with several, the later ones override the earlier.
  for (const entry of extended) if (typeof entry === 'string') Object.assign(options, extendedOptions(file, entry, state));
  const compilerOptions = isObject(config.compilerOptions) ? config.compilerOptions : {};
  const dir = path.dirname(file);
  if (typeof compilerOptions.baseUrl === 'string') options.baseUrl = path.resolve(dir, compilerOptions.baseUrl);
  if (isObject(compilerOptions.paths)) options.paths = { entries: compilerOptions.paths, dir };
  return options;
}

/** The options of the file an `extends` entry of `from` names, when it is a config file of the project. */
function extendedOptions(from: string, entry: string, state: ReadState): Options {
  // A package (`astro/tsconfigs/strict`, `@tsconfig/node20`): its options hold no aliases of this project.
  if (!entry.startsWith('.') && !path.isAbsolute(entry)) return {};
  const report = (message: string): Options => {
    state.problems.push({ file: from, message: `extends "${entry}": ${message}` });
    return {};
  };
  if (state.seen.length > MAX_EXTENDS_DEPTH) return report(`nests more than ${MAX_EXTENDS_DEPTH} deep; not read`);
  const resolved = path.resolve(path.dirname(from), entry);
  const file = resolved.toLowerCase().endsWith('.json') ? resolved : `${resolved}.json`;
  const rel = path.relative(state.root, file);
  if (!inside(state.root, file)) return report('outside the project folder; not read');
  if (rel.split(path.sep).some(isHiddenName) || !CONFIG_NAME.test(path.basename(file)))
    return report('not a tsconfig.json or jsconfig.json of the project; not read');
  if (state.seen.includes(file)) return report('leads back to a file it is extended from; not read again');
  const text = state.read(file);
  if (text === undefined) return report('not found');
  return optionsOf(file, text, { ...state, seen: [...state.seen, file] });
}

/**
 * The aliases of the merged options: each pattern with at most one `*` and its string targets with
 * at most one `*` each (TypeScript rejects others), resolved against `baseUrl` or the declaring
 * file's folder; targets outside the project folder are left out and reported.
 */
function aliasesOf(options: Options, root: string, problems: TsconfigProblem[], file: string): TsconfigAlias[] {
  if (options.paths === undefined) return [];
  const base = options.baseUrl ?? options.paths.dir;
  const aliases: TsconfigAlias[] = [];
  for (const [pattern, written] of Object.entries(options.paths.entries)) {
    if (stars(pattern) > 1 || !Array.isArray(written)) continue;
    const targets: string[] = [];
    for (const target of written) {
      if (typeof target !== 'string' || stars(target) > 1) continue;
      const absolute = path.resolve(base, target);
      if (!inside(root, absolute)) {
        problems.push({ file, message: `paths "${pattern}": "${target}" is outside the project folder; not followed` });
        continue;
      }
      targets.push(absolute);
    }
    if (targets.length > 0) aliases.push({ pattern, targets });
  }
  return aliases;
}

/** How many `*` a pattern holds. */
function stars(pattern: string): number {
  return pattern.split('*').length - 1;
}

/** Whether the absolute `child` is `root` or lies below it. */
function inside(root: string, child: string): boolean {
  const rel = path.relative(root, child);
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
