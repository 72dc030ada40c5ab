/**
 * Issue 13, done-when 1: on each of the seven real sites (../shared/corpora/real), no page's served
 * HTML text or served markdown, outside code, holds unrendered dialect syntax: `:::`, `!!! `, `??? `,
 * `=== "`, `{% `, `{{<`, `{{%`, `{{#include`, `{{#rustdoc_include`, `--8<--`, `<script setup`,
 * `:material-…:` icons, or MDX: `import`/`export` lines, JSX comments `{/*`, component tags
 * `<Tabs>` (also as raw tags in the HTML); nor whose HTML text holds a GitHub alert marker
 * `[!NOTE]` or an abbreviation definition. Every page is rendered as `check` renders it, with the
 * generator's conventions.
 * Skipped when the corpora are not beside the repository.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSiteFiles } from '../src/content/conventions/index.js';
import { renderPageContent } from '../src/content/page-content.js';
import { codeLines } from '../src/content/dialects/lines.js';
import { buildSite } from '../src/content/site.js';

const REAL = path.resolve(import.meta.dirname, '../../shared/corpora/real');
const CORPORA = ['docusaurus', 'gitbook', 'hugo', 'mdbook', 'mkdocs', 'starlight', 'vitepress'];
const UNRENDERED =
  /:::|!!! |\?\?\?\+? |^=== "|\{% |\{\{<|\{\{%|\{\{#include|\{\{#rustdoc_include|--8<--|\{\/\*|^(?:import|export) .*(?:from ['"]|=)|<\/?[A-Z][A-Za-z]*[\s/>]|<script setup|:(?:material|octicons|fontawesome|simple)-[\w-]+:/m;
/**
 * A GitHub alert marker or an abbreviation definition left in the HTML text: in the markdown they
 * stay (an alert is the form every admonition takes, dialects/blocks.ts), in the HTML they must
 * have become a box and `<abbr>` titles.
 */
const ALERT = /^\s*\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]|^\s*\*\[[^\]]+\]:/im;
/** A JSX component tag left in the HTML (outside code), which the browser would drop unseen. */
const JSX_TAG = /<\/?[A-Z][A-Za-z.]*[\s/>]/;

/** The text of HTML outside `<pre>`, `<code>` and code block titles (the author's text, `title="Props<T>"`), tags removed, entities of the syntax decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<figcaption class="code-title">[\s\S]*?<\/figcaption>/g, '')
    .replace(/<pre[\s\S]*?<\/pre>/g, '')
    .replace(/<code[\s\S]*?<\/code>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** HTML outside `<pre>`, `<code>` and code block titles, tags kept. */
function htmlOutsideCode(html: string): string {
  return html
    .replace(/<figcaption class="code-title">[\s\S]*?<\/figcaption>/g, '')
    .replace(/<pre[\s\S]*?<\/pre>/g, '')
    .replace(/<code[\s\S]*?<\/code>/g, '');
}

/** Markdown outside fenced code and code spans. */
export function markdownProse(markdown: string): string {
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  return lines
    .filter((_, i) => code[i] !== true)
    .join('\n')
    .replace(/(`+)[\s\S]*?[^`]\1(?!`)/g, '');
}

/** The pages of a corpus whose HTML text or markdown holds unrendered syntax, with the first match. */
function scan(corpus: string): { pages: number; offenders: string[] } {
  const loaded = loadSiteFiles(path.join(REAL, corpus, 'content'));
  const site = buildSite(loaded.files, { fallbackName: corpus, conventions: loaded.conventions });
  const offenders: string[] = [];
  for (const page of site.pages.values()) {
    const content = renderPageContent(site, page, 'http://localhost', { pageMaxChars: 0 });
    const text = htmlText(content.bodyHtml);
    const html = UNRENDERED.exec(text) ?? ALERT.exec(text) ?? JSX_TAG.exec(htmlOutsideCode(content.bodyHtml));
    const markdown = UNRENDERED.exec(markdownProse(content.markdown));
    if (html !== null || markdown !== null)
      offenders.push(
        `${page.file}: ${html === null ? '' : `html ${JSON.stringify(html.input.slice(Math.max(0, html.index - 30), html.index + 40))}`} ${markdown === null ? '' : `md ${JSON.stringify(markdown.input.slice(Math.max(0, markdown.index - 30), markdown.index + 40))}`}`,
      );
  }
  return { pages: site.pages.size, offenders };
}

describe('real sites: no unrendered dialect syntax outside code', () => {
  // The corpus lies beside the repository: missing, this suite fails rather than pass with nothing tested.
  it('finds the real sites in ../shared/corpora/real', () => {
    expect(existsSync(REAL), REAL).toBe(true);
  });

  for (const corpus of CORPORA) {
    it(
      corpus,
      () => {
        const { pages, offenders } = scan(corpus);
        if (process.env.DIALECT_SCAN_REPORT !== undefined)
          console.log(`${corpus}: ${pages} pages, ${offenders.length} with unrendered syntax\n${offenders.slice(0, 15).join('\n')}`);
        expect(pages).toBeGreaterThan(0);
        expect(offenders).toEqual([]);
      },
      120_000,
    );
  }
});
