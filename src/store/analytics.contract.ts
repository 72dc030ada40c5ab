/**
 * The analytics part of the store contract (store.contract.ts registers it for every adapter):
 * counters add up across calls and stores, keys stay apart, listing and pruning cut exactly, and
 * the largest flush the counter makes (analytics/counter.ts `MAX_KEYS_PER_FLUSH`) is taken whole.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyticsCount, Store, ZeroResultCount } from './store.js';
import {
  createAnalyticsCounter,
  MAX_KEYS_PER_FLUSH,
  OTHER_AGENT,
  OTHER_FORMAT,
  OTHER_PATH,
  OVERFLOW_AGENT,
  OVERFLOW_PATH,
} from '../analytics/counter.js';

function count(overrides: Partial<AnalyticsCount> = {}): AnalyticsCount {
  return {
    granularity: 'hour',
    bucketStart: new Date('2030-01-01T10:00:00.000Z'),
    path: '/guides/setup',
    format: 'markdown',
    status: 200,
    category: 'ai-crawler',
    agent: 'GPTBot',
    clientId: null,
    count: 1,
    ...overrides,
  };
}

function zero(bucketStart: string, query: string, n: number): ZeroResultCount {
  return { bucketStart: new Date(bucketStart), query, count: n };
}

/**
 * Registers the analytics tests inside an adapter's contract suite.
 * @param fixture the suite's current store and a means to open a second one on the same database
 */
