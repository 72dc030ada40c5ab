/**
 * How `npm run soak` judges the server's memory. RSS is sampled about once a second; a single
 * sample says little, because a garbage-collected heap grows between major collections and shrinks
 * at each (a sawtooth of tens of MiB under load). So:
 * - the first window at the soak rate is warm-up (caches fill, the heap finds its working size)
 *   and is reported but not judged;
 * - RSS at the start is the median of the samples of the second window, RSS at the end the median
 *   of the samples of the last window;
 * - the target holds when the end is within the tolerance of the start (either way).
 * A leak that keeps climbing raises the median of the last window with it, so it still fails.
 */

/** Windows a soak needs for the RSS target: warm-up, the start's and a later one for the end. */
export const MIN_SOAK_WINDOWS = 3;

/** The median of numbers (the mean of the middle two for an even count), or undefined when there are none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The RSS verdict of a soak. Bytes; `change` is a fraction of the start (0.1 = +10 %). */
export interface RssVerdict {
  start: number | undefined;
  end: number | undefined;
  /** Largest single sample over every window, warm-up included. */
  max: number | undefined;
  change: number | undefined;
  /** Whether `|change| <= tolerance`; false when RSS could not be measured or the soak was too short. */
  ok: boolean;
}

/**
 * Judges the RSS samples of a soak's windows as the module docstring describes.
 * @param windows RSS samples in bytes, one array per window in order (window 0 is warm-up)
 * @param tolerance allowed change as a fraction of the start, e.g. 0.1
 */
export function judgeRss(windows: readonly (readonly number[])[], tolerance: number): RssVerdict {
  const all = windows.flat();
  const max = all.length === 0 ? undefined : Math.max(...all);
  const start = windows.length < MIN_SOAK_WINDOWS ? undefined : median(windows[1]!);
  const end = windows.length < MIN_SOAK_WINDOWS ? undefined : median(windows[windows.length - 1]!);
  const change = start === undefined || end === undefined ? undefined : (end - start) / start;
  return { start, end, max, change, ok: change !== undefined && Math.abs(change) <= tolerance };
}
