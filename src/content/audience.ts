/**
 * Blocks for one audience: content agents get and the HTML page does not show, and the reverse.
 * In plain markdown, a block between two HTML comment lines, `<!-- agents-only -->` …
 * `<!-- /agents-only -->` or `<!-- humans-only -->` … `<!-- /humans-only -->` (comments, so any
 * other renderer shows or hides nothing wrongly). MDX's Mintlify `<Visibility for="agents">` and
 * Fern's `<llms-only>` / `<llms-ignore>` (content/mdx/components.ts) are written this way.
 */
import { codeLines, trimNewlines } from './dialects/lines.js';

/** Who a block is for. */
export type Audience = 'agents' | 'humans';

const MARKER = /^ {0,3}<!--\s*(\/?)(agents|humans)-only\s*-->\s*$/;

/** A block for one audience, as plain markdown. */
export function audienceBlock(audience: Audience, body: string): string {
  return `<!-- ${audience}-only -->\n\n${trimNewlines(body)}\n\n<!-- /${audience}-only -->`;
}

/**
 * The markdown one audience reads: the other audience's blocks removed, the marker lines removed,
 * the audience's own blocks kept. A text without markers is returned as it is. Marker lines
 * inside fenced code are text.
 */
export function forAudience(markdown: string, audience: Audience): string {
  const kept = keptLines(markdown, audience);
  if (kept === undefined) return markdown;
  const lines = markdown.split('\n');
  return kept.map((i) => lines[i]).join('\n');
}

/**
 * The 0-based lines of `markdown` that {@link forAudience} keeps, in order (line `n` of its result
 * is line `kept[n]` here, so `check` can name the file's line); undefined when it keeps them all.
 */
export function keptLines(markdown: string, audience: Audience): number[] | undefined {
  if (!markdown.includes('-only')) return undefined;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  const kept: number[] = [];
  let hiding: string | undefined;
  lines.forEach((line, i) => {
    const marker = code[i] === true ? null : MARKER.exec(line);
    if (marker === null) {
      if (hiding === undefined) kept.push(i);
      return;
    }
    const [, closing, who] = marker;
    if (closing === '' && who !== audience && hiding === undefined) hiding = who;
    else if (closing === '/' && who === hiding) hiding = undefined;
  });
  return kept;
}
