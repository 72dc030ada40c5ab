import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentDirError, isHiddenName, loadContent, relisted, type LoadResult, type SourceFile } from './load.js';
import type { ContentProblem } from './problems.js';
import { buildSite } from './site.js';

const made: string[] = [];

/** A fresh temporary folder, removed after the test. */
function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

/** Writes files (relative path → text) below `root`. */
/** A listed file with its text read, to compare as data. */
function withText(file: SourceFile): { relPath: string; text: string } {
  return { relPath: file.relPath, text: file.read() };
}

function withTexts(result: LoadResult): { files: { relPath: string; text: string }[]; problems: ContentProblem[] } {
  return { files: result.files.map(withText), problems: result.problems };
}

function write(root: string, files: Record<string, string>): void {
  for (const [relPath, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relPath)), { recursive: true });
    writeFileSync(path.join(root, relPath), text);
  }
}

const relPaths = (root: string): string[] => loadContent(root).files.map((file) => file.relPath);

/** Problems come in the order the file system lists entries; tests compare them sorted. */
const byFile = (problems: readonly ContentProblem[]): ContentProblem[] => [...problems].sort((a, b) => (a.file < b.file ? -1 : 1));

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('isHiddenName', () => {
  it.each([
    ['.hidden.md', true],
    ['.git', true],
    ['.md', true],
    ['..md', false],
    ['...md', false],
    ['guide.md', false],
    ['a.b.md', false],
  ])('%s → %s', (name, hidden) => {
    expect(isHiddenName(name)).toBe(hidden);
  });
});

