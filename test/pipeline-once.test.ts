/**
 * Issue 31, done-when 3 (first half) and Root 1: each page's source goes through the one pipeline
 * (src/content/page-text.ts) once per build, and every consumer reads its result. Small sites of
 * four generators, as their docs write them:
 * - Docusaurus, an MDX page importing a markdown partial (docusaurus.io/docs/markdown-features/react#importing-markdown)
 *   and a `.md` page importing `@theme/Tabs` (docusaurus.io/docs/markdown-features/tabs);
 * - Hugo, a page opening with a shortcode (gohugo.io/content-management/shortcodes/) and a `ref`
 *   (gohugo.io/methods/shortcode/ref-relref);
 * - mdBook, a chapter with `{{#include}}` (rust-lang.github.io/mdBook/format/mdbook.html#including-files).
 * For each: the snapshot is built, every page's HTML and `.md`, llms.txt, llms-full.txt and a search
 * are requested, and `check`'s function is run; the pipeline runs once per source in each build, a
 * word only an included file holds is found by search, and llms.txt, `<meta name="description">`
 * and search hits describe the page in plain words (exact strings).
 */
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../src/cli/check.js';
import { observePageText } from '../src/content/page-text.js';
import { buildTestApp, removeDir, writeContent, type TestApp } from './helpers.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) removeDir(dir);
});
afterEach(() => observePageText(undefined));

/** Runs of the pipeline by source file, while `run` is awaited. */
async function countRuns(run: () => unknown): Promise<Record<string, number>> {
  const runs: Record<string, number> = {};
  observePageText((relPath) => {
    runs[relPath] = (runs[relPath] ?? 0) + 1;
  });
  try {
    await run();
  } finally {
    observePageText(undefined);
  }
  return runs;
}

/** Every page of the app requested as HTML (kept by file) and markdown, then llms.txt, llms-full.txt and the search; the answers. */
async function requestAll(
  test: TestApp,
  query: string,
): Promise<{ html: Map<string, string>; llms: string; full: string; hits: { path: string; description: string }[] }> {
  const html = new Map<string, string>();
  for (const page of test.loaded.snapshot.site.pages.values()) {
    const res = await test.app.inject({ url: page.url, headers: { accept: 'text/html' } });
    expect(res.statusCode, page.url).toBe(200);
    html.set(page.file, res.body);
    const md = await test.app.inject({ url: page.markdownUrl });
    expect(md.statusCode, page.markdownUrl).toBe(200);
  }
  const llms = (await test.app.inject({ url: '/llms.txt' })).body;
  const full = (await test.app.inject({ url: '/llms-full.txt' })).body;
  const search = await test.app.inject({ url: `/api/search.json?q=${query}` });
  expect(search.statusCode).toBe(200);
  const hits = search.json<{ results?: { path: string; description: string }[] } | { path: string; description: string }[]>();
  return { html, llms, full, hits: Array.isArray(hits) ? hits : (hits.results ?? []) };
}

/** The `<meta name="description">` of an HTML page. */
function metaDescription(html: string): string | undefined {
  return /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
}

/** Builds the site as `serve` does, counting runs, then requests everything and runs `check`, counting again. */
async function exercise(
  files: Record<string, string>,
  contentFolder: string,
  conventions: string,
  query: string,
): Promise<{
  buildRuns: Record<string, number>;
  checkRuns: Record<string, number>;
  answers: Awaited<ReturnType<typeof requestAll>>;
  check: ReturnType<typeof checkContent>;
}> {
  const root = writeContent(files);
  dirs.push(root);
  const dir = path.join(root, contentFolder);
  let test: TestApp | undefined;
  let answers: Awaited<ReturnType<typeof requestAll>> | undefined;
  try {
    const buildRuns = await countRuns(async () => {
      test = await buildTestApp(dir, { settings: { conventions } });
      answers = await requestAll(test, query);
    });
    let check: ReturnType<typeof checkContent> | undefined;
    const checkRuns = await countRuns(() => {
      check = checkContent(dir, undefined, { conventions: conventions as never });
    });
    return { buildRuns, checkRuns, answers: answers as NonNullable<typeof answers>, check: check as NonNullable<typeof check> };
  } finally {
    await test?.app.close();
  }
}

