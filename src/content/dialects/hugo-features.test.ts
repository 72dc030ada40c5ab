/**
 * The Hugo rows of the dialect feature table (features/hugo.ts), each with at least one fixture
 * written from the documentation page the row names (the test says the row id and the page):
 * Hugo's embedded shortcodes (gohugo.io/shortcodes/), Docsy's
 * (docsy.dev/docs/adding-content/shortcodes/), goldmark heading ids
 * (gohugo.io/content-management/markdown-attributes/), and Hugo's URLs
 * (gohugo.io/content-management/urls/, gohugo.io/configuration/). A page fixture asserts the exact
 * markdown agents get, the exact HTML and what `check` is told; a site fixture (the URL rows and
 * page parameters, which need the site's config and files) asserts each page's URL and a page's
 * exact markdown and HTML as the real loader makes them.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import { agentsMarkdown } from './agents-markdown.js';
import { featuresOf } from './features.js';
import { hugoFeatures } from './features/hugo.js';
import { siteFilesOf } from './site-files.js';
import { dialect, writeSite } from './test-support.js';
import { expectLinearTime } from '../../../test/linear-time.js';
import { describeSiteFixtures, type SiteFixture } from '../../../test/site-fixtures.js';

// Docsy's readfile example (docsy.dev/docs/adding-content/shortcodes/#include-external-files): an
// `includes` folder beside the page.
const site = writeSite({
  'content/docs/includes/installation.md':
    '## Installation\n\n{{% alert title="Note" color="primary" %}}\nCheck system compatibility before proceeding.\n{{% /alert %}}\n\n1.  Download the installation files.\n',
  'content/docs/includes/config.yaml': 'apiVersion: v1\nkind: Pod\n',
});
const files = siteFilesOf(path.join(site, 'content'), [], new InternalZone([]));
afterAll(() => rmSync(site, { recursive: true, force: true }));

/** A page fixture: the row it shows, the page it is written from, the source, and what comes out. */
interface Fixture {
  /** The feature row (features/hugo.ts) the fixture shows; its `detect` finds the source. */
  id: string;
  /** The documentation page the fixture is written from: the row's page or one under it. */
  doc: string;
  name: string;
  source: string;
  relPath?: string;
  /** The markdown agents get (agents-markdown.ts over the dialect step's output; links left relative). */
  agents: string;
  html: string;
  /** The messages `check` is told. */
  problems: string[];
}

