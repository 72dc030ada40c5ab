/** The hugo rows of the dialect feature table (../features.ts), each from the page of the documentation it names. */
import type { DialectFeature } from '../features.js';

const HUGO: DialectFeature['generators'] = ['hugo'];
const DOCSY = 'https://www.docsy.dev/docs/adding-content/shortcodes/';

/** A row for a shortcode: found where a call of one of `names` opens (`{{< name`, `{{% name`). */
function shortcode(row: Omit<DialectFeature, 'generators' | 'detect'>, names: readonly string[]): DialectFeature {
  // One alternation of literal names after a fixed prefix: a single pass, nothing nested.
  const alternatives = names.map((name) => name.replace(/[/.]/g, '\\$&')).join('|');
  return { ...row, generators: HUGO, detect: new RegExp(`\\{\\{[<%][ \\t]*(?:${alternatives})(?![\\w/-])`) };
}

export const hugoFeatures: readonly DialectFeature[] = [
  {
    id: 'hugo.pretty-urls',
    feature: 'Pretty URLs (trailing slash)',
    generators: HUGO,
    doc: 'https://gohugo.io/content-management/urls/',
    support: 'supported',
    note: 'Pages are served at /a/b/ as Hugo publishes them; /a/b answers 308, the markdown is /a/b/index.md.',
  },
  {
    id: 'hugo.front-matter-urls',
    feature: 'url, slug and aliases front matter',
    generators: HUGO,
    doc: 'https://gohugo.io/content-management/urls/#front-matter',
    support: 'supported',
  },
  {
    id: 'hugo.ugly-urls',
    feature: 'uglyURLs',
    generators: HUGO,
    doc: 'https://gohugo.io/configuration/ugly-urls/',
    support: 'partial',
    note: 'A page Hugo writes as /a/b.html is served at /a/b, and /a/b.html answers 308 to it.',
  },
  {
    id: 'hugo.permalinks',
    feature: 'permalinks (page and section patterns)',
    generators: HUGO,
    doc: 'https://gohugo.io/configuration/permalinks/',
    support: 'partial',
    note: 'Page and section patterns per top-level section; per-language, taxonomy and term patterns and :sections[…] slices are not read.',
  },
  {
    id: 'hugo.relative-links',
    feature: 'Relative links read from the published URL',
    generators: HUGO,
    doc: 'https://gohugo.io/content-management/urls/',
    support: 'supported',
    note: 'A link without .md resolves from the page URL (one level deeper than the file for a regular page), then from its file.',
  },
  {
    id: 'hugo.heading-ids',
    feature: 'Heading ids {#id} (goldmark attributes)',
    generators: HUGO,
    doc: 'https://gohugo.io/content-management/markdown-attributes/',
    support: 'supported',
    note: 'The id is the HTML heading id; the attribute list is left out of the markdown by the generic attribute-list step.',
    // `{#id}` or `{#id class="…" title="…"}` closing a line, as the page's example writes it; `[^{}\n]`
    // stops at the next brace, so each character is read from one opening at most.
    detect: /\{#[\w-]+(?:[ \t][^{}\n]*)?\}[ \t]*$/m,
  },
  {
    id: 'hugo.shortcode-escaped',
    feature: 'Escaped shortcodes {{</* */>}}',
    generators: HUGO,
    doc: 'https://gohugo.io/content-management/shortcodes/#notation',
    support: 'supported',
    note: 'Printed as the call they show, as Hugo prints them.',
    detect: /\{\{[<%]\/\*/,
  },
  shortcode({ id: 'hugo.shortcode-details', feature: 'details', doc: 'https://gohugo.io/shortcodes/details/', support: 'supported' }, [
    'details',
  ]),
  shortcode({ id: 'hugo.shortcode-figure', feature: 'figure', doc: 'https://gohugo.io/shortcodes/figure/', support: 'supported' }, [
    'figure',
  ]),
  shortcode(
    { id: 'hugo.shortcode-highlight', feature: 'highlight', doc: 'https://gohugo.io/shortcodes/highlight/', support: 'supported' },
    ['highlight'],
  ),
  shortcode({ id: 'hugo.shortcode-ref', feature: 'ref / relref', doc: 'https://gohugo.io/shortcodes/ref/', support: 'supported' }, [
    'ref',
    'relref',
  ]),
  shortcode(
    {
      id: 'hugo.shortcode-param',
      feature: 'param',
      doc: 'https://gohugo.io/shortcodes/param/',
      support: 'partial',
      note: 'Page parameters, then site parameters (the config’s `params`, `config/_default/` and `config/production/` over them). Not read: params cascaded from a section or the config, a language’s own params; such a parameter is left out and `check` reports it.',
    },
    ['param'],
  ),
  shortcode(
    {
      id: 'hugo.shortcode-embeds',
      feature: 'youtube / vimeo / x / instagram / gist',
      doc: 'https://gohugo.io/shortcodes/',
      support: 'partial',
      note: 'A link to the video or post instead of the embedded player.',
    },
    ['youtube', 'vimeo', 'x', 'tweet', 'instagram', 'gist'],
  ),
  shortcode(
    {
      id: 'hugo.shortcode-qr',
      feature: 'qr',
      doc: 'https://gohugo.io/shortcodes/qr/',
      support: 'partial',
      note: 'The encoded text (a link when it is a URL) instead of the QR image.',
    },
    ['qr'],
  ),
  shortcode({ id: 'hugo.shortcode-comment', feature: 'comment', doc: 'https://gohugo.io/shortcodes/comment/', support: 'supported' }, [
    'comment',
  ]),
  {
    id: 'hugo.shortcode-unknown',
    feature: 'Other (theme or site) shortcodes',
    generators: HUGO,
    doc: 'https://gohugo.io/content-management/shortcodes/',
    support: 'dropped',
    note: 'A paired call keeps its inner text; a self-closing one is left out; check warns with their names.',
  },
  shortcode({ id: 'hugo.docsy-alert', feature: 'Docsy alert (title, color)', doc: `${DOCSY}#alert`, support: 'supported' }, ['alert']),
  shortcode({ id: 'hugo.docsy-pageinfo', feature: 'Docsy pageinfo', doc: `${DOCSY}#pageinfo`, support: 'supported' }, ['pageinfo']),
  shortcode(
    {
      id: 'hugo.docsy-tabpane',
      feature: 'Docsy tabpane / tab',
      doc: `${DOCSY}#tabbed-panes`,
      support: 'supported',
      note: 'Each enabled tab as a labelled section: code in its lang, or text with text=true.',
    },
    ['tabpane'],
  ),
  shortcode(
    {
      id: 'hugo.docsy-blocks',
      feature: 'Docsy blocks/cover, blocks/lead, blocks/section, blocks/feature, blocks/link-down',
      doc: `${DOCSY}#shortcode-blocks`,
      support: 'partial',
      note: 'Titles, text and feature links kept; images, colours, heights and icons (layout) left out.',
    },
    ['blocks/cover', 'blocks/lead', 'blocks/section', 'blocks/feature', 'blocks/link-down'],
  ),
  shortcode(
    {
      id: 'hugo.docsy-card',
      feature: 'Docsy card / cardpane',
      doc: `${DOCSY}#card-panes`,
      support: 'partial',
      note: 'Header, title, subtitle, content and footer as paragraphs; cards follow one another.',
    },
    ['card', 'cardpane'],
  ),
  shortcode(
    {
      id: 'hugo.docsy-readfile',
      feature: 'Docsy readfile (file, code, lang)',
      doc: `${DOCSY}#include-external-files`,
      support: 'supported',
      note: 'Read through the file rule; a file it refuses is a check error.',
    },
    ['readfile'],
  ),
  shortcode(
    {
      id: 'hugo.docsy-openapi',
      feature: 'Docsy swaggerui / redoc',
      doc: `${DOCSY}#swaggerui`,
      support: 'partial',
      note: 'A link to the OpenAPI file instead of the rendered reference.',
    },
    ['swaggerui', 'redoc'],
  ),
  shortcode(
    {
      id: 'hugo.docsy-iframe',
      feature: 'Docsy iframe',
      doc: `${DOCSY}#iframe`,
      support: 'partial',
      note: 'A link to the embedded page.',
    },
    ['iframe'],
  ),
  shortcode(
    {
      id: 'hugo.docsy-conditional-text',
      feature: 'Docsy conditional-text',
      doc: `${DOCSY}#conditional-text`,
      support: 'partial',
      note: 'The text is kept whatever the buildCondition setting, which sitegate does not read.',
    },
    ['conditional-text'],
  ),
  shortcode(
    {
      id: 'hugo.docsy-imgproc',
      feature: 'Docsy imgproc',
      doc: `${DOCSY}#imgproc`,
      support: 'partial',
      note: 'The caption is kept; the processed image, found in the bundle by a glob, is left out.',
    },
    ['imgproc'],
  ),
];
