/**
 * VitePress markdown file inclusion (vitepress.dev/guide/markdown#markdown-file-inclusion):
 * `<!--@include: ./parts/basics.md-->` puts the file's text in place, a path relative to the page
 * or, with `@/`, to the source root (the content folder). A region (`#name`, between `#region name`
 * and `#endregion name` markers) and a line range (`{3,}`, `{,10}`, `{1,10}`, 1-based, inclusive)
 * select part of it; included markdown is expanded in turn, its paths relative to its own file.
 * VitePress runs this over the raw source, code blocks included. What the rule refuses
 * (content/readable.ts) is reported and a note shown. Found by `indexOf`, not one regular
 * expression over the page, so a page of unclosed comments costs linear time.
 */
import { posix } from 'node:path';
import { readInclude, refuseInclude, MAX_INCLUDE_DEPTH, type IncludeContext } from './include-context.js';
import { regionOf } from './vitepress-region.js';

/** After `<!--`: the directive's name (sticky, so it is tried at one place only). */
const DIRECTIVE = /\s*@include:/y;
/** A line range at the end of the path: `{3,}`, `{,10}`, `{1,10}`. */
const RANGE = /\{(\d*),(\d*)\}$/;
const REGION = /^[\w-]+$/;

/** A path as VitePress resolves it: `@/x` from the source root, else from the page. */
export function vitepressTarget(written: string): { target: string; from: 'page' | 'content' } {
  return written.startsWith('@/') ? { target: written.slice(1), from: 'content' } : { target: written, from: 'page' };
}

/** What a directive's text names: `./a.md#region{1,3}` → the path, the region and the range. */
function parseDirective(text: string): { path: string; region?: string; range?: [string, string] } {
  let rest = text.trim();
  const range = RANGE.exec(rest);
  if (range !== null) rest = rest.slice(0, range.index);
  const hash = rest.lastIndexOf('#');
  const region = hash === -1 ? undefined : rest.slice(hash + 1);
  const named = region !== undefined && REGION.test(region);
  return {
    path: (named ? rest.slice(0, hash) : rest).trim(),
    ...(named ? { region } : {}),
    ...(range === null ? {} : { range: [range[1] ?? '', range[2] ?? ''] as [string, string] }),
  };
}

/** The text one directive selects, or the note standing for it. */
function included(directive: string, context: IncludeContext, depth: number): string {
  const { path, region, range } = parseDirective(directive);
  const { target, from } = vitepressTarget(path);
  const read = readInclude(context, target, from);
  if ('error' in read) return refuseInclude(context, '<!--@include:-->', path, read.error);
  let text = read.text.replace(/\n$/, '');
  if (region !== undefined) {
    const selected = regionOf(text, region);
    if (selected === undefined) {
      context.problems.push({ message: `<!--@include:-->: region ${region} not found in ${path}`, needle: path });
      return '';
    }
    text = selected;
  }
  if (range !== undefined) {
    const [start, end] = range;
    const lines = text.split('\n');
    text = lines.slice(start === '' ? 0 : Math.max(Number(start) - 1, 0), end === '' ? lines.length : Number(end)).join('\n');
  }
  // A nested include is relative to the file that holds it, as VitePress resolves it.
  const relPath = posix.normalize(from === 'content' ? target.slice(1) : posix.join(posix.dirname(context.relPath), target));
  return depth < MAX_INCLUDE_DEPTH ? vitepressIncludes(text, { ...context, relPath }, depth + 1) : text;
}

/**
 * Replaces every `<!--@include: …-->` of `markdown` with the text it selects.
 * @param depth nesting of the text being expanded, to {@link MAX_INCLUDE_DEPTH}
 * @example vitepressIncludes('<!--@include: ./parts/a.md{2,}-->', context) // a.md from its line 2
 */
export function vitepressIncludes(markdown: string, context: IncludeContext, depth = 0): string {
  if (!markdown.includes('@include:')) return markdown;
  let out = '';
  let at = 0;
  for (let open = markdown.indexOf('<!--'); open !== -1; open = markdown.indexOf('<!--', open + 4)) {
    DIRECTIVE.lastIndex = open + 4;
    if (!DIRECTIVE.test(markdown)) continue;
    const close = markdown.indexOf('-->', DIRECTIVE.lastIndex);
    // No comment closes after this one: no later directive can either.
    if (close === -1) break;
    out += markdown.slice(at, open) + included(markdown.slice(DIRECTIVE.lastIndex, close), context, depth);
    at = close + 3;
    open = close - 1;
  }
  return out + markdown.slice(at);
}
