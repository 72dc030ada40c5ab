/**
 * The page shell over HTTP at scale (issue 15): the sidebar's size bound on docs-large (7,425 pages,
 * a folder of 4,600), in `npm run test:corpora`. The rest of the shell is in test/shell.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DOCS_LARGE, type TestApp } from './helpers.js';

describe('the sidebar on docs-large', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(DOCS_LARGE);
  }, 120_000);
  afterAll(async () => {
    await t.app.close();
  });

  it("stays under 48 KB on a page of its biggest folder, the page marked even past the folder's first entries", async () => {
    const common = t.loaded.snapshot.site.folders.get('/common/');
    const late = common?.items.at(-1);
    expect(common?.items.length).toBeGreaterThan(4000);
    for (const url of [common?.items[0]?.url, late?.url]) {
      const res = await t.app.inject({ url: url ?? '/none' });
      expect(res.statusCode).toBe(200);
      const nav = /<nav class="sidebar" id="site-nav" aria-label="Site">[\s\S]*?<\/nav>/.exec(res.body)?.[0] ?? '';
      expect(Buffer.byteLength(nav)).toBeGreaterThan(1000);
      expect(Buffer.byteLength(nav)).toBeLessThan(48 * 1024);
      expect(nav.match(/aria-current="page"/g)).toHaveLength(1);
      expect(nav).toContain(`<a href="${url ?? ''}" aria-current="page">`);
    }
  });
});
