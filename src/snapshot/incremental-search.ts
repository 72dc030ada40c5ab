/**
 * The search index of `serve --watch` builds (issue 34): an edit never builds an index again. Each
 * index (a language's, or an old docs version's in a language: search/site-search.ts) is the last
 * one built from scratch, its base, shared as it is, with deletion marks for its documents removed
 * or changed since and a segment of the documents added or changed since (search/segment.ts),
 * answering as a from-scratch index of the same pages would. Once the documents changed since the
 * base pass {@link mergeThreshold}, the index is built from scratch again (the merge) and becomes
 * the next base.
 *
 * A document is unchanged when its path has a base document with the same counts (the read cache
 * keeps an unchanged file's counts object: read-cache.ts), title, description and audience; any
 * other document of the scope goes to the segment, and every base document not unchanged is
 * deleted: a URL whose winning file changed (content/site.ts `SiteAssembler`), a page that moved
 * to another language or version, a page made internal, all take this one path.
 */
import type { Page } from '../content/page.js';
import type { DocumentCounter, DocumentCounts } from '../search/document-counts.js';
import { SearchIndexBuilder } from '../search/index-builder.js';
import type { CompactSearchIndex, SearchDocument, SearchIndex } from '../search/search-index.js';
import { deletionOf, withSegmentInSteps, type Deletion } from '../search/segment.js';
import { scopeKey, siteSearchOf } from '../search/site-search.js';
import type { BuildSteps } from '../build-steps.js';

/** The pages of one index, in the order the site added them, and their counts. */
export interface ScopePages {
  /** BCP 47 tag of the pages' language. */
  language: string;
  /** The old docs version they belong to; `undefined` for the current one and pages of none. */
  version: string | undefined;
  pages: readonly Page[];
  /** The counts of each page, from the read cache's counter. */
  counts: readonly DocumentCounts[];
}

/**
 * Documents changed since the base (in the segment or deleted from the base) past which an index
 * of `baseDocuments` is built from scratch: 2 % of the base, and at least 1,000. A segment
 * costs its documents at each build (counted into postings again), and the base's deleted
 * documents are skipped by queries; 2,000 at 100,000 pages measured some 30 ms a build.
 */
export function mergeThreshold(baseDocuments: number): number {
  return Math.max(1_000, Math.floor(baseDocuments * 0.02));
}

/** A document of a segment: a page added or changed since the base. */
interface SegmentEntry {
  document: SearchDocument;
  counts: DocumentCounts;
  internal: boolean;
}

/**
 * A page gone from an index since the last build, or come into it (or both: a page changed),
 * as snapshot/assembly-patch.ts finds them.
 */
export interface ScopeChange {
  /** BCP 47 tag of the index's language. */
  language: string;
  /** Its old docs version; `undefined` for the current one (search/site-search.ts `searchVersionOf`). */
  version: string | undefined;
  /** The URL of the page gone. */
  removed?: string | undefined;
  /** The page come, with its counts from the read cache's counter. */
  added?: { page: Page; counts: DocumentCounts } | undefined;
}

/** One index between builds. */
interface ScopeState {
  /** The last index built from scratch. */
  base: CompactSearchIndex;
  /** The counts of each base document, by its number. */
  baseCounts: DocumentCounts[];
  /** Base document number by path. */
  docOf: Map<string, number>;
  /** The index the last build served: the base, or the base with a segment. */
  current: CompactSearchIndex;
  /** What `current` was made of, beside the base (the next build reuses it when nothing changed). */
  segment: readonly SegmentEntry[];
  deleted: readonly number[];
}

/** The search indexes kept from one build to the next (one per content folder, beside its read cache). */
export class IncrementalSearch {
  /** The term table every kept count is in; a new one (a build from scratch) drops every index. */
  private counter: DocumentCounter | undefined;
  private scopes = new Map<string, ScopeState>();

  /** @param threshold documents changed since a base past which it is built again ({@link mergeThreshold}) */
  constructor(private readonly threshold: (baseDocuments: number) => number = mergeThreshold) {}

  /**
   * The site's index of `scopes`, each with a segment over its last base, or built from scratch.
   * @param scopes every index's pages, in the order their first page was added
   * @param defaultLanguage BCP 47 tag of the site's default language (`en` when omitted): its index comes first, empty if it has no page
   * @param counter the read cache's term table, which every count is in
   */
  *build(scopes: readonly ScopePages[], defaultLanguage: string | undefined, counter: DocumentCounter): BuildSteps<SearchIndex> {
    if (counter !== this.counter) {
      this.scopes.clear();
      this.counter = counter;
    }
    const language = defaultLanguage ?? 'en';
    const main = scopes.find((scope) => scope.language === language && scope.version === undefined);
    const ordered = [main ?? { language, version: undefined, pages: [], counts: [] }, ...scopes.filter((scope) => scope !== main)];
    const next = new Map<string, ScopeState>();
    for (const scope of ordered) {
      const key = scopeKey(scope.language, scope.version);
      next.set(key, yield* this.scopeState(this.scopes.get(key), scope, counter));
      yield;
    }
    this.scopes = next;
    return siteSearchOf(language, new Map([...next].map(([key, state]) => [key, state.current])));
  }

