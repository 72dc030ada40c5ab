/**
 * Linear time, told apart from quadratic without a wall-clock budget. A unit test that says "this
 * takes under 2 s" passes or fails with the machine's speed and load (the quality bar keeps such
 * figures in `npm run bench`); what content must never do is make the work grow faster than the
 * input. So the work is timed on an input of `size` units and on one of `size / 4`: linear work
 * takes about 4 times as long on the larger one, quadratic work 16 times. A growth over
 * {@link GROWTH_LIMIT} is measured again, best of {@link REPEATS}, before it counts, so one pause of
 * the machine does not fail a test; work that takes under {@link FLOOR_MS} on the full input counts
 * as linear whatever its ratio (timers and the collector dominate there, and nothing that fast stalls).
 */
import { expect } from 'vitest';

/** Most the time may grow when the input grows 4 times: linear gives 4, n log n about 4.6, quadratic 16. */
export const GROWTH_LIMIT = 9;
/** Below this (ms) on the full input, work is taken as linear whatever its growth. */
export const FLOOR_MS = 30;
/** Runs of each size when a first measurement looks super-linear; the fastest counts. */
const REPEATS = 3;

/** What one measurement found: ms on the small and the full input, and their ratio. */
export interface Growth {
  smallMs: number;
  largeMs: number;
  ratio: number;
}

/** Milliseconds `run` takes on `input`. */
function elapsedMs<T>(run: (input: T) => unknown, input: T): number {
  const started = performance.now();
  run(input);
  return performance.now() - started;
}

/** The fastest of `times` runs of `run` on `input` (ms). */
function fastestMs<T>(run: (input: T) => unknown, input: T, times: number): number {
  let best = Infinity;
  for (let i = 0; i < times; i++) best = Math.min(best, elapsedMs(run, input));
  return best;
}

function suspicious(growth: Growth): boolean {
  return growth.largeMs >= FLOOR_MS && growth.ratio > GROWTH_LIMIT;
}

/**
 * How `run` grows from `build(size / 4)` to `build(size)` (inputs are built outside the timer; the
 * small input runs once first, to warm up the code). A super-linear-looking first measurement is
 * taken again as the best of {@link REPEATS} runs per size.
 */
export function measureGrowth<T>(build: (size: number) => T, run: (input: T) => unknown, size: number): Growth {
  const small = build(Math.max(1, Math.floor(size / 4)));
  const large = build(size);
  run(small);
  const first = measure(elapsedMs(run, small), elapsedMs(run, large));
  if (!suspicious(first)) return first;
  return measure(fastestMs(run, small, REPEATS), fastestMs(run, large, REPEATS));
}

function measure(smallMs: number, largeMs: number): Growth {
  return { smallMs, largeMs, ratio: largeMs / Math.max(smallMs, 0.01) };
}

/** A line naming a super-linear growth, or undefined when the growth is linear (see {@link measureGrowth}). */
export function superLinear<T>(label: string, build: (size: number) => T, run: (input: T) => unknown, size: number): string | undefined {
  const growth = measureGrowth(build, run, size);
  if (!suspicious(growth)) return undefined;
  return `${label}: ${growth.smallMs.toFixed(1)} ms at ${Math.floor(size / 4)}, ${growth.largeMs.toFixed(1)} ms at ${size} (×${growth.ratio.toFixed(1)})`;
}

/**
 * Asserts that `run` takes linear time in the size of what `build` makes (the vitest assertion over
 * {@link superLinear}; the message names both timings).
 */
export function expectLinearTime<T>(build: (size: number) => T, run: (input: T) => unknown, size: number): void {
  expect(superLinear('work', build, run, size)).toBeUndefined();
}
