import { describe, expect, it } from 'vitest';
import {
  createAnalyticsCounter,
  MAX_KEYS_PER_FLUSH,
  MAX_QUERIES_PER_HOUR,
  OTHER,
  OVERFLOW_AGENT,
  OVERFLOW_PATH,
  PATH_MAX_CHARS,
  type CountedRequest,
} from './counter.js';

const T0 = Date.parse('2030-01-01T10:59:30.000Z');
const request = (overrides: Partial<CountedRequest> = {}): CountedRequest => ({
  path: '/guides/setup',
  format: 'markdown',
  status: 200,
  category: 'ai-crawler',
  agent: 'GPTBot',
  clientId: undefined,
  ...overrides,
});

describe('analytics counter', () => {
  it('adds each minute to its minute, hour and day rows, and empties on drain', () => {
    const counter = createAnalyticsCounter();
    counter.count(request(), T0);
    counter.count(request(), T0 + 10_000);
    counter.count(request(), T0 + 60_000); // 11:00:30, the next minute and hour
    counter.count(request({ clientId: 'sgc_1', category: 'api-client' }), T0);
    counter.countZeroResult('kubernetes', T0);
    counter.countZeroResult('kubernetes', T0 + 60_000);
    const { counts, zeroResults } = counter.drain();
    const summary = counts.map((row) => `${row.granularity} ${row.bucketStart.toISOString()} ${row.clientId ?? '-'} ${row.count}`).sort();
    expect(summary).toStrictEqual([
      'day 2030-01-01T00:00:00.000Z - 3',
      'day 2030-01-01T00:00:00.000Z sgc_1 1',
      'hour 2030-01-01T10:00:00.000Z - 2',
      'hour 2030-01-01T10:00:00.000Z sgc_1 1',
      'hour 2030-01-01T11:00:00.000Z - 1',
      'minute 2030-01-01T10:59:00.000Z - 2',
      'minute 2030-01-01T10:59:00.000Z sgc_1 1',
      'minute 2030-01-01T11:00:00.000Z - 1',
    ]);
    expect(counts[0]).toStrictEqual({
      granularity: 'minute',
      bucketStart: new Date('2030-01-01T10:59:00.000Z'),
      path: '/guides/setup',
      format: 'markdown',
      status: 200,
      category: 'ai-crawler',
      agent: 'GPTBot',
      clientId: null,
      count: 2,
    });
    expect(zeroResults).toStrictEqual([
      { bucketStart: new Date('2030-01-01T10:00:00.000Z'), query: 'kubernetes', count: 1 },
      { bucketStart: new Date('2030-01-01T11:00:00.000Z'), query: 'kubernetes', count: 1 },
    ]);
    expect(counter.drain()).toStrictEqual({ counts: [], zeroResults: [] });
  });

  it('is bounded per flush: past MAX_KEYS_PER_FLUSH pairs of all minutes, new ones count in one (overflow) row per minute and status', () => {
    const counter = createAnalyticsCounter();
    // The cap spans the minutes of a flush: half the pairs in one minute, half in the next.
    const half = MAX_KEYS_PER_FLUSH / 2;
    for (let i = 0; i < half; i++) counter.count(request({ path: `/a/${i}` }), T0);
    for (let i = 0; i < half; i++) counter.count(request({ path: `/b/${i}` }), T0 + 60_000);
    // Pairs held already still count as themselves.
    counter.count(request({ path: '/a/0' }), T0);
    // Past the cap: 7 new pairs with status 200 and 3 with 404 in the first minute, 2 in the next.
    for (let i = 0; i < 7; i++) counter.count(request({ path: `/c/${i}`, agent: `Agent${i}` }), T0);
    for (let i = 0; i < 3; i++) counter.count(request({ path: `/d/${i}`, status: 404, clientId: 'sgc_1' }), T0);
    for (let i = 0; i < 2; i++) counter.count(request({ path: `/e/${i}` }), T0 + 60_000);
    const rows = counter.drain().counts;
    const minutes = rows.filter((row) => row.granularity === 'minute');
    expect(minutes).toHaveLength(MAX_KEYS_PER_FLUSH + 3);
    const overflow = {
      granularity: 'minute',
      path: OVERFLOW_PATH,
      format: 'other',
      category: 'unknown',
      agent: OVERFLOW_AGENT,
      clientId: null,
    };
    expect(minutes.filter((row) => row.path === OVERFLOW_PATH)).toStrictEqual([
      { ...overflow, bucketStart: new Date('2030-01-01T10:59:00.000Z'), status: 200, count: 7 },
      { ...overflow, bucketStart: new Date('2030-01-01T10:59:00.000Z'), status: 404, count: 3 },
      { ...overflow, bucketStart: new Date('2030-01-01T11:00:00.000Z'), status: 200, count: 2 },
    ]);
    expect(minutes.find((row) => row.path === '/a/0')?.count).toBe(2);
    // Counts are merged, never lost: every granularity holds every request.
    for (const granularity of ['minute', 'hour', 'day'])
      expect(rows.filter((row) => row.granularity === granularity).reduce((sum, row) => sum + row.count, 0)).toBe(MAX_KEYS_PER_FLUSH + 13);
    // A drain starts the next flush with the whole cap.
    for (let i = 0; i < MAX_KEYS_PER_FLUSH; i++) counter.count(request({ path: `/f/${i}` }), T0);
    expect(counter.drain().counts.filter((row) => row.path === OVERFLOW_PATH)).toStrictEqual([]);
  });

  it('keeps at most so many zero-result queries an hour, the rest as (other)', () => {
    const counter = createAnalyticsCounter();
    for (let i = 0; i < MAX_QUERIES_PER_HOUR + 3; i++) counter.countZeroResult(`q${i}`, T0);
    const rows = counter.drain().zeroResults;
    expect(rows).toHaveLength(MAX_QUERIES_PER_HOUR + 1);
    expect(rows.find((row) => row.query === OTHER)?.count).toBe(3);
  });

  it('counts each (path, format, status, agent, client) exactly, across minutes given out of order and drains', () => {
    const counter = createAnalyticsCounter();
    const requests: [Partial<CountedRequest>, number][] = [
      [{}, T0],
      [{ path: '/other' }, T0],
      [{ status: 404 }, T0],
      [{}, T0 + 60_000], // the next minute
      [{}, T0 + 1_000], // back to the first minute
      [{ format: 'html', category: 'browser', agent: 'Chrome' }, T0 + 60_000],
      [{ clientId: '' }, T0], // no client_id, spelled as the store row spells it
      [{ path: '/other' }, T0 + 2_000],
    ];
    for (const [overrides, atMs] of requests) counter.count(request(overrides), atMs);
    const minuteRows = (): string[] =>
      counter
        .drain()
        .counts.filter((row) => row.granularity === 'minute')
        .map((row) => `${row.bucketStart.toISOString().slice(11, 16)} ${row.path} ${row.format} ${row.status} ${row.agent} ${row.count}`)
        .sort();
    expect(minuteRows()).toStrictEqual([
      '10:59 /guides/setup markdown 200 GPTBot 3',
      '10:59 /guides/setup markdown 404 GPTBot 1',
      '10:59 /other markdown 200 GPTBot 2',
      '11:00 /guides/setup html 200 Chrome 1',
      '11:00 /guides/setup markdown 200 GPTBot 1',
    ]);
    // After a drain, new counts start from nothing, whatever was counted before.
    counter.count(request({ status: 500 }), T0);
    counter.count(request(), T0);
    expect(minuteRows()).toStrictEqual(['10:59 /guides/setup markdown 200 GPTBot 1', '10:59 /guides/setup markdown 500 GPTBot 1']);
  });

  it('cuts paths longer than PATH_MAX_CHARS, so they count together', () => {
    const counter = createAnalyticsCounter();
    const long = `/${'a'.repeat(PATH_MAX_CHARS)}`;
    counter.count(request({ path: `${long}x` }), T0);
    counter.count(request({ path: `${long}y` }), T0);
    const minutes = counter.drain().counts.filter((row) => row.granularity === 'minute');
    expect(minutes.map((row) => [row.path, row.count])).toStrictEqual([[long.slice(0, PATH_MAX_CHARS), 2]]);
  });
});
