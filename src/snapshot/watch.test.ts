import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentDirError } from '../content/load.js';
import { createReloader, DEFAULT_RELOAD_DEBOUNCE_MS, isContentChange, watchContent } from './watch.js';

/** A reloader over numbered snapshots that records what happened, in order. */
function recorder(build: (changed: ReadonlySet<string>) => string | undefined | Promise<string | undefined>): {
  events: string[];
  reloader: ReturnType<typeof createReloader<string>>;
} {
  const events: string[] = [];
  let clock = 0;
  const reloader = createReloader<string>({
    build,
    swap: (snapshot) => events.push(`swap ${snapshot}`),
    onReload: (snapshot, buildMs) => events.push(`reloaded ${snapshot} in ${buildMs} ms`),
    onError: (error) => events.push(`error ${(error as Error).message}`),
    // Every build "takes" 5 ms on this clock.
    now: () => (clock += 5) - 5,
  });
  return { events, reloader };
}

describe('createReloader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('coalesces a burst of changes into one build after the quiet period', async () => {
    let builds = 0;
    const { events, reloader } = recorder(() => `s${++builds}`);
    for (let i = 0; i < 10; i++) {
      reloader.schedule();
      await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS - 1);
    }
    expect(builds).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toStrictEqual(['swap s1', 'reloaded s1 in 5 ms']);
    reloader.schedule();
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    expect(events).toStrictEqual(['swap s1', 'reloaded s1 in 5 ms', 'swap s2', 'reloaded s2 in 5 ms']);
  });

  it('keeps the old snapshot when a build throws, and swaps again once a build succeeds', async () => {
    let broken = true;
    const { events, reloader } = recorder(() => {
      if (broken) throw new ContentDirError('content folder not found: /srv/site');
      return 'fixed';
    });
    reloader.schedule();
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    expect(events).toStrictEqual(['error content folder not found: /srv/site']);
    broken = false;
    reloader.schedule();
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    expect(events).toStrictEqual(['error content folder not found: /srv/site', 'swap fixed', 'reloaded fixed in 5 ms']);
  });

  it('a rejected asynchronous build keeps the old snapshot too', async () => {
    const { events, reloader } = recorder(() => Promise.reject(new Error('disk on fire')));
    reloader.schedule();
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    expect(events).toStrictEqual(['error disk on fire']);
  });

  it('never runs two builds at once: changes during a build cause exactly one more build after it', async () => {
    const finishers: ((snapshot: string) => void)[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const { events, reloader } = recorder(() => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      return new Promise<string>((resolve) =>
        finishers.push((snapshot) => {
          running--;
          resolve(snapshot);
        }),
      );
    });
    reloader.schedule();
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    expect(finishers).toHaveLength(1);
    for (let i = 0; i < 5; i++) reloader.schedule();
    await vi.advanceTimersByTimeAsync(10 * DEFAULT_RELOAD_DEBOUNCE_MS);
    expect(finishers).toHaveLength(1);
    finishers[0]?.('first');
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    expect(finishers).toHaveLength(2);
    finishers[1]?.('second');
    await vi.advanceTimersByTimeAsync(10 * DEFAULT_RELOAD_DEBOUNCE_MS);
    expect(finishers).toHaveLength(2);
    expect(mostAtOnce).toBe(1);
    expect(events).toStrictEqual(['swap first', 'reloaded first in 5 ms', 'swap second', 'reloaded second in 5 ms']);
  });

  it('gives each build the paths reported since the last began: a burst coalesced, those heard during a build to the next', async () => {
    const given: string[][] = [];
    let finish: (snapshot: string) => void = () => undefined;
    const { events, reloader } = recorder((changed) => {
      given.push([...changed]);
      return new Promise<string>((resolve) => (finish = resolve));
    });
    for (const relPath of ['a.md', 'b.md', 'a.md']) reloader.schedule(relPath);
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    reloader.schedule('c.md');
    reloader.schedule();
    finish('first');
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    finish('second');
    await vi.advanceTimersByTimeAsync(0);
    expect(given).toStrictEqual([
      ['a.md', 'b.md'],
      ['c.md', ''],
    ]);
    expect(events).toStrictEqual(['swap first', 'reloaded first in 5 ms', 'swap second', 'reloaded second in 5 ms']);
  });

  it('a build that finds nothing to change keeps the snapshot: no swap, no reload', async () => {
    const given: string[][] = [];
    const { events, reloader } = recorder((changed) => {
      given.push([...changed]);
      return given.length === 1 ? undefined : 'second';
    });
    reloader.schedule('run.py');
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    reloader.schedule('a.md');
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    expect(given).toStrictEqual([['run.py'], ['a.md']]);
    expect(events).toStrictEqual(['swap second', 'reloaded second in 5 ms']);
  });

  it('a failed build passes its paths on to the next', async () => {
    const given: string[][] = [];
    const { events, reloader } = recorder((changed) => {
      given.push([...changed]);
      if (given.length === 1) throw new Error('half-written file');
      return 'fixed';
    });
    reloader.schedule('a.md');
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    reloader.schedule('b.md');
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    expect(given).toStrictEqual([['a.md'], ['a.md', 'b.md']]);
    expect(events).toStrictEqual(['error half-written file', 'swap fixed', 'reloaded fixed in 5 ms']);
  });

  it('close cancels a pending build and ignores later changes', async () => {
    let builds = 0;
    const { events, reloader } = recorder(() => `s${++builds}`);
    reloader.schedule();
    await reloader.close();
    reloader.schedule();
    await vi.advanceTimersByTimeAsync(10 * DEFAULT_RELOAD_DEBOUNCE_MS);
    expect(builds).toBe(0);
    expect(events).toStrictEqual([]);
  });

  it('close waits for a running build and does not swap its result in', async () => {
    let finish: (snapshot: string) => void = () => undefined;
    const { events, reloader } = recorder(() => new Promise<string>((resolve) => (finish = resolve)));
    reloader.schedule();
    await vi.advanceTimersByTimeAsync(DEFAULT_RELOAD_DEBOUNCE_MS);
    let closed = false;
    const closing = reloader.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    finish('late');
    await closing;
    expect(events).toStrictEqual([]);
  });
});

