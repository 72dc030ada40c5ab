/**
 * Step 3 of the content pipeline: markdown → HTML, with heading ids, admonitions and relative
 * links rewritten, plus the facts later steps need (first H1, first paragraph).
 */
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import GithubSlugger from 'github-slugger';
import { decodeFragment, resolveLink, type LinkTarget, type PageUrlLookup } from './links.js';
import { mayHoldAttributeList, useDialectPlugins } from './dialects/render-plugins.js';
import { resolveAbsoluteAsset, rewriteHtmlSources, type AssetUrlLookup } from './asset-links.js';
import { isAssetName } from './assets.js';
import { codeBlockHtml } from './code/code-block.js';
import { highlightCode, type CodeHighlighter } from './code/highlight.js';
import { sanitizeContentHtml } from './sanitize.js';

/** A rendered markdown body. */
export interface RenderedMarkdown extends MarkdownSummary {
  /** HTML of the body, without layout. */
  html: string;
  /**
   * Relative links, images and media sources that did not resolve to a page or file, and
   * root-absolute ones to no file, with the 1-based line in the body (when markdown-it maps it);
   * `hook`: a link left to the site's own link render hook (content/links.ts `LinkRules.renderLinkHook`), rendered as its text.
   */
  unresolvedLinks: { href: string; kind: 'escapes' | 'broken' | 'hook'; line?: number }[];
  /** Headings given an id, in order: body line (0-based), plain text and id. Parts of the page seed their ids with them. */
  headings: { line: number; text: string; id: string }[];
  /** Link reference definitions of the body (markdown-it's `env.references`), for rendering parts of it alone. */
  references: Record<string, unknown> | undefined;
}

/** Options for {@link renderMarkdown}. */
export interface RenderOptions {
  /** The file being rendered, `/`-separated, relative to the content folder. */
  relPath: string;
  /** Finds the page URL of another file. */
  lookup: PageUrlLookup;
  /** Path prefix of the public base URL (`''` or `/docs`), put before rewritten page URLs. */
  basePath: string;
  /** The code highlighter (content/code/highlight.ts); omitted: the site's, `null`: none (plain escaped code). */
  highlight?: CodeHighlighter | null | undefined;
  /** The asset served at a decoded URL path, for root-absolute image and file links; omitted: they are left as written. */
  assetUrl?: AssetUrlLookup | undefined;
  /**
   * When rendering one part of a long page: the texts of the headings before it, so that heading
   * ids come out as in the whole page (`example-1` for a second "Example"), and the page's link
   * reference definitions, so that `[text][ref]` resolves wherever the definition is.
   */
  partOf?: {
    headingsBefore: readonly string[];
    references: Record<string, unknown> | undefined;
    /** URL path of the part holding heading `id` when another part does, for `#id` links. */
    partHolding: (id: string) => string | undefined;
    /** Whether heading `id` is in this part. */
    holdsHeading: (id: string) => boolean;
    /** URL path of the page: a link to it with a fragment (`./guide.md#setup`) is a `#setup` link. */
    pageUrl: string;
  };
}

interface RenderEnv {
  options: RenderOptions;
  unresolved: RenderedMarkdown['unresolvedLinks'];
  headings: RenderedMarkdown['headings'];
  references?: Record<string, unknown>;
}

