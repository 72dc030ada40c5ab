/**
 * PyMdown's inline syntax (MkDocs pages), written as the inline HTML the extensions produce, so the
 * HTML shows them; {@link pymdownxInlineForAgents} then gives agents the plain text (issue 31):
 * - Keys (https://facelessuser.github.io/pymdown-extensions/extensions/keys/): `++ctrl+alt+delete++`
 *   → `<span class="keys"><kbd>Ctrl</kbd>+<kbd>Alt</kbd>+<kbd>Del</kbd></span>`; agents: `Ctrl+Alt+Del`;
 * - Mark (…/extensions/mark/): `==text==` → `<mark class="mark">text</mark>`; agents: `text`;
 * - Caret (…/extensions/caret/): `^^text^^` → `<ins class="caret">text</ins>` (agents: `text`),
 *   `H^2^O` → `H<sup>2</sup>O` (both: markdown has no superscript, GFM reads the element);
 * - Tilde (…/extensions/tilde/): `~~text~~` is GFM strikethrough already (left as written),
 *   `H~2~O` → `H<sub>2</sub>O` (both);
 * - Critic (…/extensions/critic/), in its default `view` mode: `{++add++}` → `<ins class="critic">`,
 *   `{--remove--}` → `<del class="critic">`, `{~~old~>new~~}` → both, `{==mark==}` →
 *   `<mark class="critic">`, `{>>comment<<}` → `<span class="critic comment">`; agents get the text
 *   with the edits accepted (additions kept, deletions and comments gone).
 * Outside fenced code and code spans; a marker with no closer on its line is text.
 */
import { codeLines, isSpace, outsideCodeSpans } from './lines.js';

/** Display names of Keys' key map (pymdownx/keymap_db.py) for the keys docs use; single characters are shown upper case. */
const KEY_NAMES: Readonly<Record<string, string>> = {
  ctrl: 'Ctrl',
  control: 'Ctrl',
  alt: 'Alt',
  shift: 'Shift',
  cmd: 'Cmd',
  command: 'Cmd',
  meta: 'Meta',
  option: 'Option',
  opt: 'Option',
  windows: 'Win',
  win: 'Win',
  super: 'Super',
  fn: 'Fn',
  del: 'Del',
  delete: 'Del',
  backspace: 'Backspace',
  enter: 'Enter',
  return: 'Return',
  tab: 'Tab',
  esc: 'Esc',
  escape: 'Esc',
  space: 'Space',
  insert: 'Ins',
  ins: 'Ins',
  home: 'Home',
  end: 'End',
  'page-up': 'Page Up',
  'page-down': 'Page Down',
  'caps-lock': 'Caps Lock',
  'arrow-up': 'Up',
  'arrow-down': 'Down',
  'arrow-left': 'Left',
  'arrow-right': 'Right',
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  'print-screen': 'Print Screen',
  'num-lock': 'Num Lock',
  'scroll-lock': 'Scroll Lock',
  pause: 'Pause',
  menu: 'Menu',
  // Punctuation, named as the key map names it (`++ctrl+slash++`).
  slash: '/',
  backslash: '\\',
  comma: ',',
  period: '.',
  semicolon: ';',
  colon: ':',
  quote: "'",
  'double-quote': '"',
  backtick: '`',
  tilde: '~',
  plus: '+',
  minus: '-',
  equal: '=',
  underscore: '_',
  pipe: '|',
  question: '?',
  exclam: '!',
  at: '@',
  hash: '#',
  dollar: '$',
  percent: '%',
  caret: '^',
  ampersand: '&',
  asterisk: '*',
  'bracket-left': '[',
  'bracket-right': ']',
  'brace-left': '{',
  'brace-right': '}',
  'paren-left': '(',
  'paren-right': ')',
  less: '<',
  greater: '>',
};

/** A key's display name: quoted text as written, a known name, a single character, an F key; else `undefined`. */
function keyName(key: string): string | undefined {
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) return key.slice(1, -1);
  const lower = key.toLowerCase();
  if (KEY_NAMES[lower] !== undefined) return KEY_NAMES[lower];
  if (/^f\d{1,2}$/.test(lower)) return lower.toUpperCase();
  return key.length === 1 ? key.toUpperCase() : undefined;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `++a+b++` runs of a prose text as keys; a run with a key no map holds stays as written. */
function keys(prose: string): string {
  if (!prose.includes('++')) return prose;
  let out = '';
  let from = 0;
  for (let at = prose.indexOf('++'); at !== -1;) {
    const close = prose.indexOf('++', at + 2);
    if (close === -1) break;
    const names = prose
      .slice(at + 2, close)
      .split('+')
      .map(keyName);
    if (close > at + 2 && names.every((name): name is string => name !== undefined)) {
      out += prose.slice(from, at) + `<span class="keys">${names.map((name) => `<kbd>${escapeHtml(name)}</kbd>`).join('+')}</span>`;
      from = close + 2;
      at = prose.indexOf('++', from);
    } else at = close;
  }
  return out + prose.slice(from);
}

/**
 * Pairs of `marker` around text that neither starts nor ends with a space (the extensions' "smart"
 * mode), as `open`…`close`; `single` markers also refuse spaces inside (`H^2^O`, `H~2~O`) and a
 * doubled marker (`^^`, `~~`), which is the other syntax.
 */
