/**
 * Hugo URLs as Hugo publishes them (content/conventions/urls.ts, content/conventions/hugo-urls.ts),
 * written from gohugo.io/content-management/urls/, gohugo.io/configuration/ugly-urls/ and
 * gohugo.io/configuration/permalinks/: pretty URLs with their trailing slash, the other spelling
 * answering 308, the markdown twin at `…/index.md`, `uglyURLs`, `permalinks`, and relative links
 * resolved from the page's published URL. One small site per case, through the real listener.
 */
import { describe, expect, it } from 'vitest';
import { expandPermalink, hugoUrlConfigOf, urlize } from '../src/content/conventions/hugo-urls.js';
import { hop, hrefs, pageUrls, siteApp as app } from './url-sites.js';

// gohugo.io/content-management/urls/: "content/posts/post-1.md → https://example.org/posts/post-1/".
describe('Hugo pretty URLs (gohugo.io/content-management/urls/)', async () => {
  const t = await app({
    'hugo.toml': 'title = "H"\n',
    'content/_index.md': '---\ntitle: Home\n---\n[basics](docs/basics/)\n',
    'content/docs/_index.md': '---\ntitle: Docs\n---\n[basics](basics/) [intro](intro/)\n',
    'content/docs/basics.md':
      '---\ntitle: Basics\n---\n[intro](../intro/) [home](../../) [same](../basics/#top)\n\n![Diagram](diagram.png)\n',
    'content/docs/diagram.png': 'png',
    'content/docs/intro.md': '---\ntitle: Intro\n---\n[basics](../basics/)\n',
    'content/posts/my-post/index.md': '---\ntitle: Bundle\n---\n[basics](../../docs/basics/)\n',
  });

  it('publishes regular pages with their trailing slash and sections at their folder', () => {
    expect(pageUrls(t)).toStrictEqual({
      '_index.md': '/',
      'docs/_index.md': '/docs/',
      'docs/basics.md': '/docs/basics/',
      'docs/intro.md': '/docs/intro/',
      'posts/my-post/index.md': '/posts/my-post/',
    });
    expect(t.loaded.snapshot.site.pages.get('/docs/basics/')?.markdownUrl).toBe('/docs/basics/index.md');
  });

  it('answers the page and its markdown at the published URL, the other spellings with 308', async () => {
    expect(await hop(t, '/docs/basics/')).toStrictEqual([200, undefined]);
    expect(await hop(t, '/docs/basics/index.md', { accept: 'text/markdown' })).toStrictEqual([200, undefined]);
    expect(await hop(t, '/docs/basics')).toStrictEqual([308, '/docs/basics/']);
    expect(await hop(t, '/docs/basics.md', { accept: 'text/markdown' })).toStrictEqual([308, '/docs/basics/index.md']);
    expect(await hop(t, '/docs/basics/index.html')).toStrictEqual([308, '/docs/basics/']);
  });

  it('resolves relative links from the published URL, one level deeper than the file', async () => {
    expect(await hrefs(t, '/docs/basics/')).toStrictEqual(['/docs/intro/', '/', '/docs/basics/#top']);
    expect(await hrefs(t, '/docs/intro/')).toStrictEqual(['/docs/basics/']);
    expect(await hrefs(t, '/docs/')).toStrictEqual(['/docs/basics/', '/docs/intro/']);
    expect(await hrefs(t, '/posts/my-post/')).toStrictEqual(['/docs/basics/']);
  });

  it('serves markdown with the links resolved from the published URL', async () => {
    const res = await t.app.inject({ url: '/docs/basics/index.md', headers: { accept: 'text/markdown' } });
    expect(res.body).toContain(
      '[intro](http://sitegate.test/docs/intro/) [home](http://sitegate.test/) [same](http://sitegate.test/docs/basics/#top)\n\n' +
        '![Diagram](http://sitegate.test/docs/diagram.png)\n',
    );
  });

  it('serves an image beside the file at its own URL, so the page one level deeper still shows it', async () => {
    const body = (await t.app.inject({ url: '/docs/basics/', headers: { accept: 'text/html' } })).body;
    expect(body).toContain('<img src="/docs/diagram.png" alt="Diagram">');
  });

  it('lists a regular page in its section, not as a section of its own', () => {
    const docs = t.loaded.snapshot.site.folders.get('/docs/');
    expect(docs?.items.map((item) => item.url)).toStrictEqual(['/docs/basics/', '/docs/intro/']);
    expect(t.loaded.snapshot.site.folders.has('/docs/basics/')).toBe(false);
  });

  it('shows the page in its section’s sidebar as the current page, under its section in the breadcrumb', async () => {
    const body = (await t.app.inject({ url: '/docs/basics/', headers: { accept: 'text/html' } })).body;
    expect(body).toContain('<a href="/docs/basics/" aria-current="page">Basics</a>');
    expect(body).toMatch(
      /<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="\/">[^<]*<\/a><\/li><li><a href="\/docs\/">Docs<\/a><\/li><\/ol><\/nav>/,
    );
  });
});

