/**
 * The Docusaurus dialect (features/docusaurus.ts), one fixture per feature written from the
 * documentation page the test names, asserting the exact markdown agents get and the exact HTML.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dialect, writeSite } from './test-support.js';
import { docusaurusFeatures } from './features/docusaurus.js';
import { featuresOf } from './features.js';
import type { SiteFiles } from './site-files.js';
import { docusaurusHighlightComments } from './docusaurus-code.js';

const sites: string[] = [];
afterAll(() => sites.forEach((site) => rmSync(site, { recursive: true, force: true })));

/** The readable folders of a site written from `files` (content folder = the site folder). */
function siteFiles(files: Record<string, string>): SiteFiles {
  const site = writeSite(files);
  sites.push(site);
  return {
    contentRoot: site,
    siteRoot: undefined,
    protectedPaths: [],
    zone: { isInternalFile: () => false } as unknown as SiteFiles['zone'],
  };
}

const docusaurus = (source: string, options: { relPath?: string; files?: SiteFiles } = {}) =>
  dialect(source, { generator: 'docusaurus', ...options });

describe('docusaurus.admonitions (https://docusaurus.io/docs/markdown-features/admonitions)', () => {
  it('an admonition, a [title], a legacy title and nesting with more colons', () => {
    const source =
      ':::tip[My title]\n\nSome **content** with _Markdown_ `syntax`.\n\n:::\n\n:::note Your Title\n\nSome content\n\n:::\n\n' +
      ':::::info Parent\n\nParent content\n\n::::danger Child\n\nChild content\n\n:::tip Deep Child\n\nDeep child content\n\n:::\n\n::::\n\n:::::\n';
    const out = docusaurus(source);
    expect(out.text).toBe(
      '> [!TIP]\n> **My title**\n>\n> Some **content** with _Markdown_ `syntax`.\n\n> [!NOTE]\n> **Your Title**\n>\n> Some content\n\n> [!NOTE]\n> **Parent**\n>\n> Parent content\n>\n> > [!CAUTION]\n> > **Child**\n> >\n> > Child content\n> >\n> > > [!TIP]\n> > > **Deep Child**\n> > >\n> > > Deep child content\n',
    );
    expect(out.html).toBe(
      '<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p><strong>My title</strong></p>\n<p>Some <strong>content</strong> with <em>Markdown</em> <code>syntax</code>.</p>\n</div>\n<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Your Title</strong></p>\n<p>Some content</p>\n</div>\n<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Parent</strong></p>\n<p>Parent content</p>\n<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p><strong>Child</strong></p>\n<p>Child content</p>\n<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p><strong>Deep Child</strong></p>\n<p>Deep child content</p>\n</div>\n</div>\n</div>\n',
    );
  });
});

describe('docusaurus.admonitions in JSX (https://docusaurus.io/docs/markdown-features/admonitions#usage-in-jsx)', () => {
  it('<Admonition type="tip" title="…"> is the same alert', () => {
    const source =
      'import Admonition from \'@theme/Admonition\';\n\n<Admonition type="tip" title="My Title">\n  Use plugins to introduce shorter syntax.\n</Admonition>\n';
    const out = docusaurus(source, { relPath: 'jsx.mdx' });
    expect(out.text).toBe('> [!TIP]\n> **My Title**\n>\n> Use plugins to introduce shorter syntax.\n\n');
    expect(out.html).toBe(
      '<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p><strong>My Title</strong></p>\n<p>Use plugins to introduce shorter syntax.</p>\n</div>\n',
    );
  });
});

