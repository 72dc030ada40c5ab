/**
 * CPU time from Linux's /proc (proc(5)): of one process, and of the whole machine. Elsewhere both
 * return undefined and the report prints "n/a".
 */
import { readFileSync } from 'node:fs';

/** Linux reports times in USER_HZ ticks, 100 per second on every mainstream platform. */
const TICKS_PER_SEC = 100;

function readOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds (user + system, fields 14 and 15, `utime` and `stime`) of a /proc/PID/stat text, whose
 * times are in clock ticks of `ticksPerSec`; the fields are counted after the last `)`, as the
 * command name in parentheses may hold spaces. Undefined when the text is not one.
 */
export function parseProcStatCpuSec(stat: string, ticksPerSec: number): number | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state (field 3) is fields[0], so field n is fields[n - 3].
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return stat.includes(')') && Number.isInteger(utime) && Number.isInteger(stime) ? (utime + stime) / ticksPerSec : undefined;
}

/** CPU seconds used so far by a process (user + system, its threads included), from /proc/PID/stat. */
export function processCpuSec(pid: number): number | undefined {
  const stat = readOrUndefined(`/proc/${pid}/stat`);
  return stat === undefined ? undefined : parseProcStatCpuSec(stat, TICKS_PER_SEC);
}

/** CPU seconds all cores have spent busy so far (all but idle and iowait), from /proc/stat. */
export function machineBusySec(): number | undefined {
  const line = readOrUndefined('/proc/stat')?.split('\n', 1)[0];
  if (line?.startsWith('cpu ') !== true) return undefined;
  // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is inside user).
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / TICKS_PER_SEC;
}
