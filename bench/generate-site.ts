/**
 * Synthetic markdown sites for the scale bench (`npm run bench -- scale`), and a command:
 *
 *   npx tsx bench/generate-site.ts --pages 100000 --out DIR [--seed N]
 *
 * A site of exactly `pages` pages in nested folders (sections → topics → groups), each folder with an
 * `index.md`. Words follow a Zipf law (s = 1.07) over a vocabulary of English function words and
 * generated words, so term frequencies look like real prose: a few words in every page, a long tail
 * in few. Pages carry frontmatter titles (most also a description), an H1 where the title is not in
 * frontmatter, H2/H3 headings, paragraphs, bullet lists, fenced code blocks and relative links to other
 * pages of the site. Deterministic: the same options give byte-identical files.
 */
import { mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../test/seeded-random.js';

/** Options of {@link generateSite}. */
export interface GenerateOptions {
  /** Number of pages (markdown files), ≥ 1. */
  pages: number;
  /** Seed of the pseudo-random generator (default 1). */
  seed?: number;
}

/** A generated page: its path relative to the content folder and its markdown. */
export interface GeneratedPage {
  relPath: string;
  text: string;
}

/** Bumped whenever the output changes, so cached sites are regenerated. */
export const GENERATOR_VERSION = 1;

/** Size of the generated vocabulary (function words included). */
export const VOCABULARY_SIZE = 30_000;

/** Zipf exponent of word frequencies (natural-language text is close to 1). */
const ZIPF_EXPONENT = 1.07;

/** The most frequent English words, in frequency order: the head of the distribution. */
const FUNCTION_WORDS = (
  'the of and to a in is that for it as with was on be by this are or from at an which not have has can ' +
  'you your we will if when all more one use each other but also into its than then these only may new how set ' +
  'data file request server page value user key time list default first name type example run see field'
).split(' ');

const SYLLABLES = (
  'ka ri to ne sa lo mi de ver con tra pro ser al en ur in ex ad sta por ble tion ment ing ate ize cal ous ive ' +
  'ra mo pe li du ta ge co ba fi na vo sy te pa lu cre dis re im'
).split(' ');

const LANGUAGES = ['ts', 'js', 'bash', 'json', 'yaml', 'python'];

/**
 * The vocabulary in rank order: {@link FUNCTION_WORDS}, then distinct generated words of 2–4
 * syllables. Deterministic and independent of the seed of the site.
 */
export function vocabulary(size = VOCABULARY_SIZE): string[] {
  const random = seededRandom(0x5eed);
  const words = [...FUNCTION_WORDS];
  const seen = new Set(words);
  while (words.length < size) {
    const count = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < count; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)] as string;
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

/** Draws word ranks from a Zipf distribution by binary search over the cumulative weights. */
function zipfSampler(size: number, random: () => number): () => number {
  const cumulative = new Float64Array(size);
  let sum = 0;
  for (let rank = 0; rank < size; rank++) {
    sum += 1 / Math.pow(rank + 1, ZIPF_EXPONENT);
    cumulative[rank] = sum;
  }
  return () => {
    const target = random() * sum;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

interface Layout {
  /** Folder of each page, `a/b/` or `''`, and whether the page is the folder's index. */
  relPaths: string[];
}

/**
 * Places `pages` pages in folders: about 40 pages per group folder, 8 groups per topic, 8 topics per
 * section; every folder has an index page. Page 0 is the root `index.md`.
 */
function layout(pages: number, word: () => string): Layout {
  const relPaths = ['index.md'];
  const used = new Set<string>();
  const slug = (prefix: string): string => {
    let name = word();
    while (used.has(prefix + name)) name = `${name}-${word()}`;
    used.add(prefix + name);
    return name;
  };
  const add = (relPath: string): boolean => {
    if (relPaths.length >= pages) return false;
    relPaths.push(relPath);
    return true;
  };
  while (relPaths.length < pages) {
    const section = `${slug('')}/`;
    if (!add(`${section}index.md`)) break;
    for (let t = 0; t < 8 && relPaths.length < pages; t++) {
      const topic = `${section}${slug(section)}/`;
      if (!add(`${topic}index.md`)) break;
      for (let g = 0; g < 8 && relPaths.length < pages; g++) {
        const group = `${topic}${slug(topic)}/`;
        if (!add(`${group}index.md`)) break;
        for (let p = 0; p < 40; p++) if (!add(`${group}${slug(group)}.md`)) break;
      }
    }
  }
  return { relPaths };
}

/** A relative link from one file to another, as an author would write it. */
function relativeLink(from: string, to: string): string {
  const relative = path.posix.relative(path.posix.dirname(from), to);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * Generates the pages of a synthetic site, in path order.
 * @throws {RangeError} when `pages` is not a positive integer
 */
export function generatePages(options: GenerateOptions): GeneratedPage[] {
  if (!Number.isInteger(options.pages) || options.pages < 1) throw new RangeError(`pages must be a positive integer, got ${options.pages}`);
  const random = seededRandom(options.seed ?? 1);
  const words = vocabulary();
  const rank = zipfSampler(words.length, random);
  const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
  const anyWord = (): string => words[rank()] as string;
  // Names (folders, files, titles) come from the less common half of the head: no `the`, no `of`.
  const nameWord = (): string => words[FUNCTION_WORDS.length + Math.floor(random() * 3000)] as string;
  const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
  const sentence = (min: number, max: number): string => {
    const count = int(min, max);
    const parts: string[] = [];
    for (let i = 0; i < count; i++) parts.push(anyWord());
    return `${capital(parts.join(' '))}.`;
  };
  const paragraph = (): string => {
    const count = int(2, 5);
    const sentences: string[] = [];
    for (let i = 0; i < count; i++) sentences.push(sentence(6, 16));
    return sentences.join(' ');
  };
  const title = (): string => {
    const count = int(2, 5);
    const parts: string[] = [];
    for (let i = 0; i < count; i++) parts.push(i === 0 ? nameWord() : random() < 0.5 ? nameWord() : anyWord());
    return capital(parts.join(' '));
  };

  const { relPaths } = layout(options.pages, nameWord);
  const pick = (): string => relPaths[Math.floor(random() * relPaths.length)] as string;
  return relPaths.map((relPath) => {
    const lines: string[] = [];
    const pageTitle = title();
    if (random() < 0.85) {
      lines.push('---', `title: ${pageTitle}`);
      if (random() < 0.8) lines.push(`description: ${sentence(8, 20)}`);
      lines.push('---', '');
    } else {
      lines.push(`# ${pageTitle}`, '');
    }
    lines.push(paragraph(), '');
    const sections = int(1, 4);
    for (let s = 0; s < sections; s++) {
      lines.push(`## ${title()}`, '');
      const blocks = int(1, 3);
      for (let b = 0; b < blocks; b++) {
        const kind = random();
        if (kind < 0.55) {
          lines.push(paragraph(), '');
        } else if (kind < 0.75) {
          const items = int(2, 6);
          for (let i = 0; i < items; i++) lines.push(`- ${sentence(3, 10)}`);
          lines.push('');
        } else if (kind < 0.88) {
          lines.push(`\`\`\`${LANGUAGES[int(0, LANGUAGES.length - 1)] as string}`);
          const count = int(2, 8);
          for (let i = 0; i < count; i++) lines.push(`${anyWord()}(${anyWord()}, ${int(0, 999)});`);
          lines.push('```', '');
        } else {
          lines.push(`### ${title()}`, '', paragraph(), '');
        }
      }
      if (random() < 0.7) {
        const target = pick();
        if (target !== relPath) lines.push(`See [${title()}](${relativeLink(relPath, target)}) for more on ${anyWord()}.`, '');
      }
    }
    return { relPath, text: lines.join('\n') };
  });
}

/**
 * Writes a generated site into `outDir` (created; emptied first when it exists).
 * @returns the number of bytes written
 */
export function writeSite(outDir: string, options: GenerateOptions): number {
  if (existsSync(outDir)) rmSync(outDir, { recursive: true, force: true });
  let bytes = 0;
  const made = new Set<string>();
  for (const page of generatePages(options)) {
    const file = path.join(outDir, page.relPath);
    const dir = path.dirname(file);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(file, page.text);
    bytes += Buffer.byteLength(page.text);
  }
  return bytes;
}

function main(args: string[]): void {
  const { values } = parseArgs({
    args,
    strict: true,
    options: { pages: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string', default: '1' } },
  });
  if (values.pages === undefined || values.out === undefined) {
    process.stderr.write('Usage: npx tsx bench/generate-site.ts --pages N --out DIR [--seed N]\n');
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  const bytes = writeSite(path.resolve(values.out), { pages: Number(values.pages), seed: Number(values.seed) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`${values.pages} pages, ${(bytes / 1e6).toFixed(1)} MB of markdown in ${values.out} (${seconds} s)\n`);
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
