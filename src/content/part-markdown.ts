/**
 * The markdown served for each part of a long page (README "Long pages"): the part's own lines,
 * the llms.txt pointer, and a line at the top and the bottom that names the part and links the
 * previous, next and first part with absolute URLs. Part 1 also lists every part with the section
 * headings it holds; later parts open with the page title as H1.
 *
 * The link to the following part reads "Next page": it is the phrase agents (and AFDocs'
 * single-fetch-completeness check) take for "this response continues there", and it sits within
 * the first lines, before anything a truncating client could drop.
 */
import { withLlmsDirective } from './portable-markdown.js';

/** Where a part is, for its navigation lines. */
export interface PartLink {
  /** Absolute URL of the part's markdown. */
  markdownUrl: string;
  /** Headings the part holds, for part 1's list of parts. */
  headings: readonly string[];
}

/** At most this many characters of headings per entry of part 1's list of parts. */
export const PART_LIST_HEADINGS_MAX_CHARS = 160;

/** The headings of a part as one short line: `A, B, C`, cut with `…` past {@link PART_LIST_HEADINGS_MAX_CHARS}. */
export function headingSummary(headings: readonly string[]): string {
  let text = '';
  for (const heading of headings) {
    const next = text === '' ? heading : `${text}, ${heading}`;
    if (next.length > PART_LIST_HEADINGS_MAX_CHARS)
      return text === '' ? `${heading.slice(0, PART_LIST_HEADINGS_MAX_CHARS - 1)}…` : `${text}, …`;
    text = next;
  }
  return text;
}

/** `[Previous page](…) · [Next page](…) · [Part 1, with the list of parts](…)`, as far as they exist. */
function navigation(parts: readonly PartLink[], n: number, withFirst: boolean): string {
  const links: string[] = [];
  const previous = parts[n - 2];
  const next = parts[n];
  const first = parts[0];
  if (previous !== undefined) links.push(`[Previous page](${previous.markdownUrl})`);
  if (next !== undefined) links.push(`[Next page](${next.markdownUrl})`);
  if (withFirst && n > 2 && first !== undefined) links.push(`[Part 1, with the list of parts](${first.markdownUrl})`);
  return links.join(' · ');
}

/** Part 1's list of parts, as blockquote lines. */
function partList(parts: readonly PartLink[]): string[] {
  return parts.map((part, i) => {
    const summary = headingSummary(part.headings);
    // The summary is prose after the link, not link text: left as is, it reads as in the HTML.
    return `> - [Part ${i + 1}](${part.markdownUrl})${summary === '' ? '' : `: ${summary.replace(/\s+/g, ' ')}`}`;
  });
}

/**
 * The served markdown of part `n` of a page.
 * @param content the part's lines of the page's portable markdown (part 1 with the frontmatter)
 * @param title the page title, the H1 of parts after the first
 * @param parts every part of the page, in order
 * @param n 1-based number of this part
 * @param baseUrl public base URL without trailing slash, for the llms.txt pointer
 */
export function partMarkdown(content: string, title: string, parts: readonly PartLink[], n: number, baseUrl: string): string {
  const count = parts.length;
  // Always one newline after the content, so that it can be cut back out exactly.
  const body = `${content}\n`;
  const footer = `\n> End of part ${n} of ${count}. ${navigation(parts, n, true)}\n`;
  if (n === 1) {
    const header = [
      `> This page is long, so it is served in ${count} parts. This is part 1: ${navigation(parts, 1, false)}`,
      '>',
      ...partList(parts),
    ];
    return withLlmsDirective(body + footer, baseUrl, header);
  }
  const header = [`> Part ${n} of ${count} of a long page. ${navigation(parts, n, true)}`];
  return withLlmsDirective(`# ${title} (part ${n} of ${count})\n\n${body}${footer}`, baseUrl, header);
}
