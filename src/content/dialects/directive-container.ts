/**
 * Starlight asides as Starlight's parser reads them: Starlight parses `:::` with remark-directive
 * (micromark-extension-directive, "container directives"), and its asides are the container
 * directives named `note`, `tip`, `caution` or `danger` (starlight.astro.build/guides/authoring-content/#asides:
 * `:::tip`, a custom title in brackets `:::tip[Did you know?]`, a custom icon in braces
 * `:::tip{icon="heart"}`). The rules of micromark-extension-directive (`lib/directive-container.js`
 * and its tests) that decide where an aside starts and ends, which the markdown-it-container rule
 * of VitePress and Docusaurus (container.ts) does not share:
 *
 * - the opening line is three or more colons, then at once a name (a letter, then letters, digits,
 *   `-` or `_`, not ending in `-` or `_`), then an optional `[label]`, an optional `{attributes}`,
 *   and nothing but white space: `::: tip` (a space) or `:::tip extra` is a paragraph;
 * - the closing line is at least as many colons as the opening, at most 3 spaces indented, then
 *   white space only; it is looked for on every line of the content before the content is parsed,
 *   so a `:::` inside a code fence that the aside's content left open closes the aside (the fence
 *   ends with it), and an inner aside needs fewer colons than the one holding it;
 * - an aside never closed runs to the end of the page.
 */
import { admonitionMarkdown } from './blocks.js';
import { indentLines, indentOf, indentWidth, trimNewlines } from './lines.js';

/** The aside types Starlight defines (starlight.astro.build/components/asides/#type); other names are plain directives. */
const ASIDES = new Set(['note', 'tip', 'caution', 'danger']);

/** Bracket nesting a label may hold, as micromark-factory-label of the directive extension allows (three levels). */
const LABEL_DEPTH = 3;

/** An opening line read: its colons, name and label. */
interface Opening {
  indent: string;
  colons: number;
  name: string;
  label: string | undefined;
}

const isLetter = (char: string | undefined): boolean => char !== undefined && /[A-Za-z]/.test(char);
const isNameChar = (char: string | undefined): boolean => char !== undefined && /[\w-]/.test(char);

/** The end of a `[label]` starting at `at` (balanced brackets, escapes), or -1. */
function labelEnd(line: string, at: number): number {
  let depth = 0;
  for (let i = at; i < line.length; i++) {
    const char = line[i];
    if (char === '\\') i++;
    else if (char === '[') {
      depth++;
      if (depth > LABEL_DEPTH) return -1;
    } else if (char === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The end of an `{attributes}` starting at `at` (quoted values may hold `}`), or -1. */
function attributesEnd(line: string, at: number): number {
  let quote: string | undefined;
  for (let i = at + 1; i < line.length; i++) {
    const char = line[i];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '}') return i + 1;
    else if (char === '{') return -1;
  }
  return -1;
}

/** An opening line (see the file comment), or undefined when the line opens no container. */
export function directiveOpening(line: string): Opening | undefined {
  const indent = indentOf(line);
  let i = indent.length;
  const start = i;
  while (line[i] === ':') i++;
  const colons = i - start;
  if (colons < 3 || !isLetter(line[i])) return undefined;
  const nameStart = i;
  while (isNameChar(line[i])) i++;
  const name = line.slice(nameStart, i);
  if (name.endsWith('-') || name.endsWith('_')) return undefined;
  let label: string | undefined;
  if (line[i] === '[') {
    const end = labelEnd(line, i);
    if (end === -1) return undefined;
    label = line.slice(i + 1, end - 1);
    i = end;
  }
  if (line[i] === '{') {
    const end = attributesEnd(line, i);
    if (end === -1) return undefined;
    i = end;
  }
  return line.slice(i).trim() === '' ? { indent, colons, name, label } : undefined;
}

/** Whether `line` closes a container opened with `colons` colons at indentation `indent` (see the file comment). */
function closes(line: string, colons: number, indent: string): boolean {
  const own = indentOf(line);
  if (indentWidth(own) > indentWidth(indent) + 3) return false;
  let i = own.length;
  while (line[i] === ':') i++;
  return i - own.length >= colons && line.slice(i).trim() === '';
}

/** A fence line's marker (CommonMark §4.5, at any indentation), read without a regular expression. */
function fenceMarker(line: string): string | undefined {
  const text = line.trimStart();
  const char = text[0];
  if (char !== '`' && char !== '~') return undefined;
  let end = 0;
  while (text[end] === char) end++;
  if (end < 3) return undefined;
  // A backtick fence's info string holds no backtick (§4.5).
  return char === '`' && text.slice(end).includes('`') ? undefined : text.slice(0, end);
}

/** The marker of the fence `lines` leave open (CommonMark §4.5), or undefined when every fence closes. */
function openFence(lines: readonly string[]): string | undefined {
  let fence: string | undefined;
  for (const line of lines) {
    const marker = fenceMarker(line);
    if (fence === undefined) fence = marker;
    else if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
  }
  return fence;
}

/**
 * Rewrites the container directives of `markdown` outside fenced code, Starlight's way (see the
 * file comment): asides become GitHub alerts with their title (blocks.ts), other directives their
 * content. Bodies go through `recurse` (every dialect) first; output keeps the opening line's
 * indentation. Linear in the lines of each level: each line is read once to find the fences and
 * once to find its container's close.
 * @example directiveContainers(':::tip[Did you know?]\nYes.\n:::', (s) => s) // '> [!TIP]\n> **Did you know?**\n>\n> Yes.'
 */
export function directiveContainers(markdown: string, recurse: (markdown: string) => string): string {
  if (!markdown.includes(':::')) return markdown;
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const marker = fenceMarker(line);
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      out.push(line);
      continue;
    }
    const opening = directiveOpening(line);
    if (opening === undefined) {
      if (marker !== undefined) fence = marker;
      out.push(line);
      continue;
    }
    let end = i + 1;
    while (end < lines.length && !closes(lines[end] ?? '', opening.colons, opening.indent)) end++;
    const content = lines
      .slice(i + 1, end)
      .map((text) => (text.startsWith(opening.indent) ? text.slice(opening.indent.length) : text.trimStart()));
    // The close ends whatever the content left open, a code fence included (its fence is written
    // out, so the markdown says the same), and scanning goes on outside code.
    const open = openFence(content);
    const body = trimNewlines(content.join('\n')) + (open === undefined ? '' : `\n${open}`);
    out.push(indentLines(directiveMarkdown(opening, recurse(body)), opening.indent));
    // A line right after the close starts a block of its own, not a lazy line of the alert's quote.
    if ((lines[end + 1] ?? '').trim() !== '' && end + 1 < lines.length) out.push('');
    // An aside left open ends with the page, which keeps its final line break.
    if (end >= lines.length && lines.at(-1) === '' && end - 1 > i) out.push('');
    i = end;
  }
  return out.join('\n');
}

/** One container as plain markdown: an aside an alert, with the label as its title; any other directive its content. */
function directiveMarkdown(opening: Opening, body: string): string {
  // Starlight compares the name as written (`:::Note` is no aside).
  if (ASIDES.has(opening.name)) return admonitionMarkdown(opening.name, opening.label, body);
  return trimNewlines(body);
}
