/**
 * Long pages served in parts (README "Long pages"): one page in, its parts out, each with its
 * served markdown and rendered HTML. The cuts come from page-split.ts; the markdown of each part
 * from part-markdown.ts. Pure, like the rest of the content pipeline.
 */
import { frontmatterBlock } from './frontmatter.js';
import type { AssetUrlLookup } from './asset-links.js';
import type { PageUrlLookup } from './links.js';
import { planParts, type PartPlan } from './page-split.js';
import { partMarkdown } from './part-markdown.js';
import { partMarkdownUrlOf, partUrlOf } from './paths.js';
import {
  bracketedLabels,
  pointFragments,
  referenceDefinitions,
  withLlmsDirective,
  withoutCodeSpans,
  type ReferenceDefinition,
} from './portable-markdown.js';
import type { CodeHighlighter } from './code/highlight.js';
import { renderMarkdown, type RenderedMarkdown } from './render.js';

/** Share of the limit the body of a part is packed to first: room for navigation, and for the layout when agents convert the HTML. */
const FIRST_FILL = 0.8;
/** Each retry packs to this share of the previous budget, when a part's served markdown still reached the limit. */
const RETRY_FILL = 0.8;
const MAX_TRIES = 6;

/** One part of a long page, served at its own URL (content/paths.ts `partUrlOf`). */
export interface PagePart {
  /** 1-based part number. */
  readonly n: number;
  /** Canonical URL path of the part's HTML: the page URL for part 1, `/a/b;part=2` after. */
  readonly url: string;
  /** URL path of the part's markdown: the page's `markdownUrl` for part 1, `/a/b;part=2.md` after. */
  readonly markdownUrl: string;
  /** Plain text of the H1/H2 headings that start in the part (its H3 ones when there are none). */
  readonly headings: readonly string[];
  /** The markdown served for the part: its lines of the page, with the llms.txt pointer and part navigation. */
  readonly markdown: string;
  /** Rendered HTML of the part's lines (no layout, no navigation). */
  readonly bodyHtml: string;
  /** True when the part opens with its own H1. */
  readonly startsWithH1: boolean;
}

/** What {@link splitPage} needs to know of a page. */
export interface SplitInput {
  /** The source file exactly as written. */
  source: string;
  /** The source with every link absolute (portable-markdown.ts), line for line the same. */
  markdown: string;
  title: string;
  /** Canonical URL path and markdown URL path of the page. */
  url: string;
  markdownUrl: string;
  /** The whole page's render, for heading ids and link definitions. */
  rendered: Pick<RenderedMarkdown, 'headings' | 'references'>;
  /** Source file, `/`-separated, relative to the content folder. */
  relPath: string;
  lookup: PageUrlLookup;
  /** The code highlighter (render.ts `RenderOptions.highlight`); omitted: the site's. */
  highlight?: CodeHighlighter | null | undefined;
  /** The asset at a decoded URL path, for root-absolute image links (content/render.ts). */
  assetUrl?: AssetUrlLookup | undefined;
  /** Public base URL without trailing slash, and its path (`''` or `/docs`). */
  baseUrl: string;
  basePath: string;
}

/**
 * Whether a page whose portable markdown is `markdown` is surely served whole under the page limit
 * `maxChars` (0: splitting off), decided without building its served markdown: the llms.txt
 * pointer line adds under 64 characters plus `baseUrl`. False means "perhaps in parts":
 * {@link splitPage} decides.
 */
export function servedWhole(markdown: string, baseUrl: string, maxChars: number): boolean {
  return maxChars <= 0 || markdown.length + baseUrl.length + 64 < maxChars;
}

/**
 * The parts of a page whose served markdown (with the llms.txt pointer) has `maxChars` characters
 * or more: cut at headings, then blocks (page-split.ts), so that each part's served markdown stays
 * under `maxChars` where the page allows it.
 * @param maxChars the page limit in characters; 0 turns splitting off
 * @returns the parts in order, or `[]` when the page is served whole (it fits, splitting is off,
 *   or it holds nowhere to cut)
 */
