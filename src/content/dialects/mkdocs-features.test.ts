/**
 * The MkDocs rows of the dialect feature table (features/mkdocs.ts): for each, a fixture written
 * from its documentation page (named in the test), the exact markdown agents get and the exact HTML.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import { agentsMarkdown } from './agents-markdown.js';
import { plainMarkdown } from './index.js';
import { mkdocsFeatures } from './features/mkdocs.js';
import { snippetsConfigOf } from './mkdocs-snippets.js';
import { siteFilesOf } from './site-files.js';
import { dialect as dialectStep, writeSite } from './test-support.js';
import { expectLinearTime } from '../../../test/linear-time.js';

/** One fixture per row: the row, the doc page it follows, what it shows, the source. */
const FIXTURES: { id: string; doc: string; name: string; source: string; agents: string; html: string }[] = [
  {
    id: 'mkdocs.admonition',
    doc: 'https://python-markdown.github.io/extensions/admonition/',
    name: 'admonition with a title, and one with no title (`""`)',
    source:
      '!!! danger "Don\'t try this at home"\n    You may injure yourself.\n\n!!! important ""\n    This is an admonition box without a title.\n',
    agents:
      "> [!CAUTION]\n> **Don't try this at home**\n>\n> You may injure yourself.\n\n> [!IMPORTANT]\n> This is an admonition box without a title.\n",
    html: '<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p><strong>Don\'t try this at home</strong></p>\n<p>You may injure yourself.</p>\n</div>\n<div class="markdown-alert markdown-alert-important"><p class="markdown-alert-title">Important</p>\n<p>This is an admonition box without a title.</p>\n</div>\n',
  },
  {
    id: 'mkdocs.details',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/details/',
    name: 'collapsible block, open with ???+',
    source: '???+ note "Open styled details"\n\n    ??? danger "Nested details!"\n        And more content again.\n',
    agents: '> **Open styled details**\n>\n> > **Nested details!**\n> >\n> > And more content again.\n',
    html: '<blockquote>\n<p><strong>Open styled details</strong></p>\n<blockquote>\n<p><strong>Nested details!</strong></p>\n<p>And more content again.</p>\n</blockquote>\n</blockquote>\n',
  },
  {
    id: 'mkdocs.blocks-admonition',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/blocks/plugins/admonition/',
    name: 'admonition block with a type option, and a typed block',
    source: '/// admonition | Some title\n    type: warning\n\nSome content\n///\n\n/// note | Some title\nSome content\n///\n',
    agents: '> [!WARNING]\n> **Some title**\n>\n> Some content\n\n> [!NOTE]\n> **Some title**\n>\n> Some content\n',
    html: '<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Warning</p>\n<p><strong>Some title</strong></p>\n<p>Some content</p>\n</div>\n<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Some title</strong></p>\n<p>Some content</p>\n</div>\n',
  },
  {
    id: 'mkdocs.blocks-details',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/blocks/plugins/details/',
    name: 'details block with options',
    source: '/// details | Some summary\n    type: warning\n    open: true\n\nSome content\n///\n',
    agents: '> **Some summary**\n>\n> Some content\n',
    html: '<blockquote>\n<p><strong>Some summary</strong></p>\n<p>Some content</p>\n</blockquote>\n',
  },
  {
    id: 'mkdocs.blocks-tab',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/blocks/plugins/tab/',
    name: 'tab blocks',
    source: '/// tab | Tab 1 title\nTab 1 content\n///\n\n/// tab | Tab 2 title\nTab 2 content\n///\n',
    agents: '**Tab 1 title**\n\nTab 1 content\n\n**Tab 2 title**\n\nTab 2 content\n',
    html: '<p><strong>Tab 1 title</strong></p>\n<p>Tab 1 content</p>\n<p><strong>Tab 2 title</strong></p>\n<p>Tab 2 content</p>\n',
  },
  {
    id: 'mkdocs.blocks-html',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/blocks/plugins/html/',
    name: 'html block, nested in a block with more slashes',
    source: '//// html | div.grid\n\n/// tip | Inside\nSome *markdown* content.\n///\n\n////\n',
    agents: '> [!TIP]\n> **Inside**\n>\n> Some *markdown* content.\n',
    html: '<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p><strong>Inside</strong></p>\n<p>Some <em>markdown</em> content.</p>\n</div>\n',
  },
  {
    id: 'mkdocs.blocks-caption',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/blocks/plugins/caption/',
    name: 'caption after a table',
    source: 'Fruit      | Amount\n---------- | ------\nApple      | 20\n\n/// caption\nFruit Count\n///\n',
    agents: 'Fruit      | Amount\n---------- | ------\nApple      | 20\n\nFruit Count\n',
    html: '<table tabindex="0">\n<thead>\n<tr>\n<th scope="col">Fruit</th>\n<th scope="col">Amount</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>Apple</td>\n<td>20</td>\n</tr>\n</tbody>\n</table>\n<p>Fruit Count</p>\n',
  },
  {
    id: 'mkdocs.tabbed',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/tabbed/',
    name: 'tabs',
    source: '=== "Tab 1"\n    Markdown **content**.\n\n=== "Tab 2"\n    More Markdown **content**.\n',
    agents: '**Tab 1**\n\nMarkdown **content**.\n\n**Tab 2**\n\nMore Markdown **content**.\n',
    html: '<p><strong>Tab 1</strong></p>\n<p>Markdown <strong>content</strong>.</p>\n<p><strong>Tab 2</strong></p>\n<p>More Markdown <strong>content</strong>.</p>\n',
  },
  {
    id: 'mkdocs.attr-list',
    doc: 'https://python-markdown.github.io/extensions/attr_list/',
    name: 'attribute lists on a heading, a paragraph, a link and an image; code keeps them',
    source:
      '### A hash-style header ### {: #hash }\n\nThis is a paragraph.\n{: #an_id .a_class }\n\n[link](http://example.com){: class="foo bar" title="Some title!" }\n\n![Image](a.png){ width="300" }\n\n```\n## Code {#keep}\n```\n\nUse `{#id}` in a heading.\n',
    agents:
      '### A hash-style header\n\nThis is a paragraph.\n\n[link](http://example.com)\n\n![Image](a.png)\n\n```\n## Code {#keep}\n```\n\nUse `{#id}` in a heading.\n',
    html: '<h3 id="hash">A hash-style header</h3>\n<p id="an_id" class="a_class">This is a paragraph.</p>\n<p><a href="http://example.com" class="foo bar" title="Some title!">link</a></p>\n<p><img src="/a.png" alt="Image" width="300"></p>\n<pre tabindex="0"><code>## Code {#keep}\n</code></pre>\n<p>Use <code>{#id}</code> in a heading.</p>\n',
  },
  {
    id: 'mkdocs.md-in-html',
    doc: 'https://python-markdown.github.io/extensions/md_in_html/',
    name: 'figure with a caption (Material image captions)',
    source:
      '<figure markdown="span">\n  ![Image title](https://dummyimage.com/600x400/){ width="300" }\n  <figcaption>Image caption</figcaption>\n</figure>\n',
    agents: '\n  ![Image title](https://dummyimage.com/600x400/)\n\nImage caption\n\n',
    html: '<p><img src="https://dummyimage.com/600x400/" alt="Image title" width="300"></p>\n<p>Image caption</p>\n',
  },
  {
    id: 'mkdocs.superfences',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/superfences/',
    name: 'a fence nested in a list, and an attribute-list info string',
    source: '1. Item\n\n    ```python\n    print(1)\n    ```\n\n``` { .yaml .annotate title="mkdocs.yml" }\ntheme: material\n```\n',
    agents: '1. Item\n\n    ```python\n    print(1)\n    ```\n\n```yaml title="mkdocs.yml"\ntheme: material\n```\n',
    html: '<ol>\n<li>\n<p>Item</p>\n<pre tabindex="0"><code class="language-python">print(1)\n</code></pre>\n</li>\n</ol>\n<figure class="code-block"><figcaption class="code-title">mkdocs.yml</figcaption><pre tabindex="0"><code class="language-yaml">theme: material\n</code></pre></figure>\n',
  },
  {
    id: 'mkdocs.def-list',
    doc: 'https://python-markdown.github.io/extensions/definition_lists/',
    name: 'a definition list',
    source: 'Apple\n:   Pomaceous fruit of plants of the genus Malus in\n    the family Rosaceae.\n',
    agents: 'Apple\n:   Pomaceous fruit of plants of the genus Malus in\n    the family Rosaceae.\n',
    html: '<dl>\n<dt>Apple</dt>\n<dd>Pomaceous fruit of plants of the genus Malus in\nthe family Rosaceae.</dd>\n</dl>\n',
  },
  {
    id: 'mkdocs.footnotes',
    doc: 'https://python-markdown.github.io/extensions/footnotes/',
    name: 'a footnote',
    source: 'Footnotes[^1] have a label.\n\n[^1]: This is a footnote content.\n',
    agents: 'Footnotes[^1] have a label.\n\n[^1]: This is a footnote content.\n',
    html: '<p>Footnotes<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup> have a label.</p>\n<hr class="footnotes-sep">\n<section class="footnotes">\n<ol class="footnotes-list">\n<li id="fn1" class="footnote-item"><p>This is a footnote content. <a href="#fnref1" class="footnote-backref">↩︎</a></p>\n</li>\n</ol>\n</section>\n',
  },
  {
    id: 'mkdocs.abbr',
    doc: 'https://python-markdown.github.io/extensions/abbreviations/',
    name: 'abbreviation definitions',
    source:
      'The HTML specification\nis maintained by the W3C.\n\n*[HTML]: Hyper Text Markup Language\n*[W3C]:  World Wide Web Consortium\n',
    agents: 'The HTML specification\nis maintained by the W3C.\n',
    html: '<p>The <abbr title="Hyper Text Markup Language">HTML</abbr> specification\nis maintained by the <abbr title="World Wide Web Consortium">W3C</abbr>.</p>\n',
  },
  {
    id: 'mkdocs.tasklist',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/tasklist/',
    name: 'a task list',
    source: '- [X] item 1\n    * [X] item A\n    * [ ] item B\n- [ ] item 2\n',
    agents: '- [X] item 1\n    * [X] item A\n    * [ ] item B\n- [ ] item 2\n',
    html: '<ul>\n<li class="task-list-item"><input type="checkbox" disabled="" checked=""> item 1\n<ul>\n<li class="task-list-item"><input type="checkbox" disabled="" checked=""> item A</li>\n<li class="task-list-item"><input type="checkbox" disabled=""> item B</li>\n</ul>\n</li>\n<li class="task-list-item"><input type="checkbox" disabled=""> item 2</li>\n</ul>\n',
  },
  {
    id: 'mkdocs.icons',
    doc: 'https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/',
    name: 'icons, with an attribute list styling one',
    source: ':fontawesome-brands-youtube:{ .youtube } Watch [:octicons-arrow-right-24: Getting started](start.md)\n',
    agents: 'Watch [Getting started](start.md)\n',
    html: '<p>Watch <a href="/start">Getting started</a></p>\n',
  },
  {
    id: 'mkdocs.emoji',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/emoji/',
    name: 'emoji shortcodes become the emoji, beside a Material icon dropped',
    source: 'Smile :smile: please :material-check: :thumbsup:\n',
    agents: 'Smile 😄 please 👍\n',
    html: '<p>Smile 😄 please 👍</p>\n',
  },
  {
    id: 'mkdocs.keys',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/keys/',
    name: 'keys',
    source: 'Press ++ctrl+alt+delete++ or ++cmd+"My Key"++, not `++ctrl++`.\n',
    agents: 'Press Ctrl+Alt+Del or Cmd+My Key, not `++ctrl++`.\n',
    html: '<p>Press <span class="keys"><kbd>Ctrl</kbd>+<kbd>Alt</kbd>+<kbd>Del</kbd></span> or <span class="keys"><kbd>Cmd</kbd>+<kbd>My Key</kbd></span>, not <code>++ctrl++</code>.</p>\n',
  },
  {
    id: 'mkdocs.mark',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/mark/',
    name: 'mark',
    source: '==mark me== and ==smart==mark== but a == b.\n',
    agents: 'mark me and smart==mark but a == b.\n',
    html: '<p><mark class="mark">mark me</mark> and <mark class="mark">smart==mark</mark> but a == b.</p>\n',
  },
  {
    id: 'mkdocs.caret',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/caret/',
    name: 'insert and superscript',
    source: '^^Insert me^^ and H^2^O, but 2 ^ 3.\n',
    agents: 'Insert me and H<sup>2</sup>O, but 2 ^ 3.\n',
    html: '<p><ins class="caret">Insert me</ins> and H<sup>2</sup>O, but 2 ^ 3.</p>\n',
  },
  {
    id: 'mkdocs.tilde',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/tilde/',
    name: 'delete and subscript',
    source: '~~Delete me~~ and CH~3~CH~2~OH, but cd ~/x.\n',
    agents: '~~Delete me~~ and CH<sub>3</sub>CH<sub>2</sub>OH, but cd ~/x.\n',
    html: '<p><s>Delete me</s> and CH<sub>3</sub>CH<sub>2</sub>OH, but cd ~/x.</p>\n',
  },
  {
    id: 'mkdocs.critic',
    doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/critic/',
    name: 'critic marks',
    source:
      'Here is some {--*incorrect*--} Markdown. I am adding this{++ here++}. Here is some more {~~text~>Markdown~~}. {==Highlight==}{>>and comment<<}.\n',
    agents: 'Here is some  Markdown. I am adding this here. Here is some more Markdown. Highlight.\n',
    html: '<p>Here is some <del class="critic"><em>incorrect</em></del> Markdown. I am adding this<ins class="critic"> here</ins>. Here is some more <del class="critic">text</del><ins class="critic">Markdown</ins>. <mark class="critic">Highlight</mark><span class="critic comment">and comment</span>.</p>\n',
  },
];

