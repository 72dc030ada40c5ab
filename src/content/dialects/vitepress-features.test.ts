/**
 * The VitePress rows of the dialect feature table (features/vitepress.ts): for each, a fixture
 * written from the section of vitepress.dev/guide/markdown (or the page) it names, quoting the
 * page's own example, with the exact markdown agents get and the exact HTML. Code comes out
 * unhighlighted (test-support.ts). More cases of a row follow the table. The URL row (`rewrites`),
 * which a page alone cannot show, has a site fixture read by the real loader (site-support.ts), as
 * Hugo's URL rows do.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import { bodyOf } from '../frontmatter.js';
import { agentsMarkdown } from './agents-markdown.js';
import { vitepressFeatures } from './features/vitepress.js';
import { siteFilesOf } from './site-files.js';
import { dialect, writeSite } from './test-support.js';
import { vueComponents } from './vue.js';
import { expectLinearTime } from '../../../test/linear-time.js';
import { describeSiteFixtures, type SiteFixture } from '../../../test/site-fixtures.js';

/** A fixture: the row, the doc page it follows, what it shows, the source and what comes out. */
interface Fixture {
  id: string;
  doc: string;
  name: string;
  source: string;
  agents: string;
  html: string;
  /** What `check` reports (default none). */
  problems?: { severity: 'warning'; file: string; message: string }[];
}

