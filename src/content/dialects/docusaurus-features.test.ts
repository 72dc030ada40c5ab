/**
 * The Docusaurus rows of the dialect feature table (features/docusaurus.ts): for each row, a
 * fixture written from the documentation page it names (quoting the page's own example where it
 * has one), with the exact markdown agents get and the exact HTML. Rows read from a site's files
 * (partials, `<DocCardList>`) use a temporary site; the sidebar rows build the site with the real
 * loader and assert the nav's HTML and the llms.txt agents read it from.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import { buildLlmsFiles } from '../../discovery/llms.js';
import { renderNavTree } from '../../layout/nav-tree.js';
import { loadSnapshot } from '../../snapshot/snapshot.js';
import { TEST_BASE_URL } from '../../../test/helpers.js';
import { docusaurusHighlightComments } from './docusaurus-code.js';
import { featuresOf } from './features.js';
import { docusaurusFeatures } from './features/docusaurus.js';
import { siteFilesOf } from './site-files.js';
import { dialect, writeSite } from './test-support.js';
import { pageOutput, type PageFixture } from './row-fixtures.js';
import { expectLinearTime } from '../../../test/linear-time.js';

const DOCS = 'https://docusaurus.io/docs';

const PAGE_FIXTURES: PageFixture[] = [
  {
    id: 'docusaurus.admonitions',
    doc: `${DOCS}/markdown-features/admonitions`,
    name: 'an admonition with a [title], a legacy title after a space, and nesting with more colons',
    source:
      ':::tip[My title]\n\nSome **content** with _Markdown_ `syntax`.\n\n:::\n\n:::note Your Title\n\nSome content\n\n:::\n\n' +
      ':::::info Parent\n\nParent content\n\n::::danger Child\n\nChild content\n\n:::tip Deep Child\n\nDeep child content\n\n:::\n\n::::\n\n:::::\n',
    agents:
      '> [!TIP]\n> **My title**\n>\n> Some **content** with _Markdown_ `syntax`.\n\n> [!NOTE]\n> **Your Title**\n>\n> Some content\n\n> [!NOTE]\n> **Parent**\n>\n> Parent content\n>\n> > [!CAUTION]\n> > **Child**\n> >\n> > Child content\n> >\n> > > [!TIP]\n> > > **Deep Child**\n> > >\n> > > Deep child content\n',
    html: '<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p><strong>My title</strong></p>\n<p>Some <strong>content</strong> with <em>Markdown</em> <code>syntax</code>.</p>\n</div>\n<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Your Title</strong></p>\n<p>Some content</p>\n</div>\n<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Parent</strong></p>\n<p>Parent content</p>\n<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p><strong>Child</strong></p>\n<p>Child content</p>\n<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p><strong>Deep Child</strong></p>\n<p>Deep child content</p>\n</div>\n</div>\n</div>\n',
  },
  {
    id: 'docusaurus.admonitions',
    doc: `${DOCS}/markdown-features/admonitions#usage-in-jsx`,
    name: '<Admonition type="tip" title="…"> is the same alert',
    relPath: 'jsx.mdx',
    source:
      'import Admonition from \'@theme/Admonition\';\n\n<Admonition type="tip" title="My Title">\n  Use plugins to introduce shorter syntax.\n</Admonition>\n',
    agents: '> [!TIP]\n> **My Title**\n>\n> Use plugins to introduce shorter syntax.\n\n',
    html: '<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p><strong>My Title</strong></p>\n<p>Use plugins to introduce shorter syntax.</p>\n</div>\n',
  },
  {
    id: 'docusaurus.tabs',
    doc: `${DOCS}/markdown-features/tabs`,
    name: 'every tab shown, labelled, in order: TabItem label and default, the values prop, groupId choosing nothing',
    relPath: 'tabs.mdx',
    source:
      'import Tabs from \'@theme/Tabs\';\nimport TabItem from \'@theme/TabItem\';\n\n<Tabs>\n  <TabItem value="apple" label="Apple" default>\n    This is an apple 🍎\n  </TabItem>\n  <TabItem value="orange" label="Orange">\n    This is an orange 🍊\n  </TabItem>\n</Tabs>\n\n' +
      '<Tabs\n  groupId="fruit"\n  defaultValue="banana"\n  values={[\n    {label: \'Apple\', value: \'apple\'},\n    {label: \'Banana\', value: \'banana\'},\n  ]}>\n  <TabItem value="apple">This is an apple 🍎</TabItem>\n  <TabItem value="banana">This is a banana 🍌</TabItem>\n</Tabs>\n',
    agents:
      '**Apple**\n\nThis is an apple 🍎\n\n**Orange**\n\nThis is an orange 🍊\n\n**Apple**\n\nThis is an apple 🍎\n\n**Banana**\n\nThis is a banana 🍌\n\n',
    html: '<p><strong>Apple</strong></p>\n<p>This is an apple 🍎</p>\n<p><strong>Orange</strong></p>\n<p>This is an orange 🍊</p>\n<p><strong>Apple</strong></p>\n<p>This is an apple 🍎</p>\n<p><strong>Banana</strong></p>\n<p>This is a banana 🍌</p>\n',
    check: [
      'dialect features used (support, feature, pages, documentation):',
      `  partial    docusaurus.tabs     1 page  ${DOCS}/markdown-features/tabs`,
      '             Every tab is shown, labelled, in order; `groupId`, `queryString` and the default tab choose nothing in a page read whole.',
    ],
  },
  {
    id: 'docusaurus.code-title',
    doc: `${DOCS}/markdown-features/code-blocks#code-title`,
    name: 'the title is a caption; showLineNumbers draws no numbers and stays in the info string',
    source:
      '```jsx title="/src/components/HelloCodeTitle.js"\nfunction HelloCodeTitle(props) {\n  return <h1>Hello, {props.name}</h1>;\n}\n```\n\n' +
      "```jsx showLineNumbers\nimport React from 'react';\n\nexport default function MyComponent(props) {\n  return <div>Foo</div>;\n}\n```\n",
    agents:
      '```jsx title="/src/components/HelloCodeTitle.js"\nfunction HelloCodeTitle(props) {\n  return <h1>Hello, {props.name}</h1>;\n}\n```\n\n```jsx showLineNumbers\nimport React from \'react\';\n\nexport default function MyComponent(props) {\n  return <div>Foo</div>;\n}\n```\n',
    html: '<figure class="code-block"><figcaption class="code-title">/src/components/HelloCodeTitle.js</figcaption><pre tabindex="0"><code class="language-jsx">function HelloCodeTitle(props) {\n  return &lt;h1&gt;Hello, {props.name}&lt;/h1&gt;;\n}\n</code></pre></figure>\n<pre tabindex="0"><code class="language-jsx">import React from \'react\';\n\nexport default function MyComponent(props) {\n  return &lt;div&gt;Foo&lt;/div&gt;;\n}\n</code></pre>\n',
  },
  {
    id: 'docusaurus.code-highlight-metastring',
    doc: `${DOCS}/markdown-features/code-blocks#highlighting-with-metadata-string`,
    name: '{1,4-6,11} highlights those lines',
    source:
      "```jsx {1,4-6,11}\nimport React from 'react';\n\nfunction MyComponent(props) {\n  if (props.isBar) {\n    return <div>Bar</div>;\n  }\n\n  return <div>Foo</div>;\n}\n\nexport default MyComponent;\n```\n",
    agents:
      "```jsx {1,4-6,11}\nimport React from 'react';\n\nfunction MyComponent(props) {\n  if (props.isBar) {\n    return <div>Bar</div>;\n  }\n\n  return <div>Foo</div>;\n}\n\nexport default MyComponent;\n```\n",
    html: '<pre tabindex="0"><code class="language-jsx"><span class="line highlighted">import React from \'react\';</span>\n<span class="line"></span>\n<span class="line">function MyComponent(props) {</span>\n<span class="line highlighted">  if (props.isBar) {</span>\n<span class="line highlighted">    return &lt;div&gt;Bar&lt;/div&gt;;</span>\n<span class="line highlighted">  }</span>\n<span class="line"></span>\n<span class="line">  return &lt;div&gt;Foo&lt;/div&gt;;</span>\n<span class="line">}</span>\n<span class="line"></span>\n<span class="line highlighted">export default MyComponent;</span>\n</code></pre>\n',
  },
  {
    id: 'docusaurus.code-highlight-comments',
    doc: `${DOCS}/markdown-features/code-blocks#highlighting-with-comments`,
    name: 'highlight-next-line and highlight-start/end leave the code and become the highlighted lines',
    source:
      "```js\nfunction HighlightSomeText(highlight) {\n  if (highlight) {\n    // highlight-next-line\n    return 'This text is highlighted!';\n  }\n\n  return 'Nothing highlighted';\n}\n\nfunction HighlightMoreText(highlight) {\n  // highlight-start\n  if (highlight) {\n    return 'This range is highlighted!';\n  }\n  // highlight-end\n\n  return 'Nothing highlighted';\n}\n```\n",
    agents:
      "```js {3,10-12}\nfunction HighlightSomeText(highlight) {\n  if (highlight) {\n    return 'This text is highlighted!';\n  }\n\n  return 'Nothing highlighted';\n}\n\nfunction HighlightMoreText(highlight) {\n  if (highlight) {\n    return 'This range is highlighted!';\n  }\n\n  return 'Nothing highlighted';\n}\n```\n",
    html: '<pre tabindex="0"><code class="language-js"><span class="line">function HighlightSomeText(highlight) {</span>\n<span class="line">  if (highlight) {</span>\n<span class="line highlighted">    return \'This text is highlighted!\';</span>\n<span class="line">  }</span>\n<span class="line"></span>\n<span class="line">  return \'Nothing highlighted\';</span>\n<span class="line">}</span>\n<span class="line"></span>\n<span class="line">function HighlightMoreText(highlight) {</span>\n<span class="line highlighted">  if (highlight) {</span>\n<span class="line highlighted">    return \'This range is highlighted!\';</span>\n<span class="line highlighted">  }</span>\n<span class="line"></span>\n<span class="line">  return \'Nothing highlighted\';</span>\n<span class="line">}</span>\n</code></pre>\n',
  },
  {
    id: 'docusaurus.code-highlight-comments',
    doc: `${DOCS}/markdown-features/code-blocks#custom-magic-comments`,
    name: 'a custom magic comment (themeConfig.prism.magicComments) is not read: it stays in the code',
    source:
      "```js\nfunction HighlightSomeText(highlight) {\n  if (highlight) {\n    // highlight-next-line\n    return 'This text is highlighted!';\n  }\n\n  // this-will-error\n  return 'Nothing highlighted';\n}\n```\n",
    agents:
      "```js {3}\nfunction HighlightSomeText(highlight) {\n  if (highlight) {\n    return 'This text is highlighted!';\n  }\n\n  // this-will-error\n  return 'Nothing highlighted';\n}\n```\n",
    html: '<pre tabindex="0"><code class="language-js"><span class="line">function HighlightSomeText(highlight) {</span>\n<span class="line">  if (highlight) {</span>\n<span class="line highlighted">    return \'This text is highlighted!\';</span>\n<span class="line">  }</span>\n<span class="line"></span>\n<span class="line">  // this-will-error</span>\n<span class="line">  return \'Nothing highlighted\';</span>\n<span class="line">}</span>\n</code></pre>\n',
  },
  {
    id: 'docusaurus.code-block-component',
    doc: `${DOCS}/markdown-features/code-blocks#usage-in-jsx`,
    name: '<CodeBlock> is a fenced block with its language, title and showLineNumbers',
    relPath: 'code.mdx',
    source:
      'import CodeBlock from \'@theme/CodeBlock\';\n\n<CodeBlock\n  language="jsx"\n  title="/src/components/HelloCodeTitle.js"\n  showLineNumbers>\n  {`function HelloCodeTitle(props) {\n  return <h1>Hello, {props.name}</h1>;\n}`}\n</CodeBlock>\n',
    agents:
      '```jsx title="/src/components/HelloCodeTitle.js" showLineNumbers\nfunction HelloCodeTitle(props) {\n  return <h1>Hello, {props.name}</h1>;\n}\n```\n\n',
    html: '<figure class="code-block"><figcaption class="code-title">/src/components/HelloCodeTitle.js</figcaption><pre tabindex="0"><code class="language-jsx">function HelloCodeTitle(props) {\n  return &lt;h1&gt;Hello, {props.name}&lt;/h1&gt;;\n}\n</code></pre></figure>\n',
  },
  {
    id: 'docusaurus.toc-inline',
    doc: `${DOCS}/markdown-features/toc#inline-table-of-contents`,
    name: "<TOCInline toc={toc} /> lists the page's h2 and h3 headings, linked to the ids the HTML gives them",
    source:
      "import TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc} />\n\n## Alpha\n\nText.\n\n### Beta\n\n#### Too deep\n\n## Alpha\n\n## Hello World {#my-explicit-id}\n",
    agents:
      '- [Alpha](#alpha)\n  - [Beta](#beta)\n- [Alpha](#alpha-1)\n- [Hello World](#my-explicit-id)\n\n## Alpha\n\nText.\n\n### Beta\n\n#### Too deep\n\n## Alpha\n\n## Hello World\n',
    html: '<ul>\n<li><a href="#alpha">Alpha</a>\n<ul>\n<li><a href="#beta">Beta</a></li>\n</ul>\n</li>\n<li><a href="#alpha-1">Alpha</a></li>\n<li><a href="#my-explicit-id">Hello World</a></li>\n</ul>\n<h2 id="alpha">Alpha</h2>\n<p>Text.</p>\n<h3 id="beta">Beta</h3>\n<h4 id="too-deep">Too deep</h4>\n<h2 id="alpha-1">Alpha</h2>\n<h2 id="my-explicit-id">Hello World</h2>\n',
  },
  {
    id: 'docusaurus.toc-inline',
    doc: `${DOCS}/markdown-features/toc#inline-table-of-contents`,
    name: 'a toc={toc.filter(…)} filter is code, not run: every h2 and h3 is listed',
    relPath: 'toc.mdx',
    source:
      "import TOCInline from '@theme/TOCInline';\n\n<TOCInline\n  toc={toc.filter((node) => node.level === 2 || node.level === 4)}\n  minHeadingLevel={2}\n  maxHeadingLevel={4}\n/>\n\n## Alpha\n\n### Beta\n\n#### Gamma\n",
    agents: '- [Alpha](#alpha)\n  - [Beta](#beta)\n    - [Gamma](#gamma)\n\n## Alpha\n\n### Beta\n\n#### Gamma\n',
    html: '<ul>\n<li><a href="#alpha">Alpha</a>\n<ul>\n<li><a href="#beta">Beta</a>\n<ul>\n<li><a href="#gamma">Gamma</a></li>\n</ul>\n</li>\n</ul>\n</li>\n</ul>\n<h2 id="alpha">Alpha</h2>\n<h3 id="beta">Beta</h3>\n<h4 id="gamma">Gamma</h4>\n',
  },
  {
    id: 'docusaurus.doc-card-list',
    doc: `${DOCS}/sidebar/items#embedding-generated-index-page`,
    name: '<DocCardList /> lists the pages and sub-folder index pages beside the page, by sidebar_position, with their descriptions',
    relPath: 'guides/index.mdx',
    files: {
      'guides/b-setup.md': '---\ntitle: Set up\nsidebar_position: 1\ndescription: Install and configure.\n---\n\nText.\n',
      'guides/a-usage.md': '# Using it\n\nText.\n',
      'guides/_partial.md': 'Never a card.\n',
      'guides/deploy/index.md': '---\ntitle: Deploying\n---\n',
      'guides/deploy/_category_.json': '{ "label": "Deploy", "position": 2 }',
      'guides/private.md': '---\ntitle: Secret\naccess: private\n---\n',
    },
    source: "import DocCardList from '@theme/DocCardList';\n\n# Guides\n\n<DocCardList />\n",
    agents: '# Guides\n\n- [Set up](./b-setup.md): Install and configure.\n- [Deploy](./deploy/index.md)\n- [Using it](./a-usage.md)\n\n',
    html: '<h1 id="guides">Guides</h1>\n<ul>\n<li><a href="/guides/b-setup">Set up</a>: Install and configure.</li>\n<li><a href="/guides/deploy">Deploy</a></li>\n<li><a href="/guides/a-usage">Using it</a></li>\n</ul>\n',
  },
  {
    id: 'docusaurus.details',
    doc: `${DOCS}/markdown-features#details`,
    name: '<details> with <summary>, and <Details summary="…">',
    relPath: 'details.mdx',
    source:
      'import Details from \'@theme/Details\';\n\n<details>\n  <summary>Toggle me!</summary>\n\n  This is the detailed content\n\n</details>\n\n<Details summary="Open me">\n\nMore content\n\n</Details>\n',
    agents: '> **Toggle me!**\n>\n> This is the detailed content\n\n> **Open me**\n>\n> More content\n\n',
    html: '<blockquote>\n<p><strong>Toggle me!</strong></p>\n<p>This is the detailed content</p>\n</blockquote>\n<blockquote>\n<p><strong>Open me</strong></p>\n<p>More content</p>\n</blockquote>\n',
  },
  {
    id: 'docusaurus.details',
    doc: `${DOCS}/markdown-features#details`,
    name: "the page's own example: nested <details> in <div>s, an HTML block kept as HTML (CommonMark raw HTML)",
    source:
      '### Details element example\n\n<details>\n  <summary>Toggle me!</summary>\n  <div>\n    <div>This is the detailed content</div>\n    <br/>\n    <details>\n      <summary>\n        Nested toggle! Some surprise inside...\n      </summary>\n      <div>😲😲😲😲😲</div>\n    </details>\n  </div>\n</details>\n',
    agents:
      '### Details element example\n\n<details>\n  <summary>Toggle me!</summary>\n  <div>\n    <div>This is the detailed content</div>\n    <br/>\n    <details>\n      <summary>\n        Nested toggle! Some surprise inside...\n      </summary>\n      <div>😲😲😲😲😲</div>\n    </details>\n  </div>\n</details>\n',
    html: '<h3 id="details-element-example">Details element example</h3>\n<details>\n  <summary>Toggle me!</summary>\n  <div>\n    <div>This is the detailed content</div>\n    <br>\n    <details>\n      <summary>\n        Nested toggle! Some surprise inside...\n      </summary>\n      <div>😲😲😲😲😲</div>\n    </details>\n  </div>\n</details>\n',
  },
  {
    id: 'docusaurus.mdx-expressions',
    doc: `${DOCS}/markdown-features/react#exporting-components`,
    name: '{frontMatter.title} and exported string constants are text; components and other expressions are code, left out',
    relPath: 'expr.mdx',
    source:
      "---\ntitle: My Doc\n---\n\nexport const Highlight = ({children, color}) => (\n  <span style={{backgroundColor: color}}>{children}</span>\n);\nexport const year = '2024';\n\n# {frontMatter.title}\n\n<Highlight color=\"#25c2a0\">Docusaurus green</Highlight> is nice in {year}{Math.random() > 2 ? '!' : ''}.\n",
    agents: '---\ntitle: My Doc\n---\n\n# My Doc\n\nDocusaurus green is nice in 2024.\n',
    html: '<h1 id="my-doc">My Doc</h1>\n<p>Docusaurus green is nice in 2024.</p>\n',
    problems: ['MDX components unwrapped (unknown): Highlight ×1'],
  },
  {
    id: 'docusaurus.partials',
    doc: `${DOCS}/markdown-features/react#importing-markdown`,
    name: 'a partial imported by path or through @site/ is inlined where it is used',
    relPath: 'docs/guide/page.mdx',
    files: { 'docs/_shared.mdx': 'Shared **text** from a partial.\n' },
    source: "import Shared from '@site/docs/_shared.mdx';\nimport Again from '../_shared.mdx';\n\nBefore.\n\n<Shared />\n\n<Again />\n",
    agents: 'Before.\n\nShared **text** from a partial.\n\nShared **text** from a partial.\n\n',
    html: '<p>Before.</p>\n<p>Shared <strong>text</strong> from a partial.</p>\n<p>Shared <strong>text</strong> from a partial.</p>\n',
  },
  {
    id: 'docusaurus.partials',
    doc: `${DOCS}/markdown-features/react#importing-markdown`,
    name: "the page's own example: a partial reads its tag's props as {props.name}",
    relPath: 'page.mdx',
    files: {
      '_markdown-partial-example.mdx':
        '<span>Hello {props.name}</span>\n\nThis is text some content from `_markdown-partial-example.mdx`.\n',
    },
    source:
      'import PartialExample from \'./_markdown-partial-example.mdx\';\n\n<PartialExample name="Sebastien" />\n\n<PartialExample name="Joshua" />\n',
    agents:
      'Hello Sebastien\n\nThis is text some content from `_markdown-partial-example.mdx`.\n\nHello Joshua\n\nThis is text some content from `_markdown-partial-example.mdx`.\n\n',
    html: '<p>Hello Sebastien</p>\n<p>This is text some content from <code>_markdown-partial-example.mdx</code>.</p>\n<p>Hello Joshua</p>\n<p>This is text some content from <code>_markdown-partial-example.mdx</code>.</p>\n',
  },
  {
    id: 'docusaurus.heading-ids',
    doc: `${DOCS}/markdown-features/toc#heading-ids`,
    name: '### Hello World {#my-explicit-id}: the HTML heading gets the id',
    source: '### Hello World {#my-explicit-id}\n\nSee [link](#my-explicit-id).\n',
    agents: '### Hello World\n\nSee [link](#my-explicit-id).\n',
    html: '<h3 id="my-explicit-id">Hello World</h3>\n<p>See <a href="#my-explicit-id">link</a>.</p>\n',
  },
  {
    id: 'docusaurus.heading-ids',
    doc: `${DOCS}/markdown-features/toc#heading-ids`,
    name: 'an explicit id in an MDX page',
    relPath: 'ids.mdx',
    source: "import Tabs from '@theme/Tabs';\n\n## Hello World {#my-explicit-id}\n\nText.\n",
    agents: '## Hello World\n\nText.\n',
    html: '<h2 id="my-explicit-id">Hello World</h2>\n<p>Text.</p>\n',
  },
  {
    id: 'docusaurus.mdx-component-scope',
    doc: `${DOCS}/markdown-features/react#mdx-component-scope`,
    name: 'a .md page using <Details> without importing it is read as MDX',
    source: '# Title\n\n<Details summary="More">\n\nHidden.\n\n</Details>\n',
    agents: '# Title\n\n> **More**\n>\n> Hidden.\n\n',
    html: '<h1 id="title">Title</h1>\n<blockquote>\n<p><strong>More</strong></p>\n<p>Hidden.</p>\n</blockquote>\n',
  },
];

const sites: string[] = [];
afterAll(() => sites.forEach((site) => rmSync(site, { recursive: true, force: true })));

/** The markdown agents get, the body HTML and the problems of a fixture's page. */
const run = (fixture: Pick<PageFixture, 'source' | 'relPath' | 'files'>): ReturnType<typeof pageOutput> =>
  pageOutput(fixture, 'docusaurus', sites);

