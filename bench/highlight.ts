/**
 * `npm run bench -- highlight [dir…]`: what build-time code highlighting costs on the first render
 * of every page (content/page-content.ts `renderPageContent`, the work a page's first request does;
 * snapshot/page-bodies.ts), with highlighting off, with highlight.js (the site's highlighter,
 * content/code/highlight.ts) and with Shiki (its JavaScript regex engine, `createHighlighterCore`
 * with the languages the corpus uses, github-light/github-dark). Each corpus is read once, then
 * every page is rendered once per highlighter, after a warm-up pass. Default corpora: docs-large
 * and the real corpus with the most code blocks (Starlight's docs).
 */
import { fileURLToPath } from 'node:url';
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { bundledLanguages } from 'shiki/langs';
import { renderPageContent } from '../src/content/page-content.js';
import { highlightCode, type CodeHighlighter } from '../src/content/code/highlight.js';
import { fenceInfo } from '../src/content/code/fence-info.js';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import type { Site } from '../src/content/site.js';

const CORPORA = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const DEFAULT_DIRS = [`${CORPORA}docs-large`, `${CORPORA}real/starlight`];
const BASE_URL = 'http://127.0.0.1:3000';

/** One measured row. */
interface Row {
  corpus: string;
  pages: number;
  blocks: number;
  highlighter: string;
  setupMs: number;
  renderMs: number;
}

/** The languages of the fenced blocks of every page, and how many blocks there are. */
function fencesOf(site: Site): { langs: Set<string>; blocks: number } {
  const langs = new Set<string>();
  let blocks = 0;
  for (const source of site.sources.values()) {
    for (const match of source.read().matchAll(/^ {0,3}(?:`{3,}|~{3,})([^\n`]*)$/gm)) {
      const lang = fenceInfo(match[1] ?? '').lang;
      blocks += 1;
      if (lang !== '') langs.add(lang);
    }
  }
  // Each block has an opening and a closing fence line.
  return { langs, blocks: Math.floor(blocks / 2) };
}

/** Shiki as a {@link CodeHighlighter}: the inside of its `<code>`, colours as inline CSS variables (which the CSP would refuse). */
async function shikiHighlighter(langs: ReadonlySet<string>): Promise<CodeHighlighter> {
  const known = [...langs].filter((lang) => lang in bundledLanguages) as (keyof typeof bundledLanguages)[];
  const shiki: HighlighterCore = await createHighlighterCore({
    themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
    langs: known.map((lang) => bundledLanguages[lang]()),
    engine: createJavaScriptRegexEngine(),
  });
  const loaded = new Set(shiki.getLoadedLanguages());
  return (code, lang) => {
    if (!loaded.has(lang)) return undefined;
    const html = shiki.codeToHtml(code, { lang, themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: false });
    return html.slice(html.indexOf('<code>') + 6, html.lastIndexOf('</code>'));
  };
}

/** Renders every page of `site` once with `highlight`; milliseconds. */
function renderAll(site: Site, highlight: CodeHighlighter | null): number {
  const started = performance.now();
  for (const page of site.pages.values()) renderPageContent(site, page, BASE_URL, { highlight });
  return performance.now() - started;
}

async function measure(dir: string): Promise<Row[]> {
  const { snapshot } = loadSnapshot(dir, { baseUrl: BASE_URL, parallel: false });
  const site = snapshot.site;
  const corpus = dir.replace(CORPORA, '');
  const { langs, blocks } = fencesOf(site);
  const row = (highlighter: string, setupMs: number, renderMs: number): Row => ({
    corpus,
    pages: site.pages.size,
    blocks,
    highlighter,
    setupMs,
    renderMs,
  });
  renderAll(site, null);
  const rows = [row('off', 0, renderAll(site, null))];
  let started = performance.now();
  highlightCode('let x = 1;', 'js');
  const hljsSetup = performance.now() - started;
  rows.push(row('highlight.js (chosen)', hljsSetup, renderAll(site, highlightCode)));
  started = performance.now();
  const shiki = await shikiHighlighter(langs);
  const shikiSetup = performance.now() - started;
  rows.push(row('Shiki, JS regex engine', shikiSetup, renderAll(site, shiki)));
  return rows;
}

/** Runs the measurement and prints a markdown table. */
export async function runHighlightBench(args: readonly string[]): Promise<void> {
  const dirs = args.length === 0 ? DEFAULT_DIRS : args;
  const rows: Row[] = [];
  for (const dir of dirs) rows.push(...(await measure(dir)));
  const lines = [
    '## First render of all pages, highlighting on/off',
    '',
    `node ${process.version}; renderPageContent() of every page once per highlighter, after a warm-up pass with highlighting off`,
    '',
    '| corpus | pages | code blocks | highlighter | setup ms | render all ms | vs off |',
    '| --- | ---: | ---: | --- | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    const off = rows.find((o) => o.corpus === r.corpus && o.highlighter === 'off') as Row;
    lines.push(
      `| ${r.corpus} | ${r.pages} | ${r.blocks} | ${r.highlighter} | ${r.setupMs.toFixed(0)} | ${r.renderMs.toFixed(0)} | ${(r.renderMs / off.renderMs).toFixed(2)}× |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
