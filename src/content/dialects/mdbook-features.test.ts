/**
 * The mdBook rows of the dialect feature table (features/mdbook.ts), each with at least one fixture
 * written from the documentation page the row names (the test says the row id and the page):
 * rust-lang.github.io/mdBook/format/mdbook.html for the preprocessor commands and hidden lines,
 * format/summary.html for SUMMARY.md, format/configuration/renderers.html for redirects, and the
 * Rust book's mdbook-trpl README for `<Listing>`. A page fixture asserts the exact markdown agents
 * get, the exact HTML and what `check` is told; a site fixture (SUMMARY.md and book.toml, which
 * need the book's files) asserts what the real loader makes of the book.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import { renderNavTree } from '../../layout/nav-tree.js';
import { agentsMarkdown } from './agents-markdown.js';
import { featuresOf } from './features.js';
import { mdbookFeatures } from './features/mdbook.js';
import { siteFilesOf } from './site-files.js';
import { loadSite } from './site-support.js';
import { dialect, writeSite } from './test-support.js';
import { expectLinearTime } from '../../../test/linear-time.js';

/** mdBook's "mdBook-specific features" page, whose sections the page fixtures follow. */
const FEATURES = 'https://rust-lang.github.io/mdBook/format/mdbook.html';

// The files of the page's examples: file.rs of "Including portions of a file", main.rs of
// "Including a file but initially hiding all except specified lines", example.rs of "Inserting
// runnable Rust files".
const site = writeSite({
  'book.toml': '[book]\ntitle = "Example"\n',
  'src/file.rs':
    '/* ANCHOR: all */\n\n// ANCHOR: component\nstruct Paddle {\n    hello: f32,\n}\n// ANCHOR_END: component\n\n////////// ANCHOR: system\nimpl System for MySystem { ... }\n////////// ANCHOR_END: system\n\n/* ANCHOR_END: all */\n',
  'src/main.rs': 'fn main() {\n    let x = add_one(2);\n    assert_eq!(x, 3);\n}\n\nfn add_one(num: i32) -> i32 {\n    num + 1\n}\n',
  'src/example.rs': 'fn main() {\n    println!("Hello World!");\n}\n',
  'src/hidden.rs': '# fn main() {\nlet x = 1;\n# }\n',
});
afterAll(() => rmSync(site, { recursive: true, force: true }));
const files = siteFilesOf(path.join(site, 'src'), [], new InternalZone([]));

/** A page fixture: the row it shows, the page it is written from, the source, and what comes out. */
interface Fixture {
  /** The feature row (features/mdbook.ts) the fixture shows; its `detect` finds the source. */
  id: string;
  /** The documentation page the fixture is written from: the row's page, or a section of it. */
  doc: string;
  name: string;
  source: string;
  /** The markdown agents get (agents-markdown.ts over the dialect step's output; links left relative). */
  agents: string;
  html: string;
  /** The messages `check` is told. */
  problems: string[];
}

