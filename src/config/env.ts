/**
 * The only module that reads `process.env` (STYLE.md: config read in exactly one place).
 * It returns raw strings; {@link ../config/config.ts} validates them.
 */
import { SETTINGS } from './settings.js';

/**
 * The environment variables sitegate understands, unvalidated, by the setting's input name
 * (settings.ts `input`, e.g. `port` for `PORT`, `maxUrlBytes` for `SITEGATE_MAX_URL_BYTES`).
 */
export type Env = Readonly<Partial<Record<string, string>>>;

/** Variables read besides the settings': `SITEGATE_PORT` (when `PORT` is unset) and `SITEGATE_CONFIG` (the settings file). */
export const CONFIG_FILE_ENV = 'SITEGATE_CONFIG';

/**
 * The platform's variables that place the default data folder (platform-data-home.ts), by the
 * name {@link readEnv} gives them.
 */
export const PLATFORM_FOLDER_ENV = { home: 'HOME', xdgDataHome: 'XDG_DATA_HOME', localAppData: 'LOCALAPPDATA' } as const;

/**
 * Reads sitegate's settings from the environment: each setting's variable (settings.ts, listed in
 * the settings table, docs/settings.md), `SITEGATE_PORT` when `PORT` is unset, and `SITEGATE_CONFIG` (as
 * `config`), and the platform's folders of {@link PLATFORM_FOLDER_ENV} (as `home`, `xdgDataHome`,
 * `localAppData`). Empty values count as unset.
 */
export function readEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const read = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value === '' ? undefined : value;
  };
  const values: Record<string, string> = {};
  for (const setting of SETTINGS) {
    const value = setting.env === undefined ? undefined : read(setting.env);
    if (value !== undefined) values[setting.input] = value;
  }
  const port = read('SITEGATE_PORT');
  if (values.port === undefined && port !== undefined) values.port = port;
  const config = read(CONFIG_FILE_ENV);
  if (config !== undefined) values.config = config;
  for (const [input, name] of Object.entries(PLATFORM_FOLDER_ENV)) {
    const folder = read(name);
    if (folder !== undefined) values[input] = folder;
  }
  return values;
}
