import { readFileSync, writeFileSync } from 'node:fs';

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
