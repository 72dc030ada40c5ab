/**
 * Each generator's conventions on a small site of its own: the generator recognised from its
 * files, the nav in the declared order under the declared labels, page titles by the generator's
 * rule, the site title from its config, llms.txt in nav order, and the files it never publishes
 * answering 404. Plus the `conventions` and `nav` settings.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isFolder, navLabel, type Folder } from '../src/content/folders.js';
import { loadSnapshot, type LoadedSnapshot, type Snapshot } from '../src/snapshot/snapshot.js';
import type { ConventionsOptions } from '../src/content/conventions/index.js';
import { renderPageContent } from '../src/content/page-content.js';
import { resolvePath } from '../src/snapshot/lookup.js';
import { removeDir, TEST_BASE_URL, writeContent } from './helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

/** Builds the site whose generator files are `files` (config at the top, pages under `content/`). */
function load(files: Record<string, string>, options: ConventionsOptions = {}): LoadedSnapshot {
  const dir = writeContent(files);
  dirs.push(dir);
  return loadSnapshot(path.join(dir, 'content'), { baseUrl: TEST_BASE_URL, parallel: false, ...options });
}

function site(files: Record<string, string>, options: ConventionsOptions = {}): Snapshot {
  return load(files, options).snapshot;
}

/** The nav as lines `label url`, indented by depth; a folder's entries follow it. */
function outline(snapshot: Snapshot): string[] {
  const lines: string[] = [];
  const walk = (folder: Folder, depth: number): void => {
    for (const item of folder.items) {
      lines.push(`${'  '.repeat(depth)}${navLabel(item)} ${item.url}`);
      if (isFolder(item)) walk(item, depth + 1);
    }
  };
  walk(snapshot.site.folders.get('/') as Folder, 0);
  return lines;
}

/** Page URLs in llms.txt, in order (not the API section's link to the portal's markdown). */
function llmsUrls(snapshot: Snapshot): string[] {
  const text = snapshot.discovery.llmsTxt.bytes.toString('utf8');
  return [...text.matchAll(/\]\(http:\/\/sitegate\.test([^)]*\.md)\)/g)]
    .map((match) => match[1] as string)
    .filter((url) => url !== '/developers.md');
}

const titles = (snapshot: Snapshot): Record<string, string> =>
  Object.fromEntries([...snapshot.site.pages.values()].map((page) => [page.url, page.title]));

