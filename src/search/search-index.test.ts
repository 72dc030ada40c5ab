import { describe, expect, it } from 'vitest';
import { BatchCounter, buildSearchIndex, SearchIndexBuilder } from './index-builder.js';
import { DocumentCounter } from './document-counts.js';
import { runSteps } from '../build-steps.js';
import type { SearchDocument } from './search-index.js';
import { MAX_PREFIX_EXPANSIONS } from './vocabulary.js';

const doc = (path: string, title: string, description = ''): SearchDocument => ({ path, title, description });
const ALL = { limit: 100, offset: 0, includeInternal: true };
const PUBLIC = { ...ALL, includeInternal: false };

/** A small corpus: each page's body is its own markdown. */
function index() {
  return buildSearchIndex([
    {
      document: doc('/guides/configuration', 'Configuration', 'Every option.'),
      internal: false,
      markdown: 'Set `timeoutMs` in the configuration file.',
    },
    {
      document: doc('/guides/', 'Guides', 'Installing, configuring and running.'),
      internal: false,
      markdown: 'Read the [configuration](configuration.md) page.',
    },
    { document: doc('/guides/install', 'Install', ''), internal: false, markdown: 'Install the widget with npm. Widget widget widget.' },
    {
      document: doc('/internal/runbook', 'Runbook', 'On-call.'),
      internal: true,
      markdown: 'When the widget is down, page the on-call engineer.',
    },
    {
      document: doc('/café', 'Café Ünïcode', ''),
      internal: false,
      markdown: 'Grüße aus Köln; <span class="hidden-attribute">visible text</span>',
    },
  ]);
}

const paths = (query: string, options = ALL): string[] =>
  index()
    .search(query, options)
    .results.map((result) => result.path);

