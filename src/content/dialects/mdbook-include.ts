/**
 * mdBook includes (rust-lang.github.io/mdBook "mdBook-specific features § Including files"):
 * `{{#include file}}`, `{{#include file:2}}` (line 2), `{{#include file::10}}`, `{{#include file:2:}}`,
 * `{{#include file:2:10}}` (1-based, inclusive), `{{#include file:name}}` (the lines between
 * `ANCHOR: name` and `ANCHOR_END: name`, other anchor lines left out) and `{{#rustdoc_include …}}`,
 * whose lines outside the range mdBook hides: only the shown lines are kept. Paths are relative to
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
const INCLUDE = /(\\?)\{\{#(include|rustdoc_include|playground)\s+([^}\s]+)(?:\s[^{}]*)?\}\}/g;
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
  return markdown.replace(INCLUDE, (whole, escape: string, kind: string, target: string) => {
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
    if (kind === 'rustdoc_include' && spec === '')
      return selected
        .split('\n')
        .filter((line) => !ANCHOR.test(line))
        .join('\n');
    return file.endsWith('.md') && depth < MAX_INCLUDE_DEPTH ? mdbookIncludes(selected, context, depth + 1) : selected;
  });
}
