/**
 * The cache of full-text answers (snapshot/search-cache.ts): a repeated query is answered from it,
 * byte for byte, without searching again; and public and internal audiences never share an entry,
 * whichever asks first.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, issueKey, removeDir, writeContent, type TestApp } from './helpers.js';

const FILES = {
  'index.md': '# Home\n\nWelcome.\n',
  'guide.md': '# Guide\n\nThe zebra crossing is public.\n',
  'internal/plan.md': '# Plan\n\nThe zebra budget is internal.\n',
};

const PUBLIC_HITS = [
  {
    path: '/guide',
    title: 'Guide',
    description: 'The zebra crossing is public.',
    excerpt: { text: 'Guide The zebra crossing is public.', highlights: [[10, 15]] },
  },
];
const INTERNAL_HITS = [
  ...PUBLIC_HITS,
  {
    path: '/internal/plan',
    title: 'Plan',
    description: 'The zebra budget is internal.',
    excerpt: { text: 'Plan The zebra budget is internal.', highlights: [[9, 14]] },
  },
];

const apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.app.close();
  for (const dir of dirs.splice(0)) removeDir(dir);
});

async function app(): Promise<{ t: TestApp; internalKey: string; publicKey: string }> {
  const dir = writeContent(FILES);
  dirs.push(dir);
  const t = await buildTestApp(dir);
  apps.push(t);
  const { apiKey: internalKey } = await issueKey(t.context, ['search:read', 'internal:read']);
  const { apiKey: publicKey } = await issueKey(t.context, ['search:read']);
  return { t, internalKey, publicKey };
}

async function search(t: TestApp, key?: string): Promise<{ status: number; cacheControl: unknown; body: unknown }> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/search.json?q=zebra',
    headers: key === undefined ? {} : { 'x-api-key': key },
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as unknown,
    cacheControl: response.headers['cache-control'],
  };
}

describe('the cache of search answers', () => {
  it('answers a caller without internal:read with public pages only, after a caller with it asked the same query', async () => {
    const { t, internalKey, publicKey } = await app();
    expect(await search(t, internalKey)).toStrictEqual({ status: 200, body: INTERNAL_HITS, cacheControl: 'private, no-store' });
    expect(await search(t)).toStrictEqual({ status: 200, body: PUBLIC_HITS, cacheControl: 'public, max-age=60' });
    expect(await search(t, publicKey)).toStrictEqual({ status: 200, body: PUBLIC_HITS, cacheControl: 'private, no-store' });
    expect(await search(t, internalKey)).toStrictEqual({ status: 200, body: INTERNAL_HITS, cacheControl: 'private, no-store' });
  });

  it('answers a caller with internal:read with internal pages too, after a public caller asked the same query', async () => {
    const { t, internalKey } = await app();
    expect(await search(t)).toStrictEqual({ status: 200, cacheControl: 'public, max-age=60', body: PUBLIC_HITS });
    expect(await search(t, internalKey)).toStrictEqual({ status: 200, cacheControl: 'private, no-store', body: INTERNAL_HITS });
    expect(await search(t)).toStrictEqual({ status: 200, cacheControl: 'public, max-age=60', body: PUBLIC_HITS });
  });

  it('searches once per query and audience, and answers a repeat with the same bytes', async () => {
    const { t, internalKey } = await app();
    const searches = vi.spyOn(t.loaded.snapshot.search, 'search');
    const first = await t.app.inject({ method: 'GET', url: '/api/search.json?q=zebra' });
    const again = await t.app.inject({ method: 'GET', url: '/api/search.json?q=zebra' });
    expect(again.body).toBe(first.body);
    expect(JSON.parse(again.body)).toStrictEqual(PUBLIC_HITS);
    expect(searches).toHaveBeenCalledTimes(1);
    await search(t, internalKey);
    await search(t, internalKey);
    expect(searches).toHaveBeenCalledTimes(2);
    // Another page of results is another entry.
    const second = await t.app.inject({ method: 'GET', url: '/api/search.json?q=zebra&offset=1' });
    expect({ status: second.statusCode, body: JSON.parse(second.body) as unknown }).toStrictEqual({ status: 200, body: [] });
    expect(searches).toHaveBeenCalledTimes(3);
  });
});