describe('CompactSearchIndex', () => {
  it('lists documents by path, internal ones only in allDocuments', () => {
    const built = index();
    expect(built.allDocuments.map((d) => d.path)).toStrictEqual([
      '/café',
      '/guides/',
      '/guides/configuration',
      '/guides/install',
      '/internal/runbook',
    ]);
    expect(built.publicDocuments.map((d) => d.path)).toStrictEqual(['/café', '/guides/', '/guides/configuration', '/guides/install']);
  });

  it('ranks a title hit above body and description hits', () => {
    expect(paths('configuration')).toStrictEqual(['/guides/configuration', '/guides/']);
  });

  it('matches every word as a prefix, preferring short completions', () => {
    expect(paths('configur')[0]).toBe('/guides/configuration');
    expect(paths('inst')).toStrictEqual(['/guides/install', '/guides/']);
  });

  it('tolerates typos only in words that match nothing as they are', () => {
    expect(paths('configuratoin')).toStrictEqual(['/guides/configuration', '/guides/']);
    expect(paths('instll')).toStrictEqual(['/guides/install']);
    // Too short for one edit to be a near miss.
    expect(paths('npn')).toStrictEqual([]);
  });

  it('ranks pages with every word first, then pages with some', () => {
    expect(paths('widget npm')).toStrictEqual(['/guides/install', '/internal/runbook']);
    expect(paths('widget zebra')).toStrictEqual(['/guides/install', '/internal/runbook']);
    expect(index().search('zebra', ALL)).toStrictEqual({ total: 0, results: [] });
  });

  it('leaves internal pages out unless asked, in results and in the total', () => {
    expect(index().search('widget', PUBLIC)).toStrictEqual({ total: 1, results: [doc('/guides/install', 'Install')] });
    expect(index().search('widget', ALL).total).toBe(2);
  });

  it('pages with limit and offset over a stable order', () => {
    const built = index();
    const all = built.search('the', ALL);
    expect(all.total).toBe(4);
    expect(built.search('the', { ...ALL, limit: 1, offset: 1 }).results).toStrictEqual(all.results.slice(1, 2));
    expect(built.search('the', { ...ALL, offset: 4 })).toStrictEqual({ total: 4, results: [] });
  });

  it('folds case and accents of letters but keeps them distinct from plain ASCII', () => {
    expect(paths('CAFÉ')).toStrictEqual(['/café']);
    expect(paths('grüße köln')).toStrictEqual(['/café']);
    expect(paths('cafe')).toStrictEqual([]);
  });

  it('indexes the text of HTML and links, not their attributes or destinations', () => {
    expect(paths('visible')).toStrictEqual(['/café']);
    expect(paths('hidden')).toStrictEqual([]);
    expect(paths('md')).toStrictEqual([]);
  });

  it('matches nothing for an empty or all-punctuation query', () => {
    expect(index().search('  --- ', ALL)).toStrictEqual({ total: 0, results: [] });
  });

  it('replaces a page added again under the same path', () => {
    const built = buildSearchIndex([
      { document: doc('/a', 'Old'), internal: false, markdown: 'apples' },
      { document: doc('/b', 'Other'), internal: false, markdown: 'pears' },
      { document: doc('/a', 'New'), internal: false, markdown: 'oranges' },
    ]);
    expect(built.allDocuments).toStrictEqual([doc('/a', 'New'), doc('/b', 'Other')]);
    expect(built.search('apples', ALL).total).toBe(0);
    expect(built.search('oranges', ALL).results).toStrictEqual([doc('/a', 'New')]);
  });

  it(`expands a prefix to at most ${MAX_PREFIX_EXPANSIONS} words`, () => {
    const words = Array.from({ length: MAX_PREFIX_EXPANSIONS + 10 }, (_, i) => `pre${String(i).padStart(3, '0')}`);
    const built = buildSearchIndex(words.map((word, i) => ({ document: doc(`/p${i}`, word), internal: false, markdown: '' })));
    expect(built.search('pre', ALL).total).toBe(MAX_PREFIX_EXPANSIONS);
    expect(built.search('pre059', ALL).total).toBe(1);
  });

  it('finds documents far apart (postings stored as multi-byte gaps)', () => {
    const count = 20_000;
    const rare = new Set([0, 1, 200, 17_000, count - 1]);
    const built = buildSearchIndex(
      Array.from({ length: count }, (_, i) => ({
        document: doc(`/p${String(i).padStart(5, '0')}`, `Page ${i}`),
        internal: false,
        markdown: rare.has(i) ? 'common words and a zanzibar' : 'common words',
      })),
    );
    const found = built.search('zanzibar', { ...ALL, limit: 10 });
    expect(found.total).toBe(rare.size);
    expect(found.results.map((result) => result.path).sort()).toStrictEqual([...rare].map((i) => `/p${String(i).padStart(5, '0')}`).sort());
    expect(built.search('common', ALL).total).toBe(count);
  });
});

describe('terms beyond ASCII, and markup', () => {
  const pages = (entries: [string, string][]) =>
    buildSearchIndex(entries.map(([path, markdown]) => ({ document: doc(path, path.slice(1)), internal: false, markdown })));
  const found = (index: ReturnType<typeof pages>, query: string): string[] => index.search(query, ALL).results.map((result) => result.path);

  it('keeps combining marks inside words: Hindi words are not split into letters', () => {
    const index = pages([
      ['/hindi', 'हिन्दी भाषा'],
      ['/other', 'हाथ न दो'],
    ]);
    expect(found(index, 'हिन्दी')).toStrictEqual(['/hindi']);
  });

  it('matches composed and decomposed spellings alike (NFC)', () => {
    const index = pages([
      ['/decomposed', 'un cafe\u0301 noir'],
      ['/composed', 'un caf\u00e9 au lait'],
    ]);
    expect(found(index, 'caf\u00e9').sort()).toStrictEqual(['/composed', '/decomposed']);
    expect(found(index, 'cafe\u0301').sort()).toStrictEqual(['/composed', '/decomposed']);
  });

  it('leaves emoji variation selectors and keycaps out of words', () => {
    const index = pages([
      ['/a', '⚠️ Warning: disk full.'],
      ['/b', 'Warning: disk full.'],
    ]);
    expect(found(index, '⚠️ warning').sort()).toStrictEqual(['/a', '/b']);
  });

  it('folds Greek final sigma to sigma', () => {
    expect(found(pages([['/greek', 'ΟΔΟΣ ΚΑΙ ΔΡΟΜΟΣ']]), 'δρομος')).toStrictEqual(['/greek']);
    expect(found(pages([['/greek', 'ο δρόμος']]), 'ΔΡΌΜΟΣ')).toStrictEqual(['/greek']);
  });

  it('skips tags but not comparisons in prose', () => {
    const index = pages([['/retry', 'Retry when 0 < attempts and the widget is > 3, see <a href="/zebra">docs</a>.']]);
    expect(found(index, 'widget')).toStrictEqual(['/retry']);
    expect(found(index, 'attempts')).toStrictEqual(['/retry']);
    expect(found(index, 'zebra')).toStrictEqual([]);
  });
});

