/**
 * The rules of the corpus agreement test (corpus-agreement.corpora.test.ts), apart so that their own
 * tests (corpus-agreement-rules.test.ts) pin what they catch and what they let through: the generator
 * syntax detector, the include detector, and the words of a markdown body and of an HTML body.
 */
import MarkdownIt, { type PluginSimple } from 'markdown-it';
import footnotePlugin from 'markdown-it-footnote';
import type Token from 'markdown-it/lib/token.mjs';
import { lineKinds } from '../src/content/block-lines.js';
import { DIALECT_FEATURES } from '../src/content/dialects/features.js';
import { taskListPlugin } from '../src/content/dialects/task-lists.js';
import { withoutCodeSpans } from '../src/content/portable-markdown.js';

/**
 * Generator syntax that must never reach a reader, by kind (the brief's detector list). Each is one
 * pass over a line without nested quantifiers, run on text outside code.
 */
export const SYNTAX: readonly (readonly [kind: string, pattern: RegExp])[] = [
  ['mdx-import', /^[ \t]*import[ \t][^\n]*[ \t]from[ \t]*['"]/m],
  ['mdx-export', /^[ \t]*export[ \t]/m],
  // Not after a word character: `Vec<T>` is a type in prose, `<Tabs>` a component.
  ['jsx-tag', /(?<!\w)<\/?[A-Z][A-Za-z0-9.]*[\s/>]/],
  ['hugo-shortcode', /\{\{[<%]/],
  ['liquid-tag', /\{%-?[ \t]*\/?[a-z]/],
  ['container-:::', /(?:^|[\s>]):::/m],
  ['admonition-!!!/???', /^[ \t>]*(?:!!!|\?\?\?)\+?[ \t]/m],
  ['blocks-///', /^[ \t>]*\/\/\/(?:[ \t]|$)/m],
  ['attribute-list', /\{#[\w-]+\}|\{:[^}\n]*\}|\{[ \t]+[#.][\w-][^}\n]*\}/],
  ['snippet-8<', /--8<--/],
  ['mdbook-include', /\{\{#[a-z_]+/],
  ['vitepress-include', /<!--[ \t]*@include/],
  ['toc-marker', /\[\[toc\]\]/i],
];

/** Include syntaxes of the generators (the page brings in another file's text). */
export const INCLUDES: readonly RegExp[] = [
  /\{\{#(?:include|rustdoc_include|playground)[ \t]/,
  /--8<--/,
  /<!--[ \t]*@include:/,
  /\{%-?[ \t]*include[ \t]/,
  /\{\{[<%][ \t]*(?:readfile|include|get-page-content)[ \t]/,
  /^<<<[ \t]/m,
  /^import[ \t]+\w+[ \t]+from[ \t]*['"][^'"\n]*\.mdx?['"]/m,
];
/** Feature-table rows of include features (their `detect` finds them in a source). */
export const INCLUDE_ROWS = DIALECT_FEATURES.filter(
  (row) => row.detect !== undefined && /include|snippet|partial|readfile|reusable/i.test(row.id),
);

/** Whether a page's source includes another file (an include syntax, or an include row's `detect` of its generator). */
export function includesOf(source: string, generator: string): boolean {
  return (
    INCLUDES.some((pattern) => pattern.test(source)) ||
    INCLUDE_ROWS.some((row) => row.generators.some((g) => g === generator) && row.detect?.test(source) === true)
  );
}

/** One thing wrong with one page. */
export interface Finding {
  check: 'a-syntax' | 'b-description' | 'c-words' | 'd-include-search';
  /** The syntax kind (a), the description source (b), the side (c). */
  kind: string;
  page: string;
  snippet: string;
}

// Footnotes and task lists as GFM reads them (the renderer's markdown-it-footnote and task list
// plugin): a definition `[^1]: text` is the footnote's text, not a link reference definition that
// leaves no words; `- [x] Done` is a checkbox, not the word `x`.
const markdownIt = new MarkdownIt({ html: true, linkify: false, typographer: false })
  .use(footnotePlugin as unknown as PluginSimple)
  .use(taskListPlugin);

/**
 * Elements whose content a browser never shows as text (script, style, template, noscript, title)
 * or that the page's sanitizer drops with their content (form controls: content/sanitize.ts
 * `DROPPED_WITH_CONTENT`), so neither a markdown reader nor the HTML page has their words. Read in
 * one HTML block or one HTML text (an element split over inline tokens of a paragraph is not seen).
 */
const HIDDEN_ELEMENT = /<(script|style|template|noscript|title|textarea|select|xmp)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;

/** Words of a text as a set: lower-cased runs of letters and digits holding a letter. */
export function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) if (/\p{L}/u.test(word)) words.add(word);
  return words;
}

/**
 * HTML comments, tags and elements never shown as text ({@link HIDDEN_ELEMENT}) removed (an image's
 * `alt` kept: the markdown has it as text) and character references decoded. A comment goes whole first: the `>` of `cmd > out.txt` inside one is no tag end.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(HIDDEN_ELEMENT, ' ')
    .replace(/<img[^>]*?alt="([^"]*)"[^>]*>/g, ' $1 ')
    .replace(/<[^>]*>/g, ' ');
  // unescapeAll also reads backslash escapes: doubled first, so `\&quot;` in code stays `\"`.
  return markdownIt.utils.unescapeAll(text.replace(/\\/g, '\\\\'));
}

/** HTML with code blocks, code spans and code block titles removed. */
export function withoutHtmlCode(html: string): string {
  return html
    .replace(/<figcaption class="code-title">[\s\S]*?<\/figcaption>/g, ' ')
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<code[\s\S]*?<\/code>/g, ' ');
}

/** Markdown outside code blocks (as markdown-it sees them) and code spans (which may span the lines of a paragraph). */
export function markdownProse(markdown: string): string {
  const kinds = lineKinds(markdown);
  return markdown
    .split('\n')
    .map((line, i) => (kinds[i] === 'code' ? '' : line))
    .join('\n')
    .split('\n\n')
    .map(withoutCodeSpans)
    .join('\n\n');
}

/** The text a reader of the markdown sees, as markdown-it reads it: link URLs and syntax left out, code kept. */
export function markdownText(markdown: string): string {
  const out: string[] = [];
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.children !== null) walk(token.children);
      else if (token.type === 'html_block' || token.type === 'html_inline') out.push(htmlToText(token.content));
      else if (token.type !== 'inline') out.push(token.content);
      // A fence's title (`js title="src/app.js"`, VitePress `ts [vite.config.ts]`) is the code block's
      // caption or tab in the HTML; the language and other options are no text.
      if (token.type === 'fence')
        for (const [title] of token.info.matchAll(/title=(?:"[^"\n]*"|'[^'\n]*')|\[[^\]\n]*\]/g)) out.push(title.replace(/^title=/, ''));
    }
  };
  walk(markdownIt.parse(markdown, {}));
  return out.join(' ');
}

/**
 * What the author wrote literally in a markdown body: each code span's content (`` `<BigApp>` ``)
 * and each run of backslash-escaped braces (`\\{%customer.name%\\}`, GitBook's escape of literal
 * braces), unescaped, as a reader sees them. A description is plain text made from the body (code
 * spans lose their backticks) and the HTML shows the escape's text: there these strings are the
 * author's words, not generator syntax.
 */
export function literalTexts(markdown: string): string[] {
  const literals: string[] = [];
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.children !== null) walk(token.children);
      else if (token.type === 'code_inline' && token.content.trim() !== '') literals.push(token.content);
    }
  };
  walk(markdownIt.parse(markdown, {}));
  for (const [escaped] of markdown.matchAll(/\\\{[^{}\n]{0,200}\\\}/g)) literals.push(escaped.replace(/\\([{}%])/g, '$1'));
  return literals;
}

/**
 * The first match of each syntax kind in `text`, as findings.
 * @param options.markdown `text` is markdown: a match whose first character is backslash-escaped
 *   (`\\{%x%\\}`, `\\<Tabs>`) is literal text, not syntax
 * @param options.literals strings the author wrote literally ({@link literalTexts}): left out of
 *   `text` (a description, the HTML text) before it is read
 */
export function syntaxFindings(
  text: string,
  where: string,
  page: string,
  options: { markdown?: boolean; literals?: readonly string[] } = {},
): Finding[] {
  let read = text;
  for (const literal of options.literals ?? []) read = read.replaceAll(literal, ' ');
  const found: Finding[] = [];
  for (const [kind, pattern] of SYNTAX) {
    const all = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    const match = [...read.matchAll(all)].find((m) => options.markdown !== true || read[m.index - 1] !== '\\');
    if (match === undefined) continue;
    const at = match.index;
    found.push({ check: 'a-syntax', kind, page, snippet: `${where}: ${JSON.stringify(read.slice(Math.max(0, at - 20), at + 50))}` });
  }
  return found;
}

/** The description's words, the last one left out when the description was cut (`…`). */
export function descriptionWords(description: string): string[] {
  const cut = /(?:…|\.\.\.)\s*$/.test(description);
  const words = [...description.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)].map(([w]) => w).filter((w) => /\p{L}/u.test(w));
  return cut ? words.slice(0, -1) : words;
}