describe('mdBook: book.toml + SUMMARY.md', () => {
  const snapshot = site({
    'book.toml': '[book]\ntitle = "The Book"\ndescription = "A book about things."\n',
    'content/SUMMARY.md':
      '# Summary\n\n[Foreword](foreword.md)\n\n- [Getting `Started`](ch01.md)\n  - [Install \\& Run](ch01-01.md)\n- [Zebra](ch02.md)\n- [Draft]()\n',
    'content/foreword.md': 'No heading here.\n',
    'content/ch01.md': '# Chapter One H1\n',
    'content/ch01-01.md': '## Install\n',
    'content/ch02.md': '# Zebra\n',
    'content/stray.md': '# Not in the summary\n',
    'content/404.md': '# Lost\n\nThis page is *gone*.\n',
  });

  it('recognises mdBook and takes the title and description from book.toml', () => {
    expect(snapshot.site.generator).toEqual({ name: 'mdbook', detectedBy: '../book.toml + SUMMARY.md' });
    expect(snapshot.site.name).toBe('The Book');
    expect(snapshot.discovery.llmsTxt.bytes.toString('utf8').split('\n').slice(0, 3)).toEqual(['# The Book', '', '> A book about things.']);
  });

  it('orders and titles the chapters as SUMMARY.md does, labels as plain text', () => {
    // The nav nests as SUMMARY.md's lists do (issue 31): Install & Run is Getting Started's sub-chapter.
    expect(outline(snapshot)).toEqual(['Foreword /foreword', 'Getting Started /ch01', '  Install & Run /ch01-01', 'Zebra /ch02']);
    expect(titles(snapshot)).toEqual({
      '/foreword': 'Foreword',
      '/ch01': 'Getting Started',
      '/ch01-01': 'Install & Run',
      '/ch02': 'Zebra',
    });
    expect(llmsUrls(snapshot)).toEqual(['/foreword.md', '/ch01.md', '/ch01-01.md', '/ch02.md']);
  });

  it('links each page to the previous and next in that order', () => {
    const pageNav = (key: string): string => {
      const html = snapshot.pages.get(key)?.html.bytes.toString('utf8') ?? '';
      return html.slice(html.indexOf('<nav class="page-nav"'), html.indexOf('</footer>'));
    };
    expect(pageNav('/ch01')).toBe(
      '<nav class="page-nav" aria-label="Previous and next page"><a class="page-nav-prev" rel="prev" href="/foreword"><span class="page-nav-label">Previous</span> <span class="page-nav-title">Foreword</span></a><a class="page-nav-next" rel="next" href="/ch01-01"><span class="page-nav-label">Next</span> <span class="page-nav-title">Install &amp; Run</span></a></nav>\n',
    );
    expect(pageNav('/foreword')).toBe(
      '<nav class="page-nav" aria-label="Previous and next page"><a class="page-nav-next" rel="next" href="/ch01"><span class="page-nav-label">Next</span> <span class="page-nav-title">Getting Started</span></a></nav>\n',
    );
  });

  it('publishes neither SUMMARY.md nor a file it does not link; 404.md becomes the 404 page', () => {
    expect([...snapshot.site.pages.keys()].sort()).toEqual(['/ch01', '/ch01-01', '/ch02', '/foreword']);
    expect(snapshot.notFoundHtml.bytes.toString('utf8')).toContain('<h1>Lost</h1>\n<p>This page is gone.</p>');
  });
});

describe('GitBook: SUMMARY.md with groups', () => {
  const snapshot = site({
    'content/.gitbook.yaml': 'root: ./\n',
    'content/SUMMARY.md':
      '# Table of contents\n\n## Start Here\n\n* [Welcome](README.md)\n* [Zed](start/zed.md)\n* [Alpha](start/alpha.md)\n\n## API Docs\n\n* [Reference](api/README.md)\n  * [Keys](api/keys.md)\n',
    'content/README.md': '# Welcome\n',
    'content/start/zed.md': '# Zed\n',
    'content/start/alpha.md': '# Alpha\n',
    'content/api/README.md': '# Reference\n',
    'content/api/keys.md': '# Keys\n',
    'content/start/stale-copy.md': '# Stale\n',
  });

  it('names folders by their SUMMARY group, in SUMMARY order', () => {
    expect(snapshot.site.generator.name).toBe('gitbook');
    expect(snapshot.site.name).toBe('Welcome');
    // The nav is SUMMARY.md's (issue 31): each `## Group` holds its pages whatever their folders
    // (Welcome is the root README), and Keys nests under Reference, the chapter whose list holds it.
    expect(outline(snapshot)).toEqual([
      'Start Here /',
      '  Welcome /',
      '  Zed /start/zed',
      '  Alpha /start/alpha',
      'API Docs /api/',
      '  Reference /api/',
      '    Keys /api/keys',
    ]);
    expect(llmsUrls(snapshot)).toEqual(['/index.md', '/start/zed.md', '/start/alpha.md', '/api/index.md', '/api/keys.md']);
  });

  it('does not publish pages SUMMARY.md leaves out', () => {
    expect(snapshot.site.pages.has('/start/stale-copy')).toBe(false);
    expect(snapshot.site.pages.has('/SUMMARY')).toBe(false);
  });
});

