/**
 * The paths content may never read nor serve, wherever they are configured (DESIGN.md "Content is
 * untrusted input"): the data folder (SQLite store, sealed signing keys, the generated secret), the
 * secret file and the settings file. Handed to the content pipeline as plain paths
 * (snapshot/snapshot.ts `protectedPaths`), since content/ reads no config (content/readable.ts).
 */
import type { Config } from './config.js';

/**
 * The protected paths of a configuration, absolute: the data folder, the `--secret-file` (when the
 * secret comes from a file) and the settings file (when one was read).
 * @example protectedPathsOf(config) // ['/srv/site/.sitegate', '/etc/sitegate/secret', '/srv/site/sitegate.json']
 */
export function protectedPathsOf(config: Pick<Config, 'dataDir' | 'secret' | 'configFile'>): string[] {
  const paths = [config.dataDir];
  if (config.secret?.from === '--secret-file') paths.push(config.secret.path);
  if (config.configFile !== null) paths.push(config.configFile);
  return paths;
}
