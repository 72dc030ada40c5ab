/**
 * PyMdown "Blocks" (https://facelessuser.github.io/pymdown-extensions/extensions/blocks/): fenced
 * containers `/// name | argument`, options as YAML lines indented 4 spaces right under the header,
 * the content, then `///` alone. A block nests in another whose fence has more slashes
 * (`////` around `///`). The plugins Material documents:
 * - admonition (https://facelessuser.github.io/pymdown-extensions/extensions/blocks/plugins/admonition/):
 *   `/// admonition | Title` with `type: warning`, or `/// note | Title` for each configured type →
 *   a GitHub alert, as `!!!` (blocks.ts `admonitionMarkdown`);
 * - details (…/plugins/details/): `/// details | Summary` (`type:`, `open:`) → a quoted block
 *   opening with its summary, as `???`;
 * - tab (…/plugins/tab/): `/// tab | Label` (`new: true` starts a new set) → a labelled section, as `===`;
 * - html (…/plugins/html/): `/// html | div.grid` → its content, the wrapper being layout, as md_in_html;
 * - caption (…/plugins/caption/): `/// caption` (and `figure-caption`, `table-caption`) after a
 *   block → the caption as a paragraph under it.
 * `attrs:` options are layout (ids and classes on the wrapper): not carried. A name no plugin has
 * is no block: its lines stay as written. An unclosed block runs to the end of its parent.
 */
import { parseYaml } from '../yaml.js';
import { admonitionMarkdown, detailsMarkdown, tabsMarkdown } from './blocks.js';
import { dedent, indentOf, indentWidth, rewriteBlocks, trimNewlines } from './lines.js';

/** `/// name` or `/// name | argument`: the slashes, the name, the rest. */
const OPEN = /^([ \t]{0,3})(\/{3,})[ \t]+([A-Za-z][\w-]*)[ \t]*(\|.*)?$/;

/**
 * Admonition types Blocks registers by default (`note`, `attention`, `caution`, `danger`, `error`,
 * `tip`, `hint`, `warning`) and those Material's setup adds for its own admonition styles
 * (squidfunk.github.io/mkdocs-material/reference/admonitions/#supported-types).
 */
const ADMONITION_TYPES = new Set([
  'note',
  'attention',
  'caution',
  'danger',
  'error',
  'tip',
  'hint',
  'warning',
  'abstract',
  'info',
  'success',
  'question',
  'failure',
  'bug',
  'example',
  'quote',
  'important',
]);

/** The block names {@link blockMarkdown} writes. */
const PLUGINS = new Set(['admonition', 'details', 'tab', 'html', 'define', 'definition', 'caption', 'figure-caption', 'table-caption']);

const isPlugin = (name: string): boolean => PLUGINS.has(name) || ADMONITION_TYPES.has(name);

/** What a block's header and options say. */
interface Header {
  name: string;
  argument: string;
  options: Record<string, unknown>;
}

/** The options YAML of a block (4-space indented lines under the header); `{}` when it does not parse. */
function optionsOf(lines: readonly string[]): Record<string, unknown> {
  if (lines.length === 0) return {};
  try {
    const parsed: unknown = parseYaml(dedent(lines, 4).join('\n'), { logLevel: 'silent' });
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The plain markdown of a block, or `undefined` when its name is no plugin's. */
function blockMarkdown(header: Header, body: string): string | undefined {
  const { name, argument, options } = header;
  const type = typeof options.type === 'string' ? options.type : undefined;
  if (name === 'admonition') return admonitionMarkdown(type ?? 'note', argument === '' ? undefined : argument, body);
  if (ADMONITION_TYPES.has(name)) {
    // Untitled, a typed block shows its type's name (the alert's label says it).
    return admonitionMarkdown(name, argument === '' ? undefined : argument, body);
  }
  if (name === 'details') return detailsMarkdown(argument === '' ? (type ?? 'Details') : argument, body);
  if (name === 'tab') return tabsMarkdown([{ label: argument, body }]);
  if (name === 'html' || name === 'define' || name === 'definition') return trimNewlines(body);
  if (name === 'caption' || name === 'figure-caption' || name === 'table-caption') return trimNewlines(body);
  return undefined;
}

/**
 * Rewrites every PyMdown block of `markdown` outside fenced code. Bodies go through `recurse`
 * (every dialect, nested blocks included) first.
 * @example pymdownxBlocks('/// tip | Use it\nBody.\n///', (s) => s) // '> [!TIP]\n> **Use it**\n>\n> Body.'
 */
export function pymdownxBlocks(markdown: string, recurse: (markdown: string) => string): string {
  if (!markdown.includes('///')) return markdown;
  return rewriteBlocks(markdown, OPEN, (lines, code, i, open) => {
    const [, , slashes = '///', name = '', rest = ''] = open;
    // No plugin by that name: the header is text (checked first: scanning for its close from every such line was quadratic).
    if (!isPlugin(name.toLowerCase())) return { text: lines[i] ?? '', last: i };
    let at = i + 1;
    const optionLines: string[] = [];
    while (at < lines.length && (lines[at] ?? '').trim() !== '' && indentWidth(indentOf(lines[at] ?? '')) >= 4) {
      optionLines.push(lines[at] ?? '');
      at++;
    }
    // The first line, outside code, that is this many slashes alone closes the block.
    let close = at;
    while (close < lines.length && !(code[close] !== true && (lines[close] ?? '').trim() === slashes)) close++;
    const header: Header = { name: name.toLowerCase(), argument: rest.slice(1).trim(), options: optionsOf(optionLines) };
    const body = recurse(lines.slice(at, close).join('\n'));
    const text = blockMarkdown(header, trimNewlines(body));
    if (text === undefined) return { text: lines[i] ?? '', last: i };
    const last = Math.min(close, lines.length - 1);
    // Blank lines around the block, so that it neither continues nor is continued by a paragraph.
    const before = i > 0 && (lines[i - 1] ?? '').trim() !== '' ? '\n' : '';
    const after = last + 1 < lines.length && (lines[last + 1] ?? '').trim() !== '' ? '\n' : '';
    return { text: before + text + after, last };
  });
}
