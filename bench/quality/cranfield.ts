/**
 * The Cranfield collection (`../shared/corpora/ir-cranfield/`, see its SOURCE.md) read as the
 * corpus's conventions say: one page per document, title from `.T`, body from `.W`; queries by
 * position (1–225, the ids `cranqrel` uses), their text cut at a word boundary to 256 characters;
 * judgments with gains 1→4, 2→3, 3→2, 4→1 and −1 dropped.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A Cranfield document. */
export interface CranfieldDocument {
  /** `.I` number. */
  id: number;
  title: string;
  body: string;
}

/** A query: its position (1–225) and its text. */
export interface CranfieldQuery {
  id: number;
  text: string;
}

/** The collection: documents, queries and graded judgments (query id → document id → gain). */
export interface Cranfield {
  documents: CranfieldDocument[];
  queries: CranfieldQuery[];
  judgments: Map<number, Map<number, number>>;
}

/** Longest query text, characters. */
const MAX_QUERY_CHARS = 256;

/** Records of a `.I`-separated file: per record, its number and its sections by letter. */
function records(text: string): { id: number; sections: Map<string, string> }[] {
  return text
    .split(/^\.I /m)
    .slice(1)
    .map((record) => {
      const [head = '', ...rest] = record.split('\n');
      const sections = new Map<string, string>();
      let current = '';
      for (const line of rest) {
        const marker = /^\.([A-Z])\s*$/.exec(line);
        if (marker !== null) current = marker[1] as string;
        else if (current !== '') sections.set(current, `${sections.get(current) ?? ''}${line}\n`);
      }
      return { id: Number(head.trim()), sections };
    });
}

/** `text` cut at the last word boundary within `max` characters. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : text.slice(0, max)).trim();
}

/**
 * Reads the collection.
 * @param dir the corpus folder
 * @throws when a file is missing or unreadable
 */
export function readCranfield(dir: string): Cranfield {
  const documents = records(readFileSync(path.join(dir, 'cran.all.1400'), 'utf8')).map(({ id, sections }) => ({
    id,
    title: (sections.get('T') ?? '').replace(/\s+/g, ' ').trim(),
    body: (sections.get('W') ?? '').trim(),
  }));
  const queries = records(readFileSync(path.join(dir, 'cran.qry'), 'utf8')).map(({ sections }, index) => ({
    id: index + 1,
    text: cutAtWord((sections.get('W') ?? '').replace(/\s+/g, ' ').trim(), MAX_QUERY_CHARS),
  }));
  const judgments = new Map<number, Map<number, number>>();
  for (const line of readFileSync(path.join(dir, 'cranqrel'), 'utf8').split('\n')) {
    const [query, doc, grade] = line.trim().split(/\s+/).map(Number);
    if (query === undefined || doc === undefined || grade === undefined || !(grade >= 1 && grade <= 4)) continue;
    const forQuery = judgments.get(query) ?? new Map<number, number>();
    forQuery.set(doc, 5 - grade);
    judgments.set(query, forQuery);
  }
  return { documents, queries, judgments };
}