describe('the pipeline runs once per source, and every consumer reads its text', () => {
  it('Docusaurus: an MDX partial and @theme/Tabs (docusaurus.io/docs/markdown-features/react#importing-markdown, /tabs)', async () => {
    const { buildRuns, checkRuns, answers, check } = await exercise(
      {
        'docusaurus.config.js': "export default { title: 'Acme' };\n",
        'docs/intro.mdx': "---\ntitle: Intro\n---\nimport Shared from './_shared.md';\n\n<Shared />\n\nMore of the intro.\n",
        'docs/_shared.md': 'The zephyrword lives only in the partial.\n',
        'docs/install.md':
          '# Install\n\nimport Tabs from \'@theme/Tabs\';\nimport TabItem from \'@theme/TabItem\';\n\n<Tabs>\n  <TabItem value="npm" label="npm">\n\nRun the installer with npm.\n\n  </TabItem>\n</Tabs>\n',
      },
      'docs',
      'docusaurus',
      'zephyrword',
    );
    expect(buildRuns).toStrictEqual({ 'install.md': 1, 'intro.mdx': 1 });
    expect(checkRuns).toStrictEqual(buildRuns);
    expect(answers.hits.map(({ path: url, description }) => ({ url, description }))).toStrictEqual([
      { url: '/intro', description: 'The zephyrword lives only in the partial.' },
    ]);
    // The tab's label is the first paragraph of the plain text (`**npm**`), in plain words.
    expect(metaDescription(answers.html.get('install.md') ?? '')).toBe('npm');
    expect(metaDescription(answers.html.get('intro.mdx') ?? '')).toBe('The zephyrword lives only in the partial.');
    expect(answers.llms).toContain('- [Install](http://sitegate.test/install.md): npm\n');
    expect(answers.llms).toContain('- [Intro](http://sitegate.test/intro.md): The zephyrword lives only in the partial.\n');
    expect(answers.full).toContain('The zephyrword lives only in the partial.');
    expect(answers.full).not.toContain('import ');
    expect(check.problems).toStrictEqual([]);
  });

  it('Hugo: a shortcode opening the page and a ref (gohugo.io/content-management/shortcodes/, /methods/shortcode/ref-relref)', async () => {
    const { buildRuns, checkRuns, answers, check } = await exercise(
      {
        'hugo.toml': "title = 'Acme'\n",
        'content/_index.md':
          '---\ntitle: Home\n---\n{{< hint info >}}\nWelcome to the quasarword handbook.\n{{< /hint >}}\n\nSee [setup]({{< ref "guide/setup.md" >}}).\n',
        'content/guide/setup.md': '---\ntitle: Setup\n---\n{{% notice tip %}}\nInstall it first.\n{{% /notice %}}\n',
      },
      'content',
      'hugo',
      'quasarword',
    );
    expect(buildRuns).toStrictEqual({ '_index.md': 1, 'guide/setup.md': 1 });
    expect(checkRuns).toStrictEqual(buildRuns);
    expect(answers.hits.map(({ path: url, description }) => ({ url, description }))).toStrictEqual([
      { url: '/', description: 'Welcome to the quasarword handbook.' },
    ]);
    expect(metaDescription(answers.html.get('guide/setup.md') ?? '')).toBe('Install it first.');
    expect(answers.llms).toContain(': Install it first.\n');
    // The ref became a link to the content file, resolved by the link step (the trailing slash is the URL rules' to decide).
    expect(answers.html.get('_index.md')).toMatch(/<a href="\/guide\/setup\/?">setup<\/a>/);
    expect(check.problems).toStrictEqual([]);
  });

  it('mdBook: a chapter with {{#include}} (rust-lang.github.io/mdBook/format/mdbook.html#including-files)', async () => {
    const { buildRuns, checkRuns, answers, check } = await exercise(
      {
        'book.toml': '[book]\ntitle = "Acme"\n',
        'src/SUMMARY.md': '# Summary\n\n- [Chapter](chapter.md)\n',
        'src/chapter.md': '# Chapter\n\n{{#include ../listings/part.md}}\n',
        'listings/part.md': 'Only the included file holds the nebulaword.\n',
      },
      'src',
      'mdbook',
      'nebulaword',
    );
    expect(buildRuns).toStrictEqual({ 'chapter.md': 1 });
    expect(checkRuns).toStrictEqual(buildRuns);
    expect(answers.hits.map(({ path: url, description }) => ({ url, description }))).toStrictEqual([
      { url: '/chapter', description: 'Only the included file holds the nebulaword.' },
    ]);
    expect(metaDescription(answers.html.get('chapter.md') ?? '')).toBe('Only the included file holds the nebulaword.');
    expect(answers.llms).toContain('[Chapter](http://sitegate.test/chapter.md): Only the included file holds the nebulaword.\n');
    expect(check.problems).toStrictEqual([]);
  });
});
