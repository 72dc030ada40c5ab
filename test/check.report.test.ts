/**
 * `sitegate check` as a writer reads it (issue 32): findings grouped by kind with counts and a
 * one-line fix, each kind's lines capped unless `--verbose`, `--format json`, `check.ignore` rules
 * (by kind, file glob and message text) counted as "N ignored" and never failing the check, and
 * only the detected generator's syntax warned about. Exact output, from the very `runCheck` the
 * CLI calls.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCheck } from '../src/cli/check.js';
import { globTest } from '../src/cli/check-ignore.js';
import { FINDING_KIND_IDS } from '../src/cli/check-kinds.js';
import { ConfigError } from '../src/config/errors.js';
import { removeDir, writeContent } from './helpers.js';

const BROKEN_FIX =
  "  fix: Point the link at a page or file that exists (relative to the page's file), or name its target in check.knownMissing.";
const TITLE_FIX = '  fix: Give the page an H1 or a frontmatter title.';

let dirs: string[] = [];
let written: string[] = [];
beforeEach(() => {
  written = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => written.push(String(chunk)) > 0);
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs) removeDir(dir);
  dirs = [];
});

/** Writes a site: `content/…` pages and, when given, `sitegate.json` beside the folder. */
function site(pages: Record<string, string>, settings?: unknown): { content: string; config?: string } {
  const files: Record<string, string> = Object.fromEntries(Object.entries(pages).map(([name, text]) => [`content/${name}`, text]));
  if (settings !== undefined) files['sitegate.json'] = JSON.stringify(settings);
  const dir = writeContent(files);
  dirs.push(dir);
  return { content: path.join(dir, 'content'), ...(settings === undefined ? {} : { config: path.join(dir, 'sitegate.json') }) };
}

/** Runs check; returns its exit code and its stdout. */
function check(
  where: { content: string; config?: string },
  flags: { verbose?: boolean; format?: string } = {},
): { code: number; stdout: string } {
  const code = runCheck(where.content, { ...flags, ...(where.config === undefined ? {} : { config: where.config }) });
  return { code, stdout: written.join('') };
}

/** Twelve pages with a broken link each, and one without a title. */
const TWELVE = {
  'index.md': '# Home\n\nWelcome.\n',
  'untitled.md': 'No title here.\n',
  ...Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [`p${String(i + 1).padStart(2, '0')}.md`, `# P${i + 1}\n\nSee [gone](gone-${i + 1}.md).\n`]),
  ),
};

const brokenLine = (n: number): string => `  p${String(n).padStart(2, '0')}.md:3: error: broken relative link: gone-${n}.md`;

describe('check groups findings by kind', () => {
  it('prints each kind with its counts and fix, at most 10 lines of it, then "… and N more"', () => {
    const { code, stdout } = check(site(TWELVE));
    expect(code).toBe(1);
    expect(stdout.split('\n')).toStrictEqual([
      'broken-link: 12 errors',
      BROKEN_FIX,
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(brokenLine),
      '  … and 2 more (--verbose lists them)',
      'no-title: 1 warning',
      TITLE_FIX,
      '  untitled.md: warning: no title (frontmatter title or H1); using "untitled"',
      '14 pages, 12 errors, 1 warning',
      '',
    ]);
  });

  it('--verbose lists every line', () => {
    const { stdout } = check(site(TWELVE), { verbose: true });
    expect(stdout.split('\n').slice(0, 15)).toStrictEqual([
      'broken-link: 12 errors',
      BROKEN_FIX,
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(brokenLine),
      'no-title: 1 warning',
    ]);
  });

  it('--format json gives the kinds with counts, fix and every item', () => {
    const { code, stdout } = check(
      site(
        { 'index.md': '# Home\n\n[a](a.md) and [b](b.md)\n', 'untitled.md': 'x\n', 'layout.gotmpl': '{{ . }}' },
        { check: { ignore: [{ kind: 'no-title' }] } },
      ),
      { format: 'json' },
    );
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toStrictEqual({
      generator: { name: 'plain', detectedBy: 'no generator files found' },
      pages: 2,
      staticFiles: 0,
      errors: 2,
      warnings: 0,
      ignored: 1,
      kinds: [
        {
          kind: 'broken-link',
          count: 2,
          errors: 2,
          warnings: 0,
          ignored: 0,
          fix: BROKEN_FIX.slice('  fix: '.length),
          items: [
            { file: 'index.md', line: 3, severity: 'error', message: 'broken relative link: a.md' },
            { file: 'index.md', line: 3, severity: 'error', message: 'broken relative link: b.md' },
          ],
        },
        { kind: 'no-title', count: 0, errors: 0, warnings: 0, ignored: 1, fix: TITLE_FIX.slice('  fix: '.length), items: [] },
      ],
      knownMissingLinks: 0,
      notServed: ['layout.gotmpl'],
      exitCode: 1,
    });
  });

  it('refuses a format it does not know', () => {
    expect(() => check(site(TWELVE), { format: 'xml' })).toThrow('--format: must be text or json, got "xml"');
  });
});

