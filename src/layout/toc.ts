/**
 * The on-page table of contents: the H2 and H3 headings of a page's rendered body, linked by the
 * ids the renderer gives every heading (content/render.ts, GitHub's slugs). Shown as a collapsible
 * "On this page" list (`<details>`, WHATWG HTML §4.11.1) above the text on narrow screens and in
 * the right gutter on wide ones, where the site script highlights the section being read.
 */
/** One entry of the table of contents. */
export interface TocEntry {
  /** 2 or 3. */
  level: 2 | 3;
  /** The heading's id (already HTML-escaped as in the body). */
  id: string;
  /** The heading's text, markup removed, entities kept as the body escapes them (HTML-safe). */
  textHtml: string;
}

/** `<h2 … id="x" …>…</h2>` and `<h3>`: the renderer writes each heading on one tag, id quoted with `"`. */
const HEADING = /<h([23])\b([^>]*)>([\s\S]*?)<\/h\1>/g;
const ID = /\bid="([^"]*)"/;
const TAG = /<[^<>]*>/g;

/**
 * The H2/H3 headings of a rendered body, in order; headings without an id or without text are
 * skipped (a TOC link needs both).
 * @param bodyHtml the renderer's HTML (content/render.ts), tags balanced, attributes double-quoted
 */
export function tocEntries(bodyHtml: string): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const match of bodyHtml.matchAll(HEADING)) {
    const id = ID.exec(match[2] ?? '')?.[1];
    const textHtml = (match[3] ?? '').replace(TAG, '').replace(/\s+/g, ' ').trim();
    if (id === undefined || id === '' || textHtml === '') continue;
    entries.push({ level: match[1] === '2' ? 2 : 3, id, textHtml });
  }
  return entries;
}

/**
 * The "On this page" navigation of `entries` (H3s nested under the H2 before them); `''` for fewer
 * than two entries, where a table of contents would say nothing.
 */
export function renderToc(entries: readonly TocEntry[]): string {
  if (entries.length < 2) return '';
  let html = '';
  let nested = false;
  for (const [i, entry] of entries.entries()) {
    const link = `<a href="#${entry.id}">${entry.textHtml}</a>`;
    if (entry.level === 3 && i > 0 && !nested) {
      html = html.replace(/<\/li>$/, '');
      html += `\n<ul>\n<li>${link}</li>`;
      nested = true;
    } else if (entry.level === 2 && nested) {
      html += `\n</ul></li>\n<li>${link}</li>`;
      nested = false;
    } else {
      html += `${i === 0 ? '' : '\n'}<li>${link}</li>`;
    }
  }
  if (nested) html += '\n</ul></li>';
  return `<details class="toc" id="toc"><summary>On this page</summary>
<nav aria-label="On this page">
<ul>
${html}
</ul>
</nav>
</details>\n`;
}
