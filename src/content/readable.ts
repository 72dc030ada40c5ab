/**
 * The one rule for what content may read (DESIGN.md "Content is untrusted input"). Every reader that
 * puts another file's bytes into a page — mdBook `{{#include}}`, MkDocs snippets, Hugo `include`,
 * VitePress `<!--@include:-->` and `<<<`, GitBook `{% include %}`, MDX imports — asks
 * {@link readContentFile} and nothing else. A file may be read only when:
 *
 * 1. it lies inside the site root — the content folder, or the generator's documented project root
 *    above it where the generator reads from there (mdBook's book root, the folder of `mkdocs.yml`,
 *    which is Snippets' default `base_path`) — at the path written and at its real path (symlinks
 *    resolved);
 * 2. no segment of either path below that root is a dotfile or dot-folder (`.env`, `.git/config`,
 *    `.sitegate/…`), but for a dot folder the generator itself reads includes from, given by the
 *    caller (GitBook's `.gitbook/includes/`);
 * 3. it is not, and is not inside, a protected path: the data folder, the secret file and the config
 *    file, wherever they are configured (passed in as plain paths: content/ reads no config);
 * 4. when it is markdown (a page or partial sitegate would publish): its frontmatter parses (or
 *    names neither access nor draft), it is no draft, and it is public — by `access` and by the
 *    internal zone (content/access.ts) — unless the including page is internal itself. An internal
 *    page may include an internal file; no page may include a draft.
 *
 * The data folder is decided here once: content can never read it, wherever it is configured (rule
 * 3), and its default name `.sitegate` is a dot-folder too (rule 2); the content walk never lists it
 * either (content/load.ts), so nothing in it is served as a page or a static file.
 *
 * A refusal is an error naming the reason, fit for `check` and the log; the reader shows a visible
 * note ({@link refusalNote}) in place of the file, never its bytes.
 */
import { realpathSync } from 'node:fs';
import { withOpenFile } from './open-file.js';
import path from 'node:path';
import { accessOf, mentionsAccess, unpublishedBy, type InternalZone } from './access.js';
import { frontmatterBlock, splitFrontmatter } from './frontmatter.js';
import { isHiddenName } from './walk.js';
import { noteFileRead } from './read-observer.js';

/** Included files larger than this are refused: a listing is a few kB, and a page must stay servable. */
export const INCLUDE_MAX_BYTES = 1024 * 1024;

/** Where content may read from, and what it may never read. */
export interface ReadableRoots {
  /** Real path of the content folder. */
  readonly contentRoot: string;
  /** Real path of the generator's project root above the content folder (`book.toml`, `mkdocs.yml`), if any. */
  readonly siteRoot: string | undefined;
  /**
   * Absolute paths content may never read, wherever they are: the data folder, the secret file, the
   * config file (config/protected-paths.ts). A folder protects everything below it.
   */
  readonly protectedPaths: readonly string[];
  /** The site's internal zone (content/access.ts `internalZoneOf`): its files are never included into a public page. */
  readonly zone: InternalZone;
  /**
   * Path of the folder a page of a docs version reads in (its version's folder, content/versions.ts),
   * under `contentRoot`: every read, listed and real path alike, stays inside it, so an old
   * version's page never includes another version's files, nor anything beside its own folder;
   * `undefined` for a page of no version.
   */
  readonly scope?: string | undefined;
}

/** What a reader asks for. */
export interface ReadRequest {
  /** The path as the page wrote it: relative to `base`, or to the content folder when it starts with `/`. */
  target: string;
  /** Absolute folder a relative `target` is resolved against (the page's folder, or the site root). */
  base: string;
  /** Whether the including page is internal: only then may an internal page or partial be read. */
  intoInternalPage: boolean;
  /**
   * Dot folders, relative to the content folder, that the generator documents as an include source
   * (GitBook: `.gitbook/includes`); default none.
   */
  dotFolders?: readonly string[];
}

/** The text of a file that may be read, or why it may not (one line, fit to print; never the file's bytes). */
export type IncludeRead = { text: string } | { error: string };

/** Markdown files: the pages and partials sitegate would itself publish. */
const MARKDOWN = /\.(?:mdx?|markdown)$/i;

