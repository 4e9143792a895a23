import type { ReadView, Row } from './projection.ts';

/** A read view over given rows (table -> key -> row), for projection unit tests. */
export function memoryView(
  tables: Record<string, Record<string, Row>> = {},
  groupBy: Record<string, string> = {},
): ReadView {
  return {
    get: (table, key) => tables[table]?.[key],
    group: (table, value) =>
      Object.values(tables[table] ?? {}).filter((row) => String(row[groupBy[table] ?? '']) === value),
  };
}