describe('Docusaurus dialect features, from their documentation pages', () => {
  for (const fixture of PAGE_FIXTURES) {
    it(`${fixture.id}: ${fixture.name} (${fixture.doc})`, () => {
      const out = run(fixture);
      expect(out.agents).toBe(fixture.agents);
      expect(out.html).toBe(fixture.html);
      expect(out.problems).toStrictEqual(fixture.problems ?? []);
      if (fixture.check !== undefined) expect(out.check).toStrictEqual(fixture.check);
    });
  }
});

/**
 * A nav fixture: rows read from the site's config and sidebars file, not from a page (they have no
 * `detect`: `check` reads the config itself and reports a `sidebarPath` naming no file). The
 * content folder is `docs/`; what comes out is the sidebar's HTML and the llms.txt sections agents
 * read the same order from.
 */
interface NavFixture {
  id: string;
  doc: string;
  name: string;
  files: Readonly<Record<string, string>>;
  /** The llms.txt sections, from the first `## ` to the full-text section. */
  agents: string;
  /** The sidebar (layout/nav-tree.ts) of the root folder. */
  html: string;
}

const NAV_FIXTURES: NavFixture[] = [
  {
    id: 'docusaurus.sidebar-path',
    doc: `${DOCS}/api/plugins/@docusaurus/plugin-content-docs#configuration`,
    name: "the preset's docs.sidebarPath names './config/sidebars.ts': the nav follows it, not the template's sidebars.js",
    files: {
      'docusaurus.config.ts':
        "export default {\n  title: 'My Site',\n  presets: [\n    [\n      'classic',\n      {\n        docs: {\n          path: 'docs',\n          sidebarPath: './config/sidebars.ts',\n        },\n      },\n    ],\n  ],\n};\n",
      'config/sidebars.ts':
        "export default {\n  tutorialSidebar: ['intro', { type: 'category', label: 'Tutorial', items: ['tutorial/create-a-page', 'tutorial/create-a-document'] }],\n};\n",
      'sidebars.js': "module.exports = { tutorialSidebar: [{ type: 'autogenerated', dirName: '.' }] };\n",
      'docs/intro.md': '---\ntitle: Introduction\n---\n\nWelcome.\n',
      'docs/tutorial/create-a-document.md': '# Create a Document\n\nText.\n',
      'docs/tutorial/create-a-page.md': '# Create a Page\n\nText.\n',
    },
    agents:
      '## My Site\n\n- [Introduction](http://sitegate.test/intro.md): Welcome.\n\n## Tutorial\n\n- [Create a Page](http://sitegate.test/tutorial/create-a-page.md): Text.\n- [Create a Document](http://sitegate.test/tutorial/create-a-document.md): Text.\n\n',
    html: '<h2 class="sidebar-title">Navigation</h2>\n<ul>\n<li><a href="/intro">Introduction</a></li>\n<li><details><summary>Tutorial</summary>\n<ul>\n<li><a href="/tutorial/create-a-page">Create a Page</a></li>\n<li><a href="/tutorial/create-a-document">Create a Document</a></li>\n</ul></details></li>\n</ul>',
  },
  {
    id: 'docusaurus.sidebar-items',
    doc: `${DOCS}/sidebar/items`,
    name: 'doc items (label, sidebar_label), a category linking a doc (listed first in it), a generated-index category (its label, no page), link and html items (not nav entries), autogenerated with _category_.json',
    files: {
      'docusaurus.config.js':
        "module.exports = { title: 'My Site', presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]] };\n",
      'sidebars.js':
        "export default {\n  mySidebar: [\n    {\n      type: 'doc',\n      id: 'doc1',\n      label: 'Getting started',\n    },\n    'doc2',\n    {\n      type: 'category',\n      label: 'Guides',\n      link: {type: 'doc', id: 'guides/introduction'},\n      items: ['guides/tutorial'],\n    },\n    {\n      type: 'category',\n      label: 'Docusaurus',\n      link: {type: 'generated-index', title: 'Docusaurus Guides'},\n      items: ['more/pages'],\n    },\n    {\n      type: 'link',\n      label: 'Facebook',\n      href: 'https://facebook.com',\n    },\n    {\n      type: 'html',\n      value: '<img src=\"sponsor.png\" alt=\"Sponsor\" />',\n    },\n    {\n      type: 'autogenerated',\n      dirName: 'api',\n    },\n  ],\n};\n",
      'docs/doc1.md': '# Doc one\n',
      'docs/doc2.md': '---\nsidebar_label: Second\n---\n\n# Doc two\n',
      'docs/guides/introduction.md': '# Introduction\n',
      'docs/guides/tutorial.md': '# Tutorial\n',
      'docs/more/pages.md': '# Pages\n',
      'docs/api/_category_.json': '{ "label": "API reference" }\n',
      'docs/api/b.md': '---\nsidebar_position: 1\n---\n\n# Second B\n',
      'docs/api/a.md': '---\nsidebar_position: 2\n---\n\n# First A\n',
    },
    agents:
      '## My Site\n\n- [Doc one](http://sitegate.test/doc1.md)\n- [Doc two](http://sitegate.test/doc2.md)\n\n## Guides\n\n- [Introduction](http://sitegate.test/guides/introduction.md)\n- [Tutorial](http://sitegate.test/guides/tutorial.md)\n\n## Docusaurus\n\n- [Pages](http://sitegate.test/more/pages.md)\n\n## API reference\n\n- [Second B](http://sitegate.test/api/b.md)\n- [First A](http://sitegate.test/api/a.md)\n\n',
    html: '<h2 class="sidebar-title">Navigation</h2>\n<ul>\n<li><a href="/doc1">Getting started</a></li>\n<li><a href="/doc2">Second</a></li>\n<li><details><summary>Guides</summary>\n<ul>\n<li><a href="/guides/introduction">Introduction</a></li>\n<li><a href="/guides/tutorial">Tutorial</a></li>\n</ul></details></li>\n<li><details><summary>Docusaurus</summary>\n<ul>\n<li><a href="/more/pages">Pages</a></li>\n</ul></details></li>\n<li><details><summary>API reference</summary>\n<ul>\n<li><a href="/api/b">Second B</a></li>\n<li><a href="/api/a">First A</a></li>\n</ul></details></li>\n</ul>',
  },
];

