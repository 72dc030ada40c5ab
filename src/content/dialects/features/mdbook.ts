/** The mdbook rows of the dialect feature table (../features.ts), each from the page of the documentation it names. */
import type { DialectFeature } from '../features.js';

/** mdBook's "mdBook-specific features" page. */
const FEATURES = 'https://rust-lang.github.io/mdBook/format/mdbook.html';

/** mdBook's rows: its preprocessor commands (../mdbook-include.ts), hidden lines (../mdbook-hidden-lines.ts), SUMMARY.md and book.toml. */
export const mdbookFeatures: readonly DialectFeature[] = [
  {
    id: 'mdbook.include',
    feature: '`{{#include file}}` with line ranges (`:2`, `:2:10`, `::10`, `:2:`) and anchors (`:name`)',
    generators: ['mdbook'],
    doc: `${FEATURES}#including-files`,
    support: 'supported',
    note: 'Read through content/readable.ts; a refused or missing file, or an unknown anchor, is a check error.',
    detect: /\{\{#include\s/,
  },
  {
    id: 'mdbook.rustdoc-include',
    feature: '`{{#rustdoc_include file:range}}`',
    generators: ['mdbook'],
    doc: `${FEATURES}#including-a-file-but-initially-hiding-all-except-specified-lines`,
    support: 'partial',
    note: 'The shown lines only: the lines mdBook hides behind its toggle are left out.',
    detect: /\{\{#rustdoc_include\s/,
  },
  {
    id: 'mdbook.playground',
    feature: '`{{#playground file.rs attributes}}`',
    generators: ['mdbook'],
    doc: `${FEATURES}#inserting-runnable-rust-files`,
    support: 'partial',
    note: 'The file in a `rust,<attributes>` code block; no Run button.',
    detect: /\{\{#playground\s/,
  },
  {
    id: 'mdbook.title',
    feature: '`{{#title …}}`',
    generators: ['mdbook'],
    doc: `${FEATURES}#controlling-page-title`,
    support: 'partial',
    note: 'Taken out of the page; the page keeps its SUMMARY title rather than the `<title>` it sets.',
    detect: /\{\{#title\s/,
  },
  {
    id: 'mdbook.hidden-lines',
    feature: 'hidden code lines (`# ` in `rust` blocks, `##` escape, `hidelines=<prefix>`)',
    generators: ['mdbook'],
    doc: `${FEATURES}#hiding-code-lines`,
    support: 'partial',
    note: 'Hidden lines are left out of both HTML and markdown (no toggle); book.toml `[output.html.code.hidelines]` is not read.',
    detect: /hidelines=|(?:`{3}|~{3})rust/,
  },
  {
    id: 'mdbook.summary',
    feature:
      'SUMMARY.md: prefix chapters, `# Part` titles, numbered chapters nested by indentation, suffix chapters, `---` separators, draft chapters',
    generators: ['mdbook'],
    doc: 'https://rust-lang.github.io/mdBook/format/summary.html',
    support: 'partial',
    note: 'Its links are the published pages in its order, titled by their link text; parts and chapters with sub-chapters shape the nav (content/conventions/summary.ts); drafts and separators show nothing.',
  },
  {
    id: 'mdbook.redirect',
    feature: 'book.toml `[output.html.redirect]`',
    generators: ['mdbook'],
    doc: 'https://rust-lang.github.io/mdBook/format/configuration/renderers.html#outputhtmlredirect',
    support: 'partial',
    note: 'Each old page answers 308 to its new place; a key with a #fragment, which only a browser script can redirect, is left out.',
  },
  {
    id: 'mdbook.trpl-listing',
    feature: '`<Listing number file-name caption>` (the Rust book’s mdbook-trpl-listing preprocessor)',
    generators: ['mdbook'],
    doc: 'https://github.com/rust-lang/book/tree/main/packages/mdbook-trpl',
    support: 'partial',
    note: '`Filename:` before the block and the caption in italics after it, not a figure; inside a blockquote too (the lines keep their `>`).',
    detect: /<Listing[\s>]/,
  },
];
