/**
 * Expressive Code meta in Starlight code fences (starlight.astro.build/guides/authoring-content/#expressive-code-features;
 * expressive-code.com/key-features/text-markers/ and /key-features/frames/): after the language,
 * the opening fence's meta may hold a `title="…"` (the frame's title), `frame="terminal|code|none|auto"`,
 * line markers `{1, 4-5}`, `mark={…}`, `ins={…}`, `del={…}`, text markers `"text"`, `'text'`,
 * `/regex/` (also as `ins=` / `del=` values), `collapse={1-5}` (plugin-collapsible-sections),
 * `wrap`, `showLineNumbers`, `startLineNumber=5` (plugin-line-numbers) and the like. They style
 * the rendered block; none of them is code. The markdown agents get keeps a plain fence: the
 * language, and the title (a file name an agent needs, which the HTML shows above the block,
 * code/code-block.ts); the rest of the meta is left out.
 */
import { frontmatterBlock } from '../frontmatter.js';

/** A fence opening line: its indentation, marker and info string. */
interface FenceOpening {
  indent: string;
  marker: string;
  info: string;
}

/** A fence line read without a regular expression: at most 3 spaces of indentation are code's own, more is any block's (a list item). */
function fenceOpening(line: string): FenceOpening | undefined {
  let i = 0;
  while (line[i] === ' ' || line[i] === '\t') i++;
  const char = line[i];
  if (char !== '`' && char !== '~') return undefined;
  const start = i;
  while (line[i] === char) i++;
  if (i - start < 3) return undefined;
  const info = line.slice(i);
  // A backtick fence's info string holds no backtick (CommonMark §4.5).
  if (char === '`' && info.includes('`')) return undefined;
  return { indent: line.slice(0, start), marker: line.slice(start, i), info };
}

/** Where the value starting at `at` ends: a quoted string, `{…}`, `/…/`, or a bare word. */
function valueEnd(meta: string, at: number): number {
  const open = meta[at];
  const close = open === '"' || open === "'" || open === '/' ? open : open === '{' ? '}' : undefined;
  if (close === undefined) {
    let i = at;
    while (i < meta.length && meta[i] !== ' ' && meta[i] !== '\t') i++;
    return i;
  }
  for (let i = at + 1; i < meta.length; i++) {
    if (meta[i] === '\\' && close === '/') i++;
    else if (meta[i] === close) return i + 1;
  }
  return meta.length;
}

/**
 * The title of an Expressive Code meta string (`title="…"` or `title='…'`), read term by term,
 * so that a `"title=x"` text marker is not taken for it.
 */
export function metaTitle(meta: string): string | undefined {
  let title: string | undefined;
  for (let i = 0; i < meta.length;) {
    if (meta[i] === ' ' || meta[i] === '\t') {
      i++;
      continue;
    }
    // A key: letters up to `=`; else the term is a value on its own (a marker, a range, a flag).
    let key = i;
    while (key < meta.length && /[\w-]/.test(meta[key] ?? '')) key++;
    const keyed = key > i && meta[key] === '=';
    const start = keyed ? key + 1 : i;
    const end = valueEnd(meta, start);
    if (keyed && meta.slice(i, key) === 'title') {
      const value = meta.slice(start, end);
      title = /^["'].*["']$/.test(value) ? value.slice(1, -1) : value;
    }
    i = Math.max(end, i + 1);
  }
  return title;
}

/** An info string as agents get it: the language, then `title="…"` when one is given. */
function plainInfo(info: string): string {
  const trimmed = info.trim();
  let langEnd = 0;
  while (langEnd < trimmed.length && trimmed[langEnd] !== ' ' && trimmed[langEnd] !== '\t' && trimmed[langEnd] !== '{') langEnd++;
  const lang = trimmed.slice(0, langEnd);
  const title = metaTitle(trimmed.slice(langEnd));
  const quoted = title === undefined || title === '' ? '' : title.includes('"') ? ` title='${title}'` : ` title="${title}"`;
  return `${lang}${quoted}`;
}

/**
 * A Starlight page's source with every code fence's meta reduced to its language and title (see
 * the file comment). Frontmatter stays as written; a page without meta is the very same string.
 */
export function expressiveCodeFences(source: string): string {
  if (!source.includes('``') && !source.includes('~~')) return source;
  const frontmatter = frontmatterBlock(source);
  const lines = source.slice(frontmatter.length).split('\n');
  let fence: FenceOpening | undefined;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const opening = fenceOpening(line);
    if (fence !== undefined) {
      if (
        opening !== undefined &&
        opening.marker[0] === fence.marker[0] &&
        opening.marker.length >= fence.marker.length &&
        opening.info.trim() === ''
      )
        fence = undefined;
      continue;
    }
    if (opening === undefined) continue;
    fence = opening;
    const info = plainInfo(opening.info);
    if (info === opening.info.trim()) continue;
    lines[i] = `${opening.indent}${opening.marker}${info}`;
    changed = true;
  }
  return changed ? frontmatter + lines.join('\n') : source;
}
