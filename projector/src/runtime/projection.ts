import type { RecordedDomainEvent as RecordedOrderEvent } from '@ot/contracts/events/event-registry.ts';

export interface SqlStatement {
  text: string;
  values: unknown[];
}

export const sql = (text: string, ...values: unknown[]): SqlStatement => ({ text, values });

/** A read model: which tables it owns, and a pure mapping from one event to the SQL that applies it. */
export interface Projection {
  name: string;
  /** Emptied by a rebuild, in this order (children first). */
  tables: string[];
  project(event: RecordedOrderEvent): SqlStatement[];
}
