/**
 * The dialect step of the content pipeline (DESIGN.md "Sources: the generators' conventions"): a
 * page's source in, plain CommonMark/GFM out, before both the HTML render and the markdown agents
 * get, so the two say the same thing. One file per generator syntax, applied in this order:
 *
 * 0. an `.mdx` page is read as MDX (content/mdx/index.ts): ESM and expressions dropped,
 *    components made markdown, imported markdown partials inlined (content/mdx/partials.ts, inside
 *    the content folder only);
 * 1. includes, which bring in text the other steps then read: mdBook `{{#include}}`
 *    (mdbook-include.ts), MkDocs snippets `--8<--` (mkdocs-snippets.ts);
 * 2. Hugo shortcodes (hugo-shortcodes.ts), mdBook listings (mdbook-listing.ts), Vue in VitePress
 *    pages (vue.ts), MkDocs `md_in_html` (md-in-html.ts);
 * 3. block syntax, nested in any order, each body through all of them again: `:::` containers
 *    (container.ts), MkDocs admonitions (mkdocs-admonition.ts) and tabs (mkdocs-tabs.ts), GitBook
 *    `{% %}` blocks (gitbook.ts);
 * 4. Material icon shortcodes (icons.ts), then the files `mkdocs.yml` appends to every page.
 *
 * Which dialects apply: every one whose syntax cannot be anything else in CommonMark, on every page,
 * whatever the generator (detecting the generator is a later step). GitHub alerts, footnotes,
 * definition lists and attribute lists are left in the markdown (agents read them as written) and
 * rendered to HTML by markdown-it plugins (render-plugins.ts). A page with none of this syntax comes
 * out as the very same string, so its `.md` is exactly its source.
 */
import { frontmatterBlock, splitFrontmatter } from '../frontmatter.js';
import type { PageUrlLookup } from '../links.js';
import type { ContentProblem } from '../problems.js';
import { containers } from './container.js';
import { gitbookBlocks, type GitbookReport } from './gitbook.js';
import { hugoShortcodes, type HugoContext } from './hugo-shortcodes.js';
import { mkdocsIcons } from './icons.js';
import { mdInHtml } from './md-in-html.js';
import { mdbookIncludes } from './mdbook-include.js';
import { mdbookListings } from './mdbook-listing.js';
import { mkdocsAdmonitions } from './mkdocs-admonition.js';
import { autoAppended, mkdocsSnippets } from './mkdocs-snippets.js';
import { mkdocsTabs } from './mkdocs-tabs.js';
import type { SiteFiles } from './site-files.js';
import { vueComponents } from './vue.js';
import { mdxMarkdown } from '../mdx/index.js';
import { contentPartialReader } from '../mdx/partials.js';
import { codeLines, withoutTrailingNewlines } from './lines.js';

/** The page a source belongs to. */
export interface DialectOptions {
  /** The page file, `/`-separated, relative to the content folder. */
  relPath: string;
  /** Whether the page is internal (it alone may include internal files). */
  internal: boolean;
  /** The folders includes may read; `undefined` refuses every include. */
  files: SiteFiles | undefined;
  /** The page URL of a content file, for Hugo `ref`. */
  lookup: PageUrlLookup;
}

/** A source as plain markdown. */
export interface PlainMarkdown {
  /** The frontmatter as written, then the body as plain markdown; the very source when no dialect applied. */
  text: string;
  /** What could not be rendered (includes that failed, shortcodes dropped, unknown tags), for `check`. */
  problems: ContentProblem[];
}

