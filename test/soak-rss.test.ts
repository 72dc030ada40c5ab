import { describe, expect, it } from 'vitest';
import { parseSoakOptions } from '../bench/soak-options.js';
import { judgeRss, median } from '../bench/soak-rss.js';

const MIB = 2 ** 20;

describe('median', () => {
  it('takes the middle sample, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });
});

describe('judgeRss', () => {
  it('ignores the warm-up window and compares the medians of the second and the last window', () => {
    const verdict = judgeRss(
      [
        [100 * MIB, 400 * MIB],
        [200 * MIB, 300 * MIB, 210 * MIB],
        [250 * MIB, 500 * MIB],
        [190 * MIB, 220 * MIB, 215 * MIB],
      ],
      0.1,
    );
    expect(verdict).toEqual({ start: 210 * MIB, end: 215 * MIB, max: 500 * MIB, change: 5 / 210, ok: true });
  });

  it('fails a steady climb', () => {
    const climbing = [0, 1, 2, 3, 4, 5].map((window) => [0, 1, 2].map((second) => (200 + window * 10 + second * 3) * MIB));
    const verdict = judgeRss(climbing, 0.1);
    expect(verdict.start).toBe(213 * MIB);
    expect(verdict.end).toBe(253 * MIB);
    expect(verdict.ok).toBe(false);
  });

  it('fails a drop beyond the tolerance as well', () => {
    expect(judgeRss([[300 * MIB], [300 * MIB], [200 * MIB]], 0.1).ok).toBe(false);
  });

  it('gives no verdict with fewer than three windows or no samples', () => {
    expect(judgeRss([[MIB], [MIB]], 0.1)).toEqual({ start: undefined, end: undefined, max: MIB, change: undefined, ok: false });
    expect(judgeRss([[], [], []], 0.1)).toEqual({ start: undefined, end: undefined, max: undefined, change: undefined, ok: false });
  });
});

describe('parseSoakOptions', () => {
  it('refuses a duration shorter than three windows', () => {
    expect(() => parseSoakOptions(['--duration', '80s', '--window', '30s'])).toThrow(
      '--duration must hold at least 3 windows (warm-up, start, end): 80 s < 3 × 30 s',
    );
    expect(parseSoakOptions(['--duration', '90s', '--window', '30s'])).toMatchObject({ durationSec: 90, windowSec: 30 });
  });
});
