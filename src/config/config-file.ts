/**
 * Finding and reading `sitegate.json`: `--config FILE`, else `SITEGATE_CONFIG`, else
 * `sitegate.json` in the working folder when it exists. Checked against the schema by config.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './errors.js';
import { readEnv, type Env } from './env.js';
import { loadConfig, type Config, type ConfigInput } from './config.js';

/** The settings file's name. */
export const CONFIG_FILE_NAME = 'sitegate.json';

/**
 * The settings file to read: `explicit` (must exist), else `sitegate.json` in `cwd` if it exists.
 * @returns an absolute path, or undefined when there is no file
 * @throws {ConfigError} when an explicitly named file does not exist
 */
export function findConfigFile(cwd: string, explicit: { path: string; source: string } | undefined): string | undefined {
  if (explicit !== undefined) {
    const file = path.resolve(cwd, explicit.path);
    if (!existsSync(file)) throw new ConfigError(`${explicit.source}: no such file ${file}`);
    return file;
  }
  const file = path.join(cwd, CONFIG_FILE_NAME);
  return existsSync(file) ? file : undefined;
}

/**
 * Reads a settings file: `sitegate.json` in `cwd`, or `file` when given.
 * @returns its settings, unvalidated; none when the file does not exist
 * @throws {ConfigError} naming the file when it is not JSON or not a JSON object
 */
export function readConfigFile(cwd: string, file = path.join(cwd, CONFIG_FILE_NAME)): ConfigInput {
  if (!existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ConfigError(`${file}: must hold a JSON object`);
  return parsed;
}

/**
 * The configuration as a command sees it: flags, the environment, and the settings file found by
 * {@link findConfigFile} (`--config`, `SITEGATE_CONFIG`, `./sitegate.json`).
 * @param flags the command's flags; `config` names the settings file
 * @throws {ConfigError} for a missing `--config` file, an unreadable file or an invalid setting
 */
export function loadSettings(flags: ConfigInput & { config?: string | undefined }, cwd = process.cwd(), env: Env = readEnv()): Config {
  const explicit =
    flags.config !== undefined
      ? { path: flags.config, source: '--config' }
      : env.config !== undefined
        ? { path: env.config, source: 'SITEGATE_CONFIG' }
        : undefined;
  const file = findConfigFile(cwd, explicit);
  return loadConfig(flags, env, file === undefined ? {} : readConfigFile(cwd, file), cwd, file);
}
