/**
 * Storage that anonymous traffic can grow is bounded (issue 28, item 6; DESIGN.md "Content is
 * untrusted input"): 6,000 anonymous GETs of made-up paths through the production listener, with
 * its analytics observer and a SQLite store in a fresh data folder, grow the folder by at most
 * 1 MB and are stored as `(other)` rows, while the site's pages, assets and API routes are still
 * counted path by path.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInjectableApp, type InjectableApp } from './app.js';
import { OTHER_AGENT, OTHER_FORMAT, OTHER_PATH } from '../src/analytics/counter.js';
import type { AnalyticsCount } from '../src/store/store.js';
import { buildTestApp, removeDir, writeContent, type TestApp } from './helpers.js';

/** Growth of the data folder the issue allows for 6,000 unique 404 paths (done-when 4). */
const MAX_GROWTH_BYTES = 1024 * 1024;
const MADE_UP_PATHS = 6000;
/** Every request falls in one minute, so the minute rows are exact. */
const NOW = new Date('2030-01-01T10:00:30.000Z');
const USER_AGENT = 'probe/1.0';
/** A PNG signature and nothing more: served as an asset, never decoded. */
const PNG = '\u0089PNG\r\n\u001a\n';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Bytes of every file in a folder, the SQLite -wal and -shm files included. */
function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, entry) => sum + (entry.isDirectory() ? folderBytes(path.join(dir, entry.name)) : statSync(path.join(dir, entry.name)).size),
    0,
  );
}

/** Opens the app over the data folder with the analytics observer installed, as `serve` does. */
async function open(contentDir: string, dataDir: string): Promise<{ t: TestApp; app: InjectableApp }> {
  const t = await buildTestApp(contentDir, { dataDir, now: () => NOW });
  return { t, app: buildInjectableApp(t.context, { observers: t.context.observers }) };
}

/** The minute rows of the store, in a stable order, without the fields every row shares. */
async function minuteRows(
  contentDir: string,
  dataDir: string,
): Promise<Pick<AnalyticsCount, 'path' | 'format' | 'status' | 'agent' | 'count'>[]> {
  const { t } = await open(contentDir, dataDir);
  try {
    const rows = await t.context.store.listAnalytics('minute', new Date(0));
    for (const row of rows)
      expect([row.bucketStart.toISOString(), row.category, row.clientId]).toStrictEqual(['2030-01-01T10:00:00.000Z', 'unknown', null]);
    return rows
      .map(({ path: rowPath, format, status, agent, count }) => ({ path: rowPath, format, status, agent, count }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.status - b.status));
  } finally {
    await t.app.close();
  }
}

describe('analytics storage under anonymous traffic', () => {
  it('stores 6,000 made-up paths as one (other) row per status, within 1 MB, and still counts the site per path', async () => {
    const contentDir = writeContent({
      'index.md': '# Home\n\nWelcome.\n',
      'guides/setup.md': '# Setup\n\nInstall it.\n',
      'img/logo.png': PNG,
    });
    cleanups.push(() => removeDir(contentDir));
    const dataDir = path.join(writeContent({}), 'data');
    cleanups.push(() => removeDir(path.dirname(dataDir)));

    // The store as a server leaves it: created, migrated, closed.
    await (await open(contentDir, dataDir)).t.app.close();
    const before = folderBytes(dataDir);

    const { t, app } = await open(contentDir, dataDir);
    const get = async (url: string, status: number): Promise<void> => {
      const response = await app.inject({ url, headers: { 'user-agent': USER_AGENT } });
      expect([url, response.statusCode]).toStrictEqual([url, status]);
    };
    for (let i = 0; i < MADE_UP_PATHS; i++) await get(`/made-up/${i}-${'x'.repeat(200)}`, 404);
    // The internal zone answers 401 to anyone anonymous, whether or not the page exists.
    for (let i = 0; i < 10; i++) await get(`/internal/guess-${i}`, 401);
    for (let i = 0; i < 3; i++) await get('/guides/setup', 200);
    // Other spellings of a page are counted under the page they lead to, whatever the encoding.
    await get('/guides/%73etup', 308);
    await get('/guides/s%65tup', 308);
    await get('/img/logo.png', 200);
    await get('/img/logo.png', 200);
    await get('/api/search.json?q=setup', 200);
    await get('/api/search.json?q=install', 200);
    await get('/llms.txt', 200);
    await t.app.close(); // flushes the counts, checkpoints and closes the store

    const after = folderBytes(dataDir);
    expect(after - before).toBeLessThanOrEqual(MAX_GROWTH_BYTES);
    expect(await minuteRows(contentDir, dataDir)).toStrictEqual([
      { path: OTHER_PATH, format: OTHER_FORMAT, status: 401, agent: OTHER_AGENT, count: 10 },
      { path: OTHER_PATH, format: OTHER_FORMAT, status: 404, agent: OTHER_AGENT, count: MADE_UP_PATHS },
      { path: '/api/search.json', format: 'json', status: 200, agent: '(unrecognised)', count: 2 },
      { path: '/guides/setup', format: 'html', status: 200, agent: '(unrecognised)', count: 3 },
      { path: '/guides/setup', format: 'other', status: 308, agent: '(unrecognised)', count: 2 },
      { path: '/img/logo.png', format: 'asset', status: 200, agent: '(unrecognised)', count: 2 },
      { path: '/llms.txt', format: 'llms', status: 200, agent: '(unrecognised)', count: 1 },
    ]);
  });
});
