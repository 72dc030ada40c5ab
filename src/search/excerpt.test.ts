import { describe, expect, it } from 'vitest';
import { excerptIn, excerptOf, excerptQueryOf, pageWordsOf, plainText, type ExcerptQuery } from './excerpt.js';
import { expectLinearTime } from '../../test/linear-time.js';

/** The `n`th word of letters a–z after a `c` (`ca`, `cb`…, `cba`…): words the typed `c` completes. */
const cWord = (n: number): string => `c${n.toString(26).replace(/[0-9a-p]/g, (digit) => String.fromCharCode(97 + parseInt(digit, 26)))}`;

const marked = (excerpt: ReturnType<typeof excerptOf>): string[] =>
  excerpt?.highlights.map(([start, end]) => excerpt.text.slice(start, end)) ?? [];

describe('excerptOf', () => {
  it('drops markdown syntax', () => {
    expect(plainText('# Title\n\nSee the [setup guide](setup.md) and **bold** `code`.\n\n- item')).toBe(
      'Title See the setup guide and bold code. item',
    );
  });

  it('marks every form of the query words in the passage with the most of them', () => {
    const body = `${'Filler words here. '.repeat(20)}A layered wing in a slipstream: the wings and their layers.${' More filler.'.repeat(20)}`;
    const excerpt = excerptOf(body, 'wing layers');
    expect(marked(excerpt)).toStrictEqual(['layered', 'wing', 'wings', 'layers']);
    // 40 characters of context before the first match, cut at a word boundary; 160 in all.
    expect(excerpt?.text).toBe(
      '…words here. Filler words here. A layered wing in a slipstream: the wings and their layers. More filler. More filler. More filler. More filler. More filler. More…',
    );
  });

  it('completes the word being typed, and gives nothing when no word matches', () => {
    expect(excerptOf('Install the widget.', 'the inst')).toStrictEqual({ text: 'Install the widget.', highlights: [[0, 7]] });
    expect(excerptOf('Install the widget.', 'inst ')).toBeUndefined();
  });
});

describe('excerptIn', () => {
  it('takes linear time when every word of a page matches and no passage holds every query word', () => {
    // `zebra c`: the typed `c` completes each of the page's distinct words, and `zebra` stands
    // alone at the end, so the whole page is read, merging one run per distinct word.
    const query = excerptQueryOf('zebra c') as ExcerptQuery;
    const page = (size: number) =>
      pageWordsOf(`${Array.from({ length: size }, (_, i) => cWord(i)).join(' ')} ${'filler '.repeat(40)}zebra`);
    expect(excerptIn(page(100), query)?.highlights.length).toBe(46);
    expectLinearTime(page, (words) => excerptIn(words, query), 32_000);
  });
});