describe('docusaurus.tabs (https://docusaurus.io/docs/markdown-features/tabs)', () => {
  it('TabItem label and default; the values prop labels items by value', () => {
    const source =
      'import Tabs from \'@theme/Tabs\';\nimport TabItem from \'@theme/TabItem\';\n\n<Tabs>\n  <TabItem value="apple" label="Apple" default>\n    This is an apple 🍎\n  </TabItem>\n  <TabItem value="orange" label="Orange">\n    This is an orange 🍊\n  </TabItem>\n</Tabs>\n\n' +
      '<Tabs\n  groupId="fruit"\n  defaultValue="banana"\n  values={[\n    {label: \'Apple\', value: \'apple\'},\n    {label: \'Banana\', value: \'banana\'},\n  ]}>\n  <TabItem value="apple">This is an apple 🍎</TabItem>\n  <TabItem value="banana">This is a banana 🍌</TabItem>\n</Tabs>\n';
    const out = docusaurus(source, { relPath: 'tabs.mdx' });
    expect(out.text).toBe(
      '**Apple**\n\nThis is an apple 🍎\n\n**Orange**\n\nThis is an orange 🍊\n\n**Apple**\n\nThis is an apple 🍎\n\n**Banana**\n\nThis is a banana 🍌\n\n',
    );
    expect(out.html).toBe(
      '<p><strong>Apple</strong></p>\n<p>This is an apple 🍎</p>\n<p><strong>Orange</strong></p>\n<p>This is an orange 🍊</p>\n<p><strong>Apple</strong></p>\n<p>This is an apple 🍎</p>\n<p><strong>Banana</strong></p>\n<p>This is a banana 🍌</p>\n',
    );
    expect(out.problems).toEqual([]);
  });
});

describe('docusaurus.code-title, code-highlight-metastring (https://docusaurus.io/docs/markdown-features/code-blocks)', () => {
  it('title and {1,4-6,11} stay in the info string; the HTML captions and highlights', () => {
    const source =
      '```jsx title="/src/components/HelloCodeTitle.js"\nfunction HelloCodeTitle(props) {\n  return <h1>Hello, {props.name}</h1>;\n}\n```\n\n' +
      "```jsx {1,4-6,11}\nimport React from 'react';\n\nfunction MyComponent(props) {\n  if (props.isBar) {\n    return <div>Bar</div>;\n  }\n\n  return <div>Foo</div>;\n}\n\nexport default MyComponent;\n```\n";
    const out = docusaurus(source);
    expect(out.text).toBe(source);
    expect(out.html).toBe(
      '<figure class="code-block"><figcaption class="code-title">/src/components/HelloCodeTitle.js</figcaption><pre tabindex="0"><code class="language-jsx">function HelloCodeTitle(props) {\n  return &lt;h1&gt;Hello, {props.name}&lt;/h1&gt;;\n}\n</code></pre></figure>\n<pre tabindex="0"><code class="language-jsx"><span class="line highlighted">import React from \'react\';</span>\n<span class="line"></span>\n<span class="line">function MyComponent(props) {</span>\n<span class="line highlighted">  if (props.isBar) {</span>\n<span class="line highlighted">    return &lt;div&gt;Bar&lt;/div&gt;;</span>\n<span class="line highlighted">  }</span>\n<span class="line"></span>\n<span class="line">  return &lt;div&gt;Foo&lt;/div&gt;;</span>\n<span class="line">}</span>\n<span class="line"></span>\n<span class="line highlighted">export default MyComponent;</span>\n</code></pre>\n',
    );
  });
});

