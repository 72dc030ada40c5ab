/**
 * The one allow-list sanitizer for HTML made from content (DESIGN.md "Content is untrusted input"):
 * render.ts runs every body it renders through {@link sanitizeContentHtml}, whole pages and parts
 * alike, so raw HTML in `.md`, JSX left as HTML by `.mdx` and whatever a dialect wrote pass the same
 * rules. It is sanitize-html (github.com/apostrophecms/sanitize-html), configured once here.
 *
 * What stays: every element and attribute that markdown-it, its plugins (footnotes, deflists,
 * abbreviations, alerts, attribute lists), the dialects (admonitions, tabs, figures, details) and
 * highlight.js write, and the plain HTML docs carry (tables, media, `<kbd>`, `<sub>`, `<picture>`).
 * What goes, and why:
 * - `<script>`, `<style>`, `<meta>` (a refresh navigates readers away), `<base>`, `<link>`,
 *   `<title>`, `<noscript>` and `<template>` (neither is shown in a browser that runs the site
 *   script), with their content;
 * - `<iframe>`, `<frame>`, `<object>`, `<embed>`, `<applet>`: the CSP blocks them anyway
 *   (`default-src 'none'`, `object-src 'none'`); an object's fallback content is kept, as a
 *   browser shows it when the object is blocked;
 * - inline `<svg>` and `<math>`, with their content: script, `foreignObject`, `<animate>` of an
 *   `href`, and the parser differences that mutation XSS lives on; a picture is a file, and an SVG
 *   file shown through `<img>` runs no script;
 * - forms (`<form>`, `<button>`, `<select>`, `<textarea>`, inputs other than a task list's
 *   checkbox, `form*` attributes): a page of docs collects nothing, and a form could post
 *   elsewhere or pose as the portal's; their text is kept;
 * - every `on*` attribute, `style` (the CSP refuses inline styles: it would only raise CSP
 *   reports), and any attribute not listed below;
 * - URLs with a scheme other than http, https, mailto and tel (`javascript:`, `vbscript:`,
 *   `data:` and the rest), but `data:image/…` in an image's `src` and `srcset`.
 * Comments are dropped. The output is HTML5 as markdown-it writes it: void elements without ` />`,
 * `"` in text as `&quot;`, so that HTML nothing was removed from comes out byte for byte the same.
 * sanitize-html (with htmlparser2 and postcss) loads on the first call: the threads that only read
 * pages into text and search terms (snapshot/build-worker.ts) never render HTML.
 */
import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

/** sanitize-html, loaded on first use (a CommonJS package). */
let sanitizer: typeof sanitizeHtml | undefined;

/** Elements kept (with the attributes of {@link ALLOWED_ATTRIBUTES}). Anything else is dropped, its text kept. */
const ALLOWED_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'span', 'br', 'hr', 'wbr', 'blockquote', 'pre', 'code'],
  ...['a', 'em', 'strong', 'b', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'kbd', 'samp', 'var'],
  ...['abbr', 'cite', 'dfn', 'q', 'time', 'data', 'bdi', 'bdo', 'ruby', 'rt', 'rp', 'center', 'big', 'tt', 'strike'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'details', 'summary', 'figure', 'figcaption'],
  ...['section', 'article', 'aside', 'header', 'footer', 'nav', 'address', 'hgroup'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['img', 'picture', 'source', 'video', 'audio', 'track'],
  // A task list's checkbox (`<input type="checkbox" disabled>`, as GitHub renders `- [x]`); other inputs are dropped below.
  'input',
];

/** Elements dropped with all they hold: their content is not shown in a browser, or is where script hides. */
const DROPPED_WITH_CONTENT = [
  ...['script', 'style', 'template', 'noscript', 'title', 'textarea', 'option', 'select', 'xmp', 'plaintext'],
  ...['svg', 'math', 'iframe', 'frame', 'frameset', 'noframes', 'noembed'],
];

/** Attributes kept, by element (`*`: on every element). URL attributes are checked against {@link ALLOWED_SCHEMES}. */
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  '*': ['id', 'class', 'title', 'lang', 'dir', 'role', 'hidden', 'translate', 'aria-*', 'data-*'],
  a: ['href', 'name', 'target', 'rel', 'hreflang', 'type', 'download'],
  img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding', 'align'],
  source: ['src', 'srcset', 'sizes', 'type', 'media', 'width', 'height'],
  video: ['src', 'poster', 'controls', 'width', 'height', 'loop', 'muted', 'playsinline', 'preload', 'autoplay'],
  audio: ['src', 'controls', 'loop', 'muted', 'preload', 'autoplay'],
  track: ['src', 'kind', 'srclang', 'label', 'default'],
  // tabindex: render.ts makes tables and code blocks focusable, as they scroll sideways (WCAG 2.1.1).
  table: ['tabindex', 'align', 'width'],
  pre: ['tabindex'],
  th: ['scope', 'colspan', 'rowspan', 'headers', 'abbr', 'align', 'width'],
  td: ['colspan', 'rowspan', 'headers', 'align', 'width'],
  col: ['span', 'width'],
  colgroup: ['span', 'width'],
  ol: ['start', 'reversed', 'type'],
  ul: ['type'],
  li: ['value'],
  details: ['open'],
  time: ['datetime'],
  data: ['value'],
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
  q: ['cite'],
  blockquote: ['cite'],
  bdo: ['dir'],
  p: ['align'],
  div: ['align'],
  h1: ['align'],
  h2: ['align'],
  h3: ['align'],
  input: ['type', 'checked', 'disabled'],
};

