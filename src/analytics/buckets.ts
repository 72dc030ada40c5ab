/**
 * Time buckets of the analytics counters: requests are counted per minute, and each count is added
 * to its minute, hour and day (UTC) rows, so a report over any window reads few rows. Finer rows are
 * kept for less time.
 */

/** The bucket sizes, finest first. */
export const GRANULARITIES = ['minute', 'hour', 'day'] as const;
/** A bucket size. */
export type Granularity = (typeof GRANULARITIES)[number];

/** Length of a bucket (ms). */
export const BUCKET_MS: Readonly<Record<Granularity, number>> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

const DAY_MS = BUCKET_MS.day;
/** How long rows are kept at most (ms), whatever the retention: minutes for a day, hours for 31 days. */
const FINE_KEEP_MS: Readonly<Record<Granularity, number>> = { minute: DAY_MS, hour: 31 * DAY_MS, day: Number.POSITIVE_INFINITY };

/** The start of the bucket that holds `atMs` (ms since the epoch, UTC). */
export function bucketStart(granularity: Granularity, atMs: number): number {
  return atMs - (atMs % BUCKET_MS[granularity]);
}

/**
 * How long rows of a granularity are kept (ms): the retention, capped for minutes (a day) and hours (31 days).
 * @param retentionDays the `analytics.retentionDays` setting
 */
export function keptMs(granularity: Granularity, retentionDays: number): number {
  return Math.min(FINE_KEEP_MS[granularity], retentionDays * DAY_MS);
}

/**
 * The finest granularity whose rows still cover a window reaching `windowMs` back: minutes for
 * a day or less, hours for a month or less, else days.
 */
export function granularityFor(windowMs: number, retentionDays: number): Granularity {
  return GRANULARITIES.find((granularity) => keptMs(granularity, retentionDays) >= windowMs) ?? 'day';
}
