/**
 * CPU affinity for the throughput rows: on a machine with two or more cores, the servers under
 * test share the last core and the load generator (this process) takes the others, so the
 * scheduler never puts a server and autocannon on one core for part of a round and not another.
 * Both servers of a comparison get the same core, so the ratio compares like with like. Uses
 * util-linux `taskset` (sched_setaffinity(2)); where it is missing or the machine has one core,
 * nothing is pinned and the header says so.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Which cores the servers and the load generator run on, or why nothing is pinned. */
export type CorePlan = { servers: string; loader: string } | { unpinned: string };

/** The plan for this machine: servers on the last core, the loader on the rest. */
export function corePlan(): CorePlan {
  const cores = os.availableParallelism();
  if (cores < 2) return { unpinned: 'one core' };
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
  } catch {
    return { unpinned: 'taskset not found' };
  }
  return { servers: String(cores - 1), loader: cores === 2 ? '0' : `0-${cores - 2}` };
}

/**
 * Sets the affinity of every thread of a process (`taskset -a -p -c LIST PID`); threads it starts
 * later inherit it.
 * @throws when taskset fails (e.g. the process is gone)
 */
export function pinProcess(pid: number, cpuList: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpuList, String(pid)], { stdio: 'ignore' });
}

/** One line for the bench header. */
export function describePlan(plan: CorePlan): string {
  return 'unpinned' in plan
    ? `servers and load generator not pinned to cores (${plan.unpinned})`
    : `servers pinned to CPU ${plan.servers}, load generator to CPU ${plan.loader} (taskset)`;
}
