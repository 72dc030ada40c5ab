/**
 * For the URL suites (urls.test.ts, hugo-urls.test.ts): a small site per case through the real
 * listener, the redirect hop of a URL, each page's URL by file, and the links of a page body.
 * Each site and app made here is closed and removed after the suite that calls {@link siteApp}.
 */
import path from 'node:path';
import { afterAll } from 'vitest';
import { buildTestApp, removeDir, writeContent, type TestApp } from './helpers.js';

/**
 * The app of a site whose generator files are `files` (config at the top, pages under `content/`).
 * Call it in a `describe` body: it registers that suite's `afterAll` hooks, which close the app and
 * then remove the folder (hooks per call, not at module load, as a worker that keeps its module
 * cache between files loads this module once: vitest.config.ts).
 */
export async function siteApp(files: Record<string, string>, settings: Record<string, unknown> = {}): Promise<TestApp> {
  const dir = writeContent(files);
  afterAll(() => removeDir(dir));
  const t = await buildTestApp(path.join(dir, 'content'), { settings });
  afterAll(() => t.app.close());
  return t;
}

/** `[status, location]` of a GET, HTML asked for unless `headers` say otherwise. */
export async function hop(t: TestApp, url: string, headers: Record<string, string> = {}): Promise<[number, string | undefined]> {
  const res = await t.app.inject({ url, headers: { accept: 'text/html', ...headers } });
  return [res.statusCode, res.headers.location];
}

/** Each served page's URL, by its file. */
export const pageUrls = (t: TestApp): Record<string, string> =>
  Object.fromEntries([...t.loaded.snapshot.site.pages.values()].map((page) => [page.file, page.url]));

/** The hrefs of the page body's links, in order, fragments-only links left out. */
export async function hrefs(t: TestApp, url: string): Promise<string[]> {
  const body = (await t.app.inject({ url, headers: { accept: 'text/html' } })).body;
  const main = body.slice(body.indexOf('<article'), body.indexOf('</article>'));
  return [...main.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1] as string).filter((href) => !href.startsWith('#'));
}
