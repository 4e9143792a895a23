import { releaseTestServer } from '@ot/infra/testing/test-database.ts';

/**
 * The one shape every `npm run bench` table has: what was measured, our number, the peer's
 * (the database's limit, another library, a budget) measured in the same run, their ratio, the target
 * and whether it was met. `report` prints one titled table and remembers misses for `finish`.
 */
export interface BenchRow {
  measure: string;
  ours: number | string;
  peer: number | string;
  ratio: number | string;
  target: string;
  ok: boolean;
}

let missed = 0;

/** ours / peer to two decimals, or '-' when there is no numeric peer. */
export function ratioOf(ours: number, peer: number | string): number | string {
  return typeof peer === 'number' && peer > 0 ? Number((ours / peer).toFixed(2)) : '-';
}

export function report(title: string, rows: readonly BenchRow[]): void {
  console.log(`\n${title}`);
  console.table(rows.map((row) => ({ ...row, ok: row.ok ? 'yes' : 'NO' })));
  missed += rows.filter((row) => !row.ok).length;
}

/**
 * A bench's last step: stops the embedded test server if this process started it (a bench run on its own,
 * whose process it would otherwise keep alive), then ends the process with 1 when any reported row missed its
 * target (the bench runner counts it).
 */
export async function finish(): Promise<void> {
  await releaseTestServer();
  if (missed > 0) {
    console.log(`${missed} target(s) missed`);
    process.exit(1);
  }
}