const FIXTURES: readonly Fixture[] = [
  {
    id: 'mdbook.include',
    doc: `${FEATURES}#including-portions-of-a-file`,
    name: 'anchors, their inner anchor lines left out',
    source:
      'Here is a component:\n```rust,no_run,noplayground\n{{#include file.rs:component}}\n```\n\nHere is a system:\n```rust,no_run,noplayground\n{{#include file.rs:system}}\n```\n\nThis is the full file.\n```rust,no_run,noplayground\n{{#include file.rs:all}}\n```\n',
    agents:
      'Here is a component:\n```rust,no_run,noplayground\nstruct Paddle {\n    hello: f32,\n}\n```\n\nHere is a system:\n```rust,no_run,noplayground\nimpl System for MySystem { ... }\n```\n\nThis is the full file.\n```rust,no_run,noplayground\n\nstruct Paddle {\n    hello: f32,\n}\n\nimpl System for MySystem { ... }\n\n```\n',
    html: '<p>Here is a component:</p>\n<pre tabindex="0"><code class="language-rust">struct Paddle {\n    hello: f32,\n}\n</code></pre>\n<p>Here is a system:</p>\n<pre tabindex="0"><code class="language-rust">impl System for MySystem { ... }\n</code></pre>\n<p>This is the full file.</p>\n<pre tabindex="0"><code class="language-rust">\nstruct Paddle {\n    hello: f32,\n}\n\nimpl System for MySystem { ... }\n\n</code></pre>\n',
    problems: [],
  },
  {
    id: 'mdbook.include',
    doc: `${FEATURES}#including-only-specific-lines-from-a-file`,
    name: 'line ranges :2, ::3, :6: and :2:3',
    source:
      '```rust\n{{#include main.rs:2}}\n```\n\n```rust\n{{#include main.rs::3}}\n```\n\n```rust\n{{#include main.rs:6:}}\n```\n\n```rust\n{{#include main.rs:2:3}}\n```\n',
    agents:
      '```rust\n    let x = add_one(2);\n```\n\n```rust\nfn main() {\n    let x = add_one(2);\n    assert_eq!(x, 3);\n```\n\n```rust\nfn add_one(num: i32) -> i32 {\n    num + 1\n}\n```\n\n```rust\n    let x = add_one(2);\n    assert_eq!(x, 3);\n```\n',
    html: '<pre tabindex="0"><code class="language-rust">    let x = add_one(2);\n</code></pre>\n<pre tabindex="0"><code class="language-rust">fn main() {\n    let x = add_one(2);\n    assert_eq!(x, 3);\n</code></pre>\n<pre tabindex="0"><code class="language-rust">fn add_one(num: i32) -&gt; i32 {\n    num + 1\n}\n</code></pre>\n<pre tabindex="0"><code class="language-rust">    let x = add_one(2);\n    assert_eq!(x, 3);\n</code></pre>\n',
    problems: [],
  },
  {
    id: 'mdbook.include',
    doc: `${FEATURES}#including-files`,
    name: 'a missing file and an unknown anchor are check errors; an escaped include stays as text',
    source: '{{#include missing.rs}}\n\n```rust\n{{#include file.rs:nothing}}\n```\n\n\\{{#include file.rs}}\n',
    agents: '(include refused: `missing.rs`)\n\n```rust\n\n```\n\n{{#include file.rs}}\n',
    html: '<p>(include refused: <code>missing.rs</code>)</p>\n<pre tabindex="0"><code class="language-rust">\n</code></pre>\n<p>{{#include file.rs}}</p>\n',
    problems: ['{{#include}}: include refused: missing.rs not found', '{{#include}}: anchor nothing not found in file.rs'],
  },
  {
    id: 'mdbook.rustdoc-include',
    doc: `${FEATURES}#including-a-file-but-initially-hiding-all-except-specified-lines`,
    name: 'the shown line only: the lines mdBook hides behind its toggle are left out',
    source: '```rust\n{{#rustdoc_include main.rs:2}}\n```\n',
    agents: '```rust\n    let x = add_one(2);\n```\n',
    html: '<pre tabindex="0"><code class="language-rust">    let x = add_one(2);\n</code></pre>\n',
    problems: [],
  },
  {
    id: 'mdbook.playground',
    doc: `${FEATURES}#inserting-runnable-rust-files`,
    name: 'the file in a rust code block, with the attributes after its name',
    source: '{{#playground example.rs}}\n\n{{#playground example.rs editable}}\n',
    agents:
      '```rust\nfn main() {\n    println!("Hello World!");\n}\n```\n\n```rust,editable\nfn main() {\n    println!("Hello World!");\n}\n```\n',
    html: '<pre tabindex="0"><code class="language-rust">fn main() {\n    println!(&quot;Hello World!&quot;);\n}\n</code></pre>\n<pre tabindex="0"><code class="language-rust">fn main() {\n    println!(&quot;Hello World!&quot;);\n}\n</code></pre>\n',
    problems: [],
  },
  {
    id: 'mdbook.playground',
    doc: `${FEATURES}#inserting-runnable-rust-files`,
    name: 'the hidden lines of the file it brings in are left out',
    source: '{{#playground hidden.rs}}\n',
    agents: '```rust\nlet x = 1;\n```\n',
    html: '<pre tabindex="0"><code class="language-rust">let x = 1;\n</code></pre>\n',
    problems: [],
  },
  {
    id: 'mdbook.title',
    doc: `${FEATURES}#controlling-page-title`,
    name: 'taken out of the page',
    source: '{{#title My Title}}\n# Chapter\n\nText.\n',
    agents: '# Chapter\n\nText.\n',
    html: '<h1 id="chapter">Chapter</h1>\n<p>Text.</p>\n',
    problems: [],
  },
  {
    id: 'mdbook.hidden-lines',
    doc: `${FEATURES}#hiding-code-lines`,
    name: '`# ` lines of a rust block left out, `##` shown as `#`',
    source:
      '```rust\n# fn main() {\n    let x = 5;\n    let y = 6;\n\n    println!("{}", x + y);\n# }\n```\n\n```rust\n##[derive(Debug)]\nstruct A;\n#\n```\n',
    agents: '```rust\n    let x = 5;\n    let y = 6;\n\n    println!("{}", x + y);\n```\n\n```rust\n#[derive(Debug)]\nstruct A;\n```\n',
    html: '<pre tabindex="0"><code class="language-rust">    let x = 5;\n    let y = 6;\n\n    println!(&quot;{}&quot;, x + y);\n</code></pre>\n<pre tabindex="0"><code class="language-rust">#[derive(Debug)]\nstruct A;\n</code></pre>\n',
    problems: [],
  },
  {
    id: 'mdbook.hidden-lines',
    doc: `${FEATURES}#hiding-code-lines`,
    name: 'a hidelines= prefix hides lines in any language, and the attribute goes with them; a shell comment stays',
    source:
      '```python,hidelines=!!!\n!!!hidden()\nnothidden():\n!!!    hidden()\n    !!!hidden()\n    nothidden()\n```\n\n```sh\n# a comment\nls\n```\n',
    agents: '```python\nnothidden():\n    nothidden()\n```\n\n```sh\n# a comment\nls\n```\n',
    html: '<pre tabindex="0"><code class="language-python">nothidden():\n    nothidden()\n</code></pre>\n<pre tabindex="0"><code class="language-sh"># a comment\nls\n</code></pre>\n',
    problems: [],
  },
  {
    id: 'mdbook.trpl-listing',
    doc: 'https://github.com/rust-lang/book/tree/main/packages/mdbook-trpl',
    name: 'the file name before the block, the caption in italics after it',
    source:
      '<Listing number="1-1" file-name="src/main.rs" caption="Writing a program that prints `Hello, world!`">\n\n```rust\nfn main() {\n    println!("Hello, world!");\n}\n```\n\n</Listing>\n',
    agents:
      'Filename: src/main.rs\n\n```rust\nfn main() {\n    println!("Hello, world!");\n}\n```\n\n*Listing 1-1: Writing a program that prints `Hello, world!`*\n',
    html: '<p>Filename: src/main.rs</p>\n<pre tabindex="0"><code class="language-rust">fn main() {\n    println!(&quot;Hello, world!&quot;);\n}\n</code></pre>\n<p><em>Listing 1-1: Writing a program that prints <code>Hello, world!</code></em></p>\n',
    problems: [],
  },
];

