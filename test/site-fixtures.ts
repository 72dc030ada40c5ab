/**
 * The feature rows a page alone cannot show (URLs, redirects, site settings), tested on whole sites
 * read by the real loader (src/content/dialects/site-support.ts `loadSite`): one fixture shape and
 * one test per fixture, shared by the generators' feature tests.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite, type LoadedSite } from '../src/content/dialects/site-support.js';

/** A site fixture: the row, the site's files, each page's URL, the 308s, and one page as it is served. */
export interface SiteFixture {
  id: string;
  doc: string;
  name: string;
  /** The site's files: the generator's config and the pages under the content folder. */
  files: Record<string, string>;
  /** Each page's URL by its file (relative to the content folder). */
  urls: Record<string, string>;
  /** Request paths answered with a 308, and where to (site-support.ts `hop`). */
  hops: Record<string, string>;
  /** The page shown, and its exact markdown (links absolute, frontmatter kept) and body HTML. */
  page: string;
  markdown: string;
  html: string;
}

/**
 * A test per fixture, under `title`: the site's files written and `contentFolder` loaded; its page
 * URLs, its 308s, the page and its `.md` answering without one, and the page as served, exactly.
 * @param options.noProblems also expect the site to report no problem
 */
export function describeSiteFixtures(
  title: string,
  fixtures: readonly SiteFixture[],
  contentFolder: string,
  options: { noProblems?: boolean } = {},
): void {
  describe(title, () => {
    const loaded: LoadedSite[] = [];
    afterAll(() => loaded.forEach((one) => one.remove()));
    for (const fixture of fixtures) {
      it(`${fixture.id}: ${fixture.name} (${fixture.doc})`, () => {
        const one = loadSite(fixture.files, contentFolder);
        loaded.push(one);
        expect(one.urls).toStrictEqual(fixture.urls);
        expect(Object.fromEntries(Object.keys(fixture.hops).map((from) => [from, one.hop(from)]))).toStrictEqual(fixture.hops);
        expect([one.hop(fixture.page), one.hop(one.snapshot.site.pages.get(fixture.page)?.markdownUrl ?? '-')]).toStrictEqual([
          undefined,
          undefined,
        ]);
        expect(one.served(fixture.page)).toStrictEqual({ markdown: fixture.markdown, html: fixture.html });
        if (options.noProblems === true) expect(one.snapshot.site.problems).toStrictEqual([]);
      });
    }
  });
}
