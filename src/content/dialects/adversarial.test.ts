/**
 * Linear-time parsing (issue 28, "One line of content stalls the server"): every dialect step and
 * the whole page pipeline read content written to stall a parser (test/adversarial-inputs.ts:
 * repeated attributes, unclosed tags, deep nesting, long runs of each generator's markers) in time
 * linear in the input. Each case is timed at 100 kB and at 25 kB (test/linear-time.ts): linear
 * work takes about 4 times as long on the larger input, quadratic work 16 times, whatever the
 * machine's speed or load; the wall-clock figures live in `npm run bench`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADVERSARIAL_SHAPES, type AdversarialShape } from '../../../test/adversarial-inputs.js';
import { expectLinearTime, superLinear } from '../../../test/linear-time.js';
import { forAudience } from '../audience.js';
import { splitFrontmatter } from '../frontmatter.js';
import { mdxMarkdown } from '../mdx/index.js';
import { lenientMdx } from '../mdx/lenient.js';
import { headingText } from '../page-split.js';
import { portableMarkdown } from '../portable-markdown.js';
import { renderMarkdown, summarizeMarkdown } from '../render.js';
import { plainText } from '../../search/excerpt.js';
import { forEachTerm } from '../../search/tokenize.js';
import { tocEntries } from '../../layout/toc.js';
import { containers } from './container.js';
import { gitbookBlocks } from './gitbook.js';
import { hugoShortcodes } from './hugo-shortcodes.js';
import { mkdocsIcons } from './icons.js';
import { emojiShortcodes } from './emoji.js';
import { plainMarkdown } from './index.js';
import { mdInHtml } from './md-in-html.js';
import { mdbookIncludes } from './mdbook-include.js';
import { mdbookListings } from './mdbook-listing.js';
import { mkdocsAdmonitions } from './mkdocs-admonition.js';
import { mkdocsSnippets } from './mkdocs-snippets.js';
import { mkdocsTabs } from './mkdocs-tabs.js';
import { vueComponents } from './vue.js';

/** Characters of each adversarial input. */
const INPUT_CHARS = 100_000;

/**
 * Shapes that micromark, the MDX parser (mdx-js, upstream), reads in super-linear time, measured
 * at 100 kB: deep nesting, emphasis, brackets, tables and runs of block markers take it from one to
 * over twenty seconds. The super-linear ones (nested lists, deep blockquotes, emphasis and bracket
 * runs) are sent to the line-by-line reading (mdx/costly.ts) and get the full 100 kB; these are left,
 * linear in micromark but slow (5–30 ms per kB). sitegate's own MDX code around it is linear; these shapes go to the MDX
 * steps at {@link MICROMARK_CHARS} instead, small enough for micromark and big enough that code of
 * ours gone super-linear would still show in the growth. Reported upstream-bound in issue 28.
 */
const MICROMARK_LIMITED = new Set([
  '<Ab + repeated attributes',
  'self-closing tags then text, MDX that does not parse',
  'self-closing tags with a space',
  'unclosed braces in tags',
  'deep nesting <a>',
  'deep nesting <Ab>',
  'deep nesting <div> lines',
  '::: lines',
  '!!!',
  '!!! lines',
  '--8<-- lines',
  'mdBook {{#include',
  'HTML comments',
  'backtick runs',
  'newlines',
  'spaces',
  'table pipes',
  'Material icons',
]);
const MICROMARK_CHARS = 2_000;

const lookup = (file: string): string | undefined => `/${file.replace(/\.mdx?$/, '')}`;
const include = (relPath: string) => ({ files: undefined, relPath, internal: false, problems: [] as string[] });
const same = (markdown: string): string => markdown;

/** One step of the pipeline over a text; `mdx` marks the steps that parse with micromark. */
interface Step {
  name: string;
  run: (text: string) => unknown;
  mdx?: true;
}