/** One fixture or more per row, each a page `guide/index.md` of the site below. */
const FIXTURES: Fixture[] = [
  {
    id: 'vitepress.custom-containers',
    doc: 'https://vitepress.dev/guide/markdown#custom-containers',
    name: 'admonitions with and without a title, and details',
    source:
      "::: info\nThis is an info box.\n:::\n\n::: danger STOP\nDanger zone, do not proceed\n:::\n\n::: details Click me to toggle the code\n```js\nconsole.log('Hello, VitePress!')\n```\n:::\n",
    agents:
      "> [!NOTE]\n> This is an info box.\n\n> [!CAUTION]\n> **STOP**\n>\n> Danger zone, do not proceed\n\n> **Click me to toggle the code**\n>\n> ```js\n> console.log('Hello, VitePress!')\n> ```\n",
    html: '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p>This is an info box.</p>\n</div>\n<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p><strong>STOP</strong></p>\n<p>Danger zone, do not proceed</p>\n</div>\n<blockquote>\n<p><strong>Click me to toggle the code</strong></p>\n<pre tabindex="0"><code class="language-js">console.log(\'Hello, VitePress!\')\n</code></pre>\n</blockquote>\n',
  },
  {
    id: 'vitepress.raw-container',
    doc: 'https://vitepress.dev/guide/markdown#raw',
    name: '`::: raw` and `::: v-pre` keep their body as written',
    source: '::: raw\nA demo, styled on its own.\n:::\n\n::: v-pre\n`{{ This will be displayed as-is }}`\n:::\n',
    agents: 'A demo, styled on its own.\n\n`{{ This will be displayed as-is }}`\n',
    html: '<p>A demo, styled on its own.</p>\n<p><code>{{ This will be displayed as-is }}</code></p>\n',
  },
  {
    id: 'vitepress.github-alerts',
    doc: 'https://vitepress.dev/guide/markdown#github-flavored-alerts',
    name: 'the five alerts of its example',
    source:
      '> [!NOTE]\n> Highlights information that users should take into account, even when skimming.\n\n> [!TIP]\n> Optional information to help a user be more successful.\n\n> [!IMPORTANT]\n> Crucial information necessary for users to succeed.\n\n> [!WARNING]\n> Critical content demanding immediate user attention due to potential risks.\n\n> [!CAUTION]\n> Negative potential consequences of an action.\n',
    agents:
      '> [!NOTE]\n> Highlights information that users should take into account, even when skimming.\n\n> [!TIP]\n> Optional information to help a user be more successful.\n\n> [!IMPORTANT]\n> Crucial information necessary for users to succeed.\n\n> [!WARNING]\n> Critical content demanding immediate user attention due to potential risks.\n\n> [!CAUTION]\n> Negative potential consequences of an action.\n',
    html: '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p>Highlights information that users should take into account, even when skimming.</p>\n</div>\n<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p>Optional information to help a user be more successful.</p>\n</div>\n<div class="markdown-alert markdown-alert-important"><p class="markdown-alert-title">Important</p>\n<p>Crucial information necessary for users to succeed.</p>\n</div>\n<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Warning</p>\n<p>Critical content demanding immediate user attention due to potential risks.</p>\n</div>\n<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p>Negative potential consequences of an action.</p>\n</div>\n',
  },
  {
    id: 'vitepress.code-group',
    doc: 'https://vitepress.dev/guide/markdown#code-groups',
    name: 'each block labelled by its [label]',
    source:
      "::: code-group\n\n```js [config.js]\nconst config = {\n  // ...\n}\n\nexport default config\n```\n\n```ts [config.ts]\nimport type { UserConfig } from 'vitepress'\n\nconst config: UserConfig = {\n  // ...\n}\n\nexport default config\n```\n\n:::\n",
    agents:
      "**config.js**\n\n```js\nconst config = {\n  // ...\n}\n\nexport default config\n```\n\n**config.ts**\n\n```ts\nimport type { UserConfig } from 'vitepress'\n\nconst config: UserConfig = {\n  // ...\n}\n\nexport default config\n```\n",
    html: '<p><strong>config.js</strong></p>\n<pre tabindex="0"><code class="language-js">const config = {\n  // ...\n}\n\nexport default config\n</code></pre>\n<p><strong>config.ts</strong></p>\n<pre tabindex="0"><code class="language-ts">import type { UserConfig } from \'vitepress\'\n\nconst config: UserConfig = {\n  // ...\n}\n\nexport default config\n</code></pre>\n',
  },
  {
    id: 'vitepress.custom-anchors',
    doc: 'https://vitepress.dev/guide/markdown#custom-anchors',
    name: 'the heading takes the id; agents get the heading without it',
    source: '# Using custom anchors {#my-anchor}\n',
    agents: '# Using custom anchors\n',
    html: '<h1 id="my-anchor">Using custom anchors</h1>\n',
  },
  {
    id: 'vitepress.line-highlighting',
    doc: 'https://vitepress.dev/guide/markdown#line-highlighting-in-code-blocks',
    name: 'the info string kept, the line marked in the HTML',
    source: "```js{4}\nexport default {\n  data () {\n    return {\n      msg: 'Highlighted!'\n    }\n  }\n}\n```\n",
    agents: "```js{4}\nexport default {\n  data () {\n    return {\n      msg: 'Highlighted!'\n    }\n  }\n}\n```\n",
    html: '<pre tabindex="0"><code class="language-js"><span class="line">export default {</span>\n<span class="line">  data () {</span>\n<span class="line">    return {</span>\n<span class="line highlighted">      msg: \'Highlighted!\'</span>\n<span class="line">    }</span>\n<span class="line">  }</span>\n<span class="line">}</span>\n</code></pre>\n',
  },
  {
    id: 'vitepress.code-notation',
    doc: 'https://vitepress.dev/guide/markdown#focus-in-code-blocks',
    name: '[!code focus] taken out of the code, its line marked',
    source: "```js\nexport default {\n  data () {\n    return {\n      msg: 'Focused!' // [!code focus]\n    }\n  }\n}\n```\n",
    agents: "```js {4}\nexport default {\n  data () {\n    return {\n      msg: 'Focused!'\n    }\n  }\n}\n```\n",
    html: '<pre tabindex="0"><code class="language-js"><span class="line">export default {</span>\n<span class="line">  data () {</span>\n<span class="line">    return {</span>\n<span class="line highlighted">      msg: \'Focused!\'</span>\n<span class="line">    }</span>\n<span class="line">  }</span>\n<span class="line">}</span>\n</code></pre>\n',
  },
  {
    id: 'vitepress.line-numbers',
    doc: 'https://vitepress.dev/guide/markdown#line-numbers',
    name: '`:line-numbers=2` taken off the language, the highlight kept',
    source: "```ts:line-numbers=2 {1}\n// line-numbers is enabled and start from 2\nconst line3 = 'This is line 3'\n```\n",
    agents: "```ts {1}\n// line-numbers is enabled and start from 2\nconst line3 = 'This is line 3'\n```\n",
    html: '<pre tabindex="0"><code class="language-ts"><span class="line highlighted">// line-numbers is enabled and start from 2</span>\n<span class="line">const line3 = \'This is line 3\'</span>\n</code></pre>\n',
  },
  {
    id: 'vitepress.snippet-import',
    doc: 'https://vitepress.dev/guide/markdown#import-code-snippets',
    name: 'a region with its highlights, and a language override',
    source: '<<< @/snippets/snippet-with-region.js#snippet{1}\n\n<<< @/snippets/snippet.cs{c#}\n',
    agents: '```js {1}\nfunction foo() {\n  // ..\n}\n```\n\n```c#\nvar x = 1;\nvar y = 2;\n```\n',
    html: '<pre tabindex="0"><code class="language-js"><span class="line highlighted">function foo() {</span>\n<span class="line">  // ..</span>\n<span class="line">}</span>\n</code></pre>\n<pre tabindex="0"><code class="language-c#">var x = 1;\nvar y = 2;\n</code></pre>\n',
  },
  {
    id: 'vitepress.markdown-include',
    doc: 'https://vitepress.dev/guide/markdown#markdown-file-inclusion',
    name: 'a part included under its heading',
    source: '# Docs\n\n## Basics\n\n<!--@include: ./parts/basics.md-->\n',
    agents: '# Docs\n\n## Basics\n\nSome getting started stuff.\n\n### Configuration\n\nCan be created using `.foorc.json`.\n',
    html: '<h1 id="docs">Docs</h1>\n<h2 id="basics">Basics</h2>\n<p>Some getting started stuff.</p>\n<h3 id="configuration">Configuration</h3>\n<p>Can be created using <code>.foorc.json</code>.</p>\n',
  },
  {
    id: 'vitepress.table-of-contents',
    doc: 'https://vitepress.dev/guide/markdown#table-of-contents',
    name: 'the ## and ### headings as a nested list, linked to their ids',
    source: '# Page\n\n[[toc]]\n\n## Getting started\n\n### Install `it`\n\n## Usage {#use}\n\n#### Deep\n\n```md\n[[toc]]\n```\n',
    agents:
      '# Page\n\n- [Getting started](#getting-started)\n  - [Install it](#install-it)\n- [Usage](#use)\n\n## Getting started\n\n### Install `it`\n\n## Usage\n\n#### Deep\n\n```md\n[[toc]]\n```\n',
    html: '<h1 id="page">Page</h1>\n<ul>\n<li><a href="#getting-started">Getting started</a>\n<ul>\n<li><a href="#install-it">Install it</a></li>\n</ul>\n</li>\n<li><a href="#use">Usage</a></li>\n</ul>\n<h2 id="getting-started">Getting started</h2>\n<h3 id="install-it">Install <code>it</code></h3>\n<h2 id="use">Usage</h2>\n<h4 id="deep">Deep</h4>\n<pre tabindex="0"><code class="language-md">[[toc]]\n</code></pre>\n',
  },
  {
    id: 'vitepress.emoji',
    doc: 'https://vitepress.dev/guide/markdown#emoji',
    name: 'shortcodes of markdown-it-emoji\u2019s table become the emoji, outside code; unknown names and emoticons stay',
    source: ':tada: :100: at 10:30:45, :xq:tada:, :not_an_emoji: :) `:tada:`\n\n```\n:tada:\n```\n',
    agents: '🎉 💯 at 10:30:45, :xq🎉, :not_an_emoji: :) `:tada:`\n\n```\n:tada:\n```\n',
    html: '<p>🎉 💯 at 10:30:45, :xq🎉, :not_an_emoji: :) <code>:tada:</code></p>\n<pre tabindex="0"><code>:tada:\n</code></pre>\n',
  },
  {
    id: 'vitepress.frontmatter-interpolation',
    doc: 'https://vitepress.dev/guide/using-vue#interpolation',
    name: '{{ $frontmatter.title }} becomes the value; {{ 1 + 1 }} is left out and reported; code and v-pre are not read',
    source:
      '---\ntitle: Docs with VitePress\neditLink: true\n---\n\n# {{ $frontmatter.title }}\n\nEdit link: {{ $frontmatter.editLink }}, {{ $frontmatter.missing }}; `{{ $frontmatter.title }}` and {{ 1 + 1 }}.\n\n<span v-pre>{{ raw }}</span>\n',
    agents:
      '---\ntitle: Docs with VitePress\neditLink: true\n---\n\n# Docs with VitePress\n\nEdit link: true, ; `{{ $frontmatter.title }}` and .\n\n<span v-pre>{{ raw }}</span>\n',
    html: '<h1 id="docs-with-vitepress">Docs with VitePress</h1>\n<p>Edit link: true, ; <code>{{ $frontmatter.title }}</code> and .</p>\n<p><span>{{ raw }}</span></p>\n',
    problems: [{ severity: 'warning', file: 'guide/index.md', message: 'Vue interpolation not rendered: {{ 1 + 1 }}' }],
  },
  {
    id: 'vitepress.vue-in-markdown',
    doc: 'https://vitepress.dev/guide/using-vue',
    name: 'its script and style example: both dropped, the button’s directives and its {{ count }} not rendered',
    source:
      '<script setup>\nimport { ref } from \'vue\'\n\nconst count = ref(0)\n</script>\n\n## Markdown Content\n\nThe count is: {{ count }}\n\n<button :class="$style.button" @click="count++">Increment</button>\n\n<style module>\n.button {\n  color: red;\n  font-weight: bold;\n}\n</style>\n',
    agents: '\n## Markdown Content\n\nThe count is: \n\nIncrement\n\n',
    html: '<h2 id="markdown-content">Markdown Content</h2>\n<p>The count is:</p>\n<p>Increment</p>\n',
    problems: [{ severity: 'warning', file: 'guide/index.md', message: 'Vue interpolation not rendered: {{ count }}' }],
  },
  {
    id: 'vitepress.vue-in-markdown',
    doc: 'https://vitepress.dev/guide/using-vue',
    name: 'components unwrapped, a <Badge> keeping its text',
    source: '### Title <Badge type="info" text="default" />\n\n<VPTeamMembers size="small" :members="members" />\n\nSee the team above.\n',
    agents: '### Title default\n\n\nSee the team above.\n',
    html: '<h3 id="title-default">Title default</h3>\n<p>See the team above.</p>\n',
  },
  {
    id: 'vitepress.home-page',
    doc: 'https://vitepress.dev/reference/default-theme-home-page',
    name: 'the page’s hero and features example: the hero heading, tagline and actions, then each feature; the image left out',
    source:
      '---\nlayout: home\n\nhero:\n  name: VitePress\n  text: Vite & Vue powered static site generator.\n  tagline: Lorem ipsum...\n' +
      '  image:\n    src: /logo.png\n    alt: VitePress\n  actions:\n    - theme: brand\n      text: Get Started\n      link: /guide/what-is-vitepress\n' +
      '    - theme: alt\n      text: View on GitHub\n      link: https://github.com/vuejs/vitepress\n\nfeatures:\n  - icon: 🛠️\n' +
      '    title: Simple and minimal, always\n    details: Lorem ipsum...\n  - icon:\n      src: /cool-feature-icon.svg\n' +
      '    title: Another cool feature\n    details: Lorem ipsum...\n    link: /guide/cool\n  - title: A third\n    details: More.\n' +
      '    link: /guide/third\n    linkText: Read the guide\n---\n\nThe page’s own markdown.\n',
    agents:
      '---\nlayout: home\n\nhero:\n  name: VitePress\n  text: Vite & Vue powered static site generator.\n  tagline: Lorem ipsum...\n' +
      '  image:\n    src: /logo.png\n    alt: VitePress\n  actions:\n    - theme: brand\n      text: Get Started\n      link: /guide/what-is-vitepress\n' +
      '    - theme: alt\n      text: View on GitHub\n      link: https://github.com/vuejs/vitepress\n\nfeatures:\n  - icon: 🛠️\n' +
      '    title: Simple and minimal, always\n    details: Lorem ipsum...\n  - icon:\n      src: /cool-feature-icon.svg\n' +
      '    title: Another cool feature\n    details: Lorem ipsum...\n    link: /guide/cool\n  - title: A third\n    details: More.\n' +
      '    link: /guide/third\n    linkText: Read the guide\n---\n\n' +
      '**VitePress Vite & Vue powered static site generator.**\n\nLorem ipsum...\n\n- [Get Started](/guide/what-is-vitepress)\n' +
      '- [View on GitHub](https://github.com/vuejs/vitepress)\n\n* **🛠️ Simple and minimal, always**: Lorem ipsum...\n' +
      '* [**Another cool feature**](/guide/cool): Lorem ipsum...\n* **A third**: More. [Read the guide](/guide/third)\n\nThe page’s own markdown.\n',
    html:
      '<p><strong>VitePress Vite &amp; Vue powered static site generator.</strong></p>\n<p>Lorem ipsum...</p>\n<ul>\n' +
      '<li><a href="/guide/what-is-vitepress">Get Started</a></li>\n<li><a href="https://github.com/vuejs/vitepress">View on GitHub</a></li>\n</ul>\n' +
      '<ul>\n<li><strong>🛠️ Simple and minimal, always</strong>: Lorem ipsum...</li>\n' +
      '<li><a href="/guide/cool"><strong>Another cool feature</strong></a>: Lorem ipsum...</li>\n' +
      '<li><strong>A third</strong>: More. <a href="/guide/third">Read the guide</a></li>\n</ul>\n<p>The page’s own markdown.</p>\n',
  },
];

