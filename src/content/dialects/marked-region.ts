/**
 * The region between two marker lines of an included file, as mdBook anchors (`ANCHOR: name` …
 * `ANCHOR_END: name`, rust-lang.github.io/mdBook/format/mdbook.html#including-portions-of-a-file)
 * and VitePress regions (`#region name` … `#endregion name`,
 * vitepress.dev/guide/markdown#import-code-snippets) both mark one.
 */

/** How one generator writes its region markers. */
export interface RegionMarkers {
  /** The opening marker of region `name` (a pattern source, `name` already escaped). */
  open: (name: string) => string;
  /** The closing marker of region `name` (a pattern source, `name` already escaped). */
  close: (name: string) => string;
  /** Any marker line of any region: left out of what is included. */
  any: RegExp;
}

/** `text` with every character that a regular expression reads as syntax escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The lines of `name`'s region: after the first line holding its opening marker, up to the next
 * line holding its closing marker (or the end), without marker lines of any region.
 * @param lines the file's lines
 * @returns the lines joined with `\n`; undefined when no line opens the region
 */
export function markedRegion(lines: readonly string[], name: string, markers: RegionMarkers): string | undefined {
  const escaped = escapeRegExp(name);
  const open = new RegExp(`${markers.open(escaped)}\\b`);
  const close = new RegExp(`${markers.close(escaped)}\\b`);
  const start = lines.findIndex((line) => open.test(line));
  if (start === -1) return undefined;
  const end = lines.findIndex((line, i) => i > start && close.test(line));
  return lines
    .slice(start + 1, end === -1 ? lines.length : end)
    .filter((line) => !markers.any.test(line))
    .join('\n');
}
