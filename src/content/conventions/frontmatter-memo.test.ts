import { describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import type { SourceFile } from '../load.js';
import { frontmatters, type ReaderContext } from './context.js';
import { FrontmatterMemo } from './frontmatter-memo.js';

describe('FrontmatterMemo', () => {
  it("spares the readers every page's read but those forgotten (reported), and gives what reading them all gives", () => {
    const reads: string[] = [];
    const texts = new Map([
      ['a.md', '---\nsidebar_position: 1\n---\n# A\n'],
      ['b.md', '---\nsidebar_position: 2\n---\n# B\n'],
      ['c.md', '# C\n'],
    ]);
    const files: SourceFile[] = [...texts.keys()].map((relPath) => ({
      relPath,
      mtimeMs: 0,
      read: () => {
        reads.push(relPath);
        return texts.get(relPath) as string;
      },
    }));
    const memo = new FrontmatterMemo();
    const context = (frontmatterMemo?: FrontmatterMemo): ReaderContext => ({
      contentDir: '/site',
      configFile: undefined,
      files,
      problems: [],
      zone: new InternalZone([]),
      frontmatterMemo,
    });
    const first = frontmatters(context(memo));
    expect(first).toStrictEqual(
      new Map([
        ['a.md', { sidebar_position: 1 }],
        ['b.md', { sidebar_position: 2 }],
        ['c.md', {}],
      ]),
    );
    expect(reads.splice(0)).toStrictEqual(['a.md', 'b.md', 'c.md']);
    texts.set('b.md', '---\nsidebar_position: 0\n---\n# B first\n');
    memo.forget(['b.md']);
    const second = frontmatters(context(memo));
    expect(reads.splice(0)).toStrictEqual(['b.md']);
    expect(second).toStrictEqual(frontmatters(context()));
    expect(second.get('b.md')).toStrictEqual({ sidebar_position: 0 });
    // A reader that parses some pages alone (Hugo's section pages) keeps the others' blocks, unparsed.
    memo.clear();
    reads.splice(0);
    expect(frontmatters(context(memo), (relPath) => relPath === 'a.md')).toStrictEqual(new Map([['a.md', { sidebar_position: 1 }]]));
    expect(frontmatters(context(memo))).toStrictEqual(frontmatters(context()));
    // The second call read b.md and c.md again (their data was never parsed), then the third read all three.
    expect(reads).toStrictEqual(['a.md', 'b.md', 'c.md', 'b.md', 'c.md', 'a.md', 'b.md', 'c.md']);
  });
  it('keeps the text of other files, a missing one too, until forgotten (reported) or cleared (a walk)', () => {
    const memo = new FrontmatterMemo();
    const reads: string[] = [];
    const disk = new Map([['guides/_category_.json', '{"label":"Guides"}']]);
    const textOf = (relPath: string): string | undefined =>
      memo.textOf(relPath, () => {
        reads.push(relPath);
        return disk.get(relPath);
      });
    expect([textOf('guides/_category_.json'), textOf('api/_category_.json')]).toStrictEqual(['{"label":"Guides"}', undefined]);
    disk.set('guides/_category_.json', '{"label":"Tutorials"}');
    disk.set('api/_category_.json', '{"label":"API"}');
    expect([textOf('guides/_category_.json'), textOf('api/_category_.json')]).toStrictEqual(['{"label":"Guides"}', undefined]);
    memo.forget(['api/_category_.json']);
    expect([textOf('guides/_category_.json'), textOf('api/_category_.json')]).toStrictEqual(['{"label":"Guides"}', '{"label":"API"}']);
    memo.clear();
    expect(textOf('guides/_category_.json')).toBe('{"label":"Tutorials"}');
    expect(reads).toStrictEqual(['guides/_category_.json', 'api/_category_.json', 'api/_category_.json', 'guides/_category_.json']);
  });
});
