import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import pg from 'pg';
import type { Row } from './projection.ts';
import { add, entryOf, knownAbsent, type Memory, type Table, tableOf } from './row-memory.ts';
import { freshEntry, textArray } from './write-rows.ts';

/** A row the read of a batch's needs returns: its table's name and the row as JSON. */
export interface ReadRow {
  t: string;
  r: Row;
}

const ident = pg.escapeIdentifier;

/** Per table, the keys and the groups the events need that memory does not hold yet. */
function missing(memory: Memory, events: readonly RecordedDomainEvent[]) {
  const keys = new Map<Table, Set<string>>();
  const groups = new Map<Table, Set<string>>();
  const ask = (map: Map<Table, Set<string>>, table: Table, value: string) => {
    const set = map.get(table) ?? new Set<string>();
    set.add(value);
    map.set(table, set);
  };
  for (const event of events) {
    for (const projection of memory.projections) {
      for (const need of projection.needs(event)) {
        const table = tableOf(memory, need.table);
        if (table.spec.insertOnly || table.spec.sums)
          throw new Error(`${table.spec.name} is insert-only or counts: its rows are never read`);
        if ('key' in need) {
          if (entryOf(memory, table, need.key)) continue;
          if (knownAbsent(memory, table, need.key)) add(memory, table, need.key, freshEntry(null, true, memory.round));
          else ask(keys, table, need.key);
        } else if (!memory.complete && !table.loaded.has(need.group)) ask(groups, table, need.group);
      }
    }
  }
  return [...new Set([...keys.keys(), ...groups.keys()])].map((table) => ({
    table,
    wanted: [...(keys.get(table) ?? [])],
    wantedGroups: [...(groups.get(table) ?? [])],
  }));
}

/**
 * The rows the events ask for that memory does not hold: one statement for every table (null when
 * nothing is to be read), each row beside its table's name; `take` puts what it returned in memory.
 */
export function planRead(
  memory: Memory,
  schema: string,
  events: readonly RecordedDomainEvent[],
): { sql: string | null; tables: string[]; take(rows: ReadRow[]): void } {
  const read = missing(memory, events);
  const selects = read.map(({ table, wanted, wantedGroups }) => {
    const { name, key, groupBy } = table.spec;
    if (wantedGroups.length > 0 && !groupBy) throw new Error(`${name} has no group column`);
    const where = [`${ident(key)} = any(${textArray(wanted)})`];
    if (wantedGroups.length > 0 && groupBy) where.push(`${ident(groupBy)} = any(${textArray(wantedGroups)})`);
    return `select ${pg.escapeLiteral(name)} as t, to_jsonb(x) as r from ${ident(schema)}.${ident(name)} x where ${where.join(' or ')}`;
  });
  return {
    sql: selects.length > 0 ? selects.join('\nunion all\n') : null,
    tables: read.map(({ table }) => table.spec.name),
    take(rows) {
      // What memory holds (changed, deleted or read before) is newer than the table.
      for (const { t, r } of rows) {
        const table = tableOf(memory, t);
        const rowKey = String(r[table.spec.key]);
        if (!table.entries.has(rowKey)) add(memory, table, rowKey, freshEntry(r, false, memory.round));
      }
      for (const { table, wanted, wantedGroups } of read) {
        for (const wantedKey of wanted)
          if (!table.entries.has(wantedKey)) add(memory, table, wantedKey, freshEntry(null, true, memory.round));
        for (const group of wantedGroups) table.loaded.add(group);
      }
    },
  };
}
