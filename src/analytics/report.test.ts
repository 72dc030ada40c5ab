import { describe, expect, it } from 'vitest';
import { buildReport, reportWindow } from './report.js';

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
      zeroResultQueries: [],
      keys: [],
    });
  });
});
