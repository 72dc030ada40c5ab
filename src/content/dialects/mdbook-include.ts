/**
 * mdBook includes (rust-lang.github.io/mdBook "mdBook-specific features § Including files"):
 * `{{#include file}}`, `{{#include file:2}}` (line 2), `{{#include file::10}}`, `{{#include file:2:}}`,
 * `{{#include file:2:10}}` (1-based, inclusive), `{{#include file:name}}` (the lines between
 * `ANCHOR: name` and `ANCHOR_END: name`, other anchor lines left out) and `{{#rustdoc_include …}}`,
 * whose lines outside the range mdBook hides: only the shown lines are kept; `{{#playground file}}`,
 * the file in a `rust` code block. Paths are relative to
 * the chapter; includes run inside code blocks too, as mdBook runs them before parsing. `\{{#include}}`
 * is the literal text. A file the rule refuses (content/readable.ts) is reported and a note shown in its place.
 */
import { readInclude, refuseInclude, MAX_INCLUDE_DEPTH, type IncludeContext } from './include-context.js';
import { markedRegion, type RegionMarkers } from './marked-region.js';

/**
 * The path runs to whitespace (the line spec is part of it), then anything but braces to `}}`: the
 * two parts never share characters, and a scan from one `{{#` stops at the next `{` (linear on a
 * page of unclosed includes).
 */
const INCLUDE = /(\\?)\{\{#(include|rustdoc_include|playground)\s+([^}\s]+)(?:\s([^{}]*))?\}\}/g;
const ANCHOR = /ANCHOR(?:_END)?:\s*[\w-]+/;

/** mdBook's anchor markers. */
const MDBOOK_ANCHOR: RegionMarkers = { open: (name) => `ANCHOR:\\s*${name}`, close: (name) => `ANCHOR_END:\\s*${name}`, any: ANCHOR };

/** The lines of `text` a spec selects: `''` all, `2`, `2:10`, `:10`, `2:`, or an anchor name. */
export function selectLines(text: string, spec: string): string | undefined {
  const lines = text.replace(/\n$/, '').split('\n');
  if (spec === '') return lines.join('\n');
  const range = /^(\d*)(?::(\d*))?$/.exec(spec);
  if (range !== null) {
    const [, start = '', end] = range;
    const first = start === '' ? 0 : Number(start) - 1;
    // `2` is line 2 alone; `2:` runs to the end.
    const last = end === undefined ? (start === '' ? lines.length : first + 1) : end === '' ? lines.length : Number(end);
    return lines.slice(Math.max(first, 0), last).join('\n');
  }
  return markedRegion(lines, spec, MDBOOK_ANCHOR);
}

/**
 * Replaces every mdBook include of `markdown` with the lines it selects.
 * @param depth nesting of the text being expanded (an included `.md` file is expanded too, to {@link MAX_INCLUDE_DEPTH})
 * @example mdbookIncludes('```rust\n{{#include ../listings/a.rs:2}}\n```', context) // '```rust\nfn main() {}\n```'
 */
export function mdbookIncludes(markdown: string, context: IncludeContext, depth = 0): string {
  if (!markdown.includes('{{#')) return markdown;
  return markdown.replace(INCLUDE, (whole, escape: string, kind: string, target: string, attributes: string | undefined) => {
    if (escape === '\\') return whole.slice(1);
    const colon = target.indexOf(':');
    const file = colon === -1 ? target : target.slice(0, colon);
    const spec = colon === -1 ? '' : target.slice(colon + 1);
    const read = readInclude(context, file, 'page');
    if ('error' in read) return refuseInclude(context, `{{#${kind}}}`, file, read.error);
    const selected = selectLines(read.text, spec);
    if (selected === undefined) {
      context.problems.push(`{{#${kind}}}: anchor ${spec} not found in ${file}`);
      return '';
    }
    if (kind === 'playground') return playgroundBlock(selected, attributes ?? '');
    if (kind === 'rustdoc_include' && spec === '')
      return selected
        .split('\n')
        .filter((line) => !ANCHOR.test(line))
        .join('\n');
    return file.endsWith('.md') && depth < MAX_INCLUDE_DEPTH ? mdbookIncludes(selected, context, depth + 1) : selected;
  });
}

/**
 * A `{{#playground file.rs editable}}` as mdBook inserts it (rust-lang.github.io/mdBook/format/mdbook.html,
 * "Inserting runnable Rust files"): the file in a `rust` code block whose info string carries the
 * values after the file name as attributes (`rust,editable`). The fence is longer than any run of
 * backticks the file holds, so the file cannot close it.
 */
export function playgroundBlock(code: string, attributes: string): string {
  let longest = 0;
  for (const run of code.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const info = ['rust', ...attributes.split(/[\s,]+/).filter((word) => word !== '')].join(',');
  return `${fence}${info}\n${code}\n${fence}`;
}

/** `{{#title …}}` (mdBook "Controlling page <title>"), on its own line with its line break, or in running text. */
const TITLE = /\{\{#title\s[^{}\n]*\}\}\n?/g;

/**
 * Takes mdBook's `{{#title My Title}}` out of a chapter (rust-lang.github.io/mdBook/format/mdbook.html,
 * "Controlling page <title>": it sets the HTML `<title>` apart from the chapter's SUMMARY label and
 * shows nothing). The page keeps the title its SUMMARY label gives it (content/conventions/summary.ts).
 * `\{{#title}}` is the literal text. Outside code only is not checked: mdBook reads it anywhere.
 */
export function mdbookTitles(markdown: string): string {
  if (!markdown.includes('{{#title')) return markdown;
  return markdown.replace(TITLE, (whole: string, offset: number) => (markdown[offset - 1] === '\\' ? whole : ''));
}
