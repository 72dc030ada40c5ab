/**
 * The engines `npm run bench -- search-quality` compares, each built over the same pages and
 * asked the same query strings for its 100 best documents: sitegate's index and its peers with
 * their documented defaults — MiniSearch (BM25, OR of the words), lunr (BM25, Porter stemmer, stop
 * words; the query's words as terms through lunr's pipeline), and SQLite FTS5 ranked by bm25()
 * with the `unicode61` tokenizer, plain and under `porter`, the query's words ORed.
 */
import Database from 'better-sqlite3';
import lunr from 'lunr';
import MiniSearch from 'minisearch';
import type { Bm25fParameters } from '../../src/search/bm25f.js';
import { buildSearchIndex } from '../../src/search/index-builder.js';
import { deriveDescription } from '../../src/content/page.js';
import type { CranfieldDocument } from './cranfield.js';

/** A built engine: the ids of the `k` best documents for a query, best first. */
export interface BuiltEngine {
  search(query: string, k: number): number[];
  /** Bytes the index holds, when the engine can tell (SQLite's database size); else measured by the caller. */
  bytes?: number;
}

/** An engine to measure. */
export interface Engine {
  name: string;
  build(documents: readonly CranfieldDocument[]): BuiltEngine;
}

/** Words of a text for the peers' queries: runs of letters and digits, lowercased. */
export function plainWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** sitegate's index, each document a page `/<id>` whose description is derived as a page's is. */
export function sitegate(parameters?: Bm25fParameters): Engine {
  return {
    name: 'sitegate',
    build(documents) {
      const index = buildSearchIndex(
        documents.map((doc) => ({
          document: { path: `/${doc.id}`, title: doc.title, description: deriveDescription({}, doc.body) },
          internal: false,
          markdown: doc.body,
        })),
        parameters,
      );
      return {
        search: (query, k) =>
          index.search(query, { limit: k, offset: 0, includeInternal: false }).results.map((r) => Number(r.path.slice(1))),
      };
    },
  };
}

const minisearch: Engine = {
  name: 'minisearch',
  build(documents) {
    const index = new MiniSearch<CranfieldDocument>({ fields: ['title', 'body'] });
    index.addAll(documents);
    return {
      search: (query, k) =>
        index
          .search(query)
          .slice(0, k)
          .map((hit) => Number(hit.id)),
    };
  },
};

const lunrEngine: Engine = {
  name: 'lunr',
  build(documents) {
    const index = lunr(function () {
      this.ref('id');
      this.field('title');
      this.field('body');
      for (const doc of documents) this.add(doc);
    });
    return {
      search: (query, k) =>
        index
          .query((q) => {
            for (const word of plainWords(query)) q.term(word, {});
          })
          .slice(0, k)
          .map((hit) => Number(hit.ref)),
    };
  },
};

function fts5(name: string, tokenizer: string): Engine {
  return {
    name,
    build(documents) {
      const db = new Database(':memory:');
      db.exec(`CREATE VIRTUAL TABLE pages USING fts5(title, body, tokenize = '${tokenizer}')`);
      const insert = db.prepare('INSERT INTO pages (rowid, title, body) VALUES (?, ?, ?)');
      db.transaction(() => {
        for (const doc of documents) insert.run(doc.id, doc.title, doc.body);
      })();
      const select = db.prepare('SELECT rowid FROM pages WHERE pages MATCH ? ORDER BY bm25(pages) LIMIT ?').pluck();
      const pageCount = db.pragma('page_count', { simple: true }) as number;
      const pageSize = db.pragma('page_size', { simple: true }) as number;
      return {
        search: (query, k) => {
          const words = plainWords(query);
          return words.length === 0 ? [] : (select.all(words.map((w) => `"${w}"`).join(' OR '), k) as number[]);
        },
        bytes: pageCount * pageSize,
      };
    },
  };
}

/** The peers, in table order. */
export const PEERS: readonly Engine[] = [minisearch, lunrEngine, fts5('FTS5', 'unicode61'), fts5('FTS5-Porter', 'porter unicode61')];