/** Each dialect on its own, as content/dialects/index.ts applies them. */
const DIALECT_STEPS: readonly Step[] = [
  { name: 'mdbookIncludes', run: (text) => mdbookIncludes(text, include('page.md')) },
  { name: 'mkdocsSnippets', run: (text) => mkdocsSnippets(text, include('page.md')) },
  {
    name: 'hugoShortcodes',
    run: (text) => hugoShortcodes(text, { ...include('page.md'), frontmatter: {}, siteParams: {}, lookup, unrendered: new Map() }),
  },
  { name: 'mdbookListings', run: mdbookListings },
  { name: 'vueComponents', run: vueComponents },
  { name: 'mdInHtml', run: mdInHtml },
  { name: 'containers', run: (text) => containers(text, same) },
  { name: 'containers (docusaurus)', run: (text) => containers(text, same, 'docusaurus') },
  { name: 'containers (starlight)', run: (text) => containers(text, same, 'starlight') },
  { name: 'mkdocsAdmonitions', run: (text) => mkdocsAdmonitions(text, same) },
  { name: 'mkdocsTabs', run: (text) => mkdocsTabs(text, same) },
  { name: 'gitbookBlocks', run: (text) => gitbookBlocks(text, same, { dropped: [] }) },
  { name: 'mkdocsIcons', run: mkdocsIcons },
  { name: 'emojiShortcodes', run: emojiShortcodes },
  { name: 'lenientMdx', run: lenientMdx },
  { name: 'mdxMarkdown', run: (text) => mdxMarkdown(text), mdx: true },
];

/** A page's text through every step a request for it runs: dialects, audience, HTML, markdown for agents, summary, headings, search terms. */
function pagePipeline(source: string, relPath: string): number {
  const plain = plainMarkdown(source, { relPath, internal: false, files: undefined, lookup }).text;
  const { body } = splitFrontmatter(forAudience(plain, 'humans'));
  const html = renderMarkdown(body, { relPath, lookup, basePath: '', highlight: null }).html;
  const markdown = portableMarkdown(forAudience(plain, 'agents'), {
    relPath,
    lookup,
    baseUrl: 'https://docs.example.com',
    documentUrl: `https://docs.example.com/${relPath}`,
  });
  summarizeMarkdown(body, { h1: true, paragraph: true });
  tocEntries(html);
  let terms = 0;
  for (const line of body.split('\n', 1000)) if (line.startsWith('#') || line.startsWith('<')) headingText(line);
  forEachTerm(plainText(markdown), () => terms++);
  return terms;
}

const PIPELINE_STEPS: readonly Step[] = [
  { name: 'page pipeline (.md)', run: (text) => pagePipeline(text, 'page.md') },
  { name: 'page pipeline (.mdx)', run: (text) => pagePipeline(text, 'page.mdx'), mdx: true },
];

/** The characters a step gets for a shape: {@link MICROMARK_CHARS} for the MDX steps on the shapes micromark reads slowly. */
function sizeFor(step: Step, shape: AdversarialShape): number {
  return step.mdx === true && MICROMARK_LIMITED.has(shape.name) ? MICROMARK_CHARS : INPUT_CHARS;
}

describe('adversarial content is read in linear time', () => {
  it.each([...DIALECT_STEPS, ...PIPELINE_STEPS].map((step) => [step.name, step] as const))(
    '%s reads every adversarial shape in linear time',
    (_name, step) => {
      const slow = ADVERSARIAL_SHAPES.map((shape) => superLinear(shape.name, shape.build, step.run, sizeFor(step, shape)));
      expect(slow.filter((line) => line !== undefined)).toStrictEqual([]);
    },
  );

  it('reads mixes of adversarial shapes with prose as a page in linear time (property)', () => {
    const shapes = ADVERSARIAL_SHAPES.filter((shape) => !MICROMARK_LIMITED.has(shape.name));
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...shapes), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('', '# Title\n\n', '---\ntitle: T\n---\n\n', 'Some prose with `code` and [a link](a.md).\n\n'),
        fc.constantFrom('page.md', 'page.mdx'),
        (mix, lead, relPath) => {
          const page = (chars: number): string => lead + mix.map((shape) => shape.build(Math.floor(chars / mix.length))).join('\n\n');
          expectLinearTime(page, (text) => pagePipeline(text, relPath), INPUT_CHARS);
        },
      ),
      { numRuns: 12, seed: 28 },
    );
  });
});
