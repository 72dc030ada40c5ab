import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from './access.js';
import { INCLUDE_MAX_BYTES, isProtectedPath, readContentFile, refusalNote, type ReadableRoots } from './readable.js';

const site = realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-readable-')));
const write = (rel: string, text: string): void => {
  mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
  writeFileSync(path.join(site, rel), text);
};
write('mkdocs.yml', 'site_name: x\n');
write('includes/abbr.md', '*[HTML]: Hyper Text\n');
write('.env', 'TOKEN=1\n');
write('docs/.git/config', '[remote]\n');
write('docs/ok.md', 'OK\n');
write('docs/..md', 'Dots\n');
write('docs/private.md', '---\naccess: Private\n---\nP\n');
write('docs/draft.md', '---\ndraft: yes\n---\nD\n');
write('docs/internal/plan.md', 'Plan\n');
write('docs/broken.md', '---\naccess: [internal\n---\nB\n');
write('docs/broken-plain.md', '---\ntitle: [x\n---\nPlain\n');
write('docs/state/notes.txt', 'state\n');
write('docs/.gitbook/includes/reuse.md', 'Reuse\n');
write('docs/.gitbook/includes/.hidden/x.md', 'Hidden\n');
write('elsewhere/kek.txt', 'kek\n');
symlinkSync(path.join(site, '.env'), path.join(site, 'docs/env.txt'));
symlinkSync(path.join(site, 'elsewhere/kek.txt'), path.join(site, 'docs/kek.txt'));
symlinkSync(path.join(site, 'docs/internal'), path.join(site, 'docs/open'));
afterAll(() => rmSync(site, { recursive: true, force: true }));

const roots: ReadableRoots = {
  contentRoot: path.join(site, 'docs'),
  siteRoot: site,
  protectedPaths: [path.join(site, 'docs/state'), path.join(site, 'elsewhere/kek.txt'), path.join(site, 'not-yet/.sitegate')],
  zone: new InternalZone([]),
};
const read = (target: string, options: { internal?: boolean; dotFolders?: string[]; base?: string } = {}) =>
  readContentFile(roots, {
    target,
    base: options.base ?? roots.contentRoot,
    intoInternalPage: options.internal ?? false,
    ...(options.dotFolders === undefined ? {} : { dotFolders: options.dotFolders }),
  });

describe('readContentFile', () => {
  it('reads public files inside the content folder and the site root, and pages named only with dots', () => {
    expect(read('ok.md')).toStrictEqual({ text: 'OK\n' });
    expect(read('includes/abbr.md', { base: site })).toStrictEqual({ text: '*[HTML]: Hyper Text\n' });
    expect(read('..md')).toStrictEqual({ text: 'Dots\n' });
  });

  it('refuses dotfiles and dot-folders at any segment, at the written and at the real path', () => {
    expect(read('../.env')).toStrictEqual({ error: '../.env is inside a dotfile or dot-folder (.env)' });
    expect(read('.git/config')).toStrictEqual({ error: '.git/config is inside a dotfile or dot-folder (.git)' });
    expect(read('env.txt')).toStrictEqual({ error: 'env.txt leads inside a dotfile or dot-folder (.env)' });
  });

  it('refuses the protected paths wherever they are, through symlinks and before they exist', () => {
    expect(read('state/notes.txt')).toStrictEqual({ error: "state/notes.txt is sitegate's data folder, secret or config file" });
    expect(read('kek.txt')).toStrictEqual({ error: "kek.txt is sitegate's data folder, secret or config file" });
    expect(read('../elsewhere/kek.txt')).toStrictEqual({ error: "../elsewhere/kek.txt is sitegate's data folder, secret or config file" });
    expect(isProtectedPath(path.join(site, 'not-yet/.sitegate/secret'), roots.protectedPaths)).toBe(true);
    expect(isProtectedPath(path.join(site, 'not-yet/sitegate'), roots.protectedPaths)).toBe(false);
  });

  it('refuses what lies outside the site root', () => {
    expect(read('../../x.md')).toStrictEqual({ error: '../../x.md is outside the site folder' });
    expect(read('a\0b')).toStrictEqual({ error: 'a\0b cannot be read' });
  });

  it('refuses private pages, internal ones (also through a symlink) and drafts into a public page, failing closed on unparsable frontmatter', () => {
    expect(read('private.md')).toStrictEqual({ error: 'private.md is not public (access) and cannot be included in a public page' });
    expect(read('internal/plan.md')).toStrictEqual({ error: 'internal/plan.md is internal and cannot be included in a public page' });
    expect(read('open/plan.md')).toStrictEqual({ error: 'open/plan.md is internal and cannot be included in a public page' });
    expect(read('draft.md')).toStrictEqual({ error: 'draft.md is a draft or unpublished' });
    expect(read('broken.md')).toStrictEqual({ error: 'broken.md has frontmatter that does not parse and names access or draft' });
    expect(read('broken-plain.md')).toStrictEqual({ text: '---\ntitle: [x\n---\nPlain\n' });
  });

  it('lets an internal page include internal and private files, never a draft', () => {
    expect(read('private.md', { internal: true })).toStrictEqual({ text: '---\naccess: Private\n---\nP\n' });
    expect(read('internal/plan.md', { internal: true })).toStrictEqual({ text: 'Plan\n' });
    expect(read('draft.md', { internal: true })).toStrictEqual({ error: 'draft.md is a draft or unpublished' });
  });

  it("reads a generator's documented dot folder only when the reader names it, and no dot name below it", () => {
    expect(read('.gitbook/includes/reuse.md')).toStrictEqual({
      error: '.gitbook/includes/reuse.md is inside a dotfile or dot-folder (.gitbook)',
    });
    expect(read('.gitbook/includes/reuse.md', { dotFolders: ['.gitbook/includes'] })).toStrictEqual({ text: 'Reuse\n' });
    expect(read('.gitbook/includes/.hidden/x.md', { dotFolders: ['.gitbook/includes'] })).toStrictEqual({
      error: '.gitbook/includes/.hidden/x.md is inside a dotfile or dot-folder (.hidden)',
    });
  });
});

describe('refusalNote', () => {
  it(
    'refuses at once what is no regular file, a FIFO included (it is opened without waiting for a writer), and files over the bound',
    { timeout: 5_000 },
    () => {
      execFileSync('mkfifo', [path.join(site, 'docs/fifo.md')]);
      write('docs/big.txt', 'x'.repeat(INCLUDE_MAX_BYTES + 1));
      expect(read('fifo.md')).toStrictEqual({ error: 'fifo.md is not a file' });
      expect(read('internal')).toStrictEqual({ error: 'internal is not a file' });
      expect(read('big.txt')).toStrictEqual({ error: `big.txt is over ${INCLUDE_MAX_BYTES} bytes` });
      expect(read('missing.md')).toStrictEqual({ error: 'missing.md not found' });
    },
  );

  it('sets the path as code, with no character that could open markup', () => {
    expect(refusalNote('../.sitegate/secret')).toBe('(include refused: `../.sitegate/secret`)');
    expect(refusalNote('<img src=x onerror=alert(1)>`')).toBe('(include refused: `?img src=x onerror=alert?1???`)');
  });
});
