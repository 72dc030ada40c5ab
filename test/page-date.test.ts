/**
 * One date per page (issue 31): the HTML "Last updated", the sitemap's `lastmod` and the feeds show
 * the same date — the frontmatter's declared last change, else the last commit when the content
 * folder is a git repository, else the frontmatter `date`, else the file time — so a fresh checkout
 * (every file time new) does not tell crawlers that every page changed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import type { Snapshot } from '../src/snapshot/snapshot.js';

const COMMIT_S = 1_700_000_000; // 2023-11-14T22:13:20Z
const FILE_MS = Date.UTC(2026, 10, 1, 12, 0, 0); // every file's time: a fresh checkout
let repo: string;
let snapshot: Snapshot;

beforeAll(async () => {
  repo = mkdtempSync(path.join(tmpdir(), 'sitegate-date-'));
  execFileSync('git', ['init', '-q'], { cwd: repo });
  const files: Record<string, string> = {
    'index.md': '# Home\n\nWelcome.\n',
    'guide.md': '# Guide\n\nCommitted, never declared.\n',
    'declared.md': '---\nlastmod: 2020-05-05T00:00:00Z\n---\n# Declared\n\nThe author says when.\n',
    'docusaurus.md': '---\nlast_update:\n  date: 2021-06-07T00:00:00Z\n---\n# Docusaurus\n\nlast_update.date.\n',
    'posts/launch.md': '---\ndate: 2019-01-01T00:00:00Z\n---\n# Launch\n\nA post.\n',
    'posts/later.md': '---\ndate: 2019-02-01T00:00:00Z\n---\n# Later\n\nAnother post.\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
    writeFileSync(path.join(repo, rel), text);
  }
  const date = `${COMMIT_S} +0000`;
  execFileSync('git', ['add', '-A'], { cwd: repo });
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'docs'], {
    cwd: repo,
    env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
  });
  writeFileSync(path.join(repo, 'untracked.md'), '# Untracked\n\nNot committed yet.\n');
  for (const rel of [...Object.keys(files), 'untracked.md']) utimesSync(path.join(repo, rel), FILE_MS / 1000, FILE_MS / 1000);
  snapshot = loadSnapshot(repo, { baseUrl: 'http://x', parallel: false }).snapshot;
  await snapshot.datesReady;
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

/** The `datetime` of a page's "Last updated". */
function shownDate(key: string): string | undefined {
  const html = snapshot.pages.get(key)?.html.bytes.toString('utf8') ?? '';
  return /class="last-updated">Last updated <time datetime="([^"]+)"/.exec(html)?.[1];
}

/** The sitemap's `lastmod` of a page URL. */
function sitemapDate(url: string): string | undefined {
  const xml = snapshot.discovery.sitemap.bytes.toString('utf8');
  const at = xml.indexOf(`<loc>http://x${url}</loc>`);
  return at === -1 ? undefined : /<lastmod>([^<]+)<\/lastmod>/.exec(xml.slice(at))?.[1];
}

describe('one date per page', () => {
  it.each([
    ['/guide', '2023-11-14T22:13:20Z', 'the last commit, not the fresh file time'],
    ['/declared', '2020-05-05T00:00:00Z', 'frontmatter lastmod wins over git'],
    ['/docusaurus', '2021-06-07T00:00:00Z', 'Docusaurus last_update.date wins over git'],
    ['/posts/launch', '2023-11-14T22:13:20Z', 'a post: `date` is when it was published; git says when it changed'],
    ['/untracked', '2026-11-01T12:00:00Z', 'a file git does not know: its file time'],
  ])('%s: the HTML and the sitemap both show %s (%s)', (url, expected) => {
    expect(shownDate(url)).toBe(expected);
    expect(sitemapDate(url)).toBe(expected);
  });

  it('feeds list posts by their publication date, and the feed is as new as its newest post', () => {
    const atom = snapshot.discovery.feeds?.atom.bytes.toString('utf8') ?? '';
    expect(atom.indexOf('/posts/later')).toBeLessThan(atom.indexOf('/posts/launch'));
    expect(/<feed[^]*?<updated>([^<]+)<\/updated>/.exec(atom)?.[1]).toBe('2019-02-01T00:00:00.000Z');
  });
});
