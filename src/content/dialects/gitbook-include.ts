/**
 * GitBook reusable content (gitbook.com/docs/creating-content/reusable-content; the Git Sync layout,
 * gitbook.com/docs "Write docs": `.gitbook/includes/` holds the reusable blocks): a block is a file
 * under `.gitbook/includes/`, used on a page as `{% include "../.gitbook/includes/name.md" %}`, a
 * path relative to the page, as the GitBook toolchain's content references
 * (toolchain.gitbook.com/templating/conrefs.html) wrote `{% include "./test.md" %}`; the file's
 * content (frontmatter left out) takes the tag's place. `.gitbook/includes/` is the one dot folder
 * read (GitBook's own), through the same rule as every include (content/readable.ts): what it
 * refuses is reported and a note shown. Included content is expanded in turn. Tags in code
 * (fenced blocks, code spans) are text, as GitBook shows them.
 */
import { bodyOf } from '../frontmatter.js';
import { readInclude, refuseInclude, MAX_INCLUDE_DEPTH, type IncludeContext } from './include-context.js';
import { codeLines, trimNewlines } from './lines.js';

/** GitBook's include folder, relative to the space root (the content folder). */
export const GITBOOK_INCLUDES = '.gitbook/includes';

/** The tag, not inside Hugo's `{{% include %}}` (hugo-shortcodes.ts), which holds the same text. */
const INCLUDE = /(?<!\{)\{%-?\s*include\s+(?:"([^"\n]*)"|'([^'\n]*)')\s*-?%\}(?!\})/g;

/**
 * Replaces every `{% include "…" %}` of `markdown` with the file's body.
 * @param depth nesting of the text being expanded, to {@link MAX_INCLUDE_DEPTH}
 * @example gitbookIncludes('{% include "../.gitbook/includes/note.md" %}', context) // the note's body
 */
export function gitbookIncludes(markdown: string, context: IncludeContext, depth = 0): string {
  if (!markdown.includes('{%')) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  // Outside code only: Jinja's `{% include %}` in a theme's code samples (MkDocs Material's docs) is text.
  return lines.map((line, i) => (code[i] === true || !line.includes('{%') ? line : includeLine(line, context, depth))).join('\n');
}

/** One line's tags replaced, those inside a code span (an odd number of backticks before them) kept. */
function includeLine(line: string, context: IncludeContext, depth: number): string {
  return line.replace(INCLUDE, (whole: string, double: string | undefined, single: string | undefined, offset: number) => {
    if ((line.slice(0, offset).split('`').length - 1) % 2 === 1) return whole;
    const target = (double ?? single ?? '').trim();
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return refuseInclude(context, '{% include %}', target, `${target}: URLs are not fetched`);
    const read = readInclude(context, target, 'page', [GITBOOK_INCLUDES]);
    if ('error' in read) return refuseInclude(context, '{% include %}', target, read.error);
    const body = trimNewlines(bodyOf(read.text));
    return depth < MAX_INCLUDE_DEPTH ? gitbookIncludes(body, context, depth + 1) : body;
  });
}
