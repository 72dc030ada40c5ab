/**
 * The mdBook rows of the feature table (features/mdbook.ts), each from a fixture written after
 * rust-lang.github.io/mdBook/format/mdbook.html (the section named in the test), with the exact
 * markdown agents get and the exact HTML.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import { featuresOf } from './features.js';
import { mdbookFeatures } from './features/mdbook.js';
import { siteFilesOf } from './site-files.js';
import { dialect, writeSite } from './test-support.js';

const site = writeSite({
  'book.toml': '[book]\ntitle = "Example"\n',
  'src/file.rs':
    '/* ANCHOR: all */\n\n// ANCHOR: component\nstruct Paddle {\n    hello: f32,\n}\n// ANCHOR_END: component\n\n/* ANCHOR_END: all */\n',
  'src/example.rs': 'fn main() {\n    println!("Hello World!");\n}\n',
  'src/main.rs': 'fn main() {\n    let x = add_one(5);\n    println!("{x}");\n}\n\nfn add_one(x: i32) -> i32 {\n    x + 1\n}\n',
});
afterAll(() => rmSync(site, { recursive: true, force: true }));
const files = siteFilesOf(path.join(site, 'src'), [], new InternalZone([]));
const mdbook = (source: string): ReturnType<typeof dialect> => dialect(source, { relPath: 'chapter.md', files, generator: 'mdbook' });

describe('mdBook includes (mdbook.html#including-files)', () => {
  it('includes an anchor, its inner anchor lines left out (#including-portions-of-a-file)', () => {
    const out = mdbook('Here is a component:\n```rust,no_run,noplayground\n{{#include file.rs:component}}\n```\n');
    expect(out.text).toBe('Here is a component:\n```rust,no_run,noplayground\nstruct Paddle {\n    hello: f32,\n}\n```\n');
    expect(out.html).toBe(
      '<p>Here is a component:</p>\n<pre tabindex="0"><code class="language-rust">struct Paddle {\n    hello: f32,\n}\n</code></pre>\n',
    );
    expect(mdbook('```rust\n{{#include file.rs:all}}\n```\n').text).toBe('```rust\n\nstruct Paddle {\n    hello: f32,\n}\n\n```\n');
  });

  it('includes line ranges: :2, ::2, :2:, :2:3', () => {
    expect(mdbook('{{#include main.rs:2}}').text).toBe('    let x = add_one(5);');
    expect(mdbook('{{#include main.rs::2}}').text).toBe('fn main() {\n    let x = add_one(5);');
    expect(mdbook('{{#include main.rs:6:}}').text).toBe('fn add_one(x: i32) -> i32 {\n    x + 1\n}');
    expect(mdbook('{{#include main.rs:2:3}}').text).toBe('    let x = add_one(5);\n    println!("{x}");');
  });

  it('rustdoc_include keeps only the shown lines (#including-a-file-but-initially-hiding-all-except-specified-lines)', () => {
    const out = mdbook('```rust\n{{#rustdoc_include main.rs:2}}\n```\n');
    expect(out.text).toBe('```rust\n    let x = add_one(5);\n```\n');
    expect(out.html).toBe('<pre tabindex="0"><code class="language-rust">    let x = add_one(5);\n</code></pre>\n');
  });

  it('leaves an escaped include as its literal text', () => {
    expect(mdbook('\\{{#include file.rs}}\n').text).toBe('{{#include file.rs}}\n');
  });
});

describe('mdBook playground (mdbook.html#inserting-runnable-rust-files)', () => {
  it('inserts the file as a rust code block carrying the attributes after its name', () => {
    const out = mdbook('{{#playground example.rs editable}}\n');
    expect(out.text).toBe('```rust,editable\nfn main() {\n    println!("Hello World!");\n}\n```\n');
    expect(out.html).toBe(
      '<pre tabindex="0"><code class="language-rust">fn main() {\n    println!(&quot;Hello World!&quot;);\n}\n</code></pre>\n',
    );
    expect(mdbook('{{#playground example.rs}}\n').text).toBe('```rust\nfn main() {\n    println!("Hello World!");\n}\n```\n');
  });
});

