/**
 * `npm run bench -- search-quality [--sweep]`: ranking quality of sitegate's search against
 * MiniSearch, lunr and SQLite FTS5 (plain and Porter) on the Cranfield collection (1,400
 * abstracts, 225 queries with graded judgments; bench/quality/cranfield.ts), all in one run.
 *
 * Each engine answers every query twice: as written (full form), and as a 2–4 keyword form, the
 * way people type into a search box. The keyword form of query n (1-based) keeps its
 * 2 + (n − 1) mod 3 words of highest idf over the collection among its distinct non-stop words
 * (Snowball's English list, as src/search/analysis.ts has it) found in some document, in the query's order: 2, 3, 4, 2, 3, 4…
 * Every engine gets exactly the same strings. Metrics (bench/quality/metrics.ts): nDCG@10, MRR@10,
 * Recall@100, averaged over the queries; latency is per query, in process, over both forms.
 * `--sweep` adds a grid of sitegate's BM25F parameters (k1, body b, title weight).
 */
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { isStopWord } from '../src/search/analysis.js';
import { BM25F_DEFAULTS, type Bm25fParameters } from '../src/search/bm25f.js';
import { readCranfield, type Cranfield, type CranfieldQuery } from './quality/cranfield.js';
import { PEERS, plainWords, sitegate, type Engine } from './quality/engines.js';
import { mrrAt, ndcgAt, recallAt } from './quality/metrics.js';

const CORPUS = fileURLToPath(new URL('../../shared/corpora/ir-cranfield/', import.meta.url));
/** Times each form's query set is run for latency. */
const ROUNDS = 3;

/** Scores of one engine. */
interface Row {
  name: string;
  buildMs: number;
  memoryMb: number;
  full: Scores;
  keywords: Scores;
  p50Ms: number;
  p99Ms: number;
}
interface Scores {
  ndcg10: number;
  mrr10: number;
  recall100: number;
}

