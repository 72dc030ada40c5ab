/**
 * `:::` containers — Docusaurus admonitions (docusaurus.io "Admonitions": `:::tip[Title]`,
 * `:::tip Title`, nesting with more colons), Starlight asides (starlight.astro.build "Asides":
 * `:::tip[Title]`) and VitePress custom containers (vitepress.dev "Markdown Extensions § Custom
 * Containers": `::: warning Title`, `::: details`, `::: code-group`, `::: raw`) — as plain markdown:
 * admonitions become GitHub alerts with their title, `details` a quoted block with its summary,
 * `code-group` labelled sections of code.
 */
import type { Generator } from '../conventions/types.js';
import { admonitionMarkdown, detailsMarkdown, tabsMarkdown } from './blocks.js';
import { directiveContainers } from './directive-container.js';
import { indentOf, indentLines, rewriteBlocks, trimNewlines } from './lines.js';

/**
 * `:::name`, `::: name Title`, `:::name[Title]`, `:::name[Title]{attrs}`. The rest of the line
 * starts where the name ends, so the two never share characters (no backtracking between them).
 */
const OPEN = /^\s*(:{3,})\s*([A-Za-z][\w-]*)((?:[^\w\n\r\u2028\u2029-].*)?)$/;
const CLOSE = /^\s*:{3,}\s*$/;

/** The title of an opening line's rest: `[Title]` (attributes after it ignored), else the text, else none. */
function titleOf(rest: string): string | undefined {
  const bracketed = /^\[(.*)\]/.exec(rest.trim());
  if (bracketed !== null) return bracketed[1];
  const text = withoutTrailingAttributes(rest).trim();
  return text === '' ? undefined : text;
}

/** `rest` without a `{…}` attribute list that ends it (whitespace after it allowed), found from the end. */
function withoutTrailingAttributes(rest: string): string {
  const trimmed = rest.trimEnd();
  if (!trimmed.endsWith('}')) return rest;
  const close = trimmed.length - 1;
  const open = trimmed.indexOf('{', trimmed.lastIndexOf('}', close - 1) + 1);
  return open === -1 || open > close ? rest : trimmed.slice(0, open);
}

/** A code fence of a code group with its label (```` ```sh [npm] ````): its parts, or undefined for a fence without one. */
function groupFence(line: string): { marker: string; info: string; label: string; after: string } | undefined {
  let indent = 0;
  while (/\s/.test(line[indent] ?? '')) indent++;
  const char = line[indent];
  if (char !== '`' && char !== '~') return undefined;
  let markerEnd = indent;
  while (line[markerEnd] === char) markerEnd++;
  if (markerEnd - indent < 3) return undefined;
  const open = line.indexOf('[', markerEnd);
  const close = open === -1 ? -1 : line.indexOf(']', open + 1);
  // The label is not empty, and what follows it is one line (`.` in the pattern this replaces).
  if (close === -1 || close === open + 1 || /[\r\u2028\u2029]/.test(line.slice(close + 1))) return undefined;
  return {
    marker: line.slice(indent, markerEnd),
    info: line.slice(markerEnd, open).trimEnd(),
    label: line.slice(open + 1, close),
    after: line.slice(close + 1),
  };
}

/** A VitePress code group's body: its fenced blocks, each labelled by the `[label]` of its info string (else its language). */
function codeGroupTabs(body: string): { label: string; body: string }[] {
  const tabs: { label: string; body: string[] }[] = [];
  let fence: string | undefined;
  for (const line of body.split('\n')) {
    if (fence !== undefined) {
      tabs.at(-1)?.body.push(line);
      if (line.trim().startsWith(fence) && /^[`~]+$/.test(line.trim()) && line.trim()[0] === fence[0]) fence = undefined;
      continue;
    }
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      fence = marker;
      const labelled = groupFence(line);
      const info = line.trim().slice(marker.length).trim();
      const label = labelled?.label ?? (info.split(/\s/)[0] || `Tab ${tabs.length + 1}`);
      const opening = labelled === undefined ? line.trim() : `${labelled.marker}${labelled.info.trim()}${labelled.after}`;
      tabs.push({ label: label.trim(), body: [opening.trimEnd()] });
    } else if (line.trim() !== '') tabs.push({ label: `Tab ${tabs.length + 1}`, body: [line] });
  }
  return tabs.map((tab) => ({ label: tab.label, body: tab.body.join('\n') }));
}

/**
 * Rewrites every `:::` container of `markdown` outside fenced code. Containers nest (the closing
 * `:::` ends the innermost open one); one left open runs to the end. Bodies are passed through
 * `recurse` (every dialect) first, and the output keeps the opening line's indentation.
 *
 * The generators differ where a container starts and ends: Starlight parses `:::` as
 * remark-directive container directives (directive-container.ts: no space after the colons, the
 * close found on every line, even inside a fence the content left open), VitePress and Docusaurus
 * with markdown-it-container-like rules (this file). `generator` `starlight` takes Starlight's rules;
 * any other (or none) these.
 * @example containers(':::tip[Did you know?]\nYes.\n:::', (s) => s) // '> [!TIP]\n> **Did you know?**\n>\n> Yes.'
 */
export function containers(markdown: string, recurse: (markdown: string) => string, generator?: Generator): string {
  if (!markdown.includes(':::')) return markdown;
  if (generator === 'starlight') return directiveContainers(markdown, recurse);
  return rewriteBlocks(markdown, OPEN, (lines, code, i, open) => {
    let depth = 1;
    let end = i + 1;
    for (; end < lines.length; end++) {
      if (code[end] === true) continue;
      const text = lines[end] ?? '';
      if (CLOSE.test(text)) depth--;
      else if (OPEN.test(text)) depth++;
      if (depth === 0) break;
    }
    const indent = indentOf(lines[i] ?? '');
    const body = recurse(
      trimNewlines(
        lines
          .slice(i + 1, end)
          .map((text) => (text.startsWith(indent) ? text.slice(indent.length) : text.trimStart()))
          .join('\n'),
      ),
    );
    const text = indentLines(containerMarkdown(open[2] ?? '', titleOf(open[3] ?? ''), body), indent);
    // A line right after the close starts a block of its own, not a lazy line of the alert's quote.
    const next = lines[end + 1];
    return { text: next !== undefined && next.trim() !== '' ? `${text}\n` : text, last: end };
  });
}

/** One container as plain markdown, by its name. */
function containerMarkdown(name: string, title: string | undefined, body: string): string {
  switch (name.toLowerCase()) {
    case 'details':
      return detailsMarkdown(title, body);
    case 'code-group':
      return tabsMarkdown(codeGroupTabs(body));
    case 'raw':
    case 'v-pre':
      return trimNewlines(body);
    default:
      return admonitionMarkdown(name, title, body);
  }
}
