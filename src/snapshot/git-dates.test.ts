import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitDatesReader, headOf, parseGitLog, readGitDates } from './git-dates.js';
import { siteViewOf } from './site-view.js';
import { buildSite } from '../content/site.js';
import { sourceFile } from '../content/load.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-git-'));
  folders.push(dir);
  return dir;
}

/** Commits the repository's changes at `seconds` since the epoch, author and committer alike. */
function commitAt(repo: string, seconds: number, message: string): void {
  const date = `${seconds} +0000`;
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  execFileSync('git', ['add', '-A'], { cwd: repo });
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', message], { cwd: repo, env });
}

describe('parseGitLog', () => {
  it('keeps the first (newest) time each file is named', () => {
    expect(parseGitLog('200\n\na.md\ndocs/b c.md\n\n100\n\na.md\nold.md\n')).toStrictEqual(
      new Map([
        ['a.md', 200_000],
        ['docs/b c.md', 200_000],
        ['old.md', 100_000],
      ]),
    );
  });
});

describe('readGitDates', () => {
  it('reads the last commit time of each file of a content folder inside a repository, paths relative to the folder', async () => {
    const repo = tempDir();
    execFileSync('git', ['init', '-q'], { cwd: repo });
    mkdirSync(path.join(repo, 'docs/guides'), { recursive: true });
    writeFileSync(path.join(repo, 'docs/index.md'), '# Home\n');
    writeFileSync(path.join(repo, 'docs/guides/setup.md'), '# Setup\n');
    writeFileSync(path.join(repo, 'outside.md'), '# Outside\n');
    commitAt(repo, 1_700_000_000, 'first');
    writeFileSync(path.join(repo, 'docs/guides/setup.md'), '# Setup\n\nMore.\n');
    commitAt(repo, 1_700_086_400, 'second');
    writeFileSync(path.join(repo, 'docs/untracked.md'), '# New\n');

    const dates = readGitDates(path.join(repo, 'docs'));
    expect(dates.timeOf('index.md')).toBeUndefined(); // not known before git log has ended
    await dates.ready;
    expect(['index.md', 'guides/setup.md', 'untracked.md', 'outside.md', '../outside.md'].map((file) => dates.timeOf(file))).toStrictEqual([
      1_700_000_000_000,
      1_700_086_400_000,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('knows no time outside a repository, and the page falls back to its file time', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a.md'), '# A\n');
    const dates = readGitDates(dir);
    await dates.ready;
    expect(dates.timeOf('a.md')).toBeUndefined();
    const site = buildSite([sourceFile('a.md', '# A\n', 1_650_000_000_000)], { fallbackName: 'x' });
    const page = site.pages.get('/a');
    expect(page === undefined ? undefined : siteViewOf(site, 'http://x', { gitDates: dates }).updatedMsOf(page)).toBe(1_650_000_000_000);
    // With a git time, the page shows it instead.
    const known = { timeOf: (file: string) => (file === 'a.md' ? 1_700_000_000_000 : undefined), ready: Promise.resolve() };
    expect(page === undefined ? undefined : siteViewOf(site, 'http://x', { gitDates: known }).updatedMsOf(page)).toBe(1_700_000_000_000);
  });
});

describe('gitDatesReader', () => {
  it("reads git's log again only when HEAD moved", async () => {
    const repo = tempDir();
    execFileSync('git', ['init', '-q'], { cwd: repo });
    writeFileSync(path.join(repo, 'a.md'), '# A\n');
    commitAt(repo, 1_700_000_000, 'first');
    writeFileSync(path.join(repo, 'a.md'), '# A\n\nMore.\n');
    commitAt(repo, 1_700_086_400, 'second');
    const datesOf = gitDatesReader(repo);
    const first = datesOf();
    await first.ready;
    expect(first.timeOf('a.md')).toBe(1_700_086_400_000);

    // A replace ref makes the log tell another time while HEAD names the same commit: the log is not read again.
    const older = execFileSync('git', ['rev-parse', 'HEAD~1'], { cwd: repo, encoding: 'utf8' }).trim();
    execFileSync('git', ['replace', 'HEAD', older], { cwd: repo });
    const fresh = readGitDates(repo);
    await fresh.ready;
    expect(fresh.timeOf('a.md')).toBe(1_700_000_000_000);
    const same = datesOf();
    await same.ready;
    expect(same.timeOf('a.md')).toBe(1_700_086_400_000);

    // A commit moves HEAD: read again.
    execFileSync('git', ['replace', '-d', 'HEAD'], { cwd: repo });
    writeFileSync(path.join(repo, 'a.md'), '# A\n\nMost.\n');
    commitAt(repo, 1_700_172_800, 'third');
    const moved = datesOf();
    await moved.ready;
    expect(moved.timeOf('a.md')).toBe(1_700_172_800_000);
  });

  it('knows no time outside a repository', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a.md'), '# A\n');
    const dates = gitDatesReader(dir)();
    await dates.ready;
    expect(dates.timeOf('a.md')).toBeUndefined();
  });
});

describe('headOf', () => {
  const revParse = (dir: string): string => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();

  it("reads the commit HEAD names from the repository's files as git does: a branch's loose ref, packed refs, a detached HEAD", async () => {
    const repo = tempDir();
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
    mkdirSync(path.join(repo, 'docs'));
    // No commit yet: HEAD names none.
    expect(await headOf(path.join(repo, 'docs'), 5_000)).toBeUndefined();
    writeFileSync(path.join(repo, 'docs/index.md'), '# Home\n');
    commitAt(repo, 1_700_000_000, 'first');
    const first = revParse(repo);
    expect(await headOf(path.join(repo, 'docs'), 5_000)).toBe(first);
    execFileSync('git', ['pack-refs', '--all'], { cwd: repo });
    writeFileSync(path.join(repo, 'docs/index.md'), '# Home again\n');
    expect(await headOf(repo, 5_000)).toBe(first);
    commitAt(repo, 1_700_000_100, 'second');
    const second = revParse(repo);
    expect([second === first, await headOf(path.join(repo, 'docs'), 5_000)]).toStrictEqual([false, second]);
    execFileSync('git', ['checkout', '-q', '--detach', first], { cwd: repo });
    expect(await headOf(path.join(repo, 'docs'), 5_000)).toBe(first);
  });

  it('asks git in a worktree (a .git file), and names none outside a repository', async () => {
    const repo = tempDir();
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
    writeFileSync(path.join(repo, 'index.md'), '# Home\n');
    commitAt(repo, 1_700_000_000, 'first');
    const worktree = path.join(tempDir(), 'wt');
    execFileSync('git', ['worktree', 'add', '-q', '-b', 'other', worktree], { cwd: repo });
    expect(await headOf(worktree, 5_000)).toBe(revParse(repo));
    expect(await headOf(tempDir(), 5_000)).toBeUndefined();
  });
});