describe('MkDocs: mkdocs.yml nav', () => {
  const snapshot = site({
    'mkdocs.yml':
      'site_name: My Docs\nsite_description: Docs of mine.\ntheme:\n  name: material\nextra:\n  key: !ENV KEY\nnav:\n  - Home: index.md\n  - Setup:\n    - setup/index.md\n    - Zeta setup: setup/zeta.md\n    - setup/alpha.md\n  - About: about.md\n  - GitHub: https://github.com/x\n',
    'content/index.md': '# Home page\n',
    'content/setup/index.md': '# Setting up\n',
    'content/setup/zeta.md': '# Zeta H1\n',
    'content/setup/alpha.md': '---\ntitle: Alpha from frontmatter\n---\n',
    'content/about.md': '# About H1\n',
    'content/extra.md': '# Not in nav\n',
  });

  it('orders by nav, titles by nav titles, then frontmatter, then H1; pages not in nav follow', () => {
    expect(snapshot.site.name).toBe('My Docs');
    expect(outline(snapshot)).toEqual([
      'Setup /setup/',
      '  Zeta setup /setup/zeta',
      '  Alpha from frontmatter /setup/alpha',
      'About /about',
      'Not in nav /extra',
    ]);
    expect(titles(snapshot)['/']).toBe('Home');
    expect(titles(snapshot)['/extra']).toBe('Not in nav');
  });
});

describe('Docusaurus: sidebars.js, _category_.json, sidebar_position, partials', () => {
  const { snapshot, problems } = load({
    'docusaurus.config.ts':
      "import type {Config} from '@docusaurus/types';\nconst config: Config = { title: 'Redux-ish', tagline: 'State, managed.' };\nexport default config;\n",
    'sidebars.js':
      "module.exports = { docs: { Basics: ['basics/intro', { type: 'doc', id: 'basics/second', label: 'Step Two' }], 'API Reference': [{ type: 'autogenerated', dirName: 'api' }, someComputedThing()] } };\n",
    'content/basics/Intro.md': '---\nid: intro\ntitle: Introduction\n---\n',
    'content/basics/second.md': '---\ntitle: Second\n---\n',
    'content/api/_category_.json': '{ "label": "API", "position": 1 }',
    'content/api/zeta.md': '---\ntitle: Zeta\nsidebar_position: 1\nsidebar_label: Z\n---\n',
    'content/api/alpha.md': '---\ntitle: Alpha\n---\n',
    'content/api/beta.md': '---\ntitle: Beta\n---\n',
    'content/_partial.md': '# Partial\n',
    'content/api/_shared/bit.md': '# Bit\n',
  });

  it('reads the config and sidebars as literals, never running them, and says what it could not read', () => {
    expect(snapshot.site.name).toBe('Redux-ish');
    expect(snapshot.site.description).toBe('State, managed.');
    expect(problems).toEqual([
      {
        severity: 'warning',
        file: '../sidebars.js',
        message: 'line 1: not a literal, its items follow frontmatter and file order: someComputedThing()',
      },
    ]);
  });

  it('orders by the sidebar, then sidebar_position, then file name; labels from the sidebar and frontmatter', () => {
    expect(outline(snapshot)).toEqual([
      'Basics /basics/',
      '  Introduction /basics/intro',
      '  Step Two /basics/second',
      'API /api/',
      '  Z /api/zeta',
      '  Alpha /api/alpha',
      '  Beta /api/beta',
    ]);
  });

  it('never publishes partials', () => {
    expect(snapshot.site.pages.has('/_partial')).toBe(false);
    expect(snapshot.site.pages.has('/api/_shared/bit')).toBe(false);
  });
});

