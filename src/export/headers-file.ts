/**
 * The `_headers` file of an export (docs/export.md "Netlify and Cloudflare Pages"), in the format
 * both hosts read: a URL path on its own line, then indented `Name: value` lines. First the media
 * types sitegate sends that hosts guess differently (`.md` as `text/markdown; charset=utf-8`,
 * llms files as UTF-8 text), then, per page, `Vary: Accept` and its `Link` header, and per
 * markdown twin its `Link`, `X-Robots-Tag` and `Content-Signal`. Neither host negotiates on
 * `Accept`: agents there get markdown at the `.md` URLs that llms.txt and the `Link` headers name.
 * Cloudflare Pages reads the first 100 rules, so the type rules come first. Pure.
 */
import { extensionOf, type ServedFile } from './served-file.js';

/** Header names of {@link ServedFile.headers} the file repeats, as they are written. */
const REPEATED: readonly (readonly [string, string])[] = [
  ['link', 'Link'],
  ['x-robots-tag', 'X-Robots-Tag'],
  ['content-signal', 'Content-Signal'],
];

/** Header values are one line: a line break would start another header or rule. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

/**
 * The text of `_headers` for the exported files.
 * @param files what the export wrote (its HTML pages carry {@link ServedFile.markdownTwin})
 */
export function buildHeadersFile(files: readonly ServedFile[]): string {
  const lines = ['# Headers of a sitegate export (docs/export.md), for Netlify and Cloudflare Pages.', ''];
  // One wildcard rule per extension whose files all share a media type (hosts serve `.md` as
  // text/plain or octet-stream otherwise); any other file gets an exact rule.
  const byExtension = new Map<string, Set<string>>();
  for (const file of files) {
    const types = byExtension.get(extensionOf(file.file)) ?? new Set<string>();
    types.add(file.contentType);
    byExtension.set(extensionOf(file.file), types);
  }
  const wildcard = new Set<string>();
  for (const extension of ['md', 'txt']) {
    const types = byExtension.get(extension);
    if (types?.size !== 1) continue;
    wildcard.add(extension);
    lines.push(`/*.${extension}`, `  Content-Type: ${[...types][0] as string}`, '');
  }
  for (const file of files) {
    const rule: string[] = [];
    if (!wildcard.has(extensionOf(file.file)) && extensionOf(file.file) !== 'html' && file.markdownTwin === undefined)
      if (['md', 'txt', 'xml', 'json', ''].includes(extensionOf(file.file))) rule.push(`  Content-Type: ${oneLine(file.contentType)}`);
    if (file.markdownTwin !== undefined) rule.push('  Vary: Accept');
    for (const [name, written] of REPEATED) {
      const value = file.headers[name];
      if (value !== undefined && value !== '') rule.push(`  ${written}: ${oneLine(value)}`);
    }
    if (rule.length > 0) lines.push(file.url, ...rule, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