describe('isContentChange', () => {
  it.each([
    ['guides/setup.md', true],
    ['README.MD', true],
    ['guides', true],
    ['', true],
    ['..md', true],
    ['guides/image.png', true],
    ['snippets/example.py', true],
    ['sidebars.js', true],
    ['.gitbook/assets/logo.png', true],
    ['.draft.md', false],
    ['.git/HEAD', false],
    ['guides/.cache', false],
    ['notes/.obsidian/workspace.md', false],
  ])('%s → %s', (relPath, expected) => {
    expect(isContentChange(relPath)).toBe(expected);
  });
});

describe('watchContent', () => {
  it('reports additions and edits of markdown files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-watch-'));
    try {
      writeFileSync(path.join(dir, 'index.md'), '# Home\n');
      const errors: unknown[] = [];
      const watcher = await watchContent(dir, (error) => errors.push(error));
      try {
        const added = new Promise<string>((resolve) => watcher.onChange(resolve));
        // node_modules is never walked (content/walk.ts), so nothing in it is watched either.
        mkdirSync(path.join(dir, 'node_modules', 'left-pad'), { recursive: true });
        writeFileSync(path.join(dir, 'node_modules', 'left-pad', 'README.md'), '# left-pad\n');
        writeFileSync(path.join(dir, 'new.md'), '# New\n');
        expect(await added).toBe('new.md');
        const later = new Promise<string>((resolve) => watcher.onChange(resolve));
        writeFileSync(path.join(dir, 'index.md'), '# Home, edited\n');
        expect(await later).toBe('index.md');
        expect(errors).toStrictEqual([]);
      } finally {
        await watcher.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('follows a content folder that is renamed away and back (a deploy swapping folders)', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'sitegate-watch-'));
    const dir = path.join(parent, 'site');
    try {
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'index.md'), '# Home\n');
      const watcher = await watchContent(dir, () => undefined);
      try {
        const gone = new Promise<string>((resolve) => watcher.onChange(resolve));
        renameSync(dir, path.join(parent, 'old'));
        expect(await gone).toBe('');
        // The fresh watcher reports the folder ('') once it has it; only it can see new.md.
        const edited = new Promise<void>((resolve) =>
          watcher.onChange((relPath) => {
            if (relPath === '') writeFileSync(path.join(dir, 'new.md'), '# New\n');
            if (relPath === 'new.md') resolve();
          }),
        );
        mkdirSync(dir);
        await edited;
      } finally {
        await watcher.close();
      }
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
