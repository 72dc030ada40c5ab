/**
 * Material for MkDocs icon shortcodes (pymdownx.emoji with Material's icon index,
 * https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/: `:material-check:`,
 * `:octicons-arrow-right-24:`, `:fontawesome-brands-github:`, `:simple-x:`) are pictures with no
 * text: dropped, with the attribute list styling them (`:material-heart:{ .heart }`, the page's
 * "Using icons with colors") and the space after them, outside code. Emoji shortcodes (`:smile:`)
 * become their emoji after this step (emoji.ts).
 */
import { attributeListEnd } from './attr-list.js';
import { codeLines, outsideCodeSpans } from './lines.js';

const ICON = /:(?:material|octicons|fontawesome|simple)-[a-z0-9-]+:/g;

/** `prose` without its icon shortcodes, each with the attribute list right after it and one space. */
function withoutIcons(prose: string): string {
  let out = '';
  let from = 0;
  for (const match of prose.matchAll(ICON)) {
    if (match.index < from) continue;
    let end = match.index + match[0].length;
    if (prose[end] === '{') {
      const list = attributeListEnd(prose, end + 1);
      if (list !== -1) end = list;
    }
    if (prose[end] === ' ' || prose[end] === '\t') end++;
    out += prose.slice(from, match.index);
    from = end;
  }
  return out + prose.slice(from);
}

/** @example mkdocsIcons('[:octicons-arrow-right-24: Start](x.md)') // '[Start](x.md)' */
export function mkdocsIcons(markdown: string): string {
  if (!/:(?:material|octicons|fontawesome|simple)-/.test(markdown)) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  return lines.map((line, i) => (code[i] === true ? line : outsideCodeSpans(line, withoutIcons))).join('\n');
}
