/**
 * The GitBook rows of the dialect feature table (features/gitbook.ts): for each, a fixture written
 * from its documentation page (named in the test; quoting the page's own example where it has one),
 * the exact markdown agents get and the exact HTML. SUMMARY.md and `.gitbook.yaml` redirects shape
 * the site rather than a page's text: their fixtures are sites, served.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, removeDir, writeContent, type TestApp } from '../../../test/helpers.js';
import { InternalZone } from '../access.js';
import { rewriteHtmlSources } from '../asset-links.js';
import { isFolder, navLabel, type Folder } from '../folders.js';
import { agentsMarkdown } from './agents-markdown.js';
import { featuresOf } from './features.js';
import { gitbookFeatures } from './features/gitbook.js';
import { gitbookTagAt } from './gitbook-tags.js';
import { siteFilesOf } from './site-files.js';
import { dialect, writeSite } from './test-support.js';
import { expectLinearTime } from '../../../test/linear-time.js';

/** A page fixture: the row, the doc page it follows, what it shows, the source and what comes out. */
interface Fixture {
  id: string;
  doc: string;
  name: string;
  /** The page's path (default `page.md`). */
  relPath?: string;
  source: string;
  agents: string;
  html: string;
  /** What `check` reports (default none). */
  problems?: { severity: 'warning'; file: string; message: string }[];
}