describe('Docusaurus sidebar features, from their documentation pages (the real loader)', () => {
  for (const fixture of NAV_FIXTURES) {
    it(`${fixture.id}: ${fixture.name} (${fixture.doc})`, () => {
      const site = writeSite(fixture.files);
      sites.push(site);
      const loaded = loadSnapshot(path.join(site, 'docs'), { baseUrl: TEST_BASE_URL, parallel: false });
      const llms = buildLlmsFiles(loaded.snapshot.site, { baseUrl: TEST_BASE_URL, api: false }).get('/llms.txt') ?? '';
      expect(llms.slice(llms.indexOf('\n## ') + 1, llms.indexOf('## Full text'))).toBe(fixture.agents);
      expect(renderNavTree(loaded.snapshot.site, '/', '')).toBe(fixture.html);
      expect(loaded.problems).toStrictEqual([]);
    });
  }
});

describe('the Docusaurus rows of the feature table', () => {
  /** Rows with no `detect`, and why: they are not a syntax a page's source shows. */
  const UNDETECTED: Record<string, string> = {
    // The condition (a .md page using a theme component) is what the component rows detect.
    'docusaurus.mdx-component-scope': 'a .md page read as MDX because it uses a theme component the other rows detect',
    // Read from docusaurus.config.* and the sidebars file, which are no pages.
    'docusaurus.sidebar-path': 'the docs plugin option in docusaurus.config.*',
    'docusaurus.sidebar-items': 'the items of the sidebars file',
  };

  it('has a fixture for every row, which the row detects, from the page the row names', () => {
    const fixtures = [...PAGE_FIXTURES, ...NAV_FIXTURES];
    const ids = [...new Set(fixtures.map((fixture) => fixture.id))].sort();
    expect(ids).toStrictEqual(docusaurusFeatures.map((row) => row.id).sort());
    for (const fixture of fixtures) {
      const row = docusaurusFeatures.find((candidate) => candidate.id === fixture.id);
      // The fixture follows the row's page (a section of it may be named).
      expect(fixture.doc.split('#')[0], fixture.id).toBe(row?.doc.split('#')[0]);
      if (row?.detect === undefined) expect(UNDETECTED[fixture.id], fixture.id).toBeDefined();
      else expect('source' in fixture && row.detect.test(fixture.source), fixture.id).toBe(true);
    }
    expect(Object.keys(UNDETECTED).sort()).toStrictEqual(
      docusaurusFeatures
        .filter((row) => row.detect === undefined)
        .map((row) => row.id)
        .sort(),
    );
  });

  it('every row names a docusaurus.io page and is listed for docusaurus sites only', () => {
    for (const row of docusaurusFeatures) {
      expect(row.id.startsWith('docusaurus.')).toBe(true);
      expect(row.doc.startsWith('https://docusaurus.io/docs')).toBe(true);
    }
    expect(featuresOf('docusaurus')).toEqual(expect.arrayContaining([...docusaurusFeatures]));
    expect(featuresOf('hugo').some((row) => row.id.startsWith('docusaurus.'))).toBe(false);
  });
});

