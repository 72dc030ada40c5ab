/**
 * Emoji shortcodes (`:tada:`) as the emoji they name, outside code, in the HTML and the markdown
 * agents get alike. VitePress renders them with markdown-it-emoji's full table
 * (https://vitepress.dev/guide/markdown#emoji), which is read here; MkDocs with pymdownx.emoji
 * (https://facelessuser.github.io/pymdown-extensions/extensions/emoji/, Material's twemoji index:
 * https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/), whose names for emoji are
 * gemoji's as well. A name the table lacks stays as written (`10:30:45`, `:not-an-emoji:`).
 * markdown-it-emoji's emoticon shortcuts (`:)`, `<3`) are not converted: in source rather than
 * in text tokens they cannot be told from link destinations and code (feature rows
 * `vitepress.emoji`, `mkdocs.emoji`).
 */
import EMOJI from 'markdown-it-emoji/lib/data/full.mjs';
import { codeLines, outsideCodeSpans } from './lines.js';

/** A shortcode's shape: a name between colons (gemoji names: lower-case letters, digits, `_`, `+`, `-`). */
const SHORTCODE = /:[a-z0-9_+-]+:/g;

/** Whether `source` may hold a shortcode: the dialect step's test before it reads a page. */
export function mayHoldEmoji(source: string): boolean {
  SHORTCODE.lastIndex = 0;
  return SHORTCODE.test(source);
}

/** `prose` with each shortcode of a known emoji replaced; after an unknown name the scan resumes at its closing colon (`:a:tada:`). */
function withEmoji(prose: string): string {
  let out = '';
  let from = 0;
  SHORTCODE.lastIndex = 0;
  for (let match = SHORTCODE.exec(prose); match !== null; match = SHORTCODE.exec(prose)) {
    const end = match.index + match[0].length;
    const name = match[0].slice(1, -1);
    const emoji = Object.hasOwn(EMOJI, name) ? EMOJI[name] : undefined;
    if (emoji === undefined) {
      SHORTCODE.lastIndex = end - 1;
      continue;
    }
    out += prose.slice(from, match.index) + emoji;
    from = end;
  }
  return out + prose.slice(from);
}

/**
 * `markdown` with its emoji shortcodes replaced by the emoji, outside fenced and indented code and
 * code spans; linear in its length.
 * @example emojiShortcodes('Done :tada: `:tada:`') // 'Done 🎉 `:tada:`'
 */
export function emojiShortcodes(markdown: string): string {
  if (!mayHoldEmoji(markdown)) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  return lines.map((line, i) => (code[i] === true || !line.includes(':') ? line : outsideCodeSpans(line, withEmoji))).join('\n');
}