/** The dialect step's output, its HTML and the markdown agents get (agents-markdown.ts, links left relative). */
function dialect(source: string, options: Parameters<typeof dialectStep>[1] = {}): ReturnType<typeof dialectStep> & { agents: string } {
  const out = dialectStep(source, options);
  return { ...out, agents: agentsMarkdown(out.text) };
}

describe('MkDocs dialect features, from their documentation pages', () => {
  for (const fixture of FIXTURES) {
    it(`${fixture.id}: ${fixture.name} (${fixture.doc})`, () => {
      const out = dialect(fixture.source, { generator: 'mkdocs' });
      expect(out.agents).toBe(fixture.agents);
      expect(out.html).toBe(fixture.html);
      expect(out.problems).toStrictEqual([]);
    });
  }

  it('has a fixture for every row, which the row detects, from the page the row names', () => {
    expect(FIXTURES.map((fixture) => fixture.id).sort()).toStrictEqual(
      mkdocsFeatures
        .map((row) => row.id)
        .filter((id) => id !== 'mkdocs.snippets')
        .sort(),
    );
    for (const fixture of FIXTURES) {
      const row = mkdocsFeatures.find((candidate) => candidate.id === fixture.id);
      expect(row?.doc, fixture.id).toBe(fixture.doc);
      expect(row?.detect?.test(fixture.source), fixture.id).toBe(true);
    }
  });

  it('leaves a page with no dialect syntax as the very same string', () => {
    const source = '# Title\n\nPlain *text*, a [link](a.md) and `code ++x++`.\n';
    const out = dialect(source, { generator: 'mkdocs' });
    expect(out.text).toBe(source);
    expect(out.agents).toBe(source);
  });

  it('reads PyMdown inline syntax on MkDocs pages only', () => {
    const source = 'Press ++ctrl+c++ to ==copy==.\n';
    expect(dialect(source, { generator: 'docusaurus' }).agents).toBe(source);
    expect(dialect(source, { generator: 'mkdocs' }).agents).toBe('Press Ctrl+C to copy.\n');
  });

  it('prints a block of a name no plugin has as written', () => {
    const source = '/// unknown | x\nBody.\n///\n';
    expect(dialect(source, { generator: 'mkdocs' }).agents).toBe(source);
  });
});

