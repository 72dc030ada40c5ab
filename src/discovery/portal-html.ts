/**
 * The small HTML pieces every part of the developer portal writes: inline code, error codes that
 * never break mid-word, command blocks (which the portal script gives a copy button) and the
 * sections the on-page table of contents is built from.
 */
import { errorAnchor, type ErrorCode } from '../errors.js';
import { escapeHtml } from '../escape.js';

/** Inline code: `text` escaped in `<code>`. */
export function code(text: string): string {
  return `<code>${escapeHtml(text)}</code>`;
}

/**
 * An error code linked to its row of the error table, in `<code class="error-code">`, which the
 * stylesheet keeps on one line (`white-space: nowrap`) so that `credential_required` never reads
 * "credenti/al_requir/ed".
 */
export function errorCode(name: ErrorCode): string {
  return `<a href="#${errorAnchor(name)}"><code class="error-code">${name}</code></a>`;
}

/**
 * A command or sample as a focusable `<pre>` (it may scroll sideways on a phone). The portal
 * script (layout/client/portal.js.ts) adds a copy button to each.
 */
export function commandBlock(text: string): string {
  return `<pre tabindex="0"><code>${escapeHtml(text)}</code></pre>`;
}

/** A sub-section of a portal section: an H3 with its anchor. */
export interface PortalSubsection {
  /** Fragment id of the H3, e.g. `api-keys`; other documents link to some (llms.txt: `#search`). */
  id: string;
  title: string;
  /** Body HTML (already escaped). */
  html: string;
}

/** A section of the portal: an H2, its lead HTML and its H3 sub-sections. */
export interface PortalSection {
  id: string;
  title: string;
  /** HTML between the H2 and the first H3 (already escaped); may be empty. */
  html: string;
  subsections: readonly PortalSubsection[];
}

/** The section as HTML: its H2, lead and H3 sub-sections. */
export function renderSection(section: PortalSection): string {
  const subsections = section.subsections.map((sub) => `<h3 id="${sub.id}">${escapeHtml(sub.title)}</h3>\n${sub.html}`);
  return [`<section>\n<h2 id="${section.id}">${escapeHtml(section.title)}</h2>`, section.html, ...subsections, '</section>']
    .filter((part) => part !== '')
    .join('\n');
}

/**
 * The on-page table of contents of `sections` (H2 and H3), as a `<details>` sent closed: phones
 * open it on demand; the stylesheet shows it as a sticky column on wide screens whatever its state,
 * so the page does not move when the script marks it open there.
 */
export function renderToc(sections: readonly PortalSection[]): string {
  const item = (id: string, title: string, children = ''): string => `<li><a href="#${id}">${escapeHtml(title)}</a>${children}</li>`;
  const items = sections.map((section) =>
    item(
      section.id,
      section.title,
      section.subsections.length === 0 ? '' : `<ol>${section.subsections.map((sub) => item(sub.id, sub.title)).join('')}</ol>`,
    ),
  );
  return `<details class="portal-toc">
<summary>On this page</summary>
<nav aria-label="On this page"><ol>
${items.join('\n')}
</ol></nav>
</details>`;
}