/** One fixture or more per row whose syntax is in a page. */
const FIXTURES: Fixture[] = [
  {
    id: 'gitbook.hint',
    doc: 'https://gitbook.com/docs/creating-content/blocks/hint',
    name: 'the four hint styles of its examples',
    source:
      '{% hint style="info" %}\n**Info hints** are great for showing general information, or providing tips and tricks.\n{% endhint %}\n\n{% hint style="success" %}\n**Success hints** are good for showing positive actions or achievements.\n{% endhint %}\n\n{% hint style="warning" %}\n**Warning hints** are good for showing important information or non-critical warnings.\n{% endhint %}\n\n{% hint style="danger" %}\n**Danger hints** are good for highlighting destructive actions or raising attention to critical information.\n{% endhint %}\n',
    agents:
      '> [!NOTE]\n> **Info hints** are great for showing general information, or providing tips and tricks.\n\n> [!TIP]\n> **Success hints** are good for showing positive actions or achievements.\n\n> [!WARNING]\n> **Warning hints** are good for showing important information or non-critical warnings.\n\n> [!CAUTION]\n> **Danger hints** are good for highlighting destructive actions or raising attention to critical information.\n',
    html: '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Info hints</strong> are great for showing general information, or providing tips and tricks.</p>\n</div>\n<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p><strong>Success hints</strong> are good for showing positive actions or achievements.</p>\n</div>\n<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Warning</p>\n<p><strong>Warning hints</strong> are good for showing important information or non-critical warnings.</p>\n</div>\n<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p><strong>Danger hints</strong> are good for highlighting destructive actions or raising attention to critical information.</p>\n</div>\n',
  },
  {
    id: 'gitbook.hint',
    doc: 'https://gitbook.com/docs/creating-content/blocks/hint',
    name: 'a hint with a heading as its first block',
    source: '{% hint style="info" %}\n## This is a H2 heading\n\nThis is a line\n{% endhint %}\n',
    agents: '> [!NOTE]\n> ## This is a H2 heading\n>\n> This is a line\n',
    html: '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<h2 id="this-is-a-h2-heading">This is a H2 heading</h2>\n<p>This is a line</p>\n</div>\n',
  },
  {
    id: 'gitbook.tabs',
    doc: 'https://gitbook.com/docs/creating-content/blocks/tabs',
    name: 'its example, one tab per platform',
    source:
      '{% tabs %}\n{% tab title="Windows" %}\nHere are the instructions for Windows\n{% endtab %}\n\n{% tab title="macOS" %}\nHere are the instructions for macOS\n{% endtab %}\n\n{% tab title="Linux" %}\nHere are the instructions for Linux\n{% endtab %}\n{% endtabs %}\n',
    agents:
      '**Windows**\n\nHere are the instructions for Windows\n\n**macOS**\n\nHere are the instructions for macOS\n\n**Linux**\n\nHere are the instructions for Linux\n',
    html: '<p><strong>Windows</strong></p>\n<p>Here are the instructions for Windows</p>\n<p><strong>macOS</strong></p>\n<p>Here are the instructions for macOS</p>\n<p><strong>Linux</strong></p>\n<p>Here are the instructions for Linux</p>\n',
  },
  {
    id: 'gitbook.tabs',
    doc: 'https://gitbook.com/docs/creating-content/blocks/tabs',
    name: 'its representation in Markdown, each tab on one line',
    source:
      '{% tabs %}\n\n{% tab title="Windows" %} Here are the instructions for Windows {% endtab %}\n\n{% tab title="OSX" %} Here are the instructions for macOS {% endtab %}\n\n{% tab title="Linux" %} Here are the instructions for Linux {% endtab %}\n\n{% endtabs %}\n',
    agents:
      '**Windows**\n\nHere are the instructions for Windows\n\n**OSX**\n\nHere are the instructions for macOS\n\n**Linux**\n\nHere are the instructions for Linux\n',
    html: '<p><strong>Windows</strong></p>\n<p>Here are the instructions for Windows</p>\n<p><strong>OSX</strong></p>\n<p>Here are the instructions for macOS</p>\n<p><strong>Linux</strong></p>\n<p>Here are the instructions for Linux</p>\n',
  },
  {
    id: 'gitbook.embed',
    doc: 'https://gitbook.com/docs/creating-content/blocks/embed-a-url',
    name: 'its video example, the URL written as an autolink',
    source: '### Videos\n\n{% embed url="<https://www.youtube.com/watch?v=D_uLM5i0Z4c>" %}\n',
    agents: '### Videos\n\n[https://www.youtube.com/watch?v=D_uLM5i0Z4c](https://www.youtube.com/watch?v=D_uLM5i0Z4c)\n',
    html: '<h3 id="videos">Videos</h3>\n<p><a href="https://www.youtube.com/watch?v=D_uLM5i0Z4c">https://www.youtube.com/watch?v=D_uLM5i0Z4c</a></p>\n',
  },
  {
    id: 'gitbook.embed',
    doc: 'https://gitbook.com/docs/creating-content/blocks/embed-a-url',
    name: 'an embed with a caption, and one in running text whose URL holds a %',
    source: '{% embed url="https://youtu.be/x" %}\nDemo\n{% endembed %}\n\nWatch {% embed url="https://x.test/?a=50%" %} now.\n',
    agents: '[Demo](https://youtu.be/x)\n\nWatch [https://x.test/?a=50%](https://x.test/?a=50%) now.\n',
    html: '<p><a href="https://youtu.be/x">Demo</a></p>\n<p>Watch <a href="https://x.test/?a=50%25">https://x.test/?a=50%</a> now.</p>\n',
  },
  {
    id: 'gitbook.content-ref',
    doc: 'https://gitbook.com/docs/creating-content/blocks/page-link',
    name: 'its example, the link the export writes inside',
    source:
      '{% content-ref url="blocks.md" %}\n[Blocks](blocks.md)\n{% endcontent-ref %}\n\n{% content-ref url="formatting/inline.md" %}\n[Inline content](formatting/inline.md)\n{% endcontent-ref %}\n',
    agents: '[Blocks](blocks.md)\n\n[Inline content](formatting/inline.md)\n',
    html: '<p><a href="/blocks">Blocks</a></p>\n<p><a href="/formatting/inline">Inline content</a></p>\n',
  },
  {
    id: 'gitbook.content-ref',
    doc: 'https://gitbook.com/docs/creating-content/blocks/page-link',
    name: 'its representation in Markdown, on one line',
    source: '{% content-ref url="./" %} . {% endcontent-ref %}\n',
    agents: '[.](./)\n',
    html: '<p><a href="/README">.</a></p>\n',
  },
  {
    id: 'gitbook.stepper',
    doc: 'https://gitbook.com/docs/creating-content/blocks/stepper',
    name: 'two steps, each a heading and its text',
    source:
      '{% stepper %}\n{% step %}\n### Step 1 title\n\nStep 1 text\n{% endstep %}\n\n{% step %}\n### Step 2 title\n\nStep 2 text\n{% endstep %}\n{% endstepper %}\n',
    agents: '1. ### Step 1 title\n\n   Step 1 text\n\n2. ### Step 2 title\n\n   Step 2 text\n',
    html: '<ol>\n<li>\n<h3 id="step-1-title">Step 1 title</h3>\n<p>Step 1 text</p>\n</li>\n<li>\n<h3 id="step-2-title">Step 2 title</h3>\n<p>Step 2 text</p>\n</li>\n</ol>\n',
  },
  {
    id: 'gitbook.columns',
    doc: 'https://gitbook.com/docs/creating-content/blocks/columns',
    name: 'its example: text and a button, then an image',
    source:
      '{% columns %}\n{% column width="50%" %}\n#### Create a seamless experience between your docs and your product\n\nIntegrate your docs directly into your product experience.\n\n<a href="https://www.gitbook.com/#alpha-waitlist" class="button primary">Learn more</a>\n{% endcolumn %}\n\n{% column %}\n<figure><img src=".gitbook/assets/columns.png" alt="An image of GitBook icons demonstrating side by side column functionality"><figcaption></figcaption></figure>\n{% endcolumn %}\n{% endcolumns %}\n',
    agents:
      '#### Create a seamless experience between your docs and your product\n\nIntegrate your docs directly into your product experience.\n\n<a href="https://www.gitbook.com/#alpha-waitlist" class="button primary">Learn more</a>\n\n<figure><img src=".gitbook/assets/columns.png" alt="An image of GitBook icons demonstrating side by side column functionality"><figcaption></figcaption></figure>\n',
    html: '<h4 id="create-a-seamless-experience-between-your-docs-and-your-product">Create a seamless experience between your docs and your product</h4>\n<p>Integrate your docs directly into your product experience.</p>\n<p><a href="https://www.gitbook.com/#alpha-waitlist" class="button primary">Learn more</a></p>\n<figure><img src="/.gitbook/assets/columns.png" alt="An image of GitBook icons demonstrating side by side column functionality"><figcaption></figcaption></figure>\n',
  },
  {
    id: 'gitbook.code-title',
    doc: 'https://gitbook.com/docs/creating-content/blocks/code-block',
    name: 'its example: a title, wrapped lines and line numbers',
    source:
      "{% code title=\"index.js\" overflow=\"wrap\" lineNumbers=\"true\" %}\n\n```javascript\nimport * as React from 'react';\nimport ReactDOM from 'react-dom';\nimport App from './App';\n\nReactDOM.render(<App />, window.document.getElementById('root'));\n```\n\n{% endcode %}\n",
    agents:
      "**index.js**\n\n```javascript\nimport * as React from 'react';\nimport ReactDOM from 'react-dom';\nimport App from './App';\n\nReactDOM.render(<App />, window.document.getElementById('root'));\n```\n",
    html: "<p><strong>index.js</strong></p>\n<pre tabindex=\"0\"><code class=\"language-javascript\">import * as React from 'react';\nimport ReactDOM from 'react-dom';\nimport App from './App';\n\nReactDOM.render(&lt;App /&gt;, window.document.getElementById('root'));\n</code></pre>\n",
  },
  {
    id: 'gitbook.file',
    doc: 'https://gitbook.com/docs/creating-content/blocks/insert-files',
    name: 'its example: a file with a caption, and one without',
    source:
      '{% file src="<https://files.gitbook.test/uploads/example.pdf?alt=media>" %}\nThis is the file caption.\n{% endfile %}\n\n{% file src=".gitbook/assets/guide.pdf" %}\n{% endfile %}\n',
    agents:
      '[This is the file caption.](https://files.gitbook.test/uploads/example.pdf?alt=media)\n\n[guide.pdf](.gitbook/assets/guide.pdf)\n',
    html: '<p><a href="https://files.gitbook.test/uploads/example.pdf?alt=media">This is the file caption.</a></p>\n<p><a href="/.gitbook/assets/guide.pdf">guide.pdf</a></p>\n',
  },
  {
    id: 'gitbook.openapi',
    doc: 'https://gitbook.com/docs/api-references/openapi',
    name: 'its example: an operation of the Petstore spec by URL',
    source:
      '{% openapi src="<https://petstore3.swagger.io/api/v3/openapi.json>" path="/pet" method="post" %}\n<https://petstore3.swagger.io/api/v3/openapi.json>\n{% endopenapi %}\n',
    agents: '**POST /pet**\n\n<https://petstore3.swagger.io/api/v3/openapi.json>\n',
    html: '<p><strong>POST /pet</strong></p>\n<p><a href="https://petstore3.swagger.io/api/v3/openapi.json">https://petstore3.swagger.io/api/v3/openapi.json</a></p>\n',
  },
  {
    id: 'gitbook.openapi',
    doc: 'https://gitbook.com/docs/api-references/openapi',
    name: 'a spec file in the space, without a body',
    source: '{% openapi src="spec.yaml" path="/pets" method="get" %}\n{% endopenapi %}\n',
    agents: '**GET /pets**\n\n[spec.yaml](spec.yaml)\n',
    html: '<p><strong>GET /pets</strong></p>\n<p><a href="/spec.yaml">spec.yaml</a></p>\n',
  },
  {
    id: 'gitbook.swagger',
    doc: 'https://gitbook.com/docs/api-references/openapi',
    name: 'the older inline definition',
    source:
      '{% swagger method="get" path="/pets/{id}" baseUrl="https://api.test" summary="Get a pet" %}\n{% swagger-description %}\nOne pet.\n{% endswagger-description %}\n\n{% swagger-parameter in="path" name="id" type="String" required="true" %}\nThe pet id\n{% endswagger-parameter %}\n\n{% swagger-response status="200" description="Found" %}\n```json\n{}\n```\n{% endswagger-response %}\n{% endswagger %}\n',
    agents:
      '**GET https://api.test/pets/{id}**\n\nGet a pet\n\nOne pet.\n\n- `id` (path, String, required): The pet id\n\n**Response 200**: Found\n\n```json\n{}\n```\n',
    html: '<p><strong>GET https://api.test/pets/{id}</strong></p>\n<p>Get a pet</p>\n<p>One pet.</p>\n<ul>\n<li><code>id</code> (path, String, required): The pet id</li>\n</ul>\n<p><strong>Response 200</strong>: Found</p>\n<pre tabindex="0"><code class="language-json">{}\n</code></pre>\n',
  },
  {
    id: 'gitbook.updates',
    doc: 'https://gitbook.com/docs/creating-content/blocks/updates',
    name: 'its example: one dated update with tags',
    source:
      '{% updates format="full" %}\n{% update date="2025-12-25" tags="beta" %}\n## A brand new update\n\nThis block is perfect for telling users about a brand new update to your product.\n{% endupdate %}\n{% endupdates %}\n',
    agents:
      '**2025-12-25**\n\n## A brand new update\n\nThis block is perfect for telling users about a brand new update to your product.\n',
    html: '<p><strong>2025-12-25</strong></p>\n<h2 id="a-brand-new-update">A brand new update</h2>\n<p>This block is perfect for telling users about a brand new update to your product.</p>\n',
  },
  {
    id: 'gitbook.integration-block',
    doc: 'https://gitbook.com/docs/integrations',
    name: 'a block with a url, and one without (dropped, reported)',
    source:
      '{% @github-files/github-code-block url="https://github.com/GitbookIO/gitbook/blob/main/README.md" %}\n\n{% @mermaid/diagram content="graph TD; A-->B" %}\n',
    agents: '[https://github.com/GitbookIO/gitbook/blob/main/README.md](https://github.com/GitbookIO/gitbook/blob/main/README.md)\n\n',
    html: '<p><a href="https://github.com/GitbookIO/gitbook/blob/main/README.md">https://github.com/GitbookIO/gitbook/blob/main/README.md</a></p>\n',
    problems: [{ severity: 'warning', file: 'page.md', message: 'GitBook tags not rendered: @mermaid/diagram' }],
  },
  {
    id: 'gitbook.picture-srcset',
    doc: 'https://gitbook.com/docs/creating-content/blocks/insert-images',
    name: 'an inline image with a dark-mode variant, as the docs write them',
    relPath: 'guide/page.md',
    source:
      'Open the block’s **Options menu** <picture><source srcset="../.gitbook/assets/options-dark.svg" media="(prefers-color-scheme: dark)"><img src="../.gitbook/assets/options.svg" alt="The Options menu icon in GitBook"></picture> and select the style.\n',
    agents:
      'Open the block’s **Options menu** <picture><source srcset="../.gitbook/assets/options-dark.svg" media="(prefers-color-scheme: dark)"><img src="../.gitbook/assets/options.svg" alt="The Options menu icon in GitBook"></picture> and select the style.\n',
    html: '<p>Open the block’s <strong>Options menu</strong> <picture><source srcset="/.gitbook/assets/options-dark.svg" media="(prefers-color-scheme: dark)"><img src="/.gitbook/assets/options.svg" alt="The Options menu icon in GitBook"></picture> and select the style.</p>\n',
  },
  {
    id: 'gitbook.include',
    doc: 'https://gitbook.com/docs/creating-content/reusable-content',
    name: 'a reusable block, frontmatter left out',
    relPath: 'guide/help.md',
    source: '# Help\n\n{% include "../.gitbook/includes/support.md" %}\n',
    agents: '# Help\n\nWrite to **support@example.com**.\n',
    html: '<h1 id="help">Help</h1>\n<p>Write to <strong>support@example.com</strong>.</p>\n',
  },
];

