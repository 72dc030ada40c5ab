import { mkdtempSync, realpathSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent, sourceFile, type SourceFile } from '../content/load.js';
import { fingerprintOfRead, fingerprintOfSource } from './fingerprint.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The one page of a fresh folder holding `a.md`. */
function listedPage(): SourceFile {
  dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-fingerprint-')));
  writeFileSync(path.join(dir, 'a.md'), '# A\n');
  const file = loadContent(dir).files[0];
  if (file === undefined) throw new Error('a.md not listed');
  return file;
}

describe('fingerprintOfRead: the fingerprint of a file as its read opened it', () => {
  it('is the fingerprint a stat gives of the file read, without the stat', () => {
    const file = listedPage();
    expect(file.read()).toBe('# A\n');
    expect(fingerprintOfRead(file)).toBe(fingerprintOfSource(file));
    expect(fingerprintOfRead(file)).toMatch(new RegExp(`^${path.join(dir, 'a.md')}\\|\\d+(\\.\\d+)?:4:\\d+:\\d+$`));
  });

  it('keeps what the read saw when the file changes after it, until the next read', () => {
    const file = listedPage();
    file.read();
    const atRead = fingerprintOfRead(file);
    writeFileSync(path.join(dir, 'a.md'), '# A, longer now\n');
    utimesSync(path.join(dir, 'a.md'), new Date(0), new Date(0));
    expect(fingerprintOfRead(file)).toBe(atRead);
    expect(fingerprintOfSource(file)).not.toBe(atRead);
    file.read();
    expect(fingerprintOfRead(file)).toBe(fingerprintOfSource(file));
    expect(file.mtimeMs).toBeGreaterThan(0);
  });

  it('stats a file whose last read failed: a deleted file is "-", not what an earlier read saw', () => {
    const file = listedPage();
    file.read();
    unlinkSync(path.join(dir, 'a.md'));
    expect(() => file.read()).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    expect(fingerprintOfRead(file)).toBe(`${path.join(dir, 'a.md')}|-`);
  });

  it('is undefined for a source held in memory, as fingerprintOfSource', () => {
    expect(fingerprintOfRead(sourceFile('a.md', '# A\n'))).toBeUndefined();
  });
});
