/**
 * The vocabulary grouped by stem, the stemmed field of the index: a query word stands for every
 * term of its stem's group (`layer`, `layers`, `layered`), without a second set of postings. Each
 * term is stemmed once, when the index is built; a 30,000-word vocabulary takes some 0.1 s.
 */
import { stemOf, type Analysis } from './analysis.js';
import { runSteps, type BuildSteps } from '../build-steps.js';

/** Terms stemmed between two yields of {@link stemGroupsInSteps}: some 10 ms (1–8 µs a stem, 1 µs or less for most). */
const STEM_STEP_TERMS = 5_000;

/** The arrays of {@link StemGroups}. */
export interface StemGroupArrays {
  groupByStem: Map<string, number>;
  start: Uint32Array;
  members: Uint32Array;
  groupOfTerm: Uint32Array;
}

/**
 * The arrays of the stem groups of `terms`, in steps (build-steps.ts) of {@link STEM_STEP_TERMS}
 * terms: a 100,000-page site has some 300,000.
 * @param order every term id, in code-unit order of its term
 */
export function* stemGroupsInSteps(terms: readonly string[], order: Uint32Array, analysis?: Analysis): BuildSteps<StemGroupArrays> {
  const groupByStem = new Map<string, number>();
  const groupOfTerm = new Uint32Array(terms.length);
  for (let id = 0; id < terms.length; id++) {
    if (id > 0 && id % STEM_STEP_TERMS === 0) yield;
    const stem = stemOf(terms[id] as string, analysis);
    let group = groupByStem.get(stem);
    if (group === undefined) {
      group = groupByStem.size;
      groupByStem.set(stem, group);
    }
    groupOfTerm[id] = group;
  }
  const groups = groupByStem.size;
  const start = new Uint32Array(groups + 1);
  for (const group of groupOfTerm) start[group + 1] = (start[group + 1] as number) + 1;
  for (let g = 0; g < groups; g++) start[g + 1] = (start[g + 1] as number) + (start[g] as number);
  const fill = start.slice(0, groups);
  // Terms in code-unit order, so each group's are too: the order scores are summed in is then
  // the same whatever ids the words got, ids that depend on which page met a word first.
  const members = new Uint32Array(terms.length);
  for (const id of order) {
    const group = groupOfTerm[id] as number;
    members[fill[group] as number] = id;
    fill[group] = (fill[group] as number) + 1;
  }
  return { groupByStem, start, members, groupOfTerm };
}

/** Terms by stem, groups in compressed sparse rows. */
export class StemGroups {
  /** Group number by stem. */
  private readonly groupByStem: Map<string, number>;
  /** Group g holds the term ids members[start[g] … start[g + 1] − 1], in code-unit order of their terms. */
  private readonly start: Uint32Array;
  private readonly members: Uint32Array;
  /** Group number by term id. */
  private readonly groupOfTerm: Uint32Array;

  /**
   * @param terms the vocabulary, term by id, folded as tokenize.ts gives them
   * @param order every term id, in code-unit order of its term
   * @param analysis the language the terms are stemmed in (analysis.ts)
   * @param arrays the groups, when built in steps ({@link stemGroupsInSteps}); else built here
   */
  constructor(
    terms: readonly string[],
    order: Uint32Array,
    private readonly analysis?: Analysis,
    arrays: StemGroupArrays = runSteps(stemGroupsInSteps(terms, order, analysis)),
  ) {
    this.groupByStem = arrays.groupByStem;
    this.start = arrays.start;
    this.members = arrays.members;
    this.groupOfTerm = arrays.groupOfTerm;
  }

  /** The group of a word's stem, or -1 when no term of the vocabulary has that stem. */
  groupOf(word: string): number {
    return this.groupByStem.get(stemOf(word, this.analysis)) ?? -1;
  }

  /** The group of a stem (analysis.ts `stemOf`), `undefined` when no term has it. */
  groupOfStem(stem: string): number | undefined {
    return this.groupByStem.get(stem);
  }

  /** Number of groups: they are numbered 0 … size − 1. */
  get size(): number {
    return this.groupByStem.size;
  }

  /** The group of term `id`. */
  groupOfId(id: number): number {
    return this.groupOfTerm[id] as number;
  }

  /** The term ids of group `group` (from {@link StemGroups.groupOf}), in code-unit order of their terms. */
  termsOf(group: number): Uint32Array {
    return this.members.subarray(this.start[group], this.start[group + 1]);
  }
}
