/**
 * MDX components as plain markdown (content/dialects/blocks.ts): the components the documentation
 * generators ship, by name, each written with the same helpers the other dialects use, so a tab or
 * an aside reads the same whatever the site was written for. Sources: Starlight
 * (starlight.astro.build/components/*: Tabs/TabItem, Steps, Aside, Card/CardGrid/LinkCard,
 * FileTree, Badge, Icon, Code), Docusaurus (docusaurus.io/docs/markdown-features/tabs, …/admonitions:
 * Tabs/TabItem, Admonition, Details), Mintlify (mintlify.com/docs/components: Note, Tip,
 * Warning, Info, Check, Callout, CodeGroup, Card, Steps/Step, Accordion).
 */
import { admonitionMarkdown, detailsMarkdown, tabsMarkdown } from '../dialects/blocks.js';
import { linkLabels } from '../../link-labels.js';

/** A JSX element with its attributes (string values only) and its children already as markdown. */
export interface ElementParts {
  name: string;
  attributes: Readonly<Record<string, string>>;
  /** The children as plain markdown. */
  body: string;
  /** The element's children that are elements, each with its own parts (tabs read their items). */
  items: readonly ElementParts[];
}

/** Admonition components: the name is the kind (Mintlify) or `type` says it (Starlight, Docusaurus). */
const ADMONITIONS = new Set([
  'aside',
  'admonition',
  'callout',
  'note',
  'tip',
  'warning',
  'info',
  'caution',
  'danger',
  'check',
  'important',
]);
/** Components whose children are the content, as written: wrappers that only lay it out. */
const WRAPPERS = new Set(['steps', 'step', 'cardgrid', 'filetree', 'fragment', 'columns', 'accordiongroup', 'tabitem', 'tab']);

/**
 * The markdown of a known component, or undefined for one this table does not know (the caller
 * unwraps it and reports it). Lower-case names are HTML elements: `details` is a collapsible
 * block, the others are known and unwrapped.
 */
export function componentMarkdown(element: ElementParts): string | undefined {
  const { name, attributes: attrs, body } = element;
  const key = name.toLowerCase();
  if (ADMONITIONS.has(key)) {
    const kind = key === 'aside' || key === 'admonition' || key === 'callout' ? (attrs.type ?? attrs.variant ?? 'note') : key;
    return admonitionMarkdown(kind, attrs.title, body);
  }
  if (key === 'details' || key === 'accordion') {
    const summary = element.items.find((item) => item.name === 'summary');
    const rest = summary === undefined ? body : body.replace(summary.body, '').trim();
    return detailsMarkdown(attrs.title ?? summary?.body, rest);
  }
  if (key === 'tabs' || key === 'codegroup') {
    const tabs = element.items.map((item, i) => ({
      label: item.attributes.label ?? item.attributes.title ?? item.attributes.value ?? `Tab ${i + 1}`,
      body: item.body,
    }));
    return tabs.length === 0 ? body : tabsMarkdown(tabs);
  }
  if (key === 'card' || key === 'linkcard') {
    const title = attrs.title ?? '';
    const head = attrs.href === undefined ? `**${title}**` : `**[${title}](${attrs.href})**`;
    const text = [attrs.description, body].filter((part) => part !== undefined && part.trim() !== '').join('\n\n');
    return title === '' ? text : text === '' ? head : `${head}\n\n${text}`;
  }
  if (key === 'badge') return attrs.text ?? body;
  if (name === 'Code') return codeMarkdown(attrs);
  if (key === 'linkbutton' || key === 'button') return attrs.href === undefined ? body : `[${body.trim() || attrs.href}](${attrs.href})`;
  if (key === 'summary') return body;
  // Decorations with no text of their own.
  if (key === 'icon') return '';
  if (name === key) return htmlElementMarkdown(element);
  if (WRAPPERS.has(key)) return body;
  return undefined;
}

/**
 * Starlight's `<Code code={…} lang="js" title="x.js" />` (starlight.astro.build/components/code/,
 * expressive-code.com/key-features/code-component/) as a fenced code block with its language and
 * title; the markers (`mark`, `ins`, `del`, `meta`) are styling. Undefined when `code` is not a
 * string the page holds (a `?raw` import), so that the tag is reported.
 */
function codeMarkdown(attrs: Readonly<Record<string, string>>): string | undefined {
  const code = attrs.code;
  if (code === undefined) return undefined;
  // A fence longer than any run of backticks in the code (CommonMark §4.5).
  let longest = 0;
  for (let at = code.indexOf('`'); at !== -1;) {
    let end = at;
    while (code[end] === '`') end++;
    longest = Math.max(longest, end - at);
    at = code.indexOf('`', end);
  }
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const title =
    attrs.title === undefined || attrs.title === ''
      ? ''
      : attrs.title.includes('"')
        ? ` title='${attrs.title}'`
        : ` title="${attrs.title}"`;
  const lang = (attrs.lang ?? '').replace(/[\s`]/g, '');
  return `${fence}${lang}${title}\n${code.replace(/\n$/, '')}\n${fence}`;
}

/** HTML elements whose children are the content, as written: only layout. */
const LAYOUT_ELEMENTS = new Set(['div', 'span', 'section', 'article', 'aside', 'main', 'header', 'footer', 'nav', 'figure', 'p', 'center']);
const ENTITIES: Readonly<Record<string, string>> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };

/**
 * An HTML element of an MDX page (a lower-case JSX name) as markdown: `a` a link, `img` an image,
 * `code` a code span of its text, `br` a line break, layout elements (`div`, `span`, `figure`…)
 * their children; any other element (`kbd`, `sup`, `table`…) stays HTML around its children.
 */
function htmlElementMarkdown(element: ElementParts): string {
  const { name, attributes: attrs, body } = element;
  switch (name) {
    case 'a':
      return attrs.href === undefined ? body : `[${body}](${attrs.href})`;
    case 'img':
      return attrs.src === undefined ? '' : `![${attrs.alt ?? ''}](${attrs.src.includes(' ') ? `<${attrs.src}>` : attrs.src})`;
    case 'code': {
      // The text of the code: links and tags inside it are markup, entities are characters.
      const text = linkLabels(body, false).replace(/&(?:lt|gt|amp|quot|#39);/g, (e) => ENTITIES[e] ?? e);
      const ticks = text.includes('`') ? '``' : '`';
      return `${ticks}${ticks.length === 2 ? ` ${text} ` : text}${ticks}`;
    }
    case 'br':
      return '<br>';
    default: {
      if (LAYOUT_ELEMENTS.has(name)) return body;
      const attributes = Object.entries(attrs)
        .map(([attr, value]) => ` ${attr}="${value.replace(/"/g, '&quot;')}"`)
        .join('');
      return `<${name}${attributes}>${body}</${name}>`;
    }
  }
}

/** Components agents get and people do not, and the reverse (Mintlify `<Visibility>`, Fern `<llms-only>`/`<llms-ignore>`). */
export function audienceOf(name: string, attrs: Readonly<Record<string, string>>): 'agents' | 'humans' | undefined {
  if (name === 'llms-only') return 'agents';
  if (name === 'llms-ignore') return 'humans';
  if (name === 'Visibility') return attrs.for === 'agents' ? 'agents' : attrs.for === 'humans' ? 'humans' : undefined;
  return undefined;
}
