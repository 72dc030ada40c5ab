/** Resident memory and CPU time of a process from Linux's /proc (proc(5)); undefined elsewhere. */
import { execFileSync } from 'node:child_process';
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

/**
 * CPU seconds (user + system, fields 14 and 15, `utime` and `stime`) of a /proc/PID/stat text, whose
 * times are in clock ticks of `ticksPerSec` (`getconf CLK_TCK`); the fields are counted after the
 * last `)`, as the command name in parentheses may hold spaces. Undefined when the text is not one.
 */
export function parseProcStatCpuSec(stat: string, ticksPerSec: number): number | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state (field 3) is fields[0], so field n is fields[n - 3].
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return stat.includes(')') && Number.isInteger(utime) && Number.isInteger(stime) ? (utime + stime) / ticksPerSec : undefined;
}

/** CPU seconds process `pid` has used so far (its threads included), from /proc/PID/stat; undefined when unreadable. */
export function processCpuSec(pid: number): number | undefined {
  try {
    const ticksPerSec = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return parseProcStatCpuSec(readFileSync(`/proc/${pid}/stat`, 'utf8'), ticksPerSec);
  } catch {
    return undefined;
  }
}