/** The files the snippet and include fixtures read (the examples' paths of #import-code-snippets and #markdown-file-inclusion). */
const site = writeSite({
  'docs/.vitepress/config.mts': 'export default {};\n',
  'docs/guide/parts/basics.md': 'Some getting started stuff.\n\n### Configuration\n\nCan be created using `.foorc.json`.\n',
  'docs/guide/parts/usage.md':
    '<!-- #region basic-usage -->\n## Usage Line 1\n\n## Usage Line 2\n\n## Usage Line 3\n<!-- #endregion basic-usage -->\n',
  'docs/snippets/snippet-with-region.js': '// #region snippet\nfunction foo() {\n  // ..\n}\n// #endregion snippet\n\nexport default foo\n',
  'docs/snippets/snippet.cs': 'var x = 1;\nvar y = 2;\n',
});
const files = siteFilesOf(path.join(site, 'docs'), [], new InternalZone([]));
afterAll(() => rmSync(site, { recursive: true, force: true }));

const row = (id: string) => vitepressFeatures.find((feature) => feature.id === id);

/** A VitePress page through the dialect step. */
const vitepress = (source: string) => dialect(source, { relPath: 'guide/index.md', files, generator: 'vitepress' });

/**
 * A page's agents markdown, HTML and problems. dialect() renders the whole text; a page's HTML is
 * its body's (its frontmatter is metadata, read by the dialect for `$frontmatter`), so a page with
 * frontmatter has its body rendered on its own.
 */
