/**
 * What a page shows around its own text, outside `<article class="content">` (which holds only
 * the author's content): the page actions readers of Mintlify, GitBook and Fern know (copy the
 * page as markdown, view it as markdown, open it in a chat assistant), and the page meta line
 * ("Edit this page", "Last updated").
 */
import { escapeHtml } from '../escape.js';

/**
 * The chat assistants a page can be opened in: each gets a prompt naming the page's URL in its
 * `q` query parameter (chatgpt.com and claude.ai read it as the first message).
 */
export const CHAT_ASSISTANTS = [
  { name: 'ChatGPT', url: (prompt: string) => `https://chatgpt.com/?hints=search&q=${encodeURIComponent(prompt)}` },
  { name: 'Claude', url: (prompt: string) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}` },
] as const;

/** The prompt that opens a page in a chat assistant. */
export function chatPrompt(pageUrl: string): string {
  return `Read ${pageUrl} so I can ask questions about it.`;
}

/**
 * The page actions: "Copy page" (a button the site script fills with the page's markdown, fetched
 * from `markdownHref`; shown only with JavaScript, as copying needs it), "View as Markdown", and
 * "Open in ChatGPT" / "Open in Claude" links that work without JavaScript.
 * @param markdownHref the markdown's URL path with base path, e.g. `/docs/guides/setup.md`
 * @param pageUrl the page's absolute URL, e.g. `https://docs.example.com/guides/setup`
 */
export function renderPageActions(markdownHref: string, pageUrl: string): string {
  const prompt = chatPrompt(pageUrl);
  const chats = CHAT_ASSISTANTS.map(
    (chat) => `<a href="${escapeHtml(chat.url(prompt))}" rel="noopener" target="_blank">Open in ${chat.name}</a>`,
  ).join('\n');
  return `<div class="page-actions" role="group" aria-label="Page actions">
<button type="button" class="copy-page needs-js" data-markdown="${escapeHtml(markdownHref)}">Copy page</button>
<a href="${escapeHtml(markdownHref)}" type="text/markdown">View as Markdown</a>
${chats}
</div>\n`;
}

/**
 * The page meta line: "Edit this page" (when there is an edit URL) and "Last updated" with a
 * `<time datetime>` (WHATWG HTML §4.5.14) holding the UTC date and time, shown as the date.
 * @param updatedMs last update, ms since the epoch (git history, else the file time)
 */
export function renderPageMeta(editUrl: string | undefined, updatedMs: number): string {
  const when = new Date(updatedMs).toISOString();
  const edit = editUrl === undefined ? '' : `<a class="edit-link" href="${escapeHtml(editUrl)}">Edit this page</a>`;
  return `<p class="page-meta">${edit}<span class="last-updated">Last updated <time datetime="${when.slice(0, 19)}Z">${when.slice(0, 10)}</time></span></p>\n`;
}
