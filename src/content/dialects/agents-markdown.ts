/**
 * The markdown agents get from a page's plain markdown (the dialect step's output, which the HTML
 * is rendered from): what only the HTML reads is taken out (issue 31: the agents' markdown is
 * clean CommonMark/GFM):
 * - attribute lists (attr-list.ts `withoutAttributeLists`);
 * - PyMdown inline syntax written as HTML with its agents' form (pymdownx-inline.ts);
 * - abbreviation definitions (`*[HTML]: Hyper Text Markup Language`, Python-Markdown "Abbreviations",
 *   https://python-markdown.github.io/extensions/abbreviations/): the HTML gives each `HTML` its
 *   `<abbr title>`; agents would read the definition lines as stray text, so they go (outside code).
 * A text with none of these is returned as it is.
 */
import { withoutAttributeLists } from './attr-list.js';
import { codeLines, withoutTrailingNewlines } from './lines.js';
import { pymdownxInlineForAgents } from './pymdownx-inline.js';

/** An abbreviation definition line, as markdown-it-abbr and Python-Markdown read it. */
const ABBREVIATION = /^[ \t]{0,3}\*\[[^\]\n]+\]:/;

/** `markdown` without its abbreviation definition lines outside fenced code. */
export function withoutAbbreviationDefinitions(markdown: string): string {
  if (!markdown.includes('*[')) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  const kept = lines.filter((line, i) => code[i] === true || !ABBREVIATION.test(line));
  if (kept.length === lines.length) return markdown;
  // The definitions usually close the page (MkDocs' auto-appended glossary): no blank lines left after the text.
  return withoutTrailingNewlines(kept.join('\n')) + (markdown.endsWith('\n') ? '\n' : '');
}

/**
 * The agents' markdown of a page's plain markdown (see the file comment). Pure, linear in the text.
 * @example agentsMarkdown('## Setup {#setup}\n\nPress ++ctrl+c++.') // '## Setup\n\nPress Ctrl+C.'
 */
export function agentsMarkdown(plain: string): string {
  return withoutAbbreviationDefinitions(pymdownxInlineForAgents(withoutAttributeLists(plain)));
}
