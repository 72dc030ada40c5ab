/**
 * The bench's spreading of rounds over server starts (bench/compare.ts) and its `--starts` option
 * (bench/options.ts): every start's rounds count, and the ratio is the median over all of them.
 */
import { describe, expect, it } from 'vitest';
import { roundsOfStart, summariseScenario, type Measurement } from '../bench/compare.js';
import type { Sample } from '../bench/load.js';
import { parseBenchOptions } from '../bench/options.js';
import type { PreparedScenario } from '../bench/prepare.js';
import type { Capture } from '../bench/replay.js';

const sample = (requests: number, serverCpuSec: number): Sample => ({
  requests,
  wallSec: 1,
  p99Ms: 2,
  bytes: requests * 100,
  serverCpuSec,
  loaderCpuSec: 0.5,
  machineCpuSec: serverCpuSec + 0.5,
});

const capture: Capture = { method: 'GET', target: '/', headers: {}, reply: { status: 200, headers: [], body: Buffer.alloc(0) } };
const prepared: PreparedScenario = {
  scenario: { name: 'health', path: '/', expectedStatus: 200, precomputed: true },
  request: { headers: {} },
  baselineRequest: { headers: {} },
  capture,
};

describe('roundsOfStart', () => {
  it('shares a row’s rounds out as evenly as the starts allow, the earlier starts taking the remainder', () => {
    expect([0, 1, 2].map((start) => roundsOfStart(10, 3, start))).toStrictEqual([4, 3, 3]);
    expect([0, 1, 2].map((start) => roundsOfStart(12, 3, start))).toStrictEqual([4, 4, 4]);
    expect([0, 1, 2].map((start) => roundsOfStart(20, 3, start))).toStrictEqual([7, 7, 6]);
    expect(roundsOfStart(5, 1, 0)).toBe(5);
  });
});

describe('summariseScenario', () => {
  it('pools the rounds of every start: the median of all per-round ratios, not of one start', () => {
    // Start 1 drew a fast baseline (ratios 0.80, 0.82), start 2 a slow one (1.00, 1.02, 1.04).
    const first: Measurement = { sitegate: [sample(800, 0.8), sample(820, 0.82)], baseline: [sample(1000, 0.9), sample(1000, 0.9)] };
    const second: Measurement = {
      sitegate: [sample(1000, 0.8), sample(1020, 0.8), sample(1040, 0.8)],
      baseline: [sample(1000, 0.9), sample(1000, 0.9), sample(1000, 0.9)],
    };
    const result = summariseScenario(prepared, [first, second]);
    expect(result.roundRatios).toStrictEqual([0.8, 0.82, 1, 1.02, 1.04]);
    expect(result.ratio).toBe(1);
    expect(result.starts).toBe(2);
    expect(result.sitegate.requestsPerSec).toBe(1000);
    // Server CPU per request over all rounds: 4.02 s over 4,680 requests, against 4.5 s over 5,000.
    expect(result.sitegate.serverCpuUsPerRequest).toBeCloseTo((4.02 / 4680) * 1e6, 6);
    expect(result.baseline.serverCpuUsPerRequest).toBeCloseTo(900, 6);
  });
});

describe('--starts', () => {
  it('defaults to three starts of twelve one-second rounds', () => {
    const options = parseBenchOptions([]);
    expect(options === 'help' ? undefined : [options.starts, options.rounds, options.durationSec]).toStrictEqual([3, 12, 12]);
  });

  it('takes a positive integer no larger than --rounds', () => {
    const options = parseBenchOptions(['--starts', '2', '--rounds', '6']);
    expect(options === 'help' ? undefined : [options.starts, options.rounds]).toStrictEqual([2, 6]);
    expect(() => parseBenchOptions(['--starts', '0'])).toThrow('--starts must be a positive integer, got "0"');
    expect(() => parseBenchOptions(['--starts', '4', '--rounds', '3'])).toThrow('--starts must be at most --rounds (3), got 4');
  });
});