describe('words of pages a caller cannot see', () => {
  it('never change a public answer: an internal word neither turns typo tolerance off nor takes a prefix slot', () => {
    const build = (withInternal: boolean) => {
      const builder = new SearchIndexBuilder();
      builder.add(doc('/k8s', 'Cluster'), false, 'Run kubernetes in production.');
      for (let i = 0; i < MAX_PREFIX_EXPANSIONS; i++) builder.add(doc(`/p${i}`, 'Page'), false, `zebra${String(i).padStart(2, '0')}x`);
      if (withInternal) builder.add(doc('/internal/secret', 'Secret'), true, 'kubernetsctl zebra0 zebraa zebrab');
      return builder.finish();
    };
    for (const query of ['kubernets', 'zebra']) {
      expect(build(true).search(query, PUBLIC)).toStrictEqual(build(false).search(query, PUBLIC));
    }
    expect(build(false).search('kubernets', PUBLIC).total).toBe(1);
    // A caller holding internal:read sees the internal words as before.
    expect(
      build(true)
        .search('kubernetsctl', ALL)
        .results.map((result) => result.path),
    ).toStrictEqual(['/internal/secret']);
  });

  it('a page replaced by another of the same path leaves no words behind', () => {
    const builder = new SearchIndexBuilder();
    builder.add(doc('/a', 'A'), false, 'replacedword');
    builder.add(doc('/a', 'A'), false, 'keptword');
    builder.add(doc('/b', 'B'), false, 'replacedwordx');
    const index = builder.finish();
    // "replacedword" matches as a prefix of /b's word only: its own postings are gone.
    expect(index.search('replacedword', ALL).results.map((result) => result.path)).toStrictEqual(['/b']);
    expect(index.search('replacedwrd', ALL)).toStrictEqual({ total: 1, results: [doc('/b', 'B')] });
  });
});