/** The site folder the include fixture reads its reusable block from. */
const site = writeSite({ '.gitbook/includes/support.md': '---\ntitle: Support\n---\nWrite to **support@example.com**.\n' });
const files = siteFilesOf(site, [], new InternalZone([]));
afterAll(() => removeDir(site));

const gitbook = (source: string, relPath = 'page.md') => {
  const out = dialect(source, { generator: 'gitbook', relPath, files });
  return { ...out, agents: agentsMarkdown(out.text) };
};

describe('GitBook dialect features, from their documentation pages', () => {
  for (const fixture of FIXTURES) {
    it(`${fixture.id}: ${fixture.name} (${fixture.doc})`, () => {
      const out = gitbook(fixture.source, fixture.relPath);
      expect(out.agents).toBe(fixture.agents);
      expect(out.html).toBe(fixture.html);
      expect(out.problems).toStrictEqual(fixture.problems ?? []);
    });
  }

  it('leaves a page with no GitBook syntax as the very same string', () => {
    const source = '# Title\n\nPlain *text*, a [link](a.md) and `{% raw %}`.\n';
    expect(gitbook(source).agents).toBe(source);
  });
});

/** The nav as lines `label url` (a folder: `[label] url`), indented by depth. */
function outline(folder: Folder, depth = 0): string[] {
  return folder.items.flatMap((item) => [
    `${'  '.repeat(depth)}${isFolder(item) ? `[${item.label}]` : navLabel(item)} ${item.url}`,
    ...(isFolder(item) ? outline(item, depth + 1) : []),
  ]);
}

