/**
 * Issue 31, done-when 2: on every corpus of ../shared/corpora/real/* and on docs-small, each public
 * page's texts agree and hold no generator syntax. The snapshot is built as `serve` builds it
 * (loadSnapshot, the generator detected), and for every public page:
 *   (a) the `.md` body, the HTML body's text, its description in llms.txt, in the search index
 *       (`/api/search.json`, MCP `search`) and in `<meta name="description">` hold no generator
 *       syntax outside code blocks and spans (SYNTAX below);
 *   (b) each description's words appear in the markdown and in the HTML text (an author's
 *       frontmatter description counts as the page's text: the HTML body need not repeat it);
 *   (c) the HTML body's words and the markdown body's words are the same set, modulo audience-only
 *       blocks, link URLs (the markdown is read as markdown-it reads it) and the chrome around the
 *       article (nav, TOC, footer are not compared: `<article class="content">` only);
 *   (d) on a page that includes a snippet or partial (an include syntax, or a feature-table row whose
 *       id says include/snippet/partial and whose `detect` finds it in the source), the rarest prose
 *       word that the include brought (in the markdown, not in the page's own source) is found by
 *       the search index for that page.
 * The corpora lie beside the repository (test/helpers.ts CORPORA_DIR): missing, the suite fails. It
 * runs with the other corpus suites (vitest's `test/**\/*.test.ts`, so `npm test` in .ci/run).
 *
 * While parts of issue 31 land, this test fails: its message is the grouped list of findings
 * (corpus, check, page, offending snippet), and `test-artifacts/corpus-agreement.json` holds the
 * counts per corpus and per check and syntax kind, for routing the fixes.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { describe, expect, it } from 'vitest';
import { forAudience } from '../src/content/audience.js';
import { lineKinds } from '../src/content/block-lines.js';
import { DIALECT_FEATURES } from '../src/content/dialects/features.js';
import { frontmatterBlock } from '../src/content/frontmatter.js';
import type { Page } from '../src/content/page.js';
import { renderPageContent } from '../src/content/page-content.js';
import { withoutAgentFraming, withoutCodeSpans } from '../src/content/portable-markdown.js';
import { loadSnapshot, type Snapshot } from '../src/snapshot/snapshot.js';
import { CORPORA_DIR, REPO_DIR } from './helpers.js';

const BASE = 'http://sitegate.test';
const CORPORA: readonly { name: string; dir: string }[] = [
  ...['docusaurus', 'gitbook', 'hugo', 'mdbook', 'mkdocs', 'starlight', 'vitepress'].map((name) => ({
    name,
    dir: path.join(CORPORA_DIR, 'real', name, 'content'),
  })),
  { name: 'docs-small', dir: path.join(CORPORA_DIR, 'docs-small', 'content') },
];

/**
 * Generator syntax that must never reach a reader, by kind (the brief's detector list). Each is one
 * pass over a line without nested quantifiers, run on text outside code.
 */