describe('Hugo: weight, linkTitle, sections, headless and build.render', () => {
  const snapshot = site({
    'hugo.toml': 'title = "Hugo Site"\n[params]\ndescription = "Fast."\n',
    'content/docs/_index.md': '---\ntitle: Documentation\nlinkTitle: Docs\nweight: 2\n---\n',
    'content/docs/b.md': '---\ntitle: Bee page\nweight: 20\n---\n',
    'content/docs/a.md': '---\ntitle: Ay page\nlinkTitle: Ay\nweight: 10\n---\n',
    'content/docs/c.md': '---\ntitle: Cee page\n---\n',
    'content/about/_index.md': '---\ntitle: About\nweight: 1\n---\n',
    'content/about/team.md': '---\ntitle: Team\n---\n',
    'content/_common/_index.md': '---\ncascade:\n  build:\n    render: never\n    list: never\n---\n',
    'content/_common/snippet.md': 'A snippet.\n',
    'content/glossary/_index.md': '---\ntitle: Glossary\nbuild:\n  render: always\ncascade:\n  - build:\n      render: never\n---\n',
    'content/glossary/term.md': '---\ntitle: Term\n---\n',
    'content/bundle/index.md': '---\ntitle: Bundle\nheadless: true\n---\n',
    'content/leaf/index.md': '---\ntitle: Leaf\n---\n',
    'content/leaf/resource.md': '---\ntitle: Resource\n---\n',
  });

  it('orders sections and pages by weight, then title, under their linkTitle', () => {
    expect(snapshot.site.name).toBe('Hugo Site');
    expect(outline(snapshot).filter((line) => !line.includes('_index'))).toEqual([
      'About /about/',
      '  Team /about/team/',
      'Docs /docs/',
      '  Ay /docs/a/',
      '  Bee page /docs/b/',
      '  Cee page /docs/c/',
      'Glossary /glossary/',
      'Leaf /leaf/',
    ]);
  });

  it('does not publish headless bundles, cascaded render: never, or a leaf bundle’s markdown resources', () => {
    const keys = [...snapshot.site.pages.keys()];
    expect(keys.filter((key) => /_common|bundle|term|resource/.test(key))).toEqual([]);
    expect(keys).toContain('/glossary/');
  });
});

describe('Starlight: astro.config sidebar, sidebar.order/label/hidden, 404.md', () => {
  const snapshot = site({
    'astro.config.mjs':
      "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\nexport default defineConfig({ integrations: [starlight({ title: 'Stars', description: 'Shiny.', sidebar: [ { label: 'Start Here', items: ['start', { label: 'Why us', slug: 'why' }] }, { label: 'Guides', autogenerate: { directory: 'guides' } } ] })] });\n",
    'content/index.md': '---\ntitle: Home\n---\n',
    'content/start.md': '---\ntitle: Getting started\n---\n',
    'content/why.md': '---\ntitle: Why\n---\n',
    'content/guides/b.md': '---\ntitle: Bee\n---\n',
    'content/guides/a.md': '---\ntitle: Ay\n---\n',
    'content/guides/z.md': '---\ntitle: Zed\nsidebar:\n  order: 1\n  label: First\n---\n',
    'content/guides/secret.md': '---\ntitle: Secret\nsidebar:\n  hidden: true\n---\n',
    'content/404.md': '---\ntitle: Not found\nhero:\n  tagline: <strong>Houston, we have a problem.</strong> We could not find it.\n---\n',
    'content/_draft.md': '---\ntitle: Underscored\n---\n',
  });

  it('orders by the config, then sidebar.order, then file path, and hides sidebar.hidden pages from the nav only', () => {
    expect(snapshot.site.name).toBe('Stars');
    expect(outline(snapshot)).toEqual([
      'Getting started /start',
      'Why us /why',
      'Guides /guides/',
      '  First /guides/z',
      '  Ay /guides/a',
      '  Bee /guides/b',
    ]);
    expect(snapshot.site.pages.has('/guides/secret')).toBe(true);
    expect(llmsUrls(snapshot)).toEqual([
      '/index.md',
      '/start.md',
      '/why.md',
      '/guides/z.md',
      '/guides/a.md',
      '/guides/b.md',
      '/guides/secret.md',
    ]);
  });

  it('does not publish 404.md or _-prefixed files, and says 404.md’s words on its 404 page', () => {
    expect(snapshot.site.pages.has('/404')).toBe(false);
    expect(snapshot.site.pages.has('/_draft')).toBe(false);
    const html = snapshot.notFoundHtml.bytes.toString('utf8');
    expect(html).toContain('<h1>Not found</h1>\n<p>Houston, we have a problem. We could not find it.</p>');
  });
});

