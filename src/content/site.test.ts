import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent, sourceFile } from './load.js';
import { buildSite } from './site.js';
import { plainConventions, type Conventions } from './conventions/types.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A content folder with two pages, built, then both pages edited on disk. */
function buildThenEdit(heldSourceMaxChars?: number) {
  const root = mkdtempSync(path.join(tmpdir(), 'sitegate-site-'));
  folders.push(root);
  writeFileSync(path.join(root, 'a.md'), '# A\n\nFirst.\n');
  writeFileSync(path.join(root, 'b.md'), '# B\n\nFirst.\n');
  const site = buildSite(loadContent(root).files, { fallbackName: 'test', heldSourceMaxChars });
  writeFileSync(path.join(root, 'a.md'), '# A\n\nEdited.\n');
  writeFileSync(path.join(root, 'b.md'), '# B\n\nEdited.\n');
  return ['/a', '/b'].map((key) => {
    const page = site.pages.get(key);
    return page === undefined ? undefined : site.textOf(page);
  });
}

describe('buildSite page texts (Site.textOf)', () => {
  it('holds the texts it was built from while they fit the budget', () => {
    expect(buildThenEdit()).toStrictEqual(['# A\n\nFirst.\n', '# B\n\nFirst.\n']);
  });

  it('reads every page from disk once the texts exceed the budget, never some held and some not', () => {
    // 12 characters fit a.md alone; b.md tips the total over, and a.md is let go too.
    expect(buildThenEdit(12)).toStrictEqual(['# A\n\nEdited.\n', '# B\n\nEdited.\n']);
  });
});

describe('buildSite page texts read again past the budget', () => {
  it("go through the dialect step with the site's settings, as at build: Hugo site parameters, attribute delimiters", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sitegate-site-'));
    folders.push(root);
    writeFileSync(path.join(root, 'shirt.md'), '# Shirt {.big}\n\nA {{< param color >}} shirt.\n');
    writeFileSync(path.join(root, 'socks.md'), '# Socks %{.big}%\n\nWool.\n');
    const texts = (generator: 'hugo' | 'vitepress', settings: Partial<Conventions>, budget: number | undefined): string[] => {
      const conventions = { ...plainConventions(), generator, ...settings };
      const site = buildSite(loadContent(root).files, { fallbackName: 'test', conventions, heldSourceMaxChars: budget });
      return [...site.pages.values()].map((page) => site.textOf(page));
    };
    const hugo = { hugoParams: { color: 'blue' } };
    expect(texts('hugo', hugo, 0)).toStrictEqual(texts('hugo', hugo, undefined));
    expect(texts('hugo', hugo, 0)[0]).toBe('# Shirt {.big}\n\nA blue shirt.\n');
    const vitepress = { markdownAttrs: { left: '%{', right: '}%' } };
    expect(texts('vitepress', vitepress, 0)).toStrictEqual(texts('vitepress', vitepress, undefined));
    expect(texts('vitepress', vitepress, 0)[1]).toBe('# Socks {.big}\n\nWool.\n');
  });
});

describe('buildSite problems', () => {
  it('warns that access: internal outside internal/ shows the page exists (401 where a missing page is 404)', () => {
    const files = [
      sourceFile('guides/secret.md', '---\naccess: internal\n---\n# Secret\n'),
      sourceFile('internal/runbook.md', '---\naccess: internal\n---\n# Runbook\n'),
      sourceFile('internal/other.md', '# Other\n'),
      // The internal zone in any case, and its own index page.
      sourceFile('Internal/runbook.md', '# Runbook\n'),
      sourceFile('internal.md', '---\naccess: internal\n---\n# Internal\n'),
      // A folder named like an Object.prototype member is an ordinary folder.
      sourceFile('constructor/page.md', '# Page\n'),
    ];
    const site = buildSite(files, { fallbackName: 'test' });
    expect(site.pages.get('/constructor/page')?.kind).toBe('page');
    expect(site.problems).toStrictEqual([
      {
        severity: 'warning',
        file: 'guides/secret.md',
        message:
          'access: internal outside internal/: its URL answers 401 to the public where a missing page answers 404, ' +
          'which shows that it exists; under internal/ every URL answers alike',
      },
    ]);
  });
});