const SYNTAX: readonly (readonly [kind: string, pattern: RegExp])[] = [
  ['mdx-import', /^[ \t]*import[ \t][^\n]*[ \t]from[ \t]*['"]/m],
  ['mdx-export', /^[ \t]*export[ \t]/m],
  // Not after a word character: `Vec<T>` is a type in prose, `<Tabs>` a component.
  ['jsx-tag', /(?<!\w)<\/?[A-Z][A-Za-z0-9.]*[\s/>]/],
  ['hugo-shortcode', /\{\{[<%]/],
  ['liquid-tag', /\{%-?[ \t]*\/?[a-z]/],
  ['container-:::', /(?:^|[\s>]):::/m],
  ['admonition-!!!/???', /^[ \t>]*(?:!!!|\?\?\?)\+?[ \t]/m],
  ['blocks-///', /^[ \t>]*\/\/\/(?:[ \t]|$)/m],
  ['attribute-list', /\{#[\w-]+\}|\{:[^}\n]*\}|\{[ \t]+[#.][\w-][^}\n]*\}/],
  ['snippet-8<', /--8<--/],
  ['mdbook-include', /\{\{#[a-z_]+/],
  ['vitepress-include', /<!--[ \t]*@include/],
  ['toc-marker', /\[\[toc\]\]/i],
];

/** Include syntaxes of the generators (the page brings in another file's text). */
const INCLUDES: readonly RegExp[] = [
  /\{\{#(?:include|rustdoc_include|playground)[ \t]/,
  /--8<--/,
  /<!--[ \t]*@include:/,
  /\{%-?[ \t]*include[ \t]/,
  /\{\{[<%][ \t]*(?:readfile|include|get-page-content)[ \t]/,
  /^<<<[ \t]/m,
  /^import[ \t]+\w+[ \t]+from[ \t]*['"][^'"\n]*\.mdx?['"]/m,
];
/** Feature-table rows of include features (their `detect` finds them in a source). */
const INCLUDE_ROWS = DIALECT_FEATURES.filter(
  (row) => row.detect !== undefined && /include|snippet|partial|readfile|reusable/i.test(row.id),
);

/** Whether a page's source includes another file (an include syntax, or an include row's `detect` of its generator). */
function includesOf(source: string, generator: string): boolean {
  return (
    INCLUDES.some((pattern) => pattern.test(source)) ||
    INCLUDE_ROWS.some((row) => row.generators.some((g) => g === generator) && row.detect?.test(source) === true)
  );
}

/** One thing wrong with one page. */
interface Finding {
  check: 'a-syntax' | 'b-description' | 'c-words' | 'd-include-search';
  /** The syntax kind (a), the description source (b), the side (c). */
  kind: string;
  page: string;
  snippet: string;
}

const markdownIt = new MarkdownIt({ html: true, linkify: false, typographer: false });

/** Words of a text as a set: lower-cased runs of letters and digits holding a letter. */
function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) if (/\p{L}/u.test(word)) words.add(word);
  return words;
}

/** HTML tags removed (an image's `alt` kept: the markdown has it as text) and character references decoded. */
function htmlToText(html: string): string {
  const text = html.replace(/<img[^>]*?alt="([^"]*)"[^>]*>/g, ' $1 ').replace(/<[^>]*>/g, ' ');
  // unescapeAll also reads backslash escapes: doubled first, so `\&quot;` in code stays `\"`.
  return markdownIt.utils.unescapeAll(text.replace(/\\/g, '\\\\'));
}

/** HTML with code blocks, code spans and code block titles removed. */
function withoutHtmlCode(html: string): string {
  return html
    .replace(/<figcaption class="code-title">[\s\S]*?<\/figcaption>/g, ' ')
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<code[\s\S]*?<\/code>/g, ' ');
}

/** Markdown outside code blocks (as markdown-it sees them) and code spans (which may span the lines of a paragraph). */
function markdownProse(markdown: string): string {
  const kinds = lineKinds(markdown);
  return markdown
    .split('\n')
    .map((line, i) => (kinds[i] === 'code' ? '' : line))
    .join('\n')
    .split('\n\n')
    .map(withoutCodeSpans)
    .join('\n\n');
}

/** The text a reader of the markdown sees, as markdown-it reads it: link URLs and syntax left out, code kept. */
function markdownText(markdown: string): string {
  const out: string[] = [];
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.children !== null) walk(token.children);
      else if (token.type === 'html_block' || token.type === 'html_inline') out.push(htmlToText(token.content));
      else if (token.type !== 'inline') out.push(token.content);
      // A fence's title (`js title="src/app.js"`, VitePress `ts [vite.config.ts]`) is the code block's
      // caption or tab in the HTML; the language and other options are no text.
      if (token.type === 'fence')
        for (const [title] of token.info.matchAll(/title=(?:"[^"\n]*"|'[^'\n]*')|\[[^\]\n]*\]/g)) out.push(title.replace(/^title=/, ''));
    }
  };
  walk(markdownIt.parse(markdown, {}));
  return out.join(' ');
}

/** The first match of each syntax kind in `text`, as findings. */
function syntaxFindings(text: string, where: string, page: string): Finding[] {
  const found: Finding[] = [];
  for (const [kind, pattern] of SYNTAX) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const at = match.index;
    found.push({ check: 'a-syntax', kind, page, snippet: `${where}: ${JSON.stringify(text.slice(Math.max(0, at - 20), at + 50))}` });
  }
  return found;
}

/** Each page's description line in the llms index files, by the page's markdown URL. */
function llmsDescriptions(snapshot: Snapshot): Map<string, string> {
  const descriptions = new Map<string, string>();
  for (const [file, body] of snapshot.discovery.llmsFiles) {
    if (file.includes('llms-full')) continue;
    for (const line of body.bytes.toString('utf8').split('\n')) {
      const open = line.indexOf(`](${BASE}`);
      if (!line.startsWith('- [') || open === -1) continue;
      const close = line.indexOf(')', open);
      const url = line.slice(open + 2 + BASE.length, close);
      descriptions.set(url, line.slice(close + 1).replace(/^: /, ''));
    }
  }
  return descriptions;
}

/** Each public page's description in the search index, by URL path. */
function searchDescriptions(snapshot: Snapshot): Map<string, string> {
  const descriptions = new Map<string, string>();
  for (const language of [undefined, ...snapshot.site.languages.map((l) => l.lang)])
    for (const doc of snapshot.search.documentsOf(language).publicDocuments) descriptions.set(doc.path, doc.description);
  return descriptions;
}

/** The description's words, the last one left out when the description was cut (`…`). */
function descriptionWords(description: string): string[] {
  const cut = /(?:…|\.\.\.)\s*$/.test(description);
  const words = [...description.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)].map(([w]) => w).filter((w) => /\p{L}/u.test(w));
  return cut ? words.slice(0, -1) : words;
}

/** What one page is made of, as served. */
interface Served {
  page: Page;
  source: string;
  /** The page's markdown as agents get it, without the llms.txt pointer the snapshot adds. */
  markdown: string;
  /** The inside of the page's `<article class="content">`: the title heading the layout adds, then the body. */
  article: string;
}

/**
 * Every public page of a corpus with its source and bodies, whole (`pageMaxChars` 0), made as the
 * snapshot makes them (content/page-content.ts `renderPageContent`, layout/pages.ts's article) but
 * without code highlighting, which changes no word and costs most of the time.
 */
function servedPages(snapshot: Snapshot): Served[] {
  const served: Served[] = [];
  for (const page of snapshot.site.publicPages) {
    const source = snapshot.site.sources.get(page.key);
    if (source === undefined) continue;
    const content = renderPageContent(snapshot.site, page, BASE, { pageMaxChars: 0, highlight: null });
    const heading = content.startsWithH1 ? '' : `<h1>${page.title}</h1>\n`;
    served.push({ page, source: source.read(), markdown: content.markdown, article: heading + content.bodyHtml });
  }
  return served;
}

/** Every finding of one corpus, and its page count. */
function audit(dir: string): { pages: number; findings: Finding[]; includePages: number; timesMs: Record<string, number> } {
  const started = performance.now();
  const { snapshot } = loadSnapshot(dir, { baseUrl: BASE, pageMaxChars: 0 });
  const built = performance.now();
  const generator = snapshot.site.generator.name;
  const llms = llmsDescriptions(snapshot);
  const search = searchDescriptions(snapshot);
  const served = servedPages(snapshot);
  const rendered = performance.now();
  const findings: Finding[] = [];
  // How many pages' markdown holds each prose word: the rarest word an include brings is searched.
  const pagesWithWord = new Map<string, number>();
  const proseWords = new Map<string, Set<string>>();
  // Words the dialect step itself adds (labels: `Filename`, `Note`): in a page's markdown, not in
  // its source, on pages without includes. They are not the include's words.
  // A word brought to five pages or more is a label too (or a snippet too common to tell pages apart).
  const added = new Set<string>();
  const broughtTo = new Map<string, number>();
  for (const { page, markdown, source } of served) {
    const words = wordsOf(markdownText(markdownProse(withoutAgentFraming(markdown, BASE))));
    proseWords.set(page.key, words);
    const own = wordsOf(source);
    const includes = includesOf(source, generator);
    for (const word of words) {
      pagesWithWord.set(word, (pagesWithWord.get(word) ?? 0) + 1);
      if (own.has(word)) continue;
      if (!includes) added.add(word);
      broughtTo.set(word, (broughtTo.get(word) ?? 0) + 1);
      if ((broughtTo.get(word) ?? 0) >= 5) added.add(word);
    }
  }
  let includePages = 0;
  for (const { page, source, markdown, article } of served) {
    const url = page.url;
    const body = withoutAgentFraming(markdown, BASE);
    const frontmatter = frontmatterBlock(markdown);
    const htmlText = htmlToText(article);
    // (a) no generator syntax outside code, in any text a reader gets.
    findings.push(...syntaxFindings(markdownProse(body), 'md', url));
    findings.push(...syntaxFindings(htmlToText(withoutHtmlCode(article)), 'html', url));
    // `<meta name="description">` is the page's description (layout/document.ts), escaped.
    const descriptions: [string, string | undefined][] = [
      ['llms.txt', llms.get(page.markdownUrl)],
      ['search', search.get(url)],
      ['meta', page.description],
    ];
    const mdWords = wordsOf(markdownText(body));
    const htmlWords = wordsOf(htmlText);
    const frontmatterWords = wordsOf(frontmatter);
    // The same description in several places is one finding, its kind naming every place.
    const places = new Map<string, string[]>();
    for (const [where, description] of descriptions) {
      if (description === undefined)
        findings.push({ check: 'b-description', kind: `${where} missing`, page: url, snippet: 'no description found' });
      else places.set(description, [...(places.get(description) ?? []), where]);
    }
    for (const [description, wheres] of places) {
      const where = wheres.join('+');
      findings.push(...syntaxFindings(description, where, url));
      // (b) the description's words are the page's words.
      const missingMd = descriptionWords(description).filter((w) => !mdWords.has(w) && !frontmatterWords.has(w));
      const missingHtml = descriptionWords(description).filter((w) => !htmlWords.has(w) && !frontmatterWords.has(w));
      if (missingMd.length > 0 || missingHtml.length > 0)
        findings.push({
          check: 'b-description',
          kind: where,
          page: url,
          snippet: `${JSON.stringify(description.slice(0, 100))} words not in md: [${missingMd.slice(0, 6).join(' ')}], not in html: [${missingHtml.slice(0, 6).join(' ')}]`,
        });
    }
    // (c) the same words in the HTML body and the markdown body, audience-only blocks aside.
    const agentsOnly = wordsOf(forAudience(source, 'agents'));
    const humansOnly = wordsOf(forAudience(source, 'humans'));
    const audience = new Set([...agentsOnly].filter((w) => !humansOnly.has(w)).concat([...humansOnly].filter((w) => !agentsOnly.has(w))));
    // The layout adds the title as an H1 when the body does not open with one.
    const title = wordsOf(page.title);
    const onlyHtml = [...htmlWords].filter((w) => !mdWords.has(w) && !audience.has(w) && !title.has(w));
    const onlyMd = [...mdWords].filter((w) => !htmlWords.has(w) && !audience.has(w));
    if (onlyHtml.length > 0) findings.push({ check: 'c-words', kind: 'only-in-html', page: url, snippet: onlyHtml.slice(0, 10).join(' ') });
    if (onlyMd.length > 0) findings.push({ check: 'c-words', kind: 'only-in-md', page: url, snippet: onlyMd.slice(0, 10).join(' ') });
    // (d) a word an include brings is found by search for this page.
    if (!includesOf(source, generator)) continue;
    includePages += 1;
    const own = wordsOf(source);
    const brought = [...(proseWords.get(page.key) ?? [])].filter((w) => !own.has(w) && !added.has(w) && w.length >= 4 && !/\d/.test(w));
    brought.sort((x, y) => (pagesWithWord.get(x) ?? 0) - (pagesWithWord.get(y) ?? 0) || x.localeCompare(y));
    const word = brought[0];
    if (word === undefined) continue;
    const results = snapshot.search.search(word, { limit: served.length, offset: 0, includeInternal: false, language: page.lang });
    if (!results.results.some((doc) => doc.path === url))
      findings.push({
        check: 'd-include-search',
        kind: 'include',
        page: url,
        snippet: `search ${JSON.stringify(word)}: ${results.total} hits, not this page`,
      });
  }
  const timesMs = { build: built - started, render: rendered - built, checks: performance.now() - rendered };
  return { pages: served.length, findings, includePages, timesMs };
}

/** The findings as a list grouped by check and kind, each group's count first. */
function report(corpus: string, pages: number, findings: readonly Finding[]): string {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) {
    const key = `${finding.check} ${finding.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), finding]);
  }
  const lines = [`${corpus}: ${pages} public pages, ${findings.length} findings`];
  for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`  ${key}: ${group.length}`);
    for (const finding of group.slice(0, 25)) lines.push(`    ${finding.page}  ${finding.snippet}`);
    if (group.length > 25) lines.push(`    … ${group.length - 25} more`);
  }
  return lines.join('\n');
}

describe('every corpus: the markdown, the HTML, llms.txt, search and the meta description agree, without generator syntax', () => {
  const summary: Record<string, Record<string, number>> = {};

  it('finds every corpus beside the repository (fails, never skips, when ../shared is missing)', () => {
    for (const { dir } of CORPORA) expect(existsSync(dir), dir).toBe(true);
  });

  for (const { name, dir } of CORPORA) {
    it(name, () => {
      const { pages, findings, includePages, timesMs } = audit(dir);
      const counts: Record<string, number> = { pages, includePages };
      for (const [step, ms] of Object.entries(timesMs)) counts[`${step}Ms`] = Math.round(ms);
      for (const finding of findings) counts[`${finding.check} ${finding.kind}`] = (counts[`${finding.check} ${finding.kind}`] ?? 0) + 1;
      summary[name] = counts;
      const artifacts = path.join(REPO_DIR, 'test-artifacts');
      mkdirSync(artifacts, { recursive: true });
      writeFileSync(path.join(artifacts, 'corpus-agreement.json'), `${JSON.stringify(summary, null, 2)}\n`);
      expect(pages).toBeGreaterThan(0);
      if (findings.length > 0) throw new Error(report(name, pages, findings));
    });
  }
});
