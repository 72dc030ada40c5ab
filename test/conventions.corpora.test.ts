/**
 * The seven real doc sites (../shared/corpora/real/), each served by its generator's conventions,
 * checked against what the generator declares, read here by simple independent means (line
 * patterns, the YAML parser, requiring sidebars.js as the Docusaurus build does): declared sibling
 * pairs in the same order in the nav and in llms.txt, titles and nav labels by the generator's
 * rule, and no file the generator never publishes served. Pages the build does not list yet
 * (`.mdx`) are left out of the pairs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { splitFrontmatter } from '../src/content/frontmatter.js';
import { navLabel } from '../src/content/folders.js';
import type { Page } from '../src/content/page.js';
import { loadSnapshot, type Snapshot } from '../src/snapshot/snapshot.js';
import { CORPORA_DIR, TEST_BASE_URL } from './helpers.js';

const REAL = path.join(CORPORA_DIR, 'real');

/** What a generator declares about a site, read by the test on its own. */
interface Declared {
  /** Pairs of files declared as consecutive siblings, first before second. */
  pairs: [string, string][];
  /** Title each file must have, by file. */
  titles: Map<string, string>;
  /** Nav label each file must have, by file. */
  labels: Map<string, string>;
  /** Files the generator never publishes. */
  unpublished: string[];
}

