/**
 * VitePress regions (vitepress.dev/guide/markdown#import-code-snippets): the lines between
 * `#region name` and `#endregion name` markers, written in any comment (`// #region a`,
 * `<!-- #region a -->`, `# region a`), other region markers left out.
 */

/** A region marker line: `#region name` or `#endregion name` inside whatever comment the language has. */
const MARKER = /#\s?(?:end)?region\b/;

/** The lines of `name`'s region in `text`, without marker lines; undefined when it has no such region. */
export function regionOf(text: string, name: string): string | undefined {
  const lines = text.split('\n');
  const opens = (line: string): boolean => new RegExp(`#\\s?region\\s+${escape(name)}\\b`).test(line);
  const closes = (line: string): boolean => new RegExp(`#\\s?endregion\\s+${escape(name)}\\b`).test(line);
  const start = lines.findIndex(opens);
  if (start === -1) return undefined;
  const end = lines.findIndex((line, i) => i > start && closes(line));
  return lines
    .slice(start + 1, end === -1 ? lines.length : end)
    .filter((line) => !MARKER.test(line))
    .join('\n');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