describe('mdBook dialect features, from their documentation pages', () => {
  for (const fixture of FIXTURES) {
    it(`${fixture.id}: ${fixture.name} (${fixture.doc})`, () => {
      const out = dialect(fixture.source, { relPath: 'chapter.md', files, generator: 'mdbook' });
      expect(agentsMarkdown(out.text)).toBe(fixture.agents);
      expect(out.html).toBe(fixture.html);
      expect(out.problems.map((problem) => problem.message)).toStrictEqual(fixture.problems);
    });
  }

  it('leaves a page without mdBook syntax as the very same string', () => {
    const page = '# Title\n\nSome `code` and # not a heading.\n\n    indented\n';
    expect(dialect(page, { relPath: 'chapter.md', files, generator: 'mdbook' }).text).toBe(page);
  });
});

/** The book of summary.html's examples: a prefix chapter, a part, nested numbered chapters, a draft, a separator, a suffix chapter. */
const SUMMARY_BOOK: Record<string, string> = {
  'book.toml': '[book]\ntitle = "Guide"\n',
  'src/SUMMARY.md':
    '# Summary\n\n[Introduction](README.md)\n\n# User Guide\n\n- [Installation](guide/installation.md)\n- [Reading Books](guide/reading.md)\n    - [Creating a Book](guide/creating.md)\n- [Draft Chapter]()\n\n---\n\n[Contributors](misc/contributors.md)\n',
  'src/README.md': '# mdBook\n\nmdBook is a command line tool to create books with Markdown.\n',
  'src/guide/installation.md': '# Installation\n',
  'src/guide/reading.md': '# Reading books\n',
  'src/guide/creating.md': '# Creating a book\n',
  'src/misc/contributors.md': '# Contributors\n',
};

