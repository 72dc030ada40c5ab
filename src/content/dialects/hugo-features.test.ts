/**
 * The Hugo rows of the dialect feature table (features/hugo.ts), each with a fixture written from
 * the documentation page it names: Hugo's embedded shortcodes (gohugo.io/shortcodes/), Docsy's
 * (docsy.dev/docs/adding-content/shortcodes/) and goldmark heading ids
 * (gohugo.io/content-management/markdown-attributes/). Each asserts the exact plain markdown agents
 * get, the exact HTML and what `check` is told.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import { featuresOf } from './features.js';
import { hugoFeatures } from './features/hugo.js';
import { siteFilesOf } from './site-files.js';
import { dialect, writeSite } from './test-support.js';

// Docsy's readfile example (docsy.dev/docs/adding-content/shortcodes/#include-external-files): an
// `includes` folder beside the page.
const site = writeSite({
  'content/docs/includes/installation.md':
    '## Installation\n\n{{% alert title="Note" color="primary" %}}\nCheck system compatibility before proceeding.\n{{% /alert %}}\n\n1.  Download the installation files.\n',
  'content/docs/includes/config.yaml': 'apiVersion: v1\nkind: Pod\n',
});
const files = siteFilesOf(path.join(site, 'content'), [], new InternalZone([]));
afterAll(() => rmSync(site, { recursive: true, force: true }));

interface Fixture {
  name: string;
  /** The documentation page the fixture is written from. */
  doc: string;
  /** The feature row whose `detect` finds the fixture. */
  row: string | undefined;
  source: string;
  relPath?: string;
  text: string;
  html: string;
  problems: string[];
}

