import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import type pg from 'pg';

/** What every work-list row has: where it stands in its current round of attempts. */
export interface WorkItem {
  state: 'pending' | 'sending' | 'sent' | 'failed';
  attempt: number;
  attemptId: string | null;
  unknownOutcomes: number;
}

/**
 * A notifier work list (email.deliveries, push.deliveries): the fold of its requests and outcomes, plus
 * the 'sending' marker committed before an attempt goes out. `key` is the row's id column; `columns`
 * selects a row as `T`.
 */
export function createWorkList<T extends WorkItem>(pool: pg.Pool, table: string, key: string, columns: string) {
  return {
    /** The row whose turn it is: due the longest. */
    async nextDue(now: Date): Promise<T | null> {
      const { rows } = await pool.query<T>(
        `select ${columns} from ${table} where state = 'pending' and next_attempt_at <= $1
          order by next_attempt_at, requested_at limit 1`,
        [now],
      );
      return rows[0] ?? null;
    },

    /** When the next waiting row falls due (null: none waits). */
    async nextDueAt(): Promise<Date | null> {
      const { rows } = await pool.query<{ at: Date | null }>(
        `select min(next_attempt_at) as at from ${table} where state = 'pending'`,
      );
      return rows[0]?.at ?? null;
    },

    /**
     * The marker, committed before an attempt goes out: the attempt's number and id. Null when the row is no
     * longer waiting (a retry request or outcome moved it meanwhile).
     */
    async markSending(id: string, attemptId: string): Promise<T | null> {
      const { rows } = await pool.query<T>(
        `update ${table} set state = 'sending', attempt = attempt + 1, attempt_id = $2, updated_at = now()
          where ${key} = $1 and state = 'pending'
          returning ${columns}`,
        [id, attemptId],
      );
      return rows[0] ?? null;
    },

    /** Attempts that were going out when the last active notifier stopped. */
    async inFlight(): Promise<T[]> {
      const { rows } = await pool.query<T>(`select ${columns} from ${table} where state = 'sending'`);
      return rows;
    },

    /** An attempt with no recorded outcome: wait again, to be sent now as the same attempt. */
    async releaseUnknown(id: string, attemptId: string): Promise<boolean> {
      const { rowCount } = await pool.query(
        `update ${table}
            set state = 'pending', attempt = attempt - 1, attempt_id = null, next_attempt_at = now(),
                unknown_outcomes = unknown_outcomes + 1, updated_at = now()
          where ${key} = $1 and state = 'sending' and attempt_id = $2`,
        [id, attemptId],
      );
      return rowCount === 1;
    },

    /** Counts for the metrics endpoint; kept in the table, so they survive restarts. */
    async counts(): Promise<Record<'pending' | 'sending' | 'sent' | 'failed' | 'unknownOutcomes', number>> {
      const { rows } = await pool.query<{ state: string; n: number; unknown: number }>(
        `select state, count(*)::int as n, coalesce(sum(unknown_outcomes), 0)::int as unknown
           from ${table} group by state`,
      );
      const counts = { pending: 0, sending: 0, sent: 0, failed: 0, unknownOutcomes: 0 };
      for (const row of rows) {
        if (row.state in counts) counts[row.state as keyof typeof counts] = row.n;
        counts.unknownOutcomes += row.unknown;
      }
      return counts;
    },
  };
}

/**
 * Markers the previous active notifier left: applied if their outcome was recorded (intake applies it
 * soon), else released to be sent again; `onUnknown` hears of each released one.
 */
export async function releaseLeftovers<T extends WorkItem>(
  store: Pick<EventStore, 'readStream'>,
  list: Pick<WorkList<T>, 'inFlight' | 'releaseUnknown'>,
  keyOf: (row: T) => { id: string; stream: string },
  onUnknown: (row: T) => void,
): Promise<void> {
  for (const row of await list.inFlight()) {
    const attemptId = row.attemptId ?? '';
    const { id, stream } = keyOf(row);
    const recorded = await store.readStream(stream);
    if (recorded.some((event) => event.id === attemptId)) continue;
    if (await list.releaseUnknown(id, attemptId)) onUnknown(row);
  }
}

export type WorkList<T extends WorkItem> = ReturnType<typeof createWorkList<T>>;

/** One statement of the notifier's intake, applied with the others of its batch. */
export interface Statement {
  text: string;
  values: unknown[];
}
export const sql = (text: string, ...values: unknown[]): Statement => ({ text, values });

/** A work list row's outcome: sent, or failed (again pending at `nextAttemptAt`, else for good). */
export const outcomeStatement = (
  table: string,
  key: string,
  id: string,
  outcome: { attempt: number } & ({ sent: true } | { sent: false; nextAttemptAt: string | null; error: string }),
): Statement =>
  outcome.sent
    ? sql(
        `update ${table} set state = 'sent', attempt = $2, attempt_id = null, last_error = null, updated_at = now()
          where ${key} = $1`,
        id,
        outcome.attempt,
      )
    : sql(
        `update ${table}
            set state = case when $3::timestamptz is null then 'failed' else 'pending' end,
                attempt = $2, next_attempt_at = coalesce($3::timestamptz, next_attempt_at), last_error = $4,
                attempt_id = null, updated_at = now()
          where ${key} = $1`,
        id,
        outcome.attempt,
        outcome.nextAttemptAt,
        outcome.error,
      );
