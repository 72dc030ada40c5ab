/**
 * VitePress markdown file inclusion (vitepress.dev/guide/markdown#markdown-file-inclusion):
 * `<!--@include: ./parts/basics.md-->` puts the file's text in place, a path relative to the page
 * or, with `@/`, to the source root (the content folder). A region (`#name`, between `#region name`
 * and `#endregion name` markers) and a line range (`{3,}`, `{,10}`, `{1,10}`, 1-based, inclusive)
 * select part of it; included markdown is expanded in turn, its paths relative to its own file. VitePress runs this over the raw source,
 * code blocks included. What the rule refuses (content/readable.ts) is reported and a note shown.
 */
import { posix } from 'node:path';
import { readInclude, refuseInclude, MAX_INCLUDE_DEPTH, type IncludeContext } from './include-context.js';
import { regionOf } from './vitepress-region.js';

const INCLUDE = /<!--\s*@include:\s*([^\s{#>][^{#>]*?)(?:#([\w-]+))?(?:\{(\d*),(\d*)\})?\s*-->/g;

/** A path as VitePress resolves it: `@/x` from the source root, else from the page. */
export function vitepressTarget(written: string): { target: string; from: 'page' | 'content' } {
  return written.startsWith('@/') ? { target: written.slice(1), from: 'content' } : { target: written, from: 'page' };
}

/**
 * Replaces every `<!--@include: …-->` of `markdown` with the text it selects.
 * @param depth nesting of the text being expanded, to {@link MAX_INCLUDE_DEPTH}
 * @example vitepressIncludes('<!--@include: ./parts/a.md{2,}-->', context) // a.md from its line 2
 */
export function vitepressIncludes(markdown: string, context: IncludeContext, depth = 0): string {
  if (!markdown.includes('@include:')) return markdown;
  return markdown.replace(
    INCLUDE,
    (_whole, written: string, region: string | undefined, start: string | undefined, end: string | undefined) => {
      const path = written.trim();
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
      if (start !== undefined) {
        const lines = text.split('\n');
        text = lines
          .slice(start === '' ? 0 : Math.max(Number(start) - 1, 0), end === '' || end === undefined ? lines.length : Number(end))
          .join('\n');
      }
      // A nested include is relative to the file that holds it, as VitePress resolves it.
      const relPath = from === 'content' ? target.slice(1) : posix.join(posix.dirname(context.relPath), target);
      return depth < MAX_INCLUDE_DEPTH ? vitepressIncludes(text, { ...context, relPath: posix.normalize(relPath) }, depth + 1) : text;
    },
  );
}
