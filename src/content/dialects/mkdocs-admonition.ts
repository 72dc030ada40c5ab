/**
 * MkDocs admonitions (Python-Markdown "Admonition": `!!! type "Title"`, body indented 4 spaces;
 * `""` for no title) and collapsible ones (PyMdown "Details": `??? type "Title"`, `???+` open) as
 * plain markdown: `!!!` a GitHub alert with its title, `???` a quoted block opening with its summary
 * (the title, else the type capitalised, as Material shows it).
 */
import { admonitionMarkdown, detailsMarkdown } from './blocks.js';
import { dedent, indentedBodyLength, indentLines, indentOf, indentWidth, rewriteBlocks } from './lines.js';

/** `!!! note`, `!!! note "Title"`, `??? note inline end "Title"`, `???+ tip`. */
// Group 4 (further classes, `inline end`) is `[ \t][ \t\w-]*` rather than `(?:[ \t]+[\w-]+)*`
// then `[ \t]*`: the same lines, without nested quantifiers (issue 31).
const OPEN = /^(\s*(?::[ \t]+)?)(!!!|\?\?\?\+?)[ \t]+([\w-]+)((?:[ \t][ \t\w-]*)?)(?:"(.*)"[ \t]*)?$/;

/**
 * Rewrites every MkDocs admonition of `markdown` outside fenced code. Bodies go through `recurse`
 * (every dialect) first; the output keeps the marker's indentation.
 * @example mkdocsAdmonitions('!!! tip "Use it"\n    Body.', (s) => s) // '> [!TIP]\n> **Use it**\n>\n> Body.'
 */
export function mkdocsAdmonitions(markdown: string, recurse: (markdown: string) => string): string {
  if (!markdown.includes('!!!') && !markdown.includes('???')) return markdown;
  return rewriteBlocks(markdown, OPEN, (lines, _code, i, open) => {
    const line = lines[i] ?? '';
    // The marker may open a definition (`:   !!! note`): its body is indented past the `:` too.
    const lead = open[1] ?? '';
    const indent = lead.includes(':') ? ' '.repeat(indentWidth(lead.replace(':', ' '))) : indentOf(line);
    const columns = indentWidth(indent) + 4;
    const length = indentedBodyLength(lines, i + 1, columns);
    const body = recurse(
      dedent(lines.slice(i + 1, i + 1 + length), columns)
        .join('\n')
        .replace(/^\n+/, ''),
    );
    const [, , marker = '', type = 'note', , title] = open;
    // `!!! note ""` asks for no title; without quotes the title is the type's (the alert label shows it).
    const block =
      marker === '!!!'
        ? admonitionMarkdown(type, title, body)
        : detailsMarkdown(title === undefined || title === '' ? type.charAt(0).toUpperCase() + type.slice(1) : title, body);
    return { text: lead + indentLines(block, indent).slice(indent.length), last: i + length };
  });
}
