import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchFolders, type FolderEvent, type FolderWatch } from './folder-watch.js';

/** How long to wait for an event the file system owes (ms): generous for a busy machine. */
const EVENT_TIMEOUT_MS = 5_000;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A temporary folder holding `files`, watched; events are collected as `event relPath`. */
function watched(
  files: Record<string, string>,
  folders: string[] = [],
  prepare: (dir: string) => void = () => undefined,
): { dir: string; events: string[]; watch: FolderWatch; next: (expected: string) => Promise<void> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-folder-watch-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  for (const folder of folders) mkdirSync(path.join(dir, folder), { recursive: true });
  for (const [relPath, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, relPath)), { recursive: true });
    writeFileSync(path.join(dir, relPath), text);
  }
  prepare(dir);
  const events: string[] = [];
  const waiters: { expected: string; resolve: () => void }[] = [];
  const watch = watchFolders(dir, {
    ignored: (relPath) => relPath.split('/').some((part) => part.startsWith('.')),
    onEvent: (event: FolderEvent, relPath) => {
      events.push(`${event} ${relPath}`);
      for (const waiter of waiters.filter((w) => w.expected === `${event} ${relPath}`)) waiter.resolve();
    },
    onError: (error) => events.push(`error ${String(error)}`),
  });
  cleanups.push(() => watch.close());
  const next = (expected: string): Promise<void> =>
    events.includes(expected)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no "${expected}" in ${EVENT_TIMEOUT_MS} ms; got ${events.join(', ')}`)),
            EVENT_TIMEOUT_MS,
          );
          waiters.push({ expected, resolve: () => (clearTimeout(timer), resolve()) });
        });
  return { dir, events, watch, next };
}

describe('watchFolders', () => {
  it('watches each folder once, not each file, leaving out ignored ones', () => {
    const { watch } = watched({ 'index.md': '', 'a/one.md': '', 'a/two.md': '', 'a/b/three.md': '', '.git/HEAD': '' }, ['empty']);
    // The root, a, a/b and empty: four watches for four files.
    expect(watch.folders).toBe(4);
  });

  it('tells an addition from an edit and a removal, in nested folders', async () => {
    const { dir, next } = watched({ 'a/b/page.md': 'one' });
    writeFileSync(path.join(dir, 'a/b/new.md'), 'new');
    await next('add a/b/new.md');
    writeFileSync(path.join(dir, 'a/b/page.md'), 'two');
    await next('change a/b/page.md');
    rmSync(path.join(dir, 'a/b/page.md'));
    await next('unlink a/b/page.md');
  });

  it('watches a folder made after the start, and what is written into it later', async () => {
    const { dir, next, watch } = watched({ 'index.md': '' });
    mkdirSync(path.join(dir, 'guides'));
    await next('addDir guides');
    writeFileSync(path.join(dir, 'guides/setup.md'), 'setup');
    await next('add guides/setup.md');
    expect(watch.folders).toBe(2);
  });

  it('a folder removed or renamed: unlinkDir, its watches closed, and the new name watched', async () => {
    const { dir, next, watch } = watched({ 'old/a.md': '', 'gone/b/c.md': '' });
    expect(watch.folders).toBe(4);
    rmSync(path.join(dir, 'gone'), { recursive: true });
    await next('unlinkDir gone');
    renameSync(path.join(dir, 'old'), path.join(dir, 'new'));
    await next('unlinkDir old');
    await next('addDir new');
    writeFileSync(path.join(dir, 'new/a.md'), 'edited');
    await next('change new/a.md');
    expect(watch.folders).toBe(2);
  });

  it('ignores what `ignored` names; reports the root gone when it is renamed away', async () => {
    const { dir, events, next } = watched({ 'index.md': '' }, ['.cache']);
    writeFileSync(path.join(dir, '.cache/x.md'), '');
    writeFileSync(path.join(dir, '.hidden.md'), '');
    writeFileSync(path.join(dir, 'seen.md'), '');
    await next('add seen.md');
    renameSync(dir, `${dir}-moved`);
    cleanups.push(() => rmSync(`${dir}-moved`, { recursive: true, force: true }));
    await next('unlinkDir ');
    // Nothing of the ignored names; the root's removal last (a write may also be told as a change of seen.md).
    expect(events.filter((event) => /\.cache|\.hidden/.test(event))).toStrictEqual([]);
    expect([events[0], events.at(-1)]).toStrictEqual(['add seen.md', 'unlinkDir ']);
  });

  it('follows a symlinked folder, and ends a symlink loop', async () => {
    const target = mkdtempSync(path.join(tmpdir(), 'sitegate-folder-watch-target-'));
    cleanups.push(() => rmSync(target, { recursive: true, force: true }));
    mkdirSync(path.join(target, 'inner'));
    symlinkSync(target, path.join(target, 'inner', 'loop'));
    const { watch, next } = watched({}, [], (dir) => symlinkSync(target, path.join(dir, 'linked')));
    // The root, linked (the target) and linked/inner; linked/inner/loop is the target again.
    expect(watch.folders).toBe(3);
    writeFileSync(path.join(target, 'inner', 'page.md'), '');
    await next('add linked/inner/page.md');
  });
});