export function splitPage(input: SplitInput, maxChars: number): PagePart[] {
  if (servedWhole(input.markdown, input.baseUrl, maxChars)) return [];
  if (withLlmsDirective(input.markdown, input.baseUrl).length < maxChars) return [];
  const frontmatter = frontmatterBlock(input.source);
  const sourceLines = input.source.slice(frontmatter.length).split('\n');
  const portableLines = input.markdown.slice(frontmatter.length).split('\n');
  // portableMarkdown rewrites line by line; anything else would misplace the cuts.
  if (portableLines.length !== sourceLines.length) return [];

  let budget = Math.floor(maxChars * FIRST_FILL);
  let plan: PartPlan[] = [];
  let markdowns: string[] = [];
  for (let attempt = 0; attempt < MAX_TRIES; attempt++, budget = Math.floor(budget * RETRY_FILL)) {
    plan = planParts(portableLines, budget, frontmatter.length);
    if (plan.length < 2) return [];
    markdowns = servedMarkdowns(input, plan, portableLines, frontmatter);
    if (markdowns.every((markdown) => markdown.length < maxChars)) break;
  }

  const holders = headingHolders(input, plan);
  return plan.map((range, i) => {
    const n = i + 1;
    const partHolding = (id: string): string | undefined => {
      const holder = holders.get(id);
      return holder === undefined || holder === n || holder === 0 ? undefined : partUrlOf(input.url, holder);
    };
    const rendered = renderMarkdown(sourceLines.slice(range.start, range.end).join('\n'), {
      relPath: input.relPath,
      lookup: input.lookup,
      assetUrl: input.assetUrl,
      basePath: input.basePath,
      highlight: input.highlight,
      partOf: {
        headingsBefore: input.rendered.headings.filter((heading) => heading.line < range.start).map((heading) => heading.text),
        references: input.rendered.references,
        partHolding,
        holdsHeading: (id) => holders.get(id) === n,
        pageUrl: input.url,
      },
    });
    return {
      n,
      url: partUrlOf(input.url, n),
      markdownUrl: partMarkdownUrlOf(input.url, input.markdownUrl, n),
      headings: range.headings,
      markdown: markdowns[i] ?? '',
      bodyHtml: rendered.html,
      startsWithH1: rendered.startsWithH1,
    };
  });
}

/**
 * The page's link reference definitions a part may need a copy of: lines that markdown-it read as
 * definitions (their label is among the page's `references`), the first of each label only, as
 * markdown-it keeps the first.
 */
function borrowableDefinitions(lines: readonly string[], references: Record<string, unknown> | undefined): ReferenceDefinition[] {
  const seen = new Set<string>();
  return referenceDefinitions(lines).filter((definition) => {
    if (references === undefined || !Object.hasOwn(references, definition.label) || seen.has(definition.label)) return false;
    seen.add(definition.label);
    return true;
  });
}

/** The 1-based part holding each heading of the page, by heading id (0: in none, as in the frontmatter). */
function headingHolders(input: SplitInput, plan: readonly PartPlan[]): Map<string, number> {
  const partOfLine = (line: number): number => plan.findIndex((range) => line >= range.start && line < range.end) + 1;
  return new Map(input.rendered.headings.map((heading) => [heading.id, partOfLine(heading.line)]));
}

/**
 * The served markdown of every part of a plan. A fragment link to a heading of another part points
 * at that part's markdown URL, as the HTML of the part points at that part's page; a part that uses
 * a link reference defined in another part (`[text][spec]`) ends with a copy of the definition, so
 * that each part reads on its own.
 */
function servedMarkdowns(input: SplitInput, plan: readonly PartPlan[], lines: readonly string[], frontmatter: string): string[] {
  const links = plan.map((range, i) => ({
    markdownUrl: input.baseUrl + partMarkdownUrlOf(input.url, input.markdownUrl, i + 1),
    headings: range.headings,
  }));
  const holders = headingHolders(input, plan);
  const definitions = borrowableDefinitions(lines, input.rendered.references);
  return plan.map((range, i) => {
    const n = i + 1;
    const holderOf = (id: string): string | undefined => {
      const holder = holders.get(id);
      return holder === undefined || holder === n || holder === 0 ? undefined : links[holder - 1]?.markdownUrl;
    };
    const ownLines = lines.slice(range.start, range.end);
    const own = ownLines.join('\n');
    const ownDefinitions = new Set(referenceDefinitions(ownLines).map((definition) => definition.line));
    // Labels in the part's prose: not in code spans, not the part's own definition lines.
    const prose = withoutCodeSpans(ownLines.filter((_, k) => !ownDefinitions.has(k)).join('\n'));
    const used = bracketedLabels(prose);
    const borrowed = definitions.filter(
      (definition) => (definition.line < range.start || definition.line >= range.end) && used.has(definition.label),
    );
    const withDefinitions = borrowed.length === 0 ? own : `${own}\n\n${borrowed.map((definition) => definition.text).join('\n')}`;
    const content = pointFragments(withDefinitions, holderOf, {
      pageUrl: input.baseUrl + input.url,
      partUrl: links[i]?.markdownUrl ?? '',
      holdsHeading: (id) => holders.get(id) === n,
    });
    return partMarkdown(i === 0 ? frontmatter + content : content, input.title, links, n, input.baseUrl);
  });
}