const FIXTURES: readonly Fixture[] = [
  {
    id: 'hugo.heading-ids',
    doc: 'https://gohugo.io/content-management/markdown-attributes/',
    name: 'a heading id with a class and a title, and a plain {#id}; one in code stays',
    source: '## Section 1 {#foo class="bar baz" title="qux"}\n\n## Section 2 {#custom-id}\n\nWrite `## Title {#id}`.\n',
    agents: '## Section 1\n\n## Section 2\n\nWrite `## Title {#id}`.\n',
    html: '<h2 id="foo" class="bar baz" title="qux">Section 1</h2>\n<h2 id="custom-id">Section 2</h2>\n<p>Write <code>## Title {#id}</code>.</p>\n',
    problems: [],
  },
  {
    id: 'hugo.shortcode-param',
    doc: 'https://gohugo.io/shortcodes/param/',
    name: 'a parameter neither the page nor the site sets: left out, and check is told (Hugo stops with an error)',
    source: 'We found a {{% param "color" %}} shirt.\n',
    agents: 'We found a  shirt.\n',
    html: '<p>We found a  shirt.</p>\n',
    problems: ['{{< param color >}}: no such page parameter'],
  },
  {
    id: 'hugo.shortcode-details',
    doc: 'https://gohugo.io/shortcodes/details/',
    name: 'details',
    source: '{{< details summary="See the details" >}}\nThis is a **bold** word.\n{{< /details >}}\n',
    agents: '\n> **See the details**\n>\n> This is a **bold** word.\n\n',
    html: '<blockquote>\n<p><strong>See the details</strong></p>\n<p>This is a <strong>bold</strong> word.</p>\n</blockquote>\n',
    problems: [],
  },
  {
    id: 'hugo.shortcode-figure',
    doc: 'https://gohugo.io/shortcodes/figure/',
    name: 'figure',
    source: '{{< figure src="elephant.jpg" alt="An elephant at sunset" caption="An elephant at sunset" >}}\n',
    agents: '\n![An elephant at sunset](elephant.jpg)\n\n*An elephant at sunset*\n\n',
    html: '<p><img src="/elephant.jpg" alt="An elephant at sunset"></p>\n<p><em>An elephant at sunset</em></p>\n',
    problems: [],
  },
  {
    id: 'hugo.shortcode-highlight',
    doc: 'https://gohugo.io/shortcodes/highlight/',
    name: 'highlight',
    source: '{{< highlight go "linenos=inline" >}}\npackage main\n{{< /highlight >}}\n',
    agents: '\n```go\npackage main\n```\n\n',
    html: '<pre tabindex="0"><code class="language-go">package main\n</code></pre>\n',
    problems: [],
  },
  {
    id: 'hugo.shortcode-ref',
    doc: 'https://gohugo.io/shortcodes/ref/',
    name: 'ref / relref',
    source: '[About]({{< ref "/about" >}}) and [Docs]({{< relref "docs/intro.md#setup" >}})\n',
    agents: '[About](./about.md) and [Docs](./docs/intro.md#setup)\n',
    html: '<p><a href="/about">About</a> and <a href="/docs/intro#setup">Docs</a></p>\n',
    problems: [],
  },
  {
    id: 'hugo.shortcode-embeds',
    doc: 'https://gohugo.io/shortcodes/',
    name: 'youtube, vimeo, x, instagram',
    source:
      '{{< youtube 0RKpf3rK57I >}}\n\n{{< vimeo 55073825 >}}\n\n{{< x user="SanDiegoZoo" id="1453110110599868418" >}}\n\n{{< instagram CxOWiQNP2MO >}}\n',
    agents:
      '[YouTube video](https://www.youtube.com/watch?v=0RKpf3rK57I)\n\n[Vimeo video](https://vimeo.com/55073825)\n\n[X post](https://x.com/SanDiegoZoo/status/1453110110599868418)\n\n[Instagram post](https://www.instagram.com/p/CxOWiQNP2MO/)\n',
    html: '<p><a href="https://www.youtube.com/watch?v=0RKpf3rK57I">YouTube video</a></p>\n<p><a href="https://vimeo.com/55073825">Vimeo video</a></p>\n<p><a href="https://x.com/SanDiegoZoo/status/1453110110599868418">X post</a></p>\n<p><a href="https://www.instagram.com/p/CxOWiQNP2MO/">Instagram post</a></p>\n',
    problems: [],
  },
  {
    id: 'hugo.shortcode-embeds',
    doc: 'https://gohugo.io/shortcodes/youtube/',
    name: 'youtube and vimeo with a title',
    source: '{{< youtube id=0RKpf3rK57I title="A New Hugo Site in Under Two Minutes" >}}\n',
    agents: '[A New Hugo Site in Under Two Minutes](https://www.youtube.com/watch?v=0RKpf3rK57I)\n',
    html: '<p><a href="https://www.youtube.com/watch?v=0RKpf3rK57I">A New Hugo Site in Under Two Minutes</a></p>\n',
    problems: [],
  },
  {
    id: 'hugo.shortcode-embeds',
    doc: 'https://gohugo.io/shortcodes/',
    name: 'gist, with a file name',
    source: '{{< gist jmooring 23932424365401ffa5e9d9810102a477 list.html >}}\n',
    agents: '[Gist](https://gist.github.com/jmooring/23932424365401ffa5e9d9810102a477)\n',
    html: '<p><a href="https://gist.github.com/jmooring/23932424365401ffa5e9d9810102a477">Gist</a></p>\n',
    problems: [],
  },
  {
    id: 'hugo.shortcode-qr',
    doc: 'https://gohugo.io/shortcodes/qr/',
    name: 'qr',
    source: '{{< qr text="https://gohugo.io" />}}\n\n{{< qr >}}\nhttps://gohugo.io\n{{< /qr >}}\n',
    agents: '\n[https://gohugo.io](https://gohugo.io)\n\n\n\n[https://gohugo.io](https://gohugo.io)\n\n',
    html: '<p><a href="https://gohugo.io">https://gohugo.io</a></p>\n<p><a href="https://gohugo.io">https://gohugo.io</a></p>\n',
    problems: [],
  },
  {
    id: 'hugo.shortcode-comment',
    doc: 'https://gohugo.io/shortcodes/comment/',
    name: 'comment',
    source: 'Before.\n\n{{< comment >}}\nThis is a comment.\n{{< /comment >}}\n\nAfter.\n',
    agents: 'Before.\n\n\nAfter.\n',
    html: '<p>Before.</p>\n<p>After.</p>\n',
    problems: [],
  },
  {
    id: 'hugo.shortcode-escaped',
    doc: 'https://gohugo.io/content-management/shortcodes/#notation',
    name: 'escaped shortcodes',
    source: '```go-html-template\n{{</* alert */>}}\n```\n\nUse `{{%/* tab */%}}` here.\n',
    agents: '```go-html-template\n{{< alert >}}\n```\n\nUse `{{% tab %}}` here.\n',
    html: '<pre tabindex="0"><code class="language-go-html-template">{{&lt; alert &gt;}}\n</code></pre>\n<p>Use <code>{{% tab %}}</code> here.</p>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-alert',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#alert',
    name: 'alert with title',
    source: '{{% alert title="Welcome" %}} **Hello**, world! {{% /alert %}}\n',
    agents: '\n> [!NOTE]\n> **Welcome**\n>\n> **Hello**, world!\n\n',
    html: '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Welcome</strong></p>\n<p><strong>Hello</strong>, world!</p>\n</div>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-alert',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#alerts-and-indentation',
    name: 'alert with color in a list',
    source:
      '- The following note is part of this list item:\n  {{% alert title="Celebrate!" color=success %}}\n  This alert content is properly rendered.\n  {{% /alert %}}\n  The first list item continues.\n',
    agents:
      '- The following note is part of this list item:\n\n  > [!TIP]\n  > **Celebrate!**\n  >\n  > This alert content is properly rendered.\n\n  The first list item continues.\n',
    html: '<ul>\n<li>\n<p>The following note is part of this list item:</p>\n<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p><strong>Celebrate!</strong></p>\n<p>This alert content is properly rendered.</p>\n</div>\n<p>The first list item continues.</p>\n</li>\n</ul>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-pageinfo',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#pageinfo',
    name: 'pageinfo',
    source: '{{% pageinfo color="info" %}}\nThis is placeholder content.\n{{% /pageinfo %}}\n',
    agents: '\n> [!NOTE]\n> This is placeholder content.\n\n',
    html: '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p>This is placeholder content.</p>\n</div>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-tabpane',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#tabbed-panes',
    name: 'tabpane of code',
    source:
      '{{< tabpane langEqualsHeader=true >}}\n{{< tab "C" >}}\nputs("Hello World!");\n{{< /tab >}}\n{{< tab header="Go" >}}\nfmt.Printf("Hello World!\\n")\n{{< /tab >}}\n{{< /tabpane >}}\n',
    agents: '\n**C**\n\n```c\nputs("Hello World!");\n```\n\n**Go**\n\n```go\nfmt.Printf("Hello World!\\n")\n```\n\n',
    html: '<p><strong>C</strong></p>\n<pre tabindex="0"><code class="language-c">puts(&quot;Hello World!&quot;);\n</code></pre>\n<p><strong>Go</strong></p>\n<pre tabindex="0"><code class="language-go">fmt.Printf(&quot;Hello World!\\n&quot;)\n</code></pre>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-tabpane',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#tabbed-panes',
    name: 'tabpane of text',
    source:
      '{{< tabpane text=true right=true >}}\n  {{% tab header="**Languages**:" disabled=true /%}}\n  {{% tab header="English" lang="en" %}}\n  **Welcome!**\n  {{% /tab %}}\n  {{% tab header="Swahili" lang="sw" %}}\n  **Karibu sana!**\n  {{% /tab %}}\n{{< /tabpane >}}\n',
    agents: '\n**English**\n\n**Welcome!**\n\n**Swahili**\n\n**Karibu sana!**\n\n',
    html: '<p><strong>English</strong></p>\n<p><strong>Welcome!</strong></p>\n<p><strong>Swahili</strong></p>\n<p><strong>Karibu sana!</strong></p>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-blocks',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#blockscover',
    name: 'blocks/cover and blocks/link-down',
    source:
      '{{< blocks/cover title="Welcome!" image_anchor="center" height="full" color="primary" >}}\n<div class="mx-auto">\n\t<p class="lead mt-5">This program is now available!</p>\n\t<div class="mx-auto mt-5">\n\t\t{{< blocks/link-down color="info" >}}\n\t</div>\n</div>\n{{< /blocks/cover >}}\n',
    agents:
      '\n**Welcome!**\n\n<div class="mx-auto">\n\t<p class="lead mt-5">This program is now available!</p>\n\t<div class="mx-auto mt-5">\n\t</div>\n</div>\n\n',
    html: '<p><strong>Welcome!</strong></p>\n<div class="mx-auto">\n\t<p class="lead mt-5">This program is now available!</p>\n\t<div class="mx-auto mt-5">\n\t</div>\n</div>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-blocks',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#blockslead',
    name: 'blocks/lead',
    source:
      '{{% blocks/lead color="dark" %}}\nTechOS is the OS of the future.\n\nRuns on **bare metal** in the **cloud**!\n{{% /blocks/lead %}}\n',
    agents: '\nTechOS is the OS of the future.\n\nRuns on **bare metal** in the **cloud**!\n\n',
    html: '<p>TechOS is the OS of the future.</p>\n<p>Runs on <strong>bare metal</strong> in the <strong>cloud</strong>!</p>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-blocks',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#blockssection',
    name: 'blocks/section and blocks/feature',
    source:
      '{{< blocks/section color="dark" type="row" >}}\n{{% blocks/feature icon="fa-lightbulb" title="Fastest OS **on the planet**!" %}}\nThe new **TechOS** operating system.\n{{% /blocks/feature %}}\n{{% blocks/feature icon="fa-brands fa-github" title="Contributions welcome!" url="https://github.com/gohugoio/hugo" %}}\nWe do a Pull Request workflow.\n{{% /blocks/feature %}}\n{{< /blocks/section >}}\n',
    agents:
      '\nFastest OS **on the planet**!\n\nThe new **TechOS** operating system.\n\n\n**Contributions welcome!**\n\nWe do a Pull Request workflow.\n\n[Read more](https://github.com/gohugoio/hugo)\n\n',
    html: '<p>Fastest OS <strong>on the planet</strong>!</p>\n<p>The new <strong>TechOS</strong> operating system.</p>\n<p><strong>Contributions welcome!</strong></p>\n<p>We do a Pull Request workflow.</p>\n<p><a href="https://github.com/gohugoio/hugo">Read more</a></p>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-card',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#card-panes',
    name: 'card and cardpane',
    source:
      '{{% cardpane %}}\n{{% card header="**Imagine**" title="Artist and songwriter: John Lennon" subtitle="Co-writer: Yoko Ono" %}}\nImagine there\'s no heaven.\n{{% /card %}}\n{{< card code=true header="**C**" lang="C" >}}\nputs("Hello World!");\n{{< /card >}}\n{{% /cardpane %}}\n',
    agents:
      '\n**Imagine**\n\nArtist and songwriter: John Lennon\n\nCo-writer: Yoko Ono\n\nImagine there\'s no heaven.\n\n\n**C**\n\n```C\nputs("Hello World!");\n```\n\n',
    html: '<p><strong>Imagine</strong></p>\n<p>Artist and songwriter: John Lennon</p>\n<p>Co-writer: Yoko Ono</p>\n<p>Imagine there\'s no heaven.</p>\n<p><strong>C</strong></p>\n<pre tabindex="0"><code class="language-c">puts(&quot;Hello World!&quot;);\n</code></pre>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-readfile',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#reuse-documentation',
    name: 'readfile of markdown',
    source: 'The following section explains how to install the database:\n\n{{% readfile "includes/installation.md" %}}\n',
    relPath: 'docs/install.md',
    agents:
      'The following section explains how to install the database:\n\n\n## Installation\n\n\n> [!NOTE]\n> **Note**\n>\n> Check system compatibility before proceeding.\n\n\n1.  Download the installation files.\n\n',
    html: '<p>The following section explains how to install the database:</p>\n<h2 id="installation">Installation</h2>\n<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Note</strong></p>\n<p>Check system compatibility before proceeding.</p>\n</div>\n<ol>\n<li>Download the installation files.</li>\n</ol>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-readfile',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#include-code-files',
    name: 'readfile of code in a list',
    source: '1.  Create a configuration file `config.yaml`:\n\n    {{< readfile file="includes/config.yaml" code="true" lang="yaml" >}}\n',
    relPath: 'docs/pipeline.md',
    agents: '1.  Create a configuration file `config.yaml`:\n\n\n    ```yaml\n    apiVersion: v1\n    kind: Pod\n    ```\n\n',
    html: '<ol>\n<li>\n<p>Create a configuration file <code>config.yaml</code>:</p>\n<pre tabindex="0"><code class="language-yaml">apiVersion: v1\nkind: Pod\n</code></pre>\n</li>\n</ol>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-readfile',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#error-reporting',
    name: 'readfile of a missing file',
    source: '{{< readfile file="/includes/deploy.yaml" code="true" lang="yaml" >}}\n',
    relPath: 'docs/x.md',
    agents: '\n(include refused: `/includes/deploy.yaml`)\n\n',
    html: '<p>(include refused: <code>/includes/deploy.yaml</code>)</p>\n',
    problems: ['{{% readfile %}}: include refused: /includes/deploy.yaml not found'],
  },
  {
    id: 'hugo.docsy-openapi',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#swaggerui',
    name: 'swaggerui and redoc as links to the OpenAPI file',
    source: '{{< swaggerui src="/openapi/petstore.yaml" >}}\n\n{{< redoc "https://example.org/petstore.yaml" >}}\n',
    agents: '\n[OpenAPI specification](/openapi/petstore.yaml)\n\n\n\n[OpenAPI specification](https://example.org/petstore.yaml)\n\n',
    html: '<p><a href="/openapi/petstore.yaml">OpenAPI specification</a></p>\n<p><a href="https://example.org/petstore.yaml">OpenAPI specification</a></p>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-iframe',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#iframe',
    name: 'iframe as a link to the embedded page',
    source: '{{< iframe src="https://example.org/embedded" >}}\n',
    agents: '\n[https://example.org/embedded](https://example.org/embedded)\n\n',
    html: '<p><a href="https://example.org/embedded">https://example.org/embedded</a></p>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-conditional-text',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#conditional-text',
    name: 'conditional-text',
    source:
      '{{% conditional-text include-if="foo" %}}\nThis text appears in the output only if `buildCondition = "foo"` is set.\n{{% /conditional-text %}}\n',
    agents: '\nThis text appears in the output only if `buildCondition = "foo"` is set.\n\n',
    html: '<p>This text appears in the output only if <code>buildCondition = &quot;foo&quot;</code> is set.</p>\n',
    problems: [],
  },
  {
    id: 'hugo.docsy-imgproc',
    doc: 'https://www.docsy.dev/docs/adding-content/shortcodes/#imgproc',
    name: 'imgproc',
    source: '{{% imgproc spruce Fill "400x450" %}}\nNorway Spruce *Picea abies* shoot with foliage buds.\n{{% /imgproc %}}\n',
    agents: '\nNorway Spruce *Picea abies* shoot with foliage buds.\n\n',
    html: '<p>Norway Spruce <em>Picea abies</em> shoot with foliage buds.</p>\n',
    problems: [],
  },
  {
    id: 'hugo.shortcode-unknown',
    doc: 'https://gohugo.io/content-management/shortcodes/',
    name: 'unknown shortcodes',
    source: '{{< new-in 0.140.0 >}}\n\n{{% note-box %}}\nKept text.\n{{% /note-box %}}\n',
    agents: '\n\nKept text.\n\n',
    html: '<p>Kept text.</p>\n',
    problems: ['Hugo shortcodes not rendered: new-in ×1 dropped, note-box ×1 unwrapped'],
  },
];

