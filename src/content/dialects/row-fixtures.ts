/**
 * For the feature-table tests (`<generator>-features.test.ts`, issue 31 done-when 1): a fixture per
 * row of features/<generator>.ts, and what a page of it comes out as — the markdown agents get
 * (agents-markdown.ts, links left relative), the body HTML, the messages `check` reports and the
 * feature rows `check` lists for it.
 */
import { InternalZone } from '../access.js';
import { splitFrontmatter } from '../frontmatter.js';
import { renderMarkdown } from '../render.js';
import type { Generator, ImportAliases } from '../conventions/types.js';
import { agentsMarkdown } from './agents-markdown.js';
import { featureLines, featureUses, featuresIn } from './feature-usage.js';
import { siteFilesOf } from './site-files.js';
import { dialect, writeSite } from './test-support.js';

/** A page fixture: the row, the doc page it follows, what it shows, the page (and the site's other files), what comes out. */
export interface PageFixture {
  /** The row's id (`starlight.badge`). */
  id: string;
  /** The documentation page the fixture is written from: the row's page, or a section of it. */
  doc: string;
  /** What the fixture shows, in the test's name. */
  name: string;
  source: string;
  /** The page's path in the content folder (default `page.md`). */
  relPath?: string;
  /** The content folder's other files, for rows that read them (partials, sibling pages). */
  files?: Readonly<Record<string, string>>;
  /** The project's import aliases, as the generator's conventions give them (Starlight `tsconfig.json` `paths`). */
  importAliases?: ImportAliases;
  /** Files outside the content folder the site serves (a Starlight project's `src/` media), by their path from it → URL. */
  outside?: Readonly<Record<string, string>>;
  /** The markdown agents get, exactly. */
  agents: string;
  /** The body HTML, exactly. */
  html: string;
  /** The messages `check` reports for the page (default none). */
  problems?: string[];
  /** For a `dropped` row: the lines `sitegate check` prints for a site whose one page this is (feature-usage.ts). */
  check?: string[];
}

/**
 * What a fixture's page of a `generator` site comes out as. With `files`, the page and those files
 * are written to a temporary content folder, whose path is pushed to `sites` (the caller removes it).
 * The HTML is the body's: frontmatter is read as data, never rendered.
 */
export function pageOutput(
  fixture: Pick<PageFixture, 'source' | 'relPath' | 'files' | 'importAliases' | 'outside'>,
  generator: Generator,
  sites: string[],
): { agents: string; html: string; problems: string[]; check: string[] } {
  const relPath = fixture.relPath ?? 'page.md';
  let files;
  if (fixture.files !== undefined) {
    const site = writeSite({ ...fixture.files, [relPath]: fixture.source });
    sites.push(site);
    files = siteFilesOf(site, [], new InternalZone([]));
  }
  const out = dialect(fixture.source, { generator, relPath, files, importAliases: fixture.importAliases, outside: fixture.outside });
  const body = splitFrontmatter(out.text).body;
  const html =
    body === out.text ? out.html : renderMarkdown(body, { relPath, lookup: () => undefined, basePath: '', highlight: null }).html;
  const uses = featureUses([{ file: relPath, features: featuresIn(fixture.source, generator) }], generator);
  return { agents: agentsMarkdown(out.text), html, problems: out.problems.map((problem) => problem.message), check: featureLines(uses) };
}