/** A MkDocs site whose snippets live under `docs/snippets` (`base_path`), and a page including one. */
const site = writeSite({
  'mkdocs.yml': 'site_name: x\nmarkdown_extensions:\n  - pymdownx.snippets:\n      base_path: [docs/snippets, .]\n',
  'docs/snippets/note.md': 'From the base path.\n',
  'includes/other.md': 'From the site folder.\n',
  'docs/page.md': '',
});
afterAll(() => rmSync(site, { recursive: true, force: true }));

describe('mkdocs.snippets base_path (https://facelessuser.github.io/pymdown-extensions/extensions/snippets/#options)', () => {
  it('reads base_path as a string or a list, default the site folder', () => {
    expect(snippetsConfigOf('markdown_extensions:\n  - pymdownx.snippets:\n      base_path: docs\n')).toStrictEqual({
      autoAppend: [],
      basePath: ['docs'],
    });
    expect(snippetsConfigOf('site_name: x\n')).toStrictEqual({ autoAppend: [], basePath: ['.'] });
  });

  it('looks for a snippet under each base_path in turn', () => {
    const files = siteFilesOf(path.join(site, 'docs'), [], new InternalZone([]));
    const out = dialect('A\n\n--8<-- "note.md"\n\n--8<-- "includes/other.md"\n', { files, generator: 'mkdocs' });
    expect(out.agents).toBe('A\n\nFrom the base path.\n\nFrom the site folder.\n');
    expect(out.html).toBe('<p>A</p>\n<p>From the base path.</p>\n<p>From the site folder.</p>\n');
    expect(out.problems).toStrictEqual([]);
  });
});

