/**
 * `check` lists the rows of the dialect feature table a site's pages use (issue 31), from the
 * generator's rows only, with the pages that use each.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../src/cli/check.js';
import { featureLines } from '../src/content/dialects/feature-usage.js';
import { removeDir, writeContent } from './helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

describe('check: the dialect features a site uses', () => {
  it('lists a MkDocs site rows in table order with their pages, and nothing of other generators', () => {
    const dir = writeContent({
      'mkdocs.yml': 'site_name: Acme\n',
      'docs/index.md': '# Acme\n\n!!! tip "Fast"\n    It is fast.\n\nPress ++ctrl+c++.\n',
      'docs/guide.md': '# Guide\n\n!!! note\n    A note.\n\n{{< hint >}} is Hugo text here.\n',
      'docs/plain.md': '# Plain\n\nNothing special.\n',
    });
    dirs.push(dir);
    const result = checkContent(`${dir}/docs`);
    expect(result.generator.name).toBe('mkdocs');
    expect(result.features.map((use) => [use.row.id, use.files])).toStrictEqual([
      ['mkdocs.admonition', ['guide.md', 'index.md']],
      ['mkdocs.keys', ['index.md']],
    ]);
    expect(featureLines(result.features)).toStrictEqual([
      'dialect features used (support, feature, pages, documentation):',
      '  supported  mkdocs.admonition    2 pages  https://python-markdown.github.io/extensions/admonition/',
      '  supported  mkdocs.keys           1 page  https://facelessuser.github.io/pymdown-extensions/extensions/keys/',
    ]);
  });

  it('lists none for a plain folder without generator syntax', () => {
    const dir = writeContent({ 'index.md': '# Home\n\nJust words.\n' });
    dirs.push(dir);
    expect(checkContent(dir).features).toStrictEqual([]);
  });
});
