/**
 * URLs as each generator publishes them (content/conventions/urls.ts), every other spelling
 * answering one 308 to the canonical URL (content/redirects.ts through snapshot/lookup.ts), the
 * `redirects` setting, links in any spelling resolved in HTML and served markdown, and no redirect
 * that shows a private page exists. One small site per generator, through the real listener.
 */
import { describe, expect, it } from 'vitest';
import { issueKey, TEST_BASE_URL } from './helpers.js';
import { hop, hrefs, pageUrls, siteApp as app } from './url-sites.js';

describe('Docusaurus: number prefixes, id, slug, folder index, doc-root links', async () => {
  const t = await app({
    'docusaurus.config.js': "module.exports = { title: 'D' };\n",
    'content/intro.md': '# Intro\n\n[Store](api/Store.md#get) [step](01-basics/02-setup.md) [other](./guide/)\n',
    'content/01-basics/02-setup.md': '---\nid: install\n---\n# Setup\n',
    'content/01-basics/basics.md': '# Basics index\n',
    'content/guide/GettingStarted.md': '---\nslug: getting-started\n---\n# Start\n',
    'content/guide/index.md': '# Guide\n\n[up](../intro.md) [moved](GettingStarted.md)\n',
    'content/api/Store.md': '---\nslug: /reference/store\n---\n# Store\n',
    'content/api/deep/page.md': '# Deep\n\n[Store](api/Store.md)\n',
  });

  it('publishes each page at its Docusaurus URL', () => {
    expect(pageUrls(t)).toStrictEqual({
      'intro.md': '/intro',
      '01-basics/02-setup.md': '/basics/install',
      '01-basics/basics.md': '/basics/',
      'guide/GettingStarted.md': '/guide/getting-started',
      'guide/index.md': '/guide/',
      'api/Store.md': '/reference/store',
      'api/deep/page.md': '/api/deep/page',
    });
  });

  it.each([
    ['/01-basics/02-setup', '/basics/install'],
    ['/01-basics/basics', '/basics/'],
    ['/guide/GettingStarted', '/guide/getting-started'],
    ['/guide/GettingStarted.html', '/guide/getting-started'],
    ['/api/Store', '/reference/store'],
    ['/guide/index.html', '/guide/'],
    ['/reference/store/', '/reference/store'],
  ])('%s answers 308 to %s', async (from, to) => {
    expect(await hop(t, from)).toStrictEqual([308, to]);
  });

  it('keeps the markdown of a page at its canonical .md URL, and sends a former .md URL there', async () => {
    const res = await t.app.inject({ url: '/basics/install.md' });
    expect([res.statusCode, res.headers['content-type']]).toStrictEqual([200, 'text/markdown; charset=utf-8']);
    expect(await hop(t, '/01-basics/02-setup.md')).toStrictEqual([308, '/basics/install.md']);
  });

  it('resolves links beside the page, from the docs root and in URL form, in HTML and markdown', async () => {
    expect(await hrefs(t, '/intro')).toStrictEqual(['/reference/store#get', '/basics/install', '/guide/']);
    expect(await hrefs(t, '/api/deep/page')).toStrictEqual(['/reference/store']);
    expect(await hrefs(t, '/guide/')).toStrictEqual(['/intro', '/guide/getting-started']);
    const markdown = (await t.app.inject({ url: '/intro.md' })).body;
    expect(markdown).toContain(`[Store](${TEST_BASE_URL}/reference/store#get) [step](${TEST_BASE_URL}/basics/install)`);
  });
});

describe('Hugo: sections, bundles, lowercase, slug, url, aliases', async () => {
  const t = await app({
    'hugo.toml': 'title = "H"\n',
    'content/_index.md': '---\ntitle: Home\n---\nSee [/Functions/Append/](/functions/Append/) and [g](docs/Intro).\n',
    'content/Functions/_index.md': '---\ntitle: Functions\n---\n',
    'content/Functions/Append.md': '---\ntitle: Append\naliases: [/old/append/, older]\n---\n',
    'content/docs/Intro.md': '---\ntitle: Intro\nslug: Start-Here\n---\n',
    'content/commands/hugo_mod.md': '---\ntitle: hugo mod\nurl: /commands/hugo_mod/\n---\n',
    'content/bundle/index.md': '---\ntitle: Bundle\n---\n',
  });

  // Hugo publishes regular pages at pretty URLs with their trailing slash
  // (gohugo.io/content-management/urls/: `content/posts/post-1.md` → `/posts/post-1/`).
  it('publishes each page at its Hugo URL', () => {
    expect(pageUrls(t)).toStrictEqual({
      '_index.md': '/',
      'Functions/_index.md': '/functions/',
      'Functions/Append.md': '/functions/append/',
      'docs/Intro.md': '/docs/start-here/',
      'commands/hugo_mod.md': '/commands/hugo_mod/',
      'bundle/index.md': '/bundle/',
    });
  });

  it.each([
    ['/Functions/Append', '/functions/append/'],
    ['/functions/append', '/functions/append/'],
    ['/Functions/Append/', '/functions/append/'],
    ['/Functions/_index', '/functions/'],
    ['/old/append/', '/functions/append/'],
    ['/old/append', '/functions/append/'],
    ['/functions/older', '/functions/append/'],
    ['/docs/Intro', '/docs/start-here/'],
    ['/commands/hugo_mod', '/commands/hugo_mod/'],
    ['/bundle/index.html', '/bundle/'],
    ['/functions/append.md', '/functions/append/index.md'],
  ])('%s answers 308 to %s', async (from, to) => {
    expect(await hop(t, from)).toStrictEqual([308, to]);
  });

  it('keeps the query on a redirect, and answers 404 where nothing is', async () => {
    expect(await hop(t, '/Functions/Append?x=1')).toStrictEqual([308, '/functions/append/?x=1']);
    expect(await hop(t, '/functions/nothing')).toStrictEqual([404, undefined]);
  });

  it('resolves root-absolute links in any spelling and page paths from the root', async () => {
    expect(await hrefs(t, '/')).toStrictEqual(['/functions/append/', '/docs/start-here/']);
  });
});