const FIXTURES: Fixture[] = [
  {
    name: 'details',
    doc: 'https://gohugo.io/shortcodes/details/',
    row: 'hugo.shortcode-details',
    source: '{{< details summary="See the details" >}}\nThis is a **bold** word.\n{{< /details >}}\n',
    text: '\n> **See the details**\n>\n> This is a **bold** word.\n\n',
    html: '<blockquote>\n<p><strong>See the details</strong></p>\n<p>This is a <strong>bold</strong> word.</p>\n</blockquote>\n',
    problems: [],
  },
  {
    name: 'figure',
    doc: 'https://gohugo.io/shortcodes/figure/',
    row: 'hugo.shortcode-figure',
    source: '{{< figure src="elephant.jpg" alt="An elephant at sunset" caption="An elephant at sunset" >}}\n',
    text: '\n![An elephant at sunset](elephant.jpg)\n\n*An elephant at sunset*\n\n',
    html: '<p><img src="/elephant.jpg" alt="An elephant at sunset"></p>\n<p><em>An elephant at sunset</em></p>\n',
    problems: [],
  },
  {
    name: 'highlight',
    doc: 'https://gohugo.io/shortcodes/highlight/',
    row: 'hugo.shortcode-highlight',
    source: '{{< highlight go "linenos=inline" >}}\npackage main\n{{< /highlight >}}\n',
    text: '\n```go\npackage main\n```\n\n',
    html: '<pre tabindex="0"><code class="language-go">package main\n</code></pre>\n',
    problems: [],
  },
  {
    name: 'ref / relref',
    doc: 'https://gohugo.io/shortcodes/ref/',
    row: 'hugo.shortcode-ref',
    source: '[About]({{< ref "/about" >}}) and [Docs]({{< relref "docs/intro.md#setup" >}})\n',
    text: '[About](./about.md) and [Docs](./docs/intro.md#setup)\n',
    html: '<p><a href="/about">About</a> and <a href="/docs/intro#setup">Docs</a></p>\n',
    problems: [],
  },
  {
    name: 'youtube, vimeo, x, instagram',
    doc: 'https://gohugo.io/shortcodes/',
    row: 'hugo.shortcode-embeds',
    source:
      '{{< youtube 0RKpf3rK57I >}}\n\n{{< vimeo 55073825 >}}\n\n{{< x user="SanDiegoZoo" id="1453110110599868418" >}}\n\n{{< instagram CxOWiQNP2MO >}}\n',
    text: '[YouTube video](https://www.youtube.com/watch?v=0RKpf3rK57I)\n\n[Vimeo video](https://vimeo.com/55073825)\n\n[X post](https://x.com/SanDiegoZoo/status/1453110110599868418)\n\n[Instagram post](https://www.instagram.com/p/CxOWiQNP2MO/)\n',
    html: '<p><a href="https://www.youtube.com/watch?v=0RKpf3rK57I">YouTube video</a></p>\n<p><a href="https://vimeo.com/55073825">Vimeo video</a></p>\n<p><a href="https://x.com/SanDiegoZoo/status/1453110110599868418">X post</a></p>\n<p><a href="https://www.instagram.com/p/CxOWiQNP2MO/">Instagram post</a></p>\n',
    problems: [],
  },
  {
    name: 'youtube and vimeo with a title',
    doc: 'https://gohugo.io/shortcodes/youtube/',
    row: 'hugo.shortcode-embeds',
    source: '{{< youtube id=0RKpf3rK57I title="A New Hugo Site in Under Two Minutes" >}}\n',
    text: '[A New Hugo Site in Under Two Minutes](https://www.youtube.com/watch?v=0RKpf3rK57I)\n',
    html: '<p><a href="https://www.youtube.com/watch?v=0RKpf3rK57I">A New Hugo Site in Under Two Minutes</a></p>\n',
    problems: [],
  },
  {
    name: 'qr',
    doc: 'https://gohugo.io/shortcodes/qr/',
    row: 'hugo.shortcode-qr',
    source: '{{< qr text="https://gohugo.io" />}}\n\n{{< qr >}}\nhttps://gohugo.io\n{{< /qr >}}\n',
    text: '\n[https://gohugo.io](https://gohugo.io)\n\n\n\n[https://gohugo.io](https://gohugo.io)\n\n',
    html: '<p><a href="https://gohugo.io">https://gohugo.io</a></p>\n<p><a href="https://gohugo.io">https://gohugo.io</a></p>\n',
    problems: [],
  },
  {
    name: 'comment',
    doc: 'https://gohugo.io/shortcodes/comment/',
    row: 'hugo.shortcode-comment',
    source: 'Before.\n\n{{< comment >}}\nThis is a comment.\n{{< /comment >}}\n\nAfter.\n',
    text: 'Before.\n\n\nAfter.\n',
    html: '<p>Before.</p>\n<p>After.</p>\n',
    problems: [],
  },
  {
    name: 'escaped shortcodes',
    doc: 'https://gohugo.io/content-management/shortcodes/#notation',
    row: 'hugo.shortcode-escaped',
    source: '```go-html-template\n{{</* alert */>}}\n```\n\nUse `{{%/* tab */%}}` here.\n',
    text: '```go-html-template\n{{< alert >}}\n```\n\nUse `{{% tab %}}` here.\n',
    html: '<pre tabindex="0"><code class="language-go-html-template">{{&lt; alert &gt;}}\n</code></pre>\n<p>Use <code>{{% tab %}}</code> here.</p>\n',
    problems: [],
  },
  {
    name: 'alert with title',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#alert',
    row: 'hugo.docsy-alert',
    source: '{{% alert title="Welcome" %}} **Hello**, world! {{% /alert %}}\n',
    text: '\n> [!NOTE]\n> **Welcome**\n>\n> **Hello**, world!\n\n',
    html: '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Welcome</strong></p>\n<p><strong>Hello</strong>, world!</p>\n</div>\n',
    problems: [],
  },
  {
    name: 'alert with color in a list',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#alerts-and-indentation',
    row: 'hugo.docsy-alert',
    source:
      '- The following note is part of this list item:\n  {{% alert title="Celebrate!" color=success %}}\n  This alert content is properly rendered.\n  {{% /alert %}}\n  The first list item continues.\n',
    text: '- The following note is part of this list item:\n\n  > [!TIP]\n  > **Celebrate!**\n  >\n  > This alert content is properly rendered.\n\n  The first list item continues.\n',
    html: '<ul>\n<li>\n<p>The following note is part of this list item:</p>\n<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p><strong>Celebrate!</strong></p>\n<p>This alert content is properly rendered.</p>\n</div>\n<p>The first list item continues.</p>\n</li>\n</ul>\n',
    problems: [],
  },
  {
    name: 'pageinfo',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#pageinfo',
    row: 'hugo.docsy-pageinfo',
    source: '{{% pageinfo color="info" %}}\nThis is placeholder content.\n{{% /pageinfo %}}\n',
    text: '\n> [!NOTE]\n> This is placeholder content.\n\n',
    html: '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p>This is placeholder content.</p>\n</div>\n',
    problems: [],
  },
  {
    name: 'tabpane of code',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#tabbed-panes',
    row: 'hugo.docsy-tabpane',
    source:
      '{{< tabpane langEqualsHeader=true >}}\n{{< tab "C" >}}\nputs("Hello World!");\n{{< /tab >}}\n{{< tab header="Go" >}}\nfmt.Printf("Hello World!\\n")\n{{< /tab >}}\n{{< /tabpane >}}\n',
    text: '\n**C**\n\n```c\nputs("Hello World!");\n```\n\n**Go**\n\n```go\nfmt.Printf("Hello World!\\n")\n```\n\n',
    html: '<p><strong>C</strong></p>\n<pre tabindex="0"><code class="language-c">puts(&quot;Hello World!&quot;);\n</code></pre>\n<p><strong>Go</strong></p>\n<pre tabindex="0"><code class="language-go">fmt.Printf(&quot;Hello World!\\n&quot;)\n</code></pre>\n',
    problems: [],
  },
  {
    name: 'tabpane of text',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#tabbed-panes',
    row: 'hugo.docsy-tabpane',
    source:
      '{{< tabpane text=true right=true >}}\n  {{% tab header="**Languages**:" disabled=true /%}}\n  {{% tab header="English" lang="en" %}}\n  **Welcome!**\n  {{% /tab %}}\n  {{% tab header="Swahili" lang="sw" %}}\n  **Karibu sana!**\n  {{% /tab %}}\n{{< /tabpane >}}\n',
    text: '\n**English**\n\n**Welcome!**\n\n**Swahili**\n\n**Karibu sana!**\n\n',
    html: '<p><strong>English</strong></p>\n<p><strong>Welcome!</strong></p>\n<p><strong>Swahili</strong></p>\n<p><strong>Karibu sana!</strong></p>\n',
    problems: [],
  },
  {
    name: 'blocks/cover and blocks/link-down',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#blockscover',
    row: 'hugo.docsy-blocks',
    source:
      '{{< blocks/cover title="Welcome!" image_anchor="center" height="full" color="primary" >}}\n<div class="mx-auto">\n\t<p class="lead mt-5">This program is now available!</p>\n\t<div class="mx-auto mt-5">\n\t\t{{< blocks/link-down color="info" >}}\n\t</div>\n</div>\n{{< /blocks/cover >}}\n',
    text: '\n**Welcome!**\n\n<div class="mx-auto">\n\t<p class="lead mt-5">This program is now available!</p>\n\t<div class="mx-auto mt-5">\n\t</div>\n</div>\n\n',
    html: '<p><strong>Welcome!</strong></p>\n<div class="mx-auto">\n\t<p class="lead mt-5">This program is now available!</p>\n\t<div class="mx-auto mt-5">\n\t</div>\n</div>\n',
    problems: [],
  },
  {
    name: 'blocks/lead',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#blockslead',
    row: 'hugo.docsy-blocks',
    source:
      '{{% blocks/lead color="dark" %}}\nTechOS is the OS of the future.\n\nRuns on **bare metal** in the **cloud**!\n{{% /blocks/lead %}}\n',
    text: '\nTechOS is the OS of the future.\n\nRuns on **bare metal** in the **cloud**!\n\n',
    html: '<p>TechOS is the OS of the future.</p>\n<p>Runs on <strong>bare metal</strong> in the <strong>cloud</strong>!</p>\n',
    problems: [],
  },
  {
    name: 'blocks/section and blocks/feature',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#blockssection',
    row: 'hugo.docsy-blocks',
    source:
      '{{< blocks/section color="dark" type="row" >}}\n{{% blocks/feature icon="fa-lightbulb" title="Fastest OS **on the planet**!" %}}\nThe new **TechOS** operating system.\n{{% /blocks/feature %}}\n{{% blocks/feature icon="fa-brands fa-github" title="Contributions welcome!" url="https://github.com/gohugoio/hugo" %}}\nWe do a Pull Request workflow.\n{{% /blocks/feature %}}\n{{< /blocks/section >}}\n',
    text: '\nFastest OS **on the planet**!\n\nThe new **TechOS** operating system.\n\n\n**Contributions welcome!**\n\nWe do a Pull Request workflow.\n\n[Read more](https://github.com/gohugoio/hugo)\n\n',
    html: '<p>Fastest OS <strong>on the planet</strong>!</p>\n<p>The new <strong>TechOS</strong> operating system.</p>\n<p><strong>Contributions welcome!</strong></p>\n<p>We do a Pull Request workflow.</p>\n<p><a href="https://github.com/gohugoio/hugo">Read more</a></p>\n',
    problems: [],
  },
  {
    name: 'card and cardpane',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#card-panes',
    row: 'hugo.docsy-card',
    source:
      '{{% cardpane %}}\n{{% card header="**Imagine**" title="Artist and songwriter: John Lennon" subtitle="Co-writer: Yoko Ono" %}}\nImagine there\'s no heaven.\n{{% /card %}}\n{{< card code=true header="**C**" lang="C" >}}\nputs("Hello World!");\n{{< /card >}}\n{{% /cardpane %}}\n',
    text: '\n**Imagine**\n\nArtist and songwriter: John Lennon\n\nCo-writer: Yoko Ono\n\nImagine there\'s no heaven.\n\n\n**C**\n\n```C\nputs("Hello World!");\n```\n\n',
    html: '<p><strong>Imagine</strong></p>\n<p>Artist and songwriter: John Lennon</p>\n<p>Co-writer: Yoko Ono</p>\n<p>Imagine there\'s no heaven.</p>\n<p><strong>C</strong></p>\n<pre tabindex="0"><code class="language-c">puts(&quot;Hello World!&quot;);\n</code></pre>\n',
    problems: [],
  },
  {
    name: 'readfile of markdown',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#reuse-documentation',
    row: 'hugo.docsy-readfile',
    source: 'The following section explains how to install the database:\n\n{{% readfile "includes/installation.md" %}}\n',
    relPath: 'docs/install.md',
    text: 'The following section explains how to install the database:\n\n\n## Installation\n\n\n> [!NOTE]\n> **Note**\n>\n> Check system compatibility before proceeding.\n\n\n1.  Download the installation files.\n\n',
    html: '<p>The following section explains how to install the database:</p>\n<h2 id="installation">Installation</h2>\n<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Note</strong></p>\n<p>Check system compatibility before proceeding.</p>\n</div>\n<ol>\n<li>Download the installation files.</li>\n</ol>\n',
    problems: [],
  },
  {
    name: 'readfile of code in a list',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#include-code-files',
    row: 'hugo.docsy-readfile',
    source: '1.  Create a configuration file `config.yaml`:\n\n    {{< readfile file="includes/config.yaml" code="true" lang="yaml" >}}\n',
    relPath: 'docs/pipeline.md',
    text: '1.  Create a configuration file `config.yaml`:\n\n\n    ```yaml\n    apiVersion: v1\n    kind: Pod\n    ```\n\n',
    html: '<ol>\n<li>\n<p>Create a configuration file <code>config.yaml</code>:</p>\n<pre tabindex="0"><code class="language-yaml">apiVersion: v1\nkind: Pod\n</code></pre>\n</li>\n</ol>\n',
    problems: [],
  },
  {
    name: 'readfile of a missing file',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#error-reporting',
    row: 'hugo.docsy-readfile',
    source: '{{< readfile file="/includes/deploy.yaml" code="true" lang="yaml" >}}\n',
    relPath: 'docs/x.md',
    text: '\n(include refused: `/includes/deploy.yaml`)\n\n',
    html: '<p>(include refused: <code>/includes/deploy.yaml</code>)</p>\n',
    problems: ['{{% readfile %}}: include refused: /includes/deploy.yaml not found'],
  },
  {
    name: 'swaggerui, redoc, iframe',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#swaggerui',
    row: 'hugo.docsy-openapi',
    source:
      '{{< swaggerui src="/openapi/petstore.yaml" >}}\n\n{{< redoc "https://example.org/petstore.yaml" >}}\n\n{{< iframe src="https://example.org/embedded" >}}\n',
    text: '\n[OpenAPI specification](/openapi/petstore.yaml)\n\n\n\n[OpenAPI specification](https://example.org/petstore.yaml)\n\n\n\n[https://example.org/embedded](https://example.org/embedded)\n\n',
    html: '<p><a href="/openapi/petstore.yaml">OpenAPI specification</a></p>\n<p><a href="https://example.org/petstore.yaml">OpenAPI specification</a></p>\n<p><a href="https://example.org/embedded">https://example.org/embedded</a></p>\n',
    problems: [],
  },
  {
    name: 'conditional-text',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#conditional-text',
    row: 'hugo.docsy-conditional-text',
    source:
      '{{% conditional-text include-if="foo" %}}\nThis text appears in the output only if `buildCondition = "foo"` is set.\n{{% /conditional-text %}}\n',
    text: '\nThis text appears in the output only if `buildCondition = "foo"` is set.\n\n',
    html: '<p>This text appears in the output only if <code>buildCondition = &quot;foo&quot;</code> is set.</p>\n',
    problems: [],
  },
  {
    name: 'imgproc',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#imgproc',
    row: 'hugo.docsy-imgproc',
    source: '{{% imgproc spruce Fill "400x450" %}}\nNorway Spruce *Picea abies* shoot with foliage buds.\n{{% /imgproc %}}\n',
    text: '\nNorway Spruce *Picea abies* shoot with foliage buds.\n\n',
    html: '<p>Norway Spruce <em>Picea abies</em> shoot with foliage buds.</p>\n',
    problems: [],
  },
  {
    name: 'unknown shortcodes',
    doc: 'https://gohugo.io/content-management/shortcodes/',
    row: undefined,
    source: '{{< new-in 0.140.0 >}}\n\n{{% note-box %}}\nKept text.\n{{% /note-box %}}\n',
    text: '\n\nKept text.\n\n',
    html: '<p>Kept text.</p>\n',
    problems: ['Hugo shortcodes not rendered: new-in ×1 dropped, note-box ×1 unwrapped'],
  },
];

