import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

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
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) children.push(Number(entry));
    } catch {} // ended while we looked
  }
  return children;
}

/**
 * CPU time (user + system, ms) the processes have used so far, by pid (from /proc/<pid>/stat): the
 * difference over a load divided by its requests is what one request costs, however busy the box is.
 */
export function cpuTimes(pids: readonly number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {} // ended meanwhile: its time is lost to the sum (a pool keeps its connections under load)
  }
  return times;
}

/** CPU ms used between two `cpuTimes` readings, by the processes present in both. */
export const cpuUsed = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, ms]) => sum + (before.has(pid) ? ms - (before.get(pid) ?? 0) : 0), 0);
