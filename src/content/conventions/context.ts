/** What a generator's reader is given: the content folder, its listed files and where the config is. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SourceFile } from '../load.js';
import { noteFileRead } from '../read-observer.js';
import { frontmatterBlock, splitFrontmatter } from '../frontmatter.js';
import { accessOf, type InternalZone } from '../access.js';
import { scalarText } from '../page.js';
import { summarizeMarkdown } from '../render.js';
import type { ContentProblem } from '../problems.js';
import type { Declaration } from './declare.js';
import type { FrontmatterMemo } from './frontmatter-memo.js';
import { DEFAULT_LOCALE, type Conventions, type DeclaredSite, type FallbackOrder, type Generator, type Locale } from './types.js';

/** The input of every generator reader. */
export interface ReaderContext {
  /** Absolute path of the content folder. */
  contentDir: string;
  /** Absolute path of the generator's config file (book.toml, mkdocs.yml…), when it has one. */
  configFile: string | undefined;
  /** The markdown files listed in the content folder. */
  files: readonly SourceFile[];
  /** Problems found reading the declaration; `file` is relative to the content folder (`../mkdocs.yml`). */
  problems: ContentProblem[];
  /**
   * The internal zone a reader judges files by (content/access.ts): the root's and that of every
   * top folder named by a language tag (content/conventions/locales.ts `languageFolderCandidates`).
   * The site's own zone is known only once its languages are (after the reader): this one holds
   * it, so that nothing a reader takes from a file (a 404 page, a section label) is private.
   */
  zone: InternalZone;
  /**
   * The pages' frontmatter as read at the last build, for those whose files did not change since
   * (frontmatter-memo.ts, `serve --watch`); `undefined`: every page's is read.
   */
  frontmatterMemo?: FrontmatterMemo | undefined;
}

/**
 * A file's text, or `undefined` when it cannot be read. The path is told to the read observer
 * (content/read-observer.ts) first, missing or not: `serve --watch` watches the config files the
 * conventions read, and those they looked for, whose creation would change them (snapshot/config-reads.ts).
 */
export function readTextFile(file: string): string | undefined {
  noteFileRead(file);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Whether something exists at `file` (absolute), told to the read observer first as {@link readTextFile}
 * does: a config file looked for and missing (`sidebars.js`) changes the conventions once it is created.
 */
export function pathExists(file: string): boolean {
  noteFileRead(file);
  return existsSync(file);
}

/** The config file's path as `check` prints it: relative to the content folder. */
export function shownPath(context: ReaderContext, file: string): string {
  return path.relative(context.contentDir, file).split(path.sep).join('/');
}

/**
 * The listed files' frontmatter, for generators that keep ids, weights or cascades there.
 * @param wanted which files to parse, given the path and the raw frontmatter block (parsing every
 *   file's YAML costs twice the build's own reading; default: all)
 */
export function frontmatters(
  context: ReaderContext,
  wanted: (relPath: string, block: string) => boolean = () => true,
): Map<string, Record<string, unknown>> {
  const all = new Map<string, Record<string, unknown>>();
  const memo = context.frontmatterMemo;
  for (const file of context.files) {
    const kept = memo?.get(file.relPath);
    try {
      let text: string | undefined;
      const block = kept?.block ?? frontmatterBlock((text = file.read()));
      if (!wanted(file.relPath, block)) {
        memo?.set(file.relPath, kept ?? { block });
        continue;
      }
      const data = kept?.data ?? splitFrontmatter(text ?? file.read()).data;
      all.set(file.relPath, data);
      memo?.set(file.relPath, { block, data });
    } catch {
      // Unreadable now: the build reports it.
    }
  }
  return all;
}

/** Reports what could not be read in a config file. */
export function unreadable(context: ReaderContext, file: string, message: string): void {
  context.problems.push({ severity: 'warning', file: shownPath(context, file), message });
}

/** Whether a file or one of its folders starts with `_`: a partial to Docusaurus and Starlight, never a page. */
export function isUnderscored(relPath: string): boolean {
  return relPath.split('/').some((segment) => segment.startsWith('_'));
}

/**
 * A reader's result: what `declaration` collected, with the site settings, unpublished files and
 * fallback order of `generator`; `detectedBy` is filled in by the caller (content/conventions/index.ts).
 */
export function conventionsOf(
  generator: Generator,
  context: ReaderContext,
  declaration: Declaration,
  parts: { site: DeclaredSite; unpublished?: Map<string, string>; fallbackOrder: FallbackOrder; locales?: readonly Locale[] },
): Conventions {
  return {
    generator,
    detectedBy: '',
    site: parts.site,
    pages: declaration.pages,
    folders: declaration.finishFolders(),
    unpublished: parts.unpublished ?? new Map(),
    fallbackOrder: parts.fallbackOrder,
    locales: parts.locales ?? [DEFAULT_LOCALE],
    problems: context.problems,
  };
}

/**
 * The generator's not-found page (`404.md`), unpublished as a page, as the title and message of
 * sitegate's 404 page: frontmatter `title`, else its H1; frontmatter `description`, else Starlight's
 * `hero.tagline`, else its first paragraph, as plain text. `undefined` when the file is missing,
 * says nothing, or is not public (content/access.ts, by {@link ReaderContext.zone}: an internal page never shows).
 */
export function notFoundPage(context: ReaderContext, relPath: string): { title: string; message: string } | undefined {
  const file = context.files.find((listed) => listed.relPath === relPath);
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = file.read();
  } catch {
    return undefined;
  }
  const { data, body } = splitFrontmatter(text);
  if (accessOf(data) !== 'public' || context.zone.isInternalFile(relPath)) return undefined;
  const hero = typeof data.hero === 'object' && data.hero !== null ? (data.hero as Record<string, unknown>) : {};
  const summary = summarizeMarkdown(body, { h1: true, paragraph: true });
  const plain = (value: unknown): string | undefined => {
    const words = scalarText(value)
      ?.replace(/<br\s*\/?>/gi, ' ')
      .replace(/<[^<>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    return words === '' ? undefined : words;
  };
  const title = plain(data.title) ?? plain(summary.firstH1);
  const message = plain(data.description) ?? plain(hero.tagline) ?? plain(summary.firstParagraph);
  return title === undefined || message === undefined ? undefined : { title, message };
}
