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

  /** A clock that each step of {@link timedSteps} moves on by its duration. */
  function timedSteps(log: string[], durations: readonly number[], clock: { ms: number }): BuildSteps<string> {
    return (function* () {
      for (const [i, ms] of durations.entries()) {
        if (i > 0) yield;
        clock.ms += ms;
        log.push(`step ${i + 1}`);
      }
      return 'done';
    })();
  }

  /** Records each turn of the event loop from now until `stop` is called. */
  function turnsLogged(log: string[]): { stop: () => void } {
    let running = true;
    const turn = (): void => {
      if (!running) return;
      log.push('turn');
      setImmediate(turn);
    };
    setImmediate(turn);
    return { stop: () => (running = false) };
  }

  it('runStepsYielding gives the event loop three turns after each slice of 15 ms (a request waits for a slice, not the build)', async () => {
    const log: string[] = [];
    const clock = { ms: 0 };
    const turns = turnsLogged(log);
    // 4, 4 and 8 ms run on together (after 8 ms, a step as long as the last would end at 12 < 15), and
    // spend the slice; 20 ms spends one alone; the 1 ms steps then run on to the end.
    const running = runStepsYielding(timedSteps(log, [4, 4, 8, 20, 1, 1], clock), { now: () => clock.ms });
    expect(await running).toBe('done');
    turns.stop();
    expect(log).toStrictEqual(['step 1', 'step 2', 'step 3', 'turn', 'turn', 'turn', 'step 4', 'turn', 'turn', 'turn', 'step 5', 'step 6']);
  });

  it('runStepsYielding yields before a step that would overrun the slice were it as long as the one before', async () => {
    const log: string[] = [];
    const clock = { ms: 0 };
    const turns = turnsLogged(log);
    // After 2 + 6 ms, a step as long as the last (6) would end at 14 < 15: it runs; after it (14 ms spent), yield.
    const running = runStepsYielding(timedSteps(log, [2, 6, 6, 9, 9], clock), { now: () => clock.ms, turns: 1 });
    expect(await running).toBe('done');
    turns.stop();
    expect(log).toStrictEqual(['step 1', 'step 2', 'step 3', 'turn', 'step 4', 'turn', 'step 5']);
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
