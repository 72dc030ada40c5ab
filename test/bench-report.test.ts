/**
 * The bench's pieces that decide what a row compares: the raw baseline's choice of reply
 * (bench/replay.ts) and the analytics cost line (bench/report.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ScenarioResult, Side } from '../bench/compare.js';
import type { CapturedReply } from '../bench/http-client.js';
import { answersRequest, buildReplayTable, type Capture } from '../bench/replay.js';
import { analyticsCostLine, spread } from '../bench/report.js';
import type { BenchScenario } from '../bench/scenarios.js';

const reply = (status: number, body: string): CapturedReply => ({
  status,
  headers: [['content-type', 'text/plain']],
  body: Buffer.from(body),
});
const capture = (headers: Record<string, string>, status: number, body: string): Capture => ({
  method: 'GET',
  target: '/page',
  headers,
  reply: reply(status, body),
});

describe('the replay table', () => {
  const entries = buildReplayTable([
    capture({ accept: 'text/html' }, 200, 'html'),
    capture({ accept: 'text/markdown' }, 200, 'markdown'),
    capture({ accept: 'text/markdown', 'x-api-key': 'sg_key' }, 200, 'markdown for the key'),
    capture({ accept: 'text/html', 'if-none-match': '"e"' }, 304, ''),
  ]);
  const chosen = (method: string, headers: Record<string, string>): string[] =>
    entries.filter((entry) => answersRequest(entry, method, headers)).map((entry) => Buffer.from(entry.ok?.body ?? []).toString());

  it('keeps one entry per method, target and selecting headers, the 304 beside its full reply', () => {
    expect(entries.map((entry) => [entry.target, entry.keyValues, entry.etag, entry.notModified?.status])).toStrictEqual([
      ['/page', ['text/html', '', ''], '"e"', 304],
      ['/page', ['text/markdown', '', ''], undefined, undefined],
      ['/page', ['text/markdown', 'sg_key', ''], undefined, undefined],
    ]);
  });

  it('answers a request from the entry whose method and selecting headers are the same, other headers aside', () => {
    expect(chosen('GET', { accept: 'text/markdown', 'user-agent': 'x' })).toStrictEqual(['markdown']);
    expect(chosen('GET', { accept: 'text/markdown', 'x-api-key': 'sg_key' })).toStrictEqual(['markdown for the key']);
    expect(chosen('GET', { accept: 'text/html', 'if-none-match': '"e"' })).toStrictEqual(['html']);
    expect(chosen('GET', { accept: 'text/markdown', 'x-api-key': 'sg_other' })).toStrictEqual([]);
    expect(chosen('POST', { accept: 'text/markdown' })).toStrictEqual([]);
  });
});

describe('analyticsCostLine', () => {
  const side = (serverCpuUsPerRequest: number | undefined): Side => ({
    requestsPerSec: 1000,
    p99Ms: 1,
    bytesPerResponse: 100,
    serverCpuUsPerRequest,
    serverCpuPct: 100,
    loaderCpuPct: 50,
    otherCpuPct: 0,
  });
  const result = (
    name: string,
    on: number | undefined,
    off: number | undefined,
    ratio: number,
    extra: number | undefined,
  ): ScenarioResult => {
    const scenario: BenchScenario = { name, path: '/', expectedStatus: 200, precomputed: true, baseline: 'sitegate, analytics off' };
    return {
      prepared: { scenario, request: { headers: {} }, baselineRequest: { headers: {} }, capture: capture({}, 200, '') },
      sitegate: side(on),
      baseline: side(off),
      ratio,
      roundRatios: [ratio],
      starts: 1,
      extraCpuUsPerRequest: extra,
    };
  };

  it('gives the cost in server CPU µs per request and in throughput, for each analytics row', () => {
    expect(analyticsCostLine([result('gptbot', 12.4, 12.1, 0.98, 0.25)])).toBe(
      'analytics cost: gptbot: analytics costs 0.25 µs of server CPU (12.4 on, 12.1 off) per request, 2.0 % of throughput (on ÷ off 0.98×)',
    );
  });

  it('calls a negative cost noise, and says n/a without CPU figures', () => {
    expect(analyticsCostLine([result('a', 12.0, 12.1, 1.01, -0.1), result('b', undefined, undefined, 0.97, undefined)])).toBe(
      'analytics cost: a: analytics costs -0.10 µs of server CPU (12.0 on, 12.1 off: less than the noise) per request, -1.0 % of throughput (on ÷ off 1.01×); ' +
        'b: analytics costs n/a µs per request, 3.0 % of throughput (on ÷ off 0.97×)',
    );
  });

  it('is undefined when no row measured analytics', () => {
    const raw = result('health', 10, 9, 0.95, 1);
    expect(
      analyticsCostLine([{ ...raw, prepared: { ...raw.prepared, scenario: { ...raw.prepared.scenario, baseline: 'raw' } } }]),
    ).toBeUndefined();
  });
});

describe('spread', () => {
  it('gives the minimum, quartiles, median and maximum of the rounds, each a measured round', () => {
    expect(spread([1.1, 0.84, 0.99, 0.95, 1.03, 0.97, 1.0, 0.93, 1.02], 3)).toBe('0.84 · 0.95–0.99–1.02 · 1.10 (9/3)');
    expect(spread([0.9], 1)).toBe('0.90 · 0.90–0.90–0.90 · 0.90 (1/1)');
    expect(spread([], 3)).toBe('–');
  });
});
