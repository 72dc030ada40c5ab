/**
 * The dialect feature table (features.ts) as the markdown table docs/generators.md shows, between
 * {@link TABLE_START} and {@link TABLE_END}; `npm run feature-table` writes it there, and a test
 * fails when the page's copy differs from the table in code.
 */
import { DIALECT_FEATURES, type DialectFeature } from './features.js';
import type { Generator } from '../conventions/types.js';

/** The page of the repository that holds the table, relative to the repository root. */
export const FEATURE_PAGE = 'docs/generators.md';

/** The markers around the table in {@link FEATURE_PAGE}. */
export const TABLE_START = '<!-- dialect features: made by npm run feature-table from src/content/dialects/features/ -->';
export const TABLE_END = '<!-- /dialect features -->';

/** Characters of a code span written as HTML character references in a `<code>` element. */
const REFERENCED = /[{}<>&|]/g;

/**
 * A code span's text that shows generator syntax (`{{#include file}}`, `<!--@include: …-->`,
 * `{{< tabs >}}`) as a `<code>` element with `{`, `<` and their kin as character references: the
 * table's page is served by sitegate from a plain folder, which reads every generator's syntax, and
 * mdBook's and VitePress's includes run over the raw text, code spans included (as the generators
 * themselves do). It reads the same on GitHub and on the site. Other spans stay as written.
 */
function inertCode(code: string, written: string): string {
  if (!/[{<]/.test(code)) return written;
  // CommonMark §6.1: one space at each end is stripped when both are there and the span is not all spaces.
  const text = code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '' ? code.slice(1, -1) : code;
  return `<code>${text.replace(REFERENCED, (char) => `&#${char.charCodeAt(0)};`)}</code>`;
}

/** Length of the run of backticks at `index`. */
function backtickRun(text: string, index: number): number {
  let end = index;
  while (text[end] === '`') end += 1;
  return end - index;
}

/** `text` with each code span (CommonMark §6.1: a backtick run closed by a run of the same length) passed through {@link inertCode}, the rest through {@link inertText}; linear. */
function inertCodeSpans(text: string): string {
  let out = '';
  let from = 0;
  let open = text.indexOf('`');
  while (open !== -1) {
    const ticks = backtickRun(text, open);
    let close = text.indexOf('`', open + ticks);
    while (close !== -1 && backtickRun(text, close) !== ticks) close = text.indexOf('`', close + backtickRun(text, close));
    if (close === -1) break;
    out += inertText(text.slice(from, open)) + inertCode(text.slice(open + ticks, close), text.slice(open, close + ticks));
    from = close + ticks;
    open = text.indexOf('`', from);
  }
  return out + inertText(text.slice(from));
}

/** Text outside code spans with `{`, `}`, `<` and `>` as character references, for the reason of {@link inertCode}. */
function inertText(text: string): string {
  return text.replace(/[{}<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A table cell: line breaks flattened, generator syntax made inert ({@link inertCode}), pipes escaped. */
function cell(text: string): string {
  return inertCodeSpans(text.replaceAll('\n', ' ')).replaceAll('|', '\\|');
}

/** How the feature table's section headings name each generator. */
const GENERATOR_NAMES: Readonly<Record<Generator, string>> = {
  docusaurus: 'Docusaurus',
  starlight: 'Starlight',
  vitepress: 'VitePress',
  mkdocs: 'MkDocs',
  mdbook: 'mdBook',
  gitbook: 'GitBook',
  hugo: 'Hugo',
  plain: 'Plain folders',
};

/**
 * The markdown tables of `rows`, one per generator (the first a row names) under a `###` heading,
 * so the page is cut into parts at them: generator, feature (linked to its documentation page),
 * support, and what a partial or dropped row leaves out.
 */
export function featureTable(rows: readonly DialectFeature[] = DIALECT_FEATURES): string {
  const sections = new Map<Generator, string[]>();
  for (const row of rows) {
    const [first = 'plain'] = row.generators;
    const lines = sections.get(first) ?? ['| Generator | Feature | Support | Notes |', '| --- | --- | --- | --- |'];
    lines.push(`| ${row.generators.join(', ')} | [${cell(row.feature)}](${row.doc}) | ${row.support} | ${cell(row.note ?? '')} |`);
    sections.set(first, lines);
  }
  return [...sections].map(([generator, lines]) => [`### ${GENERATOR_NAMES[generator]}`, '', ...lines].join('\n')).join('\n\n');
}
