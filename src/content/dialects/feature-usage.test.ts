import { describe, expect, it } from 'vitest';
import { featureLines, featuresIn, featureUses } from './feature-usage.js';
import type { DialectFeature } from './features.js';

const ADMONITION: DialectFeature = {
  id: 'mkdocs.admonition',
  feature: 'admonition',
  generators: ['mkdocs'],
  doc: 'https://squidfunk.github.io/mkdocs-material/reference/admonitions/',
  support: 'supported',
  detect: /^!!! /m,
};
const CRITIC: DialectFeature = {
  id: 'mkdocs.critic',
  feature: 'pymdownx.critic',
  generators: ['mkdocs'],
  doc: 'https://facelessuser.github.io/pymdown-extensions/extensions/critic/',
  support: 'partial',
  note: 'comments are dropped',
};

describe('featureUses and featureLines', () => {
  it('lists the rows pages use, in table order, with their page counts, and what a partial row leaves out', () => {
    const uses = featureUses(
      [
        { file: 'a.md', features: ['mkdocs.critic', 'mkdocs.admonition'] },
        { file: 'b.md', features: ['mkdocs.admonition'] },
        { file: 'c.md', features: [] },
      ],
      'mkdocs',
      [ADMONITION, CRITIC],
    );
    expect(uses.map((use) => [use.row.id, use.files])).toStrictEqual([
      ['mkdocs.admonition', ['a.md', 'b.md']],
      ['mkdocs.critic', ['a.md']],
    ]);
    expect(featureLines(uses)).toStrictEqual([
      'dialect features used (support, feature, pages, documentation):',
      '  supported  mkdocs.admonition    2 pages  https://squidfunk.github.io/mkdocs-material/reference/admonitions/',
      '  partial    mkdocs.critic         1 page  https://facelessuser.github.io/pymdown-extensions/extensions/critic/',
      '             comments are dropped',
    ]);
    expect(featureLines([])).toStrictEqual([]);
  });

  it('finds a row by its detect, only among the rows of the generator', () => {
    expect(featuresIn('# T\n\n!!! note\n    body\n', 'mkdocs', [ADMONITION, CRITIC])).toStrictEqual(['mkdocs.admonition']);
    expect(featuresIn('# T\n\n!!! note\n    body\n', 'hugo', [ADMONITION, CRITIC])).toStrictEqual([]);
  });
});
