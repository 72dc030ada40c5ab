/**
 * VitePress `[[toc]]` (vitepress.dev/guide/markdown#table-of-contents): a paragraph that is only
 * `[[toc]]` becomes the page's table of contents, its `##` and `###` headings by default
 * (`markdown.toc.level`, vitepress.dev/reference/site-config#markdown), nested by level. Here it is a
 * plain list of links to the headings' anchors, in markdown for agents and the same list in the HTML;
 * the anchors are the ids the HTML gives the headings (content/render.ts, custom `{#id}` kept), so
 * every link lands. `[[toc]]` in code is left as written.
 */
import type { PageUrlLookup } from '../links.js';
import { renderMarkdown } from '../render.js';
import { codeLines, outsideCodeSpans } from './lines.js';

/** The heading levels VitePress lists by default (`markdown.toc.level: [2, 3]`). */
const TOC_LEVELS: readonly [number, number] = [2, 3];
/** A paragraph of `[[toc]]` alone, as @mdit-vue/plugin-toc reads it (case-insensitive). */
const TOC = /^[ \t]{0,3}\[\[toc\]\][ \t]*$/i;

/** Text as a link label: the characters that would end or break it escaped. */
function label(text: string): string {
  return outsideCodeSpans(text, (prose) => prose.replace(/[[\]\\*_`<]/g, (char) => `\\${char}`));
}

/**
 * Replaces each `[[toc]]` paragraph of `markdown` (a page body after the other dialect steps) with
 * the list of its headings; a page without one comes back as it is.
 * @param relPath the page, for the render that names the headings' ids
 * @example vitepressToc('[[toc]]\n\n## A\n\n### B', 'a.md', lookup) // '- [A](#a)\n  - [B](#b)\n\n## A\n\n### B'
 */
export function vitepressToc(markdown: string, relPath: string, lookup: PageUrlLookup): string {
  if (!/\[\[toc\]\]/i.test(markdown)) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  const at = lines.map(
    (line, i) => code[i] !== true && TOC.test(line) && (lines[i - 1] ?? '').trim() === '' && (lines[i + 1] ?? '').trim() === '',
  );
  if (!at.includes(true)) return markdown;
  const others = lines.map((line, i) => (at[i] === true ? '' : line)).join('\n');
  const { headings } = renderMarkdown(others, { relPath, lookup, basePath: '', highlight: null });
  const listed = headings
    .map((heading) => ({ ...heading, level: headingLevel(lines, heading.line) }))
    .filter(({ level }) => level >= TOC_LEVELS[0] && level <= TOC_LEVELS[1]);
  const top = Math.min(...listed.map(({ level }) => level));
  const list = listed.map(({ level, text, id }) => `${'  '.repeat(level - top)}- [${label(text)}](#${id})`).join('\n');
  return lines.map((line, i) => (at[i] === true ? list : line)).join('\n');
}

/**
 * The level of the heading at `lines[at]` (0-based): an ATX heading's hashes (`### x` → 3, in a quote
 * too), else a setext heading's underline on a following line (`===` → 1, `---` → 2).
 */
function headingLevel(lines: readonly string[], at: number): number {
  const unquoted = (line: string): string => line.replace(/^[ \t]*(?:>[ \t]?)*/, '');
  const hashes = /^[ \t]*(#{1,6})(?:[ \t]|$)/.exec(unquoted(lines[at] ?? ''))?.[1];
  if (hashes !== undefined) return hashes.length;
  for (let next = at + 1; next < lines.length; next++) {
    const underline = unquoted(lines[next] ?? '').trim();
    if (/^=+$/.test(underline)) return 1;
    if (/^-+$/.test(underline)) return 2;
  }
  return 2;
}
