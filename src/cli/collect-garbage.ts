/**
 * One full garbage collection, run by `sitegate serve` once the first snapshot is built and before
 * it listens. A build leaves most of its heap as garbage (the workers' messages once merged, the
 * pages' texts once indexed): at 100,000 pages some 300 MB of a 360 MB heap. An idle server
 * allocates too little for V8 to collect it soon (its memory reducer waits for a quiet ~8 s, and
 * longer under load), so the process held 700–800 MB for a while after start, against ~340 MB once
 * collected (issue 34; measured with `npm run bench -- scale`). One collection costs ~80 ms there.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Runs a full collection and returns true; false when this Node offers no way to (then nothing happens).
 * V8's `gc` function exists only in contexts created while the `--expose-gc` flag is set: the flag is
 * set for the one new context that hands the function out, then cleared again, so no other context
 * (and no script sitegate evaluates) ever sees `gc` (the idiom of Node's own test suite,
 * nodejs.org/api/v8.html#v8setflagsfromstringflags).
 */
export function collectGarbage(): boolean {
  let gc: unknown;
  try {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('typeof gc === "function" ? gc : undefined');
  } catch {
    gc = undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  if (typeof gc !== 'function') return false;
  (gc as () => void)();
  return true;
}