describe('Hugo dialect features, from their documentation pages', () => {
  for (const fixture of FIXTURES) {
    it(`${fixture.id}: ${fixture.name} (${fixture.doc})`, () => {
      const out = dialect(fixture.source, { generator: 'hugo', relPath: fixture.relPath, files });
      expect(agentsMarkdown(out.text)).toBe(fixture.agents);
      expect(out.html).toBe(fixture.html);
      expect(out.problems.map((problem) => problem.message)).toStrictEqual(fixture.problems);
    });
  }
});

const SITE_FIXTURES: readonly SiteFixture[] = [
  {
    id: 'hugo.pretty-urls',
    doc: 'https://gohugo.io/content-management/urls/',
    name: 'content/posts/post-1.md is published at /posts/post-1/, its markdown at /posts/post-1/index.md',
    files: { 'hugo.toml': "title = 'H'\n", 'content/posts/post-1.md': '---\ntitle: Post 1\n---\nSome text.\n' },
    urls: { 'posts/post-1.md': '/posts/post-1/' },
    hops: { '/posts/post-1': '/posts/post-1/', '/posts/post-1.md': '/posts/post-1/index.md', '/posts/post-1/index.html': '/posts/post-1/' },
    page: '/posts/post-1/',
    markdown: '---\ntitle: Post 1\n---\nSome text.\n',
    html: '<p>Some text.</p>\n',
  },
  {
    id: 'hugo.front-matter-urls',
    doc: 'https://gohugo.io/content-management/urls/#front-matter',
    name: 'slug replaces the last segment, url the whole path, aliases answer 308',
    files: {
      'hugo.toml': "title = 'H'\n",
      'content/posts/post-1.md':
        '---\nslug: my-first-post\ntitle: My First Post\naliases: [/posts/old-first-post/]\n---\n[About](/about-us/)\n',
      'content/about.md': '---\ntitle: About\nurl: /about-us/\n---\nAbout us.\n',
    },
    urls: { 'about.md': '/about-us/', 'posts/post-1.md': '/posts/my-first-post/' },
    hops: { '/about/': '/about-us/', '/posts/post-1/': '/posts/my-first-post/', '/posts/old-first-post/': '/posts/my-first-post/' },
    page: '/posts/my-first-post/',
    markdown:
      '---\nslug: my-first-post\ntitle: My First Post\naliases: [/posts/old-first-post/]\n---\n[About](http://sitegate.test/about-us/)\n',
    html: '<p><a href="/about-us/">About</a></p>\n',
  },
  {
    id: 'hugo.ugly-urls',
    doc: 'https://gohugo.io/configuration/ugly-urls/',
    name: 'uglyURLs = true: /posts/post-1.html is served at /posts/post-1, its markdown at /posts/post-1.md',
    files: { 'hugo.toml': "title = 'H'\nuglyURLs = true\n", 'content/posts/post-1.md': '---\ntitle: Post 1\n---\nSome text.\n' },
    urls: { 'posts/post-1.md': '/posts/post-1' },
    hops: { '/posts/post-1.html': '/posts/post-1', '/posts/post-1/': '/posts/post-1' },
    page: '/posts/post-1',
    markdown: '---\ntitle: Post 1\n---\nSome text.\n',
    html: '<p>Some text.</p>\n',
  },
  {
    id: 'hugo.permalinks',
    doc: 'https://gohugo.io/configuration/permalinks/',
    name: 'a page pattern (/articles/:year/:month/:slug/) and a section pattern (/articles/) for posts',
    files: {
      'hugo.toml':
        "title = 'H'\n[permalinks]\n  [permalinks.page]\n    posts = '/articles/:year/:month/:slug/'\n  [permalinks.section]\n    posts = '/articles/'\n",
      'content/posts/_index.md': '---\ntitle: Posts\n---\n',
      'content/posts/bash-in-slow-motion.md': '---\ntitle: Bash in Slow Motion\ndate: 2023-03-15\n---\nSome text.\n',
    },
    urls: { 'posts/_index.md': '/articles/', 'posts/bash-in-slow-motion.md': '/articles/2023/03/bash-in-slow-motion/' },
    // The file's own URL answers 308; the section's own, /posts/, is gone, as on Hugo's site.
    hops: {
      '/posts/bash-in-slow-motion/': '/articles/2023/03/bash-in-slow-motion/',
      '/articles/2023/03/bash-in-slow-motion': '/articles/2023/03/bash-in-slow-motion/',
    },
    page: '/articles/2023/03/bash-in-slow-motion/',
    markdown: '---\ntitle: Bash in Slow Motion\ndate: 2023-03-15\n---\nSome text.\n',
    html: '<p>Some text.</p>\n',
  },
  {
    id: 'hugo.relative-links',
    doc: 'https://gohugo.io/content-management/urls/',
    name: 'a link without .md resolves from the published URL /docs/basics/, one level deeper than the file',
    files: {
      'hugo.toml': "title = 'H'\n",
      'content/docs/basics.md': '---\ntitle: Basics\n---\n[intro](../intro/) and [home](../../)\n',
      'content/docs/intro.md': '---\ntitle: Intro\n---\nIntro.\n',
      'content/_index.md': '---\ntitle: Home\n---\nHome.\n',
    },
    urls: { '_index.md': '/', 'docs/basics.md': '/docs/basics/', 'docs/intro.md': '/docs/intro/' },
    hops: { '/docs/basics': '/docs/basics/', '/docs/intro': '/docs/intro/' },
    page: '/docs/basics/',
    markdown: '---\ntitle: Basics\n---\n[intro](http://sitegate.test/docs/intro/) and [home](http://sitegate.test/)\n',
    html: '<p><a href="/docs/intro/">intro</a> and <a href="/">home</a></p>\n',
  },
  {
    id: 'hugo.shortcode-param',
    doc: 'https://gohugo.io/shortcodes/param/',
    name: 'a front matter parameter, nested ones by chained identifiers',
    files: {
      'hugo.toml': "title = 'H'\n",
      'content/example.md':
        '---\ntitle: Example\ndate: 2025-01-15T23:29:46-08:00\nparams:\n  color: red\n  size: medium\n  my:\n    nested:\n      param: deep\n---\nWe found a {{% param "color" %}} shirt, {{% param my.nested.param %}} in the drawer.\n',
    },
    urls: { 'example.md': '/example/' },
    hops: { '/example': '/example/' },
    page: '/example/',
    markdown:
      '---\ntitle: Example\ndate: 2025-01-15T23:29:46-08:00\nparams:\n  color: red\n  size: medium\n  my:\n    nested:\n      param: deep\n---\nWe found a red shirt, deep in the drawer.\n',
    html: '<p>We found a red shirt, deep in the drawer.</p>\n',
  },
  {
    id: 'hugo.shortcode-param',
    doc: 'https://gohugo.io/shortcodes/param/',
    name: "falling back to a site parameter of the same name: the config's params, config/_default/params.toml over them, keys case-insensitive",
    files: {
      'hugo.toml':
        "title = 'H'\n[params]\n  color = 'blue'\n  subtitle = 'Old subtitle'\n  [params.author]\n    display_name = 'Ann Smith'\n",
      'config/_default/params.toml': "subtitle = 'The Best Widgets on Earth'\nreleaseYear = 2025\n",
      'content/example.md':
        '---\ntitle: Example\nparams:\n  color: red\n---\nA {{% param "color" %}} shirt by {{< param "author.display_name" >}}: {{< param subtitle >}}, since {{< param releaseYear >}}.\n',
    },
    urls: { 'example.md': '/example/' },
    hops: { '/example': '/example/' },
    page: '/example/',
    markdown: '---\ntitle: Example\nparams:\n  color: red\n---\nA red shirt by Ann Smith: The Best Widgets on Earth, since 2025.\n',
    html: '<p>A red shirt by Ann Smith: The Best Widgets on Earth, since 2025.</p>\n',
  },
];

