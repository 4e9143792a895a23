import { suite } from 'uvu';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import type { EventStore } from '../event-store.ts';
import { createPostgresEventStore } from '../postgres-event-store.ts';

/**
 * A uvu suite over a fresh, migrated database of its own and its Postgres event store (`context.db`,
 * `context.store`), dropped after the suite; `setUp` runs once both are there.
 */
export function postgresStoreSuite(name: string, setUp?: (db: TestDatabase) => Promise<unknown>) {
  const test = suite<{ db: TestDatabase; store: EventStore }>(name, {
    db: undefined as never,
    store: undefined as never,
  });
  test.before(async (context) => {
    context.db = await createTestDatabase();
    context.store = createPostgresEventStore(context.db.pool);
    await setUp?.(context.db);
  });
  test.after(async ({ db }) => db.drop());
  return test;
}
