/**
 * mdBook (book.toml + SUMMARY.md; rust-lang.github.io/mdBook/format/) and GitBook (SUMMARY.md,
 * .gitbook.yaml; gitbook.com/docs/getting-started/git-sync/content-configuration): the chapters
 * SUMMARY.md links are the pages, in its order, titled by its labels; every other markdown file,
 * and SUMMARY.md itself, is not published. Their redirects (book.toml `[output.html.redirect]`,
 * `.gitbook.yaml` `redirects`) answer 308 as the `redirects` setting does.
 */
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parseYaml } from '../yaml.js';
import { Declaration, linkedFile } from './declare.js';
import { readSummary } from './summary.js';
import { decodeRequestPath } from '../paths.js';
import { conventionsOf, notFoundPage, readTextFile, unreadable, type ReaderContext } from './context.js';
import type { Conventions, DeclaredSite } from './types.js';

/** The parts of book.toml sitegate reads. */
interface BookToml {
  book?: { title?: unknown; description?: unknown };
  output?: { html?: { redirect?: unknown } };
}

/**
 * The conventions of an mdBook (`book.toml` `[book]` `title`, `description`; `src/SUMMARY.md`;
 * `[output.html.redirect]`, {@link mdbookRedirects}).
 */
export function readMdBook(context: ReaderContext): Conventions {
  const site: DeclaredSite = {};
  let redirects: Map<string, string> | undefined;
  if (context.configFile !== undefined) {
    try {
      const toml = parseToml(readTextFile(context.configFile) ?? '') as BookToml;
      const book = toml.book;
      if (typeof book?.title === 'string') site.title = book.title;
      if (typeof book?.description === 'string') site.description = book.description;
      redirects = mdbookRedirects(toml.output?.html?.redirect);
    } catch (error) {
      unreadable(context, context.configFile, `cannot read book.toml: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return withRedirects(summaryConventions(context, 'mdbook', 'SUMMARY.md', site), redirects);
}

/** `conventions` with `redirects` when there are any. */
function withRedirects(conventions: Conventions, redirects: Map<string, string> | undefined): Conventions {
  return redirects === undefined || redirects.size === 0 ? conventions : { ...conventions, redirects };
}

/** A URL path of the site read from a generator's config: decoded, without `.html` and `index`; undefined when it is none. */
function urlKeyOf(written: string): string | undefined {
  const slashed = written.startsWith('/') ? written : `/${written}`;
  const key = decodeRequestPath(slashed.replace(/\.html?$/i, '').replace(/\/index$/, '/'));
  return key === undefined || key === '' ? undefined : key;
}

/**
 * mdBook's `[output.html.redirect]` (rust-lang.github.io/mdBook/format/configuration/renderers.html,
 * "[output.html.redirect]"): each key the path of an old page in the built book
 * (`"/appendices/bibliography.html"`, leading slash optional), each value where it moved: an
 * absolute URL, or a path relative to the old page's folder (`"../bibliography.html"`). As the
 * `redirects` setting reads them (content/redirects.ts): decoded URL path → URL path or absolute
 * URL; a key with a `#fragment`, which only a browser script can redirect, is left out.
 */
export function mdbookRedirects(table: unknown): Map<string, string> | undefined {
  if (typeof table !== 'object' || table === null) return undefined;
  const redirects = new Map<string, string>();
  for (const [from, to] of Object.entries(table)) {
    if (typeof to !== 'string' || from.includes('#')) continue;
    const key = urlKeyOf(from);
    if (key === undefined) continue;
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith('/');
    const folder = path.posix.dirname(from.startsWith('/') ? from : `/${from}`);
    redirects.set(key, absolute ? to : path.posix.join(folder, to));
  }
  return redirects;
}

/**
 * GitBook's `.gitbook.yaml` `redirects` (gitbook.com/docs/getting-started/git-sync/content-configuration#redirects):
 * each key a URL path of the space without its leading slash (`help`), each value the file it now
 * is, relative to `root` (`./support.md`), as the `redirects` setting reads them: `/help` → `/support.md`
 * (a `.md` spelling of the page's URL, content/redirects.ts).
 */
export function gitbookRedirects(entries: unknown, root: string): Map<string, string> | undefined {
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) return undefined;
  const redirects = new Map<string, string>();
  for (const [from, to] of Object.entries(entries)) {
    if (typeof to !== 'string') continue;
    const key = decodeRequestPath(`/${from.replace(/^\/+/, '')}`);
    const file = linkedFile(to, root.replace(/^\.\/?/, '').replace(/\/$/, ''));
    if (key !== undefined && key !== '/' && file !== undefined) redirects.set(key, `/${file}`);
  }
  return redirects;
}

/** The conventions of a GitBook space (`.gitbook.yaml` `structure.summary`, default `SUMMARY.md`). */
export function readGitBook(context: ReaderContext): Conventions {
  let summary = 'SUMMARY.md';
  let redirects: Map<string, string> | undefined;
  const config = context.configFile === undefined ? undefined : readTextFile(context.configFile);
  if (config !== undefined) {
    const structure =
      (parseYaml(config, { logLevel: 'silent' }) as { root?: unknown; structure?: { summary?: unknown }; redirects?: unknown } | null) ??
      {};
    const root = typeof structure.root === 'string' ? structure.root : '';
    if (typeof structure.structure?.summary === 'string') summary = path.posix.join(root, structure.structure.summary);
    redirects = gitbookRedirects(structure.redirects, root);
  }
  return withRedirects(summaryConventions(context, 'gitbook', summary.replace(/^\.\//, ''), {}), redirects);
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
  const conventions = conventionsOf(generator, context, declaration, { site, unpublished, fallbackOrder: 'path' });
  // The nav is SUMMARY's tree (content/folders.ts) when it declares any page.
  return declaration.pages.size === 0 ? conventions : { ...conventions, summaryNav: true };
}