// gohugo.io/configuration/ugly-urls/: "uglyURLs = true" → https://example.org/section/article.html.
describe('Hugo uglyURLs (gohugo.io/configuration/ugly-urls/)', async () => {
  const t = await app({
    'hugo.toml': 'title = "H"\n[uglyURLs]\nbooks = true\nfilms = false\n',
    'content/books/_index.md': '---\ntitle: Books\n---\n',
    'content/books/dune.md': '---\ntitle: Dune\n---\n[film](../films/dune/)\n',
    'content/films/dune.md': '---\ntitle: Dune film\n---\n',
  });

  it('serves an ugly page without extension (its .html answers 308), other sections pretty', async () => {
    expect(pageUrls(t)).toStrictEqual({ 'books/_index.md': '/books/', 'books/dune.md': '/books/dune', 'films/dune.md': '/films/dune/' });
    expect(await hop(t, '/books/dune.html')).toStrictEqual([308, '/books/dune']);
    expect(await hrefs(t, '/books/dune')).toStrictEqual(['/films/dune/']);
  });
});

// gohugo.io/configuration/permalinks/: `posts: /articles/:year/:month/:slug/`, `section.posts: /articles/`.
describe('Hugo permalinks (gohugo.io/configuration/permalinks/)', async () => {
  const t = await app({
    'hugo.toml':
      'title = "H"\n[permalinks]\n[permalinks.page]\nposts = "/articles/:year/:month/:slug/"\ntutorials = "/training/:slug/"\n[permalinks.section]\nposts = "/articles/"\n',
    'content/posts/_index.md': '---\ntitle: Posts\n---\n',
    'content/posts/bash-in-slow-motion.md': '---\ntitle: Bash in Slow Motion\ndate: 2023-03-15\n---\n',
    'content/posts/tls.md': '---\ntitle: TLS\ndate: 2024-11-02\nslug: tls-in-a-nutshell\n---\n',
    'content/tutorials/git-for-beginners.md': '---\ntitle: Git for Beginners\nurl: /git/\n---\n',
    'content/tutorials/legacy.md': '---\ntitle: Legacy\nurl: /old/legacy.html\n---\n',
  });

  it('publishes pages and sections by the pattern of their section; url wins', async () => {
    expect(pageUrls(t)).toStrictEqual({
      'posts/_index.md': '/articles/',
      'posts/bash-in-slow-motion.md': '/articles/2023/03/bash-in-slow-motion/',
      'posts/tls.md': '/articles/2024/11/tls-in-a-nutshell/',
      'tutorials/git-for-beginners.md': '/git/',
      // gohugo.io/content-management/urls/#url: a `url` with an extension names the file Hugo writes.
      'tutorials/legacy.md': '/old/legacy',
    });
    expect(await hop(t, '/posts/tls')).toStrictEqual([308, '/articles/2024/11/tls-in-a-nutshell/']);
    expect(await hop(t, '/old/legacy.html')).toStrictEqual([308, '/old/legacy']);
  });

  it('reads the flat form as page patterns and expands every documented token', () => {
    expect(hugoUrlConfigOf({ permalinks: { posts: '/:year/:title/' }, uglyURLs: true })).toStrictEqual({
      uglyUrls: true,
      pagePermalinks: { posts: '/:year/:title/' },
    });
    const facts = {
      sections: ['posts', 'go'],
      baseName: 'My-File',
      title: 'Hello, World!',
      slug: undefined,
      date: new Date('2024-02-05T00:00:00Z'),
      lowercase: true,
    };
    expect(
      expandPermalink(
        '/:year/:month/:monthname/:day/:weekday/:weekdayname/:yearday/:section/:sections/:title/:slug/:filename/:contentbasename/:slugorfilename/:unknown/',
        facts,
      ),
    ).toBe('/2024/02/February/05/1/Monday/36/posts/posts/go/hello-world/hello-world/My-File/My-File/My-File/:unknown/');
    expect(urlize('  Ünïcode  Title?! ', true)).toBe('ünïcode-title');
  });
});
