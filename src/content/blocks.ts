/**
 * The top-level blocks of a markdown body, as markdown-it reads them (CommonMark §4: headings,
 * paragraphs, lists, fenced code, raw HTML blocks, tables, `:::` admonitions): where a long page may
 * be cut into parts (page-split.ts) without breaking a block in two.
 */
import { parseBlocks } from './render.js';

/** A top-level block. */
export interface TopLevelBlock {
  /** Its first line, 0-based. */
  line: number;
  /** 1–6 for a heading (ATX, setext, or a raw HTML block opening with `<hN>`), else undefined. */
  headingLevel: number | undefined;
  /**
   * HTML elements left open by the raw HTML blocks before this one (a `<div>` opened in one block
   * and closed in a later one, blank lines between): a cut here would split that element.
   */
  openHtmlBefore: number;
}

const HTML_HEADING = /^ {0,3}<h([1-6])[\s>]/i;
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)(?:\s[^>]*?)?(\/?)>/g;
const COMMENT = /<!--[\s\S]*?-->/g;
/** Elements without an end tag (HTML "void elements"). */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Start tags minus end tags of the elements in raw HTML, comments and void elements left out. */
export function htmlBalance(html: string): number {
  let balance = 0;
  for (const [, slash, name = '', selfClosing] of html.replace(COMMENT, '').matchAll(TAG)) {
    if (VOID_ELEMENTS.has(name.toLowerCase()) || selfClosing === '/') continue;
    balance += slash === '/' ? -1 : 1;
  }
  return balance;
}

/** The heading level of a raw HTML line opening with `<hN>`, else undefined. */
function htmlHeadingLevel(line: string): number | undefined {
  const level = HTML_HEADING.exec(line)?.[1];
  return level === undefined ? undefined : Number(level);
}

/**
 * The top-level blocks of `body` (frontmatter removed), in order. A raw HTML block (CommonMark
 * §4.6: it runs to a blank line, so generated references are often one block of many sections)
 * also counts each later line opening with `<hN>` where every element opened before it in the
 * block is closed, as a block of its own: cutting there leaves both sides well-formed.
 */
export function topLevelBlocks(body: string): TopLevelBlock[] {
  const blocks: TopLevelBlock[] = [];
  let open = 0;
  for (const token of parseBlocks(body)) {
    if (token.level !== 0 || token.nesting === -1 || token.map === null) continue;
    const line = token.map[0];
    if (token.type === 'heading_open') {
      blocks.push({ line, headingLevel: Number(token.tag.slice(1)), openHtmlBefore: open });
      continue;
    }
    if (token.type !== 'html_block') {
      blocks.push({ line, headingLevel: undefined, openHtmlBefore: open });
      continue;
    }
    const htmlLines = token.content.split('\n');
    htmlLines.forEach((text, k) => {
      if (k === 0) blocks.push({ line, headingLevel: htmlHeadingLevel(text), openHtmlBefore: open });
      else {
        const level = htmlHeadingLevel(text);
        if (level !== undefined && open === 0) blocks.push({ line: line + k, headingLevel: level, openHtmlBefore: 0 });
      }
      open = Math.max(0, open + htmlBalance(text));
    });
  }
  return blocks;
}
