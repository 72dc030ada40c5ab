/**
 * Where each line of a page's plain markdown (the dialect step's output, index.ts) comes from in
 * the file as its author wrote it, so that `check` names the line the author sees: the dialect
 * steps drop lines (MDX `import`s, `:::` fences), add some (an admonition's `> [!NOTE]`, a tab's
 * label), quote or dedent bodies and inline other files. One line diff (jsdiff, Myers' algorithm)
 * between the two texts, lines compared without their indentation and `>` markers, covers every
 * step at once, rather than each step keeping a map of its own.
 */
import { diffArrays } from 'diff';

/** Beyond this many changed lines the diff stops, and lines map to themselves (a page rewritten that much has no closer answer). */
const MAX_EDIT_LINES = 5000;

/** A line as the comparison reads it: blockquote markers and indentation, which the dialects add or take away, left out. */
function comparable(line: string): string {
  return line.replace(/^[\s>]+/, '').trimEnd();
}

/**
 * The lines as compared: a blank line is told apart by the line it comes before, so that the
 * blank lines of an included file or a rewritten block cannot stand for the page's own.
 */
function keys(lines: readonly string[]): string[] {
  const out = lines.map(comparable);
  let next = '';
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '') out[i] = `\0${next}`;
    else next = out[i] as string;
  }
  return out;
}

/**
 * Where a line of the plain markdown comes from: its written line, and the run of written lines
 * that its change replaced (`[from, to)`, empty when the line is kept as written).
 */
interface LineOrigin {
  line: number;
  from: number;
  to: number;
}

/**
 * The written line (0-based) of a line of the plain markdown (0-based), for `check`.
 * @param needle text the line holds (a link's destination): when the written lines its change
 *   replaced hold it, the first of them that does is the answer
 */
export type SourceLineOf = (plainLine: number, needle?: string) => number;

/**
 * Maps the lines of `plain` back to those of `written`. Lines the dialects wrote in place of
 * others (an admonition's head for its `:::` line, an included file for its include line, a
 * shortcode over several lines for its image, a line with an icon for the line) map to the
 * replaced line holding the needle, else to the last replaced line that is not blank (a line
 * dropped before it, such as a Hugo `{{< new-in >}}`, wrote nothing); a line added where nothing
 * was taken out maps to the line before it. The diff runs once, on the first call.
 * @example sourceLineMap('import X from "x"\n\nText', 'Text')(0) // 2
 */
export function sourceLineMap(written: string, plain: string): SourceLineOf {
  let origins: LineOrigin[] | undefined;
  const before = written.split('\n');
  return function sourceLineOf(plainLine, needle) {
    if (written === plain) return plainLine;
    origins ??= lineOrigins(before, plain.split('\n'));
    const origin = origins[plainLine];
    if (origin === undefined) return plainLine;
    if (needle !== undefined && needle !== '')
      for (let i = origin.from; i < origin.to; i++) if (before[i]?.includes(needle) === true) return i;
    return origin.line;
  };
}

/** Each plain line's origin (see {@link sourceLineMap}); every line its own when the diff gives up. */
function lineOrigins(before: readonly string[], after: readonly string[]): LineOrigin[] {
  const changes = diffArrays(keys(before), keys(after), { maxEditLength: MAX_EDIT_LINES });
  if (changes === undefined) return after.map((_, i) => ({ line: Math.min(i, before.length - 1), from: 0, to: 0 }));
  const origins: LineOrigin[] = [];
  let at = 0;
  // The run of written lines the current change replaced: where it starts and how long it is.
  let removedAt = 0;
  let removed = 0;
  for (const change of changes) {
    if (change.removed) {
      if (removed === 0) removedAt = at;
      removed += change.count;
      at += change.count;
    } else if (change.added) {
      const run = { from: removedAt, to: removedAt + removed };
      const last =
        removedAt +
        Math.max(
          0,
          before.slice(run.from, run.to).findLastIndex((line) => line.trim() !== ''),
        );
      for (let k = 0; k < change.count; k++) origins.push({ line: removed === 0 ? Math.max(0, at - 1) : last, ...run });
      removed = 0;
    } else {
      for (let k = 0; k < change.count; k++) origins.push({ line: at + k, from: 0, to: 0 });
      at += change.count;
      removed = 0;
    }
  }
  return origins;
}
