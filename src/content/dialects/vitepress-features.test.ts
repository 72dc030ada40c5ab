/**
 * The VitePress rows of the dialect feature table (features/vitepress.ts), each from the section of
 * vitepress.dev/guide/markdown (or the page) named in the test: the exact plain markdown agents get
 * and the exact HTML. Code comes out unhighlighted (test-support.ts).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import { vitepressFeatures } from './features/vitepress.js';
import { siteFilesOf } from './site-files.js';
import { dialect, writeSite } from './test-support.js';

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

/** A VitePress page through the dialect step. */
const vitepress = (source: string) => dialect(source, { relPath: 'guide/index.md', files, generator: 'vitepress' });
const row = (id: string) => vitepressFeatures.find((feature) => feature.id === id);

describe('vitepress.dev/guide/markdown#custom-containers', () => {
  it('admonitions with and without a title, and details, as GitHub alerts and quotes', () => {
    const source =
      "::: info\nThis is an info box.\n:::\n\n::: danger STOP\nDanger zone, do not proceed\n:::\n\n::: details Click me to toggle the code\n```js\nconsole.log('Hello, VitePress!')\n```\n:::\n";
    const out = vitepress(source);
    expect(out.text).toBe(
      "> [!NOTE]\n> This is an info box.\n\n> [!CAUTION]\n> **STOP**\n>\n> Danger zone, do not proceed\n\n> **Click me to toggle the code**\n>\n> ```js\n> console.log('Hello, VitePress!')\n> ```\n",
    );
    expect(out.html).toBe(
      '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p>This is an info box.</p>\n</div>\n' +
        '<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p><strong>STOP</strong></p>\n<p>Danger zone, do not proceed</p>\n</div>\n' +
        '<blockquote>\n<p><strong>Click me to toggle the code</strong></p>\n<pre tabindex="0"><code class="language-js">console.log(\'Hello, VitePress!\')\n</code></pre>\n</blockquote>\n',
    );
    expect(row('vitepress.custom-containers')?.detect?.test(source)).toBe(true);
  });

  // vitepress.dev/guide/markdown#raw
  it('`::: raw` and `::: v-pre` keep their body as written', () => {
    const out = vitepress('::: raw\nA demo, styled on its own.\n:::\n\n::: v-pre\n`{{ This will be displayed as-is }}`\n:::\n');
    expect(out.text).toBe('A demo, styled on its own.\n\n`{{ This will be displayed as-is }}`\n');
    expect(out.html).toBe('<p>A demo, styled on its own.</p>\n<p><code>{{ This will be displayed as-is }}</code></p>\n');
    expect(out.problems).toStrictEqual([]);
  });
});

describe('vitepress.dev/guide/markdown#github-flavored-alerts', () => {
  it('are GFM already: the markdown is the source, the HTML a labelled box', () => {
    const source = '> [!WARNING]\n> Urgent info that needs immediate user attention to avoid problems.\n';
    const out = vitepress(source);
    expect(out.text).toBe(source);
    expect(out.html).toBe(
      '<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Warning</p>\n<p>Urgent info that needs immediate user attention to avoid problems.</p>\n</div>\n',
    );
  });
});

describe('vitepress.dev/guide/markdown#code-groups', () => {
  it('labels each block by its [label]', () => {
    const source =
      "::: code-group\n\n```js [config.js]\nconst config = {\n  // ...\n}\n\nexport default config\n```\n\n```ts [config.ts]\nimport type { UserConfig } from 'vitepress'\n\nconst config: UserConfig = {\n  // ...\n}\n\nexport default config\n```\n\n:::\n";
    const out = vitepress(source);
    expect(out.text).toBe(
      "**config.js**\n\n```js\nconst config = {\n  // ...\n}\n\nexport default config\n```\n\n**config.ts**\n\n```ts\nimport type { UserConfig } from 'vitepress'\n\nconst config: UserConfig = {\n  // ...\n}\n\nexport default config\n```\n",
    );
    expect(out.html).toBe(
      '<p><strong>config.js</strong></p>\n<pre tabindex="0"><code class="language-js">const config = {\n  // ...\n}\n\nexport default config\n</code></pre>\n' +
        '<p><strong>config.ts</strong></p>\n<pre tabindex="0"><code class="language-ts">import type { UserConfig } from \'vitepress\'\n\nconst config: UserConfig = {\n  // ...\n}\n\nexport default config\n</code></pre>\n',
    );
    expect(row('vitepress.code-group')?.detect?.test(source)).toBe(true);
  });
});

describe('vitepress.dev/guide/markdown#custom-anchors', () => {
  it('the HTML heading takes the given id (the markdown is the attribute-list step’s, attr-list.test.ts)', () => {
    const source = '# Using custom anchors {#my-anchor}\n';
    expect(vitepress(source).html).toBe('<h1 id="my-anchor">Using custom anchors</h1>\n');
    expect(row('vitepress.custom-anchors')?.detect?.test(source)).toBe(true);
  });
});