describeSiteFixtures('Hugo URL rows and page parameters, on sites read by the real loader', SITE_FIXTURES, 'content');

/** Rows with no `detect`, and why: `check` lists a row only where a page's source shows it. */
const UNDETECTED: Readonly<Record<string, string>> = {
  'hugo.pretty-urls': 'a URL rule of every page, not a syntax of one',
  'hugo.front-matter-urls': 'front matter keys, read by the loader, not by the dialect',
  'hugo.ugly-urls': 'a site setting (hugo.toml), not a page syntax',
  'hugo.permalinks': 'a site setting (hugo.toml), not a page syntax',
  'hugo.relative-links': 'every relative link, on every Hugo page',
  'hugo.shortcode-unknown': 'any name no other row has; check names them in its problem instead',
};

describe('the Hugo rows of the feature table', () => {
  it('each have a fixture, written from the row’s page, which the row’s detect finds', () => {
    const ids = new Set([...FIXTURES, ...SITE_FIXTURES].map((fixture) => fixture.id));
    expect([...ids].sort()).toStrictEqual(hugoFeatures.map((row) => row.id).sort());
    for (const fixture of [...FIXTURES, ...SITE_FIXTURES]) {
      const row = hugoFeatures.find((candidate) => candidate.id === fixture.id);
      expect([fixture.id, fixture.doc.startsWith(row?.doc.split('#')[0] ?? '-')]).toStrictEqual([fixture.id, true]);
    }
    for (const fixture of FIXTURES) {
      const detect = hugoFeatures.find((candidate) => candidate.id === fixture.id)?.detect;
      if (detect !== undefined) expect([fixture.id, detect.test(fixture.source)]).toStrictEqual([fixture.id, true]);
    }
    expect(Object.keys(UNDETECTED).sort()).toStrictEqual(
      hugoFeatures
        .filter((row) => row.detect === undefined)
        .map((row) => row.id)
        .sort(),
    );
  });

  it('do not find a heading id in prose or a shortcode name inside a longer one', () => {
    const detected = (source: string): string[] => hugoFeatures.filter((row) => row.detect?.test(source) === true).map((row) => row.id);
    expect(detected('## Title\n\nA {#x} in prose.\n')).toStrictEqual([]);
    expect(detected(`## ${'{#a '.repeat(20_000)}\n`)).toStrictEqual([]);
    expect(detected('{{< alerts >}} {{< figures >}}\n')).toStrictEqual([]);
  });

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

describe('Hugo pages without dialect syntax', () => {
  it('come out as the exact same string', () => {
    const source = '---\ntitle: Plain\n---\n# Plain\n\nA [link](../other/) and `{{ .Title }}` in code.\n';
    expect(dialect(source, { generator: 'hugo' }).text).toBe(source);
  });
});

describe('Hugo shortcodes on pathological pages', () => {
  it('read long bodies and long lines of calls without stalling or throwing', () => {
    const pages: readonly [(count: number) => string, number][] = [
      [(n) => `{{< tabpane text=true >}}\n{{% tab header="A" %}}\n${'  line\n'.repeat(n)}{{% /tab %}}\n{{< /tabpane >}}\n`, 200_000],
      [(n) => `{{< highlight go >}}\n${'` '.repeat(n)}\n{{< /highlight >}}\n`, 200_000],
      [(n) => `${'{{< blocks/link-down >}} '.repeat(n)}\n`, 50_000],
      [(n) => `  ${'{{< comment >}}{{< /comment >}}'.repeat(n)}\n`, 50_000],
    ];
    for (const [page, count] of pages) {
      expect(() => dialect(page(count), { generator: 'hugo' })).not.toThrow();
      expectLinearTime(page, (text) => dialect(text, { generator: 'hugo' }), count);
    }
  });
});