describe('docusaurus.code-highlight-comments beyond the fixture (https://docusaurus.io/docs/markdown-features/code-blocks#highlighting-with-comments)', () => {
  it('comment syntax by language (JSX {/* */}, Bash #, HTML <!-- -->); a metastring range or no language leaves comments as written', () => {
    const jsx = '```jsx\n<div>\n  {/* highlight-next-line */}\n  <p>Hi</p>\n</div>\n```';
    const bash = '```bash\n# highlight-next-line\nnpm install\n```';
    const html = '```html\n<!-- highlight-start -->\n<p>a</p>\n<p>b</p>\n<!-- highlight-end -->\n```';
    const bashInJs = '```js\n# highlight-next-line\nrun();\n```';
    const ranged = '```js {2}\n// highlight-next-line\nrun();\n```';
    const bare = '```\n// highlight-next-line\nrun();\n```';
    const inList = '1. Run:\n\n    ```sh\n    # highlight-next-line\n    npm test\n    ```';
    expect(docusaurusHighlightComments([jsx, bash, html, bashInJs, ranged, bare, inList].join('\n\n'))).toBe(
      [
        '```jsx {2}\n<div>\n  <p>Hi</p>\n</div>\n```',
        '```bash {1}\nnpm install\n```',
        '```html {1-2}\n<p>a</p>\n<p>b</p>\n```',
        bashInJs,
        ranged,
        bare,
        '1. Run:\n\n    ```sh {1}\n    npm test\n    ```',
      ].join('\n\n'),
    );
  });

  it('a pathological block (100,000 comment lines, one 1 MB line) is read in linear time', () => {
    const many = (lines: number): string => `\`\`\`js\n${'// highlight-start\n'.repeat(lines)}x\n\`\`\``;
    const long = (chars: number): string => `\`\`\`js\n// highlight-next-line ${'/'.repeat(chars)}\n\`\`\``;
    expect(docusaurusHighlightComments(many(100_000))).toBe('```js\nx\n```');
    expect(docusaurusHighlightComments(long(1_000_000))).toBe(long(1_000_000));
    expectLinearTime(many, docusaurusHighlightComments, 100_000);
    expectLinearTime(long, docusaurusHighlightComments, 1_000_000);
  });
});

