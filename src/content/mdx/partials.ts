/**
 * Imported markdown partials of MDX pages: `import Foo from './_foo.mdx'` then `<Foo />` puts the
 * partial's content where the component is used (docusaurus.io/docs/markdown-features/react#importing-markdown;
 * Astro/Starlight: an `.mdx` default export, or the `Content` export of a `.md`/`.mdx` file,
 * docs.astro.build/en/guides/markdown-content). The import path is relative to the importing file;
 * the reading itself (inside the content folder only) is the caller's ({@link PartialReader}).
 */
import path from 'node:path';
import type { Root } from 'mdast';
import { MAX_INCLUDE_DEPTH } from '../dialects/include-context.js';
import type { SiteFiles } from '../dialects/site-files.js';
import { readContentFile } from '../readable.js';
import type { DocCardLister } from './doc-cards.js';

/** What reading an imported file gives: its source and its path, or why it cannot be read (fit to print). */
export type PartialRead = { text: string; relPath: string } | { error: string };

/**
 * Reads an imported markdown file.
 * @param target the import path as written (`./_foo.mdx`, `../shared/_x.md`)
 * @param from the importing file, `/`-separated, relative to the content folder
 */
export type PartialReader = (target: string, from: string) => PartialRead;

/** How a page's partials are read: the reader, and the files being inlined above this one (cycle and depth guard). */
export interface PartialOptions {
  read: PartialReader;
  /** The file being read, `/`-separated, relative to the content folder. */
  relPath: string;
  /** The importing files above it, outermost first (empty for a page). */
  chain: readonly string[];
  /** The string attributes the partial's tag was given, which `{props.name}` reads in it; absent: none. */
  props?: Readonly<Record<string, string>> | undefined;
  /** The doc cards of a page, for Docusaurus `<DocCardList />` (doc-cards.ts); absent: none. */
  cards?: DocCardLister | undefined;
}

/** A markdown file an import names (`.md`/`.mdx`, query left out). */
const MARKDOWN_IMPORT = /\.mdx?$/i;

/**
 * The components a page's ESM imports from markdown files: local name → import path. A default
 * import (`import Foo from './_foo.mdx'`, MDX and Docusaurus) and a `Content` import
 * (`import { Content as Foo } from './foo.md'`, Astro) both name the partial's content; a
 * namespace or default import names the module, used as `<Foo.Content />`
 * (docs.astro.build/en/guides/markdown-content/#importing-markdown: `import * as Foo`, `Foo.Content`).
 */
export function markdownImports(tree: Root): Map<string, string> {
  const imports = new Map<string, string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration' || typeof statement.source.value !== 'string') continue;
      const target = statement.source.value;
      if (!MARKDOWN_IMPORT.test(target)) continue;
      for (const specifier of statement.specifiers) {
        const imported =
          specifier.type === 'ImportSpecifier' && specifier.imported.type === 'Identifier' ? specifier.imported.name : undefined;
        // A namespace import names the module, whose `Content` is the partial (`import * as Foo from './foo.md'`, `<Foo.Content />`).
        if (specifier.type === 'ImportDefaultSpecifier' || specifier.type === 'ImportNamespaceSpecifier' || imported === 'Content')
          imports.set(specifier.local.name, target);
      }
    }
  }
  return imports;
}

/**
 * Reads an imported partial for inlining, refusing an import that leads back to a file being
 * inlined (a cycle) or nests deeper than {@link MAX_INCLUDE_DEPTH}.
 * @returns the partial's source and path, or the reason it is left out
 */
export function readPartial(target: string, options: PartialOptions): PartialRead {
  if (options.chain.length >= MAX_INCLUDE_DEPTH) return { error: `${target} nests more than ${MAX_INCLUDE_DEPTH} partials deep` };
  const read = options.read(target, options.relPath);
  if ('error' in read) return read;
  if (read.relPath === options.relPath || options.chain.includes(read.relPath))
    return { error: `${target} imports itself (${[...options.chain, options.relPath, read.relPath].join(' → ')})` };
  return read;
}

/**
 * The reader of partials inside the content folder only (not the site folder above it that
 * mdBook and MkDocs includes may read), through the one rule of content/readable.ts: a path that
 * leads out, also through a symlink, a dotfile, the data folder, a draft, a private or internal
 * partial imported by a public page, a folder or an oversized file is refused, the error starting
 * `include refused: ` and then the path as written.
 * @param files the page's site folders; `undefined` (a page held in memory) refuses every import
 * @param internal whether the importing page is internal
 */
export function contentPartialReader(files: SiteFiles | undefined, internal: boolean): PartialReader {
  return function readContentPartial(target, from) {
    if (files === undefined) return { error: `${target} cannot be read (no content folder)` };
    const contentOnly: SiteFiles = { ...files, siteRoot: undefined };
    const base = path.dirname(path.join(files.contentRoot, from));
    const aliased = siteAliased(target, files.contentRoot);
    const read = readContentFile(contentOnly, { target: aliased, base, intoInternalPage: internal });
    if ('error' in read) return { error: `include refused: ${read.error}` };
    const relPath = aliased.startsWith('/') ? path.posix.normalize(aliased.slice(1)) : path.posix.join(path.posix.dirname(from), aliased);
    return { text: read.text, relPath };
  };
}

/**
 * Docusaurus' `@site/` alias (docusaurus.io/docs/markdown-features/react#importing-markdown:
 * `import Partial from '@site/docs/_partial.mdx'`), the site folder, as a path from the content
 * folder (`/…`): `@site/<content folder's name>/x` is `/x` (the docs folder beside the config),
 * else the content folder is taken for the site folder. Other targets are returned as they are.
 */
export function siteAliased(target: string, contentRoot: string): string {
  if (!target.startsWith('@site/')) return target;
  const rest = target.slice('@site/'.length);
  const docs = `${path.basename(contentRoot)}/`;
  return `/${rest.startsWith(docs) ? rest.slice(docs.length) : rest}`;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A relative link destination of a partial (relative to the partial's folder) written relative to
 * the page it is inlined into, as the generators resolve a partial's links from the partial's own
 * file. Absolute URLs, root paths and fragments stay as they are.
 * @param destination as written, `<…>` brackets included
 */
export function rebaseDestination(destination: string, partial: string, page: string): string {
  const bracketed = destination.startsWith('<') && destination.endsWith('>');
  const href = bracketed ? destination.slice(1, -1) : destination;
  if (href === '' || href.startsWith('#') || href.startsWith('/') || SCHEME.test(href)) return destination;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(partial), href));
  let rebased = path.posix.relative(path.posix.dirname(page), target);
  if (!rebased.startsWith('.')) rebased = `./${rebased}`;
  // `relative` drops a trailing slash, which names a folder's page.
  if (href.endsWith('/') && !rebased.endsWith('/')) rebased += '/';
  return bracketed ? `<${rebased}>` : rebased;
}