const read = (corpus: string, file: string): string => readFileSync(path.join(REAL, corpus, file), 'utf8');
const unescape = (label: string): string => label.replace(/\\(.)/g, '$1').replace(/`/g, '');

/** Consecutive siblings among entries given with their parent key, in declaration order. */
function siblingPairs(entries: readonly { file: string; parent: string }[]): [string, string][] {
  const last = new Map<string, string>();
  const pairs: [string, string][] = [];
  for (const { file, parent } of entries) {
    const previous = last.get(parent);
    if (previous !== undefined) pairs.push([previous, file]);
    last.set(parent, file);
  }
  return pairs;
}

/** SUMMARY.md by its lines: `[Label](file.md)` items, nested by indentation, grouped by headings. */
function summary(corpus: string, allFiles: readonly string[]): Declared {
  const entries: { file: string; parent: string; label: string }[] = [];
  const stack: { indent: number; file: string }[] = [];
  let group = '';
  for (const line of read(corpus, 'content/SUMMARY.md').split('\n')) {
    if (line.startsWith('#')) {
      group = line;
      stack.length = 0;
    }
    const match = /^(\s*)(?:[-*]\s+)?\[(.+)\]\(([^)]+\.md)\)\s*$/.exec(line);
    if (match === null) continue;
    const indent = (match[1] as string).length;
    while (stack.length > 0 && (stack[stack.length - 1] as { indent: number }).indent >= indent) stack.pop();
    const file = decodeURIComponent(match[3] as string);
    entries.push({ file, parent: `${group}>${stack[stack.length - 1]?.file ?? ''}`, label: unescape(match[2] as string) });
    stack.push({ indent, file });
  }
  const listed = new Set(entries.map((entry) => entry.file));
  return {
    pairs: siblingPairs(entries),
    titles: new Map(entries.map((entry) => [entry.file, entry.label])),
    labels: new Map(entries.map((entry) => [entry.file, entry.label])),
    unpublished: allFiles.filter((file) => !listed.has(file)),
  };
}

/** mkdocs.yml `nav`, parsed with the YAML library: pairs within each list, a section standing for its first page. */
function mkdocs(): Declared {
  const config = parseYaml(read('mkdocs', 'mkdocs.yml'), { logLevel: 'silent' }) as { nav: unknown[] };
  const titles = new Map<string, string>();
  const pairs: [string, string][] = [];
  const first = (entry: unknown): string | undefined => {
    if (typeof entry === 'string') return entry;
    const [title, value] = Object.entries(entry as object)[0] as [string, unknown];
    if (typeof value === 'string') {
      titles.set(value, title);
      return value;
    }
    return list(value as unknown[]);
  };
  const list = (entries: unknown[]): string | undefined => {
    const files = entries.map(first).filter((file): file is string => file !== undefined && !file.startsWith('http'));
    for (let i = 1; i < files.length; i++) pairs.push([files[i - 1] as string, files[i] as string]);
    return files[0];
  };
  list(config.nav);
  return { pairs, titles, labels: titles, unpublished: [] };
}

/** sidebars.js, required as Docusaurus requires it; ids mapped to files by frontmatter `id` or file name. */
function docusaurus(files: readonly string[]): Declared {
  const sidebars = createRequire(import.meta.url)(path.join(REAL, 'docusaurus/sidebars.js')) as { docs: Record<string, unknown[]> };
  const byId = new Map<string, string>();
  const titles = new Map<string, string>();
  const labels = new Map<string, string>();
  for (const file of files) {
    const data = splitFrontmatter(read('docusaurus', `content/${file}`)).data;
    const folder = path.posix.dirname(file);
    const id = typeof data.id === 'string' ? data.id : path.posix.basename(file).replace(/\.mdx?$/, '');
    byId.set(folder === '.' ? id : `${folder}/${id}`, file);
    if (typeof data.title === 'string') titles.set(file, data.title);
    const label = typeof data.sidebar_label === 'string' ? data.sidebar_label : data.title;
    if (typeof label === 'string') labels.set(file, label);
  }
  const pairs: [string, string][] = [];
  const list = (items: unknown[]): string | undefined => {
    const firsts = items
      .map((item) => {
        if (typeof item === 'string') return byId.get(item);
        const object = item as { items?: unknown[]; id?: string };
        return object.items !== undefined ? list(object.items) : object.id === undefined ? undefined : byId.get(object.id);
      })
      .filter((file): file is string => file !== undefined);
    for (let i = 1; i < firsts.length; i++) pairs.push([firsts[i - 1] as string, firsts[i] as string]);
    return firsts[0];
  };
  list(Object.values(sidebars.docs).map((items) => ({ items })));
  return { pairs, titles, labels, unpublished: files.filter((file) => file.split('/').some((part) => part.startsWith('_'))) };
}

/**
 * Frontmatter weights (Hugo `weight`, Starlight `sidebar.order`): in each folder, pages by weight;
 * with `byPath`, the pages without one follow in file path order (Starlight's autogenerated groups).
 */
function weighted(
  corpus: string,
  files: readonly string[],
  weightOf: (data: Record<string, unknown>) => unknown,
  labelOf: (data: Record<string, unknown>) => unknown,
  byPath = false,
): Declared {
  const byFolder = new Map<string, { file: string; weight: number }[]>();
  const titles = new Map<string, string>();
  const labels = new Map<string, string>();
  for (const file of files) {
    const data = splitFrontmatter(read(corpus, `content/${file}`)).data;
    if (typeof data.title === 'string') titles.set(file, data.title);
    const label = labelOf(data) ?? data.title;
    if (typeof label === 'string') labels.set(file, label);
    const declared = weightOf(data);
    const weight = typeof declared === 'number' && declared !== 0 ? declared : byPath ? Infinity : undefined;
    if (weight === undefined || /(^|\/)_?index\.md$/.test(file) || /(^|\/)404\.md$/.test(file)) continue;
    const folder = path.posix.dirname(file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), { file, weight }]);
  }
  const pairs: [string, string][] = [];
  for (const list of byFolder.values()) {
    list.sort((a, b) => a.weight - b.weight || (a.file < b.file ? -1 : 1));
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1], list[i]] as [{ file: string; weight: number }, { file: string; weight: number }];
      if (a.weight < b.weight || byPath) pairs.push([a.file, b.file]);
    }
  }
  return { pairs, titles, labels, unpublished: [] };
}

/** .vitepress/config.ts by its lines: `link:` entries in the sidebar, siblings at one indentation within a group. */
function vitepress(): Declared {
  const text = read('vitepress', 'content/.vitepress/config.ts');
  const lines = text.slice(text.indexOf('    sidebar: {')).split('\n');
  const entries: { file: string; parent: string }[] = [];
  const labels = new Map<string, string>();
  let group = 0;
  let text_: string | undefined;
  for (const line of lines) {
    const textMatch = /^(\s*)text: '(.+)',$/.exec(line);
    if (textMatch !== null) text_ = textMatch[2];
    if (/^\s*items: \[/.test(line)) group++;
    const link = /^(\s*)link: '(\/[^']*)',$/.exec(line);
    if (link === null) continue;
    const target = (link[2] as string).replace(/\.(md|html)$/, '').replace(/^\//, '');
    const file = target === '' || target.endsWith('/') ? `${target}index.md` : `${target}.md`;
    entries.push({ file, parent: `${group}:${(link[1] as string).length}` });
    if (text_ !== undefined && !labels.has(file)) labels.set(file, text_);
    if (/^\s*\],?$/.test(line)) group++;
  }
  return { pairs: siblingPairs(entries), titles: new Map(), labels, unpublished: [] };
}

/** Every `.md` file of a corpus's content folder (dot folders aside), relative, sorted. */
function markdownFiles(corpus: string): string[] {
  const dir = path.join(REAL, corpus, 'content');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.md') && !file.split('/').some((part) => part.startsWith('.')))
    .sort();
}

const CORPORA: { corpus: string; declared: (files: string[]) => Declared }[] = [
  { corpus: 'mdbook', declared: (files) => summary('mdbook', files) },
  { corpus: 'gitbook', declared: (files) => summary('gitbook', files) },
  { corpus: 'mkdocs', declared: () => mkdocs() },
  { corpus: 'docusaurus', declared: (files) => docusaurus(files) },
  {
    corpus: 'hugo',
    declared: (files) => {
      const declared = weighted(
        'hugo',
        files,
        (data) => data.weight,
        (data) => data.linkTitle,
      );
      const never = files.filter(
        (file) => file.startsWith('_common/') || (file.startsWith('quick-reference/glossary/') && !file.endsWith('_index.md')),
      );
      return { ...declared, unpublished: never };
    },
  },
  {
    corpus: 'starlight',
    declared: (files) => {
      const sidebar = (data: Record<string, unknown>): Record<string, unknown> => (data.sidebar ?? {}) as Record<string, unknown>;
      const declared = weighted(
        'starlight',
        files,
        (data) => sidebar(data).order,
        (data) => sidebar(data).label,
        true,
      );
      return { ...declared, unpublished: files.filter((file) => /(^|\/)404\.md$/.test(file)) };
    },
  },
  { corpus: 'vitepress', declared: () => vitepress() },
];

/** Prints a corpus's measured figures when `SITEGATE_FIGURES` is set (for the closing note of a change). */
function figures(corpus: string, text: string): void {
  if (process.env.SITEGATE_FIGURES !== undefined) process.stdout.write(`figures ${corpus}: ${text}\n`);
}

/** Share of `items` for which `holds` is true, 1 when there are none. */
function share<T>(items: readonly T[], holds: (item: T) => boolean): number {
  return items.length === 0 ? 1 : items.filter(holds).length / items.length;
}

describe.each(CORPORA)('real/$corpus served by its conventions', ({ corpus, declared: declare }) => {
  let snapshot: Snapshot;
  let declared: Declared;
  let byFile: Map<string, Page>;
  beforeAll(() => {
    snapshot = loadSnapshot(path.join(REAL, corpus, 'content'), { baseUrl: TEST_BASE_URL, parallel: false }).snapshot;
    declared = declare(markdownFiles(corpus));
    byFile = new Map([...snapshot.site.pages.values()].map((page) => [page.file, page]));
  });

  it('recognises the generator', () => {
    expect(snapshot.site.generator.name).toBe(corpus);
  });

  it('keeps ≥ 95% of the declared sibling pairs in order in the nav and in llms.txt', () => {
    const served = declared.pairs.filter(([a, b]) => byFile.has(a) && byFile.has(b));
    expect(served.length).toBeGreaterThan(0);
    // Each language is its own tree (content/languages.ts); a sibling pair is in one of them.
    const navIndex = new Map(snapshot.site.languages.flatMap((language) => language.navPages).map((page, i) => [page.file, i]));
    // A large site's llms.txt lists section files: their links, in the order the root lists them.
    const root = snapshot.discovery.llmsTxt.bytes.toString('utf8');
    const sectionFiles = [...root.matchAll(/\]\((http[^)]+\/llms(?:-[\w-]+)?\.txt)\)/g)].map(
      (match) => new URL(match[1] as string).pathname,
    );
    const llms = [root, ...sectionFiles.map((file) => snapshot.discovery.llmsFiles.get(file)?.bytes.toString('utf8') ?? '')].join('\n');
    const llmsIndex = (file: string): number => llms.indexOf(`](${TEST_BASE_URL}${(byFile.get(file) as Page).markdownUrl})`);
    const inNav = share(served, ([a, b]) => (navIndex.get(a) ?? -1) < (navIndex.get(b) ?? -1));
    const inLlms = share(served, ([a, b]) => llmsIndex(a) !== -1 && llmsIndex(a) < llmsIndex(b));
    figures(corpus, `${served.length} pairs: nav ${inNav.toFixed(3)}, llms.txt ${inLlms.toFixed(3)}`);
    expect(inNav, 'share of pairs in order in the nav').toBeGreaterThanOrEqual(0.95);
    expect(inLlms, 'share of pairs in order in llms.txt').toBeGreaterThanOrEqual(0.95);
  });

  it('gives ≥ 95% of pages the title and nav label the generator gives them', () => {
    const titles = [...declared.titles].filter(([file]) => byFile.has(file));
    const labels = [...declared.labels].filter(([file]) => byFile.has(file));
    expect(titles.length + labels.length).toBeGreaterThan(0);
    const titleShare = share(titles, ([file, title]) => (byFile.get(file) as Page).title === title);
    const labelShare = share(labels, ([file, label]) => navLabel(byFile.get(file) as Page) === label);
    figures(corpus, `${titles.length} titles ${titleShare.toFixed(3)}, ${labels.length} labels ${labelShare.toFixed(3)}`);
    expect(titleShare, 'share of titles by the generator rule').toBeGreaterThanOrEqual(0.95);
    expect(labelShare, 'share of nav labels by the generator rule').toBeGreaterThanOrEqual(0.95);
  });

  it('serves no file the generator never publishes', () => {
    expect(declared.unpublished.filter((file) => byFile.has(file))).toEqual([]);
  });
});
