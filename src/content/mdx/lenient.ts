/**
 * The line-based reading of an MDX body that strict parsing refused (content/mdx/index.ts):
 * outside fenced code, `import`/`export` lines and `{/* … *\/}` comments are dropped, a tag alone
 * on its line is dropped (a `label` or `title` attribute becomes a bold line, so tabs and asides
 * keep their names), and inline tags are removed with their text kept. Coarser than the parser,
 * and reported as such; never throws.
 */
import { codeLines } from '../dialects/lines.js';

/** A line holding only JSX tags (opening, closing or self-closing), capitals or `llms-` names. */
const TAG_LINE = /^\s*(?:<\/?(?:[A-Z][\w.]*|llms-[a-z]+)(?:\s[^<>]*)?\/?>\s*)+$/;
/** An inline component tag in prose. */
const INLINE_TAG = /<\/?[A-Z][\w.]*(?:\s[^<>]*)?\/?>/g;
/** `label="…"` or `title="…"` in a tag. */
const NAMED = /\b(?:label|title)=(?:"([^"]*)"|'([^']*)')/;
const ESM = /^(import|export)\s/;
const JSX_COMMENT = /\{\/\*[\s\S]*?\*\/\}/g;

/** A body read line by line, and the problems to report. */
export function lenientMdx(body: string): { text: string; problems: string[] } {
  const lines = body.replace(JSX_COMMENT, '').split('\n');
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
    if (TAG_LINE.test(line)) {
      const named = NAMED.exec(line);
      if (named !== null && !line.trim().startsWith('</')) out.push(`**${named[1] ?? named[2]}**`, '');
      return;
    }
    out.push(line.replace(INLINE_TAG, ''));
  });
  return { text: out.join('\n').replace(/\n{3,}/g, '\n\n'), problems: [] };
}