describe('mdBook, VitePress, MkDocs, GitBook: .html links and spellings', async () => {
  const mdbook = await app({
    'book.toml': '[book]\ntitle = "B"\n',
    'content/SUMMARY.md': '# Summary\n\n- [One](ch01.md)\n- [Two](part/README.md)\n',
    'content/ch01.md': '# One\n\n[two](part/index.html) [self](ch01.html#x) [std](../std/index.html)\n',
    'content/part/README.md': '# Two\n\n[one](../ch01.md)\n',
  });
  const vitepress = await app({
    'content/.vitepress/config.mts': 'export default { title: "V" }\n',
    'content/index.md': '# Home\n\n[a](guide/a.html) [b](guide/a.md) [c](guide/a) [r](guide/README.md)\n',
    'content/guide/a.md': '# A\n',
    'content/guide/README.md': '# Readme\n',
  });

  it('serves mdBook README as the folder page; .html links and URLs resolve; links out of the book stay as written', async () => {
    expect(pageUrls(mdbook)).toStrictEqual({ 'ch01.md': '/ch01', 'part/README.md': '/part/' });
    expect(await hrefs(mdbook, '/ch01')).toStrictEqual(['/part/', '/ch01#x', '../std/index.html']);
    expect(await hop(mdbook, '/ch01.html')).toStrictEqual([308, '/ch01']);
    expect(await hop(mdbook, '/part/index.html')).toStrictEqual([308, '/part/']);
    expect(await hop(mdbook, '/part/README.md')).toStrictEqual([308, '/part/index.md']);
  });

  it('serves VitePress index.md as the folder page and README.md as a page; .html, .md and clean links resolve', async () => {
    expect(pageUrls(vitepress)).toStrictEqual({ 'index.md': '/', 'guide/a.md': '/guide/a', 'guide/README.md': '/guide/README' });
    expect(await hrefs(vitepress, '/')).toStrictEqual(['/guide/a', '/guide/a', '/guide/a', '/guide/README']);
    expect(await hop(vitepress, '/guide/a.html')).toStrictEqual([308, '/guide/a']);
    expect(await hop(vitepress, '/index.html')).toStrictEqual([308, '/']);
  });
});

describe('Starlight: slugified paths and slug', async () => {
  const t = await app({
    'astro.config.mjs': "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S' })] };\n",
    'content/index.mdx': '# Home\n',
    'content/Guides/Getting Started.md': '# Start\n',
    'content/ref/config.md': '---\ntitle: Config\nslug: reference/configuration\n---\n',
  });

  it('publishes each page at its Starlight URL; the file-name URL answers 308', async () => {
    expect(pageUrls(t)).toStrictEqual({
      'index.mdx': '/',
      'Guides/Getting Started.md': '/guides/getting-started',
      'ref/config.md': '/reference/configuration',
    });
    expect(await hop(t, '/Guides/Getting%20Started')).toStrictEqual([308, '/guides/getting-started']);
    expect(await hop(t, '/ref/config')).toStrictEqual([308, '/reference/configuration']);
  });
});

describe('the redirects setting and private pages', async () => {
  const t = await app(
    {
      'content/index.md': '# Home\n',
      'content/new.md': '# New\n',
      'content/secret.md': '---\naccess: internal\nredirect_from: [/old-secret]\n---\n# Secret\n',
      'content/internal/plan.md': '---\nredirect_from: [/internal/old-plan]\n---\n# Plan\n',
    },
    { redirects: { '/old': '/new.md', '/away': 'https://example.org/x', '/gone-secret': '/secret' } },
  );

  it('answers 308 from a moved page to its new URL, read in any spelling, or to an external URL', async () => {
    expect(await hop(t, '/old')).toStrictEqual([308, '/new']);
    expect(await hop(t, '/away?q=1')).toStrictEqual([308, 'https://example.org/x?q=1']);
  });

  it('answers a former URL of a private page as a missing page to whoever may not read it, 308 to whoever may', async () => {
    const reader = { 'x-api-key': (await issueKey(t.context, ['content:read', 'internal:read'])).apiKey };
    const other = await issueKey(t.context, ['content:read']);
    for (const url of ['/old-secret', '/gone-secret', '/secret/']) {
      expect(await hop(t, url), url).toStrictEqual([404, undefined]);
      expect(await hop(t, url, { 'x-api-key': other.apiKey }), url).toStrictEqual([404, undefined]);
      expect(await hop(t, url, reader), url).toStrictEqual([308, '/secret']);
    }
    // In the internal zone every path answers 401 without a credential, redirect or not.
    expect(await hop(t, '/internal/old-plan')).toStrictEqual([401, undefined]);
    expect(await hop(t, '/internal/nothing')).toStrictEqual([401, undefined]);
    expect(await hop(t, '/internal/old-plan', reader)).toStrictEqual([308, '/internal/plan']);
  });
});