describe('check.ignore', () => {
  it('silences findings by kind, file glob and message text; they are counted, and ignored errors do not fail', () => {
    const where = site(TWELVE, {
      check: {
        ignore: [
          // By kind and glob: p01–p09.
          { kind: 'broken-link', file: 'p0?.md' },
          // By text: gone-10 and gone-11, not gone-12.
          { match: 'gone-10.md' },
          { match: 'gone-11.md' },
          // By file alone.
          { file: '**/untitled.md' },
        ],
      },
    });
    const { code, stdout } = check(where);
    expect(code).toBe(1);
    expect(stdout.split('\n')).toStrictEqual([
      'broken-link: 1 error, 11 ignored',
      BROKEN_FIX,
      brokenLine(12),
      'no-title: 1 ignored',
      '14 pages, 1 error, 0 warnings, 12 ignored (check.ignore)',
      '',
    ]);
  });

  it('exits 0 when every error is ignored', () => {
    written = [];
    const { code, stdout } = check(site(TWELVE, { check: { ignore: [{ kind: 'broken-link' }] } }));
    expect(code).toBe(0);
    expect(stdout.endsWith('14 pages, 0 errors, 1 warning, 12 ignored (check.ignore)\n')).toBe(true);
  });

  it('names the rule whose kind does not exist, and the kinds there are', () => {
    const where = site(TWELVE, { check: { ignore: [{ file: 'a.md' }, { kind: 'broken-links' }] } });
    expect(() => check(where)).toThrow(
      new ConfigError(`check.ignore[1].kind: no kind "broken-links"; the kinds are ${FINDING_KIND_IDS.join(', ')}`),
    );
  });

  it('refuses a rule that names nothing, or a field it does not know', () => {
    expect(() => check(site(TWELVE, { check: { ignore: [{}] } }))).toThrow(ConfigError);
    expect(() => check(site(TWELVE, { check: { ignore: [{ path: 'a.md' }] } }))).toThrow(ConfigError);
  });

  it.each([
    ['a.md', 'a.md', true],
    ['a.md', 'b/a.md', false],
    ['*.md', 'a.md', true],
    ['*.md', 'b/a.md', false],
    ['**/a.md', 'a.md', true],
    ['**/a.md', 'x/y/a.md', true],
    ['docs/**', 'docs/x/y.md', true],
    ['docs/**', 'docsx/y.md', false],
    ['p?.md', 'p1.md', true],
    ['p?.md', 'p/.md', false],
    ['a+b(c).md', 'a+b(c).md', true],
    ['a.md', 'aXmd', false],
  ])('the glob %s matches %s: %s', (glob, file, expected) => {
    expect(globTest(glob)(file)).toBe(expected);
  });
});

describe('check warns only about the detected generator', () => {
  const tags = '# Page\n\n{% hint style="info" %}\nHello.\n{% endhint %}\n\n{% unknowntag %}\n';

  it('on a Hugo site, GitBook-looking tags are text: no gitbook-tag kind', () => {
    const dir = writeContent({
      'hugo.toml': 'title = "H"\n',
      'content/_index.md': '---\ntitle: Home\n---\n\nHome.\n',
      'content/page.md': tags,
    });
    dirs.push(dir);
    const { code, stdout } = check({ content: path.join(dir, 'content') });
    expect(code).toBe(0);
    expect(stdout).not.toContain('gitbook');
    expect(stdout.split('\n').at(-2)).toBe('2 pages, 0 errors, 0 warnings');
  });

  it('on a GitBook site, the tag it does not render is a gitbook-tag finding', () => {
    const dir = writeContent({ '.gitbook.yaml': 'root: ./\n', 'README.md': '# Home\n\nHome.\n', 'page.md': tags });
    dirs.push(dir);
    const { stdout } = check({ content: dir });
    expect(stdout).toContain(
      'gitbook-tag: 1 warning\n' +
        '  fix: Replace the tag or the broken-reference link in GitBook (or the file) with markdown or a link to a page that exists.\n' +
        '  page.md: warning: GitBook tags not rendered: unknowntag\n',
    );
  });
});