describe('loadContent', () => {
  it('reads every markdown file, sorted by path, and nothing else', () => {
    const root = tempDir('sitegate-load-');
    write(root, {
      'b.md': 'b',
      'a.md': 'a',
      'guides/z.md': 'z',
      'guides/Upper.MD': 'upper',
      'image.png': 'png',
      'notes.txt': 'txt',
      'guides/deeper/x.md': 'x',
    });
    expect(withTexts(loadContent(root))).toStrictEqual({
      files: [
        { relPath: 'a.md', text: 'a' },
        { relPath: 'b.md', text: 'b' },
        { relPath: 'guides/Upper.MD', text: 'upper' },
        { relPath: 'guides/deeper/x.md', text: 'x' },
        { relPath: 'guides/z.md', text: 'z' },
      ],
      problems: [],
    });
  });

  it('skips dotfiles and dot-folders but keeps pages named only with dots', () => {
    const root = tempDir('sitegate-load-');
    write(root, {
      '.hidden.md': 'no',
      '.git/HEAD.md': 'no',
      '.drafts/idea.md': 'no',
      'guides/.secret.md': 'no',
      'guides/.cache/page.md': 'no',
      'common/..md': 'the `..` command',
      'common/...md': 'the `...` command',
      'common/ls.md': 'ls',
    });
    expect(relPaths(root)).toStrictEqual(['common/...md', 'common/..md', 'common/ls.md']);
  });

  it("never enters node_modules, at any depth: installed packages are nobody's docs", () => {
    const root = tempDir('sitegate-load-');
    write(root, {
      'node_modules/left-pad/README.md': 'no',
      'node_modules/left-pad/logo.png': 'no',
      'website/node_modules/x/docs/a.md': 'no',
      'node_modules.md': 'a page named like the folder',
      'guides/node_modules/README.md': 'no',
      'guides/setup.md': 'yes',
    });
    const result = loadContent(root);
    expect(result.files.map((file) => file.relPath)).toStrictEqual(['guides/setup.md', 'node_modules.md']);
    expect(result.assets).toStrictEqual([]);
    expect(result.skippedFiles).toStrictEqual([]);
  });

  it('skips and reports names with a backslash, which no request path can name (found by fuzzing)', () => {
    const root = tempDir('sitegate-load-');
    write(root, { 'a\\b.md': '# A\n', 'c\\d/e.md': '# E\n', 'f.md': '# F\n' });
    const { files, problems } = loadContent(root);
    expect(files.map((file) => file.relPath)).toStrictEqual(['f.md']);
    expect(byFile(problems)).toStrictEqual([
      { severity: 'warning', file: 'a\\b.md', message: 'name holds a backslash, which no URL can name; skipped' },
      { severity: 'warning', file: 'c\\d', message: 'name holds a backslash, which no URL can name; skipped' },
    ]);
  });

  it('reports the mtime of each file', () => {
    const root = tempDir('sitegate-load-');
    write(root, { 'a.md': 'a' });
    const when = new Date('2026-05-04T03:02:01.000Z');
    utimesSync(path.join(root, 'a.md'), when, when);
    expect(loadContent(root).files[0]?.mtimeMs).toBe(when.getTime());
  });

  it('relists a file as one whose mtime is taken afresh: the same source until its mtime was taken, a new one after', () => {
    const root = tempDir('sitegate-load-');
    write(root, { 'a.md': 'a' });
    const file = loadContent(root).files[0] as SourceFile;
    expect(relisted(file)).toBe(file);
    const [first, second] = [new Date('2026-05-04T03:02:01.000Z'), new Date('2026-06-04T03:02:01.000Z')];
    utimesSync(path.join(root, 'a.md'), first, first);
    expect(file.mtimeMs).toBe(first.getTime());
    utimesSync(path.join(root, 'a.md'), second, second);
    expect([file.mtimeMs, relisted(file).mtimeMs]).toStrictEqual([first.getTime(), second.getTime()]);
  });

  it('strips a leading byte-order mark, and only that', () => {
    const root = tempDir('sitegate-load-');
    write(root, { 'bom.md': '\uFEFF# Title\n', 'inner.md': '# A\uFEFFB\n' });
    expect(loadContent(root).files.map((file) => file.read())).toStrictEqual(['# Title\n', '# A\uFEFFB\n']);
  });

  it('loads drafts; the site leaves them out', () => {
    const root = tempDir('sitegate-load-');
    write(root, { 'draft.md': '---\ndraft: true\n---\nSoon.\n', 'live.md': '# Live\n' });
    const { files } = loadContent(root);
    expect(files.map((file) => file.relPath)).toStrictEqual(['draft.md', 'live.md']);
    const site = buildSite(files, { fallbackName: 'test' });
    expect([...site.pages.keys()]).toStrictEqual(['/live']);
  });

  it('follows symlinks that stay inside the folder', () => {
    const root = tempDir('sitegate-load-');
    write(root, { 'real.md': 'real' });
    symlinkSync(path.join(root, 'real.md'), path.join(root, 'alias.md'));
    expect(withTexts(loadContent(root))).toStrictEqual({
      files: [
        { relPath: 'alias.md', text: 'real' },
        { relPath: 'real.md', text: 'real' },
      ],
      problems: [],
    });
  });

  it('skips and reports symlinks that point outside the folder', () => {
    const root = tempDir('sitegate-load-');
    const outside = tempDir('sitegate-outside-');
    write(outside, { 'secret.md': 'secret', 'more/secret.md': 'secret' });
    write(root, { 'page.md': 'page' });
    symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'leak.md'));
    symlinkSync(path.join(outside, 'more'), path.join(root, 'leakdir'));
    symlinkSync('../../', path.join(root, 'up'));
    const { files, problems } = loadContent(root);
    expect(files.map(withText)).toStrictEqual([{ relPath: 'page.md', text: 'page' }]);
    expect(byFile(problems)).toStrictEqual([
      { severity: 'error', file: 'leak.md', message: 'symlink points outside the content folder, skipped' },
      { severity: 'error', file: 'leakdir', message: 'symlink points outside the content folder, skipped' },
      { severity: 'error', file: 'up', message: 'symlink points outside the content folder, skipped' },
    ]);
  });

  it('refuses to read a file that became a symlink leading outside after it was listed (a deploy swapping files)', () => {
    const root = tempDir('sitegate-load-');
    const outside = tempDir('sitegate-outside-');
    write(outside, { 'secret.md': 'DB_PASSWORD=hunter2', 'more/b.md': 'outside b' });
    write(root, { 'a.md': 'page a', 'docs/b.md': 'page b', 'inside.md': 'inside' });
    const [a, b] = loadContent(root).files;
    rmSync(path.join(root, 'a.md'));
    symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'a.md'));
    rmSync(path.join(root, 'docs'), { recursive: true });
    symlinkSync(path.join(outside, 'more'), path.join(root, 'docs'));
    for (const file of [a, b]) {
      expect(() => file?.read()).toThrow(expect.objectContaining({ code: 'EOUTSIDE' }) as unknown);
    }
    // A symlink that stays inside is still read.
    rmSync(path.join(root, 'a.md'));
    symlinkSync(path.join(root, 'inside.md'), path.join(root, 'a.md'));
    expect(a?.read()).toBe('inside');
  });

  it('refuses at once a file that became a FIFO or a folder after it was listed, rather than wait for a writer', { timeout: 5_000 }, () => {
    const root = tempDir('sitegate-load-');
    write(root, { 'a.md': 'page a', 'b.md': 'page b', 'c.md': 'page c' });
    const [a, b, c] = loadContent(root).files;
    rmSync(path.join(root, 'a.md'));
    execFileSync('mkfifo', [path.join(root, 'a.md')]);
    rmSync(path.join(root, 'b.md'));
    mkdirSync(path.join(root, 'b.md'));
    expect(() => a?.read()).toThrow(expect.objectContaining({ code: 'ENOTREG' }) as unknown);
    expect(() => b?.read()).toThrow(expect.objectContaining({ code: 'EISDIR' }) as unknown);
    expect(c?.read()).toBe('page c');
  });

  it('skips and reports dangling symlinks', () => {
    const root = tempDir('sitegate-load-');
    symlinkSync(path.join(root, 'nowhere.md'), path.join(root, 'dangling.md'));
    expect(loadContent(root)).toStrictEqual({
      files: [],
      assets: [],
      skipped: new Map(),
      skippedFiles: [],
      problems: [{ severity: 'warning', file: 'dangling.md', message: 'broken symlink, skipped' }],
    });
  });

  it('ends on symlink loops and reads each real folder once', () => {
    const root = tempDir('sitegate-load-');
    write(root, { 'a/page.md': 'page' });
    symlinkSync('..', path.join(root, 'a', 'parent'));
    symlinkSync('.', path.join(root, 'a', 'self'));
    symlinkSync(path.join(root, 'loop-b'), path.join(root, 'loop-a'));
    symlinkSync(path.join(root, 'loop-a'), path.join(root, 'loop-b'));
    const { files, problems } = loadContent(root);
    expect(files.map((file) => file.relPath)).toStrictEqual(['a/page.md']);
    expect(byFile(problems)).toStrictEqual([
      { severity: 'warning', file: 'loop-a', message: 'broken symlink, skipped' },
      { severity: 'warning', file: 'loop-b', message: 'broken symlink, skipped' },
    ]);
  });

  it('reads a folder reached through a symlink once, however deep the loop', () => {
    // `.shared` is only reachable through `link`; `c/again` points back at `c`.
    const root = tempDir('sitegate-load-');
    write(root, { '.shared/c/page.md': 'page' });
    symlinkSync(path.join(root, '.shared'), path.join(root, 'link'));
    symlinkSync(path.join(root, '.shared', 'c'), path.join(root, '.shared', 'c', 'again'));
    expect(withTexts(loadContent(root))).toStrictEqual({
      files: [{ relPath: 'link/c/page.md', text: 'page' }],
      problems: [],
    });
  });

  it('throws ContentDirError for a missing folder or a file', () => {
    const root = tempDir('sitegate-load-');
    write(root, { 'file.md': 'x' });
    const missing = path.join(root, 'missing');
    expect(() => loadContent(missing)).toThrow(new ContentDirError(`content folder not found: ${missing}`));
    expect(() => loadContent(path.join(root, 'file.md'))).toThrow(new ContentDirError(`not a folder: ${path.join(root, 'file.md')}`));
  });
});
