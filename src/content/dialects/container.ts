/**
 * `:::` containers — Docusaurus admonitions (docusaurus.io "Admonitions": `:::tip[Title]`,
 * `:::tip Title`, nesting with more colons), Starlight asides (starlight.astro.build "Asides":
 * `:::tip[Title]`) and VitePress custom containers (vitepress.dev "Markdown Extensions § Custom
 * Containers": `::: warning Title`, `::: details`, `::: code-group`, `::: raw`) — as plain markdown:
 * admonitions become GitHub alerts with their title, `details` a quoted block with its summary,
 * `code-group` labelled sections of code. Where each container starts and ends is the generator's
 * parser's answer (container-tree.ts); this file writes what a container found there says.
 */
import type { Generator } from '../conventions/types.js';
import { admonitionMarkdown, detailsMarkdown, tabsMarkdown } from './blocks.js';
import { containerNodes, type ContainerNode } from './container-tree.js';
import { indentOf, indentLines, trimNewlines } from './lines.js';

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

/** A fence line's marker (CommonMark §4.5, at any indentation), read without a regular expression. */
function fenceMarker(line: string): string | undefined {
  const text = line.trimStart();
  const char = text[0];
  if (char !== '`' && char !== '~') return undefined;
  let end = 0;
  while (text[end] === char) end++;
  if (end < 3) return undefined;
  // A backtick fence's info string holds no backtick (§4.5).
  return char === '`' && text.slice(end).includes('`') ? undefined : text.slice(0, end);
}

/** The marker of the fence `lines` leave open (CommonMark §4.5), or undefined when every fence closes. */
function openFence(lines: readonly string[]): string | undefined {
  let fence: string | undefined;
  for (const line of lines) {
    const marker = fenceMarker(line);
    if (fence === undefined) fence = marker;
    else if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
  }
  return fence;
}

/**
 * Rewrites every `:::` container of `markdown` (a body) as plain markdown, where the generator's
 * own parser finds them (container-tree.ts): admonitions become GitHub alerts with their title,
 * VitePress `details` a quoted block with its summary, `code-group` labelled sections of code,
 * `raw`/`v-pre` and Starlight's and Docusaurus's other directives their content. Bodies go through
 * `recurse` (every dialect, nested containers included) first; output keeps the opening line's
 * indentation. A code fence the content left open is closed where the container closes, as the
 * parsers end it there.
 * @param admonitionKeywords Docusaurus's keywords when the site's config changes them (container-tree.ts)
 * @example containers(':::tip[Did you know?]\nYes.\n:::', (s) => s, 'starlight') // '> [!TIP]\n> **Did you know?**\n>\n> Yes.'
 */
export function containers(
  markdown: string,
  recurse: (markdown: string) => string,
  generator?: Generator,
  admonitionKeywords?: readonly string[],
): string {
  if (!markdown.includes(':::')) return markdown;
  const nodes = containerNodes(markdown, generator, admonitionKeywords);
  if (nodes.length === 0) return markdown;
  const lines = markdown.split('\n');
  const out: string[] = [];
  let next = 0;
  for (const node of nodes) {
    out.push(...lines.slice(next, node.open));
    const indent = indentOf(lines[node.open] ?? '');
    const content = lines
      .slice(node.open + 1, node.end)
      .map((text) => (text.startsWith(indent) ? text.slice(indent.length) : text.trimStart()));
    const open = openFence(content);
    const body = trimNewlines(content.join('\n')) + (open === undefined ? '' : `\n${open}`);
    const text = containerMarkdown(node, recurse(body));
    // A container interrupts a paragraph; its markdown must too: a quote does, other text would be a lazy line of it.
    if (!text.startsWith('>') && (out.at(-1) ?? '').trim() !== '') out.push('');
    out.push(indentLines(text, indent));
    next = node.closed ? node.end + 1 : node.end;
    // A line right after the container starts a block of its own, not a lazy line of the alert's quote.
    if (next < lines.length && (lines[next] ?? '').trim() !== '') out.push('');
  }
  out.push(...lines.slice(next));
  return out.join('\n');
}

/** One container as plain markdown, by its name (see {@link containers}). */
function containerMarkdown(node: ContainerNode, body: string): string {
  if (!node.admonition) return trimNewlines(body);
  switch (node.name.toLowerCase()) {
    case 'details':
      return detailsMarkdown(node.title, body);
    case 'code-group':
      return tabsMarkdown(codeGroupTabs(body));
    case 'raw':
    case 'v-pre':
      return trimNewlines(body);
    default:
      return admonitionMarkdown(node.name, node.title, body);
  }
}
