import { readdirSync, readFileSync } from 'node:fs';

/**
 * The fields of /proc/<pid>/stat after the command name (which may hold spaces): `[1]` is the parent's pid,
 * `[11]` and `[12]` user and system CPU ticks. Null once the process has ended.
 */
export function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // ended while we looked
  }
}

/** Every running process's parent, by pid. */
export function parentPids(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields) parents.set(Number(entry), Number(fields[1]));
  }
  return parents;
}
