/** For the dialect tests: a source through the dialect step, and its HTML as a page gets it. */
import { renderMarkdown } from '../render.js';
import { plainMarkdown, type PlainMarkdown } from './index.js';
import type { SiteFiles } from './site-files.js';

/** The plain markdown and body HTML of `source` as page `relPath` (default `page.md`). */
export function dialect(
  source: string,
  options: { relPath?: string; files?: SiteFiles; internal?: boolean } = {},
): PlainMarkdown & { html: string } {
  const relPath = options.relPath ?? 'page.md';
  const lookup = (file: string): string | undefined => `/${file.replace(/(\/_?index)?\.md$/, '')}`;
  const plain = plainMarkdown(source, { relPath, internal: options.internal ?? false, files: options.files, lookup });
  return { ...plain, html: renderMarkdown(plain.text, { relPath, lookup, basePath: '' }).html };
}
