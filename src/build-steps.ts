/**
 * A build as a sequence of steps (a generator that yields between them), so that one code path
 * serves both callers: the start of `serve`, `check` and the tests run it to the end at once
 * ({@link runSteps}); `serve --watch` lets the event loop answer requests between steps
 * ({@link runStepsYielding}), so a request waits for one step of a rebuild, not for all of it.
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
 * Runs the steps, letting the event loop run (timers, I/O: requests) between each two.
 * @returns the build's result; rejects with what a step threw
 */
export async function runStepsYielding<T>(steps: BuildSteps<T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    // setImmediate runs after pending I/O callbacks: requests that arrived during the step are answered first.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
