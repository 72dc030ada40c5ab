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