function page(source: string): { agents: string; html: string; problems: ReturnType<typeof dialect>['problems'] } {
  const out = vitepress(source);
  const body = bodyOf(out.text);
  return { agents: agentsMarkdown(out.text), html: body === out.text ? out.html : vitepress(body).html, problems: out.problems };
}

describe('VitePress dialect features, from their documentation pages', () => {
  for (const fixture of FIXTURES) {
    it(`${fixture.id}: ${fixture.name} (${fixture.doc})`, () => {
      const out = page(fixture.source);
      expect(out.agents).toBe(fixture.agents);
      expect(out.html).toBe(fixture.html);
      expect(out.problems).toStrictEqual(fixture.problems ?? []);
    });
  }

  it('has a fixture for every row, which the row detects, from the page the row names', () => {
    const ids = new Set([...FIXTURES, ...SITE_FIXTURES].map((fixture) => fixture.id));
    expect([...ids].sort()).toStrictEqual(vitepressFeatures.map((row) => row.id).sort());
    for (const fixture of [...FIXTURES, ...SITE_FIXTURES])
      expect([fixture.id, row(fixture.id)?.doc]).toStrictEqual([fixture.id, fixture.doc]);
    for (const fixture of FIXTURES) expect(row(fixture.id)?.detect?.test(fixture.source), fixture.id).toBe(true);
    expect(Object.keys(UNDETECTED).sort()).toStrictEqual(
      vitepressFeatures
        .filter((feature) => feature.detect === undefined)
        .map((feature) => feature.id)
        .sort(),
    );
  });
});

