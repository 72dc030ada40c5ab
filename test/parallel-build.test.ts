/**
 * The parallel build (src/snapshot/parallel-build.ts) must give exactly what the single-threaded
 * build gives: the same pages, problems, search results and documents. Runs the compiled server
 * (the suite runs after `npm run build`), where the worker script exists, on generated sites: one
 * whose duplicate URL straddles the boundary between two workers, and one in two languages.
 * docs-large (7,425 pages) is in test/parallel-build.corpora.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL, BASE, loadSnapshot, outcome, type Loaded } from './parallel-build-support.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A new temporary site folder, removed after the tests, and a function writing a file into it. */
function newSite(): { dir: string; write: (file: string, text: string) => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-parallel-'));
  folders.push(dir);
  const write = (file: string, text: string): void => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  return { dir, write };
}

describe('the parallel build', () => {
  it('resolves a duplicate URL split between two workers, drafts, internal pages and problems the same way', () => {
    const { dir, write } = newSite();
    // README.md sorts first and index.md last in m/, with 6,000 pages between them.
    write('m/README.md', '# Readme\n\nThe folder, as README.\n');
    write('m/index.md', '---\ntitle: Index\n---\n\nThe folder, as index.\n');
    for (let i = 0; i < 6000; i++) write(`m/a${String(i).padStart(4, '0')}.md`, `# Page ${i}\n\nWords ${i % 7} and more words.\n`);
    write('m/draft.md', '---\ndraft: true\n---\n\nNot yet.\n');
    write('m/untitled.md', 'No heading here.\n');
    write('internal/secret.md', '# Secret\n\nOn-call words.\n');
    write('m/bad.md', '---\ntitle: [unclosed\n---\n\nBody.\n');
    const parallel = loadSnapshot(dir, { baseUrl: BASE });
    const serial = loadSnapshot(dir, { baseUrl: BASE, parallel: false });
    expect(parallel.snapshot.buildWorkers).toBeGreaterThanOrEqual(2);
    expect(parallel.snapshot.site.pages.get('/m/')?.file).toBe('m/index.md');
    expect(parallel.problems.filter((problem) => problem.file === 'm/README.md')).toStrictEqual([
      { severity: 'error', file: 'm/README.md', message: 'duplicate URL /m/: also served by m/index.md, which wins' },
    ]);
    expect(outcome(parallel)).toStrictEqual(outcome(serial));
  });

  it('builds one index per language alike: a default tree and its German translation', () => {
    const { dir, write } = newSite();
    for (let i = 0; i < 3000; i++) {
      write(
        `g/p${i}.md`,
        `# Page ${i}

Gardens ${i % 7} and roses.
`,
      );
      write(
        `de/g/p${i}.md`,
        `# Seite ${i}

Gärten ${i % 7} und Rosen.
`,
      );
    }
    const parallel = loadSnapshot(dir, { baseUrl: BASE });
    const serial = loadSnapshot(dir, { baseUrl: BASE, parallel: false });
    expect(parallel.snapshot.buildWorkers).toBeGreaterThanOrEqual(2);
    const german = (loaded: Loaded) =>
      ['rose', 'garten', 'seite 12'].map((query) => loaded.snapshot.search.search(query, { ...ALL, language: 'de' }));
    expect(german(parallel)[0]?.total).toBe(3000);
    expect(german(parallel)[0]?.results.every((doc) => doc.path.startsWith('/de/'))).toBe(true);
    expect(german(parallel)).toStrictEqual(german(serial));
    expect(outcome(parallel)).toStrictEqual(outcome(serial));
  });

  it('builds one index per docs version alike: a Docusaurus site whose 1.x pages are read on other workers', () => {
    const { dir, write } = newSite();
    write('docusaurus.config.js', "export default { title: 'T', presets: [['classic', { docs: {} }]] };\n");
    write('versions.json', '["1.x"]');
    for (let i = 0; i < 2600; i++) {
      write(`docs/p${i}.md`, `# Page ${i}\n\nKettles ${i % 7} and lids.\n`);
      write(`versioned_docs/version-1.x/p${i}.md`, `# Page ${i}\n\nKettles ${i % 7} and old lids.\n`);
    }
    const parallel = loadSnapshot(dir, { baseUrl: BASE });
    const serial = loadSnapshot(dir, { baseUrl: BASE, parallel: false });
    expect(parallel.snapshot.buildWorkers).toBeGreaterThanOrEqual(2);
    // 1.x, the last version, is current at /docs/; the docs folder is the unreleased `current` at /docs/next/.
    const byVersion = (loaded: Loaded) =>
      [undefined, 'current'].map((version) => loaded.snapshot.search.search('kettles 3', { ...ALL, version }));
    expect(byVersion(parallel)[0]?.results.every((doc) => /^\/docs\/p\d+$/.test(doc.path))).toBe(true);
    expect(byVersion(parallel)[1]?.results.every((doc) => doc.path.startsWith('/docs/next/'))).toBe(true);
    expect(byVersion(parallel).map((found) => found.total > 0)).toStrictEqual([true, true]);
    expect(byVersion(parallel)).toStrictEqual(byVersion(serial));
    expect(outcome(parallel)).toStrictEqual(outcome(serial));
  });

  it('reads MDX in .md pages of a site without .mdx files: its workers load the MDX reader at the first such page', () => {
    const { dir, write } = newSite();
    for (let i = 0; i < 5200; i++) write(`p/a${String(i).padStart(4, '0')}.md`, `# Page ${i}\n\nPlain words ${i % 5}.\n`);
    // Docusaurus reads every .md as MDX (docusaurus.io/docs/markdown-features#mdx-vs-commonmark): ESM and an
    // unknown component, on a plain folder too; one page in each worker's share, and one with invalid frontmatter.
    const mdx = (title: string) => `import Chart from './chart';\n\n# ${title}\n\n<Chart kind="bars">Quarterly figures</Chart>\n`;
    write('p/a0100.md', mdx('Early chart'));
    write('p/a5100.md', mdx('Late chart'));
    write('p/a5150.md', `---\ntitle: [unclosed\n---\n\n${mdx('Broken frontmatter')}`);
    const parallel = loadSnapshot(dir, { baseUrl: BASE });
    const serial = loadSnapshot(dir, { baseUrl: BASE, parallel: false });
    expect(parallel.snapshot.buildWorkers).toBeGreaterThanOrEqual(2);
    const late = (loaded: Loaded) => loaded.snapshot.pages.get('/p/a5100')?.markdown.bytes.toString('utf8');
    expect(late(parallel)).toBe(`# Late chart\n\n> For agents: the index of this site is ${BASE}/llms.txt\n\nQuarterly figures\n`);
    expect(parallel.problems.filter((problem) => problem.file === 'p/a5150.md')).toStrictEqual(
      serial.problems.filter((problem) => problem.file === 'p/a5150.md'),
    );
    expect(
      parallel.problems.filter((problem) => problem.file === 'p/a5150.md').map((problem) => problem.message.slice(0, 28)),
    ).toStrictEqual(['invalid YAML frontmatter at ', 'MDX components unwrapped (un']);
    expect(outcome(parallel)).toStrictEqual(outcome(serial));
  });
});
