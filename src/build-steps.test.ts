import { describe, expect, it } from 'vitest';
import { runSteps, runStepsYielding, sortInSteps, type BuildSteps } from './build-steps.js';

/** Three steps that log themselves, returning `done`. */
function* steps(log: string[]): BuildSteps<string> {
  log.push('step 1');
  yield;
  log.push('step 2');
  yield;
  log.push('step 3');
  return 'done';
}

describe('build steps', () => {
  it('runSteps runs every step at once', () => {
    const log: string[] = [];
    setImmediate(() => log.push('event loop'));
    expect(runSteps(steps(log))).toBe('done');
    expect(log).toStrictEqual(['step 1', 'step 2', 'step 3']);
  });

  it('runStepsYielding lets the event loop run between steps (a request waits for one step, not the build)', async () => {
    const log: string[] = [];
    // Waiting since before the build began, as a request that came during its first step.
    setImmediate(() => log.push('event loop'));
    const running = runStepsYielding(steps(log));
    expect(await running).toBe('done');
    expect(log).toStrictEqual(['step 1', 'event loop', 'step 2', 'step 3']);
  });

  it('runStepsYielding rejects with what a step throws', async () => {
    function* failing(): BuildSteps<string> {
      yield;
      throw new Error('content folder not found');
    }
    await expect(runStepsYielding(failing())).rejects.toThrow('content folder not found');
  });

  it('sortInSteps sorts as sort does, stably, yielding between runs and merges', () => {
    // 50,000 items: three runs and two merge passes; keys repeat, so stability shows.
    const items = Array.from({ length: 50_000 }, (_, i) => ({ key: (i * 7919) % 1_000, i }));
    const byKey = (a: { key: number }, b: { key: number }): number => a.key - b.key;
    const steps = sortInSteps(items, byKey);
    let yields = 0;
    let step = steps.next();
    for (; step.done !== true; step = steps.next()) yields++;
    expect(step.value).toStrictEqual([...items].sort(byKey));
    // Two yields between the three runs, then one per 20,000 items merged: 40,000, then 50,000.
    expect(yields).toBe(2 + 2 + 2);
    expect(runSteps(sortInSteps([], byKey))).toStrictEqual([]);
  });
});
