import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stageFolder } from './folder.js';

describe('stageFolder', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(path.join(tmpdir(), 'sitegate-stage-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('writes beside the folder, then replaces it whole on commit, readable by a web server', () => {
    const dir = path.join(parent, 'out');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'old.txt'), 'old');
    const staged = stageFolder(dir);
    staged.write('a/b.html', 'new');
    expect(readFileSync(path.join(dir, 'old.txt'), 'utf8')).toBe('old');
    staged.commit();
    expect(readdirSync(parent)).toStrictEqual(['out']);
    expect(readFileSync(path.join(dir, 'a/b.html'), 'utf8')).toBe('new');
    expect(existsSync(path.join(dir, 'old.txt'))).toBe(false);
    expect(statSync(dir).mode & 0o777).toBe(0o755);
  });

  it('leaves the folder as it was when discarded after a failed write', () => {
    const dir = path.join(parent, 'out');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'old.txt'), 'old');
    const staged = stageFolder(dir);
    staged.write('a', 'a file');
    expect(() => staged.write('a/b.html', 'under a file')).toThrow(/ENOTDIR|EEXIST/);
    staged.discard();
    expect(readdirSync(parent)).toStrictEqual(['out']);
    expect(readdirSync(dir)).toStrictEqual(['old.txt']);
  });
});
