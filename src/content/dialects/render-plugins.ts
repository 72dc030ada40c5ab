/**
 * The markdown-it plugins that render what plain markdown still carries after the dialect step:
 * GitHub alerts (`> [!NOTE]`, docs.github.com "Basic writing and formatting syntax § Alerts") as
 * boxes with their label (markdown-it-github-alerts), footnotes (markdown-it-footnote, as GFM and
 * PHP Markdown Extra write them), definition lists (markdown-it-deflist: `term` then
 * `: definition`, as Hugo's goldmark and Python-Markdown's `def_list` read them) and attribute lists
 * (markdown-it-attrs: `## Title {#id}`, `{ .class }`, as Hugo's and Python-Markdown's `attr_list`
 * read them), limited to attributes that cannot run script or break the CSP, and abbreviations
 * (markdown-it-abbr: `*[HTML]: Hyper Text Markup Language` defines the `<abbr>` title of every
 * `HTML` on the page, as Python-Markdown's `abbr` reads it, often from MkDocs' auto-appended
 * `includes/abbreviations.md`), and task lists (task-lists.ts: `- [x]` as a disabled checkbox).
 */
import type MarkdownIt from 'markdown-it';
import type { PluginSimple, PluginWithOptions } from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import abbrPlugin from 'markdown-it-abbr';
import attrsPlugin from 'markdown-it-attrs';
import deflistPlugin from 'markdown-it-deflist';
import footnotePlugin from 'markdown-it-footnote';
import githubAlerts from 'markdown-it-github-alerts';
import { attributeListEnd } from './attr-list.js';
import { taskListPlugin } from './task-lists.js';

/** Attributes an attribute list may set: no event handlers, no `style` (the CSP refuses inline styles), no `href`/`src`. */
const ALLOWED_ATTRIBUTES = [
  'id',
  'class',
  'title',
  'width',
  'height',
  'align',
  'lang',
  'dir',
  'start',
  'target',
  'rel',
  /^data-[\w-]+$/,
  /^aria-[\w-]+$/,
];

/**
 * Whether a body may hold an attribute list (`{#id}`, `{ .class }`, `{key="value"}`, or a bare word
 * ending a heading, `## Title { data-search-exclude }`: attr-list.ts): only then is
 * markdown-it-attrs worth its cost.
 */
export function mayHoldAttributeList(body: string): boolean {
  return /\{:?[ \t]*(?:[#.][\w-]|[\w-]+=)/.test(body) || (body.includes('#') && body.split('\n').some(endsHeadingWithBareWords));
}

/** `## Title { word }`: an ATX heading closed by a list of bare words (Python-Markdown's `{: checked }`). */
function endsHeadingWithBareWords(line: string): boolean {
  if (!/^ {0,3}#{1,6}[ \t]/.test(line)) return false;
  const end = line.trimEnd();
  const open = end.lastIndexOf('{');
  // Python-Markdown's heading list follows a space (`HEADER_RE = '[ ]+\\{…'`): `/users/{id}` is text.
  const spaced = end[open - 1] === ' ' || end[open - 1] === '\t';
  return end.endsWith('}') && open > 0 && spaced && attributeListEnd(end, open + 1, '}', true, true) === end.length;
}

/**
 * Adds the plugins to `md`.
 * @param options.attributeLists whether to read attribute lists (markdown-it-attrs, the costly one)
 */
export function useDialectPlugins(md: MarkdownIt, options: { attributeLists: boolean }): void {
  md.use(githubAlerts as PluginWithOptions<{ icons?: Record<string, string> }>, { icons: {} });
  md.core.ruler.after('github-alerts', 'sitegate_alert_nesting', repairAlertNesting);
  const escapeHtml = md.utils.escapeHtml;
  // The plugin writes the title (author text after `[!NOTE]`) unescaped.
  md.renderer.rules.alert_open = (tokens, idx) => {
    const meta = tokens[idx]?.meta as { title: string; type: string };
    return `<div class="markdown-alert markdown-alert-${escapeHtml(meta.type)}"><p class="markdown-alert-title">${escapeHtml(meta.title)}</p>\n`;
  };
  md.use(footnotePlugin as unknown as PluginSimple);
  md.use(deflistPlugin);
  md.use(abbrPlugin);
  md.use(taskListPlugin);
  if (options.attributeLists)
    md.use(attrsPlugin as unknown as PluginWithOptions<{ allowedAttributes: (string | RegExp)[] }>, {
      allowedAttributes: ALLOWED_ATTRIBUTES,
    });
}

/** An alert marker opening a quote's first paragraph, as markdown-it-github-alerts reads it (its default markers). */
const ALERT_MARKER = /^\\?\[!(TIP|NOTE|IMPORTANT|WARNING|CAUTION)\]([^\n\r]*)/i;

/**
 * markdown-it-github-alerts turns the first `blockquote_close` after an alert's opening into the
 * alert's close, which is a nested quote's when the alert holds one (an admonition holding a
 * collapsible block), and it skips the quotes nested in an alert, so an admonition inside an
 * admonition (MkDocs "Nested admonitions") stayed a quote. A quote whose first paragraph opens
 * with a marker becomes an alert here, as the plugin makes one, and each close is matched to its
 * opening again, by nesting.
 */
function repairAlertNesting(state: { tokens: Token[] }): void {
  const open: Token[] = [];
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.type === 'blockquote_open' && tokens[i + 1]?.type === 'paragraph_open') nestedAlert(token, tokens[i + 2]);
    // `> [!NOTE]` alone on its line leaves an empty first paragraph once the marker is taken out.
    if (token.type === 'alert_open' && tokens[i + 1]?.type === 'paragraph_open') {
      if (tokens[i + 2]?.content === '') tokens.splice(i + 1, 3);
      // Else the paragraph lost its marker line: its text starts a line further down (the line `check` names for a link in it).
      else for (const text of [tokens[i + 1], tokens[i + 2]]) if (text?.map?.[0] === token.map?.[0] && text?.map) text.map[0] += 1;
    }
    if (token.type === 'blockquote_open' || token.type === 'alert_open') open.push(token);
    else if (token.type === 'blockquote_close' || token.type === 'alert_close') {
      const opener = open.pop();
      const alert = opener?.type === 'alert_open';
      token.type = alert ? 'alert_close' : 'blockquote_close';
      token.tag = alert ? 'div' : 'blockquote';
    }
  }
}

/** Makes `open` an alert when the inline token of its first paragraph opens with a marker (the marker taken out, as the plugin does). */
function nestedAlert(open: Token, inline: Token | undefined): void {
  const match = inline?.type === 'inline' ? ALERT_MARKER.exec(inline.content) : null;
  if (inline === undefined || match === null) return;
  const type = (match[1] as string).toLowerCase();
  inline.content = inline.content.slice(match[0].length).trimStart();
  // Core rules after 'block' run before 'inline': the children are parsed from the content as left here.
  open.type = 'alert_open';
  open.tag = 'div';
  open.meta = { title: (match[2] ?? '').trim() || type.charAt(0).toUpperCase() + type.slice(1), type };
}
