import { PROJECTED_CHANNEL } from '@ot/infra/db/notify.ts';
import type { EventStore, RecordedEvent } from '@ot/infra/event-store/event-store.ts';
import { createFollower } from '@ot/infra/follower/follower.ts';
import type { BatchPlan } from '@ot/infra/follower/follower-options.ts';
import type { Logger } from '@ot/infra/logger.ts';
import type pg from 'pg';
import { rebuildReadModels } from '../rebuild/rebuild-read-models.ts';
import { createRowMemory, parseEvents } from './apply-events.ts';
import type { Projection } from './projection.ts';

export interface ProjectorOptions {
  pool: pg.Pool;
  store: EventStore;
  projections: Projection[];
  logger: Logger;
  /** The checkpoint row and advisory lock name. */
  name?: string;
  batchSize?: number;
  pollMs?: number;
}

/**
 * Applies every event to every projection, a batch at a time (see apply-events.ts), through the one
 * checkpointed follower (infra/src/follower): each batch and its checkpoint commit in one transaction,
 * one instance is active at a time (advisory lock), others wait as standby, a lost connection is
 * survived. The follower re-reads the checkpoint inside each batch's transaction, so a rebuild that
 * swapped the read models in and moved the checkpoint (rebuild-read-models.ts) is never applied twice.
 */
export function createProjector(options: ProjectorOptions) {
  const name = options.name ?? 'projector';
  const { pool, store, projections, logger } = options;
  const follower = createFollower({
    name,
    pool,
    store,
    logger,
    batchSize: options.batchSize ?? 1000,
    pollMs: options.pollMs,
    // Readers waiting for their write (x-min-position) are woken by each batch's commit, which carries
    // the new checkpoint, instead of at their next poll.
    announce: PROJECTED_CHANNEL,
    planBatch: planLiveBatch({ projections, logger }),
    async onActive() {
      logger.info({ projections: projections.map((p) => p.name) }, 'projector caught up');
    },
  });

  return {
    /** Run until stopped: take the lock (or wait as standby), catch up, then follow new events. */
    run: () => follower.run(),

    /**
     * Rebuild every read model from the first event into a shadow schema while these keep serving, then
     * swap it in (see rebuild-read-models.ts). Returns the events applied.
     */
    async rebuild(): Promise<number> {
      const report = await rebuildReadModels({ pool, store, projections, logger, name, batchSize: options.batchSize });
      return report.events;
    },

    /** Finish the batch in hand and stop; resolves when `run` has returned. */
    stop: () => follower.stop(),
  };
}

/**
 * How the live projector applies a batch to `rm` (the follower's planBatch), in three round trips: the
 * events read; `begin`, the checkpoint row's lock and the rows the batch needs, one statement for every
 * table, in one message; its writes, the checkpoint, the announcement and `commit` in one message.
 */
export function planLiveBatch(options: { projections: readonly Projection[]; logger: Logger }) {
  return (events: RecordedEvent[]): BatchPlan => {
    const memory = createRowMemory({ projections: options.projections, schema: 'rm' });
    const step = memory.plan(parseEvents(events, options.logger));
    return {
      read: step.read,
      async apply(db, read) {
        step.fold(read[0]?.rows ?? []);
        return memory.write(db, true);
      },
    };
  };
}