describe('Hugo shortcodes as plain markdown, from their documentation', () => {
  it.each(FIXTURES.map((fixture) => [`${fixture.name} (${fixture.doc})`, fixture] as const))('%s', (_name, fixture) => {
    const out = dialect(fixture.source, { generator: 'hugo', relPath: fixture.relPath, files });
    expect(out.text).toBe(fixture.text);
    expect(out.html).toBe(fixture.html);
    expect(out.problems.map((problem) => problem.message)).toStrictEqual(fixture.problems);
  });

  it('finds each fixture by its row’s detect, and the row names the page the fixture follows', () => {
    for (const fixture of FIXTURES) {
      if (fixture.row === undefined) continue;
      const row = hugoFeatures.find((feature) => feature.id === fixture.row);
      expect([fixture.name, row?.detect?.test(fixture.source)]).toStrictEqual([fixture.name, true]);
      expect([fixture.name, fixture.doc.startsWith(row?.doc.split('#')[0] ?? '-')]).toStrictEqual([fixture.name, true]);
    }
  });
});

// gohugo.io/content-management/markdown-attributes/: `## Heading {#custom-id}` sets the heading's id.
describe('Hugo heading ids {#id} (gohugo.io/content-management/markdown-attributes/)', () => {
  it('gives the heading its id in the HTML', () => {
    const out = dialect('## Title {#custom-id}\n\nText.\n', { generator: 'hugo' });
    expect(out.html).toBe('<h2 id="custom-id">Title</h2>\n<p>Text.</p>\n');
    // The attribute list leaves the agents' markdown in the generic attribute-list step (issue 31,
    // part M): before that step lands the heading keeps it, after it the heading is clean.
    expect(['## Title {#custom-id}\n\nText.\n', '## Title\n\nText.\n']).toContain(out.text);
    expect(out.problems).toStrictEqual([]);
  });

  it('is found by the row’s detect', () => {
    const row = hugoFeatures.find((feature) => feature.id === 'hugo.heading-ids');
    expect(row?.detect?.test('## Title {#custom-id}\n')).toBe(true);
    expect(row?.detect?.test('## Title\n\nA {#x} in prose.\n')).toBe(false);
  });
});

