/** How the CLI talks to the operator: one clear line per error, exit code 2 for usage errors. */

/** A usage error (bad flag, missing folder, invalid setting): printed as one line, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * A command that was well formed but could not be done (no key with that id, key already
 * revoked): printed as one line, exit code 1.
 */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

/** Exit code for usage errors (as `getopt` tools and POSIX utilities use). */
export const EXIT_USAGE = 2;

/** Prints a line to stderr with the program name in front. */
export function printError(message: string): void {
  process.stderr.write(`sitegate: ${message}\n`);
}

/**
 * A progress reporter that writes `label done/total` on one TTY line, only once `afterMs` has
 * passed since it was made (short builds stay quiet), and clears the line on `done()`.
 */
export function progressLine(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
  afterMs = 1000,
  now = Date.now,
): { update(done: number, total: number): void; done(): void } {
  const start = now();
  let shown = false;
  return {
    update(done, total) {
      if (!stream.isTTY || now() - start < afterMs) return;
      shown = true;
      stream.write(`\r${label} ${done}/${total}…`);
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}

/**
 * The line `serve` prints about a versioned site (content/versions.ts), newest first:
 * `versions: Next /docs/next/, 2.x /docs/ (current), 1.x /docs/1.x/`; `undefined` for an unversioned site.
 */
export function versionsLine(versions: readonly { label: string; rootKey: string; current: boolean }[]): string | undefined {
  if (versions.length === 0) return undefined;
  return `versions: ${versions.map((version) => `${version.label} ${version.rootKey}${version.current ? ' (current)' : ''}`).join(', ')}`;
}

/** The line `serve` and `check` print about the generator: `conventions: mdbook (../book.toml + SUMMARY.md), 1 file unpublished`. */
export function generatorLine(generator: { name: string; detectedBy: string }, unpublished?: number): string {
  const files = unpublished === undefined || unpublished === 0 ? '' : `, ${unpublished} file${unpublished === 1 ? '' : 's'} unpublished`;
  return `conventions: ${generator.name} (${generator.detectedBy})${files}`;
}
