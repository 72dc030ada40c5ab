import { describe, expect, it } from 'vitest';
import { runSteps, runStepsYielding, type BuildSteps } from './build-steps.js';

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
});
