/** Resident memory of a process from Linux's /proc (proc(5)); undefined elsewhere. */
import { readFileSync } from 'node:fs';

/** Resident set size of a process in bytes, from the `VmRSS` line of /proc/PID/status. */
export function processRssBytes(pid: number): number | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  return kib === undefined ? undefined : Number(kib) * 1024;
}
