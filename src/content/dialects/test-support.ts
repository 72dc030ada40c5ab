/** For the dialect tests: a source through the dialect step, and its HTML as a page gets it; a site folder of files on disk. */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderMarkdown } from '../render.js';
import { plainMarkdown, type PlainMarkdown } from './index.js';
import type { SiteFiles } from './site-files.js';
import type { Generator, ImportAliases } from '../conventions/types.js';
import type { AttrDelimiters } from './attr-list.js';
import type { HugoParams } from '../conventions/hugo-params.js';

/**
 * The plain markdown and body HTML of `source` as page `relPath` (default `page.md`). Code comes
 * out unhighlighted: these tests read the dialects' structure, content/code/ tests highlighting.
 * The markdown agents get is `agentsMarkdown(text)` (agents-markdown.ts; links left relative).
 * Links resolve to `/<path>` for any file of the content folder, and outside it to `outside`'s.
 */
export function dialect(
  source: string,
  options: {
    relPath?: string;
    files?: SiteFiles;
    internal?: boolean;
    generator?: Generator;
    attrDelimiters?: AttrDelimiters;
    importAliases?: ImportAliases;
    siteParams?: HugoParams;
    /** Files outside the content folder the listing serves, by their path from it (`../../assets/a.png`) → URL. */
    outside?: Readonly<Record<string, string>>;
  } = {},
): PlainMarkdown & { html: string } {
  const relPath = options.relPath ?? 'page.md';
  // Every file of the content folder is taken to exist; outside it, only the ones listed.
  const lookup = (file: string): string | undefined =>
    file.startsWith('../') ? options.outside?.[file] : `/${file.replace(/(\/_?index)?\.md$/, '')}`;
  const plain = plainMarkdown(source, {
    relPath,
    internal: options.internal ?? false,
    files: options.files,
    lookup,
    generator: options.generator,
    attrDelimiters: options.attrDelimiters,
    importAliases: options.importAliases,
    siteParams: options.siteParams,
  });
  return { ...plain, html: renderMarkdown(plain.text, { relPath, lookup, basePath: '', highlight: null }).html };
}

/**
 * Writes a site folder in a fresh temporary folder: `files` maps `/`-separated paths to their text.
 * @returns the folder's real path (the caller removes it)
 */
export function writeSite(files: Readonly<Record<string, string>>): string {
  const site = realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-dialects-')));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
    writeFileSync(path.join(site, rel), text);
  }
  return site;
}
