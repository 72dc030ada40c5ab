/**
 * The line-based reading of an MDX body that strict parsing refused (content/mdx/index.ts):
 * outside fenced code, `import`/`export` lines and `{/* … *\/}` comments are dropped, a tag alone
 * on its line is dropped (a `label` or `title` attribute becomes a bold line, so tabs and asides
 * keep their names), and inline tags are removed with their text kept. Coarser than the parser,
 * and reported as such; never throws.
 */
import { isSpace, codeLines } from '../dialects/lines.js';

/** `label="…"` or `title="…"` in a tag. */
const NAMED = /\b(?:label|title)=(?:"([^"]*)"|'([^']*)')/;
const ESM = /^(import|export)\s/;

const isNameChar = (char: string | undefined): boolean => char !== undefined && /[\w.]/.test(char);

/**
 * The offset past a JSX tag starting at `at` (a `<`), or undefined when none starts there: `<`,
 * an optional `/`, a capitalized name (`[A-Z][\w.]*`, or `llms-[a-z]+` where `llms` is set), then
 * `>` or `/>`, or whitespace and anything but `<` up to `>`. Reads forwards only and stops at the
 * next `<` or `>`, so the scans from successive `<` never overlap: linear in the text (issue 28:
 * the regular expression this replaces backtracked exponentially on a line of `<A />` tags).
 */
function tagEnd(text: string, at: number, llms: boolean): number | undefined {
  let i = at + 1;
  if (text[i] === '/') i++;
  const nameStart = i;
  if (/[A-Z]/.test(text[i] ?? '')) {
    i++;
    while (isNameChar(text[i])) i++;
  } else if (llms && text.startsWith('llms-', i)) {
    i += 5;
    while (/[a-z]/.test(text[i] ?? '')) i++;
    if (i === nameStart + 5) return undefined;
  } else return undefined;
  if (text[i] === '>') return i + 1;
  if (text[i] === '/' && text[i + 1] === '>') return i + 2;
  if (!isSpace(text[i])) return undefined;
  while (i < text.length && text[i] !== '<' && text[i] !== '>') i++;
  return text[i] === '>' ? i + 1 : undefined;
}

/** Whether a line holds only JSX tags (opening, closing or self-closing), capitals or `llms-` names, and whitespace. */
function isTagLine(line: string): boolean {
  let i = 0;
  let tags = 0;
  for (;;) {
    while (isSpace(line[i])) i++;
    if (i >= line.length) return tags > 0;
    if (line[i] !== '<') return false;
    const end = tagEnd(line, i, true);
    if (end === undefined) return false;
    tags++;
    i = end;
  }
}

/** A line with its inline component tags removed (their text stays). */
function withoutInlineTags(line: string): string {
  let out = '';
  let copied = 0;
  for (let at = line.indexOf('<'); at !== -1; at = line.indexOf('<', at + 1)) {
    const end = tagEnd(line, at, false);
    if (end === undefined) continue;
    out += line.slice(copied, at);
    copied = end;
    at = end - 1;
  }
  return out + line.slice(copied);
}

/** `body` without its JSX comments `{/* … *\/}`; an unclosed one is kept, as are all after it (none can close). */
function withoutJsxComments(body: string): string {
  let out = '';
  let copied = 0;
  for (let at = body.indexOf('{/*'); at !== -1; at = body.indexOf('{/*', copied)) {
    const close = body.indexOf('*/}', at + 3);
    if (close === -1) break;
    out += body.slice(copied, at);
    copied = close + 3;
  }
  return out + body.slice(copied);
}

/** A body read line by line, and the problems to report. */
export function lenientMdx(body: string): { text: string; problems: string[] } {
  const lines = withoutJsxComments(body).split('\n');
  const code = codeLines(lines);
  const out: string[] = [];
  let inEsm = false;
  lines.forEach((line, i) => {
    if (code[i] === true) {
      out.push(line);
      return;
    }
    // An import over several lines runs to its `from '…'` line.
    if (inEsm || ESM.test(line)) {
      inEsm = !/(from\s+['"][^'"]+['"];?|^[^{]*;)\s*$/.test(line) && !/^(import|export)\s+['"]/.test(line) && line.trim() !== '';
      return;
    }
    if (isTagLine(line)) {
      const named = NAMED.exec(line);
      if (named !== null && !line.trim().startsWith('</')) out.push(`**${named[1] ?? named[2]}**`, '');
      return;
    }
    out.push(withoutInlineTags(line));
  });
  return { text: out.join('\n').replace(/\n{3,}/g, '\n\n'), problems: [] };
}