// rust-lang.github.io/mdBook/format/configuration/renderers.html#outputhtmlredirect: keys are the
// old pages' absolute paths, values relative to them; a key with a #fragment is left out (the row's note).
const REDIRECT_BOOK: Record<string, string> = {
  'book.toml':
    '[book]\ntitle = "Guide"\n\n[output.html.redirect]\n"/appendices/bibliography.html" = "https://rustc-dev-guide.rust-lang.org/appendices/bibliography.html"\n"/other-installation-methods.html" = "../infra/other-installation-methods.html"\n"/types.html#closure-types" = "infra/other-installation-methods.html"\n',
  'src/SUMMARY.md': '# Summary\n\n- [Other installation methods](infra/other-installation-methods.md)\n',
  'src/infra/other-installation-methods.md': '# Other installation methods\n',
};

describe('mdBook rows a book’s files make, on books read by the real loader', () => {
  const summary = loadSite(SUMMARY_BOOK, 'src');
  const redirects = loadSite(REDIRECT_BOOK, 'src');
  afterAll(() => [summary, redirects].forEach((book) => book.remove()));

  it('mdbook.summary: SUMMARY.md is the nav, its link texts the titles; drafts and separators show nothing (https://rust-lang.github.io/mdBook/format/summary.html)', () => {
    expect(summary.urls).toStrictEqual({
      'README.md': '/',
      'guide/installation.md': '/guide/installation',
      'guide/reading.md': '/guide/reading',
      'guide/creating.md': '/guide/creating',
      'misc/contributors.md': '/misc/contributors',
    });
    const site = summary.snapshot.site;
    expect(site.languages[0]?.navPages.map((page) => [page.url, page.title])).toStrictEqual([
      ['/', 'Introduction'],
      ['/guide/installation', 'Installation'],
      ['/guide/reading', 'Reading Books'],
      ['/guide/creating', 'Creating a Book'],
      ['/misc/contributors', 'Contributors'],
    ]);
    // The part is a folder labelled by its title, the chapter with a sub-chapter a folder of its page.
    expect(renderNavTree(site, '/', '')).toBe(
      '<h2 class="sidebar-title">Navigation</h2>\n<ul>\n<li><a href="/">Introduction</a></li>\n<li><details open><summary>User Guide</summary>\n<ul>\n<li><a href="/guide/installation">Installation</a></li>\n<li><details open><summary>Reading Books</summary>\n<ul>\n<li><a href="/guide/reading">Reading Books</a></li>\n<li><a href="/guide/creating">Creating a Book</a></li>\n</ul></details></li>\n</ul></details></li>\n<li><a href="/misc/contributors">Contributors</a></li>\n</ul>',
    );
    // A chapter's page keeps its own text: SUMMARY.md gives the title only.
    expect(summary.served('/')).toStrictEqual({
      markdown: '# mdBook\n\nmdBook is a command line tool to create books with Markdown.\n',
      html: '<h1 id="mdbook">mdBook</h1>\n<p>mdBook is a command line tool to create books with Markdown.</p>\n',
    });
  });

  it('mdbook.redirect: each old page answers 308 to its new place; a key with a #fragment is left out (https://rust-lang.github.io/mdBook/format/configuration/renderers.html#outputhtmlredirect)', () => {
    expect(redirects.urls).toStrictEqual({ 'infra/other-installation-methods.md': '/infra/other-installation-methods' });
    expect(
      Object.fromEntries(
        ['/appendices/bibliography.html', '/other-installation-methods.html', '/other-installation-methods', '/types.html', '/types'].map(
          (from) => [from, redirects.hop(from)],
        ),
      ),
    ).toStrictEqual({
      '/appendices/bibliography.html': 'https://rustc-dev-guide.rust-lang.org/appendices/bibliography.html',
      '/other-installation-methods.html': '/infra/other-installation-methods',
      '/other-installation-methods': '/infra/other-installation-methods',
      '/types.html': undefined,
      '/types': undefined,
    });
    expect(redirects.served('/infra/other-installation-methods')).toStrictEqual({
      markdown: '# Other installation methods\n',
      html: '<h1 id="other-installation-methods">Other installation methods</h1>\n',
    });
  });
});

