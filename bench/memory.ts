/** Resident memory of a process from Linux's /proc (proc(5)); undefined elsewhere. (CPU time: cpu.ts.) */
import { readFileSync } from 'node:fs';

/** Resident memory read from a /proc/PID/status text, bytes. */
export interface ProcMemory {
  /** `VmRSS`: resident set size now. */
  rssBytes: number;
  /** `VmHWM`: the peak resident set size so far ("high water mark"). */
  peakBytes: number;
}

function kibLine(status: string, name: string): number | undefined {
  const kib = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1];
  return kib === undefined ? undefined : Number(kib) * 1024;
}

/**
 * The `VmRSS` and `VmHWM` lines of a /proc/PID/status text (proc(5): sizes in kB, meaning KiB),
 * in bytes; undefined when either line is missing (not Linux, or a zombie process).
 */
export function parseProcStatus(status: string): ProcMemory | undefined {
  const rssBytes = kibLine(status, 'VmRSS');
  const peakBytes = kibLine(status, 'VmHWM');
  return rssBytes === undefined || peakBytes === undefined ? undefined : { rssBytes, peakBytes };
}

/** Resident memory of process `pid` now and at its peak, from /proc/PID/status; undefined when unreadable. */
export function processMemory(pid: number): ProcMemory | undefined {
  try {
    return parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Resident set size of a process in bytes, from the `VmRSS` line of /proc/PID/status. */
export function processRssBytes(pid: number): number | undefined {
  return processMemory(pid)?.rssBytes;
}
