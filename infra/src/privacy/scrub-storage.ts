import type pg from 'pg';
import { keepListening } from '../db/postgres-listener.ts';
import type { Logger } from '../logger.ts';

/** Sent once an erasure has blanked every copy: the owner then scrubs the database's files. */
export const ERASED_CHANNEL = 'privacy_erased';

/** The tables an erasure blanks or deletes rows of (erasure-steps.ts), and the keys. */
const ERASED_TABLES = [
  'rm.orders',
  'rm.order_items',
  'rm.order_timeline',
  'rm.customers',
  'rm.email_events',
  'rm.email_retry_queue',
  'auth.users',
  'auth.sessions',
  'auth.login_codes',
  'auth.login_failures',
  'email.deliveries',
  'email.dev_mailbox',
  'commands.idempotency_keys',
  'documents.documents',
  'documents.chunks',
  'privacy.data_keys',
];

/**
 * A blanked row's old version stays in its table's file until vacuumed, and in the write-ahead log until
 * that segment goes. As the owner: each table rewritten into a new file (VACUUM FULL drops the old one),
 * then a checkpoint on a fresh log segment, so the older segments are removed (the embedded server runs
 * with wal_recycle off: removed, not renamed for reuse). A server whose user lacks the rights is skipped.
 */
export async function scrubStorage(pool: pg.Pool, logger: Logger): Promise<void> {
  try {
    await pool.query(`vacuum full ${ERASED_TABLES.join(', ')}`);
    await pool.query('checkpoint');
    await pool.query('select pg_switch_wal()');
    await pool.query('checkpoint');
  } catch (error) {
    logger.warn({ err: error }, 'could not scrub the database files after an erasure');
  }
}

/** Scrubs after each erasure announced (a burst of them once), for as long as it runs; `close` stops it. */
export function scrubAfterErasures(pool: pg.Pool, logger: Logger) {
  let running: Promise<void> | null = null;
  let again = false;
  const scrub = () => {
    if (running) {
      again = true;
      return;
    }
    running = scrubStorage(pool, logger).finally(() => {
      running = null;
      if (again) {
        again = false;
        scrub();
      }
    });
  };
  const listener = keepListening(pool, ERASED_CHANNEL, (payload) => {
    if (payload !== undefined) scrub();
  });
  return {
    async close(): Promise<void> {
      await listener.close();
      await running;
    },
  };
}
