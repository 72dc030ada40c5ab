/**
 * The shapes of a snapshot's bodies (a page, a part of a page, a folder listing) and the content
 * types sitegate serves them with; shared by the steps that build them (page-bodies.ts,
 * listing-bodies.ts, discovery-bodies.ts).
 */
import { makeBody, type Body } from '../body.js';
import { markdownTokenCount } from './token-count.js';

/** Content types of the representations sitegate serves. */
export const CONTENT_TYPES = {
  html: 'text/html; charset=utf-8',
  // RFC 7763 §2: text/markdown requires the charset parameter.
  markdown: 'text/markdown; charset=utf-8',
  json: 'application/json; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  // RFC 4287 §7: Atom's media type; RSS 2.0 has no registered one, application/rss+xml is the custom.
  atom: 'application/atom+xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
  // RFC 9264 §6.2: the JSON linkset media type, with the profile RFC 9727 §5.1 registers.
  linkset: 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
} as const;

/** The two representations of a page, a part of a page, or a folder listing. */
export interface Representations {
  html: Body;
  markdown: Body;
  /** Token count of the markdown (OpenAI o200k tokenizer), computed on first use and kept. */
  markdownTokens(): number;
}

/** The bodies of one part of a page served in parts (README "Long pages"), and where it is. */
export interface PartBodies extends Representations {
  /** 1-based part number. */
  n: number;
  /** Canonical URL path of the part's HTML (the page URL for part 1; content/paths.ts `partUrlOf`). */
  url: string;
  /** URL path of the part's markdown (the page's `markdownUrl` for part 1). */
  markdownUrl: string;
  /** Plain text of the headings the part holds (content/page-parts.ts). */
  headings: readonly string[];
}

/**
 * The bodies of a page or folder listing. A page served in parts answers at its own URL with part
 * 1, so `html` and `markdown` are then part 1's (the same objects as `parts[0]`'s).
 */
export interface PageBodies extends Representations {
  /** Every part, in order, when the page is served in parts; `undefined` when it is served whole. */
  parts: readonly PartBodies[] | undefined;
}

/**
 * The representations of one HTML and one markdown text. The token count is computed lazily, as
 * tokenizing costs ~3 MB/s, from the markdown's bytes: holding the string for it would keep the
 * text twice while the page is cached, and the body cache counts only the bytes.
 */
export function representations(html: string, markdown: string): Representations {
  let tokens: number | undefined;
  const markdownBody = makeBody(markdown, CONTENT_TYPES.markdown);
  return {
    html: makeBody(html, CONTENT_TYPES.html),
    markdown: markdownBody,
    markdownTokens: () => (tokens ??= markdownTokenCount(markdownBody.bytes.toString('utf8'))),
  };
}

/** The bodies of a page or listing served whole. */
export function wholeBodies(html: string, markdown: string): PageBodies {
  return { ...representations(html, markdown), parts: undefined };
}

/**
 * The bodies of one part of a page or listing, from where it is (`n`, `url`, `markdownUrl`,
 * `headings`, its `markdown`) and its rendered `html`; nothing else of `part` is kept.
 */
export function partBodies(part: Omit<PartBodies, keyof Representations> & { markdown: string }, html: string): PartBodies {
  const { n, url, markdownUrl, headings } = part;
  return { n, url, markdownUrl, headings, ...representations(html, part.markdown) };
}

/** The bodies of a page or listing served in `parts` (at least one): its own URL answers with part 1. */
export function partedBodies(parts: PartBodies[]): PageBodies {
  const first = parts[0] as PartBodies;
  return { html: first.html, markdown: first.markdown, markdownTokens: () => first.markdownTokens(), parts };
}

/** `value` as a JSON body (UTF-8, no indentation). */
export function jsonBody(value: unknown): Body {
  return makeBody(JSON.stringify(value), CONTENT_TYPES.json);
}
