import type pg from 'pg';
import { toNumber } from '../db/pool.ts';
import {
  type AppendResult,
  EventIdsTakenError,
  type ExpectedVersion,
  type NewEvent,
  WrongExpectedVersionError,
} from './event-store.ts';

/**
 * The append as one statement, one round trip: read the stream's last event, check the expected
 * version, chain and insert the new events (hash = es.event_hash(previous hash, ...)), returning their
 * positions. No row back means the version did not match: a second look then tells a retry of an
 * append that landed (same ids in this stream) from ids taken elsewhere and from a conflict. A
 * concurrent writer that wins the race (or ids taken while the version matched) makes the insert fail
 * with a unique violation, answered by the same second look once the winner has committed.
 *
 * Two shapes, each a named prepared statement: one event (the usual append, kept flat: it is about a
 * third faster than a chain of CTEs), and many, whose hashes chain through a recursive step.
 */
const head = `
  select coalesce(last.version, 0) as version, last.hash
    from (values (1)) as one (x)
    left join lateral (
      select e.version, e.hash from es.events e where e.stream = $1 order by e.version desc limit 1
    ) as last on true
   where $2::int is null or $2::int = coalesce(last.version, 0)`;

const appendOne = `
insert into es.events (stream, version, id, type, schema_version, data, metadata, hash)
select $1, head.version + 1, $3::uuid, $4::text, $5::int, $6::jsonb, $7::jsonb,
       es.event_hash(head.hash, $1, head.version + 1, $4::text, $6::jsonb, $7::jsonb)
  from (${head}) as head
returning position::text, version`;

const appendMany = `
with recursive head as (${head}),
chain as (
  select 1 as n, es.event_hash(head.hash, $1, head.version + 1, ($4::text[])[1], ($6::jsonb[])[1], ($7::jsonb[])[1]) as hash
    from head
  union all
  select chain.n + 1,
         es.event_hash(chain.hash, $1, head.version + chain.n + 1, ($4::text[])[chain.n + 1],
                       ($6::jsonb[])[chain.n + 1], ($7::jsonb[])[chain.n + 1])
    from chain, head
   where chain.n < cardinality($3::uuid[])
)
insert into es.events (stream, version, id, type, schema_version, data, metadata, hash)
select $1, head.version + chain.n, ($3::uuid[])[chain.n], ($4::text[])[chain.n], ($5::int[])[chain.n],
       ($6::jsonb[])[chain.n], ($7::jsonb[])[chain.n], chain.hash
  from head, chain
 order by chain.n
returning position::text, version`;

interface Lookup {
  current_version: number;
  found: number;
  taken_by: string | null;
  known_version: number | null;
  known_position: string | null;
}

const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';

/** Append `events` (at least one) to `stream` in one statement; throws the port's typed errors. */
export async function appendEvents(
  pool: pg.Pool,
  stream: string,
  events: readonly NewEvent[],
  expectedVersion: ExpectedVersion,
  landed: 'answer' | 'conflict' = 'answer',
): Promise<AppendResult> {
  const expected = expectedVersion === 'any' ? null : expectedVersion === 'no_stream' ? 0 : expectedVersion;
  const one = events.length === 1;
  const column = <T>(pick: (event: NewEvent) => T) => (one ? pick(events[0] as NewEvent) : events.map(pick));
  let rows: { position: string; version: number }[];
  try {
    ({ rows } = await pool.query<{ position: string; version: number }>({
      name: one ? 'es.append-one' : 'es.append-many',
      text: one ? appendOne : appendMany,
      values: [
        stream,
        expected,
        column((event) => event.id),
        column((event) => event.type),
        column((event) => event.schemaVersion ?? 1),
        column((event) => JSON.stringify(event.data)),
        column((event) => JSON.stringify(event.metadata)),
      ],
    }));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    rows = []; // lost a race: look again, now that the winner has committed
  }
  const last = rows.at(-1);
  if (last) return { nextVersion: last.version, position: toNumber(last.position) };
  return recognise(pool, stream, events, expectedVersion, landed);
}

/** Nothing appended: a retry of an append that landed, ids taken by another stream, or a conflict. */
async function recognise(
  pool: pg.Pool,
  stream: string,
  events: readonly NewEvent[],
  expectedVersion: ExpectedVersion,
  landed: 'answer' | 'conflict',
): Promise<AppendResult> {
  const { rows } = await pool.query<Lookup>(
    `select coalesce((select max(version) from es.events where stream = $1), 0) as current_version,
            count(*)::int as found,
            min(e.stream) filter (where e.stream <> $1) as taken_by,
            max(e.version) filter (where e.stream = $1) as known_version,
            max(e.position) filter (where e.stream = $1)::text as known_position
       from es.events e where e.id = any($2::uuid[])`,
    [stream, events.map((event) => event.id)],
  );
  const row = rows[0];
  if (!row) throw new Error('the lookup answered nothing');
  if (row.taken_by !== null) throw new EventIdsTakenError(stream, row.taken_by);
  if (row.found === events.length && row.known_version !== null && row.known_position !== null) {
    if (landed === 'conflict') throw new WrongExpectedVersionError(stream, expectedVersion, row.current_version);
    return { nextVersion: row.known_version, position: toNumber(row.known_position) }; // a retry
  }
  if (row.found > 0) throw new Error(`Only some of these event ids were already appended to ${stream}`);
  throw new WrongExpectedVersionError(stream, expectedVersion, row.current_version);
}
