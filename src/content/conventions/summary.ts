/**
 * `SUMMARY.md`, the table of contents of mdBook (rust-lang.github.io/mdBook/format/summary.html)
 * and GitBook (gitbook.com/docs/getting-started/git-sync/content-configuration#summary): its links,
 * in order, are the book's pages and its nav; each link's text is the page's title; nested lists
 * are sections. A link with no target (`[Draft]()`) is a draft chapter, and `---` a separator:
 * neither is a page. Prefix and suffix chapters (links outside the list) are top-level pages; a
 * numbered chapter's nested items have it as their parent, and the headings after the title
 * (mdBook's `# Part` titles, GitBook's `## Group`) name the group of the pages that follow. A link's
 * `#anchor` is dropped: the page is its file. Parsed with markdown-it.
 */
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { Declaration, folderOfFile, linkedFile } from './declare.js';

const parser = new MarkdownIt('commonmark');

/** The plain text of an inline token's children: text and code, without markup or escapes. */
function inlineText(children: readonly Token[]): string {
  return children
    .filter((child) => child.type === 'text' || child.type === 'code_inline' || child.type === 'softbreak')
    .map((child) => (child.type === 'softbreak' ? ' ' : child.content))
    .join('')
    .trim();
}

/**
 * Declares the pages a SUMMARY.md links, in order, with their labels as titles; each list item
 * with nested items is a group (its folder, when all its pages share one, is labelled by it).
 * @param summaryPath the SUMMARY.md's path relative to the content folder; links are relative to its folder
 */
export function readSummary(text: string, summaryPath: string, declaration: Declaration): void {
  const base = folderOfFile(summaryPath);
  const tokens = parser.parse(text, {});
  // The chapters whose lists are being read, innermost last: the parent of the links read now.
  const parents: (string | undefined)[] = [];
  // The part or group the links read now are in: the last heading but the title.
  let group: string | undefined;
  let declaredAny = false;
  let headings = 0;
  // Depth-first: an item's own link is declared before its nested list, which becomes its group.
  const walk = (from: number, until: (token: Token) => boolean, heading?: { label: string | undefined }): number => {
    let i = from;
    while (i < tokens.length && !until(tokens[i] as Token)) {
      const token = tokens[i] as Token;
      if (token.type === 'list_item_open') {
        let label: string | undefined;
        let chapter: string | undefined;
        i = declareItem(
          i + 1,
          (found) => (label ??= found),
          (file) => (chapter ??= file),
        );
        parents.push(chapter);
        declaration.group(label, () => {
          i = walk(i, (next) => next.type === 'list_item_close');
        });
        parents.pop();
      } else if (token.type === 'heading_open' && heading !== undefined) {
        // A heading (GitBook's `## Group`, mdBook's part title) groups the items up to the next one.
        declaration.closeGroup(heading.label);
        const text = tokens[i + 1];
        heading.label = text?.type === 'inline' ? inlineText(text.children ?? []) : undefined;
        declaration.openGroup();
        // The first heading, an `#` before any link, is the title (mdBook: "Title … ignored by the parser").
        const title = headings === 0 && !declaredAny && token.tag === 'h1';
        headings++;
        if (!title) group = heading.label;
      } else if (token.type === 'inline') declareLinks(token, undefined, undefined, parents.length > 0);
      i++;
    }
    return i;
  };
  // The item's first paragraph: its link is the chapter.
  const declareItem = (from: number, onLabel: (label: string) => void, onFile: (file: string) => void): number => {
    let i = from;
    for (; i < tokens.length && tokens[i]?.type !== 'paragraph_close' && tokens[i]?.type !== 'bullet_list_open'; i++) {
      const token = tokens[i] as Token;
      if (token.type === 'inline') declareLinks(token, onLabel, onFile);
    }
    return i;
  };
  // `inList` false: a prefix or suffix chapter (a link outside the lists), in no part (summary.html "Suffix Chapter").
  const declareLinks = (inline: Token, onLabel?: (label: string) => void, onFile?: (file: string) => void, inList = true): void => {
    const children = inline.children ?? [];
    for (let c = 0; c < children.length; c++) {
      const open = children[c] as Token;
      if (open.type !== 'link_open') continue;
      const close = children.findIndex((child, j) => j > c && child.type === 'link_close');
      const label = inlineText(children.slice(c + 1, close === -1 ? undefined : close));
      const file = linkedFile(open.attrGet('href') ?? '', base);
      if (file !== undefined && /\.md$/i.test(file)) {
        declaration.page(file, { title: label, label, parent: parents.at(-1), group: inList ? group : undefined });
        declaredAny = true;
        onFile?.(file);
      }
      onLabel?.(label);
    }
  };
  const heading = { label: undefined as string | undefined };
  declaration.openGroup();
  walk(0, () => false, heading);
  declaration.closeGroup(heading.label);
}
