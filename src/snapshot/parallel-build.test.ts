import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { awaitWorkers } from './parallel-build.js';

/** Shared counters [workers done, files read], as the build makes them. */
function counters(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(8));
}

/** A thread that reads a file every `everyMs` for `files` files, then says it is done. */
function fakeWorker(shared: Int32Array, files: number, everyMs: number): Worker {
  const code = `
    const { workerData } = require('node:worker_threads');
    const signals = new Int32Array(workerData.buffer);
    const sleep = new Int32Array(new SharedArrayBuffer(4));
    for (let i = 0; i < workerData.files; i++) {
      Atomics.wait(sleep, 0, 0, workerData.everyMs);
      Atomics.add(signals, 1, 1);
    }
    Atomics.add(signals, 0, 1);
    Atomics.notify(signals, 0);
  `;
  return new Worker(code, { eval: true, workerData: { buffer: shared.buffer, files, everyMs } });
}

describe('awaitWorkers', () => {
  it('returns true once every worker is done', () => {
    const shared = counters();
    Atomics.store(shared, 0, 2);
    expect(awaitWorkers(shared, 2, 10)).toBe(true);
  });

  it('gives up on workers that read nothing for the stall time (one died without a word)', () => {
    const progress: number[] = [];
    expect(awaitWorkers(counters(), 2, 10, (done) => progress.push(done), 600)).toBe(false);
    expect(new Set(progress)).toStrictEqual(new Set([0]));
  });

  it('waits past the stall time while files are being read', async () => {
    const shared = counters();
    const worker = fakeWorker(shared, 30, 50);
    try {
      // 30 files 50 ms apart: 1.5 s in all, past the stall time, never 1 s without a file.
      expect(awaitWorkers(shared, 1, 30, undefined, 1000)).toBe(true);
      expect(Atomics.load(shared, 1)).toBe(30);
    } finally {
      await worker.terminate();
    }
  });
});
