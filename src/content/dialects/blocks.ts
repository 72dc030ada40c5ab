/**
 * The plain CommonMark/GFM every generator's block syntax becomes (DESIGN.md "Sources: the
 * generators' conventions": the markdown agents get has no generator syntax). Each dialect
 * (Docusaurus/VitePress `:::`, MkDocs `!!!`/`???`/`===`, GitBook `{% hint %}`/`{% tabs %}`, Hugo
 * shortcodes, MDX components) reads its own syntax and writes it with these functions, so that an
 * admonition or a set of tabs reads the same whatever the site was written for, and the HTML is
 * rendered from the same markdown (one source of truth for both representations).
 *
 * - An admonition is a GitHub alert (`> [!NOTE]`, docs.github.com "Basic writing and formatting
 *   syntax § Alerts"), the block syntax agents and GitHub both read, with its title, when the author
 *   gave one, as a bold first line.
 * - A collapsible block (`<details>`, MkDocs `???`, `::: details`) is a blockquote opening with its
 *   bold summary: agents see everything, as they would in the open block.
 * - Tabs are labelled sections: each tab's label as a bold line, then its content, in order.
 */
import { trimNewlines, withoutTrailingNewlines } from './lines.js';

/** The five kinds GitHub alerts have. */
export type AlertKind = 'NOTE' | 'TIP' | 'IMPORTANT' | 'WARNING' | 'CAUTION';

/**
 * The alert kind of a generator's admonition name, any case: Docusaurus (`note`, `tip`, `info`,
 * `warning`, `danger`, `caution`), VitePress (`info`, `tip`, `warning`, `danger`, `details`),
 * Material for MkDocs (`abstract`, `success`, `question`, `failure`, `bug`, `example`, `quote`…),
 * Starlight asides (`note`, `tip`, `caution`, `danger`), GitBook hints (`info`, `success`,
 * `warning`, `danger`). Unknown names are notes.
 */
export function alertKindOf(name: string): AlertKind {
  switch (name.trim().toLowerCase()) {
    case 'tip':
    case 'hint':
    case 'success':
    case 'check':
    case 'done':
      return 'TIP';
    case 'important':
      return 'IMPORTANT';
    case 'warning':
    case 'warn':
    case 'attention':
      return 'WARNING';
    case 'caution':
    case 'danger':
    case 'error':
    case 'failure':
    case 'fail':
    case 'bug':
      return 'CAUTION';
    default:
      return 'NOTE';
  }
}

/** `text` with every line prefixed by `> ` (`>` alone for blank lines), as a blockquote holds it. */
export function quoteLines(text: string): string {
  return withoutTrailingNewlines(text)
    .split('\n')
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`))
    .join('\n');
}

/**
 * An admonition as a GitHub alert.
 * @param name the generator's admonition name (`note`, `danger`, `success`…), see {@link alertKindOf}
 * @param title the title the author gave, if any (`:::tip[Did you know?]`, `!!! note "Title"`)
 * @param body the admonition's content, already plain markdown
 * @returns the markdown block, without a trailing newline
 */
export function admonitionMarkdown(name: string, title: string | undefined, body: string): string {
  const head = `> [!${alertKindOf(name)}]`;
  const titleLine = title === undefined || title.trim() === '' ? '' : `\n> **${title.trim()}**\n>`;
  const content = body.trim() === '' ? '' : `\n${quoteLines(body)}`;
  return `${head}${titleLine}${content}`;
}

/**
 * A collapsible block (`<details>`, `???`, `::: details`) as a blockquote opening with its summary.
 * @returns the markdown block, without a trailing newline
 */
export function detailsMarkdown(summary: string | undefined, body: string): string {
  const head = `> **${summary === undefined || summary.trim() === '' ? 'Details' : summary.trim()}**`;
  return body.trim() === '' ? head : `${head}\n>\n${quoteLines(body)}`;
}

/**
 * A set of tabs as labelled sections, in order: `**Label**`, a blank line, the tab's content.
 * @returns the markdown, without a trailing newline
 */
export function tabsMarkdown(tabs: readonly { label: string; body: string }[]): string {
  return tabs.map((tab) => `**${tab.label.trim()}**\n\n${trimNewlines(tab.body)}`).join('\n\n');
}
