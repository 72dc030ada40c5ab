/** Escaping for the text formats sitegate writes by hand: HTML/XML and markdown link syntax. */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML or XML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Escapes text for use as markdown link text (`[text](url)`): backslash, brackets, and line breaks. */
export function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, '\\$&').replace(/\s+/g, ' ');
}