describe('statistics per audience', () => {
  /** Mulberry32: the same pages on every run. */
  const random = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const WORDS = 'alpha beta gamma delta epsilon zeta theta kappa lambda sigma omega widget gadget config configure'.split(' ');

  /**
   * Site A: 80 public pages of random words, and two pages whose order for "north south" rests only on
   * the words' document frequencies. Site B: the same public pages, and internal pages between them
   * (so every public page's number changes) full of "alpha", "gamma", "north", longer words that begin query
   * words, near misses of them, and words no public page has.
   */
  function pages(withInternal: boolean) {
    const next = random(7);
    const pick = () => WORDS[Math.floor(next() * next() * WORDS.length)] as string;
    const words = (count: number) => Array.from({ length: count }, pick).join(' ');
    const out: { document: SearchDocument; internal: boolean; markdown: string }[] = [];
    const add = (document: SearchDocument, internal: boolean, markdown: string) => out.push({ document, internal, markdown });
    if (withInternal) add(doc('/0-first', 'Alpha gamma'), true, 'alphabet gammas configuration widgetry');
    add(doc('/ab/one', 'One'), false, 'north north north south');
    add(doc('/ab/two', 'Two'), false, 'north south south south');
    for (let i = 0; i < 80; i++) {
      const path = `/p${String(i).padStart(2, '0')}`;
      add(doc(path, words(2), words(4)), false, words(5 + Math.floor(next() * 40)));
      if (withInternal && i % 3 === 0)
        add(doc(`${path}-internal`, 'Alpha alpha'), true, `alpha gamma gamma ${'alpha '.repeat(i)} gamna deltas widget secretword north`);
    }
    return out;
  }
  const site = (withInternal: boolean) => buildSearchIndex(pages(withInternal));
  const QUERIES = [
    'north south',
    'alpha beta',
    'alpha',
    'gamma',
    'gam',
    'al',
    'config',
    'gamna',
    'widgt',
    'deltq',
    'alpha gamma widget',
    'beta zeta omega',
    'secretword',
    'sigma secretword',
    'north gamma',
  ];
  const answers = (options: typeof ALL) => {
    const a = site(false);
    const b = site(true);
    return QUERIES.map((query) => [JSON.stringify(a.search(query, options)), JSON.stringify(b.search(query, options)), query]);
  };

  it('answers a public query the same, byte for byte, whatever the internal pages hold', () => {
    for (const options of [PUBLIC, { ...PUBLIC, limit: 3, offset: 2 }]) {
      for (const [a, b, query] of answers(options)) expect(b, query).toBe(a);
    }
    // The order of two pages that differ only in which word they repeat: internal pages with
    // "north" make it common, which must not rank /ab/two above /ab/one for the public.
    expect(
      site(true)
        .search('north south', PUBLIC)
        .results.map((result) => result.path),
    ).toStrictEqual(['/ab/one', '/ab/two']);
    expect(site(false).search('secretword', PUBLIC)).toStrictEqual({ total: 0, results: [] });
  });

  it('answers a query with internal pages from the statistics of every page', () => {
    const differing = answers(ALL)
      .filter(([a, b]) => a !== b)
      .map(([, , query]) => query);
    expect(differing).toStrictEqual([
      'north south',
      'alpha beta',
      'alpha',
      'gamma',
      'gam',
      'al',
      'config',
      'gamna',
      'widgt',
      'deltq',
      'alpha gamma widget',
      'beta zeta omega',
      'secretword',
      'sigma secretword',
      'north gamma',
    ]);
    // Both words first, then the internal pages with "north" alone, shortest first.
    const northOnly = Array.from({ length: 27 }, (_, k) => `/p${String(3 * k).padStart(2, '0')}-internal`);
    expect(
      site(true)
        .search('north south', ALL)
        .results.map((result) => result.path),
    ).toStrictEqual(['/ab/two', '/ab/one', ...northOnly]);
  });

  it('are the same when the pages were counted in batches, as the parallel build counts them', () => {
    const all = pages(true);
    const builder = new SearchIndexBuilder();
    for (let from = 0; from < all.length; from += 40) {
      const counter = new BatchCounter();
      const share = all.slice(from, from + 40);
      for (const page of share) counter.add(page.document, page.markdown);
      const batch = builder.addBatch(counter.finish());
      share.forEach((page, i) => builder.addCounted(page.document, page.internal, batch, i));
    }
    const batched = builder.finish();
    const serial = site(true);
    for (const options of [PUBLIC, ALL]) {
      for (const query of QUERIES)
        expect(JSON.stringify(batched.search(query, options)), query).toBe(JSON.stringify(serial.search(query, options)));
    }
  });
  it('are the same when the pages were counted before and are read in place, as a watch build reads them', () => {
    const all = pages(true);
    const counter = new DocumentCounter();
    // Counted in another order first: the ids of the counter's table are not the index's.
    const counts = [...all]
      .reverse()
      .map((page) => counter.count(page.document, page.markdown))
      .reverse();
    const builder = new SearchIndexBuilder();
    const handle = runSteps(builder.addCountsInSteps(counts, counter.terms));
    all.forEach((page, i) => builder.addCounted(page.document, page.internal, handle, i));
    const read = builder.finish();
    const serial = site(true);
    for (const options of [PUBLIC, ALL]) {
      for (const query of QUERIES)
        expect(JSON.stringify(read.search(query, options)), query).toBe(JSON.stringify(serial.search(query, options)));
    }
  });
});
