/**
 * The top-level blocks of a markdown body, as markdown-it reads them (CommonMark §4: headings,
 * paragraphs, lists, fenced code, raw HTML blocks, tables, `:::` admonitions): where a long page may
 * be cut into parts (page-split.ts) without breaking a block in two.
 */
import { parseBlocks } from './render.js';

/** A top-level block, or a place inside one where a part may start when nothing better fits. */
export interface TopLevelBlock {
  /** Its first line, 0-based. */
  line: number;
  /** 1–6 for a heading (ATX, setext, or a raw HTML block opening with `<hN>`), else undefined. */
  headingLevel: number | undefined;
  /**
   * HTML elements left open by the raw HTML before this line (a `<div>` opened in one block and
   * closed in a later one, blank lines between): a cut here would split that element.
   */
  openHtmlBefore: number;
  /** An item of a top-level list after its first: a cut here splits the list, a last resort. */
  listItem: boolean;
}

const HTML_HEADING = /^ {0,3}<h([1-6])[\s>]/i;

/**
 * Elements with an end tag that are counted: HTML's own, and custom elements (a `-` in the name).
 * Any other name (`<rule>` written as text in a generated reference) is no element to wait for.
 */
const COUNTED_ELEMENTS = new Set(
  (
    'a abbr address article aside audio b bdi bdo blockquote button canvas center cite code data datalist del details dfn ' +
    'dialog div dl em fieldset figcaption figure font footer form h1 h2 h3 h4 h5 h6 header hgroup i iframe ins kbd label ' +
    'legend main map mark math menu meter nav noscript object ol output picture pre progress q s samp script section ' +
    'select slot small span strong style sub summary sup svg table template textarea time title u ul var video'
  ).split(' '),
);

/**
 * Counts the elements raw HTML leaves open, line by line: comments and tags may span lines,
 * attribute values may hold `>`. Only {@link COUNTED_ELEMENTS} count: void elements, elements
 * with optional end tags and unknown names are left out.
 */
export class HtmlDepth {
  /** Elements open now. */
  open = 0;
  private inComment = false;
  /** The part of a tag not yet closed by `>`, from `<`; undefined outside a tag. */
  private pendingTag: string | undefined;

  /** Reads one more line (without its newline). */
  feed(line: string): void {
    let i = 0;
    while (i < line.length) {
      if (this.inComment) {
        const end = line.indexOf('-->', i);
        if (end === -1) return;
        this.inComment = false;
        i = end + 3;
      } else if (this.pendingTag !== undefined) {
        const end = tagEnd(line, i, this.pendingTag);
        if (end === -1) {
          this.pendingTag += `${line.slice(i)}\n`;
          return;
        }
        this.count(this.pendingTag + line.slice(i, end + 1));
        this.pendingTag = undefined;
        i = end + 1;
      } else {
        const lt = line.indexOf('<', i);
        if (lt === -1) return;
        if (line.startsWith('<!--', lt)) {
          this.inComment = true;
          i = lt + 4;
        } else if (/^<\/?[A-Za-z]/.test(line.slice(lt, lt + 3))) {
          this.pendingTag = '';
          i = lt;
        } else i = lt + 1;
      }
    }
  }

  /** Counts one whole tag, `<…>`. */
  private count(tag: string): void {
    const match = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)/.exec(tag);
    const name = (match?.[2] ?? '').toLowerCase();
    if (match === null || !(COUNTED_ELEMENTS.has(name) || name.includes('-')) || /\/\s*>$/.test(tag)) return;
    this.open = Math.max(0, this.open + (match[1] === '/' ? -1 : 1));
  }
}

/** The index of the `>` ending a tag in `line` from `from`, quotes respected (`before`: the tag so far), or -1. */
function tagEnd(line: string, from: number, before: string): number {
  let quote = openQuote(before);
  for (let i = from; i < line.length; i++) {
    const char = line[i];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i;
  }
  return -1;
}

/** The quote left open at the end of a partial tag, if any. */
function openQuote(text: string): string | undefined {
  let quote: string | undefined;
  for (const char of text) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
  }
  return quote;
}

/** The heading level of a raw HTML line opening with `<hN>`, else undefined. */
function htmlHeadingLevel(line: string): number | undefined {
  const level = HTML_HEADING.exec(line)?.[1];
  return level === undefined ? undefined : Number(level);
}

/** Code spans of a line: their text is no HTML. */
const CODE_SPAN = /(`+)[^`]*?\1/g;

/**
 * The top-level blocks of `body` (frontmatter removed), in order. A raw HTML block (CommonMark
 * §4.6: it runs to a blank line, so generated references are often one block of many sections)
 * also counts each later line opening with `<hN>` where every element opened before it is closed,
 * as a block of its own: cutting there leaves both sides well-formed. The items of a top-level
 * list after its first are listed too, marked {@link TopLevelBlock.listItem}. Open elements are
 * counted over every line outside code (raw HTML blocks and HTML inline in paragraphs alike).
 */
export function topLevelBlocks(body: string): TopLevelBlock[] {
  const lines = body.split('\n');
  const code = new Uint8Array(lines.length);
  const htmlInner = new Uint8Array(lines.length);
  const starts = new Map<number, Omit<TopLevelBlock, 'openHtmlBefore'>>();
  for (const token of parseBlocks(body)) {
    if (token.nesting === -1 || token.map === null) continue;
    const [line, end] = token.map;
    if (token.type === 'fence' || token.type === 'code_block') code.fill(1, line, end);
    if (token.level === 1 && token.type === 'list_item_open') {
      if (!starts.has(line)) starts.set(line, { line, headingLevel: undefined, listItem: true });
    } else if (token.level === 0) {
      const html = token.type === 'html_block';
      const headingLevel =
        token.type === 'heading_open' ? Number(token.tag.slice(1)) : html ? htmlHeadingLevel(lines[line] ?? '') : undefined;
      starts.set(line, { line, headingLevel, listItem: false });
      if (html) htmlInner.fill(1, line + 1, end);
    }
  }
  const blocks: TopLevelBlock[] = [];
  const html = new HtmlDepth();
  lines.forEach((text, k) => {
    const start = starts.get(k);
    if (start !== undefined) blocks.push({ ...start, openHtmlBefore: html.open });
    else if (htmlInner[k] === 1 && html.open === 0) {
      const level = htmlHeadingLevel(text);
      if (level !== undefined) blocks.push({ line: k, headingLevel: level, openHtmlBefore: 0, listItem: false });
    }
    if (code[k] === 0) html.feed(text.replace(CODE_SPAN, ''));
  });
  return blocks;
}
