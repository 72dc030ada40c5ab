/**
 * VitePress code snippet import (vitepress.dev/guide/markdown#import-code-snippets): a line
 * `<<< @/snippets/snippet.js` (from the source root, the content folder) or `<<< ./a.js` (from the
 * page) becomes a fenced code block of the file, its language from the extension or from the
 * braces (`{c#}`, `{1,2 ts:line-numbers}`: options are left out, line highlights become the
 * fence's `{1,2}`, which the HTML marks, content/code/fence-info.ts), a region with `#name`, a
 * title with `[title]` (kept as the block's bold title). Code blocks are left as written. What the
 * rule refuses (content/readable.ts) is reported and a note shown.
 */
import { readInclude, refuseInclude, type IncludeContext } from './include-context.js';
import { codeLines } from './lines.js';
import { regionOf } from './vitepress-region.js';
import { vitepressTarget } from './vitepress-include.js';

const SNIPPET = /^(\s*)<<<\s+([^\s{#[]+)(?:#([\w-]+))?(?:\{([^}]*)\})?(?:\s+\[([^\]]*)\])?\s*$/;

/** The language a brace spec names (`1,2 ts:line-numbers` → `ts`, `c#` → `c#`), else the file's extension. */
function languageOf(spec: string | undefined, file: string): string {
  const named = (spec ?? '')
    .split(/\s+/)
    .map((word) => word.split(':', 1)[0] as string)
    .find((word) => word !== '' && !/^[\d,-]+$/.test(word));
  return named ?? /\.([\w+-]+)$/.exec(file)?.[1] ?? '';
}

/** The line highlights a brace spec names (`1,3-4 ts` → `1,3-4`), else `''`. */
function highlightsOf(spec: string | undefined): string {
  return (spec ?? '')
    .split(/\s+/)
    .filter((word) => /^\d[\d,-]*$/.test(word))
    .join(',');
}

/** `code` fenced with more backticks than it holds, with `{lines}` highlighted when given. */
function fenced(code: string, lang: string, lines: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}${lines === '' ? '' : ` {${lines}}`}\n${code}\n${fence}`;
}

/**
 * Replaces every `<<<` line of `markdown` (outside code) with a code block of the file it names.
 * @example vitepressSnippets('<<< @/snippets/a.js', context) // '```js\n…\n```'
 */
export function vitepressSnippets(markdown: string, context: IncludeContext): string {
  if (!markdown.includes('<<<')) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  return lines
    .map((line, i) => {
      const match = code[i] === true ? null : SNIPPET.exec(line);
      if (match === null) return line;
      const [, indent = '', written = '', region, spec, title] = match;
      const { target, from } = vitepressTarget(written);
      const read = readInclude(context, target, from);
      if ('error' in read) return indent + refuseInclude(context, '<<<', written, read.error);
      let text = read.text.replace(/\n$/, '');
      if (region !== undefined) {
        const selected = regionOf(text, region);
        if (selected === undefined) {
          context.problems.push({ message: `<<<: region ${region} not found in ${written}`, needle: written });
          return '';
        }
        text = selected;
      }
      const block = fenced(text, languageOf(spec, target), highlightsOf(spec));
      const titled = title === undefined || title.trim() === '' ? block : `**${title.trim()}**\n\n${block}`;
      return titled
        .split('\n')
        .map((out) => (out === '' ? out : indent + out))
        .join('\n');
    })
    .join('\n');
}
