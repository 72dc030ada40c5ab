/**
 * Global setup of `npm run test:deploy`: the run fails, never skips, when a system tool the
 * deployment tests start is missing (`.ci/run` installs them from Debian).
 */
import { execFileSync } from 'node:child_process';

/** The tools and the Debian package that provides each. */
const TOOLS: readonly (readonly [command: string, debianPackage: string])[] = [
  ['nginx', 'nginx'],
  ['systemd-analyze', 'systemd'],
  ['caddy', 'caddy'],
];

/** Throws when one of {@link TOOLS} is not on PATH (or /usr/sbin). */
export default function setup(): void {
  const missing = TOOLS.filter(([command]) => !onPath(command));
  if (missing.length > 0) {
    const list = missing.map(([command, pkg]) => `${command} (apt-get install ${pkg})`).join(', ');
    throw new Error(`test:deploy needs ${list}`);
  }
}

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `PATH="$PATH:/usr/sbin:/sbin" command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
