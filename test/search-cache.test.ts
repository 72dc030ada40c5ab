/**
 * The cache of full-text answers (snapshot/search-cache.ts): a repeated query is answered from it,
 * byte for byte, without searching again; public and internal audiences never share an entry,
 * whichever asks first and whatever credential (key or signed-in session) it holds; and every
 * answer, made or kept, is the one the search and its hits give without any cache.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CLIENT_ID, type Principal } from '../src/auth/principal.js';
import type { SessionService } from '../src/auth/sessions.js';
import { DEFAULT_SEARCH_LIMIT } from '../src/answers/api.js';
import { searchHits } from '../src/snapshot/search-hits.js';
import { cachedSearch, warmSearchesInSteps, WARM_SEARCHES, type SearchKey } from '../src/snapshot/search-cache.js';
import { buildSnapshot, type Snapshot } from '../src/snapshot/snapshot.js';
import { sourceFile } from '../src/content/load.js';
import { runSteps } from '../src/build-steps.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, removeDir, TEST_BASE_URL, writeContent, type TestApp } from './helpers.js';

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

/** A session service that knows one cookie value: a signed-in person holding internal:read. */
function staffSessions(cookieValue: string): SessionService {
  const staff: Principal = {
    scheme: 'session',
    clientId: SESSION_CLIENT_ID,
    scopes: ['search:read', 'content:read', 'internal:read'],
    person: { subject: 'staff', name: 'staff', sessionId: `sgs_${'s'.repeat(22)}` },
  };
  const principalOf = (value: string): Principal | undefined => (value === cookieValue ? staff : undefined);
  return {
    create: () => Promise.reject(new Error('not used by these tests')),
    cachedPrincipal: principalOf,
    verify: (value) => Promise.resolve(principalOf(value)),
    end: () => Promise.resolve(undefined),
  };
}

describe('the cache of search answers and signed-in people', () => {
  it('answers an anonymous caller without internal pages after a signed-in person filled the cache', async () => {
    const { t } = await app();
    const cookieValue = 'S'.repeat(43);
    t.context.auth.sessions = staffSessions(cookieValue);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/search.json?q=zebra',
      headers: { cookie: `sitegate_session=${cookieValue}` },
    });
    expect({ status: signedIn.statusCode, body: JSON.parse(signedIn.body) as unknown }).toStrictEqual({ status: 200, body: INTERNAL_HITS });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/search.json?q=zebra' });
    expect({ status: anonymous.statusCode, body: JSON.parse(anonymous.body) as unknown }).toStrictEqual({ status: 200, body: PUBLIC_HITS });
    expect(anonymous.body).not.toContain('/internal/');
  });
});

describe('answers from the cache', () => {
  const QUERIES = ['widget', 'acme', 'on-call engineer', 'deploy roll', 'configur', 'page', 'zzzz'];
  const PAGES = [{}, { limit: 1 }, { limit: 2, offset: 1 }];

  it('equal the search and its hits made without a cache, for every audience, first asked and asked again', async () => {
    const t = await buildTestApp(EXAMPLE_SITE);
    apps.push(t);
    const { apiKey: internalKey } = await issueKey(t.context, ['search:read', 'internal:read']);
    const { apiKey: publicKey } = await issueKey(t.context, ['search:read']);
    const snapshot = t.loaded.snapshot;
    const audiences = [
      { headers: {}, includeInternal: false },
      { headers: { 'x-api-key': publicKey }, includeInternal: false },
      { headers: { 'x-api-key': internalKey }, includeInternal: true },
    ];
    let internalFound = 0;
    for (const query of QUERIES)
      for (const { limit, offset } of PAGES as { limit?: number; offset?: number }[])
        for (const { headers, includeInternal } of audiences) {
          const key = { includeInternal, language: undefined, limit: limit ?? DEFAULT_SEARCH_LIMIT, offset: offset ?? 0 };
          const found = snapshot.search.search(query, key);
          const hits = searchHits(snapshot, found.results, { query, includeInternal, language: undefined, baseUrl: TEST_BASE_URL });
          const expected = JSON.stringify(hits);
          if (expected.includes('/internal/')) internalFound++;
          const url = `/api/search.json?q=${encodeURIComponent(query)}${limit === undefined ? '' : `&limit=${limit}`}${offset === undefined ? '' : `&offset=${offset}`}`;
          for (let ask = 0; ask < 2; ask++) {
            const response = await t.app.inject({ method: 'GET', url, headers });
            expect({ query, limit, offset, includeInternal, ask, status: response.statusCode, body: response.body }).toStrictEqual({
              query,
              limit,
              offset,
              includeInternal,
              ask,
              status: 200,
              body: expected,
            });
          }
        }
    // The queries reach the internal page, so the audiences' answers differ.
    expect(internalFound).toBeGreaterThan(0);
  });
});

describe('warmSearchesInSteps: a rebuilt snapshot answers the last queries before it is swapped in (issue 34)', () => {
  const build = (files: Record<string, string>): Snapshot =>
    buildSnapshot(
      Object.entries(files).map(([relPath, text]) => sourceFile(relPath, text)),
      { baseUrl: TEST_BASE_URL, fallbackName: 'Site', parallel: false },
    );
  const keyOf = (query: string, includeInternal: boolean): SearchKey => ({
    query,
    includeInternal,
    language: undefined,
    limit: 10,
    offset: 0,
  });

  it(`searches the ${WARM_SEARCHES} queries last asked of the current snapshot in the next, each audience apart, and answers them as searched`, () => {
    const current = build(FILES);
    const next = build({ ...FILES, 'guide.md': '# Guide\n\nThe zebra crossing moved.\n' });
    for (const query of ['alpha', 'beta', 'gamma', 'delta']) cachedSearch(current, keyOf(query, false));
    cachedSearch(current, keyOf('zebra', true));
    cachedSearch(current, keyOf('alpha', false));
    const searched = vi.spyOn(next.search, 'search');
    runSteps(warmSearchesInSteps(current, next));
    expect(searched.mock.calls.map(([query, options]) => [query, options.includeInternal])).toStrictEqual([
      ['alpha', false],
      ['zebra', true],
      ['delta', false],
      ['gamma', false],
    ]);
    searched.mockClear();
    const internal = cachedSearch(next, keyOf('zebra', true));
    expect(searched).not.toHaveBeenCalled();
    expect(internal.hits.map((hit) => [hit.path, hit.description])).toStrictEqual([
      ['/guide', 'The zebra crossing moved.'],
      ['/internal/plan', 'The zebra budget is internal.'],
    ]);
    // The public audience's answer was never warmed: searched now, without the internal page.
    expect(cachedSearch(next, keyOf('zebra', false)).hits.map((hit) => hit.path)).toStrictEqual(['/guide']);
    expect(searched).toHaveBeenCalledTimes(1);
  });

  it('warms nothing when the current snapshot was never searched', () => {
    const next = build(FILES);
    const searched = vi.spyOn(next.search, 'search');
    runSteps(warmSearchesInSteps(build(FILES), next));
    expect(searched).not.toHaveBeenCalled();
  });
});
