import { type ChangeSignal, watchChanges } from '@ot/infra/db/change-signal.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import type pg from 'pg';

/**
 * Which read-model tables are live: a rebuild swaps new ones in (all in one transaction), which can change
 * what they hold without moving the checkpoint.
 */
const READ_MODEL_TABLES = `to_regclass('rm.orders')::oid::text`;

/** The live read-model tables as the signal's statement read them (`watchQueryChanges`). */
export const liveTables = (row: Record<string, unknown>): string => String(row.rm_tables ?? '');

/**
 * The query service's change signal, its statement reading where the log stands (`locateColumns` with no
 * event asked) and which read-model tables are live; none for an event store that does not offer that as
 * columns (then every read asks the database). `pool`: the primary, where the sessions, the event store
 * and the notifications are.
 */
export const watchQueryChanges = (pool: pg.Pool, store: EventStore): ChangeSignal | undefined =>
  store.locateColumns
    ? watchChanges(pool, {
        text: `select ${store.locateColumns.columns('$1')}, ${READ_MODEL_TABLES} as rm_tables`,
        values: [0],
      })
    : undefined;
