import { describe, expect, it } from 'vitest';
import { FolderMemo } from './folder-memo.js';
import { buildFolders, type FolderRules } from './folders.js';
import { sourceFile } from './load.js';
import type { Page } from './page.js';
import { buildSite } from './site.js';

const FILES: Record<string, string> = {
  'index.md': '# Home\n',
  'a/index.md': '# Section A\n',
  'a/one.md': '# One\n',
  'a/two.md': '# Two\n',
  'a/deep/three.md': '# Three\n',
  'b/four.md': '# Four\n',
  'b/five.md': '# Five\n',
};

/** The public pages of a site of `files`, in URL order. */
function pagesOf(files: Record<string, string>): Page[] {
  return [
    ...buildSite(
      Object.entries(files).map(([relPath, text]) => sourceFile(relPath, text)),
      { fallbackName: 'Site' },
    ).publicPages,
  ];
}

describe('FolderMemo', () => {
  it('reuses the folders made of the very same pages; makes the others, and their ancestors, as a build without it does', () => {
    const rules: FolderRules = { folders: new Map(), fallbackOrder: 'title' };
    const memo = new FolderMemo();
    const first = pagesOf(FILES);
    memo.begin();
    const before = buildFolders(first, { ...rules, memo });
    expect(before).toStrictEqual(buildFolders(first, rules));
    // `a/two.md` retitled (read again: a new object, before `One` now, after `Deep` (folders first)); every other page the same object.
    const retitled = pagesOf({ ...FILES, 'a/two.md': '# Adjusting two\n' }).find((page) => page.file === 'a/two.md') as Page;
    const second = first.map((page) => (page.file === 'a/two.md' ? retitled : page));
    memo.begin();
    const after = buildFolders(second, { ...rules, memo });
    expect(after).toStrictEqual(buildFolders(second, rules));
    expect(after.folders.get('/a/')?.items.map((item) => item.title)).toStrictEqual(['Deep', 'Adjusting two', 'One']);
    const reused = [...after.folders].filter(([key, folder]) => before.folders.get(key) === folder).map(([key]) => key);
    expect(reused.sort()).toStrictEqual(['/a/deep/', '/b/']);
    // Kept for the build after: nothing changed, every folder reused.
    memo.begin();
    const again = buildFolders(second, { ...rules, memo });
    expect([...again.folders].every(([key, folder]) => after.folders.get(key) === folder)).toBe(true);
  });
});
