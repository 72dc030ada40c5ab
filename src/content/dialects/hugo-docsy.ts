/**
 * Docsy's shortcodes (docsy.dev/docs/adding-content/shortcodes/) and the embedded Hugo shortcodes
 * that only link out or hide (gohugo.io/shortcodes/: `comment`, `qr`, `x`, `instagram`), as plain
 * markdown: the text kept, the layout dropped. Docsy's `alert` is an admonition
 * (hugo-shortcodes.ts), its `readfile` an include read through the file rule (hugo-shortcodes.ts).
 */
import { admonitionMarkdown, tabsMarkdown } from './blocks.js';
import { dedent, indentOf, indentWidth, trimNewlines } from './lines.js';

/** A shortcode call as these renderers read it: its name and arguments. */
export interface ShortcodeCall {
  name: string;
  positional: readonly string[];
  named: Readonly<Record<string, string>>;
}

/** What a call renders to: markdown, a block (on lines of its own) or inline. */
export interface Rendered {
  text: string;
  block?: boolean;
}

/** A code block of `code` in language `lang`, fenced with more backticks than it holds. */
export function fenced(code: string, lang: string): string {
  // A loop, not `Math.max(...runs)`: spreading the runs of a long body overflows the call stack.
  let longest = 2;
  for (const run of code.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${trimNewlines(code)}\n${fence}`;
}

const isTrue = (value: string | undefined): boolean => value === 'true';

/**
 * A shortcode's inner content as markdown of its own: blank lines around it dropped, the
 * indentation its lines share removed (`{{% tab %}}` bodies indented inside a `tabpane`) and
 * spaces at line ends trimmed (`{{% alert %}} **Hello** {{% /alert %}}` on one line).
 */
export function contentOf(body: string): string {
  const lines = trimNewlines(body)
    .split('\n')
    .map((line) => line.trimEnd());
  let shared = Infinity;
  for (const line of lines) if (line !== '') shared = Math.min(shared, indentWidth(indentOf(line)));
  return dedent(lines, shared === Infinity ? 0 : shared).join('\n');
}

/** A title in bold, unless it holds bold text of its own (Docsy titles are markdown). */
const strong = (title: string | undefined): string | undefined =>
  title === undefined || title.trim() === '' ? undefined : title.includes('**') ? title : `**${title.trim()}**`;
/** Paragraphs of the given parts, empty ones left out. */
const paragraphs = (...parts: (string | undefined)[]): string =>
  parts
    .map((part) => (part === undefined ? '' : trimNewlines(part)))
    .filter((part) => part.trim() !== '')
    .join('\n\n');

/**
 * Docsy's `tabpane` (docsy.dev/docs/adding-content/shortcodes/#tabbed-panes): each enabled `tab`
 * as a labelled section (`header`, or the only positional argument, else "Tab n"); its content is
 * code unless `text=true` on the tab or the pane, fenced in the tab's `lang`, else the pane's,
 * else the header when `langEqualsHeader=true`. Disabled tabs (`disabled=true`) are left out.
 */
export function tabpaneMarkdown(pane: ShortcodeCall, tabs: readonly { call: ShortcodeCall; body: string }[]): string {
  const sections = tabs
    .filter((tab) => tab.call.name === 'tab' && !isTrue(tab.call.named.disabled))
    .map((tab, k) => {
      const { named, positional } = tab.call;
      const label = named.header ?? positional[0] ?? `Tab ${k + 1}`;
      const text = isTrue(named.text ?? pane.named.text);
      const lang = named.lang ?? pane.named.lang ?? (isTrue(pane.named.langEqualsHeader) ? label.toLowerCase() : '');
      return { label, body: text ? contentOf(tab.body) : fenced(contentOf(tab.body), lang) };
    });
  return tabsMarkdown(sections);
}

/**
 * A Docsy or link-out shortcode as plain markdown, or undefined when `call` is none of them.
 * @param body the rendered inner content of a paired call, newlines around it trimmed; undefined when self-closing
 * @param children the paired calls directly inside (the tabs of a `tabpane`), with their rendered bodies
 */
export function docsyShortcode(
  call: ShortcodeCall,
  body: string | undefined,
  children: readonly { call: ShortcodeCall; body: string }[],
): Rendered | undefined {
  const { name, named, positional } = call;
  const first = positional[0];
  body = body === undefined ? undefined : contentOf(body);
  switch (name) {
    // gohugo.io/shortcodes/comment/: hidden from the page.
    case 'comment':
      return { text: '' };
    // docsy.dev …/#blockslink-down: an arrow to the next block, layout only.
    case 'blocks/link-down':
      return { text: '' };
    // docsy.dev …/#blockscover: `title`, then the inner content; image, height and color are layout.
    case 'blocks/cover':
      return { text: paragraphs(strong(named.title), body), block: true };
    // docsy.dev …/#blockslead, #blockssection: containers whose text is the content.
    case 'blocks/lead':
    case 'blocks/section':
    case 'cardpane':
    case 'conditional-text':
      return { text: body ?? '', block: true };
    // docsy.dev …/#blocksfeature: `title`, the content, a link `url` labelled `url_text` ("Read more").
    case 'blocks/feature': {
      const link = named.url === undefined ? undefined : `[${named.url_text ?? 'Read more'}](${named.url})`;
      return { text: paragraphs(strong(named.title), body, link), block: true };
    }
    // docsy.dev …/#pageinfo: a banner of the page, its `color` the kind.
    case 'pageinfo':
      return { text: admonitionMarkdown(named.color ?? 'note', undefined, body ?? ''), block: true };
    // docsy.dev …/#card-panes: `header`, `title`, `subtitle`, the content (code when `code=true`), `footer`.
    case 'card': {
      const content = body === undefined ? undefined : isTrue(named.code) ? fenced(body, named.lang ?? '') : body;
      return { text: paragraphs(named.header, named.title, named.subtitle, content, named.footer), block: true };
    }
    case 'tabpane':
      return { text: tabpaneMarkdown(call, children), block: true };
    // docsy.dev …/#imgproc: the image comes from the page bundle by a glob; its caption (the content) is kept.
    case 'imgproc':
      return { text: body ?? '', block: true };
    // docsy.dev …/#swaggerui, #redoc: the API reference rendered from an OpenAPI file, here a link to it.
    case 'swaggerui':
    case 'redoc': {
      const src = named.src ?? first;
      return src === undefined ? { text: '' } : { text: `[OpenAPI specification](${src})`, block: true };
    }
    // docsy.dev …/#iframe: an embedded page, here a link to it.
    case 'iframe': {
      const src = named.src ?? first;
      return src === undefined ? { text: '' } : { text: `[${src}](${src})`, block: true };
    }
    // gohugo.io/shortcodes/qr/: a QR code of `text` (or the content); a URL becomes a link to it.
    case 'qr': {
      const text = (named.text ?? body ?? '').trim();
      return { text: /^https?:\/\/\S+$/.test(text) ? `[${named.alt ?? text}](${text})` : text, block: true };
    }
    // gohugo.io/shortcodes/x/: the post of `user` and `id` (`tweet`, its former name).
    case 'x':
    case 'tweet':
      return { text: `[X post](https://x.com/${named.user ?? first ?? ''}/status/${named.id ?? positional[1] ?? ''})` };
    // gohugo.io/shortcodes/instagram/: the post of `id`.
    case 'instagram':
      return { text: `[Instagram post](https://www.instagram.com/p/${named.id ?? first ?? ''}/)` };
    default:
      return undefined;
  }
}
