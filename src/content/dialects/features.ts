/**
 * The dialect feature table (issue 31): every generator syntax sitegate reads, which generator it
 * belongs to, the documentation page it was written from, and how far it is supported. One row per
 * feature; each generator's rows live in `features/<generator>.ts`. `sitegate check` prints the rows
 * a site uses (a row's `detect` found in a page's source) and warns for those it could not render.
 */
import type { Generator } from '../conventions/types.js';
import { docusaurusFeatures } from './features/docusaurus.js';
import { gitbookFeatures } from './features/gitbook.js';
import { hugoFeatures } from './features/hugo.js';
import { mdbookFeatures } from './features/mdbook.js';
import { mkdocsFeatures } from './features/mkdocs.js';
import { starlightFeatures } from './features/starlight.js';
import { vitepressFeatures } from './features/vitepress.js';

/** How far sitegate renders a feature: `dropped` rows are left out of the page with a `check` warning. */
export type FeatureSupport = 'supported' | 'partial' | 'dropped';

/** One row of the table. */
export interface DialectFeature {
  /** Stable id, `<generator>.<feature>` in kebab case (`mkdocs.blocks-admonition`). */
  id: string;
  /** The feature in the generator's own words (`pymdownx.blocks.admonition`, `Tabs/TabItem`). */
  feature: string;
  /** The generators whose pages it applies to (a syntax several share lists each). */
  generators: readonly Generator[];
  /** The documentation page the behaviour was written from (absolute URL). */
  doc: string;
  support: FeatureSupport;
  /** What `partial` or `dropped` leaves out, in a sentence. */
  note?: string;
  /**
   * A test of a page's source that says it uses the feature, for `check`'s listing. A single pass
   * without nested quantifiers (the lint rule of issue 31); absent: never listed.
   */
  detect?: RegExp;
}

/** Every row, generator by generator. */
export const DIALECT_FEATURES: readonly DialectFeature[] = [
  ...docusaurusFeatures,
  ...starlightFeatures,
  ...vitepressFeatures,
  ...mkdocsFeatures,
  ...mdbookFeatures,
  ...gitbookFeatures,
  ...hugoFeatures,
];

/** The rows that apply to pages of `generator`; a plain folder reads every generator's syntax. */
export function featuresOf(
  generator: Generator | undefined,
  table: readonly DialectFeature[] = DIALECT_FEATURES,
): readonly DialectFeature[] {
  if (generator === undefined || generator === 'plain') return table;
  return table.filter((row) => row.generators.includes(generator));
}

/**
 * Whether a dialect step for `generators` runs on pages of `generator`: always on a plain folder
 * and when the generator is not given (tests of one step), else only for its own generators.
 */
export function stepApplies(generators: readonly Generator[], generator: Generator | undefined): boolean {
  return generator === undefined || generator === 'plain' || generators.includes(generator);
}