/** Rows with no `detect`, and why: `check` lists a row only where a page's source shows it. */
const UNDETECTED: Readonly<Record<string, string>> = {
  'vitepress.rewrites': 'a site setting (.vitepress/config), not a page syntax; check warns about what it cannot follow',
};

const SITE_FIXTURES: readonly SiteFixture[] = [
  {
    id: 'vitepress.rewrites',
    doc: 'https://vitepress.dev/guide/routing#route-rewrites',
    name: "'packages/:pkg/src/:slug*': ':pkg/:slug*', and the page's relative link based on the rewritten path",
    files: {
      'docs/.vitepress/config.js': "export default {\n  rewrites: {\n    'packages/:pkg/src/:slug*': ':pkg/:slug*'\n  }\n}\n",
      'docs/packages/pkg-a/src/index.md': '# Package A\n',
      'docs/packages/pkg-a/src/pkg-a-code.md': '# A code\n\n[Link to PKG B](../pkg-b/pkg-b-code)\n',
      'docs/packages/pkg-b/src/pkg-b-code.md': '# B code\n',
    },
    urls: {
      'packages/pkg-a/src/index.md': '/pkg-a/',
      'packages/pkg-a/src/pkg-a-code.md': '/pkg-a/pkg-a-code',
      'packages/pkg-b/src/pkg-b-code.md': '/pkg-b/pkg-b-code',
    },
    hops: {
      '/packages/pkg-a/src/pkg-a-code': '/pkg-a/pkg-a-code',
      '/packages/pkg-a/src/pkg-a-code.md': '/pkg-a/pkg-a-code.md',
      '/packages/pkg-a/src/': '/pkg-a/',
      '/pkg-a/pkg-a-code.html': '/pkg-a/pkg-a-code',
    },
    page: '/pkg-a/pkg-a-code',
    markdown: '# A code\n\n[Link to PKG B](http://sitegate.test/pkg-b/pkg-b-code)\n',
    html: '<h1 id="a-code">A code</h1>\n<p><a href="/pkg-b/pkg-b-code">Link to PKG B</a></p>\n',
  },
];

