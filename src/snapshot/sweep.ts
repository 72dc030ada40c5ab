/**
 * The safety net of a trusted watcher (issue 34): `serve --watch` builds from what the watcher
 * reports (read-cache.ts), so a change it never reports (an inotify queue overflow, which Node is not
 * told of) would stay unserved until a restart. Every {@link SWEEP_INTERVAL_MS} the read cache's
 * sweep compares every listed page file's fingerprint with the one it was read with, in steps between
 * requests, and reports the files that differ, as the watcher would have; and the generator config
 * files the last build read beside the content folder (config-reads.ts), reported as `''` when one
 * differs, as their watch (config-watch.ts) would have.
 */
import { runStepsYielding } from '../build-steps.js';
import type { ReadCache } from './read-cache.js';

/** Time between two sweeps (ms): a missed change is served within this, plus a rebuild. At 100,000 pages a sweep costs some 0.5 s of CPU. */
export const SWEEP_INTERVAL_MS = 30_000;

/**
 * Sweeps `cache` every `intervalMs`, one sweep at a time, and passes each changed path to `report`.
 * @param onError called with what a sweep threw; sweeping goes on
 * @returns a function that stops sweeping (a sweep under way finishes, and reports nothing)
 */
export function startSweeping(
  cache: ReadCache,
  report: (relPath: string) => void,
  onError: (error: unknown) => void,
  intervalMs = SWEEP_INTERVAL_MS,
): () => void {
  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runStepsYielding(cache.sweep())
      .then((changed) => {
        if (!stopped) for (const relPath of changed) report(relPath);
      })
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
