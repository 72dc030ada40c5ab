/**
 * A linear-time reader of GitBook's `{% name attributes %}` tags (gitbook.ts), replacing regular
 * expressions whose optional attribute text and surrounding whitespace could match the same
 * spaces in many ways (polynomial backtracking: `{% hint` and 10,000 spaces took seconds). Reads
 * what they read: `{%`, an optional `-`, whitespace, a name of word characters and `@ / . -`, then
 * either nothing or whitespace and attribute text up to the first `%}` (a `%` inside a value is
 * text), then whitespace, an optional `-` and `%}`.
 */
import { isSpace } from './lines.js';

/** One tag: its name, its attribute text (leading whitespace kept, trailing dropped) and where it ends. */
export interface GitbookTag {
  name: string;
  rest: string;
  /** Offset just past `%}`. */
  end: number;
}

const isNameChar = (char: string | undefined): boolean => char !== undefined && /[\w@/.-]/.test(char);

/**
 * The tag starting at `at` (where `text` has `{%`), or undefined when none starts there. Reads up
 * to the next `{%` at most, so reading every `{%` of a text is linear in it.
 */
export function gitbookTagAt(text: string, at: number): GitbookTag | undefined {
  // `{%-` trims whitespace; in `{%- %}` the `-` is the name all the same.
  return text[at + 2] === '-' ? (tagFrom(text, at + 3) ?? tagFrom(text, at + 2)) : tagFrom(text, at + 2);
}

/**
 * Where the tag whose attribute text starts at `from` ends: the first `%}`, read up to the next
 * `{%` at most (a tag holds no other tag). An attribute may hold a `%` of its own
 * (`{% embed url="https://x/?a=50%" %}`): only `%}` closes, so that no longer ends the tag early.
 * Each `{%` of a text reads to the next one at most, so reading them all stays linear.
 */
function closingAt(text: string, from: number): number | undefined {
  for (let k = from; k < text.length - 1; k++) {
    const char = text[k];
    if (char === '%' && text[k + 1] === '}') return k;
    if (char === '{' && text[k + 1] === '%') return undefined;
  }
  return undefined;
}

/** The tag whose name is at `from` after whitespace, or undefined. */
function tagFrom(text: string, from: number): GitbookTag | undefined {
  let i = from;
  while (isSpace(text[i])) i++;
  const nameStart = i;
  while (isNameChar(text[i])) i++;
  if (i === nameStart) return undefined;
  const name = text.slice(nameStart, i);
  const percent = closingAt(text, i);
  if (percent === undefined) return undefined;
  const inside = text.slice(i, percent);
  // Attribute text starts with whitespace; a name ends at the first character that is neither.
  if (inside !== '' && !isSpace(inside[0])) return undefined;
  // The attribute text keeps its leading whitespace and drops what trails it: whitespace, then an optional `-`.
  let leading = 0;
  while (isSpace(inside[leading])) leading++;
  let restEnd = inside.length;
  if (inside.endsWith('-')) restEnd--;
  while (restEnd > leading && isSpace(inside[restEnd - 1])) restEnd--;
  return { name, rest: inside.slice(0, restEnd), end: percent + 2 };
}

/**
 * A line that holds one tag and nothing else but whitespace, as a match `[line, name, rest]` so
 * that it can open a block in `rewriteBlocks` (lines.ts); null for any other line.
 */
export function gitbookTagLine(line: string): RegExpExecArray | null {
  const start = line.indexOf('{%');
  if (start === -1 || line.slice(0, start).trim() !== '') return null;
  const tag = gitbookTagAt(line, start);
  if (tag === undefined || line.slice(tag.end).trim() !== '') return null;
  const match: [string, string, string] = [line, tag.name, tag.rest];
  return Object.assign(match, { index: 0, input: line, groups: undefined });
}

/** `text` with each tag replaced by what `replace` returns for it. */
export function replaceGitbookTags(text: string, replace: (tag: GitbookTag) => string): string {
  let out = '';
  let copied = 0;
  for (let at = text.indexOf('{%'); at !== -1; at = text.indexOf('{%', at + 1)) {
    const tag = gitbookTagAt(text, at);
    if (tag === undefined) continue;
    out += text.slice(copied, at) + replace(tag);
    copied = tag.end;
    at = tag.end - 1;
  }
  return out + text.slice(copied);
}
