/**
 * The HTML of a fenced code block: highlighted tokens (highlight.ts), highlighted lines and a
 * title read from the info string (fence-info.ts). A block with a title is a `<figure>` with a
 * `<figcaption>` above the code (WHATWG HTML §4.4.12); highlighted lines are
 * `<span class="line highlighted">`. The copy button is added by the site script
 * (layout/client/code.js.ts), so without script there is none.
 */
import { escapeHtml } from '../../escape.js';
import { fenceInfo } from './fence-info.js';
import type { CodeHighlighter } from './highlight.js';

/**
 * Renders one fenced block.
 * @param code the block's text, ending in a newline as markdown-it gives it
 * @param info the fence's info string, entities already decoded
 * @param highlight the highlighter; `null` writes plain escaped code
 * @param extraClasses classes an attribute list gave the fence (`{ .numbered }`)
 */
export function codeBlockHtml(code: string, info: string, highlight: CodeHighlighter | null, extraClasses = ''): string {
  const { lang, title, lines } = fenceInfo(info);
  const tokens = highlight === null || lang === '' ? undefined : highlight(code, lang);
  let body = tokens ?? escapeHtml(code);
  if (lines.size > 0) body = markLines(body, lines);
  const classes = [lang === '' ? '' : `language-${lang}`, tokens === undefined ? '' : 'hljs', extraClasses].filter(Boolean).join(' ');
  const pre = `<pre tabindex="0"><code${classes === '' ? '' : ` class="${escapeHtml(classes)}"`}>${body}</code></pre>`;
  if (title === undefined) return `${pre}\n`;
  return `<figure class="code-block"><figcaption class="code-title">${escapeHtml(title)}</figcaption>${pre}</figure>\n`;
}

/**
 * Wraps each line of highlighted HTML in a span, `line highlighted` for the lines in `marked`.
 * Token spans that run over a line break (a multi-line comment) are closed at its end and opened
 * again on the next line, so that every line span is well nested. The text is unchanged: the
 * line breaks stay between the spans.
 */
export function markLines(html: string, marked: ReadonlySet<number>): string {
  const lines = html.replace(/\n$/, '').split('\n');
  const open: string[] = [];
  const out = lines.map((line, i) => {
    const reopened = open.join('');
    for (const tag of line.matchAll(/<span[^>]*>|<\/span>/g)) {
      if (tag[0] === '</span>') open.pop();
      else open.push(tag[0]);
    }
    const closing = '</span>'.repeat(open.length);
    const cls = marked.has(i + 1) ? 'line highlighted' : 'line';
    return `<span class="${cls}">${reopened}${line}${closing}</span>`;
  });
  return `${out.join('\n')}\n`;
}