export function describeAnalyticsContract(fixture: () => { store: Store; openAnother: () => Promise<Store> }): void {
  describe('analytics', () => {
    it('starts empty', async () => {
      const { store } = fixture();
      expect(await store.listAnalytics('hour', new Date(0))).toStrictEqual([]);
      expect(await store.listZeroResults(new Date(0))).toStrictEqual([]);
    });

    it('adds counts of the same key, from several stores at once, and keeps other keys apart', async () => {
      const { store, openAnother } = fixture();
      const other = await openAnother();
      const viaKey = count({ category: 'api-client', agent: 'curl', clientId: 'sgc_0000000000000001', count: 5 });
      await store.addAnalytics([count({ count: 2 }), viaKey], [zero('2030-01-01T10:00:00.000Z', 'kubernetes ingress', 1)]);
      await Promise.all([
        store.addAnalytics([count({ count: 3 })], [zero('2030-01-01T10:00:00.000Z', 'kubernetes ingress', 2)]),
        other.addAnalytics([count({ count: 4 }), count({ status: 404, count: 1 })], []),
      ]);
      expect(await store.listAnalytics('hour', new Date(0))).toStrictEqual(
        [count({ count: 9 }), count({ status: 404, count: 1 }), viaKey].sort((a, b) =>
          a.agent < b.agent ? -1 : a.agent > b.agent ? 1 : a.status - b.status,
        ),
      );
      expect(await store.listAnalytics('minute', new Date(0))).toStrictEqual([]);
      expect(await store.listZeroResults(new Date(0))).toStrictEqual([zero('2030-01-01T10:00:00.000Z', 'kubernetes ingress', 3)]);
    });

    it('lists from `since` on, oldest first, and prunes exactly the rows before the cut-off', async () => {
      const { store } = fixture();
      const at = (iso: string): AnalyticsCount => count({ bucketStart: new Date(iso) });
      await store.addAnalytics(
        [at('2030-01-01T09:00:00.000Z'), at('2030-01-01T11:00:00.000Z'), at('2030-01-01T10:00:00.000Z'), count({ granularity: 'day' })],
        [zero('2030-01-01T09:00:00.000Z', 'a', 1), zero('2030-01-01T10:00:00.000Z', 'b', 1)],
      );
      const cut = new Date('2030-01-01T10:00:00.000Z');
      expect(await store.listAnalytics('hour', cut)).toStrictEqual([at('2030-01-01T10:00:00.000Z'), at('2030-01-01T11:00:00.000Z')]);
      expect(await store.listZeroResults(cut)).toStrictEqual([zero('2030-01-01T10:00:00.000Z', 'b', 1)]);
      expect(await store.pruneAnalytics('hour', cut)).toBe(2); // one counter row, one zero-result row
      expect(await store.listAnalytics('hour', new Date(0))).toStrictEqual([
        at('2030-01-01T10:00:00.000Z'),
        at('2030-01-01T11:00:00.000Z'),
      ]);
      expect(await store.listAnalytics('day', new Date(0))).toStrictEqual([count({ granularity: 'day' })]);
      expect(await store.pruneAnalytics('day', cut)).toBe(0);
    });

    it('takes more rows than one statement holds', async () => {
      const { store } = fixture();
      const rows = Array.from({ length: 1203 }, (_, i) => count({ path: `/p/${String(i).padStart(4, '0')}`, count: i + 1 }));
      await store.addAnalytics(rows, []);
      const listed = await store.listAnalytics('hour', new Date(0));
      expect(listed).toHaveLength(1203);
      expect(listed.reduce((sum, row) => sum + row.count, 0)).toBe((1203 * 1204) / 2);
    });

    it('takes the largest flush in one call, and adds (other) and (overflow) rows across flushes and stores', async () => {
      const { store, openAnother } = fixture();
      const other = await openAnother();
      const at = Date.parse('2030-01-01T10:00:30.000Z');
      const site = { format: 'html', status: 200, category: 'browser', agent: 'Chrome', clientId: undefined };
      const made = { ...site, path: OTHER_PATH, format: OTHER_FORMAT, status: 404, agent: OTHER_AGENT };
      // One flush at the cap: every pair a page of its own, then 10 more pages and 6,000 made-up paths.
      const first = createAnalyticsCounter();
      for (let i = 0; i < MAX_KEYS_PER_FLUSH - 1; i++) first.count({ ...site, path: `/p/${i}` }, at);
      for (let i = 0; i < 6000; i++) first.count(made, at);
      for (let i = 0; i < 10; i++) first.count({ ...site, path: `/q/${i}` }, at);
      const flushed = first.drain();
      expect(flushed.counts).toHaveLength(3 * (MAX_KEYS_PER_FLUSH + 1));
      await store.addAnalytics(flushed.counts, flushed.zeroResults);
      // The next flushes, from this store and another replica, add to the same rows.
      const second = createAnalyticsCounter();
      for (let i = 0; i < 4; i++) second.count(made, at);
      const third = createAnalyticsCounter();
      for (let i = 0; i < MAX_KEYS_PER_FLUSH; i++) third.count({ ...site, path: `/p/${i}` }, at);
      third.count({ ...site, path: '/r' }, at);
      await Promise.all([store.addAnalytics(second.drain().counts, []), other.addAnalytics(third.drain().counts, [])]);

      for (const granularity of ['minute', 'hour', 'day'] as const) {
        const rows = await store.listAnalytics(granularity, new Date(0));
        expect(rows).toHaveLength(MAX_KEYS_PER_FLUSH + 2);
        expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(MAX_KEYS_PER_FLUSH - 1 + 6000 + 10 + 4 + MAX_KEYS_PER_FLUSH + 1);
        const shared = { granularity, bucketStart: rows[0]?.bucketStart, clientId: null };
        expect(rows.filter((row) => !row.path.startsWith('/p/'))).toStrictEqual([
          { ...shared, path: OTHER_PATH, format: OTHER_FORMAT, status: 404, category: 'browser', agent: OTHER_AGENT, count: 6004 },
          { ...shared, path: OVERFLOW_PATH, format: 'other', status: 200, category: 'unknown', agent: OVERFLOW_AGENT, count: 11 },
        ]);
        expect(rows.find((row) => row.path === '/p/0')?.count).toBe(2);
        expect(rows.find((row) => row.path === `/p/${MAX_KEYS_PER_FLUSH - 1}`)?.count).toBe(1);
      }
    });
  });
}