/** The keyword forms of the queries, by the rule of this file's docstring. */
export function keywordForms(cranfield: Cranfield): CranfieldQuery[] {
  const frequency = new Map<string, number>();
  for (const doc of cranfield.documents)
    for (const word of new Set(plainWords(`${doc.title} ${doc.body}`))) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  return cranfield.queries.map(({ id, text }) => {
    const words = [...new Set(plainWords(text))].filter((word) => !isStopWord(word) && frequency.has(word));
    const keep = new Set(
      [...words]
        .sort((a, b) => (frequency.get(a) as number) - (frequency.get(b) as number) || words.indexOf(a) - words.indexOf(b))
        .slice(0, 2 + ((id - 1) % 3)),
    );
    return { id, text: words.filter((word) => keep.has(word)).join(' ') };
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A full garbage collection, exposed at run time (npm run bench starts tsx without --expose-gc). */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Heap and array-buffer bytes after a full collection. */
function heapBytes(): number {
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

function evaluate(search: (query: string) => number[], queries: readonly CranfieldQuery[], cranfield: Cranfield): Scores {
  const sum = { ndcg10: 0, mrr10: 0, recall100: 0 };
  let judged = 0;
  for (const query of queries) {
    const gains = cranfield.judgments.get(query.id);
    if (gains === undefined) continue;
    judged++;
    const ranked = search(query.text);
    sum.ndcg10 += ndcgAt(10, ranked, gains);
    sum.mrr10 += mrrAt(10, ranked, gains);
    sum.recall100 += recallAt(100, ranked, gains);
  }
  return { ndcg10: sum.ndcg10 / judged, mrr10: sum.mrr10 / judged, recall100: sum.recall100 / judged };
}

function measure(engine: Engine, cranfield: Cranfield, keywords: readonly CranfieldQuery[]): Row {
  const before = heapBytes();
  const started = performance.now();
  const built = engine.build(cranfield.documents);
  const buildMs = performance.now() - started;
  const memoryMb = (built.bytes ?? heapBytes() - before) / 1e6;
  const search = (query: string): number[] => built.search(query, 100);
  const full = evaluate(search, cranfield.queries, cranfield);
  const keywordScores = evaluate(search, keywords, cranfield);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of [...cranfield.queries, ...keywords]) {
      const t0 = performance.now();
      search(query.text);
      times.push(performance.now() - t0);
    }
  }
  times.sort((a, b) => a - b);
  return {
    name: engine.name,
    buildMs,
    memoryMb,
    full,
    keywords: keywordScores,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
  };
}

/** The markdown table of the rows, sitegate's first; ✓ marks a sitegate score ≥ every peer's. */
export function qualityTable(rows: readonly Row[]): string {
  const [own, ...peers] = rows;
  const mark = (row: Row, value: (r: Row) => number): string =>
    `${value(row).toFixed(3)}${row === own && peers.every((peer) => value(row) >= value(peer)) ? ' ✓' : ''}`;
  const lines = [
    '| engine | full nDCG@10 | full MRR@10 | full R@100 | keywords nDCG@10 | keywords MRR@10 | keywords R@100 | build ms | memory MB | p50 ms | p99 ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${mark(row, (r) => r.full.ndcg10)} | ${mark(row, (r) => r.full.mrr10)} | ${mark(row, (r) => r.full.recall100)} | ` +
        `${mark(row, (r) => r.keywords.ndcg10)} | ${mark(row, (r) => r.keywords.mrr10)} | ${mark(row, (r) => r.keywords.recall100)} | ` +
        `${row.buildMs.toFixed(0)} | ${row.memoryMb.toFixed(1)} | ${row.p50Ms.toFixed(3)} | ${row.p99Ms.toFixed(3)} |`,
    );
  }
  return lines.join('\n');
}

/** sitegate's nDCG@10 and Recall@100 over a grid of BM25F parameters. */
function sweep(cranfield: Cranfield, keywords: readonly CranfieldQuery[]): string {
  const lines = [
    '| k1 | body b | title weight | full nDCG@10 | full R@100 | keywords nDCG@10 | keywords R@100 |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const k1 of [0.9, 1.2, 1.6, 2]) {
    for (const b of [0.5, 0.75, 0.9]) {
      for (const weight of [1, 2, 4]) {
        const parameters: Bm25fParameters = {
          k1,
          fields: [
            { weight, b: BM25F_DEFAULTS.fields[0]?.b ?? 0.5 },
            { weight: 1, b },
          ],
        };
        const built = sitegate(parameters).build(cranfield.documents);
        const search = (query: string): number[] => built.search(query, 100);
        const full = evaluate(search, cranfield.queries, cranfield);
        const short = evaluate(search, keywords, cranfield);
        lines.push(
          `| ${k1} | ${b} | ${weight} | ${full.ndcg10.toFixed(3)} | ${full.recall100.toFixed(3)} | ${short.ndcg10.toFixed(3)} | ${short.recall100.toFixed(3)} |`,
        );
      }
    }
  }
  return lines.join('\n');
}

/**
 * Runs the bench and prints its table (and the sweep when asked).
 * @param args `--sweep` or nothing
 * @throws when the Cranfield corpus cannot be read
 */
export function runSearchQuality(args: readonly string[]): void {
  const cranfield = readCranfield(CORPUS);
  const keywords = keywordForms(cranfield);
  const rows = [sitegate(), ...PEERS].map((engine) => measure(engine, cranfield, keywords));
  process.stdout.write(
    `# sitegate search quality\n\nCranfield (${cranfield.documents.length} documents, ${cranfield.judgments.size} judged queries), node ${process.version}. ` +
      'Full: each query as written (cut to 256 characters). Keywords: the 2–4 highest-idf non-stop words of each query ' +
      '(2, 3, 4 in turn), in the query’s order; the same strings for every engine. Memory: heap and array buffers after the ' +
      `build (SQLite: database size). Latency over both forms × ${ROUNDS}, in process, 100 results.\n\n${qualityTable(rows)}\n`,
  );
  if (args.includes('--sweep'))
    process.stdout.write(`\n## sitegate BM25F sweep (title b ${BM25F_DEFAULTS.fields[0]?.b})\n\n${sweep(cranfield, keywords)}\n`);
}
