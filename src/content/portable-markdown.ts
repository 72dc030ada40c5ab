/**
 * The markdown agents receive: the page source with every link made absolute (so it still works
 * when copied out of the site: AFDocs "markdown-link-portability") and one line near the top that
 * points at the site's llms.txt index (AFDocs "llms-txt-directive-md"). Frontmatter, prose and
 * code are left byte for byte; links are rewritten only where markdown-it sees them, as the HTML
 * does (content/render.ts): never inside indented or fenced code blocks (block-lines.ts) or code
 * spans, and inside raw HTML blocks only the `src`/`href` the HTML rewrites too.
 */
import { frontmatterBlock } from './frontmatter.js';
import { decodeFragment, resolveLink, type PageUrlLookup } from './links.js';
import { rewriteHtmlSources } from './asset-links.js';
import { agentsMarkdown } from './dialects/agents-markdown.js';
import { lineKinds } from './block-lines.js';

/** Options of {@link portableMarkdown}. */
export interface PortableOptions {
  /** The source file, `/`-separated, relative to the content folder. */
  relPath: string;
  lookup: PageUrlLookup;
  /** Public base URL without trailing slash, e.g. `https://docs.example.com`. */
  baseUrl: string;
  /** Absolute URL of the page's markdown, the base for links that are not pages (images). */
  documentUrl: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// `[^1]: …` is a footnote, as markdown-it-footnote in content/render.ts reads it, not a definition.
const REFERENCE_DEFINITION = /^( {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)(?=[ \t]*\r?$|[ \t]+["'(])/;

/**
 * The code spans of a line as `[start, end)` offsets, as CommonMark reads them
 * (https://spec.commonmark.org/0.31.2/#code-spans): a run of backticks opens a span that the next
 * run of the SAME length closes (shorter or longer runs between are its text: ``` `` a ` b `` ```);
 * a run that no later run matches is literal text and the next run may open. Linear time: each
 * run's next run of its length is found once, walking the runs backwards.
 */
function codeSpans(text: string): [number, number][] {
  const runs: [number, number][] = [];
  for (let at = text.indexOf('`'); at !== -1;) {
    let end = at;
    while (text[end] === '`') end++;
    runs.push([at, end - at]);
    at = text.indexOf('`', end);
  }
  // The index of each run's next run of the same length (-1: none).
  const next: number[] = new Array<number>(runs.length).fill(-1);
  const lastOfLength = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    const length = runs[i]?.[1] ?? 0;
    next[i] = lastOfLength.get(length) ?? -1;
    lastOfLength.set(length, i);
  }
  const spans: [number, number][] = [];
  for (let i = 0; i < runs.length; i++) {
    const j = next[i] ?? -1;
    const [open] = runs[i] as [number, number];
    const close = runs[j];
    if (close === undefined) continue;
    spans.push([open, close[0] + close[1]]);
    i = j;
  }
  return spans;
}

/** The absolute form of a link destination; fragments, absolute and unparsable ones stay as they are. */
function absolute(destination: string, options: PortableOptions): string {
  const bracketed = destination.startsWith('<') && destination.endsWith('>');
  const href = bracketed ? destination.slice(1, -1) : destination;
  if (href === '' || href.startsWith('#') || SCHEME.test(href)) return destination;
  let rewritten: string;
  const target = resolveLink(options.relPath, href, options.lookup);
  if (target.kind === 'page') rewritten = options.baseUrl + target.url;
  else {
    try {
      rewritten = new URL(href, options.documentUrl).href;
    } catch {
      return destination;
    }
  }
  return bracketed ? `<${rewritten}>` : rewritten;
}

/** A change to one link destination, as written (`<…>` brackets included); returns it unchanged to leave it. */
type DestinationMap = (destination: string) => string;

/** Rewrites the link destinations of one line outside fenced code, leaving code spans alone. */
function rewriteLine(line: string, map: DestinationMap): string {
  const spans = codeSpans(line);
  // Links are looked at left to right and the spans are in order: one pointer walks both (a line of
  // thousands of spans and links stays linear).
  let next = 0;
  const inCode = (index: number): boolean => {
    while (next < spans.length && (spans[next]?.[1] ?? 0) <= index) next++;
    const span = spans[next];
    return span !== undefined && index >= span[0];
  };
  const definition = REFERENCE_DEFINITION.exec(line);
  if (definition !== null) {
    const [whole, lead = '', destination = ''] = definition;
    return lead + map(destination) + line.slice(whole.length);
  }
  let linked = '';
  let copied = 0;
  for (let at = line.indexOf(']('); at !== -1; at = line.indexOf('](', at + 1)) {
    const destination = inlineDestinationAt(line, at + 2);
    if (destination === undefined || inCode(at)) continue;
    linked += line.slice(copied, destination.start) + map(line.slice(destination.start, destination.end));
    copied = destination.end;
    at = destination.end - 1;
  }
  linked += line.slice(copied);
  // Raw HTML is left alone but for the `src` of media tags and the `href` of links (an image must
  // load wherever the markdown is read); a line with a code span is left whole, as the tag may be
  // its example.
  return spans.length > 0 ? linked : rewriteHtmlSources(linked, map);
}

/**
 * The destination of an inline link whose `](` ends just before `from`, as `[start, end)` offsets
 * in `line`: after optional whitespace, `<…>` on the line, or a run without spaces, `<`, `>` or
 * unbalanced parentheses (one level of balanced ones allowed: `f(x).md`), as CommonMark §6.3 has
 * it. A hand scan rather than `[^\s()<>]+(?:\([^\s()]*\)[^\s()<>]*)*`: no nested quantifiers
 * (issue 31), one pass over the line.
 */
function inlineDestinationAt(line: string, from: number): { start: number; end: number } | undefined {
  let start = from;
  while (start < line.length && /\s/.test(line[start] ?? '')) start++;
  if (line[start] === '<') {
    const close = line.indexOf('>', start);
    return close === -1 ? undefined : { start, end: close + 1 };
  }
  const plain = (c: string | undefined): boolean => c !== undefined && !/[\s()<>]/.test(c);
  let end = start;
  while (plain(line[end])) end++;
  if (end === start) return undefined;
  while (line[end] === '(') {
    let close = end + 1;
    while (close < line.length && !/[\s()]/.test(line[close] ?? '')) close++;
    if (line[close] !== ')') break;
    end = close + 1;
    while (plain(line[end])) end++;
  }
  return { start, end };
}

/**
 * Rewrites every link destination of markdown (without frontmatter) where markdown-it sees links
 * ({@link lineKinds}): on text lines, inline links, one-line reference definitions and the
 * `src`/`href` of raw HTML media and links; in raw HTML blocks, only those `src`/`href` (as
 * content/render.ts rewrites `html_block` tokens); code blocks are left byte for byte.
 * @param map given a destination as written (`<…>` brackets included), returns it rewritten
 */
export function rewriteLinks(markdown: string, map: DestinationMap): string {
  const lines = markdown.split('\n');
  const kinds = lineKinds(markdown);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (kinds[i] === 'text') out.push(rewriteLine(line, map));
    else if (kinds[i] === 'code') out.push(line);
    else {
      // A raw HTML block is rewritten whole, as render.ts does, so a tag may span lines.
      let end = i + 1;
      while (kinds[end] === 'html') end++;
      out.push(rewriteHtmlSources(lines.slice(i, end).join('\n'), map));
      i = end - 1;
    }
  }
  return out.join('\n');
}

/** Per line of markdown (without frontmatter): whether markdown-it reads it as text (not code, not a raw HTML block). */
function textLines(lines: readonly string[]): boolean[] {
  return lineKinds(lines.join('\n')).map((kind) => kind === 'text');
}

/** A link reference definition (CommonMark §4.7) written on one line. */
export interface ReferenceDefinition {
  /** Its line, 0-based. */
  line: number;
  /** Its label as CommonMark matches labels: case-folded, inner whitespace collapsed. */
  label: string;
  /** The whole line. */
  text: string;
}

/**
 * A link label as CommonMark compares labels (§4.7): trimmed, inner whitespace collapsed, and
 * case-folded as markdown-it does it (lower case, then upper: `straße` matches `STRASSE`).
 */
export function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase();
}

/** A markdown text with its code spans removed (their text is neither links nor HTML). */
export function withoutCodeSpans(text: string): string {
  let out = '';
  let at = 0;
  for (const [start, end] of codeSpans(text)) {
    out += text.slice(at, start);
    at = end;
  }
  return out + text.slice(at);
}

/** Every `[…]` of a markdown text, as {@link normalizeLabel} gives it: the labels it may use. */
export function bracketedLabels(markdown: string): Set<string> {
  const labels = new Set<string>();
  for (const [, label = ''] of markdown.matchAll(/\[([^[\]]+)\]/g)) labels.add(normalizeLabel(label));
  return labels;
}

/** The one-line link reference definitions of markdown lines (without frontmatter) outside code and raw HTML blocks. */
export function referenceDefinitions(lines: readonly string[]): ReferenceDefinition[] {
  const outside = textLines(lines);
  const definitions: ReferenceDefinition[] = [];
  lines.forEach((text, line) => {
    const label = outside[line] === true ? REFERENCE_DEFINITION.exec(text)?.[1] : undefined;
    if (label !== undefined) definitions.push({ line, label: normalizeLabel(label.trim().slice(1, -2)), text });
  });
  return definitions;
}

/**
 * Makes a page's markdown portable: the source with every link absolute, its frontmatter untouched.
 * On a site with its own link render hook, an inline link sitegate cannot resolve (content/links.ts
 * `hook`) becomes its text, as in the HTML: made absolute, it would be a link that 404s.
 */
export function portableMarkdown(source: string, options: PortableOptions): string {
  const frontmatter = frontmatterBlock(source);
  // What only the HTML reads (attribute lists, PyMdown inline HTML, abbreviation definitions) is not for agents (issue 31).
  const body = agentsMarkdown(source.slice(frontmatter.length));
  const linked = options.lookup.rules?.renderLinkHook === undefined ? body : unlinkHookLinks(body, options);
  return frontmatter + rewriteLinks(linked, (destination) => absolute(destination, options));
}

/** A one-line inline link, not an image, with or without a quoted title: 1 its text, 2 its destination. */
const SIMPLE_LINK = /(?<!!)\[([^[\]\n]*)\]\([ \t]*([^\s()<>]+)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'))?[ \t]*\)/g;

/** The markdown with each simple inline link outside code that is left to the site's render hook replaced by its text. */
function unlinkHookLinks(markdown: string, options: PortableOptions): string {
  const lines = markdown.split('\n');
  const outside = textLines(lines);
  return lines
    .map((line, i) => {
      if (outside[i] !== true || !line.includes('](')) return line;
      const spans = codeSpans(line);
      return line.replace(SIMPLE_LINK, (whole: string, text: string, href: string, offset: number) =>
        spans.some(([start, end]) => offset >= start && offset < end) || resolveLink(options.relPath, href, options.lookup).kind !== 'hook'
          ? whole
          : text,
      );
    })
    .join('\n');
}

/**
 * Points fragment-only links (`[see](#setup)`) of markdown without frontmatter at the document that
 * holds the heading: in one part
 * of a long page, `#setup` may name a heading of another part, and so becomes
 * `https://…/guide;part=3.md#setup`. Fragments no other document holds stay as they are.
 * @param holderOf the absolute URL of the document holding heading id `id` (the fragment,
 *   percent-decoded), or `undefined` when it is this one or none
 * @param self links to the whole page, `self.pageUrl#id` (absolute), count as `#id` too, and
 *   point at `self.partUrl#id` (this part, absolute) when this part holds the heading
 */
export function pointFragments(
  markdown: string,
  holderOf: (id: string) => string | undefined,
  self?: { pageUrl: string; partUrl: string; holdsHeading: (id: string) => boolean },
): string {
  return rewriteLinks(markdown, (destination) => {
    const bracketed = destination.startsWith('<') && destination.endsWith('>');
    const written = bracketed ? destination.slice(1, -1) : destination;
    const toSelf = self !== undefined && written.startsWith(`${self.pageUrl}#`);
    const href = toSelf ? written.slice(self.pageUrl.length) : written;
    if (!href.startsWith('#')) return destination;
    const id = decodeFragment(href.slice(1));
    const holder = holderOf(id) ?? (toSelf && self.holdsHeading(id) ? self.partUrl : undefined);
    if (holder === undefined) return destination;
    return bracketed ? `<${holder}${href}>` : holder + href;
  });
}

/**
 * Adds one line pointing at the site's llms.txt near the top of a page's markdown: after the
 * frontmatter, or after a leading H1.
 * @param baseUrl public base URL without trailing slash
 * @param after lines to put after the pointer, as a block of their own (a long page's part navigation)
 */
export function withLlmsDirective(markdown: string, baseUrl: string, after: readonly string[] = []): string {
  const frontmatter = frontmatterBlock(markdown);
  const out = markdown.slice(frontmatter.length).split('\n');
  const directive = llmsDirective(baseUrl);
  const firstContent = out.findIndex((line) => line.trim() !== '');
  const atH1 = firstContent !== -1 && /^# /.test(out[firstContent] ?? '');
  const insertAt = atH1 ? firstContent + 1 : Math.max(firstContent, 0);
  // Blank lines around the quote, so that neither the H1 nor the next paragraph runs into it.
  const next = out[insertAt];
  const blankAfter = next === undefined || next.trim() !== '' ? [''] : [];
  const block = after.length === 0 ? [directive] : [directive, '', ...after];
  out.splice(insertAt, 0, ...(atH1 ? ['', ...block, ...blankAfter] : [...block, '']));
  return frontmatter + out.join('\n');
}

/** The line {@link withLlmsDirective} adds. */
function llmsDirective(baseUrl: string): string {
  return `> For agents: the index of this site is ${baseUrl}/llms.txt`;
}

/**
 * A page's own markdown from what agents are served: without its frontmatter and without the line
 * {@link withLlmsDirective} added (what search excerpts quote).
 */
export function withoutAgentFraming(markdown: string, baseUrl: string): string {
  const directive = llmsDirective(baseUrl);
  return markdown
    .slice(frontmatterBlock(markdown).length)
    .split('\n')
    .filter((line) => line !== directive)
    .join('\n');
}