describe('VitePress: themeConfig.sidebar in .vitepress/config.ts', () => {
  const snapshot = site({
    'content/.vitepress/config.ts':
      "import { defineConfig } from 'vitepress'\nconst extra = compute()\nconst config = defineConfig({ title: `Vite${extra}`, description: 'Tooling', themeConfig: { nav: [{ text: 'Guide', link: '/guide/' }], sidebar: { '/guide/': [ { text: 'Intro', items: [ { text: 'Start', link: '/guide/' }, { text: 'Why', link: '/guide/why.md' } ] }, { text: 'More', items: [ { text: 'Features', link: '/guide/features.html' } ] } ] } } })\nexport default extendConfig(config)\n",
    'content/index.md': '# Vite\n',
    'content/guide/index.md': '# Getting Started\n',
    'content/guide/why.md': '# Why Vite\n',
    'content/guide/features.md': '# Features\n',
    'content/guide/api.md': '# API\n',
  });

  it('orders and labels by the sidebar, names the folder by the nav, and skips the computed title', () => {
    expect(snapshot.site.name).toBe('Vite');
    expect(snapshot.site.description).toBe('Tooling');
    expect(outline(snapshot)).toEqual(['Guide /guide/', '  Why /guide/why', '  Features /guide/features', '  API /guide/api']);
    expect(titles(snapshot)['/guide/why']).toBe('Why Vite');
  });
});

// vitepress.dev/guide/routing#route-rewrites: pages published at their rewritten paths, relative
// links read from those paths ("relative links should be based on the rewritten paths").
describe('VitePress: rewrites in .vitepress/config.ts', () => {
  const snapshot = site({
    'content/.vitepress/config.ts':
      "export default {\n  rewrites: {\n    'packages/pkg-a/src/index.md': 'pkg-a/index.md',\n    'packages/:pkg/src/:slug*': ':pkg/:slug*',\n  },\n" +
      "  themeConfig: { sidebar: [{ text: 'Packages', items: [{ text: 'Bar', link: '/pkg-b/bar' }, { text: 'Foo', link: '/pkg-a/foo' }] }] },\n}\n",
    'content/index.md': '# Home\n\n[Foo](./packages/pkg-a/src/foo.md)\n',
    'content/guide/intro.md': '# Intro\n\n[Foo](../pkg-a/foo.md)\n',
    'content/packages/pkg-a/src/index.md': '# Package A\n',
    'content/packages/pkg-a/src/foo.md': '# Foo\n\n[Bar](../pkg-b/bar), [A](./index.md) and [its file](../../pkg-b/src/bar.md#x)\n',
    'content/packages/pkg-b/src/bar.md': '# Bar\n',
  });
  const urls = (): Record<string, [string, string]> =>
    Object.fromEntries([...snapshot.site.pages.values()].map((page) => [page.file, [page.url, page.markdownUrl]]));
  const served = (url: string): { markdown: string; html: string } => {
    const page = snapshot.site.pages.get(url);
    if (page === undefined) throw new Error(`no page at ${url}`);
    const content = renderPageContent(snapshot.site, page, TEST_BASE_URL, { highlight: null });
    return { markdown: content.markdown, html: content.bodyHtml };
  };
  const hop = (requestPath: string): string | undefined => {
    const resolution = resolvePath(snapshot, requestPath);
    return resolution.kind === 'redirect' ? resolution.location : undefined;
  };

  it('serves each page at its rewritten path, the file-based URL answering 308', () => {
    expect(urls()).toStrictEqual({
      'index.md': ['/', '/index.md'],
      'guide/intro.md': ['/guide/intro', '/guide/intro.md'],
      'packages/pkg-a/src/index.md': ['/pkg-a/', '/pkg-a/index.md'],
      'packages/pkg-a/src/foo.md': ['/pkg-a/foo', '/pkg-a/foo.md'],
      'packages/pkg-b/src/bar.md': ['/pkg-b/bar', '/pkg-b/bar.md'],
    });
    expect(snapshot.site.problems).toStrictEqual([]);
    expect(['/packages/pkg-a/src/foo', '/packages/pkg-a/src/', '/packages/pkg-b/src/bar.md', '/pkg-a/foo'].map(hop)).toStrictEqual([
      '/pkg-a/foo',
      '/pkg-a/',
      '/pkg-b/bar.md',
      undefined,
    ]);
  });

  it('reads relative links from the rewritten path, and a link to a moved file lands on its page', () => {
    expect(served('/pkg-a/foo')).toStrictEqual({
      markdown: `# Foo\n\n[Bar](${TEST_BASE_URL}/pkg-b/bar), [A](${TEST_BASE_URL}/pkg-a/) and [its file](${TEST_BASE_URL}/pkg-b/bar#x)\n`,
      html: '<h1 id="foo">Foo</h1>\n<p><a href="/pkg-b/bar">Bar</a>, <a href="/pkg-a/">A</a> and <a href="/pkg-b/bar#x">its file</a></p>\n',
    });
    expect(served('/').html).toBe('<h1 id="home">Home</h1>\n<p><a href="/pkg-a/foo">Foo</a></p>\n');
    expect(served('/guide/intro').html).toBe('<h1 id="intro">Intro</h1>\n<p><a href="/pkg-a/foo">Foo</a></p>\n');
  });

  it('lists the rewritten URLs in the nav, the sitemap, search and llms.txt', () => {
    expect(outline(snapshot)).toStrictEqual([
      'Pkg b /pkg-b/',
      '  Bar /pkg-b/bar',
      'Package A /pkg-a/',
      '  Foo /pkg-a/foo',
      'Guide /guide/',
      '  Intro /guide/intro',
    ]);
    const sitemap = snapshot.discovery.sitemap.bytes.toString('utf8');
    const pageUrls = ['/', '/guide/intro', '/pkg-a/', '/pkg-a/foo', '/pkg-b/bar'];
    expect([...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])).toStrictEqual(
      pageUrls.map((url) => `${TEST_BASE_URL}${url}`),
    );
    expect(snapshot.search.publicDocuments.map((document) => document.path)).toStrictEqual(pageUrls);
    expect(llmsUrls(snapshot)).toStrictEqual(['/index.md', '/pkg-b/bar.md', '/pkg-a/index.md', '/pkg-a/foo.md', '/guide/intro.md']);
  });
  it('keeps a page of the internal zone internal wherever a rewrite moves it, and out of every public listing', () => {
    const moved = site({
      'content/.vitepress/config.ts': "export default { rewrites: { 'internal/:slug*': 'public/:slug*' } }\n",
      'content/index.md': '# Home\n',
      'content/internal/secret.md': '# Secret\n',
    });
    const page = moved.site.pages.get('/public/secret');
    expect([page?.file, page?.kind]).toStrictEqual(['internal/secret.md', 'internal']);
    expect(moved.site.publicPages.map((one) => one.url)).toStrictEqual(['/']);
    expect(moved.discovery.sitemap.bytes.toString('utf8')).not.toContain('secret');
  });
});

