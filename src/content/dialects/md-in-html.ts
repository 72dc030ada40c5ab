/**
 * Python-Markdown "Markdown in HTML" (`md_in_html`): a block element opened on its own line with a
 * `markdown` attribute (`<div class="result" markdown>`) holds markdown. The wrapper is layout of
 * the theme (grid cards, result panes), so it is unwrapped: its content stays as markdown, with
 * blank lines where the tags were, read the same by people and agents.
 */
import { codeLines } from './lines.js';

const OPEN = /^(\s*)<([a-z][a-z0-9]*)\b[^>]*\smarkdown(?:=(?:"[^"]*"|'[^']*'|\S+))?(?:\s[^>]*)?>\s*$/i;

/**
 * Unwraps every `markdown`-attributed block of `markdown` outside fenced code, nested ones too.
 * @example mdInHtml('<div class="result" markdown>\n**Hi**\n</div>') // '\n**Hi**\n'
 */
export function mdInHtml(markdown: string): string {
  if (!markdown.includes(' markdown')) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  const closers = new Map<number, true>();
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (closers.has(i)) {
      out.push('');
      continue;
    }
    const open = code[i] === true ? null : OPEN.exec(line);
    if (open === null) {
      out.push(line);
      continue;
    }
    const tag = (open[2] ?? '').toLowerCase();
    let depth = 0;
    for (let k = i; k < lines.length; k++) {
      if (code[k] === true) continue;
      const text = (lines[k] ?? '').toLowerCase();
      depth += (text.match(new RegExp(`<${tag}[\\s>]`, 'g')) ?? []).length - (text.match(new RegExp(`</${tag}>`, 'g')) ?? []).length;
      if (depth <= 0 && k > i) {
        if (text.trim() === `</${tag}>`) closers.set(k, true);
        break;
      }
    }
    out.push('');
  }
  return out.join('\n');
}