/** Schemes a link or source may use; a URL without a scheme (relative, `#id`, `//host/…`) is kept. */
const ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** An image's `data:` URL: the only `data:` kept, as markdown-it keeps it for images. */
const DATA_IMAGE = /^\s*data:image\//i;

/**
 * Drops an image source that is a `data:` URL of anything but an image (sanitize-html allows the
 * scheme per element, not per media type).
 */
function imageSources(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const notImageData = ([name, value]: [string, string]): boolean =>
    (name === 'src' || name === 'srcset') && /^\s*data:/i.test(value) && !DATA_IMAGE.test(value);
  return { tagName, attribs: Object.fromEntries(Object.entries(attribs).filter((entry) => !notImageData(entry))) };
}

/** A task list's checkbox is shown, never used: it is disabled whatever the page says. */
function taskCheckbox(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  return { tagName, attribs: { ...attribs, disabled: '' } };
}

/** sanitize-html 2.17's options; @types/sanitize-html does not know `allowedEmptyAttributes` (added in 2.12) yet. */
type Options = sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] };

const OPTIONS: Options = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedSchemes: ALLOWED_SCHEMES,
  allowedSchemesByTag: { img: [...ALLOWED_SCHEMES, 'data'], source: [...ALLOWED_SCHEMES, 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster'],
  allowProtocolRelative: true,
  // Written with `=""`; an empty attribute not listed here is dropped.
  allowedEmptyAttributes: [
    'alt',
    'href',
    'download',
    'disabled',
    'checked',
    'controls',
    'open',
    'muted',
    'loop',
    'playsinline',
    'default',
    'reversed',
    'hidden',
  ],
  // The void elements kept (HTML §13.1.2), which have no end tag: sanitize-html's list lacks `source`, `track`, `wbr` and `col`.
  selfClosing: ['img', 'br', 'hr', 'wbr', 'col', 'input', 'source', 'track'],
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: { img: imageSources, source: imageSources, input: taskCheckbox },
  // An input other than a checkbox is dropped whole (it has no content).
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type?.toLowerCase() !== 'checkbox',
  // markdown-it writes `"` in text as `&quot;`; sanitize-html decodes entities (so that an encoded
  // `javascript:` is seen) and writes text back without it.
  textFilter: (text) => text.replaceAll('"', '&quot;'),
};

/**
 * Most elements open at once in content HTML: Chromium's HTML parser nests no deeper either
 * (`kMaximumHTMLParserDOMTreeDepth`, 512, in third_party/blink/renderer/core/html/parser/html_construction_site.cc).
 * htmlparser2, which sanitize-html parses with, keeps its open elements in an array it shifts and
 * unshifts, so each tag costs time in the depth: 33,000 unclosed `<a>` took half a second, and four
 * times as many sixteen times as long. Bounded at this depth, the cost is linear in the input.
 */
export const MAX_HTML_DEPTH = 512;

/** Thrown from sanitize-html's callbacks to stop a parse that went deeper than {@link MAX_HTML_DEPTH}. */
class TooDeep extends Error {}

/**
 * The content HTML `html` with only what the allow-list keeps (see the file comment), or undefined
 * when its elements nest deeper than {@link MAX_HTML_DEPTH} (the parse stops there, so the time is
 * linear in the input; the caller renders the page again without raw HTML). Never throws.
 * @example sanitizeContentHtml('<p onclick="x()">Hi<script>x()</script></p>') // '<p>Hi</p>'
 */
export function sanitizeContentHtml(html: string): string | undefined {
  let depth = 0;
  const options: Options = {
    ...OPTIONS,
    // htmlparser2 reports every element it closes, implied ones and void elements too: open minus closed is its depth.
    onOpenTag: () => {
      if (++depth > MAX_HTML_DEPTH) throw new TooDeep();
    },
    onCloseTag: () => {
      depth--;
    },
  };
  try {
    // Every `>` of the output that is no tag's end is written `&gt;` (in text and in attribute values
    // alike), so ` />` can only close a void element: written the HTML5 way, as markdown-it does.
    sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml;
    return sanitizer(html, options).replaceAll(' />', '>');
  } catch (error) {
    if (error instanceof TooDeep) return undefined;
    throw error;
  }
}
