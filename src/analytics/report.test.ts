import { describe, expect, it } from 'vitest';
import { buildReport, reportWindow } from './report.js';
import { OTHER_AGENT, OTHER_FORMAT, OTHER_PATH, OVERFLOW_AGENT, OVERFLOW_PATH } from './counter.js';
import type { AnalyticsCount } from '../store/store.js';

const NOW = Date.parse('2030-01-10T12:34:56.000Z');
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('reportWindow', () => {
  it.each([
    [HOUR_MS, 90, 'minute', '2030-01-10T11:34:00.000Z'],
    [DAY_MS, 90, 'minute', '2030-01-09T12:34:00.000Z'],
    [7 * DAY_MS, 90, 'hour', '2030-01-03T12:00:00.000Z'],
    [60 * DAY_MS, 90, 'day', '2029-11-11T00:00:00.000Z'],
    // Hours are kept no longer than the retention: a 7-day window past it reads days.
    [7 * DAY_MS, 5, 'day', '2030-01-03T00:00:00.000Z'],
  ])('a window of %i ms with %i days kept reads %s rows from %s', (windowMs, retentionDays, granularity, since) => {
    const window = reportWindow(NOW, windowMs, retentionDays);
    expect({ granularity: window.granularity, since: new Date(window.sinceMs).toISOString() }).toStrictEqual({ granularity, since });
  });
});

describe('buildReport', () => {
  it('reports an empty window with its points and nothing else', () => {
    const window = { ...reportWindow(NOW, 2 * HOUR_MS, 90), nowMs: NOW };
    expect(buildReport([], [], new Map(), window)).toStrictEqual({
      since: '2030-01-10T10:34:00.000Z',
      until: '2030-01-10T12:34:56.000Z',
      granularity: 'minute',
      series: 'minute',
      requests: 0,
      categories: [],
      agents: [],
      agentsOverTime: Array.from({ length: 121 }, (_, i) => ({
        start: new Date(Date.parse('2030-01-10T10:34:00.000Z') + i * 60_000).toISOString(),
        agents: {},
      })),
      topPages: [],
      markdownShare: [],
      statuses: [],
      outsideSite: [],
      overflowRequests: 0,
      zeroResultQueries: [],
      keys: [],
    });
  });

  it('reports (other) rows as requests outside the site and (overflow) rows apart, in every total but never as pages', () => {
    const window = { ...reportWindow(NOW, HOUR_MS, 90), nowMs: NOW };
    const row = (overrides: Partial<AnalyticsCount>): AnalyticsCount => ({
      granularity: 'minute',
      bucketStart: new Date('2030-01-10T12:00:00.000Z'),
      path: '/guides/setup',
      format: 'html',
      status: 200,
      category: 'browser',
      agent: 'Chrome',
      clientId: null,
      count: 1,
      ...overrides,
    });
    const other = { path: OTHER_PATH, format: OTHER_FORMAT, agent: OTHER_AGENT };
    const overflow = { path: OVERFLOW_PATH, format: 'other', category: 'unknown', agent: OVERFLOW_AGENT };
    const report = buildReport(
      [
        row({ count: 3 }),
        row({ ...other, status: 404, count: 6000 }),
        row({ ...other, status: 401, category: 'ai-crawler', count: 10 }),
        // (other) below 400 (an OPTIONS of a made-up path) is still no page read, whatever its format.
        row({ ...other, status: 204, format: 'html', count: 2 }),
        row({ ...overflow, status: 200, count: 7 }),
        row({ ...overflow, status: 404, count: 5 }),
      ],
      [],
      new Map(),
      window,
    );
    expect(report.requests).toBe(6027);
    expect(report.topPages).toStrictEqual([{ path: '/guides/setup', requests: 3, agents: { Chrome: 3 } }]);
    expect(report.markdownShare).toStrictEqual([
      { category: 'all', html: 3, markdown: 0, share: 0 },
      { category: 'browser', html: 3, markdown: 0, share: 0 },
    ]);
    expect(report.statuses).toStrictEqual([
      { status: 404, requests: 6005 },
      { status: 200, requests: 10 },
      { status: 401, requests: 10 },
      { status: 204, requests: 2 },
    ]);
    expect(report.outsideSite).toStrictEqual([
      { status: 404, requests: 6000 },
      { status: 401, requests: 10 },
      { status: 204, requests: 2 },
    ]);
    expect(report.overflowRequests).toBe(12);
    expect(report.agents).toStrictEqual([
      { category: 'browser', agent: OTHER_AGENT, requests: 6002, formats: { other: 6000, html: 2 } },
      { category: 'unknown', agent: OVERFLOW_AGENT, requests: 12, formats: { other: 12 } },
      { category: 'ai-crawler', agent: OTHER_AGENT, requests: 10, formats: { other: 10 } },
      { category: 'browser', agent: 'Chrome', requests: 3, formats: { html: 3 } },
    ]);
  });
});