/** Whether `child` is `root` or lies below it (both absolute). */
export function within(root: string, child: string): boolean {
  return child === root || child.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * The real path of `target`, or of its nearest existing parent with the rest appended when it does
 * not exist yet (a data folder made after the site is built): both spellings must be refused.
 */
function realOrResolved(target: string): string {
  const resolved = path.resolve(target);
  try {
    return realpathSync.native(resolved);
  } catch {
    const parent = path.dirname(resolved);
    return parent === resolved ? resolved : path.join(realOrResolved(parent), path.basename(resolved));
  }
}

/**
 * A test of whether an absolute path is, or lies inside, one of `protectedPaths`, each taken as
 * written and at its real path as they are now (resolved once: the content walk asks per file).
 */
export function protectedMatcher(protectedPaths: readonly string[]): (absolute: string) => boolean {
  const spellings = [...new Set(protectedPaths.flatMap((entry) => [path.resolve(entry), realOrResolved(entry)]))];
  return function isProtected(absolute) {
    return spellings.some((root) => within(root, absolute));
  };
}

/**
 * Whether an absolute path is, or lies inside, one of `protectedPaths` (each taken as written and
 * at its real path, looked up now, so a data folder made after the build counts too).
 */
export function isProtectedPath(absolute: string, protectedPaths: readonly string[]): boolean {
  return protectedMatcher(protectedPaths)(absolute);
}

/** The first hidden segment of a `/`-separated relative path, below any of `dotFolders` it lies in; undefined when none. */
function hiddenSegment(rel: string, dotFolders: readonly string[]): string | undefined {
  const folder = dotFolders.find((f) => rel.startsWith(`${f}/`));
  const below = folder === undefined ? rel : rel.slice(folder.length + 1);
  return below.split('/').find((segment) => isHiddenName(segment));
}

/** `child` relative to `root`, `/`-separated. */
function relativeTo(root: string, child: string): string {
  return path.relative(root, child).split(path.sep).join('/');
}

/** Where a path stands against the roots: refused with a reason, or the root it lies in. */
function placeOf(roots: ReadableRoots, absolute: string, target: string, dotFolders: readonly string[], how: string): string | undefined {
  const outer = [roots.siteRoot, roots.contentRoot].find((root) => root !== undefined && within(root, absolute));
  if (outer === undefined) return `${target} ${how} outside the site folder`;
  if (roots.scope !== undefined && !within(roots.scope, absolute)) return `${target} ${how} outside its version's folder`;
  // Dot segments count below the outermost root, so `.sitegate/` beside `docs/` is one; the content
  // folder's own dot folders are named relative to it, where the generators name them.
  const inContent = within(roots.contentRoot, absolute);
  const hidden = hiddenSegment(relativeTo(inContent ? roots.contentRoot : outer, absolute), inContent ? dotFolders : []);
  if (hidden !== undefined) return `${target} ${how === 'is' ? 'is' : 'leads'} inside a dotfile or dot-folder (${hidden})`;
  if (isProtectedPath(absolute, roots.protectedPaths)) return `${target} is sitegate's data folder, secret or config file`;
  return undefined;
}

/** What a markdown file's frontmatter says about including it: a pure function of the frontmatter block. */
interface FrontmatterVerdict {
  /** The block does not parse and names access or draft: held back, as such a page is. */
  unreadable: boolean;
  unpublished: boolean;
  public: boolean;
}

/**
 * Verdicts by frontmatter block, as written. A partial is included by many pages (a Hugo site's
 * `_common/` files, 214 includes of some 60 files): its YAML was parsed at every include. Keyed by
 * the block's exact text, so an edited file is judged afresh; cleared when full, to bound memory.
 */
const verdicts = new Map<string, FrontmatterVerdict>();
const VERDICTS_MAX = 1_024;

/** The {@link FrontmatterVerdict} of a markdown text, parsed once per distinct frontmatter block. */
function frontmatterVerdict(text: string): FrontmatterVerdict {
  const block = frontmatterBlock(text);
  const known = verdicts.get(block);
  if (known !== undefined) return known;
  const { data, error } = splitFrontmatter(block);
  const verdict = {
    unreadable: error !== undefined && mentionsAccess(block),
    unpublished: unpublishedBy(data).unpublished,
    public: accessOf(data) === 'public',
  };
  if (verdicts.size >= VERDICTS_MAX) verdicts.clear();
  verdicts.set(block, verdict);
  return verdict;
}

/** Why a markdown file may not be included into this page, or undefined when it may. */
function markdownRefusal(
  text: string,
  target: string,
  listedRel: string | undefined,
  realRel: string | undefined,
  into: boolean,
  zone: InternalZone,
): string | undefined {
  const verdict = frontmatterVerdict(text);
  // Fail closed, as for pages (content/site.ts): frontmatter that may have said private but cannot be read.
  if (verdict.unreadable) return `${target} has frontmatter that does not parse and names access or draft`;
  if (verdict.unpublished) return `${target} is a draft or unpublished`;
  if (into) return undefined;
  if (!verdict.public) return `${target} is not public (access) and cannot be included in a public page`;
  if ((listedRel !== undefined && zone.isInternalFile(listedRel)) || (realRel !== undefined && zone.isInternalFile(realRel)))
    return `${target} is internal and cannot be included in a public page`;
  return undefined;
}

/**
 * Reads a file for a page, if the rule (file comment) allows it.
 * @returns the text (UTF-8, no byte-order mark, CRLF as LF), or the reason it is refused; never throws
 */
export function readContentFile(roots: ReadableRoots, request: ReadRequest): IncludeRead {
  const { target, intoInternalPage } = request;
  const dotFolders = request.dotFolders ?? [];
  if (target.includes('\0')) return { error: `${target} cannot be read` };
  const resolved = target.startsWith('/') ? path.join(roots.contentRoot, target) : path.resolve(request.base, target);
  // A refused or missing file is a dependency too: the page changes when it becomes readable.
  noteFileRead(resolved);
  const listed = placeOf(roots, resolved, target, dotFolders, 'is');
  if (listed !== undefined) return { error: listed };
  let real: string;
  try {
    real = realpathSync.native(resolved);
  } catch {
    return { error: `${target} not found` };
  }
  if (real !== resolved) noteFileRead(real);
  const actual = placeOf(roots, real, target, dotFolders, 'leads');
  if (actual !== undefined) return { error: actual };
  // Non-markdown files in the internal zone are internal as well (a listing under `internal/`).
  const listedRel = within(roots.contentRoot, resolved) ? relativeTo(roots.contentRoot, resolved) : undefined;
  const realRel = within(roots.contentRoot, real) ? relativeTo(roots.contentRoot, real) : undefined;
  if (
    !intoInternalPage &&
    ((listedRel !== undefined && roots.zone.isInternalFile(listedRel)) || (realRel !== undefined && roots.zone.isInternalFile(realRel)))
  )
    return { error: `${target} is internal and cannot be included in a public page` };
  // Read through one open (open-file.ts): the file read is the one judged above, still at `real`,
  // or nothing is read (a path swapped meanwhile, a FIFO that would wait for a writer).
  let read: IncludeRead;
  try {
    read = withOpenFile(real, ({ stats, realPath, text }): IncludeRead => {
      if (realPath !== real) return { error: `${target} cannot be read` };
      if (!stats.isFile()) return { error: `${target} is not a file` };
      if (stats.size > INCLUDE_MAX_BYTES) return { error: `${target} is over ${INCLUDE_MAX_BYTES} bytes` };
      return { text: text() };
    });
  } catch {
    return { error: `${target} cannot be read` };
  }
  if ('error' in read) return read;
  const text = read.text.replace(/\r\n/g, '\n');
  if (MARKDOWN.test(real) || MARKDOWN.test(resolved)) {
    const refused = markdownRefusal(text, target, listedRel, realRel, intoInternalPage, roots.zone);
    if (refused !== undefined) return { error: refused };
  }
  return { text };
}

/**
 * The visible note a reader puts where a refused file would have been: ``(include refused: `path`)``.
 * The path is the page's own text, reduced to characters that carry no markup and set as code, so
 * the note can neither open HTML nor become a link; the reason goes to `check` and the log.
 */
export function refusalNote(target: string): string {
  return `(include refused: \`${target.replace(/[^\w./@%+=:,~ -]/g, '?')}\`)`;
}