describe('PyMdown syntax read in linear time (issue 28): the dialect step and the agents markdown', () => {
  /** Each shape, as test/adversarial-inputs.ts builds them: timed at the count given (about 100 kB) and at a quarter of it. */
  const shapes: Record<string, [(count: number) => string, number]> = {
    'unknown blocks': [(n) => '/// unknown | x\n'.repeat(n), 7_000],
    'unclosed blocks': [(n) => '/// tip | x\n'.repeat(n), 9_000],
    'block closes': [(n) => '///\n'.repeat(n), 25_000],
    keys: [(n) => '++ctrl+'.repeat(n), 15_000],
    'keys, unknown names': [(n) => '++nothing here++ '.repeat(n), 6_000],
    marks: [(n) => '==a=='.repeat(n), 20_000],
    'marks in words': [(n) => 'a==b'.repeat(n), 25_000],
    carets: [(n) => '^a'.repeat(n), 50_000],
    tildes: [(n) => '~a'.repeat(n), 50_000],
    critic: [(n) => '{++a'.repeat(n), 25_000],
    'attribute lists': [(n) => `${'{: #a .b '.repeat(n)}}`, 10_000],
    'fence info lists': [(n) => '``` { .a\n'.repeat(n), 10_000],
  };
  for (const [name, [source, count]] of Object.entries(shapes)) {
    it(`reads ${name} in linear time`, () => {
      const read = (text: string): string => {
        const options = { relPath: 'page.md', internal: false, files: undefined, lookup: () => undefined, generator: 'mkdocs' } as const;
        return agentsMarkdown(plainMarkdown(text, options).text);
      };
      expectLinearTime(source, read, count);
    });
  }
});
