/**
 * Build-time syntax highlighting with highlight.js (highlightjs.org): token spans with `hljs-*`
 * classes, which the site stylesheet colours for light and dark (layout/client/code.css.ts), so
 * no inline `style` attribute meets the CSP (`style-src 'self'`). Chosen over Shiki by
 * measurement (bench/highlight.ts): about ten times faster on the real corpora, and Shiki writes
 * colours as inline styles.
 */
import { createRequire } from 'node:module';
import type { HLJSApi } from 'highlight.js';

/**
 * Highlights `code` written in `lang`, returning HTML (token spans, text escaped), or undefined
 * when the language is unknown or none is given (the caller then writes escaped plain code).
 * Never throws on content.
 */
export type CodeHighlighter = (code: string, lang: string) => string | undefined;

let loaded: HLJSApi | undefined;

/**
 * highlight.js with its ~190 languages, loaded on the first highlighted block: page bodies render
 * lazily (snapshot/page-bodies.ts), so a site without code never pays the ~90 ms of loading it.
 */
function hljs(): HLJSApi {
  loaded ??= createRequire(import.meta.url)('highlight.js') as HLJSApi;
  return loaded;
}

/** Languages some generators name that highlight.js knows under another name. */
const ALIASES: Readonly<Record<string, string>> = {
  console: 'shell',
  terminal: 'shell',
  'shell-session': 'shell',
  jsonc: 'json',
  mdx: 'markdown',
};

/** Names that mean "no highlighting" (Docusaurus `text`, MkDocs `text`, mdBook `txt`). */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none', 'output']);

/** The site's highlighter: highlight.js, `ignoreIllegals` so that odd input never throws. */
export const highlightCode: CodeHighlighter = function highlightCode(code, lang) {
  if (PLAIN.has(lang)) return undefined;
  const api = hljs();
  const name = ALIASES[lang] ?? lang;
  if (api.getLanguage(name) === undefined) return undefined;
  try {
    return api.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch {
    // A grammar bug on odd input: plain code rather than a failed page.
    return undefined;
  }
};
