/**
 * The top-level blocks of a markdown body, as markdown-it reads them (CommonMark §4: headings,
 * paragraphs, lists, quotes, fenced code, raw HTML blocks, tables): where a long page may
 * be cut into parts (page-split.ts) without breaking a block in two.
 */
import { withoutCodeSpans } from './portable-markdown.js';
import { parseBlocks } from './render.js';

/** A top-level block, or a place inside one where a part may start when nothing better fits. */
export interface TopLevelBlock {
  /** Its first line, 0-based. */
  line: number;
  /** 1–6 for a heading (ATX, setext, or a raw HTML block opening with `<hN>`), else undefined. */
  headingLevel: number | undefined;
  /**
   * HTML elements left open by the HTML before this line, raw blocks and inline alike (a `<div>`
   * opened in one block and closed in a later one, blank lines between): a cut here would split
   * that element.
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

/** A start or end tag's opening: `<name` or `</name`, the name ending at a space, `/`, `>` or the line's end. */
const TAG_OPEN = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)/;
/** A "tag" longer than this is prose with a stray `<` (or an unclosed quote), not a tag. */
const MAX_TAG_CHARS = 2_000;

/** A tag being read, across lines. */
interface PendingTag {
  name: string;
  closing: boolean;
  /** The quote an attribute value left open, if any. */
  quote: string | undefined;
  /** The last character outside quotes was `/` (a self-closing tag when `>` follows). */
  slash: boolean;
  chars: number;
}

/**
 * Counts the elements raw HTML leaves open, line by line, in time linear in the text: comments and
 * tags may span lines (a tag never spans a blank line, CommonMark §6.6), attribute values may hold
 * `>`. Only {@link COUNTED_ELEMENTS} count: void elements, elements with optional end tags and
 * unknown names (an address autolink `<support-team@example.com>`) are left out.
 */
export class HtmlDepth {
  /** Elements open now. */
  open = 0;
  private inComment = false;
  private tag: PendingTag | undefined;

  /** Reads one more line (without its newline). */
  feed(line: string): void {
    if (this.tag !== undefined && line.trim() === '') this.tag = undefined;
    let i = 0;
    while (i < line.length) {
      if (this.inComment) {
        const end = line.indexOf('-->', i);
        if (end === -1) return;
        this.inComment = false;
        i = end + 3;
      } else if (this.tag !== undefined) {
        i = this.readTag(this.tag, line, i);
      } else {
        const lt = line.indexOf('<', i);
        if (lt === -1) return;
        if (line.startsWith('<!--', lt)) {
          this.inComment = true;
          i = lt + 4;
          continue;
        }
        const open = TAG_OPEN.exec(line.slice(lt, lt + 64));
        if (open === null) {
          i = lt + 1;
          continue;
        }
        this.tag = { name: (open[2] ?? '').toLowerCase(), closing: open[1] === '/', quote: undefined, slash: false, chars: 0 };
        i = lt + open[0].length;
      }
    }
  }

  /** Reads a tag from `from` until its `>`; returns where to go on. */
  private readTag(tag: PendingTag, line: string, from: number): number {
    for (let i = from; i < line.length; i++) {
      const char = line[i] as string;
      if (++tag.chars > MAX_TAG_CHARS) {
        this.tag = undefined;
        return i;
      }
      if (tag.quote !== undefined) {
        if (char === tag.quote) tag.quote = undefined;
      } else if (char === '"' || char === "'") tag.quote = char;
      else if (char === '>') {
        this.tag = undefined;
        this.count(tag);
        return i + 1;
      } else if (char !== ' ' && char !== '\t') tag.slash = char === '/';
    }
    return line.length;
  }

  private count(tag: PendingTag): void {
    if (tag.slash || !(COUNTED_ELEMENTS.has(tag.name) || tag.name.includes('-'))) return;
    this.open = Math.max(0, this.open + (tag.closing ? -1 : 1));
  }
}

/** The heading level of a raw HTML line opening with `<hN>`, else undefined. */
function htmlHeadingLevel(line: string): number | undefined {
  const level = HTML_HEADING.exec(line)?.[1];
  return level === undefined ? undefined : Number(level);
}

/**
 * The top-level blocks of `body` (frontmatter removed), in order. A raw HTML block (CommonMark
 * §4.6: it runs to a blank line, so generated references are often one block of many sections)
 * also counts each later line opening with `<hN>` as a block of its own: where every element
 * opened before it is closed, cutting there leaves both sides well-formed. The items of a top-level
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
    else if (htmlInner[k] === 1) {
      const level = htmlHeadingLevel(text);
      if (level !== undefined) blocks.push({ line: k, headingLevel: level, openHtmlBefore: html.open, listItem: false });
    }
    if (code[k] === 0) html.feed(withoutCodeSpans(text));
  });
  return blocks;
}
