import { parseDomainEvent, type RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import type { RecordedEvent } from '@ot/infra/event-store/event-store.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type pg from 'pg';
import type { Projection, ReadView } from './projection.ts';
import { planRead, type ReadRow } from './read-needs.ts';
import { createMemory, evict, fold, insertedWritten, type Memory, readView } from './row-memory.ts';
import { type Entry, writeChanges } from './write-rows.ts';

export interface RowMemoryOptions {
  projections: readonly Projection[];
  schema: string;
  /** Write groups of at least this many rows through COPY (write-rows.ts). */
  copyFrom?: number;
  /**
   * The schema's tables hold no rows yet and nobody else writes them (a fresh shadow schema): a row not
   * in memory is not in the table either, so nothing is read back until rows are evicted, and the rows
   * of insert-only tables are inserted, not held.
   */
  empty?: boolean;
}

/** A fold of some events, planned: the read of what they need and memory lacks (null: none), then `fold`. */
interface FoldPlan {
  read: string | null;
  /** The tables `read` reads from. */
  tables: string[];
  fold(rows: ReadRow[]): void;
}

function planFold(memory: Memory, view: ReadView, schema: string, events: readonly RecordedDomainEvent[]): FoldPlan {
  memory.round++;
  const read = planRead(memory, schema, events);
  return {
    read: read.sql,
    tables: read.tables,
    fold(rows) {
      read.take(rows);
      fold(memory, view, events);
    },
  };
}

/** The tables the next write looks for rows in by key: deletes, rows maybe there already, counts added to. */
function tablesWrittenByKey(memory: Memory, counts: boolean): string[] {
  const tables: string[] = [];
  for (const [name, table] of memory.tables) {
    let byKey = counts && table.summed.size > 0 && !table.summedFirst;
    for (const entry of byKey ? [] : table.entries.values()) {
      if (entry.deleted || (entry.dirty && (entry.stored || !entry.absent))) {
        byKey = true;
        break;
      }
    }
    if (byKey) tables.push(name);
  }
  return tables;
}

/**
 * The rows a run of batches reads and changes, in memory: `apply` folds events through the pure
 * projections in order (reading from the tables, with one statement per batch, only the rows not
 * already held), `write` writes what changed since the last write with a few set-based statements
 * per table, in the caller's transaction. The live projector uses one per batch; a replay into a
 * fresh shadow schema keeps one across batches (so it reads nothing back) and evicts rows past a bound.
 */
export function createRowMemory(options: RowMemoryOptions) {
  const { schema } = options;
  const memory = createMemory(options.projections, options.empty === true);
  const view = readView(memory);

  const plan = (events: readonly RecordedDomainEvent[]) => planFold(memory, view, schema, events);

  return {
    /** Rows (and rows known absent) held, and rows of insert-only tables waiting for the next write. */
    get size() {
      return memory.held;
    },

    /**
     * Folds the events, in order, through every projection (reading first what they need and memory lacks;
     * `beforeRead` is given the tables read from, first).
     */
    async apply(
      db: pg.ClientBase,
      events: readonly RecordedDomainEvent[],
      beforeRead?: (tables: readonly string[]) => Promise<void>,
    ): Promise<void> {
      const step = plan(events);
      if (!step.read) return step.fold([]);
      await beforeRead?.(step.tables);
      step.fold((await db.query<ReadRow>(step.read)).rows);
    },

    /** The tables the next `write` looks for rows in by key (with or without the counts). */
    writing: (counts = true) => tablesWrittenByKey(memory, counts),

    /**
     * `apply` in two steps, for a caller that sends the read itself, in a message with other statements:
     * the statement that reads what the events need (null: nothing to read), then `fold` with its rows.
     */
    plan,

    /**
     * Writes every change since the last write, in the caller's transaction. With `unsent`, the last of
     * the statements are returned instead of sent, for the caller's commit message (see writeChanges).
     * Without `counts`, the counts stay held for a later write.
     */
    async write(db: pg.ClientBase, unsent = false, counts = true): Promise<string> {
      const tables = [...memory.tables.values()];
      const rows = counts ? tables : tables.map((table) => ({ ...table, summed: undefined }));
      const rest = await writeChanges(db, schema, rows, { copyFrom: options.copyFrom, unsent });
      insertedWritten(memory, tables, counts);
      return rest;
    },

    /** Counts held (a replay writes them when they are many, else at its end). */
    get counts() {
      return [...memory.tables.values()].reduce((rows, table) => rows + table.summed.size, 0);
    },

    /** Rows of insert-only tables put since they were last written (a replay into a fresh schema). */
    get inserted() {
      return [...memory.tables.values()].reduce((rows, table) => rows + table.inserted.length, 0);
    },

    /**
     * Writes only the rows of insert-only tables put since the last write, in the caller's transaction:
     * never read back, they need not wait in memory for the rows that are (nor push those out). Counts
     * wait for `write`: on a fresh schema, the first holds every count so far, written straight in.
     */
    async writeInserted(db: pg.ClientBase): Promise<void> {
      const waiting = [...memory.tables.values()].filter((table) => table.inserted.length > 0);
      const rows = waiting.map(({ spec, inserted }) => ({ spec, entries: new Map<string, Entry>(), inserted }));
      await writeChanges(db, schema, rows, { copyFrom: options.copyFrom });
      insertedWritten(memory, waiting, false);
    },

    /**
     * After a write: forget rows not used lately, down to `keep` (the least recently used first).
     * Rows forgotten are read back from the table when next needed.
     */
    evict: (keep: number) => evict(memory, keep),
  };
}

/**
 * Applies a batch of events to every projection as one unit of work, on a connection whose transaction
 * the caller owns: the rows the batch reads are fetched with one statement, every event is folded
 * in memory through the pure projections in order, and the result is written with a few set-based
 * statements per table (deletes, then multi-row upserts). The rows written are exactly those applying
 * the events one at a time would leave. Returns the events applied.
 */
export async function applyEvents(
  db: pg.ClientBase,
  recorded: readonly RecordedEvent[],
  options: { projections: readonly Projection[]; schema: string; logger: Logger },
): Promise<number> {
  return applyParsedEvents(db, parseEvents(recorded, options.logger), options);
}

/** The events projections follow, parsed; one that does not match its schema is logged and skipped. */
export function parseEvents(recorded: readonly RecordedEvent[], logger: Logger): RecordedDomainEvent[] {
  const events: RecordedDomainEvent[] = [];
  for (const event of recorded) {
    try {
      const parsed = parseDomainEvent(event);
      if (parsed) events.push(parsed);
    } catch (error) {
      logger.error({ err: error, eventId: event.id, type: event.type }, 'event does not match its schema; skipped');
    }
  }
  return events;
}

export async function applyParsedEvents(
  db: pg.ClientBase,
  events: readonly RecordedDomainEvent[],
  options: { projections: readonly Projection[]; schema: string; copyFrom?: number },
): Promise<number> {
  if (events.length === 0) return 0;
  const memory = createRowMemory(options);
  await memory.apply(db, events);
  await memory.write(db);
  return events.length;
}