function pairs(prose: string, marker: string, open: string, close: string, single = false): string {
  if (!prose.includes(marker)) return prose;
  let out = '';
  let from = 0;
  for (let at = prose.indexOf(marker); at !== -1;) {
    let end = prose.indexOf(marker, at + marker.length);
    // Smart mode: a doubled marker inside a word (`==smart==mark==`) closes nothing.
    while (!single && end !== -1 && isWordChar(prose[end + marker.length])) end = prose.indexOf(marker, end + marker.length);
    if (end === -1) break;
    const inner = prose.slice(at + marker.length, end);
    const doubled = single && (prose[at + 1] === marker || prose[at - 1] === marker);
    const spaced = inner === '' || isSpace(inner[0]) || isSpace(inner.at(-1)) || (single && /\s/.test(inner));
    if (!doubled && !spaced && !(single && inner.includes(marker))) {
      out += prose.slice(from, at) + open + inner + close;
      from = end + marker.length;
      at = prose.indexOf(marker, from);
    } else at = doubled ? prose.indexOf(marker, at + 2) : end;
  }
  return out + prose.slice(from);
}

const isWordChar = (char: string | undefined): boolean => char !== undefined && /[\p{L}\p{N}_]/u.test(char);

/** Critic marks of a prose text, in view mode. */
function critic(prose: string): string {
  if (!prose.includes('{')) return prose;
  const marks: [string, string, (inner: string) => string][] = [
    ['{++', '++}', (inner) => `<ins class="critic">${inner}</ins>`],
    ['{--', '--}', (inner) => `<del class="critic">${inner}</del>`],
    ['{==', '==}', (inner) => `<mark class="critic">${inner}</mark>`],
    ['{>>', '<<}', (inner) => `<span class="critic comment">${inner}</span>`],
    [
      '{~~',
      '~~}',
      (inner) => {
        const split = inner.indexOf('~>');
        return split === -1
          ? `{~~${inner}~~}`
          : `<del class="critic">${inner.slice(0, split)}</del><ins class="critic">${inner.slice(split + 2)}</ins>`;
      },
    ],
  ];
  let text = prose;
  for (const [start, end, write] of marks) {
    if (!text.includes(start)) continue;
    let out = '';
    let from = 0;
    for (let at = text.indexOf(start); at !== -1; at = text.indexOf(start, from)) {
      const close = text.indexOf(end, at + start.length);
      if (close === -1) break;
      out += text.slice(from, at) + write(text.slice(at + start.length, close));
      from = close + end.length;
    }
    text = out + text.slice(from);
  }
  return text;
}

/** Whether a text may hold PyMdown inline syntax: only then is it scanned. */
const TRIGGER = /\+\+|==|\^|~[^~]|\{(?:\+\+|--|~~|==|>>)/;

/**
 * PyMdown's inline syntax of `markdown` as inline HTML (see the file comment), outside code.
 * @example pymdownxInline('Press ++ctrl+c++.') // 'Press <span class="keys"><kbd>Ctrl</kbd>+<kbd>C</kbd></span>.'
 */
export function pymdownxInline(markdown: string): string {
  if (!TRIGGER.test(markdown)) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  return lines
    .map((line, i) =>
      code[i] === true || !TRIGGER.test(line)
        ? line
        : outsideCodeSpans(line, (prose) => {
            let text = critic(prose);
            text = keys(text);
            // `====` alone (a setext underline) has nothing between its pairs: left as written.
            text = pairs(text, '==', '<mark class="mark">', '</mark>');
            text = pairs(text, '^^', '<ins class="caret">', '</ins>');
            text = pairs(text, '^', '<sup>', '</sup>', true);
            return pairs(text, '~', '<sub>', '</sub>', true);
          }),
    )
    .join('\n');
}

/** The elements {@link pymdownxInline} writes that agents read as their text, or not at all (`drop`). */
const FOR_AGENTS: readonly { open: string; close: string; drop: boolean }[] = [
  { open: '<span class="keys">', close: '</span>', drop: false },
  { open: '<mark class="mark">', close: '</mark>', drop: false },
  { open: '<ins class="caret">', close: '</ins>', drop: false },
  { open: '<ins class="critic">', close: '</ins>', drop: false },
  { open: '<mark class="critic">', close: '</mark>', drop: false },
  { open: '<del class="critic">', close: '</del>', drop: true },
  { open: '<span class="critic comment">', close: '</span>', drop: true },
];

/**
 * The agents' side of {@link pymdownxInline}: keys as `Ctrl+Alt+Del`, marks and insertions as
 * their text, critic deletions and comments left out. Only the elements it writes are read, by
 * their class: HTML an author wrote stays as written.
 * @example pymdownxInlineForAgents('<span class="keys"><kbd>Ctrl</kbd>+<kbd>C</kbd></span>') // 'Ctrl+C'
 */
export function pymdownxInlineForAgents(markdown: string): string {
  if (!markdown.includes('class="')) return markdown;
  let text = markdown;
  for (const { open, close, drop } of FOR_AGENTS) {
    if (!text.includes(open)) continue;
    let out = '';
    let from = 0;
    for (let at = text.indexOf(open); at !== -1; at = text.indexOf(open, from)) {
      const end = text.indexOf(close, at + open.length);
      if (end === -1) break;
      const inner = text.slice(at + open.length, end);
      out += text.slice(from, at) + (drop ? '' : inner.split('<kbd>').join('').split('</kbd>').join(''));
      from = end + close.length;
    }
    text = out + text.slice(from);
  }
  return text;
}
