/**
 * What an answer served, in the words of http/observe.ts: the page as HTML or markdown, an llms
 * file, MCP, JSON, a static or layout file, or something else (XML sitemaps, robots.txt,
 * redirects). Decided from the route and the answer's media type, so it costs a map lookup.
 */
import type { Answer } from '../answers/answer.js';
import type { AnsweredRequest } from './observe.js';

/** A format of {@link AnsweredRequest}. */
export type AnswerFormat = AnsweredRequest['format'];

/** The routes that serve llms.txt (SPEC.md) and llms-full.txt (route-table.ts). */
const LLMS_ROUTES: ReadonlySet<string> = new Set(['getLlmsTxt', 'getLlmsFullTxt']);

/** By `Content-Type` value: there are a handful per site, so each is parsed once. */
const byMediaType = new Map<string, AnswerFormat>();

/** The format of a media type (a `Content-Type` value, parameters allowed). */
function formatOfType(contentType: string): AnswerFormat {
  let format = byMediaType.get(contentType);
  if (format !== undefined) return format;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'text/html') format = 'html';
  else if (type === 'text/markdown') format = 'markdown';
  else if (type === 'application/json' || type.endsWith('+json')) format = 'json';
  else if (type === 'text/css' || type.endsWith('javascript') || /^(image|font|audio|video)\//.test(type)) format = 'asset';
  else format = 'other';
  byMediaType.set(contentType, format);
  return format;
}

/**
 * The format of an answer.
 * @param route the route's operation id (route.ts `operationId`), or `unmatched`
 * @param answer the answer written; undefined when the response ended without one
 */
export function answerFormat(route: string, answer: Answer | undefined): AnswerFormat {
  if (route === 'mcp') return 'mcp';
  if (answer === undefined) return 'other';
  if (LLMS_ROUTES.has(route) && answer.kind === 'body') return 'llms';
  switch (answer.kind) {
    case 'raw':
      // MCP's streams are told by their route above; the sign-in callback's redirect is no page.
      return 'other';
    case 'file':
      return 'asset';
    case 'body':
      return formatOfType(answer.body.type);
    case 'plain': {
      const type = answer.headers['content-type'];
      return type === undefined ? 'other' : formatOfType(type);
    }
  }
}