  /**
   * The site's index after `changes` to the last build's pages, each index's segment and deletions
   * made from its last ones and the changes alone (no pass over its pages), answering as
   * {@link IncrementalSearch.build} of the same pages would. An index whose changes pass
   * {@link mergeThreshold} is built from scratch of `pagesOf` its scope.
   * @returns `undefined` when the changes cannot be made this way: the term table is another, or
   *   they make an index or empty one, or may reorder the indexes (a change in an index other than
   *   the default language's current one, with three indexes or more) — then build it
   */
  *patch(
    changes: readonly ScopeChange[],
    defaultLanguage: string | undefined,
    counter: DocumentCounter,
    pagesOf: (language: string, version: string | undefined) => ScopePages,
  ): BuildSteps<SearchIndex | undefined> {
    const main = scopeKey(defaultLanguage ?? 'en', undefined);
    if (counter !== this.counter) return undefined;
    const byScope = new Map<string, ScopeChange[]>();
    for (const change of changes) {
      const key = scopeKey(change.language, change.version);
      if (!this.scopes.has(key) || (key !== main && this.scopes.size > 2)) return undefined;
      const scopeChanges = byScope.get(key);
      // Pushed, not copied: a copy per change cost some 20 ms at 4,000 changes (a patched build's most).
      if (scopeChanges === undefined) byScope.set(key, [change]);
      else scopeChanges.push(change);
    }
    const next = new Map(this.scopes);
    for (const [key, scopeChanges] of byScope) {
      const { language, version } = scopeChanges[0] as ScopeChange;
      const state = next.get(key) as ScopeState;
      const patched = patchedParts(state, scopeChanges);
      const documents = state.base.layout.documents.length - patched.deleted.length + patched.segment.length;
      if (documents === 0 && key !== main) return undefined;
      yield;
      if (patched.segment.length + patched.deleted.length > this.threshold(state.base.layout.documents.length))
        next.set(key, yield* fromScratch(pagesOf(language, version), counter));
      else next.set(key, yield* withChanges(state, patched.segment, patched.deleted, language, counter));
    }
    this.scopes = next;
    return siteSearchOf(main, new Map([...next].map(([key, state]) => [key, state.current])));
  }

  /** The state of one index after this build: its last one's with a new segment, or a new base. */
  private *scopeState(state: ScopeState | undefined, scope: ScopePages, counter: DocumentCounter): BuildSteps<ScopeState> {
    if (state === undefined) return yield* fromScratch(scope, counter);
    const { changed, deleted } = yield* changesOf(state, scope);
    yield;
    if (changed.length + deleted.length > this.threshold(state.base.layout.documents.length)) return yield* fromScratch(scope, counter);
    const segment = changed.map((i) => {
      const page = scope.pages[i] as Page;
      return { document: documentOf(page), counts: scope.counts[i] as DocumentCounts, internal: page.kind === 'internal' };
    });
    if (sameSegment(state, segment, deleted)) return state;
    return yield* withChanges(state, segment, deleted, scope.language, counter);
  }
}

/**
 * The segment and deletions of `state` with `changes` made: the documents of every path gone or
 * come leave the segment, the base documents of those paths are deleted, and the pages come join
 * the segment. A page come back as it was in the base joins the segment all the same: it answers
 * as the base document did.
 */
function patchedParts(state: ScopeState, changes: readonly ScopeChange[]): { segment: SegmentEntry[]; deleted: number[] } {
  const paths = new Set<string>();
  for (const { removed, added } of changes) {
    if (removed !== undefined) paths.add(removed);
    if (added !== undefined) paths.add(added.page.url);
  }
  const segment = state.segment.filter((entry) => !paths.has(entry.document.path));
  const deleted = new Set(state.deleted);
  for (const path of paths) {
    const doc = state.docOf.get(path);
    if (doc !== undefined) deleted.add(doc);
  }
  for (const { added } of changes)
    if (added !== undefined)
      segment.push({ document: documentOf(added.page), counts: added.counts, internal: added.page.kind === 'internal' });
  return { segment, deleted: [...deleted].sort((a, b) => a - b) };
}

/** `state` serving its base with `segment` and `deleted` (the base alone when both are empty). */
function* withChanges(
  state: ScopeState,
  segment: readonly SegmentEntry[],
  deleted: readonly number[],
  language: string,
  counter: DocumentCounter,
): BuildSteps<ScopeState> {
  if (segment.length === 0 && deleted.length === 0) return { ...state, current: state.base, segment, deleted };
  const data =
    segment.length === 0
      ? undefined
      : yield* (yield* builderOf(
          segment.map(({ document, internal }) => ({ document, internal })),
          segment.map(({ counts }) => counts),
          language,
          counter,
        )).dataInSteps();
  const { base } = state;
  const deletions: Deletion[] = [];
  for (const doc of deleted) {
    // Each maps its page's terms to the base's ids: some 50 µs a page, 1,000 deletions some 50 ms.
    if (deletions.length > 0 && deletions.length % DELETIONS_PER_STEP === 0) yield;
    deletions.push(deletionOf(doc, state.baseCounts[doc] as DocumentCounts, counter.terms, base.layout.vocabulary));
  }
  return { ...state, current: yield* withSegmentInSteps(base, deletions, data), segment, deleted };
}

