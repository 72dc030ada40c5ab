/**
 * Task lists (GFM "Task list items", https://github.github.com/gfm/#task-list-items-extension-, as
 * PyMdown Tasklist reads them, https://facelessuser.github.io/pymdown-extensions/extensions/tasklist/):
 * a list item whose paragraph opens with `[ ]`, `[x]` or `[X]` and a space shows a disabled
 * checkbox, ticked for `x`; the item gets the class `task-list-item`. The markdown stays as written
 * (GFM reads it).
 */
import type MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

const MARKER = /^\[([ xX])\][ \t]/;

/**
 * markdown-it plugin: after inline parsing, the first text of each list item's first paragraph
 * that opens with a task marker loses the marker, and a checkbox is put before it.
 */
export function taskListPlugin(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'sitegate_task_lists', (state) => {
    const tokens = state.tokens;
    for (let i = 2; i < tokens.length; i++) {
      const inline = tokens[i] as Token;
      if (inline.type !== 'inline' || tokens[i - 1]?.type !== 'paragraph_open' || tokens[i - 2]?.type !== 'list_item_open') continue;
      const first = inline.children?.[0];
      const marker = first?.type === 'text' ? MARKER.exec(first.content) : null;
      if (first === undefined || marker === null) continue;
      first.content = first.content.slice(marker[0].length);
      const box = new state.Token('html_inline', '', 0);
      box.content = marker[1] === ' ' ? '<input type="checkbox" disabled> ' : '<input type="checkbox" disabled checked> ';
      inline.children?.unshift(box);
      (tokens[i - 2] as Token).attrJoin('class', 'task-list-item');
    }
  });
}
