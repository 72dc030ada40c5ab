/**
 * The per-user folder where applications keep their data, by platform. The rules are those of
 * env-paths' `data` (sindresorhus/env-paths), without its `-nodejs` suffix; ten lines do not
 * earn a dependency:
 * - Linux and other Unix: `$XDG_DATA_HOME`, else `$HOME/.local/share` (XDG Base Directory
 *   Specification 0.8: "If $XDG_DATA_HOME is either not set or empty, a default equal to
 *   $HOME/.local/share should be used"; "If an implementation encounters a relative path in any of
 *   these variables it should consider the path invalid and ignore it").
 * - macOS: `~/Library/Application Support` (Apple, File System Programming Guide, "The Library
 *   Directory Stores App-Specific Files": "Use this directory to store all app data files").
 * - Windows: `%LOCALAPPDATA%`, else `%USERPROFILE%\AppData\Local` (Microsoft, Known Folders,
 *   FOLDERID_LocalAppData): local, not roaming, as a database must not roam.
 */
import path from 'node:path';

/** What the rules read: the platform (`process.platform`) and the environment's folders. */
export interface PlatformFolders {
  /** `process.platform`, e.g. `linux`, `darwin`, `win32`. */
  platform: NodeJS.Platform;
  /** The user's home folder (absolute): `HOME`, else the account's (`os.homedir()`). */
  home: string;
  /** `XDG_DATA_HOME`, when set. */
  xdgDataHome?: string | undefined;
  /** `LOCALAPPDATA` (Windows), when set. */
  localAppData?: string | undefined;
}

/**
 * The platform's per-user data folder, e.g. `/home/ada/.local/share`,
 * `/Users/ada/Library/Application Support` or `C:\Users\ada\AppData\Local` (Windows paths are
 * joined with `path.win32` whatever the host, so the rules can be tested anywhere).
 */
export function platformDataHome(folders: PlatformFolders): string {
  if (folders.platform === 'win32') {
    const local = folders.localAppData;
    return local !== undefined && path.win32.isAbsolute(local) ? local : path.win32.join(folders.home, 'AppData', 'Local');
  }
  if (folders.platform === 'darwin') return path.posix.join(folders.home, 'Library', 'Application Support');
  const xdg = folders.xdgDataHome;
  return xdg !== undefined && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(folders.home, '.local', 'share');
}

/** The path module of a platform: Windows paths for `win32`, POSIX paths otherwise. */
export function pathOf(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}