describe('plain folders and the conventions setting', () => {
  const files = {
    'mkdocs.yml': 'site_name: Named\nnav:\n  - b.md\n  - a.md\n',
    'content/a.md': '---\ntitle: Ay\nweight: 2\n---\n',
    'content/b.md': '---\ntitle: Bee\nweight: 1\n---\n',
    'content/c.md': '---\ntitle: Cee\nnav_label: See\n---\n',
  };

  it('orders a plain folder by weight, then title, under nav_label', () => {
    const snapshot = site(files, { conventions: 'plain' });
    expect(snapshot.site.generator).toEqual({ name: 'plain', detectedBy: 'the conventions setting' });
    expect(outline(snapshot)).toEqual(['Bee /b', 'Ay /a', 'See /c']);
  });

  it('takes the nav setting for a plain folder', () => {
    const snapshot = site(files, { conventions: 'plain', nav: ['c.md', { 'The A': 'a.md' }] });
    expect(outline(snapshot)).toEqual(['See /c', 'The A /a', 'Bee /b']);
  });

  it('names the generator when the setting gives one', () => {
    const snapshot = site(files, { conventions: 'mkdocs' });
    expect(snapshot.site.generator).toEqual({ name: 'mkdocs', detectedBy: 'the conventions setting (mkdocs)' });
    expect(outline(snapshot)).toEqual(['Bee /b', 'Ay /a', 'Cee /c']);
  });
});
