import type pg from 'pg';
import { toNumber } from '../db/pool.ts';
import {
  type AppendResult,
  type Checkpoint,
  EventIdsTakenError,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from './event-store.ts';

const CHANNEL = 'es_events';

interface EventRow {
  position: string;
  transaction_id: string;
  stream: string;
  version: number;
  id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.id,
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  schemaVersion: row.schema_version,
  stream: row.stream,
  version: row.version,
  position: toNumber(row.position),
  tx: toNumber(row.transaction_id),
});

/**
 * `transaction_id::text` keeps the output name `transaction_id`, and an ORDER BY on a bare name sorts by
 * the output column: as text, '1000' before '999'. Queries that sort by it name the table's column.
 */
const columns = 'position, transaction_id::text, stream, version, id, type, schema_version, data, metadata';

const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';

/**
 * The Postgres adapter. Followers read only events whose writing transaction is older than every
 * transaction still running (`pg_snapshot_xmin`), in (transaction, position) order: a transaction
 * that took position 5 but commits after position 6 became visible is still read, and read once.
 */
export function createPostgresEventStore(pool: pg.Pool): EventStore {
  async function currentVersion(client: pg.PoolClient | pg.Pool, stream: string): Promise<number> {
    const { rows } = await client.query<{ version: number | null }>(
      'select max(version) as version from es.events where stream = $1',
      [stream],
    );
    return rows[0]?.version ?? 0;
  }

  /** Events with these ids already stored in this stream, in order: a retried append. */
  async function alreadyAppended(stream: string, events: readonly NewEvent[]): Promise<AppendResult | null> {
    const { rows } = await pool.query<{ stream: string; version: number; position: string }>(
      'select stream, version, position from es.events where id = any($1::uuid[]) order by position',
      [events.map((event) => event.id)],
    );
    if (rows.length === 0) return null;
    const last = rows[rows.length - 1];
    const foreign = rows.find((row) => row.stream !== stream);
    if (foreign) throw new EventIdsTakenError(stream, foreign.stream);
    if (rows.length !== events.length || !last) {
      throw new Error(`Only some of these event ids were already appended to ${stream}`);
    }
    return { nextVersion: last.version, position: toNumber(last.position) };
  }

  function checkExpected(stream: string, expected: ExpectedVersion, actual: number): void {
    if (expected === 'any') return;
    const wanted = expected === 'no_stream' ? 0 : expected;
    if (wanted !== actual) throw new WrongExpectedVersionError(stream, expected, actual);
  }

  return {
    async append(stream, events, { expectedVersion }) {
      if (events.length === 0) {
        const version = await currentVersion(pool, stream);
        checkExpected(stream, expectedVersion, version);
        return { nextVersion: version, position: 0 };
      }
      const retried = await alreadyAppended(stream, events);
      if (retried) return retried;

      const client = await pool.connect();
      try {
        await client.query('begin');
        const version = await currentVersion(client, stream);
        checkExpected(stream, expectedVersion, version);
        const values: unknown[] = [];
        const tuples = events.map((event, index) => {
          const base = index * 7;
          values.push(
            stream,
            version + index + 1,
            event.id,
            event.type,
            event.schemaVersion ?? 1,
            JSON.stringify(event.data),
            JSON.stringify(event.metadata),
          );
          return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}::jsonb, $${base + 7}::jsonb)`;
        });
        const { rows } = await client.query<{ position: string }>(
          `insert into es.events (stream, version, id, type, schema_version, data, metadata)
           values ${tuples.join(', ')} returning position`,
          values,
        );
        await client.query(`select pg_notify('${CHANNEL}', $1)`, [stream]);
        await client.query('commit');
        const last = rows[rows.length - 1] as { position: string };
        return { nextVersion: version + events.length, position: toNumber(last.position) };
      } catch (error) {
        await client.query('rollback').catch(() => {});
        if (isUniqueViolation(error)) {
          // Either a concurrent writer took this version, or the same events were appended concurrently.
          const retried = await alreadyAppended(stream, events).catch((failure: unknown) => {
            if (failure instanceof EventIdsTakenError) throw failure;
            return null;
          });
          if (retried) return retried;
          throw new WrongExpectedVersionError(stream, expectedVersion, await currentVersion(pool, stream));
        }
        throw error;
      } finally {
        client.release();
      }
    },

    async startStreams(entries) {
      if (entries.length === 0) return [];
      const client = await pool.connect();
      try {
        await client.query('begin');
        // Rows whose stream exists already (or comes twice in the batch) are not inserted.
        const { rows } = await client.query<{ stream: string; position: string }>(
          `insert into es.events (stream, version, id, type, schema_version, data, metadata)
           select b.stream, 1, b.id, b.type, b.schema_version, b.data, b.metadata
             from unnest($1::text[], $2::uuid[], $3::text[], $4::int[], $5::jsonb[], $6::jsonb[])
                    with ordinality as b(stream, id, type, schema_version, data, metadata, n)
            where not exists (select 1 from es.events e where e.stream = b.stream)
            order by b.n
           on conflict (stream, version) do nothing
           returning stream, position`,
          [
            entries.map((entry) => entry.stream),
            entries.map((entry) => entry.event.id),
            entries.map((entry) => entry.event.type),
            entries.map((entry) => entry.event.schemaVersion ?? 1),
            entries.map((entry) => JSON.stringify(entry.event.data)),
            entries.map((entry) => JSON.stringify(entry.event.metadata)),
          ],
        );
        if (rows.length > 0) await client.query(`select pg_notify('${CHANNEL}', 'batch')`);
        await client.query('commit');
        const started = new Map(rows.map((row) => [row.stream, toNumber(row.position)]));
        return entries.map((entry) => {
          const position = started.get(entry.stream);
          if (position === undefined) return null;
          started.delete(entry.stream);
          return { nextVersion: 1, position };
        });
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },

    async readStream(stream, options = {}) {
      const { rows } = await pool.query<EventRow>(
        `select ${columns} from es.events where stream = $1 and ($2::int is null or version <= $2) order by version`,
        [stream, options.toVersion ?? null],
      );
      return rows.map(toRecorded);
    },

    async readEventsById(ids) {
      if (ids.length === 0) return [];
      const { rows } = await pool.query<EventRow>(
        `select ${columns} from es.events where id = any($1::uuid[]) order by position`,
        [ids],
      );
      return rows.map(toRecorded);
    },

    async readAll({ after, limit }) {
      const { rows } = await pool.query<EventRow>(
        `select ${columns} from es.events
          where (transaction_id, position) > ($1::text::xid8, $2::bigint)
            and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          order by es.events.transaction_id, es.events.position
          limit $3`,
        [String(after.tx), after.position, limit],
      );
      return rows.map(toRecorded);
    },

    async onAppended(listener) {
      const client = await pool.connect();
      const onNotification = (message: pg.Notification) => {
        if (message.channel === CHANNEL) listener();
      };
      client.on('notification', onNotification);
      await client.query(`listen ${CHANNEL}`);
      return async () => {
        client.off('notification', onNotification);
        await client.query(`unlisten ${CHANNEL}`).catch(() => {});
        client.release();
      };
    },

    async hasPassed(checkpoint: Checkpoint, position: number) {
      const { rows } = await pool.query<{ passed: boolean }>(
        `select coalesce(bool_or((transaction_id, position) <= ($1::text::xid8, $2::bigint)), false) as passed
           from es.events where position = $3`,
        [String(checkpoint.tx), checkpoint.position, position],
      );
      return rows[0]?.passed ?? false;
    },

    async headPosition() {
      const { rows } = await pool.query<{ position: string }>(
        'select position from es.events order by transaction_id desc, position desc limit 1',
      );
      return rows[0] ? toNumber(rows[0].position) : 0;
    },

    async close() {},
  };
}