describe('docusaurus.toc-inline beyond the fixtures (https://docusaurus.io/docs/markdown-features/toc#inline-table-of-contents)', () => {
  it('minHeadingLevel/maxHeadingLevel choose the levels; a page without headings gets nothing', () => {
    const source =
      "import TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc} minHeadingLevel={3} maxHeadingLevel={4} />\n\n## Alpha\n\n### Beta\n\n#### Gamma\n";
    expect(run({ source, relPath: 'toc.mdx' }).agents).toBe('- [Beta](#beta)\n  - [Gamma](#gamma)\n\n## Alpha\n\n### Beta\n\n#### Gamma\n');
    expect(
      run({ source: "import TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc} />\n\nJust text.\n", relPath: 'toc.mdx' }).agents,
    ).toBe('Just text.\n');
  });
});

describe('docusaurus.partials beyond the fixtures (https://docusaurus.io/docs/markdown-features/react#importing-markdown)', () => {
  it('sitegate given the docs folder itself: `@site/docs/` is its top', () => {
    const site = writeSite({ 'docs/_shared.mdx': 'Shared **text** from a partial.\n', 'docs/guide/page.mdx': '' });
    sites.push(site);
    const files = siteFilesOf(path.join(site, 'docs'), [], new InternalZone([]));
    const source = "import Shared from '@site/docs/_shared.mdx';\n\n<Shared />\n";
    expect(dialect(source, { generator: 'docusaurus', relPath: 'guide/page.mdx', files }).text).toBe('Shared **text** from a partial.\n\n');
  });
});

describe('docusaurus.mdx-component-scope beyond the fixture (https://docusaurus.io/docs/markdown-features/react#mdx-component-scope)', () => {
  it('tags in code spans and fences are not components: a 270 kB line of them is read in linear time and stays as written', () => {
    const spans = (count: number): string => '`<Tabs>` '.repeat(count);
    expect(dialect(spans(30_000), { generator: 'docusaurus' }).text).toBe(spans(30_000));
    expectLinearTime(spans, (text) => dialect(text, { generator: 'docusaurus' }), 30_000);
    const inCode = 'Use `<Tabs>` like this:\n\n```jsx\n<Tabs>\n  <TabItem value="a">A</TabItem>\n</Tabs>\n```\n';
    expect(run({ source: inCode }).agents).toBe(inCode);
  });

  it('a page with no dialect syntax comes out as the very same string', () => {
    const source =
      '---\ntitle: Plain\n---\n\n# Plain\n\nJust *markdown*, a [link](./other.md) and code:\n\n```js\n// a comment\nrun();\n```\n';
    expect(dialect(source, { generator: 'docusaurus' }).text).toBe(source);
  });
});