/** Any of these in a source means a dialect may apply; a source with none is returned as it is, unscanned. */
const TRIGGERS = /:::|!!!|\?\?\?|===|\{%|\{\{|--8<--|<[A-Z]|<script|<style|\smarkdown|:(?:material|octicons|fontawesome|simple)-/;

/**
 * An ESM import at the start of a line (`import X from './x'`, `import { A } from "b"`): a
 * `.md` page that is MDX all the same, as Docusaurus reads every `.md` (docusaurus.io/docs/markdown-features#mdx-vs-commonmark,
 * `format: 'mdx'` by default). Prose that starts a line with "import data from a file" has no quotes after `from`.
 */
const ESM_IMPORT = /(?:^|\n)import\s+(?:[\w$]+|\{[^}]*\}|\*\s+as\s+[\w$]+)(?:\s*,\s*\{[^}]*\})?\s+from\s+['"]/;

/**
 * Whether a `.md` source holds MDX ESM outside code (a fence before the import makes it code) and
 * outside `<script>` elements (VitePress pages import in `<script setup>`, vue.ts).
 */
function holdsEsm(source: string): boolean {
  const match = ESM_IMPORT.exec(source);
  if (match === null) return false;
  const before = source.slice(0, match.index);
  if (before.lastIndexOf('<script') > before.lastIndexOf('</script>')) return false;
  return codeLines([...before.split('\n'), 'import']).at(-1) !== true;
}

/**
 * Block nesting read as syntax: deeper blocks stay as written. Each level reads its body again,
 * so without a bound a page of 5,000 unclosed `::: tip` lines took quadratic time and overflowed the
 * stack; sixteen levels are far more than any generator's documentation nests.
 */
const MAX_BLOCK_DEPTH = 16;

/** The block dialects, each body through all of them again, to {@link MAX_BLOCK_DEPTH}. */
function blocks(markdown: string, report: GitbookReport, depth = 0): string {
  if (depth >= MAX_BLOCK_DEPTH) return markdown;
  const recurse = (body: string): string => blocks(body, report, depth + 1);
  return gitbookBlocks(mkdocsTabs(mkdocsAdmonitions(containers(markdown, recurse), recurse), recurse), recurse, report);
}

/**
 * A page's source as plain markdown (see the file comment for the steps). Pure apart from reading
 * included files; never throws on content.
 */
export function plainMarkdown(written: string, options: DialectOptions): PlainMarkdown {
  const problems: string[] = [];
  let source = written;
  if (/\.mdx$/i.test(options.relPath) || holdsEsm(written)) {
    // MDX first (content/mdx/): its components become the plain markdown the steps below read.
    const read = contentPartialReader(options.files, options.internal);
    const mdx = mdxMarkdown(written, { read, relPath: options.relPath, chain: [] });
    source = mdx.text;
    problems.push(...mdx.problems);
  }
  const include = { files: options.files, relPath: options.relPath, internal: options.internal, problems };
  const appended = autoAppended(include);
  if (!TRIGGERS.test(source) && appended === '') return { text: source, problems: toProblems(options.relPath, problems) };

  const frontmatter = frontmatterBlock(source);
  let body = source.slice(frontmatter.length);
  body = mkdocsSnippets(mdbookIncludes(body, include), include);
  const hugo: HugoContext = {
    ...include,
    frontmatter: frontmatter === '' ? {} : splitFrontmatter(source).data,
    lookup: options.lookup,
    unrendered: new Map(),
  };
  body = hugoShortcodes(body, hugo);
  body = mdbookListings(body);
  if (!options.relPath.toLowerCase().endsWith('.mdx')) body = vueComponents(body);
  body = mdInHtml(body);
  const gitbook: GitbookReport = { dropped: [] };
  body = mkdocsIcons(blocks(body, gitbook));
  if (appended !== '') body = `${withoutTrailingNewlines(body)}\n\n${appended}\n`;

  if (hugo.unrendered.size > 0) {
    const names = [...hugo.unrendered].map(([name, { dropped, unwrapped }]) =>
      [dropped > 0 ? `${name} ×${dropped} dropped` : '', unwrapped > 0 ? `${name} ×${unwrapped} unwrapped` : ''].filter(Boolean).join(', '),
    );
    problems.push(`Hugo shortcodes not rendered: ${names.join(', ')}`);
  }
  if (gitbook.dropped.length > 0) problems.push(`GitBook tags not rendered: ${[...new Set(gitbook.dropped)].join(', ')}`);
  return { text: frontmatter + body, problems: toProblems(options.relPath, problems) };
}

/** Problems as `check` lists them: includes that failed are errors (content left out), the rest warnings. */
function toProblems(file: string, messages: readonly string[]): ContentProblem[] {
  return messages.map((message) => ({
    severity: /^(\{\{#|--8<--|\{\{% include)/.test(message) ? 'error' : 'warning',
    file,
    message,
  }));
}
