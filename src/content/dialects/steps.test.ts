import { describe, expect, it } from 'vitest';
import { DIALECT_FEATURES } from './features.js';
import { blockSteps, bodySteps, stepRuns } from './steps.js';
import { dialect } from './test-support.js';

describe('the dialect step table', () => {
  it('names only rows of the feature table, each step for generators its rows list', () => {
    const rows = new Map(DIALECT_FEATURES.map((row) => [row.id, row]));
    for (const step of [...bodySteps, ...blockSteps]) {
      expect(step.features.length).toBeGreaterThan(0);
      for (const id of step.features) {
        const row = rows.get(id);
        expect(row, id).toBeDefined();
        expect(
          row?.generators.some((generator) => step.generators.includes(generator)),
          `${id} is for ${row?.generators.join(', ')}`,
        ).toBe(true);
      }
    }
  });

  it('selects the steps of the detected generator only; a plain folder runs all but the ones whose syntax is text elsewhere', () => {
    const ids = (generator: Parameters<typeof stepRuns>[1]): string[] =>
      bodySteps.filter((step) => stepRuns(step, generator)).flatMap((step) => step.features);
    expect(ids('mdbook')).toEqual([
      'mdbook.include',
      'mdbook.rustdoc-include',
      'mdbook.playground',
      'mdbook.trpl-listing',
      'mdbook.title',
      'mdbook.hidden-lines',
      'mkdocs.attr-list',
      'vitepress.custom-anchors',
      'hugo.heading-ids',
      'docusaurus.heading-ids',
    ]);
    expect(ids('plain')).not.toContain('vitepress.frontmatter-interpolation');
    expect(ids('plain')).not.toContain('mkdocs.emoji');
    expect(ids('plain')).not.toContain('mkdocs.keys');
    expect(ids('plain')).toContain('mkdocs.snippets');
    expect(ids('vitepress')).toContain('vitepress.frontmatter-interpolation');
  });

  it("leaves another generator's syntax as written: `!!! note` on a Docusaurus page, `:::tip` on a MkDocs page", () => {
    expect(dialect('!!! note\n    Text.\n', { generator: 'docusaurus' }).text).toBe('!!! note\n    Text.\n');
    expect(dialect(':::tip\nText.\n:::\n', { generator: 'mkdocs' }).text).toBe(':::tip\nText.\n:::\n');
    expect(dialect('!!! note\n    Text.\n', { generator: 'mkdocs' }).text).toBe('> [!NOTE]\n> Text.\n');
  });
});
