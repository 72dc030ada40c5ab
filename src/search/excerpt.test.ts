import { describe, expect, it } from 'vitest';
import { excerptOf, plainText } from './excerpt.js';

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
