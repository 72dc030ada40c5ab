/**
 * What `sitegate check` says of a page's size (README "Long pages"): over the page limit and
 * served in N parts; a part still over it (one block too big to cut); or, with splitting off,
 * over the size agents truncate at. Known only once the page is rendered and cut (page-content.ts).
 */
import { AGENT_PAGE_MAX_CHARS } from './page.js';
import type { PageContent } from './page-content.js';
import { withLlmsDirective } from './portable-markdown.js';
import type { ContentProblem } from './problems.js';

/**
 * The size warnings of one rendered page.
 * @param file the page's source file, relative to the content folder
 * @param sourceChars length of the source file in characters
 * @param content the page rendered with the same `pageMaxChars`
 * @param pageMaxChars the page limit in characters of served markdown; 0 when splitting is off
 * @param baseUrl public base URL without trailing slash, as the page was rendered with
 * @returns warnings, none for a page within the limit
 */
export function pageSizeProblems(
  file: string,
  sourceChars: number,
  content: Pick<PageContent, 'markdown' | 'parts'>,
  pageMaxChars: number,
  baseUrl: string,
): ContentProblem[] {
  const warn = (message: string): ContentProblem => ({ severity: 'warning', file, message });
  if (pageMaxChars === 0)
    return sourceChars > AGENT_PAGE_MAX_CHARS
      ? [warn(`${sourceChars} characters: agents may truncate pages over ${AGENT_PAGE_MAX_CHARS} (split the page)`)]
      : [];
  const { parts } = content;
  // Measured as served (links absolute, llms.txt pointer), as agents see it; only long pages pay for it.
  if (parts.length === 0 && content.markdown.length * 2 < pageMaxChars) return [];
  const servedChars = withLlmsDirective(content.markdown, baseUrl).length;
  const size = `${servedChars} characters as markdown`;
  if (parts.length === 0)
    return servedChars >= pageMaxChars
      ? [warn(`${size}, over the page limit of ${pageMaxChars}, and no heading or blank line to cut it at`)]
      : [];
  const problems = [warn(`${size}: over the page limit of ${pageMaxChars}, so it is served in ${parts.length} parts`)];
  for (const part of parts) {
    if (part.markdown.length >= pageMaxChars)
      problems.push(
        warn(`part ${part.n} of ${parts.length} has ${part.markdown.length} characters: no heading or blank line to cut it at`),
      );
  }
  return problems;
}
