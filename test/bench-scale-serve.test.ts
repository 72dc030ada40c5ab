/**
 * The pure parts of the scale bench's `serve` rows (bench/scale-serve.ts, bench/memory.ts, bench/cpu.ts): the
 * /proc/PID/status parser, the page picked from a generated site, and the table.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseProcStatCpuSec } from '../bench/cpu.js';
import { parseProcStatus } from '../bench/memory.js';
import { pageUrlOf, serveTable } from '../bench/scale-serve.js';

describe('parseProcStatus', () => {
  it('reads VmRSS and VmHWM in KiB as bytes', () => {
    const status = 'Name:\tnode\nVmPeak:\t 1000 kB\nVmHWM:\t  768000 kB\nVmRSS:\t  512000 kB\nThreads:\t7\n';
    expect(parseProcStatus(status)).toEqual({ rssBytes: 512_000 * 1024, peakBytes: 768_000 * 1024 });
  });

  it('is undefined when a line is missing', () => {
    expect(parseProcStatus('Name:\tnode\nVmRSS:\t 10 kB\n')).toBeUndefined();
    expect(parseProcStatus('')).toBeUndefined();
  });
});

describe('parseProcStatCpuSec', () => {
  it('adds utime and stime, counted after the name in parentheses', () => {
    const stat = '1959 (node main) S 1956 1956 23657 0 -1 4194304 119 0 0 0 1234 56 0 0 20 0 11 0 673658 3133440 393';
    expect(parseProcStatCpuSec(stat, 100)).toBe(12.9);
  });

  it('is undefined for other text', () => {
    expect(parseProcStatCpuSec('', 100)).toBeUndefined();
    expect(parseProcStatCpuSec('1 (x) S 1', 100)).toBeUndefined();
  });
});

describe('pageUrlOf', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('goes down the first folder to the first page other than index.md', () => {
    const site = mkdtempSync(path.join(os.tmpdir(), 'sitegate-page-url-'));
    dirs.push(site);
    writeFileSync(path.join(site, 'index.md'), '# Home\n');
    writeFileSync(path.join(site, '.complete'), '');
    mkdirSync(path.join(site, 'b'));
    mkdirSync(path.join(site, 'a', 'c'), { recursive: true });
    writeFileSync(path.join(site, 'a', 'index.md'), '# A\n');
    writeFileSync(path.join(site, 'a', 'c', 'zeta.md'), '# Z\n');
    writeFileSync(path.join(site, 'a', 'c', 'alpha.md'), '# A\n');
    expect(pageUrlOf(site)).toBe('/a/c/alpha');
  });

  it('throws when there is no page', () => {
    const site = mkdtempSync(path.join(os.tmpdir(), 'sitegate-page-url-'));
    dirs.push(site);
    writeFileSync(path.join(site, 'index.md'), '# Home\n');
    expect(() => pageUrlOf(site)).toThrow(`no page under ${site}`);
  });
});

describe('serveTable', () => {
  it('marks the targets on every row', () => {
    const rows = [
      { pages: 10_000, firstAnswerSec: 4.671, pageAnswerSec: 4.7, cpuSec: 5.5, rssMb: 268.4, peakMb: 382 },
      { pages: 100_000, firstAnswerSec: 14.81, pageAnswerSec: 14.82, cpuSec: 20.25, rssMb: 750.2, peakMb: 750.2 },
    ];
    expect(serveTable(rows)).toBe(
      [
        '| pages | first answer s (≤ 12) | page answer s | CPU s | RSS after start MB (≤ 500) | peak RSS MB |',
        '| ---: | ---: | ---: | ---: | ---: | ---: |',
        '| 10000 | 4.67 ✓ | 4.70 | 5.50 | 268 ✓ | 382 |',
        '| 100000 | 14.81 MISS | 14.82 | 20.25 | 750 MISS | 750 |',
      ].join('\n'),
    );
  });
});