describe('mdBook page title (mdbook.html#controlling-page-title)', () => {
  it('takes {{#title}} out of the page', () => {
    const out = mdbook('{{#title My Title}}\n# Chapter\n\nText.\n');
    expect(out.text).toBe('# Chapter\n\nText.\n');
    expect(out.html).toBe('<h1 id="chapter">Chapter</h1>\n<p>Text.</p>\n');
  });
});

describe('mdBook hidden lines (mdbook.html#hiding-code-lines)', () => {
  it('hides `# ` lines of a rust block from markdown and HTML, `##` shown as `#`', () => {
    const out = mdbook('```rust\n# fn main() {\n    let x = 5;\n    let y = 6;\n\n    println!("{}", x + y);\n# }\n```\n');
    expect(out.text).toBe('```rust\n    let x = 5;\n    let y = 6;\n\n    println!("{}", x + y);\n```\n');
    expect(out.html).toBe(
      '<pre tabindex="0"><code class="language-rust">    let x = 5;\n    let y = 6;\n\n    println!(&quot;{}&quot;, x + y);\n</code></pre>\n',
    );
    expect(mdbook('```rust\n##[derive(Debug)]\nstruct A;\n#\n#![allow(unused)]\n```\n').text).toBe(
      '```rust\n#[derive(Debug)]\nstruct A;\n#![allow(unused)]\n```\n',
    );
  });

  it('hides lines with a local hidelines= prefix in any language, and none elsewhere', () => {
    const out = mdbook('```python,hidelines=!!!\n!!!hidden()\nnothidden():\n!!!    hidden()\n    !!!hidden()\n    nothidden()\n```\n');
    expect(out.text).toBe('```python,hidelines=!!!\nnothidden():\n    nothidden()\n```\n');
    expect(out.html).toBe('<pre tabindex="0"><code class="language-python">nothidden():\n    nothidden()\n</code></pre>\n');
    const shell = '```sh\n# a comment\nls\n```\n';
    expect(mdbook(shell).text).toBe(shell);
  });

  it('hides the lines of a rust file a playground brings in', () => {
    const withHidden = writeSite({ 'book.toml': '', 'src/hidden.rs': '# fn main() {\nlet x = 1;\n# }\n' });
    try {
      const out = dialect('{{#playground hidden.rs}}\n', {
        relPath: 'chapter.md',
        files: siteFilesOf(path.join(withHidden, 'src'), [], new InternalZone([])),
        generator: 'mdbook',
      });
      expect(out.text).toBe('```rust\nlet x = 1;\n```\n');
    } finally {
      rmSync(withHidden, { recursive: true, force: true });
    }
  });

  it('leaves a page without mdBook syntax as the very same string', () => {
    const page = '# Title\n\nSome `code` and # not a heading.\n\n    indented\n';
    expect(mdbook(page).text).toBe(page);
  });
});

describe('mdBook syntax on hostile input', () => {
  it('reads thousands of fences, hidden lines and titles in linear time', () => {
    const shapes = [
      '```rust\n# a\n'.repeat(20_000),
      '{{#title '.repeat(40_000),
      '```rust,hidelines=' + '#'.repeat(200_000),
      '{{#playground '.repeat(40_000),
    ];
    for (const shape of shapes) {
      const started = performance.now();
      mdbook(shape);
      expect(performance.now() - started, shape.slice(0, 20)).toBeLessThan(3_000);
    }
  });
});

describe('mdBook feature rows', () => {
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

  it('detect the fixtures above', () => {
    const detected = (source: string): string[] => mdbookFeatures.filter((row) => row.detect?.test(source) === true).map((row) => row.id);
    expect(detected('{{#playground example.rs editable}}')).toEqual(['mdbook.playground']);
    expect(detected('```rust\n# fn main() {}\n```')).toEqual(['mdbook.hidden-lines']);
    expect(detected('{{#title My Title}}')).toEqual(['mdbook.title']);
    expect(detected('Plain text.')).toEqual([]);
  });
});
