import type pg from 'pg';
import { columnList } from './archive-tables.ts';

/**
 * Events are read in (transaction id, position) order, and only those of transactions older than every
 * running one (postgres-event-store.ts). Transaction ids are the server's own counter, so the archive's
 * mean nothing on the server restored into: kept as they are, events would hide until that server's
 * counter passed them, and new events would sort before old ones. So the restore numbers the archive's
 * transactions again, in their order, just below its own transaction id, and moves the followers'
 * checkpoints (rm.checkpoints) along.
 */

/** A fresh server's counter may be below the number of transactions to renumber: advanced by that many. */
export async function reserveTransactionIds(db: pg.ClientBase, count: number): Promise<void> {
  const { rows } = await db.query<{ current: string }>('select pg_current_xact_id()::text as current');
  const needed = count + 100 - Number(rows[0]?.current);
  if (needed <= 0) return;
  await db.query(
    `do $$ begin for i in 1..${Math.ceil(needed)} loop perform pg_current_xact_id(); commit; end loop; end $$`,
  );
}

/** Moves the events staged in `restored_events` into es.events with this server's transaction ids. */
export async function renumberEventTransactions(db: pg.ClientBase): Promise<void> {
  await db.query(
    `create temporary table event_transactions on commit drop as
       select transaction_id as old_tx,
              (pg_current_xact_id()::text::bigint - row_number() over (order by transaction_id desc))::text::xid8 as new_tx
         from (select distinct transaction_id from restored_events) t`,
  );
  const { rows } = await db.query<{ column: string }>(
    `select attname::text as column from pg_attribute
      where attrelid = 'es.events'::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
  );
  const columns = rows.map((row) => row.column);
  const values = columns.map((column) => (column === 'transaction_id' ? 'm.new_tx' : `e."${column}"`));
  await db.query(
    `insert into es.events (${columnList(columns)})
     select ${values.join(', ')} from restored_events e join event_transactions m on m.old_tx = e.transaction_id
      order by e.position`,
  );
  await db.query(
    `update rm.checkpoints c
        set tx = coalesce((select m.new_tx::text::bigint from event_transactions m
                            where m.old_tx <= c.tx::text::xid8 order by m.old_tx desc limit 1), 0)
      where c.tx > 0`,
  );
}
