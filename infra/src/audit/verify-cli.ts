import { loadConfig } from '../config.ts';
import { withDatabase } from '../db/database.ts';
import { createPool } from '../db/pool.ts';
import { verifyEventChains } from '../event-store/postgres-chain-verify.ts';
import { createLogger } from '../logger.ts';
import { recordVerification } from './verifications.ts';

/**
 * `npm run audit:verify`: recompute every stream's hash chain from the events, print the first broken
 * link of each stream whose chain does not hold, and record the outcome with its time
 * (audit.verifications, shown by `GET /api/audit/verify`). Exit code 1 when any link is broken.
 */
const config = loadConfig();
const logger = createLogger('audit-verify', config.LOG_LEVEL);
if (config.EVENT_STORE !== 'postgres') {
  console.log('The hash chain is kept by the Postgres event store; EVENT_STORE is not postgres, nothing to verify.');
  process.exit(2);
}
const ok = await withDatabase(config, logger, async (databaseUrl) => {
  const pool = createPool(databaseUrl, 2);
  try {
    const report = await verifyEventChains(pool);
    for (const link of report.broken) {
      const where = link.position === null ? '' : ` (position ${link.position})`;
      console.log(`BROKEN ${link.stream} at version ${link.version}${where}: ${link.reason}`);
    }
    const ok = report.broken.length === 0;
    const recorded = await recordVerification(pool, { kind: 'events', ok, details: { ...report } });
    console.log(
      ok
        ? `OK: ${report.events} events in ${report.streams} streams, every hash chain holds (${recorded.checkedAt}).`
        : `FAILED: ${report.broken.length} of ${report.streams} streams have a broken hash chain (${recorded.checkedAt}).`,
    );
    return ok;
  } finally {
    await pool.end();
  }
});
process.exit(ok ? 0 : 1);