/** Rows with no `detect`, and why: `check` lists a row only where a page's source shows it. */
const UNDETECTED: Readonly<Record<string, string>> = {
  'mdbook.summary': 'SUMMARY.md is the book’s file, not a syntax of a page',
  'mdbook.redirect': 'a book.toml table, not a syntax of a page',
};

/** The rows the site fixtures above show, by the test that shows each. */
const SITE_ROWS = ['mdbook.summary', 'mdbook.redirect'];

describe('the mdBook rows of the feature table', () => {
  it('each have a fixture, written from the row’s page, which the row’s detect finds', () => {
    expect([...new Set([...FIXTURES.map((fixture) => fixture.id), ...SITE_ROWS])].sort()).toStrictEqual(
      mdbookFeatures.map((row) => row.id).sort(),
    );
    for (const fixture of FIXTURES) {
      const row = mdbookFeatures.find((candidate) => candidate.id === fixture.id);
      expect([fixture.id, fixture.doc.startsWith(row?.doc.split('#')[0] ?? '-')]).toStrictEqual([fixture.id, true]);
      expect([fixture.id, row?.detect?.test(fixture.source)]).toStrictEqual([fixture.id, true]);
    }
    expect(Object.keys(UNDETECTED).sort()).toStrictEqual(
      mdbookFeatures
        .filter((row) => row.detect === undefined)
        .map((row) => row.id)
        .sort(),
    );
  });

  it('are mdBook rows with a doc page each, listed for mdBook sites', () => {
    for (const row of mdbookFeatures) {
      expect(row.id.startsWith('mdbook.')).toBe(true);
      expect(row.generators).toEqual(['mdbook']);
      expect(row.doc.startsWith('https://')).toBe(true);
    }
    expect(
      featuresOf('mdbook')
        .filter((row) => row.id.startsWith('mdbook.'))
        .map((row) => row.id),
    ).toEqual(mdbookFeatures.map((row) => row.id));
  });

  it('find only their own syntax', () => {
    const detected = (source: string): string[] => mdbookFeatures.filter((row) => row.detect?.test(source) === true).map((row) => row.id);
    expect(detected('{{#playground example.rs editable}}')).toEqual(['mdbook.playground']);
    expect(detected('{{#title My Title}}')).toEqual(['mdbook.title']);
    expect(detected('Plain text, {{ a }} and <Listings>.')).toEqual([]);
  });
});

describe('mdBook syntax on hostile input', () => {
  it('reads thousands of fences, hidden lines and titles in linear time', () => {
    const shapes: readonly [(count: number) => string, number][] = [
      [(n) => '```rust\n# a\n'.repeat(n), 20_000],
      [(n) => '{{#title '.repeat(n), 40_000],
      [(n) => '```rust,hidelines=' + '#'.repeat(n), 200_000],
      [(n) => '```python,hidelines=' + ',hidelines='.repeat(n), 20_000],
      [(n) => '{{#playground '.repeat(n), 40_000],
    ];
    for (const [shape, count] of shapes) {
      expectLinearTime(shape, (text) => dialect(text, { relPath: 'chapter.md', files, generator: 'mdbook' }), count);
    }
  });
});
