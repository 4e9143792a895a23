import { EventStoreDBClient, StreamDeletedError } from '@eventstore/db-client';
import pg from 'pg';
import { copyOldStreams, type FollowerCheckpoint, isOldStream } from './copy-eventstoredb-streams.ts';
import { createKeyring } from './keyring.ts';

/** Only one process converts; the others wait for it and then find nothing left to do. */
const LOCK = "hashtext('privacy.eventstoredb_conversions')";

/**
 * With EVENT_STORE=eventstoredb: seals the history written before encryption, once, run as the owner
 * right after the migrations (as convert-history.ts does for Postgres). EventStoreDB cannot rewrite an
 * event, so, as its own guidance has it for a copy-and-replace migration:
 *
 * 1. every old stream of ours is copied, sealed, under the `sealed.` namespace the adapter reads
 *    (copy-eventstoredb-streams.ts), in `$all`'s order, idempotently;
 * 2. in one transaction: each copied stream's old and new heads (privacy.resealed_streams), what all the
 *    old chains ended with, and the followers' checkpoints (and the positions the email log keeps) moved
 *    to the copies;
 * 3. every old stream is tombstoned. Their events leave the server's disk at its next scavenge.
 *
 * A run that stops anywhere is run again from where the database says it stood. Returns how many events
 * were copied; null when there was nothing left to convert.
 */
export async function convertEventStoreDbHistory(
  databaseUrl: string,
  eventStoreDbUrl: string,
  options: { masterKey: () => Buffer; prefixes: readonly string[]; interrupt?: (copied: number) => void },
): Promise<number | null> {
  const db = new pg.Client({ connectionString: databaseUrl });
  db.on('error', () => {});
  await db.connect();
  const client = EventStoreDBClient.connectionString(eventStoreDbUrl);
  try {
    await db.query(`select pg_advisory_lock(${LOCK})`);
    const { rows } = await db.query<{ copied_at: Date | null; converted_at: Date | null }>(
      'select copied_at, converted_at from privacy.eventstoredb_conversions where id = 1',
    );
    const state = rows[0];
    if (!state || state.converted_at) return null;
    let copied = 0;
    if (!state.copied_at) copied = await copyAndRecord(db, client, options);
    await tombstoneOldStreams(client, options.prefixes);
    await db.query('update privacy.eventstoredb_conversions set converted_at = now() where id = 1');
    return copied;
  } finally {
    await db.query(`select pg_advisory_unlock(${LOCK})`).catch(() => {});
    await client.dispose().catch(() => {});
    await db.end().catch(() => {});
  }
}

async function copyAndRecord(
  db: pg.Client,
  client: EventStoreDBClient,
  options: { masterKey: () => Buffer; prefixes: readonly string[]; interrupt?: (copied: number) => void },
): Promise<number> {
  const { rows } = await db.query<{ name: string; tx: string; position: string }>(
    'select name, tx::text, position::text from rm.checkpoints',
  );
  const checkpoints: FollowerCheckpoint[] = rows.map((row) => ({
    name: row.name,
    tx: Number(row.tx),
    position: Number(row.position),
  }));
  // The email log orders by the position of each email's request: moved with the events.
  const { rows: kept } = await db.query<{ position: string }>('select distinct position::text from rm.email_events');
  const positions = new Set(kept.map((row) => Number(row.position)));
  const keyring = createKeyring(db, options.masterKey());
  const copy = await copyOldStreams(client, keyring, { ...options, checkpoints, positions });
  await db.query('begin');
  try {
    for (const stream of copy.streams) {
      await db.query(
        `insert into privacy.resealed_streams (stream, old_head, new_head) values ($1, $2, $3)
         on conflict (stream) do nothing`,
        [stream.name, stream.oldHead, stream.newHead],
      );
    }
    for (const checkpoint of copy.checkpoints) {
      await db.query('update rm.checkpoints set tx = $2, position = $3, updated_at = now() where name = $1', [
        checkpoint.name,
        checkpoint.tx,
        checkpoint.position,
      ]);
    }
    // Every copy stands after every old event, so an old position never equals a new one.
    for (const [from, to] of copy.positions) {
      await db.query('update rm.email_events set position = $2 where position = $1', [from, to]);
    }
    for (const [from, to] of copy.renamed) {
      await db.query('update rm.email_events set request_stream = $2 where request_stream = $1', [from, to]);
    }
    await db.query(
      `update privacy.eventstoredb_conversions
          set old_head = $1, old_events = $2, old_streams = $3, copied_at = now() where id = 1`,
      [copy.oldHead, copy.events, copy.streams.length],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback').catch(() => {});
    throw error;
  }
  await keyring.close();
  return copy.events;
}

/** Every old stream of ours still in `$all` is tombstoned (one tombstoned before reads as deleted: skipped). */
async function tombstoneOldStreams(client: EventStoreDBClient, prefixes: readonly string[]): Promise<void> {
  const old = new Set<string>();
  for await (const resolved of client.readAll()) {
    const stream = resolved.event?.streamId;
    if (stream && isOldStream(stream, prefixes)) old.add(stream);
  }
  for (const stream of old) {
    try {
      await client.tombstoneStream(stream);
    } catch (error) {
      if (!(error instanceof StreamDeletedError)) throw error;
    }
  }
}