describeSiteFixtures('VitePress URL rows, on sites read by the real loader', SITE_FIXTURES, 'docs', { noProblems: true });

describe('vitepress.dev/guide/markdown#focus-in-code-blocks, #colored-diffs-in-code-blocks, #errors-and-warnings-in-code-blocks', () => {
  it('[!code --] and [!code ++] mark both lines; neither notation reaches the text', () => {
    const out = vitepress(
      "```js\nexport default {\n  data () {\n    return {\n      msg: 'Removed' // [!code --]\n      msg: 'Added' // [!code ++]\n    }\n  }\n}\n```\n",
    );
    expect(out.text).toBe(
      "```js {4-5}\nexport default {\n  data () {\n    return {\n      msg: 'Removed'\n      msg: 'Added'\n    }\n  }\n}\n```\n",
    );
    expect(out.html).not.toContain('[!code');
    expect(out.html).toContain(
      '<span class="line highlighted">      msg: \'Removed\'</span>\n<span class="line highlighted">      msg: \'Added\'</span>\n',
    );
  });

  it('[!code error] / [!code warning], in any comment, and a range on a line of its own', () => {
    const out = vitepress(
      "```js\nexport default {\n  data () {\n    return {\n      msg: 'Error', // [!code error]\n      msg: 'Warning' // [!code warning]\n    }\n  }\n}\n```\n\n```py\n# [!code highlight:2]\na = 1\nb = 2\nc = 3  # keep this [!code hl]\n```\n\n```html\n<p>x</p> <!-- [!code ++] -->\n```\n",
    );
    expect(out.text).toBe(
      "```js {4-5}\nexport default {\n  data () {\n    return {\n      msg: 'Error',\n      msg: 'Warning'\n    }\n  }\n}\n```\n\n```py {1-3}\na = 1\nb = 2\nc = 3  # keep this\n```\n\n```html {1}\n<p>x</p>\n```\n",
    );
    expect(out.html).toContain(
      '<pre tabindex="0"><code class="language-py"><span class="line highlighted">a = 1</span>\n<span class="line highlighted">b = 2</span>\n<span class="line highlighted">c = 3  # keep this</span>\n</code></pre>',
    );
  });

  it('leaves notations in code that is not a fence, and fences without them, as written', () => {
    const source = 'Write `// [!code ++]` after the line.\n\n```js\nconst a = 1\n```\n';
    expect(vitepress(source).text).toBe(source);
  });
});

