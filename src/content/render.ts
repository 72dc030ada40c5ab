/**
 * Step 3 of the content pipeline: markdown → HTML, with heading ids, admonitions and relative
 * links rewritten, plus the facts later steps need (first H1, first paragraph).
 */
import MarkdownIt, { type PluginWithParams } from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import containerPlugin from 'markdown-it-container';
import GithubSlugger from 'github-slugger';
import { resolveLink, type LinkTarget, type PageUrlLookup } from './links.js';

/** A rendered markdown body. */
export interface RenderedMarkdown {
  /** HTML of the body, without layout. */
  html: string;
  /** Plain text of the first H1, if any. */
  firstH1: string | undefined;
  /** True when the body's first block is an H1 (the layout then adds no title heading). */
  startsWithH1: boolean;
  /** Plain text of the first paragraph (blockquotes included), if any. */
  firstParagraph: string | undefined;
  /** Plain text of the whole body, for the search index. */
  text: string;
  /** Relative links that did not resolve to a page. */
  unresolvedLinks: { href: string; kind: 'escapes' | 'broken' }[];
}

/** Options for {@link renderMarkdown}. */
export interface RenderOptions {
  /** The file being rendered, `/`-separated, relative to the content folder. */
  relPath: string;
  /** Finds the page URL of another file. */
  lookup: PageUrlLookup;
  /** Path prefix of the public base URL (`''` or `/docs`), put before rewritten page URLs. */
  basePath: string;
}

interface RenderEnv {
  options: RenderOptions;
  unresolved: RenderedMarkdown['unresolvedLinks'];
}

// @types/markdown-it-container is typed against markdown-it's CJS types; the plugin is the same function.
const container = containerPlugin as unknown as PluginWithParams;

const ADMONITIONS = ['info', 'note', 'tip', 'warning', 'danger', 'caution'];

function createMarkdown(): MarkdownIt {
  // html: true because operators' pages carry HTML tables and diagrams; the content is theirs, and
  // the CSP (no inline script) limits what a stray tag can do.
  const md = new MarkdownIt({ html: true, linkify: false, typographer: false });
  for (const name of ADMONITIONS) {
    md.use(container, name, {
      render: (tokens: Token[], idx: number) => (tokens[idx]?.nesting === 1 ? `<div class="admonition admonition-${name}">\n` : '</div>\n'),
    });
  }
  md.core.ruler.push('sitegate_headings', (state) => {
    const slugger = new GithubSlugger();
    state.tokens.forEach((token, i) => {
      if (token.type !== 'heading_open' || token.attrGet('id') !== null) return;
      const inline = state.tokens[i + 1];
      if (inline !== undefined) token.attrSet('id', slugger.slug(plainText(inline)));
    });
  });
  md.core.ruler.push('sitegate_tables', (state) => {
    // markdown-it aligns table cells with style="text-align:…", which the CSP (no unsafe-inline)
    // refuses; a class does the same through the site stylesheet. Header cells get scope="col"
    // (WCAG H63) so screen readers tie each cell to its column. Tables scroll sideways on narrow
    // screens, so keyboard users must be able to focus them (WCAG 2.1.1).
    for (const token of state.tokens) {
      if (token.type === 'table_open') token.attrSet('tabindex', '0');
      if (token.type !== 'th_open' && token.type !== 'td_open') continue;
      const align = /^text-align:(left|center|right)$/.exec(token.attrGet('style') ?? '')?.[1];
      if (token.attrs !== null) token.attrs = token.attrs.filter(([name]) => name !== 'style');
      if (align !== undefined) token.attrSet('class', `align-${align}`);
      if (token.type === 'th_open') token.attrSet('scope', 'col');
    }
  });
  // Code blocks scroll sideways too: focusable, so the keyboard can scroll them (WCAG 2.1.1).
  for (const rule of ['fence', 'code_block'] as const) {
    const render = md.renderer.rules[rule];
    if (render === undefined) continue;
    md.renderer.rules[rule] = (...args) => render(...args).replace(/^<pre>/, '<pre tabindex="0">');
  }
  md.core.ruler.push('sitegate_links', (state) => {
    const env = state.env as RenderEnv;
    for (const block of state.tokens) {
      for (const token of block.children ?? []) {
        if (token.type !== 'link_open') continue;
        const href = token.attrGet('href');
        if (href === null) continue;
        const target: LinkTarget = resolveLink(env.options.relPath, href, env.options.lookup);
        if (target.kind === 'page') token.attrSet('href', env.options.basePath + target.url);
        else if (target.kind === 'escapes' || target.kind === 'broken') env.unresolved.push({ href, kind: target.kind });
      }
    }
  });
  return md;
}

const markdown = createMarkdown();

/** Plain text of an inline token: text, code spans and link texts, soft breaks as spaces. */
function plainText(inline: Token): string {
  if (inline.children === null) return inline.content;
  let text = '';
  for (const child of inline.children) {
    if (child.type === 'text' || child.type === 'code_inline') text += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += ' ';
    else if (child.type === 'image') text += child.content;
  }
  return text;
}

/**
 * Renders a markdown body (frontmatter already removed) to HTML. CommonMark plus GFM tables and
 * strikethrough (markdown-it's defaults) and `:::info`-style admonitions. Never throws on content.
 */
export function renderMarkdown(body: string, options: RenderOptions): RenderedMarkdown {
  const env: RenderEnv = { options, unresolved: [] };
  const tokens = markdown.parse(body, env);
  let firstH1: string | undefined;
  let firstParagraph: string | undefined;
  const texts: string[] = [];
  tokens.forEach((token, i) => {
    if (token.type === 'inline') texts.push(plainText(token));
    else if (token.type === 'fence' || token.type === 'code_block') texts.push(token.content);
    if (token.type === 'heading_open' && token.tag === 'h1' && firstH1 === undefined) {
      const inline = tokens[i + 1];
      if (inline !== undefined) firstH1 = plainText(inline).trim();
    }
    if (token.type === 'paragraph_open' && firstParagraph === undefined) {
      const inline = tokens[i + 1];
      const text = inline === undefined ? '' : plainText(inline).trim();
      if (text !== '') firstParagraph = text;
    }
  });
  const first = tokens[0];
  return {
    html: markdown.renderer.render(tokens, markdown.options, env),
    firstH1,
    startsWithH1: first !== undefined && first.type === 'heading_open' && first.tag === 'h1',
    firstParagraph,
    text: texts.join('\n'),
    unresolvedLinks: env.unresolved,
  };
}