/**
 * The pages of `scope` not unchanged since the base (positions in the scope, in its order), and
 * the base documents not unchanged. Of pages of one path the last added counts, as the index
 * builder keeps it (index-builder.ts `add`).
 */
function* changesOf(state: ScopeState, scope: ScopePages): BuildSteps<{ changed: number[]; deleted: number[] }> {
  const { base, baseCounts, docOf } = state;
  const baseDocuments = base.layout.documents;
  const seen = new Uint8Array(baseDocuments.length);
  const kept = new Uint8Array(baseDocuments.length);
  const newPaths = new Set<string>();
  const changed: number[] = [];
  for (let i = scope.pages.length - 1; i >= 0; i--) {
    if (i % MAP_STEP_DOCUMENTS === 0) yield;
    const page = scope.pages[i] as Page;
    const doc = docOf.get(page.url);
    if (doc === undefined) {
      if (!newPaths.has(page.url)) changed.push(i);
      newPaths.add(page.url);
      continue;
    }
    if (seen[doc] === 1) continue;
    seen[doc] = 1;
    const old = baseDocuments[doc] as SearchDocument;
    const same =
      baseCounts[doc] === scope.counts[i] &&
      old.title === page.title &&
      old.description === page.description &&
      base.layout.internal[doc] === (page.kind === 'internal' ? 1 : 0);
    if (same) kept[doc] = 1;
    else changed.push(i);
  }
  const deleted: number[] = [];
  kept.forEach((bit, doc) => {
    if (bit === 0) deleted.push(doc);
  });
  return { changed: changed.reverse(), deleted };
}

/** Whether the last build's segment and deletions are these (an edit elsewhere): its index serves again. */
function sameSegment(state: ScopeState, segment: readonly SegmentEntry[], deleted: readonly number[]): boolean {
  return (
    segment.length === state.segment.length &&
    deleted.length === state.deleted.length &&
    deleted.every((doc, k) => state.deleted[k] === doc) &&
    segment.every(({ document, counts }, k) => {
      const last = state.segment[k];
      return last !== undefined && last.counts === counts && sameDocument(last.document, document);
    })
  );
}

function sameDocument(a: SearchDocument, b: SearchDocument): boolean {
  return a.path === b.path && a.title === b.title && a.description === b.description;
}

function documentOf(page: Page): SearchDocument {
  return { path: page.url, title: page.title, description: page.description };
}

/** Deletions made between two yields of `withChanges`. */
const DELETIONS_PER_STEP = 200;

/** Pages looked up, or base documents mapped, between two yields: some 10 ms at 100,000 pages. */
const MAP_STEP_DOCUMENTS = 20_000;

/** Pages added to a builder between two yields of {@link builderOf}. */
const ADD_STEP_DOCUMENTS = 20_000;

/**
 * A builder of pages counted in `counter`, their counts read in place in their order (as
 * incremental-build.ts built every index before segments), in steps (build-steps.ts).
 */
function* builderOf(
  documents: readonly { document: SearchDocument; internal: boolean }[],
  counts: readonly DocumentCounts[],
  language: string,
  counter: DocumentCounter,
): BuildSteps<SearchIndexBuilder> {
  const builder = new SearchIndexBuilder(undefined, language);
  const batch = yield* builder.addCountsInSteps(counts, counter.terms);
  for (let doc = 0; doc < documents.length; doc++) {
    if (doc > 0 && doc % ADD_STEP_DOCUMENTS === 0) yield;
    const { document, internal } = documents[doc] as { document: SearchDocument; internal: boolean };
    builder.addCounted(document, internal, batch, doc);
  }
  return builder;
}

/** A new base: the scope's index built from scratch, as incremental-build.ts built every index before segments. */
function* fromScratch(scope: ScopePages, counter: DocumentCounter): BuildSteps<ScopeState> {
  const documents = scope.pages.map((page) => ({ document: documentOf(page), internal: page.kind === 'internal' }));
  yield;
  const builder = yield* builderOf(documents, scope.counts, scope.language, counter);
  const base = yield* builder.finishInSteps();
  yield;
  const docOf = new Map<string, number>();
  const baseCounts: DocumentCounts[] = [];
  for (const [doc, position] of builder.positions.entries()) {
    if (doc > 0 && doc % MAP_STEP_DOCUMENTS === 0) yield;
    docOf.set((documents[position] as { document: SearchDocument }).document.path, doc);
    baseCounts.push(scope.counts[position] as DocumentCounts);
  }
  return { base, baseCounts, docOf, current: base, segment: [], deleted: [] };
}