function createMarkdown(attributeLists: boolean, html = true): MarkdownIt {
  // html: true because pages carry HTML tables, figures and media; what comes out passes the
  // allow-list of sanitize.ts (renderMarkdown), as content is untrusted.
  const md = new MarkdownIt({ html, linkify: false, typographer: false });
  useDialectPlugins(md, { attributeLists });
  md.core.ruler.push('sitegate_headings', (state) => {
    const env = state.env as RenderEnv;
    const slugger = new GithubSlugger();
    for (const text of env.options.partOf?.headingsBefore ?? []) slugger.slug(text);
    state.tokens.forEach((token, i) => {
      if (token.type !== 'heading_open') return;
      const inline = state.tokens[i + 1];
      if (inline === undefined) return;
      const text = plainText(inline);
      // An id the author gave (`## Title {#id}`, an attribute list) is kept, and listed all the same.
      const given = token.attrGet('id');
      const id = given ?? slugger.slug(text);
      token.attrSet('id', id);
      env.headings.push({ line: token.map?.[0] ?? 0, text, id });
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
  const codeBlock = md.renderer.rules.code_block;
  if (codeBlock !== undefined) md.renderer.rules.code_block = (...args) => codeBlock(...args).replace(/^<pre>/, '<pre tabindex="0">');
  md.renderer.rules.fence = (tokens, idx, _options, env: RenderEnv) => {
    const token = tokens[idx] as Token;
    const highlight = env.options.highlight === undefined ? highlightCode : env.options.highlight;
    return codeBlockHtml(token.content, fenceInfoOf(token, md.utils.unescapeAll(token.info)), highlight);
  };
  md.core.ruler.push('sitegate_links', (state) => {
    const env = state.env as RenderEnv;
    // `line` is where the link sits in the body (1-based), for `check` to point at.
    const source = (src: string, line: number | undefined, html = false, attribute: 'src' | 'href' = 'src'): string | undefined => {
      const target = fileTarget(src, env.options, html);
      if (target === undefined || 'href' in target) return target?.href;
      // A raw HTML link is rewritten when it resolves, and reported only when it names a file.
      if (
        attribute === 'src' ||
        isAssetName(
          src
            .replace(/[?#][\s\S]*/, '')
            .split('/')
            .pop() ?? '',
        )
      )
        env.unresolved.push({ href: src, kind: target.kind, ...(line === undefined ? {} : { line }) });
      return undefined;
    };
    for (const block of state.tokens) {
      // The line of a link: its block's first line, plus the line breaks before it in the block.
      let breaks = 0;
      const lineHere = (): number | undefined => (block.map === null ? undefined : block.map[0] + 1 + breaks);
      // In raw HTML, the line breaks before the tag count too.
      const htmlSource =
        (html: string) =>
        (value: string, attribute: 'src' | 'href', offset: number): string | undefined => {
          const line = lineHere();
          const within = html.slice(0, offset).split('\n').length - 1;
          return source(value, line === undefined ? undefined : line + within, true, attribute);
        };
      if (block.type === 'html_block') block.content = rewriteHtmlSources(block.content, htmlSource(block.content));
      for (const token of block.children ?? []) {
        if (token.type === 'softbreak' || token.type === 'hardbreak') breaks += 1;
        if (token.type === 'html_inline') {
          token.content = rewriteHtmlSources(token.content, htmlSource(token.content));
          // A tag or comment over two lines (`<!--\nignore -->`, mdBook's habit) moves the next link a line down.
          breaks += token.content.split('\n').length - 1;
        }
        if (token.type === 'image') {
          const src = token.attrGet('src');
          const rewritten = src === null ? undefined : source(src, lineHere());
          if (rewritten !== undefined) token.attrSet('src', rewritten);
          continue;
        }
        if (token.type !== 'link_open') continue;
        const href = token.attrGet('href');
        if (href === null) continue;
        if (href.startsWith('/') && !href.startsWith('//')) {
          // Root-absolute: a file of a static folder, else a page in any spelling of its URL
          // (content/redirects.ts), which goes to its canonical URL.
          const rewritten = source(href, lineHere());
          if (rewritten !== undefined) token.attrSet('href', rewritten);
          if (
            rewritten !== undefined ||
            isAssetName(
              href
                .replace(/[?#][\s\S]*/, '')
                .split('/')
                .pop() ?? '',
            )
          )
            continue;
        }
        // In a part of a long page, a link to a heading of another part goes to that part.
        // markdown-it has percent-encoded the href; heading ids are plain text.
        const holder = href.startsWith('#') ? env.options.partOf?.partHolding(decodeFragment(href.slice(1))) : undefined;
        if (holder !== undefined) {
          token.attrSet('href', env.options.basePath + holder + href);
          continue;
        }
        const target: LinkTarget = resolveLink(env.options.relPath, href, env.options.lookup);
        const partOf = env.options.partOf;
        if (target.kind === 'page' && partOf !== undefined && target.url.startsWith(`${partOf.pageUrl}#`)) {
          // The page itself, by path: the part holding the heading, this one, or (an anchor that is
          // no heading) the page as it was.
          const fragment = target.url.slice(partOf.pageUrl.length);
          const id = decodeFragment(fragment.slice(1));
          const selfHolder = partOf.partHolding(id);
          if (selfHolder !== undefined) token.attrSet('href', env.options.basePath + selfHolder + fragment);
          else token.attrSet('href', partOf.holdsHeading(id) ? fragment : env.options.basePath + target.url);
        } else if (target.kind === 'page') token.attrSet('href', env.options.basePath + target.url);
        else if (target.kind === 'escapes' || target.kind === 'broken' || target.kind === 'hook') {
          const line = lineHere();
          env.unresolved.push({ href, kind: target.kind, ...(line === undefined ? {} : { line }) });
          // The site's hook makes something of it that sitegate cannot: its text, never a link that 404s.
          if (target.kind === 'hook') unlink(block.children ?? [], token);
        }
      }
    }
  });
  return md;
}

/**
 * The info string of a fence as written: markdown-it-attrs moves MkDocs' `{ .py title="x" }` into
 * the token's attributes, which are written back in that form for fence-info.ts to read.
 */
function fenceInfoOf(token: Token, info: string): string {
  if (token.attrs === null) return info;
  const classes = (token.attrGet('class') ?? '').split(/\s+/).filter(Boolean);
  const pairs = token.attrs.filter(([name]) => name === 'title' || name === 'hl_lines').map(([name, value]) => `${name}="${value}"`);
  return `${info} {${classes.map((name) => ` .${name}`).join('')} ${pairs.join(' ')} }`;
}

/**
 * Where an image, a media `src` or a root-absolute link goes: its new URL path (with the base
 * path), why it does not resolve, or undefined to leave it as written (external, a fragment, a
 * root-absolute path that names no file, content/asset-links.ts).
 */
function fileTarget(href: string, options: RenderOptions, html: boolean): { href: string } | { kind: 'escapes' | 'broken' } | undefined {
  if (href.startsWith('/') && !href.startsWith('//')) {
    const asset = options.assetUrl === undefined ? undefined : resolveAbsoluteAsset(href, options.assetUrl);
    if (asset === undefined) return undefined;
    return asset === 'broken' ? { kind: 'broken' } : { href: options.basePath + asset.url };
  }
  let target = resolveLink(options.relPath, href, options.lookup);
  // Raw HTML is not rewritten by MkDocs: its relative URLs are written against the page's
  // directory URL (`setup/a.md` is served at `setup/a/`; mkdocs.org "use_directory_urls").
  if (html && target.kind !== 'page') {
    const fromFolderUrl = resolveLink(`${options.relPath.replace(/\.mdx?$/i, '')}/index.md`, href, options.lookup);
    if (fromFolderUrl.kind === 'page') target = fromFolderUrl;
  }
  if (target.kind === 'page') return { href: options.basePath + target.url };
  // Images and raw HTML do not go through a link render hook: what it cannot resolve is broken.
  if (target.kind === 'hook') return { kind: 'broken' };
  return target.kind === 'escapes' || target.kind === 'broken' ? { kind: target.kind } : undefined;
}

/** Turns the link that `open` starts into its text: the open and matching close tokens render nothing. */
function unlink(children: Token[], open: Token): void {
  const close = children.slice(children.indexOf(open) + 1).find((token) => token.type === 'link_close' && token.level === open.level);
  for (const token of close === undefined ? [open] : [open, close]) {
    token.type = 'text';
    token.tag = '';
    token.attrs = null;
    token.content = '';
  }
}

const plainMarkdownIt = createMarkdown(false);
const attributesMarkdownIt = createMarkdown(true);
/** The parser for a page whose raw HTML nests too deep (sanitize.ts MAX_HTML_DEPTH): its HTML is shown as text. Made on first use. */
let htmlAsTextMarkdownIt: MarkdownIt | undefined;

/**
 * The parser for a body: with attribute lists only when it may hold one. markdown-it-attrs scans
 * every token of every page, which made rendering docs-large several times slower; a body without
 * `{#`, `{.` or `{key=` reads the same without it.
 */
function parserFor(body: string): MarkdownIt {
  return mayHoldAttributeList(body) ? attributesMarkdownIt : plainMarkdownIt;
}

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

/** The first H1 and first paragraph of a body: what titles and descriptions fall back to. */
export interface MarkdownSummary {
  firstH1: string | undefined;
  firstParagraph: string | undefined;
  /** True when the body's first block is an H1 (the layout then adds no title heading). */
  startsWithH1: boolean;
}

/** Where {@link summarizeMarkdown} first tries to cut the body: the first blank line past this many characters. */
const SUMMARY_PREFIX_CHARS = 400;
const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})/;
/** A link reference definition: links before it may use it, so a prefix could read them differently. */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

/**
 * The first H1 and first paragraph of a body, as {@link renderMarkdown} finds them, without rendering
 * it: only a prefix is parsed (up to a blank line outside fenced code past a few hundred
 * characters, where no block that came before can change its reading), and the whole body only when
 * the prefix lacks what is asked for or the body has reference definitions.
 * @param needs which of the two facts the caller will use
 */
export function summarizeMarkdown(body: string, needs: { h1: boolean; paragraph: boolean }): MarkdownSummary {
  const prefix = REFERENCE_DEFINITION.test(body) ? body : summaryPrefix(body);
  const summary = summarizeTokens(parserFor(body).parse(prefix, { options: NO_LINKS, unresolved: [], headings: [] } satisfies RenderEnv));
  const complete = (!needs.h1 || summary.firstH1 !== undefined) && (!needs.paragraph || summary.firstParagraph !== undefined);
  if (complete || prefix.length === body.length) return summary;
  return summarizeTokens(parserFor(body).parse(body, { options: NO_LINKS, unresolved: [], headings: [] } satisfies RenderEnv));
}

/** Render options for parsing alone: links resolve to nothing and are not reported. */
const NO_LINKS: RenderOptions = { relPath: '', lookup: () => undefined, basePath: '' };

/**
 * The block tokens of a body (frontmatter removed), as {@link renderMarkdown} reads its blocks, the
 * `:::` admonitions included; inline content is not parsed. Each opening token's `map` gives its
 * lines, `[first, one past the last]`, 0-based.
 */
export function parseBlocks(body: string): Token[] {
  const tokens: Token[] = [];
  // What markdown-it's own first step does, kept to CRLF so that lines keep their numbers: a lone
  // CR stays, where markdown-it would start a line.
  const markdown = parserFor(body);
  markdown.block.parse(
    body.replace(/\r\n/g, '\n'),
    markdown,
    { options: NO_LINKS, unresolved: [], headings: [] } satisfies RenderEnv,
    tokens,
  );
  return tokens;
}

/** The body up to the first blank line outside fenced code past {@link SUMMARY_PREFIX_CHARS}, or all of it. */
function summaryPrefix(body: string): string {
  if (body.length <= SUMMARY_PREFIX_CHARS) return body;
  let fence: string | undefined;
  let at = 0;
  while (at < body.length) {
    const end = body.indexOf('\n', at);
    const lineEnd = end === -1 ? body.length : end;
    const line = body.slice(at, lineEnd);
    const marker = FENCE_LINE.exec(line)?.[1];
    if (fence === undefined && marker !== undefined) fence = marker;
    else if (
      fence !== undefined &&
      marker !== undefined &&
      marker[0] === fence[0] &&
      marker.length >= fence.length &&
      line.trim() === marker
    )
      fence = undefined;
    else if (fence === undefined && at >= SUMMARY_PREFIX_CHARS && line.trim() === '') return body.slice(0, at);
    if (end === -1) break;
    at = end + 1;
  }
  return body;
}

function summarizeTokens(tokens: Token[]): MarkdownSummary {
  let firstH1: string | undefined;
  let firstParagraph: string | undefined;
  tokens.forEach((token, i) => {
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
  return { firstH1, firstParagraph, startsWithH1: first !== undefined && first.type === 'heading_open' && first.tag === 'h1' };
}

/**
 * Renders a markdown body (frontmatter already removed) to HTML. CommonMark plus GFM tables and
 * strikethrough (markdown-it's defaults) and `:::info`-style admonitions. The HTML passes the
 * content allow-list (sanitize.ts): no script, event handler or meta refresh from the page gets
 * through, whatever the dialect. Never throws on content.
 */
export function renderMarkdown(body: string, options: RenderOptions): RenderedMarkdown {
  const rendered = renderWith(parserFor(body), body, options);
  if (rendered !== undefined) return rendered;
  // Raw HTML nested deeper than a browser builds (sanitize.ts MAX_HTML_DEPTH): the page is shown
  // with its HTML as text, which is what a reader of the source sees, in time linear in it.
  htmlAsTextMarkdownIt ??= createMarkdown(true, false);
  // Markdown without HTML nests no deeper than markdown-it's maxNesting (100), so this renders; an
  // empty page is the answer that stays closed should it ever not.
  return renderWith(htmlAsTextMarkdownIt, body, options) ?? (renderWith(htmlAsTextMarkdownIt, '', options) as RenderedMarkdown);
}

/** {@link renderMarkdown} with one parser, or undefined when the HTML it makes nests too deep to sanitize. */
function renderWith(markdown: MarkdownIt, body: string, options: RenderOptions): RenderedMarkdown | undefined {
  const env: RenderEnv = { options, unresolved: [], headings: [] };
  // markdown-it adds the body's own definitions to these and looks links up in them.
  if (options.partOf?.references !== undefined) env.references = { ...options.partOf.references };
  const tokens = markdown.parse(body, env);
  const html = sanitizeContentHtml(markdown.renderer.render(tokens, markdown.options, env));
  if (html === undefined) return undefined;
  return {
    html,
    ...summarizeTokens(tokens),
    unresolvedLinks: env.unresolved,
    headings: env.headings,
    references: env.references,
  };
}
