import { readFileSync, writeFileSync } from 'node:fs';
import { parentPids, statFields } from '../../tests/support/proc.ts';

/**
 * Peak RSS of the launcher's services as the kernel keeps it (VmHWM in /proc/<pid>/status): `reset`
 * starts a new peak (writing 5 to clear_refs), `peaks` reads each one in MB, so nothing has to sample.
 */
export function serviceMemory(services: () => Map<string, number>) {
  return {
    reset(): void {
      for (const pid of services().values()) writeFileSync(`/proc/${pid}/clear_refs`, '5');
    },
    peaks(): Map<string, number> {
      const peaks = new Map<string, number>();
      for (const [name, pid] of services()) {
        const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        if (kb) peaks.set(name, Math.round(Number(kb) / 1024));
      }
      return peaks;
    },
  };
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** Processes whose parent is `parent` (a Postgres server's backends), from /proc. */
export function childrenOf(parent: number): number[] {
  return [...parentPids()].filter(([, ppid]) => ppid === parent).map(([pid]) => pid);
}

/**
 * CPU time (user + system, ms) the processes have used so far, by pid (from /proc/<pid>/stat): the
 * difference over a load divided by its requests is what one request costs, however busy the box is.
 */
export function cpuTimes(pids: readonly number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    // One ended meanwhile: its time is lost to the sum (a pool keeps its connections under load).
    const fields = statFields(pid);
    if (fields) times.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
  }
  return times;
}

/** CPU ms used between two `cpuTimes` readings, by the processes present in both. */
export const cpuUsed = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, ms]) => sum + (before.has(pid) ? ms - (before.get(pid) ?? 0) : 0), 0);

/** The machine's CPU time so far (all cores, ms), from /proc/stat: `steal` is what the hypervisor gave other guests. */
export function machineCpu(): { total: number; steal: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already counted in user)
  const total = fields.slice(0, 8).reduce((sum, ticks) => sum + ticks, 0) * TICK_MS;
  return { total, steal: (fields[7] ?? 0) * TICK_MS };
}

/**
 * The share of the machine's time (%) the hypervisor took for other guests between two readings: on a
 * shared virtual machine a vCPU taken away for milliseconds holds every request on it, so latency
 * percentiles mean little while this is more than a few percent.
 */
export const stealShare = (before: ReturnType<typeof machineCpu>, after: ReturnType<typeof machineCpu>): number => {
  const total = after.total - before.total;
  return total > 0 ? Math.round(((after.steal - before.steal) / total) * 1000) / 10 : 0;
};