describe('docusaurus.code-highlight-comments (https://docusaurus.io/docs/markdown-features/code-blocks#highlighting-with-comments)', () => {
  const source =
    "```js\nfunction HighlightSomeText(highlight) {\n  if (highlight) {\n    // highlight-next-line\n    return 'This text is highlighted!';\n  }\n\n  return 'Nothing highlighted';\n}\n\nfunction HighlightMoreText(highlight) {\n  // highlight-start\n  if (highlight) {\n    return 'This range is highlighted!';\n  }\n  // highlight-end\n\n  return 'Nothing highlighted';\n}\n```\n";

  it('the comments leave the code; their lines become the {…} ranges the HTML highlights', () => {
    const out = docusaurus(source);
    expect(out.text).toBe(
      "```js {3,10-12}\nfunction HighlightSomeText(highlight) {\n  if (highlight) {\n    return 'This text is highlighted!';\n  }\n\n  return 'Nothing highlighted';\n}\n\nfunction HighlightMoreText(highlight) {\n  if (highlight) {\n    return 'This range is highlighted!';\n  }\n\n  return 'Nothing highlighted';\n}\n```\n",
    );
    expect(out.html).toBe(
      '<pre tabindex="0"><code class="language-js"><span class="line">function HighlightSomeText(highlight) {</span>\n<span class="line">  if (highlight) {</span>\n<span class="line highlighted">    return \'This text is highlighted!\';</span>\n<span class="line">  }</span>\n<span class="line"></span>\n<span class="line">  return \'Nothing highlighted\';</span>\n<span class="line">}</span>\n<span class="line"></span>\n<span class="line">function HighlightMoreText(highlight) {</span>\n<span class="line highlighted">  if (highlight) {</span>\n<span class="line highlighted">    return \'This range is highlighted!\';</span>\n<span class="line highlighted">  }</span>\n<span class="line"></span>\n<span class="line">  return \'Nothing highlighted\';</span>\n<span class="line">}</span>\n</code></pre>\n',
    );
  });

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
    const many = `\`\`\`js\n${'// highlight-start\n'.repeat(100_000)}x\n\`\`\``;
    const long = `\`\`\`js\n// highlight-next-line ${'/'.repeat(1_000_000)}\n\`\`\``;
    const started = performance.now();
    expect(docusaurusHighlightComments(many)).toBe('```js\nx\n```');
    expect(docusaurusHighlightComments(long)).toBe(long);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('docusaurus.code-block-component (https://docusaurus.io/docs/markdown-features/code-blocks#usage-in-jsx)', () => {
  it('<CodeBlock> is a fenced block with its language, title and showLineNumbers', () => {
    const source =
      'import CodeBlock from \'@theme/CodeBlock\';\n\n<CodeBlock\n  language="jsx"\n  title="/src/components/HelloCodeTitle.js"\n  showLineNumbers>\n  {`function HelloCodeTitle(props) {\n  return <h1>Hello, {props.name}</h1>;\n}`}\n</CodeBlock>\n';
    const out = docusaurus(source, { relPath: 'code.mdx' });
    expect(out.text).toBe(
      '```jsx title="/src/components/HelloCodeTitle.js" showLineNumbers\nfunction HelloCodeTitle(props) {\n  return <h1>Hello, {props.name}</h1>;\n}\n```\n\n',
    );
    expect(out.html).toBe(
      '<figure class="code-block"><figcaption class="code-title">/src/components/HelloCodeTitle.js</figcaption><pre tabindex="0"><code class="language-jsx">function HelloCodeTitle(props) {\n  return &lt;h1&gt;Hello, {props.name}&lt;/h1&gt;;\n}\n</code></pre></figure>\n',
    );
    expect(out.problems).toEqual([]);
  });
});

describe('docusaurus.toc-inline (https://docusaurus.io/docs/markdown-features/toc#inline-table-of-contents)', () => {
  it("<TOCInline toc={toc} /> lists the page's h2 and h3 headings, linked to the ids the HTML gives them; the import never leaks", () => {
    const source =
      "import TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc} />\n\n## Alpha\n\nText.\n\n### Beta\n\n#### Too deep\n\n## Alpha\n\n## Hello World {#my-explicit-id}\n";
    const out = docusaurus(source, { relPath: 'toc.md' });
    expect(out.text).toBe(
      '- [Alpha](#alpha)\n  - [Beta](#beta)\n- [Alpha](#alpha-1)\n- [Hello World](#my-explicit-id)\n\n## Alpha\n\nText.\n\n### Beta\n\n#### Too deep\n\n## Alpha\n\n## Hello World {#my-explicit-id}\n',
    );
    expect(out.html).toBe(
      '<ul>\n<li><a href="#alpha">Alpha</a>\n<ul>\n<li><a href="#beta">Beta</a></li>\n</ul>\n</li>\n<li><a href="#alpha-1">Alpha</a></li>\n<li><a href="#my-explicit-id">Hello World</a></li>\n</ul>\n<h2 id="alpha">Alpha</h2>\n<p>Text.</p>\n<h3 id="beta">Beta</h3>\n<h4 id="too-deep">Too deep</h4>\n<h2 id="alpha-1">Alpha</h2>\n<h2 id="my-explicit-id">Hello World</h2>\n',
    );
  });

  it('minHeadingLevel/maxHeadingLevel choose the levels; a page without headings gets nothing', () => {
    const source =
      "import TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc} minHeadingLevel={3} maxHeadingLevel={4} />\n\n## Alpha\n\n### Beta\n\n#### Gamma\n";
    expect(docusaurus(source, { relPath: 'toc.mdx' }).text).toBe(
      '- [Beta](#beta)\n  - [Gamma](#gamma)\n\n## Alpha\n\n### Beta\n\n#### Gamma\n',
    );
    expect(
      docusaurus("import TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc} />\n\nJust text.\n", { relPath: 'toc.mdx' }).text,
    ).toBe('Just text.\n');
  });
});

describe('docusaurus.doc-card-list (https://docusaurus.io/docs/sidebar/items#embedding-generated-index-page)', () => {
  it('<DocCardList /> lists the pages beside the page and sub-folder index pages, by sidebar_position, with their labels and descriptions', () => {
    const files = siteFiles({
      'guides/index.mdx': "import DocCardList from '@theme/DocCardList';\n\n# Guides\n\n<DocCardList />\n",
      'guides/b-setup.md': '---\ntitle: Set up\nsidebar_position: 1\ndescription: Install and configure.\n---\n\nText.\n',
      'guides/a-usage.md': '# Using it\n\nText.\n',
      'guides/_partial.md': 'Never a card.\n',
      'guides/deploy/index.md': '---\ntitle: Deploying\n---\n',
      'guides/deploy/_category_.json': '{ "label": "Deploy", "position": 2 }',
      'guides/private.md': '---\ntitle: Secret\naccess: private\n---\n',
    });
    const out = docusaurus("import DocCardList from '@theme/DocCardList';\n\n# Guides\n\n<DocCardList />\n", {
      relPath: 'guides/index.mdx',
      files,
    });
    expect(out.text).toBe(
      '# Guides\n\n- [Set up](./b-setup.md): Install and configure.\n- [Deploy](./deploy/index.md)\n- [Using it](./a-usage.md)\n\n',
    );
    expect(out.html).toBe(
      '<h1 id="guides">Guides</h1>\n<ul>\n<li><a href="/guides/b-setup">Set up</a>: Install and configure.</li>\n<li><a href="/guides/deploy">Deploy</a></li>\n<li><a href="/guides/a-usage">Using it</a></li>\n</ul>\n',
    );
  });
});

describe('docusaurus.details (https://docusaurus.io/docs/markdown-features#details)', () => {
  it('<details> with <summary>, and <Details summary="…">', () => {
    const source =
      'import Details from \'@theme/Details\';\n\n<details>\n  <summary>Toggle me!</summary>\n\n  This is the detailed content\n\n</details>\n\n<Details summary="Open me">\n\nMore content\n\n</Details>\n';
    const out = docusaurus(source, { relPath: 'details.mdx' });
    expect(out.text).toBe('> **Toggle me!**\n>\n> This is the detailed content\n\n> **Open me**\n>\n> More content\n\n');
    expect(out.html).toBe(
      '<blockquote>\n<p><strong>Toggle me!</strong></p>\n<p>This is the detailed content</p>\n</blockquote>\n<blockquote>\n<p><strong>Open me</strong></p>\n<p>More content</p>\n</blockquote>\n',
    );
  });
});

describe('docusaurus.mdx-expressions (https://docusaurus.io/docs/markdown-features/react#exporting-components)', () => {
  it('{frontMatter.title} and exported string constants are text; components and other code are not', () => {
    const source =
      "---\ntitle: My Doc\n---\n\nexport const Highlight = ({children, color}) => (\n  <span style={{backgroundColor: color}}>{children}</span>\n);\nexport const year = '2024';\n\n# {frontMatter.title}\n\n<Highlight color=\"#25c2a0\">Docusaurus green</Highlight> is nice in {year}{Math.random() > 2 ? '!' : ''}.\n";
    const out = docusaurus(source, { relPath: 'expr.mdx' });
    expect(out.text).toBe('---\ntitle: My Doc\n---\n\n# My Doc\n\nDocusaurus green is nice in 2024.\n');
    // The test renders the frontmatter as written; a page's HTML starts at its body.
    expect(out.html.slice(out.html.indexOf('<h1'))).toBe('<h1 id="my-doc">My Doc</h1>\n<p>Docusaurus green is nice in 2024.</p>\n');
  });
});

describe('docusaurus.partials (https://docusaurus.io/docs/markdown-features/react#importing-markdown)', () => {
  it('a partial imported by path or through @site/ is inlined where it is used; the import line never leaks', () => {
    const files = siteFiles({
      'docs/_shared.mdx': 'Shared **text** from a partial.\n',
      'docs/guide/page.mdx': '',
    });
    const source =
      "import Shared from '@site/docs/_shared.mdx';\nimport Again from '../_shared.mdx';\n\nBefore.\n\n<Shared />\n\n<Again />\n";
    const out = docusaurus(source, { relPath: 'docs/guide/page.mdx', files });
    expect(out.text).toBe('Before.\n\nShared **text** from a partial.\n\nShared **text** from a partial.\n\n');
    expect(out.problems).toEqual([]);
    // sitegate given the docs folder itself: `@site/docs/` is its top.
    const docs = { ...files, contentRoot: path.join(files.contentRoot, 'docs') };
    expect(
      docusaurus("import Shared from '@site/docs/_shared.mdx';\n\n<Shared />\n", { relPath: 'guide/page.mdx', files: docs }).text,
    ).toBe('Shared **text** from a partial.\n\n');
  });
  it('a partial reads the props of its tag: {props.name} (the example of that page)', () => {
    const files = siteFiles({
      '_markdown-partial-example.mdx':
        '<span>Hello {props.name}</span>\n\nThis is text some content from `_markdown-partial-example.mdx`.\n',
    });
    const source =
      'import PartialExample from \'./_markdown-partial-example.mdx\';\n\n<PartialExample name="Sebastien" />\n\n<PartialExample name="Joshua" />\n';
    const out = docusaurus(source, { relPath: 'page.mdx', files });
    expect(out.text).toBe(
      'Hello Sebastien\n\nThis is text some content from `_markdown-partial-example.mdx`.\n\nHello Joshua\n\nThis is text some content from `_markdown-partial-example.mdx`.\n\n',
    );
    expect(out.html).toBe(
      '<p>Hello Sebastien</p>\n<p>This is text some content from <code>_markdown-partial-example.mdx</code>.</p>\n<p>Hello Joshua</p>\n<p>This is text some content from <code>_markdown-partial-example.mdx</code>.</p>\n',
    );
    expect(out.problems).toEqual([]);
  });
});

describe('the Docusaurus rows', () => {
  it('every row names a docusaurus.io page and is listed for docusaurus sites only', () => {
    for (const row of docusaurusFeatures) {
      expect(row.id.startsWith('docusaurus.')).toBe(true);
      expect(row.doc.startsWith('https://docusaurus.io/docs')).toBe(true);
    }
    expect(featuresOf('docusaurus')).toEqual(expect.arrayContaining([...docusaurusFeatures]));
    expect(featuresOf('hugo').some((row) => row.id.startsWith('docusaurus.'))).toBe(false);
  });

  it('a .md page using a theme component without importing it is MDX all the same (docusaurus.io/docs/markdown-features/react#mdx-component-scope)', () => {
    expect(docusaurus('# Title {#custom}\n\n<Details summary="More">\n\nHidden.\n\n</Details>\n').text).toBe(
      '# Title {#custom}\n\n> **More**\n>\n> Hidden.\n\n',
    );
    // A 270 kB line of tags in code spans is read in linear time, and stays as written.
    const spans = '`<Tabs>` '.repeat(30_000);
    const started = performance.now();
    expect(docusaurus(spans).text).toBe(spans);
    expect(performance.now() - started).toBeLessThan(2_000);
    const inCode = 'Use `<Tabs>` like this:\n\n```jsx\n<Tabs>\n  <TabItem value="a">A</TabItem>\n</Tabs>\n```\n';
    expect(docusaurus(inCode).text).toBe(inCode);
  });

  it('a page with no dialect syntax comes out as the very same string', () => {
    const source =
      '---\ntitle: Plain\n---\n\n# Plain\n\nJust *markdown*, a [link](./other.md) and code:\n\n```js\n// a comment\nrun();\n```\n';
    expect(docusaurus(source).text).toBe(source);
  });
});
