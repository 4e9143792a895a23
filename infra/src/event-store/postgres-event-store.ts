import type pg from 'pg';
import { coalescedNotify } from '../db/notify.ts';
import { toNumber } from '../db/pool.ts';
import { createChannelListener } from '../db/postgres-listener.ts';
import { preparedQuery } from '../db/prepared.ts';
import {
  type AppendResult,
  type AuditedEvent,
  type AuditFilter,
  type Checkpoint,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from './event-store.ts';
import { appendEvents } from './postgres-append.ts';

const CHANNEL = 'es_events';
/** Events per page of an audit read. */
const AUDIT_PAGE = 500;

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
const columnsWith = (data: string) =>
  `position, transaction_id::text, stream, version, id, type, schema_version, ${data}, metadata`;
const columns = columnsWith('data');

/** The log's head and the asked event's transaction, as two columns (`locate`, `locateColumns`). */
const locateColumns: NonNullable<EventStore['locateColumns']> = {
  columns: (param) =>
    `(select e.transaction_id::text || ' ' || e.position from es.events e
       order by e.transaction_id desc, e.position desc limit 1) as es_head,
     (select e.transaction_id::text from es.events e where e.position = ${param}) as es_asked_tx`,
  read(row, position) {
    const { es_head: head, es_asked_tx: tx } = row as Record<string, string | null | undefined>;
    const [headTx, headAt] = head ? head.split(' ') : [];
    return {
      head: headTx && headAt ? { tx: toNumber(headTx), position: toNumber(headAt) } : null,
      event: tx && position > 0 ? { tx: toNumber(tx), position } : null,
    };
  },
};

/**
 * The Postgres adapter. Followers read only events whose writing transaction is older than every
 * transaction still running (`pg_snapshot_xmin`), in (transaction, position) order: a transaction
 * that took position 5 but commits after position 6 became visible is still read, and read once.
 * An append is one statement (postgres-append.ts); followers are woken after its commit. es.events
 * itself refuses UPDATE, DELETE and TRUNCATE, and chains every event's hash to the one before it.
 */
export function createPostgresEventStore(pool: pg.Pool): EventStore {
  const appended = createChannelListener(pool, CHANNEL);
  const wakeFollowers = coalescedNotify(pool, CHANNEL);

  return {
    async append(stream, events, { expectedVersion, landed }) {
      if (events.length === 0) return appendNothing(pool, stream, expectedVersion);
      const result = await appendEvents(pool, stream, events, expectedVersion, landed);
      wakeFollowers();
      return result;
    },

    async startStreams(entries) {
      const started = await startStreams(pool, entries);
      if (started.some((result) => result !== null)) wakeFollowers();
      return started;
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

    readAudited: (filter) => readAudited(pool, filter),

    async streamsNamingOrder(orderNumber) {
      const { rows } = await pool.query<{ stream: string }>(
        `select stream from es.events where data->>'orderNumber' = $1 group by stream order by min(position)`,
        [orderNumber],
      );
      return rows.map((row) => row.stream);
    },

    readAll: (options) => readAll(pool, options),

    onAppended: (listener) => appended.add(listener),

    async locate(position) {
      const { rows } = await preparedQuery(pool, `select ${locateColumns.columns('$1')}`, [position]);
      return locateColumns.read(rows[0] ?? {}, position);
    },

    locateColumns,

    async close() {},
  };
}

/** An append of no events: only the expected version is checked. */
async function appendNothing(pool: pg.Pool, stream: string, expectedVersion: ExpectedVersion): Promise<AppendResult> {
  const { rows } = await pool.query<{ version: number | null }>(
    'select max(version) as version from es.events where stream = $1',
    [stream],
  );
  const version = rows[0]?.version ?? 0;
  const wanted = expectedVersion === 'no_stream' ? 0 : expectedVersion;
  if (wanted !== 'any' && wanted !== version) throw new WrongExpectedVersionError(stream, expectedVersion, version);
  return { nextVersion: version, position: 0 };
}

/** Many streams started in one statement, one event each (see EventStore.startStreams). */
async function startStreams(
  pool: pg.Pool,
  entries: readonly { stream: string; event: NewEvent }[],
): Promise<(AppendResult | null)[]> {
  if (entries.length === 0) return [];
  // One statement, so one transaction of its own: no client to check out (and lose) for it.
  // Rows whose stream exists already (or comes twice in the batch) are not inserted.
  const { rows } = await pool.query<{ stream: string; position: string }>(
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
  const started = new Map(rows.map((row) => [row.stream, toNumber(row.position)]));
  return entries.map((entry) => {
    const position = started.get(entry.stream);
    if (position === undefined) return null;
    started.delete(entry.stream);
    return { nextVersion: 1, position };
  });
}

async function* readAudited(pool: pg.Pool, filter: AuditFilter): AsyncIterable<AuditedEvent> {
  let after = 0;
  for (;;) {
    const { rows } = await pool.query<EventRow & { recorded_at: Date; hash: string }>(
      `select ${columns}, recorded_at, encode(hash, 'hex') as hash from es.events
        where position > $1
          and ($2::text[] is null or stream = any($2::text[]))
          and ($3::timestamptz is null or recorded_at >= $3)
          and ($4::timestamptz is null or recorded_at < $4)
        order by position
        limit $5`,
      [after, filter.streams ? [...filter.streams] : null, filter.from ?? null, filter.to ?? null, AUDIT_PAGE],
    );
    for (const row of rows) {
      const event: AuditedEvent = { ...toRecorded(row), recordedAt: row.recorded_at.toISOString(), hash: row.hash };
      yield event;
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < AUDIT_PAGE) return;
    after = toNumber(last.position);
  }
}

async function readAll(
  pool: pg.Pool,
  { after, limit, dataOf }: { after: Checkpoint; limit: number; dataOf?: ReadonlySet<string> },
): Promise<RecordedEvent[]> {
  // Events of the types not asked for come without their data: neither sent nor parsed.
  const selected = dataOf ? columnsWith('case when type = any($4) then data end as data') : columns;
  // Prepared: every follower's batch runs it (projector, notifier), planned once per connection.
  const { rows } = await preparedQuery<EventRow>(
    pool,
    `select ${selected} from es.events
      where (transaction_id, position) > ($1::text::xid8, $2::bigint)
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by es.events.transaction_id, es.events.position
      limit $3`,
    dataOf ? [String(after.tx), after.position, limit, [...dataOf]] : [String(after.tx), after.position, limit],
  );
  return rows.map(toRecorded);
}