describe('vitepress.dev/guide/markdown#line-highlighting-in-code-blocks', () => {
  it('keeps the info string and marks the lines in the HTML', () => {
    const source = "```js{4}\nexport default {\n  data () {\n    return {\n      msg: 'Highlighted!'\n    }\n  }\n}\n```\n";
    const out = vitepress(source);
    expect(out.text).toBe(source);
    expect(out.html).toBe(
      '<pre tabindex="0"><code class="language-js"><span class="line">export default {</span>\n<span class="line">  data () {</span>\n<span class="line">    return {</span>\n' +
        '<span class="line highlighted">      msg: \'Highlighted!\'</span>\n<span class="line">    }</span>\n<span class="line">  }</span>\n<span class="line">}</span>\n</code></pre>\n',
    );
    expect(row('vitepress.line-highlighting')?.detect?.test(source)).toBe(true);
  });
});

describe('vitepress.dev/guide/markdown#focus-in-code-blocks, #colored-diffs-in-code-blocks, #errors-and-warnings-in-code-blocks', () => {
  const lines =
    (...marked: boolean[]) =>
    (texts: string[]) =>
      texts.map((text, i) => `<span class="line${marked[i] === true ? ' highlighted' : ''}">${text}</span>\n`).join('');

  it('[!code focus] leaves the code and marks its line', () => {
    const source = "```js\nexport default {\n  data () {\n    return {\n      msg: 'Focused!' // [!code focus]\n    }\n  }\n}\n```\n";
    const out = vitepress(source);
    expect(out.text).toBe("```js {4}\nexport default {\n  data () {\n    return {\n      msg: 'Focused!'\n    }\n  }\n}\n```\n");
    expect(out.html).toBe(
      `<pre tabindex="0"><code class="language-js">${lines(false, false, false, true)(['export default {', '  data () {', '    return {', "      msg: 'Focused!'", '    }', '  }', '}'])}</code></pre>\n`,
    );
    expect(row('vitepress.code-notation')?.detect?.test(source)).toBe(true);
  });

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

describe('vitepress.dev/guide/markdown#line-numbers', () => {
  it('takes `:line-numbers` off the language', () => {
    const out = vitepress("```ts:line-numbers=2 {1}\n// line-numbers is enabled and start from 2\nconst line3 = 'This is line 3'\n```\n");
    expect(out.text).toBe("```ts {1}\n// line-numbers is enabled and start from 2\nconst line3 = 'This is line 3'\n```\n");
    expect(out.html).toBe(
      '<pre tabindex="0"><code class="language-ts"><span class="line highlighted">// line-numbers is enabled and start from 2</span>\n<span class="line">const line3 = \'This is line 3\'</span>\n</code></pre>\n',
    );
  });
});

describe('vitepress.dev/guide/markdown#import-code-snippets', () => {
  it('imports a region with its highlights, and overrides the language', () => {
    const out = vitepress('<<< @/snippets/snippet-with-region.js#snippet{1}\n\n<<< @/snippets/snippet.cs{c#}\n');
    expect(out.text).toBe('```js {1}\nfunction foo() {\n  // ..\n}\n```\n\n```c#\nvar x = 1;\nvar y = 2;\n```\n');
    expect(out.html).toBe(
      '<pre tabindex="0"><code class="language-js"><span class="line highlighted">function foo() {</span>\n<span class="line">  // ..</span>\n<span class="line">}</span>\n</code></pre>\n' +
        '<pre tabindex="0"><code class="language-c#">var x = 1;\nvar y = 2;\n</code></pre>\n',
    );
  });
});

describe('vitepress.dev/guide/markdown#markdown-file-inclusion', () => {
  it('includes a file, a line range and a region with a range', () => {
    const out = vitepress('# Docs\n\n## Basics\n\n<!--@include: ./parts/basics.md-->\n');
    expect(out.text).toBe(
      '# Docs\n\n## Basics\n\nSome getting started stuff.\n\n### Configuration\n\nCan be created using `.foorc.json`.\n',
    );
    expect(out.html).toBe(
      '<h1 id="docs">Docs</h1>\n<h2 id="basics">Basics</h2>\n<p>Some getting started stuff.</p>\n<h3 id="configuration">Configuration</h3>\n<p>Can be created using <code>.foorc.json</code>.</p>\n',
    );
    expect(vitepress('<!--@include: ./parts/basics.md{3,}-->\n').text).toBe('### Configuration\n\nCan be created using `.foorc.json`.\n');
    expect(vitepress('<!--@include: ./parts/usage.md#basic-usage{,2}-->\n').text).toBe('## Usage Line 1\n\n');
    expect(vitepress('<!--@include: ./parts/usage.md#basic-usage{3,3}-->\n').html).toBe('<h2 id="usage-line-2">Usage Line 2</h2>\n');
  });
});

describe('vitepress.dev/guide/markdown#table-of-contents', () => {
  it('[[toc]] becomes a list of the ## and ### headings, linked to the ids the HTML gives them', () => {
    const source = '# Page\n\n[[toc]]\n\n## Getting started\n\n### Install `it`\n\n## Usage {#use}\n\n#### Deep\n\n```md\n[[toc]]\n```\n';
    const out = vitepress(source);
    expect(out.text).toBe(
      '# Page\n\n- [Getting started](#getting-started)\n  - [Install it](#install-it)\n- [Usage](#use)\n\n## Getting started\n\n### Install `it`\n\n## Usage {#use}\n\n#### Deep\n\n```md\n[[toc]]\n```\n',
    );
    expect(out.html).toBe(
      '<h1 id="page">Page</h1>\n<ul>\n<li><a href="#getting-started">Getting started</a>\n<ul>\n<li><a href="#install-it">Install it</a></li>\n</ul>\n</li>\n<li><a href="#use">Usage</a></li>\n</ul>\n' +
        '<h2 id="getting-started">Getting started</h2>\n<h3 id="install-it">Install <code>it</code></h3>\n<h2 id="use">Usage</h2>\n<h4 id="deep">Deep</h4>\n<pre tabindex="0"><code class="language-md">[[toc]]\n</code></pre>\n',
    );
    expect(row('vitepress.table-of-contents')?.detect?.test(source)).toBe(true);
  });
});

describe('vitepress.dev/guide/markdown#emoji', () => {
  it('leaves shortcodes as written (partial: no emoji table)', () => {
    expect(vitepress(':tada: :100:\n')).toStrictEqual({ text: ':tada: :100:\n', problems: [], html: '<p>:tada: :100:</p>\n' });
    expect(row('vitepress.emoji')?.detect?.test(':tada: :100:')).toBe(true);
    expect(row('vitepress.emoji')?.detect?.test('see http://x.test/a:b:c and 10:30:00')).toBe(false);
  });
});

describe('vitepress.dev/guide/using-vue#interpolation and vitepress.dev/guide/frontmatter', () => {
  it('{{ $frontmatter.title }} becomes the value; other expressions are left out and reported; code and v-pre are not read', () => {
    const out = vitepress(
      '---\ntitle: Docs with VitePress\neditLink: true\n---\n\n# {{ $frontmatter.title }}\n\nEdit link: {{ $frontmatter.editLink }}, {{ $frontmatter.missing }}; `{{ $frontmatter.title }}` and {{ 1 + 1 }}.\n\n<span v-pre>{{ raw }}</span>\n',
    );
    expect(out.text).toBe(
      '---\ntitle: Docs with VitePress\neditLink: true\n---\n\n# Docs with VitePress\n\nEdit link: true, ; `{{ $frontmatter.title }}` and .\n\n<span v-pre>{{ raw }}</span>\n',
    );
    expect(out.html.slice(out.html.indexOf('<h1'))).toBe(
      '<h1 id="docs-with-vitepress">Docs with VitePress</h1>\n<p>Edit link: true, ; <code>{{ $frontmatter.title }}</code> and .</p>\n<p><span>{{ raw }}</span></p>\n',
    );
    expect(out.problems).toStrictEqual([
      { severity: 'warning', file: 'guide/index.md', message: 'Vue interpolation not rendered: {{ 1 + 1 }}' },
    ]);
  });

  it('is not read on pages of other generators, where `{{ }}` is text', () => {
    const source = 'Run `tar` on {{path/to/file}}.\n';
    expect(dialect(source, { generator: 'plain' }).text).toBe(source);
    expect(dialect(source, { generator: 'hugo' }).text).toBe(source);
  });
});

describe('VitePress steps on untrusted content', () => {
  it('keep a page without their syntax as the very same string', () => {
    const source = '# Title\n\nText with `code` and a [link](./a.md).\n\n```js\nconst a = 1\n```\n';
    expect(vitepress(source).text).toBe(source);
  });

  it('take linear time on pathological lines', () => {
    const started = performance.now();
    vitepress(`\`\`\`js\n${'[!code '.repeat(50_000)}\n${'x // [!code hl:9999]\n'.repeat(5_000)}\`\`\`\n`);
    vitepress(`${'{{ '.repeat(50_000)}\n\n${'{{ a }}'.repeat(20_000)}\n`);
    vitepress(`\`\`\`js\n${'a // [!code ++]'.repeat(50_000)}\n\`\`\`\n`);
    // One render names the headings (a page's cost, as the HTML's): linear, but not cheap.
    vitepress(`[[toc]]\n\n${'## h\n\n'.repeat(1_000)}`);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
