import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayChangeSite } from './change-filter.js';
import { ReadCache } from './read-cache.js';
import { loadSnapshot } from './snapshot.js';

const FILES: Record<string, string> = {
  'index.md': '# Home\n\n<!--@include: snippets/example.py-->\n',
  'snippets/example.py': 'print("included")\n',
  'scripts/build.py': 'print("nobody includes me")\n',
  'tools/old.py': 'print("about to go")\n',
  'img/logo.png': 'png',
};

describe('mayChangeSite', () => {
  let dir: string;
  const cache = new ReadCache();
  beforeAll(() => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-change-filter-')));
    for (const [relPath, text] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(dir, relPath)), { recursive: true });
      writeFileSync(path.join(dir, relPath), text);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds when unsure: no build yet', () => {
    expect(mayChangeSite(cache, new Set(['scripts/build.py']))).toBe(true);
  });

  it('after a build, skips what no page reads and no listing or convention holds', () => {
    loadSnapshot(dir, { baseUrl: 'http://sitegate.test', parallel: false, readCache: cache });
    writeFileSync(path.join(dir, 'scripts/new.sh'), 'echo new\n');
    writeFileSync(path.join(dir, 'img/logo.png'), 'png, edited');
    writeFileSync(path.join(dir, 'img/icon.png'), 'png, added');
    rmSync(path.join(dir, 'tools/old.py'));
    mkdirSync(path.join(dir, 'fresh'));
    const may = (relPath: string): [string, boolean] => [relPath, mayChangeSite(cache, new Set([relPath]))];
    expect(
      [
        'scripts/build.py',
        'scripts/new.sh',
        'tools/old.py',
        'snippets/example.py',
        'snippets/other.py',
        'guides/new.md',
        'img/logo.png',
        'img/icon.png',
        'img/gone.png',
        'sidebars.js',
        '_category_.json',
        'mkdocs.yml',
        'fresh',
        'tools',
        '',
      ].map(may),
    ).toStrictEqual([
      ['scripts/build.py', false],
      ['scripts/new.sh', false],
      ['tools/old.py', false],
      // Read by index.md's include.
      ['snippets/example.py', true],
      // Its folder was not looked at, only the file.
      ['snippets/other.py', false],
      ['guides/new.md', true],
      // An asset edited is read when served; one added is listed.
      ['img/logo.png', false],
      ['img/icon.png', true],
      // Neither listed nor there.
      ['img/gone.png', false],
      ['sidebars.js', true],
      ['_category_.json', true],
      ['mkdocs.yml', true],
      // A folder added; a folder that held listed files (tools/old.py, gone since).
      ['fresh', true],
      ['tools', true],
      ['', true],
    ]);
    expect(mayChangeSite(cache, new Set(['scripts/build.py', 'img/icon.png']))).toBe(true);
  });
});
