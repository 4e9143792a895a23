import { createHash } from 'node:crypto';
import type pg from 'pg';

const names = new Map<string, string>();

/** A statement's name: derived from its text, so two texts never share one (pg refuses that per connection). */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `ot_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * A query as a named prepared statement: each pooled connection parses and plans it once, later runs
 * only bind and execute (the hot read path: session, log head, order). Postgres re-plans it by itself
 * when a table it reads is replaced (a rebuild's swap); should a migration change the columns of a
 * `select *` under a running service, Postgres refuses the old statement ("cached plan must not change
 * result type", 0A000) and the query runs again unprepared.
 */
export async function preparedQuery<Row extends pg.QueryResultRow>(
  db: pg.Pool | pg.PoolClient,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult<Row>> {
  try {
    return await db.query<Row>({ name: statementName(text), text, values });
  } catch (error) {
    if ((error as { code?: string }).code !== '0A000') throw error;
    return db.query<Row>(text, values);
  }
}
