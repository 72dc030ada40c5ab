/**
 * A definition whose term is only an HTML comment (Python-Markdown "Definition Lists",
 * https://python-markdown.github.io/extensions/definition_lists/: a term line, then `:` and up to 3
 * spaces opening the definition, its further lines indented 4 spaces). Material for MkDocs' own
 * docs write `<!-- md:option mode:search -->` as the term, which a theme hook turns into an option
 * badge; Python-Markdown reads the comment as the term, so the definition is a definition.
 * markdown-it-deflist needs a text term, so without this step the `:` line is a paragraph and the
 * definition's indented list is read as indented code (its keys shown as escaped HTML). The
 * definition is written as the blocks it holds, at the page's level: the term shows nothing anyway.
 */
import { codeLines, dedent, indentWidth, indentOf } from './lines.js';

/** `:` then 1 to 3 blanks, opening a definition at the left margin. */
const DEFINITION = /^:[ \t]{1,3}(?=\S)/;

/** Whether a line is one whole HTML comment (`<!-- … -->`), at most 3 spaces in. */
function isCommentLine(line: string): boolean {
  const text = line.trim();
  return indentWidth(indentOf(line)) <= 3 && text.startsWith('<!--') && text.endsWith('-->') && text.length >= 7;
}

/**
 * Each definition whose term is a lone HTML comment, unwrapped: the `:` marker goes and its lines
 * lose the 4 columns of indentation; the comment stays (an HTML comment shows nothing). Other
 * definitions (a text term: markdown-it-deflist reads them) and code stay as written.
 * @example commentTermDefinitions('<!-- md:option x -->\n\n:   Text.\n\n    * ++esc++ : close\n')
 * // '<!-- md:option x -->\n\nText.\n\n* ++esc++ : close\n'
 */
export function commentTermDefinitions(markdown: string): string {
  if (!markdown.includes('<!--') || !markdown.includes('\n:')) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  let changed = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (code[i] === true || !DEFINITION.test(line)) continue;
    let term = i - 1;
    while (term >= 0 && (lines[term] ?? '').trim() === '') term--;
    const before = lines[term - 1];
    if (term < 0 || !isCommentLine(lines[term] ?? '') || (before !== undefined && before.trim() !== '')) continue;
    // The definition: this line, then blank lines and lines indented 4 columns or more.
    let end = i + 1;
    while (end < lines.length && ((lines[end] ?? '').trim() === '' || indentWidth(indentOf(lines[end] ?? '')) >= 4)) end++;
    while (end > i + 1 && (lines[end - 1] ?? '').trim() === '') end--;
    lines.splice(i, end - i, line.replace(DEFINITION, ''), ...dedent(lines.slice(i + 1, end), 4));
    changed = true;
  }
  return changed ? lines.join('\n') : markdown;
}
