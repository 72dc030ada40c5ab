/**
 * `npx tsx bench/build-corpora.ts [--runs N] [--src DIR]`: how long sitegate takes to build each
 * corpus (docs-large and the seven real sites of ../shared/corpora), and what it serves.
 *
 * Per corpus and run, two timings, in process: `build` is `loadSnapshot` (what `serve` does before
 * it listens: read, conventions, nav, search index, discovery files; pages render on demand) and
 * `render` is every page rendered once as HTML and markdown (`renderPageContent`, what the first
 * request of each page, or `check`, costs). The median of N runs (default 3) is printed.
 *
 * Then, for the tree the script sits in, a table per corpus: `.md`/`.mdx` sources on disk, pages
 * served, static files served, leaks (pages served to anyone that their frontmatter, the internal
 * zone or the generator's conventions keep private or unpublished: must be 0; the rules of
 * content/access.ts, as test/private-content.test.ts checks them end to end) and `check`'s result.
 *
 * `--src DIR` times another checkout of sitegate (a `git worktree` of an older commit, with this
 * tree's node_modules linked in) with the same two calls, so that before and after are measured
 * the same way; its table is left out (older trees lack the functions it needs).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const CORPORA = fileURLToPath(new URL('../../shared/corpora/', import.meta.url));
const SITES = [
  'docs-large',
  ...['docusaurus', 'gitbook', 'hugo', 'mdbook', 'mkdocs', 'starlight', 'vitepress'].map((name) => `real/${name}`),
];
const BASE_URL = 'http://localhost';

/** What the timings need of a sitegate tree: both exist, with these shapes, since before issue 13. */
interface Tree {
  loadSnapshot(dir: string, options: { baseUrl: string }): { snapshot: { site: SiteLike } };
  renderPageContent(site: SiteLike, page: unknown, baseUrl: string, options: { pageMaxChars: number }): unknown;
}
interface SiteLike {
  pages: ReadonlyMap<string, unknown>;
}

/** The median of numbers. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Build and render times of one corpus, in ms, one run. */
function timeOnce(tree: Tree, dir: string): { buildMs: number; renderMs: number } {
  const start = performance.now();
  const { snapshot } = tree.loadSnapshot(dir, { baseUrl: BASE_URL });
  const built = performance.now();
  for (const page of snapshot.site.pages.values()) tree.renderPageContent(snapshot.site, page, BASE_URL, { pageMaxChars: 0 });
  return { buildMs: built - start, renderMs: performance.now() - built };
}

/** Every `.md`/`.mdx` file below `dir`, dot-named folders left out. */
function sourceCount(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (name) => /\.mdx?$/i.test(name) && !name.split(path.sep).some((part) => part.startsWith('.') && !/^\.+\.mdx?$/.test(part)),
  ).length;
}

/** The table of the tree this script sits in: what each corpus serves, its leaks and its check result. */
async function servedTable(): Promise<string[]> {
  const { loadSnapshot } = await import('../src/snapshot/snapshot.js');
  const { loadSiteFiles } = await import('../src/content/conventions/index.js');
  const { splitFrontmatter } = await import('../src/content/frontmatter.js');
  const { accessOf, isInternalFile, unpublishedBy } = await import('../src/content/access.js');
  const { checkContent } = await import('../src/cli/check.js');
  const rows = ['| corpus | sources | pages served | static files served | leaks | check |', '| --- | ---: | ---: | ---: | ---: | --- |'];
  for (const name of SITES) {
    const dir = path.join(CORPORA, name, 'content');
    const { site } = loadSnapshot(dir, { baseUrl: BASE_URL }).snapshot;
    const unpublished = loadSiteFiles(dir).conventions.unpublished;
    let leaks = 0;
    for (const page of site.pages.values()) {
      if (page.kind === 'internal') continue;
      const data = splitFrontmatter(site.sources.get(page.key)?.read() ?? '').data;
      if (
        accessOf(data) === 'internal' ||
        unpublishedBy(data).unpublished ||
        isInternalFile(page.file, site.internalZone) ||
        unpublished.has(page.file)
      )
        leaks++;
    }
    const check = checkContent(dir);
    const errors = check.problems.filter((problem) => problem.severity === 'error').length;
    const result = `exit ${errors > 0 ? 1 : 0}: ${errors} errors, ${check.problems.length - errors} warnings`;
    rows.push(`| ${name} | ${sourceCount(dir)} | ${site.pages.size} | ${site.assets.size} | ${leaks} | ${result} |`);
  }
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, src: { type: 'string' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: a whole number of runs, got ${values.runs}`);
  const root = values.src === undefined ? fileURLToPath(new URL('..', import.meta.url)) : path.resolve(values.src);
  const tree: Tree = {
    ...((await import(path.join(root, 'src/snapshot/snapshot.ts'))) as Pick<Tree, 'loadSnapshot'>),
    ...((await import(path.join(root, 'src/content/page-content.ts'))) as Pick<Tree, 'renderPageContent'>),
  };
  const lines = [
    `# build times of ${root} (median of ${runs} runs, ms)`,
    '',
    '| corpus | pages | build | render all pages |',
    '| --- | ---: | ---: | ---: |',
  ];
  for (const name of SITES) {
    const dir = path.join(CORPORA, name, 'content');
    const times = Array.from({ length: runs }, () => timeOnce(tree, dir));
    const pages = tree.loadSnapshot(dir, { baseUrl: BASE_URL }).snapshot.site.pages.size;
    lines.push(
      `| ${name} | ${pages} | ${median(times.map((t) => t.buildMs)).toFixed(0)} | ${median(times.map((t) => t.renderMs)).toFixed(0)} |`,
    );
  }
  if (values.src === undefined) lines.push('', ...(await servedTable()));
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