describe('GitBook site features (gitbook.com/docs/getting-started/git-sync/content-configuration)', () => {
  const dir = writeContent({
    // #redirects: "previous/page: new-folder/page.md", paths relative to root.
    'content/.gitbook.yaml':
      'root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n\nredirects:\n  previous/page: page2/page2-1.md\n',
    // #summary: the page's example, its groups, nesting and link titles; one link with an anchor.
    'content/SUMMARY.md':
      '# Summary\n\n## Use headings to create page groups like this one\n\n* [First page’s title](page1/README.md)\n    * [Some child page](page1/page1-1.md)\n    * [Some other child page](page1/page1-2.md#install)\n\n* [Second page’s title](page2/README.md)\n    * [Some child page](page2/page2-1.md)\n\n## A second-page group\n\n* [Yet another page](another-page.md)\n',
    'content/README.md': '# Welcome\n',
    'content/page1/README.md': '# Page one\n',
    'content/page1/page1-1.md': '# One-one\n\nText of **one-one**.\n',
    'content/page1/page1-2.md': '# One-two\n',
    'content/page2/README.md': '# Page two\n',
    'content/page2/page2-1.md': '# Two-one\n',
    'content/another-page.md': '# Another\n',
  });
  let t: TestApp;
  afterAll(async () => {
    await t.app.close();
    removeDir(dir);
  });

  it('gitbook.summary: groups under their ## heading, nesting by the lists, titles by link text, an anchored link as its page (https://gitbook.com/docs/getting-started/git-sync/content-configuration#summary)', async () => {
    t = await buildTestApp(path.join(dir, 'content'));
    const snapshot = t.loaded.snapshot;
    expect(snapshot.site.generator.name).toBe('gitbook');
    expect(outline(snapshot.site.folders.get('/') as Folder)).toEqual([
      '[Use headings to create page groups like this one] /page1/',
      '  [First page’s title] /page1/',
      '    Some child page /page1/page1-1',
      '    Some other child page /page1/page1-2',
      '  [Second page’s title] /page2/',
      '    Some child page /page2/page2-1',
      '[A second-page group] /another-page',
      '  Yet another page /another-page',
    ]);
    const page = await t.app.inject({ url: '/page1/page1-1.md' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('# One-one\n\n> For agents: the index of this site is http://sitegate.test/llms.txt\n\nText of **one-one**.\n');
    expect(snapshot.site.pages.get('/page1/page1-1')?.title).toBe('Some child page');
    // SUMMARY.md is the table of contents, not a page.
    expect((await t.app.inject({ url: '/SUMMARY' })).statusCode).toBe(404);
    expect(gitbookFeatures.find((row) => row.id === 'gitbook.summary')?.detect).toBeUndefined();
  });

  it('gitbook.redirects: an old path answers 308 to its file’s page (https://gitbook.com/docs/getting-started/git-sync/content-configuration#redirects)', async () => {
    const res = await t.app.inject({ url: '/previous/page' });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/page2/page2-1');
    expect(res.body).toBe('');
  });
});

describe('GitBook tags in code and in hostile text', () => {
  it('leaves a tag in a code span as text, unreported', () => {
    const out = gitbook('Always close with `{% endif %}` and `{% endfor %}`.\n');
    expect(out.agents).toBe('Always close with `{% endif %}` and `{% endfor %}`.\n');
    expect(out.problems).toEqual([]);
  });

  it('reads a tag whose attribute holds a % up to %} and stays linear on unclosed tags', () => {
    const text = '{% embed url="a%b" %}';
    expect(gitbookTagAt(text, 0)).toEqual({ name: 'embed', rest: ' url="a%b"', end: text.length });
    const hostile = (count: number): string => '{% a="%'.repeat(count);
    expect(gitbook(hostile(20_000)).text).toBe(hostile(20_000));
    expectLinearTime(hostile, gitbook, 20_000);
  });

  it('splits only lines that open with a block tag: a tag further on in running text is left to the inline reader', () => {
    const out = gitbook("{% hint style='info' %}Important info: this note needs to be highlighted{% endhint %}\n\nSee {% tab %} here.\n");
    expect(out.agents).toBe('> [!NOTE]\n> Important info: this note needs to be highlighted\n\nSee  here.\n');
    expect(out.problems).toStrictEqual([{ severity: 'warning', file: 'page.md', message: 'GitBook tags not rendered: tab' }]);
    expectLinearTime((count) => `{% hint %}${' {% tab %}'.repeat(count)}`, gitbook, 20_000);
  });
});

describe('GitBook images in the markdown agents get', () => {
  it('rewrites srcset in raw HTML as the served markdown reads it, data: URLs left (content/asset-links.ts)', () => {
    const map = (value: string): string => `/assets/${value.split('/').pop() ?? ''}`;
    expect(rewriteHtmlSources('<source srcset="a/x.png 480w, a/y.png 960w">', map)).toBe(
      '<source srcset="/assets/x.png 480w, /assets/y.png 960w">',
    );
    expect(rewriteHtmlSources('<img srcset="data:image/png;base64,AAA 1x">', map)).toBe('<img srcset="data:image/png;base64,AAA 1x">');
  });
});

describe('GitBook feature rows', () => {
  it('have a fixture each, which the row detects, from the page the row names', () => {
    expect([...new Set(FIXTURES.map((fixture) => fixture.id))].sort()).toStrictEqual(
      gitbookFeatures
        .map((row) => row.id)
        // SUMMARY.md and .gitbook.yaml are files of the site, not syntax in a page: their fixtures are the site above.
        .filter((id) => id !== 'gitbook.summary' && id !== 'gitbook.redirects')
        .sort(),
    );
    for (const fixture of FIXTURES) {
      const row = gitbookFeatures.find((candidate) => candidate.id === fixture.id);
      expect(row?.doc, fixture.id).toBe(fixture.doc);
      expect(row?.detect?.test(fixture.source), fixture.id).toBe(true);
    }
  });

  it('are GitBook rows with a doc page each, listed for GitBook sites', () => {
    for (const row of gitbookFeatures) {
      expect(row.id.startsWith('gitbook.')).toBe(true);
      expect(row.generators).toEqual(['gitbook']);
      expect(row.doc.startsWith('https://gitbook.com/docs/')).toBe(true);
    }
    expect(
      featuresOf('gitbook')
        .filter((row) => row.id.startsWith('gitbook.'))
        .map((row) => row.id),
    ).toEqual(gitbookFeatures.map((row) => row.id));
  });

  it('detect nothing on a page without GitBook syntax', () => {
    expect(gitbookFeatures.filter((row) => row.detect?.test('Plain text, `code` and a [link](a.md).') === true)).toEqual([]);
  });
});
