/**
 * Faults the corpus agreement test (test/corpus-agreement.corpora.test.ts) found in the pipeline,
 * each pinned with a fixture written from the doc page it follows: the markdown agents get and the
 * HTML, exactly.
 */
import { describe, expect, it } from 'vitest';
import { agentsMarkdown } from './agents-markdown.js';
import { commentTermDefinitions } from './mkdocs-def-list.js';
import { dialect } from './test-support.js';
import { portableMarkdown, withoutCodeSpans } from '../portable-markdown.js';
import { expectLinearTime } from '../../../test/linear-time.js';

describe('mdBook listings inside a blockquote (mdbook-trpl-listing, https://github.com/rust-lang/book/tree/main/packages/mdbook-trpl)', () => {
  // The preprocessor reads pulldown-cmark's events, so `> <Listing …>` in a quote is a listing too
  // (the Rust book's ch05-01 "Ownership of Struct Data" note).
  it('turns a quoted Listing into a quoted file name line, the quote kept whole', () => {
    const out = dialect(
      '> Quote:\n>\n> <Listing file-name="src/main.rs">\n>\n> ```rust\n> struct A;\n> ```\n>\n> </Listing>\n>\n> After.\n',
      {
        generator: 'mdbook',
      },
    );
    expect(agentsMarkdown(out.text)).toBe('> Quote:\n>\n> Filename: src/main.rs\n>\n> ```rust\n> struct A;\n> ```\n>\n>\n>\n> After.\n');
    expect(out.html).toBe(
      '<blockquote>\n<p>Quote:</p>\n<p>Filename: src/main.rs</p>\n<pre tabindex="0"><code class="language-rust">struct A;\n</code></pre>\n<p>After.</p>\n</blockquote>\n',
    );
  });

  it('puts a quoted Listing caption in the quote', () => {
    const out = dialect('> <Listing number="5-1" caption="A `User`">\n>\n> ```rust\n> struct User;\n> ```\n>\n> </Listing>\n', {
      generator: 'mdbook',
    });
    expect(agentsMarkdown(out.text)).toBe('>\n>\n> ```rust\n> struct User;\n> ```\n>\n> *Listing 5-1: A `User`*\n');
    expect(out.html).toBe(
      '<blockquote>\n<pre tabindex="0"><code class="language-rust">struct User;\n</code></pre>\n<p><em>Listing 5-1: A <code>User</code></em></p>\n</blockquote>\n',
    );
  });
});

describe('attribute lists in a footnote (https://python-markdown.github.io/extensions/footnotes/, https://python-markdown.github.io/extensions/attr_list/)', () => {
  // A footnote's second paragraph is indented 4 spaces: it is the footnote's text, not indented code,
  // so its inline attribute list is read (HTML) and taken out (markdown), as on Material's blog.
  it('takes the list out of the markdown and sets it in the HTML', () => {
    const out = dialect('Text.[^1]\n\n[^1]:\n    First.\n\n    __Update__{ title="August 21, 2024" }: more.\n', { generator: 'mkdocs' });
    expect(agentsMarkdown(out.text)).toBe('Text.[^1]\n\n[^1]:\n    First.\n\n    __Update__: more.\n');
    expect(out.html).toBe(
      '<p>Text.<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup></p>\n<hr class="footnotes-sep">\n<section class="footnotes">\n<ol class="footnotes-list">\n<li id="fn1" class="footnote-item"><p>First.</p>\n<p><strong title="August 21, 2024">Update</strong>: more. <a href="#fnref1" class="footnote-backref">↩︎</a></p>\n</li>\n</ol>\n</section>\n',
    );
  });

  it('leaves a list in real indented code alone', () => {
    const out = dialect('Text.\n\n    __Update__{ title="x" }\n', { generator: 'mkdocs' });
    expect(agentsMarkdown(out.text)).toBe('Text.\n\n    __Update__{ title="x" }\n');
    expect(out.html).toBe('<p>Text.</p>\n<pre tabindex="0"><code>__Update__{ title=&quot;x&quot; }\n</code></pre>\n');
  });
});

