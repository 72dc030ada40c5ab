/**
 * The token count of a markdown body (the `x-markdown-tokens` header), with gpt-tokenizer's
 * default encoding, read in time linear in the text. gpt-tokenizer splits text into pieces (words,
 * runs of spaces, of punctuation, of CJK letters) and merges each piece by byte-pair encoding, which
 * takes time quadratic in the piece's length: one 30,000-character run of `a` took 1.2 s, of `中`
 * over 4 s, with the event loop held (issue 28, "One line of content stalls the server"). So a run
 * longer than {@link MAX_RUN_CHARS} is cut into pieces of that length, counted apart.
 *
 * gpt-tokenizer is loaded at the first count, not when the server starts: its encoding tables cost
 * ~70 MB resident and 150–400 ms to load (issue 34), and a server that never answers a markdown
 * body with its token count never needs them.
 */
import { createRequire } from 'node:module';
// Whitespace as the tokenizer's pre-split sees it (`\s`), the scanners' test.
import { isSpace } from '../content/dialects/lines.js';

/** The part of gpt-tokenizer sitegate uses. */
type Tokenizer = Pick<typeof import('gpt-tokenizer'), 'countTokens'>;

let tokenizer: Tokenizer | undefined;

/**
 * gpt-tokenizer, loaded synchronously at the first call (its CommonJS build, `require` condition of
 * its package exports; the same encoder as its ES module build) and kept.
 */
function loadTokenizer(): Tokenizer {
  return (tokenizer ??= createRequire(import.meta.url)('gpt-tokenizer') as Tokenizer);
}

/**
 * Longest run of non-space characters, or of spaces, handed to the tokenizer whole (UTF-16 code
 * units). BPE of a run this long takes well under a millisecond; prose has no runs so long, and
 * is counted exactly as gpt-tokenizer counts it.
 */
export const MAX_RUN_CHARS = 256;

/**
 * `text` in consecutive pieces (joined, they are `text`), cut only inside runs of non-space or of
 * space characters longer than `maxRun`, every `maxRun` code units (never between the two halves
 * of a surrogate pair). Text without such a run is one piece. Linear in the text's length.
 */
export function tokenPieces(text: string, maxRun = MAX_RUN_CHARS): string[] {
  const pieces: string[] = [];
  let start = 0;
  let runStart = 0;
  let previous: boolean | undefined;
  for (let i = 0; i < text.length; i++) {
    const unit = text[i] as string;
    const space = isSpace(unit);
    if (space !== previous) runStart = i;
    previous = space;
    const lowSurrogate = unit >= '\uDC00' && unit <= '\uDFFF';
    if (i - runStart >= maxRun && !lowSurrogate) {
      pieces.push(text.slice(start, i));
      start = i;
      runStart = i;
    }
  }
  pieces.push(text.slice(start));
  return pieces;
}

/**
 * The number of tokens of `text` with gpt-tokenizer's default encoding (github.com/niieani/gpt-tokenizer,
 * `countTokens`), counted piece by piece ({@link tokenPieces}): exact for text without runs longer
 * than {@link MAX_RUN_CHARS}, an estimate (a token or so more per cut) for text with them. Never throws.
 */
export function markdownTokenCount(text: string): number {
  const { countTokens } = loadTokenizer();
  let tokens = 0;
  for (const piece of tokenPieces(text)) tokens += countTokens(piece);
  return tokens;
}