describe('Hugo pages without dialect syntax', () => {
  it('come out as the exact same string', () => {
    const source = '---\ntitle: Plain\n---\n# Plain\n\nA [link](../other/) and `{{ .Title }}` in code.\n';
    expect(dialect(source, { generator: 'hugo' }).text).toBe(source);
  });
});

describe('the Hugo rows of the feature table', () => {
  it('apply to Hugo pages only, each with a documentation URL and a note where not supported', () => {
    for (const row of hugoFeatures) {
      expect([row.id, row.generators]).toStrictEqual([row.id, ['hugo']]);
      expect(row.id.startsWith('hugo.')).toBe(true);
      expect(row.doc).toMatch(/^https:\/\/(gohugo\.io|www\.docsy\.dev)\//);
      if (row.support !== 'supported') expect(row.note).toBeDefined();
    }
    expect(new Set(hugoFeatures.map((row) => row.id)).size).toBe(hugoFeatures.length);
    // Hugo pages also read the rows other generators share with it (attribute lists, mkdocs.attr-list).
    expect(featuresOf('hugo').filter((row) => row.id.startsWith('hugo.'))).toStrictEqual(hugoFeatures);
  });
});

describe('Hugo shortcodes on pathological pages', () => {
  it('read long bodies and long lines of calls without stalling or throwing', () => {
    const pages = [
      `{{< tabpane text=true >}}\n{{% tab header="A" %}}\n${'  line\n'.repeat(200_000)}{{% /tab %}}\n{{< /tabpane >}}\n`,
      `{{< highlight go >}}\n${'` '.repeat(200_000)}\n{{< /highlight >}}\n`,
      `${'{{< blocks/link-down >}} '.repeat(50_000)}\n`,
      `  ${'{{< comment >}}{{< /comment >}}'.repeat(50_000)}\n`,
    ];
    for (const page of pages) {
      const started = performance.now();
      expect(() => dialect(page, { generator: 'hugo' })).not.toThrow();
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });
});
