/**
 * What sitegate may add to a generator's built pages (issue 33, setting `inject`): nothing unless
 * the operator asks. `head-links` puts, before `</head>`, the page's markdown alternate
 * (`<link rel="alternate" type="text/markdown">`, as sitegate's own pages carry: DESIGN.md "Pages
 * and paths", layout/document.ts) and the site's llms.txt (`<link rel="llms-txt">`, the relation of
 * the `Link` header sent with every page: answers/headers.ts `agentLinks`), and changes no other byte.
 */
import { escapeHtml } from '../escape.js';

/** The values `inject` takes. */
export const INJECT_KINDS = ['head-links'] as const;

/** One value of `inject`. */
export type InjectKind = (typeof INJECT_KINDS)[number];

/** The first `</head>` of a page, any letter case; -1 when it has none. */
function headEnd(html: Buffer): number {
  // A linear scan for `</head` (ASCII, case-insensitive): no regular expression runs over a built page.
  const needle = [0x3c, 0x2f, 0x68, 0x65, 0x61, 0x64]; // `</head`
  outer: for (let i = html.indexOf(0x3c); i !== -1 && i + needle.length <= html.length; i = html.indexOf(0x3c, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (((html[i + j] as number) | 0x20) !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * The page's bytes with the `<link>`s of `kinds` before its first `</head>`; the same Buffer when
 * `kinds` is empty or the page has no `</head>` (then nothing is changed).
 * @param html the built page, as read
 * @param links absolute URLs: the page's markdown (`markdownUrl`, undefined for a built page without
 *   a source) and the site's llms.txt
 */
export function injectHeadLinks(
  html: Buffer,
  kinds: readonly InjectKind[],
  links: { markdownUrl: string | undefined; llmsTxtUrl: string },
): Buffer {
  if (!kinds.includes('head-links')) return html;
  const at = headEnd(html);
  if (at === -1) return html;
  const markdown =
    links.markdownUrl === undefined ? '' : `<link rel="alternate" type="text/markdown" href="${escapeHtml(links.markdownUrl)}" title="Markdown">`;
  const llms = `<link rel="llms-txt" type="text/plain" href="${escapeHtml(links.llmsTxtUrl)}">`;
  return Buffer.concat([html.subarray(0, at), Buffer.from(markdown + llms, 'utf8'), html.subarray(at)]);
}
