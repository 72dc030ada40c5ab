/**
 * `/feed.xml` (Atom 1.0, RFC 4287) and `/rss.xml` (RSS 2.0), read back with a feed parser
 * (@rowanmanning/feed-parser): the posts and the pages of folders of dated pages, newest first,
 * with absolute links and their dates; no internal, draft or undated docs page; the Atom link in
 * every page's head; 404 on a site with nothing to list.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, removeDir, TEST_BASE_URL, writeContent, type TestApp } from './helpers.js';
import { FEED_MAX_ENTRIES } from '../src/discovery/feeds.js';

let t: TestApp | undefined;
let dir: string | undefined;
afterEach(async () => {
  await t?.app.close();
  if (dir !== undefined) removeDir(dir);
  t = undefined;
  dir = undefined;
});

async function site(files: Record<string, string>): Promise<TestApp> {
  dir = writeContent(files);
  t = await buildTestApp(dir);
  return t;
}

const FILES = {
  'index.md': '# Home\n\nWelcome.\n',
  'posts/launch.md': '---\ntitle: Launch\ndescription: We launched.\ndate: 2026-03-01\n---\n\nText.\n',
  'posts/secret.md': '---\ntitle: Secret plans\naccess: internal\ndate: 2026-05-01\n---\n\nHidden.\n',
  'posts/draft.md': '---\ntitle: Draft post\ndraft: true\ndate: 2026-06-01\n---\n\nNot yet.\n',
  'blog/2026-04-15-spring.md': '# Spring release\n\nNew things.\n',
  'blog/index.md': '# Blog\n\nAll posts.\n',
  'changelog/v1.md': '---\ntitle: Version 1\ndate: 2026-01-10\n---\n\nFirst.\n',
  'changelog/v2.md': '---\ntitle: Version 2\ndate: 2026-02-20T12:00:00Z\n---\n\nSecond.\n',
  'guides/setup.md': '---\ntitle: Setup\ndate: 2026-07-01\n---\n\nA dated docs page among undated ones.\n',
  'guides/usage.md': '# Usage\n\nUndated.\n',
};

const EXPECTED = [
  { title: 'Spring release', url: `${TEST_BASE_URL}/blog/2026-04-15-spring`, date: '2026-04-15T00:00:00.000Z' },
  { title: 'Launch', url: `${TEST_BASE_URL}/posts/launch`, date: '2026-03-01T00:00:00.000Z' },
  { title: 'Version 2', url: `${TEST_BASE_URL}/changelog/v2`, date: '2026-02-20T12:00:00.000Z' },
  { title: 'Version 1', url: `${TEST_BASE_URL}/changelog/v1`, date: '2026-01-10T00:00:00.000Z' },
];

describe('feeds', () => {
  it('/feed.xml is Atom with the posts and dated folders, newest first, absolute links, no private page', async () => {
    const { app } = await site(FILES);
    const res = await app.inject({ url: '/feed.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = parseFeed(res.body);
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('Home');
    expect(feed.self).toBe(`${TEST_BASE_URL}/feed.xml`);
    expect(feed.updated?.toISOString()).toBe('2026-04-15T00:00:00.000Z');
    expect(feed.items.map((item) => ({ title: item.title, url: item.url, date: item.updated?.toISOString() }))).toStrictEqual(EXPECTED);
    expect(feed.items.map((item) => item.id)).toStrictEqual(EXPECTED.map((entry) => entry.url));
    expect(feed.items[1]?.description).toBe('We launched.');
    expect(res.body).not.toContain('Secret');
    expect(res.body).not.toContain('Draft');
  });

  it('/rss.xml is RSS 2.0 with the same entries and their publication dates', async () => {
    const { app } = await site(FILES);
    const res = await app.inject({ url: '/rss.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = parseFeed(res.body);
    expect(feed.meta.type).toBe('rss');
    expect(feed.url).toBe(`${TEST_BASE_URL}/`);
    expect(feed.language).toBe('en');
    expect(feed.items.map((item) => ({ title: item.title, url: item.url, date: item.published?.toISOString() }))).toStrictEqual(EXPECTED);
  });

  it('is linked from the head of every page, and bounded to the newest entries', async () => {
    const files: Record<string, string> = { 'index.md': '# Home\n' };
    for (let i = 0; i < FEED_MAX_ENTRIES + 5; i++)
      files[`posts/p${i}.md`] = `---\ntitle: Post ${i}\ndate: 2026-01-01T00:${String(i).padStart(2, '0')}:00Z\n---\n\nText.\n`;
    const { app } = await site(files);
    const home = await app.inject({ url: '/' });
    expect(home.body).toContain(`<link rel="alternate" type="application/atom+xml" href="${TEST_BASE_URL}/feed.xml" title="Home">`);
    const items = parseFeed((await app.inject({ url: '/feed.xml' })).body).items;
    expect(items.length).toBe(FEED_MAX_ENTRIES);
    expect(items[0]?.title).toBe(`Post ${FEED_MAX_ENTRIES + 4}`);
    expect(items.at(-1)?.title).toBe('Post 5');
  });

  it('answers 404 and links no feed on a site without posts or dated folders', async () => {
    const { app } = await site({ 'index.md': '# Home\n', 'guides/a.md': '# A\n' });
    expect((await app.inject({ url: '/feed.xml' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/rss.xml' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/' })).body).not.toContain('application/atom+xml');
  });
});
