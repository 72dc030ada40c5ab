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

/** CPU seconds used so far by a process (user + system), from /proc/PID/stat. */
export function processCpuSec(pid: number): number | undefined {
  const stat = readOrUndefined(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // After the parenthesised command name come field 3 (state) onwards; utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SEC;
}

/** CPU seconds all cores have spent busy so far (all but idle and iowait), from /proc/stat. */
export function machineBusySec(): number | undefined {
  const line = readOrUndefined('/proc/stat')?.split('\n', 1)[0];
  if (line?.startsWith('cpu ') !== true) return undefined;
  // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is inside user).
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / TICKS_PER_SEC;
}
