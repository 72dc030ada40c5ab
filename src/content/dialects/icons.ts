/**
 * Material for MkDocs icon shortcodes (pymdownx.emoji with Material's icon index:
 * `:material-check:`, `:octicons-arrow-right-24:`, `:fontawesome-brands-github:`, `:simple-x:`) are
 * pictures with no text: dropped, with the space after them, outside code.
 */
import { codeLines, outsideCodeSpans } from './lines.js';

const ICON = /:(?:material|octicons|fontawesome|simple)-[a-z0-9-]+:[ \t]?/g;

/** @example mkdocsIcons('[:octicons-arrow-right-24: Start](x.md)') // '[Start](x.md)' */
export function mkdocsIcons(markdown: string): string {
  if (!/:(?:material|octicons|fontawesome|simple)-/.test(markdown)) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  return lines.map((line, i) => (code[i] === true ? line : outsideCodeSpans(line, (prose) => prose.replace(ICON, '')))).join('\n');
}