describe('vitepress.dev/guide/markdown#markdown-file-inclusion', () => {
  it('includes a line range, and a region with a range', () => {
    expect(vitepress('<!--@include: ./parts/basics.md{3,}-->\n').text).toBe('### Configuration\n\nCan be created using `.foorc.json`.\n');
    expect(vitepress('<!--@include: ./parts/usage.md#basic-usage{,2}-->\n').text).toBe('## Usage Line 1\n\n');
    expect(vitepress('<!--@include: ./parts/usage.md#basic-usage{3,3}-->\n').html).toBe('<h2 id="usage-line-2">Usage Line 2</h2>\n');
  });
});

describe('vitepress.dev/guide/markdown#emoji', () => {
  it('detects shortcodes, not colons in URLs and times', () => {
    expect(row('vitepress.emoji')?.detect?.test('see http://x.test/a:b:c and 10:30:00')).toBe(false);
  });
});

describe('vitepress.dev/guide/using-vue#interpolation and vitepress.dev/guide/frontmatter', () => {
  it('is not read on pages of other generators, where `{{ }}` is text', () => {
    const source = 'Run `tar` on {{path/to/file}}.\n';
    expect(dialect(source, { generator: 'plain' }).text).toBe(source);
    expect(dialect(source, { generator: 'hugo' }).text).toBe(source);
  });
});

describe('vitepress.dev/guide/using-vue: HTML elements with Vue directives', () => {
  it('unwraps an element whose attributes name a directive, keeps one whose values only hold a colon, and one with v-pre', () => {
    const out = page(
      '<a href="/x" title="a :b">link</a> and <template #leftColumn>Left</template>, <span v-if="ok">shown</span>.\n\n<code v-pre>{{ raw }}</code>\n',
    );
    expect(out.agents).toBe('<a href="/x" title="a :b">link</a> and Left, shown.\n\n<code v-pre>{{ raw }}</code>\n');
    expect(out.html).toBe('<p><a href="/x" title="a :b">link</a> and Left, shown.</p>\n<p><code>{{ raw }}</code></p>\n');
    expect(out.problems).toStrictEqual([]);
  });

  it('reads a long attribute list once (vue.ts, the step alone)', () => {
    expectLinearTime((n) => `<button${' title=":x"'.repeat(n)} @click="go">Go</button>\n\n${'<b @a="'.repeat(n)}\n`, vueComponents, 20_000);
  });
});

describe('VitePress steps on untrusted content', () => {
  it('keep a page without their syntax as the very same string', () => {
    const source = '# Title\n\nText with `code` and a [link](./a.md).\n\n```js\nconst a = 1\n```\n';
    expect(vitepress(source).text).toBe(source);
  });

  it('take linear time on pathological lines', () => {
    expectLinearTime((n) => `\`\`\`js\n${'[!code '.repeat(n)}\n${'x // [!code hl:9999]\n'.repeat(n / 10)}\`\`\`\n`, vitepress, 50_000);
    expectLinearTime((n) => `${'{{ '.repeat(n)}\n\n${'{{ a }}'.repeat(n)}\n`, vitepress, 20_000);
    expectLinearTime((n) => `\`\`\`js\n${'a // [!code ++]'.repeat(n)}\n\`\`\`\n`, vitepress, 50_000);
    // One render names the headings (a page's cost, as the HTML's): linear, but not cheap.
    expectLinearTime((n) => `[[toc]]\n\n${'## h\n\n'.repeat(n)}`, vitepress, 1_000);
  });
});
