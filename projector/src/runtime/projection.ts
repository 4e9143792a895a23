import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';

/** A read-model row as JSON: column name -> value (what `to_jsonb(row)` gives and `json_populate_recordset` takes). */
export type Row = Record<string, unknown>;

/** A read-model table, named without its schema: the runtime writes the live schema or a rebuild's shadow. */
export interface TableSpec {
  name: string;
  key: string;
  /** A column rows are also fetched by (all of an order's items). */
  groupBy?: string;
  /**
   * Each row is put once, under a key never put before (the event's id), and never read, changed or
   * deleted: a replay into a fresh schema inserts these rows without holding or looking for them.
   */
  insertOnly?: boolean;
  /**
   * The rows are counts: a change adds its row's value of this column to the row under its key (made
   * by the first change), so a projection counts without reading. Never read, changed otherwise or
   * deleted.
   */
  sums?: string;
}

/** Rows a projection reads while applying an event; the runtime fetches them (for a whole batch at once) first. */
export type Need = { table: string; key: string } | { table: string; group: string };

/** The read models as they stand before this event (earlier events of the batch and earlier projections included). */
export interface ReadView {
  get(table: string, key: string): Row | undefined;
  group(table: string, value: string): Row[];
}

/**
 * Put a row, or delete it (`row: null`). A put sets the columns its row has and keeps the others the
 * row under its key holds (none: it is inserted), so a projection may set its own columns of another's row.
 */
export interface Change {
  table: string;
  key: string;
  row: Row | null;
}

/**
 * A read model: its tables, the rows it reads for an event, and a pure mapping from the event (and those
 * rows) to row changes. The runtime owns transactions, batching and SQL. A projection never rejects an event.
 */
export interface Projection {
  name: string;
  /**
   * The tables it owns, parents before children: rows are written in this order and deleted in the
   * reverse. It may also set columns of an earlier projection's table, whose rows that one puts first.
   */
  tables: TableSpec[];
  needs(event: RecordedDomainEvent): Need[];
  project(event: RecordedDomainEvent, view: ReadView): Change[];
}
