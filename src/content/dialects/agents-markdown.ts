/**
 * The markdown agents get from a page's plain markdown (the dialect step's output, which the HTML
 * is rendered from): what only the HTML reads is taken out (issue 31: the agents' markdown is
 * clean CommonMark/GFM):
 * - attribute lists (attr-list.ts `withoutAttributeLists`);
 * - PyMdown inline syntax written as HTML with its agents' form (pymdownx-inline.ts);
 * - abbreviation definitions (`*[HTML]: Hyper Text Markup Language`, Python-Markdown "Abbreviations",
 *   https://python-markdown.github.io/extensions/abbreviations/): the HTML gives each `HTML` its
 *   `<abbr title>`; agents would read the definition lines as stray text, so they go (outside code).
 * - a fence's info string written as an attribute list (PyMdown SuperFences,
 *   https://facelessuser.github.io/pymdown-extensions/extensions/superfences/#injecting-classes-ids-and-attributes:
 *   `` ``` { .yaml .annotate title="x" } ``) becomes the language then its `key="value"` pairs
 *   (`` ```yaml title="x" ``), the form fenced code has everywhere else.
 * A text with none of these is returned as it is.
 */
import { attributeListEnd, withoutAttributeLists } from './attr-list.js';
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

/** A fence opening whose info string starts as an attribute list: 1 the indent and fence, 2 the rest. */
const FENCE_WITH_LIST = /^([ \t]{0,3}(?:`{3,}|~{3,}))[ \t]*(\{.*)$/;

/** The tokens of an attribute list's text (`{ .yaml #x title="a b" }`), quotes kept. */
function listTokens(list: string): string[] {
  const tokens: string[] = [];
  let token = '';
  let quote: string | undefined;
  for (const char of list.slice(1, -1)) {
    if (quote === undefined && (char === ' ' || char === '\t')) {
      if (token !== '') tokens.push(token);
      token = '';
      continue;
    }
    if (char === '"' || char === "'") quote = quote === undefined ? char : quote === char ? undefined : quote;
    token += char;
  }
  if (token !== '') tokens.push(token);
  return tokens;
}

/** `markdown` with each fence info string written as an attribute list made `lang key="value"`. */
export function plainFenceInfo(markdown: string): string {
  if (!markdown.includes('{')) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  const state = { changed: false };
  const out = lines.map((line, i) => {
    const fence = code[i] === true && code[i - 1] !== true ? FENCE_WITH_LIST.exec(line) : null;
    const rest = fence?.[2] ?? '';
    const end = fence === null ? -1 : attributeListEnd(rest, 1, '}', false);
    if (fence === null || end !== rest.length) return line;
    const tokens = listTokens(rest);
    const language = tokens.find((token) => token.startsWith('.'))?.slice(1);
    const pairs = tokens.filter((token) => token.includes('='));
    state.changed = true;
    return [`${fence[1] ?? ''}${language ?? ''}`, ...pairs].join(' ');
  });
  return state.changed ? out.join('\n') : markdown;
}

/**
 * The agents' markdown of a page's plain markdown (see the file comment). Pure, linear in the text.
 * @example agentsMarkdown('## Setup {#setup}\n\nPress ++ctrl+c++.') // '## Setup\n\nPress Ctrl+C.'
 */
export function agentsMarkdown(plain: string): string {
  return plainFenceInfo(withoutAbbreviationDefinitions(pymdownxInlineForAgents(withoutAttributeLists(plain))));
}
