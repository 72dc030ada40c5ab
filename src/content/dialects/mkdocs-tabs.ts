/**
 * MkDocs content tabs (PyMdown "Tabbed": `=== "Label"`, body indented 4 spaces; consecutive tabs
 * form one set, `===!` starts a new one, `===+` selects a tab) as labelled sections.
 */
import { tabsMarkdown } from './blocks.js';
import { dedent, indentedBodyLength, indentLines, indentOf, indentWidth, rewriteBlocks } from './lines.js';

const OPEN = /^(\s*)===([!+]{0,2})[ \t]+"(.*)"[ \t]*$/;

/**
 * Rewrites every set of MkDocs tabs of `markdown` outside fenced code. Bodies go through `recurse`
 * (every dialect) first; the output keeps the first marker's indentation.
 * @example mkdocsTabs('=== "C"\n    a\n=== "C++"\n    b', (s) => s) // '**C**\n\na\n\n**C++**\n\nb'
 */
export function mkdocsTabs(markdown: string, recurse: (markdown: string) => string): string {
  if (!markdown.includes('===')) return markdown;
  return rewriteBlocks(markdown, OPEN, (lines, _code, i) => {
    const indent = indentOf(lines[i] ?? '');
    const columns = indentWidth(indent) + 4;
    const tabs: { label: string; body: string }[] = [];
    let at = i;
    for (;;) {
      const open = OPEN.exec(lines[at] ?? '');
      if (open === null || indentOf(lines[at] ?? '') !== indent || (tabs.length > 0 && open[2]?.includes('!') === true)) break;
      const length = indentedBodyLength(lines, at + 1, columns);
      tabs.push({ label: open[3] ?? '', body: recurse(dedent(lines.slice(at + 1, at + 1 + length), columns).join('\n')) });
      at += 1 + length;
      // Blank lines may separate the tabs of one set.
      let next = at;
      while (next < lines.length && (lines[next] ?? '').trim() === '') next++;
      if (
        next < lines.length &&
        OPEN.test(lines[next] ?? '') &&
        indentOf(lines[next] ?? '') === indent &&
        !(lines[next] ?? '').includes('===!')
      )
        at = next;
      else break;
    }
    return { text: indentLines(tabsMarkdown(tabs), indent), last: at - 1 };
  });
}
