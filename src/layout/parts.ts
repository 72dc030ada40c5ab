/**
 * The navigation of a page served in parts (README "Long pages"), in HTML: "Part 2 of 4" with the
 * previous and next part above and below the text, and on part 1 the list of every part with the
 * headings it holds. The words are those of the markdown's navigation lines
 * (content/part-markdown.ts), so that the two representations say the same; inside `<nav>`, so
 * that readers (and screen readers' landmarks) can tell it from the page's own content.
 */
import { escapeHtml } from '../escape.js';
import type { PagePart } from '../content/page-parts.js';
import { headingSummary } from '../content/part-markdown.js';

/** Previous, next and (past part 2) first part links of part `n`, as far as they exist. */
function stepLinks(basePath: string, parts: readonly PagePart[], n: number, withFirst: boolean): string {
  const previous = parts[n - 2];
  const next = parts[n];
  const links: string[] = [];
  const href = (part: PagePart): string => escapeHtml(basePath + part.url);
  if (previous !== undefined) links.push(`<a rel="prev" href="${href(previous)}">Previous page</a>`);
  if (next !== undefined) links.push(`<a rel="next" href="${href(next)}">Next page</a>`);
  const first = parts[0];
  if (withFirst && n > 2 && first !== undefined) links.push(`<a href="${href(first)}">Part 1, with the list of parts</a>`);
  return links.join(' · ');
}

/** The list of parts shown on part 1, the current one marked. */
function partList(basePath: string, parts: readonly PagePart[]): string {
  const items = parts.map((part) => {
    const summary = headingSummary(part.headings);
    const current = part.n === 1 ? ' aria-current="page"' : '';
    return `<li><a href="${escapeHtml(basePath + part.url)}"${current}>Part ${part.n}</a>${summary === '' ? '' : `: ${escapeHtml(summary)}`}</li>`;
  });
  return `<ul class="page-parts-list">\n${items.join('\n')}\n</ul>`;
}

/**
 * The navigation at the top of part `part.n` of a page served in `parts`.
 * @param basePath path of the public base URL (`''` or `/docs`), before every link
 * @param parts every part of the page, in order (content/page-parts.ts)
 */
export function renderPartsTop(basePath: string, parts: readonly PagePart[], part: PagePart): string {
  const count = parts.length;
  const status =
    part.n === 1
      ? `This page is long, so it is served in ${count} parts. This is part 1: ${stepLinks(basePath, parts, 1, false)}`
      : `Part ${part.n} of ${count} of a long page. ${stepLinks(basePath, parts, part.n, true)}`;
  const list = part.n === 1 ? `\n${partList(basePath, parts)}` : '';
  return `<nav class="page-parts" aria-label="Parts of this page">\n<p>${status}</p>${list}\n</nav>\n`;
}

/** The navigation at the bottom of part `part.n` of a page served in `parts`: where it ends, and the way on. */
export function renderPartsBottom(basePath: string, parts: readonly PagePart[], part: PagePart): string {
  const steps = stepLinks(basePath, parts, part.n, true);
  return `<nav class="page-parts page-parts-end" aria-label="More parts of this page">\n<p>End of part ${part.n} of ${parts.length}. ${steps}</p>\n</nav>\n`;
}