describe('a bare-word attribute list closing a heading (https://python-markdown.github.io/extensions/attr_list/)', () => {
  // "the attribute list {: checked } would result in checked"; Material for MkDocs marks sections
  // with `### Title { data-search-exclude }` (its upgrade guide).
  it('takes the list out of the markdown and sets the attribute in the HTML', () => {
    const out = dialect('### Changes to `*.html` files { data-search-exclude }\n\nText.\n', { generator: 'mkdocs' });
    expect(agentsMarkdown(out.text)).toBe('### Changes to `*.html` files\n\nText.\n');
    expect(out.html).toBe('<h3 data-search-exclude id="changes-to-html-files">Changes to <code>*.html</code> files</h3>\n<p>Text.</p>\n');
  });

  it('reads `{: word }` too', () => {
    const out = dialect('## B {: checked }\n', { generator: 'mkdocs' });
    expect(agentsMarkdown(out.text)).toBe('## B\n');
    expect(out.html).toBe('<h2 id="b">B</h2>\n');
  });

  it('leaves braces without a blank before them, or in a paragraph, as text', () => {
    const out = dialect('## GET /users/{id}\n\nUse {x} here.\n', { generator: 'mkdocs' });
    expect(agentsMarkdown(out.text)).toBe('## GET /users/{id}\n\nUse {x} here.\n');
    expect(out.html).toBe('<h2 id="get-usersid">GET /users/{id}</h2>\n<p>Use {x} here.</p>\n');
  });
});

describe('a definition whose term is an HTML comment (https://python-markdown.github.io/extensions/definition_lists/)', () => {
  // Material for MkDocs' "Keyboard shortcuts" (setup/setting-up-navigation.md): `<!-- md:option … -->` as the term.
  const source =
    'Two modes:\n\n<!-- md:option mode:search -->\n\n:   This mode is active when the _search is focused_. It provides\n    bindings:\n\n    * ++arrow-down++ , ++arrow-up++ : select next / previous result\n    * ++esc++ : close\n\nAfter.\n';

  it('writes the definition as its blocks: a paragraph and a list, keys read', () => {
    const out = dialect(source, { generator: 'mkdocs' });
    expect(agentsMarkdown(out.text)).toBe(
      'Two modes:\n\n<!-- md:option mode:search -->\n\nThis mode is active when the _search is focused_. It provides\nbindings:\n\n* Down , Up : select next / previous result\n* Esc : close\n\nAfter.\n',
    );
    expect(out.html).toBe(
      '<p>Two modes:</p>\n\n<p>This mode is active when the <em>search is focused</em>. It provides\nbindings:</p>\n<ul>\n<li><span class="keys"><kbd>Down</kbd></span> , <span class="keys"><kbd>Up</kbd></span> : select next / previous result</li>\n<li><span class="keys"><kbd>Esc</kbd></span> : close</li>\n</ul>\n<p>After.</p>\n',
    );
  });

  it('leaves a definition with a text term, and one after a comment inside a paragraph, as written', () => {
    expect(commentTermDefinitions('Term\n\n:   Definition.\n')).toBe('Term\n\n:   Definition.\n');
    expect(commentTermDefinitions('Text\n<!-- c -->\n\n:   Definition.\n')).toBe('Text\n<!-- c -->\n\n:   Definition.\n');
    expect(commentTermDefinitions('```\n<!-- c -->\n\n:   x\n```\n')).toBe('```\n<!-- c -->\n\n:   x\n```\n');
  });
});

describe('code spans as CommonMark reads them (https://spec.commonmark.org/0.31.2/#code-spans)', () => {
  it('closes a span only at a backtick run of the same length', () => {
    // The spec's example: ``` `` foo ` bar `` ``` is one span holding a backtick.
    expect(withoutCodeSpans('The text ``Dropping `some data`!`` is printed\nbetween the `a b` and `c d\ne` text.')).toBe(
      'The text  is printed\nbetween the  and  text.',
    );
    expect(withoutCodeSpans('a `` b ` c')).toBe('a `` b ` c');
    expect(withoutCodeSpans('`a`` b `c`')).toBe('c`');
  });

  it('makes a link after a span holding a shorter backtick run absolute', () => {
    const lookup = (relPath: string): string | undefined => (relPath === 'guides/install.md' ? '/guides/install' : undefined);
    const options = {
      relPath: 'reference/api.md',
      lookup,
      baseUrl: 'https://docs.example.com',
      documentUrl: 'https://docs.example.com/reference/api.md',
    };
    expect(portableMarkdown('``a ` b`` see [install](../guides/install.md) and `c`.', options)).toBe(
      '``a ` b`` see [install](https://docs.example.com/guides/install) and `c`.',
    );
  });

  it('stays linear on a line of many unmatched runs', () => {
    const line = (runs: number): string => Array.from({ length: runs }, (_, i) => '`'.repeat((i % 50) + 1) + ' x ').join('');
    expectLinearTime(line, withoutCodeSpans, 3000);
  });
});
