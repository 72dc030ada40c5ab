/**
 * A build as a sequence of steps (a generator that yields between them), so that one code path
 * serves both callers: the start of `serve`, `check` and the tests run it to the end at once
 * ({@link runSteps}); `serve --watch` lets the event loop answer requests between steps
 * ({@link runStepsYielding}), so a request waits for one slice of a rebuild, not for all of it.
 */

/** A build that yields (nothing) between its steps and returns `T`. */
export type BuildSteps<T> = Generator<void, T, void>;

/** Runs every step at once; the build's result. */
export function runSteps<T>(steps: BuildSteps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * Build time between two yields to the event loop in {@link runStepsYielding}, ms: steps that take
 * less run on together, so a build of many short steps is not stretched by as many rounds of
 * requests; a request waits for at most this plus the longest step.
 */
export const SLICE_MS = 15;
/**
 * Turns of the event loop given at each yield: a request on a keep-alive connection is read in one
 * turn and answered in a later one (its handler awaits), so one turn let requests that arrived
 * during the slice start, not finish (measured at 100,000 pages: waits of 50-190 ms mid-build with
 * one turn, 20-35 ms with three).
 */
export const TURNS_PER_YIELD = 3;

/** How {@link runStepsYielding} slices a build; the defaults are {@link SLICE_MS} and {@link TURNS_PER_YIELD}. */
export interface YieldingOptions {
  sliceMs?: number;
  turns?: number;
  /** Monotonic clock, ms (default `performance.now`). */
  now?: () => number;
}

const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs the steps in slices of about {@link SLICE_MS}, letting the event loop run (timers, I/O:
 * requests) {@link TURNS_PER_YIELD} turns between slices. A slice ends after the step that spends
 * it, or before a step that would overrun it were it as long as the one before.
 * @returns the build's result; rejects with what a step threw
 */
export async function runStepsYielding<T>(steps: BuildSteps<T>, options: YieldingOptions = {}): Promise<T> {
  const { sliceMs = SLICE_MS, turns = TURNS_PER_YIELD, now = () => performance.now() } = options;
  let sliceStart = now();
  for (;;) {
    const stepStart = now();
    const step = steps.next();
    if (step.done === true) return step.value;
    const end = now();
    if (end - sliceStart + (end - stepStart) < sliceMs) continue;
    // setImmediate runs after pending I/O callbacks: requests that arrived during the slice are answered first.
    for (let turn = 0; turn < turns; turn++) await nextTurn();
    sliceStart = now();
  }
}

/** Items sorted, or merged, between two yields of {@link sortInSteps}: some 10 ms of string comparisons. */
const SORT_STEP_ITEMS = 20_000;

/**
 * `items` sorted by `compare` (stably) in steps: runs of {@link SORT_STEP_ITEMS} sorted one a
 * step, then merged pairwise, that many items a step, so that sorting a 100,000-page site's
 * 300,000 terms (over 100 ms in one `sort`) never holds requests for long.
 * @returns a new array; `items` is left as it is
 */
export function* sortInSteps<T>(items: readonly T[], compare: (a: T, b: T) => number): BuildSteps<T[]> {
  let runs: T[][] = [];
  for (let from = 0; from < items.length; from += SORT_STEP_ITEMS) {
    if (from > 0) yield;
    runs.push(items.slice(from, from + SORT_STEP_ITEMS).sort(compare));
  }
  let budget = 0;
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let r = 0; r < runs.length; r += 2) {
      const a = runs[r] as T[];
      const b = runs[r + 1];
      if (b === undefined) {
        merged.push(a);
        continue;
      }
      const out = new Array<T>(a.length + b.length);
      let x = 0;
      let y = 0;
      for (let k = 0; k < out.length; k++) {
        // The first run's item first among equals: the merge is stable, as `sort` is.
        out[k] = y >= b.length || (x < a.length && compare(a[x] as T, b[y] as T) <= 0) ? (a[x++] as T) : (b[y++] as T);
        if (++budget === SORT_STEP_ITEMS) {
          budget = 0;
          yield;
        }
      }
      merged.push(out);
    }
    runs = merged;
  }
  return runs[0] ?? [];
}
