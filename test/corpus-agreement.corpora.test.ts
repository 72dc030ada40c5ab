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
import { describe, expect, it } from 'vitest';
import { forAudience } from '../src/content/audience.js';
import { frontmatterBlock } from '../src/content/frontmatter.js';
import type { Page } from '../src/content/page.js';
import { renderPageContent } from '../src/content/page-content.js';
import { withoutAgentFraming } from '../src/content/portable-markdown.js';
import { loadSnapshot, type Snapshot } from '../src/snapshot/snapshot.js';
import {
  descriptionWords,
  type Finding,
  htmlToText,
  includesOf,
  literalTexts,
  markdownProse,
  markdownText,
  syntaxFindings,
  withoutHtmlCode,
  wordsOf,
} from './corpus-agreement-rules.js';
import { CORPORA_DIR, REPO_DIR } from './helpers.js';

const BASE = 'http://sitegate.test';
const CORPORA: readonly { name: string; dir: string }[] = [
  ...['docusaurus', 'gitbook', 'hugo', 'mdbook', 'mkdocs', 'starlight', 'vitepress'].map((name) => ({
    name,
    dir: path.join(CORPORA_DIR, 'real', name, 'content'),
  })),
  { name: 'docs-small', dir: path.join(CORPORA_DIR, 'docs-small', 'content') },
];

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
    const literals = literalTexts(body);
    findings.push(...syntaxFindings(markdownProse(body), 'md', url, { markdown: true }));
    findings.push(...syntaxFindings(htmlToText(withoutHtmlCode(article)), 'html', url, { literals }));
    // `<meta name="description">` is the page's description (layout/document.ts), escaped.
    const descriptions: [string, string | undefined][] = [
      ['llms.txt', llms.get(page.markdownUrl)],
      ['search', search.get(url)],
      ['meta', page.description],
    ];
    // The base URL sitegate writes before a relative link (in a tag markdown-it reads as text too) is no author's word.
    const mdWords = wordsOf(markdownText(body).replaceAll(BASE, ' '));
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
      findings.push(...syntaxFindings(description, where, url, { literals }));
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
