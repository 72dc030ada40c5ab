/**
 * The markdown twin of the developer portal (issue 30): the same sections as `/developers`, as
 * CommonMark with GFM tables (RFC 7763 `text/markdown`), served at `/developers.md` and on
 * `/developers` with `Accept: text/markdown` (RFC 9110 §12.5.1). It is made from the sections'
 * HTML, which uses a small fixed set of elements (discovery/portal-html.ts and the section
 * builders); the interactive "Try it" forms have no markdown form and are left out.
 */
import type { SiteChrome } from '../layout/document.js';
import type { PortalSection } from './portal-html.js';
import { portalSections, type PortalOptions } from './portal.js';

/** The entities escapeHtml writes, and the few the sections write themselves. */
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/** Text of HTML with its entities decoded. */
function unescape(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '');
}

/** A CommonMark code span of `text` (§6.1): fenced by one more backtick than the longest run inside. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A fenced code block (CommonMark §4.5) of `text`. */
function codeBlock(text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${text}\n${fence}`;
}

/**
 * Inline HTML (code, links, strong; other tags dropped) as markdown. Code spans are literal
 * (CommonMark §6.1); in other text `<` and `\\` are backslash-escaped (§2.4), so that a
 * placeholder such as `<token>` is text, not raw HTML.
 */
function inline(html: string): string {
  const spans: string[] = [];
  const text = html
    .replace(/<code[^>]*>([\s\S]*?)<\/code>/g, (_m, code: string) => `\uE001${spans.push(codeSpan(unescape(code))) - 1}\uE001`)
    .replace(/<a href="([^"]*)">([\s\S]*?)<\/a>/g, '[$2]($1)')
    .replace(/<\/?strong>/g, '**')
    .replace(/<[^<>]*>/g, '')
    .replace(/\s+/g, ' ');
  return unescape(text)
    .replace(/[\\<]/g, '\\$&')
    .replace(/\uE001(\d+)\uE001/g, (_m, i: string) => spans[Number(i)] ?? '')
    .trim();
}

/** A GFM table (GFM spec §4.10) of an HTML table with one header row. */
function table(html: string): string {
  const rows = [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd]>([\s\S]*?)<\/t[hd]>/g)].map((cell) => inline(cell[1] ?? '').replace(/\|/g, '\\|')),
  );
  const [head = [], ...body] = rows;
  return [head, head.map(() => '---'), ...body].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** One section's HTML (lead or sub-section body) as markdown blocks. */
export function htmlToMarkdown(html: string): string {
  const blocks: string[] = [];
  const hold = (markdown: string): string => `\n\n\uE000${blocks.push(markdown) - 1}\uE000\n\n`;
  const text = html
    // Interactive parts: the forms, their output and the no-script note.
    .replace(/<form[\s\S]*?<\/form>/g, '')
    .replace(/<noscript>[\s\S]*?<\/noscript>/g, '')
    .replace(/<div class="try-output"[\s\S]*?<\/div>/g, '')
    .replace(/<pre[^>]*><code>([\s\S]*?)<\/code><\/pre>/g, (_m, code: string) => hold(codeBlock(unescape(code))))
    .replace(/<table[^>]*>[\s\S]*?<\/table>/g, (tableHtml) => hold(table(tableHtml)))
    // An endpoint's answers: one line under its item.
    .replace(/<ul class="answers">([\s\S]*?)<\/ul>/g, (_m, items: string) => {
      const answers = [...items.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((item) => item[1] ?? '');
      return `<p>Answers: ${answers.join('; ')}.</p>`;
    })
    // The error list: one item per code, its status, meaning and fix.
    .replace(/<div class="error-entry"[^>]*>([\s\S]*?)<\/div>/g, (_m, entry: string) => {
      const [term = '', ...definitions] = [...entry.matchAll(/<(dt|dd)[^>]*>([\s\S]*?)<\/\1>/g)].map((part) => part[2] ?? '');
      return `<li>${term}: ${definitions.join(' ')}</li>`;
    });
  const out: string[] = [];
  for (const chunk of text.split(/\n\n(?=\uE000)|(?<=\uE000)\n\n/)) {
    const held = /^\uE000(\d+)\uE000$/.exec(chunk.trim());
    if (held !== null) {
      out.push(blocks[Number(held[1])] ?? '');
      continue;
    }
    // Paragraphs and list items, in order.
    for (const match of chunk.matchAll(/<li[^>]*>([\s\S]*?)<\/li>|<p[^>]*>([\s\S]*?)<\/p>/g)) {
      if (match[1] !== undefined) out.push(`- ${inline(match[1])}`);
      else out.push(inline(match[2] ?? ''));
    }
  }
  // Consecutive list items form one list.
  return out
    .filter((block) => block !== '' && block !== '- ')
    .reduce<string[]>((blocksOut, block) => {
      const last = blocksOut[blocksOut.length - 1];
      if (last !== undefined && last.startsWith('- ') && block.startsWith('- ')) blocksOut[blocksOut.length - 1] = `${last}\n${block}`;
      else blocksOut.push(block);
      return blocksOut;
    }, [])
    .join('\n\n');
}

/**
 * A heading with an HTML anchor before it, so that the portal's fragment ids (`#mcp`, which
 * llms.txt links to) hold in the markdown too, whatever slug a renderer makes of the title.
 */
function heading(level: number, id: string, title: string): string {
  return `<a id="${id}"></a>\n\n${'#'.repeat(level)} ${title}`;
}

/** The section, without its interactive parts, as markdown; '' when nothing is left (Try it). */
function sectionMarkdown(section: PortalSection): string {
  const subsections = section.subsections
    .map((sub) => ({ sub, body: htmlToMarkdown(sub.html) }))
    .filter(({ body }) => body !== '')
    .map(({ sub, body }) => `${heading(3, sub.id, sub.title)}\n\n${body}`);
  if (subsections.length === 0 && htmlToMarkdown(section.html) === '') return '';
  return [heading(2, section.id, section.title), htmlToMarkdown(section.html), ...subsections].filter((part) => part !== '').join('\n\n');
}

/**
 * Builds `/developers.md`: the portal's sections as markdown under the same title, with a line
 * naming the HTML page. Pure; made once per snapshot (snapshot/discovery-bodies.ts).
 */
export function buildPortalMarkdown(chrome: SiteChrome, options: PortalOptions = {}): string {
  const sections = portalSections(chrome, options)
    .filter((section) => section.id !== 'try-it')
    .map(sectionMarkdown)
    .filter((part) => part !== '');
  return `# Developers

The API, credentials, scopes and error codes of ${chrome.name}, and how to connect an agent over MCP. This is the markdown form of ${chrome.baseUrl}/developers.

${sections.join('\n\n').replaceAll('](#try-', `](${chrome.baseUrl}/developers#try-`)}
`;
}
