/**
 * GitBook reusable content (gitbook.com/docs/creating-content/reusable-content; the Git Sync layout,
 * gitbook.com/docs "Write docs": `.gitbook/includes/` holds the reusable blocks): a block is a file
 * under `.gitbook/includes/`, used on a page as `{% include "../.gitbook/includes/name.md" %}`, a
 * path relative to the page, as the GitBook toolchain's content references
 * (toolchain.gitbook.com/templating/conrefs.html) wrote `{% include "./test.md" %}`; the file's
 * content (frontmatter left out) takes the tag's place. `.gitbook/includes/` is the one dot folder
 * read (GitBook's own), through the same rule as every include (content/readable.ts): what it
 * refuses is reported and a note shown. Included content is expanded in turn.
 */
import { splitFrontmatter } from '../frontmatter.js';
import { readInclude, refuseInclude, MAX_INCLUDE_DEPTH, type IncludeContext } from './include-context.js';

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
  if (!markdown.includes('include')) return markdown;
  return markdown.replace(INCLUDE, (_whole, double: string | undefined, single: string | undefined) => {
    const target = (double ?? single ?? '').trim();
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return refuseInclude(context, '{% include %}', target, `${target}: URLs are not fetched`);
    const read = readInclude(context, target, 'page', [GITBOOK_INCLUDES]);
    if ('error' in read) return refuseInclude(context, '{% include %}', target, read.error);
    const body = splitFrontmatter(read.text).body.replace(/^\n+|\n+$/g, '');
    return depth < MAX_INCLUDE_DEPTH ? gitbookIncludes(body, context, depth + 1) : body;
  });
}
