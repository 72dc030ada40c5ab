/**
 * mdBook (book.toml + SUMMARY.md; rust-lang.github.io/mdBook/format/) and GitBook (SUMMARY.md,
 * .gitbook.yaml; gitbook.com/docs/getting-started/git-sync/content-configuration): the chapters
 * SUMMARY.md links are the pages, in its order, titled by its labels; every other markdown file,
 * and SUMMARY.md itself, is not published.
 */
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { Declaration } from './declare.js';
import { readSummary } from './summary.js';
import { conventionsOf, notFoundPage, readTextFile, unreadable, type ReaderContext } from './context.js';
import type { Conventions, DeclaredSite } from './types.js';

/** The conventions of an mdBook (`book.toml` `[book]` `title`, `description`; `src/SUMMARY.md`). */
export function readMdBook(context: ReaderContext): Conventions {
  const site: DeclaredSite = {};
  if (context.configFile !== undefined) {
    try {
      const book = (parseToml(readTextFile(context.configFile) ?? '') as { book?: { title?: unknown; description?: unknown } }).book;
      if (typeof book?.title === 'string') site.title = book.title;
      if (typeof book?.description === 'string') site.description = book.description;
    } catch (error) {
      unreadable(context, context.configFile, `cannot read book.toml: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return summaryConventions(context, 'mdbook', 'SUMMARY.md', site);
}

/** The conventions of a GitBook space (`.gitbook.yaml` `structure.summary`, default `SUMMARY.md`). */
export function readGitBook(context: ReaderContext): Conventions {
  let summary = 'SUMMARY.md';
  const config = context.configFile === undefined ? undefined : readTextFile(context.configFile);
  if (config !== undefined) {
    const structure = (parseYaml(config, { logLevel: 'silent' }) as { root?: unknown; structure?: { summary?: unknown } } | null) ?? {};
    const root = typeof structure.root === 'string' ? structure.root : '';
    if (typeof structure.structure?.summary === 'string') summary = path.posix.join(root, structure.structure.summary);
  }
  return summaryConventions(context, 'gitbook', summary.replace(/^\.\//, ''), {});
}

function summaryConventions(context: ReaderContext, generator: 'mdbook' | 'gitbook', summaryPath: string, site: DeclaredSite): Conventions {
  const declaration = new Declaration();
  const text = readTextFile(path.join(context.contentDir, summaryPath));
  if (text !== undefined) readSummary(text, summaryPath, declaration);
  const unpublished = new Map<string, string>([[summaryPath, `${summaryPath} is the table of contents, not a page`]]);
  // mdBook renders `404.md` as its not-found page (rust-lang.github.io/mdBook/format/configuration/renderers.html, input-404).
  if (generator === 'mdbook') site.notFound = notFoundPage(context, '404.md');
  if (text !== undefined)
    for (const file of context.files)
      if (!declaration.pages.has(file.relPath) && file.relPath !== summaryPath)
        unpublished.set(
          file.relPath,
          `not linked from ${summaryPath}, so ${generator === 'mdbook' ? 'mdBook' : 'GitBook'} does not publish it`,
        );
  return conventionsOf(generator, context, declaration, { site, unpublished, fallbackOrder: 'path' });
}
