/**
 * The seven real doc sites (../shared/corpora/real/) at their generators' URLs: every page answers
 * at its file-name URL with 200 or one 308 to its canonical URL, every internal page link in the
 * HTML answers 200 (or one 308 hop to a 200, for links left as written), and `check` reports only the errors listed here with their reason.
 * `SITEGATE_FIGURES=1` prints the figures per corpus.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../src/cli/check.js';
import { pagePathOf } from '../src/content/paths.js';
import { buildTestApp, CORPORA_DIR, type TestApp } from './helpers.js';

const REAL = path.join(CORPORA_DIR, 'real');
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.app.close();
});

/**
 * The `check` errors each corpus keeps, by the reason they stay: files the copy left out (SOURCE.md
 * "Left out", as test/assets.corpora.test.ts `MISSING`), links the authors got wrong, and syntax
 * resolved by site code the copy does not hold.
 */
const KEPT_ERRORS: Readonly<Record<string, RegExp>> = {
  // Two GIFs the copy left out.
  docusaurus: /no static file at: \/img\/tutorials\/essentials\/Redux(Async)?DataFlowDiagram\.gif$/,
  // Images the copy left out (some linked one folder too high, `../../../` from two folders down:
  // GitBook stops at the space root, content/links.ts `climbStopsAtRoot`).
  gitbook: /broken relative link: (\.\.\/)+\.gitbook\/assets\//,
  // A global resource of Hugo's assets/, which is not in the copy. `[term](g)` links are left to the
  // site's own render-link hook (one warning, not an error: content/conventions/hugo-hooks.ts).
  hugo: /no static file at: \/images\/examples\/zion-national-park\.jpg$/,
  mdbook: /^$/,
  mkdocs: /^$/,
  // A locale's links to pages it has not translated answer with one 308 to the default language's
  // page (Starlight's fallback content, content/redirects.ts `LocaleFallback`).
  starlight: /^$/,
  // public/vite.mp3 was left out.
  vitepress: /no static file at: \/vite\.mp3$/,
};

describe.each(Object.keys(KEPT_ERRORS))('%s at its generator’s URLs', (corpus) => {
  const content = path.join(REAL, corpus, 'content');

  it('answers every file-name URL at once or with one 308 to the page, every internal link 200, and checks clean', async () => {
    const t = await buildTestApp(content);
    apps.push(t);
    const site = t.loaded.snapshot.site;
    let atFileUrl = 0;
    let oneHop = 0;
    const links = new Set<string>();
    for (const page of site.pages.values()) {
      const res = await t.app.inject({ url: pagePathOf(page.file).url, headers: { accept: 'text/html' } });
      if (res.statusCode === 200) atFileUrl += 1;
      else if (res.statusCode === 308 && res.headers.location === page.url) oneHop += 1;
      const html = (await t.app.inject({ url: page.url, headers: { accept: 'text/html' } })).body;
      const article = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
      for (const match of article.matchAll(/<a href="(\/[^"#?]*)/g)) links.add(match[1] as string);
    }
    const failing: string[] = [];
    // A link left as written (raw HTML, a component's prop) may take one 308 hop, as a generator URL does.
    for (const url of links) {
      const res = await t.app.inject({ url });
      const hop = res.statusCode === 308 ? (await t.app.inject({ url: String(res.headers.location) })).statusCode : undefined;
      if (res.statusCode !== 200 && hop !== 200) failing.push(url);
    }
    const errors = checkContent(content)
      .problems.filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.file}: ${problem.message}`);
    const unexplained = errors.filter((error) => !(KEPT_ERRORS[corpus] as RegExp).test(error));
    if (process.env.SITEGATE_FIGURES !== undefined)
      console.log(
        `${corpus}: ${site.pages.size} pages, ${atFileUrl} at the file-name URL + ${oneHop} one 308 hop = ` +
          `${(((atFileUrl + oneHop) / site.pages.size) * 100).toFixed(1)}%; ${links.size} internal links, ` +
          `${failing.length} failing (${failing.slice(0, 5).join(' ')}); check: ${errors.length} errors, ${unexplained.length} unexplained`,
      );
    expect(atFileUrl + oneHop).toBe(site.pages.size);
    // Files the copy left out are test/assets.corpora.test.ts's to list.
    expect(failing.filter((url) => !/\.(gif|png|jpe?g|mp3)$/.test(url))).toStrictEqual([]);
    expect(unexplained).toStrictEqual([]);
  }, 300_000);
});
