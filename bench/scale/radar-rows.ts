import { loadConfig } from '@ot/infra/config.ts';
import { createPool } from '@ot/infra/db/pool.ts';
import { createEventStore } from '@ot/infra/event-store/create-event-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { projections } from '../../projector/src/projections/all-projections.ts';
import { itemStagesProjection } from '../../projector/src/projections/item-stages/item-stages.projection.ts';
import { rebuildReadModels } from '../../projector/src/rebuild/rebuild-read-models.ts';
import { percentile } from '../support/stats.ts';

/** The delay radar's reads, as staff make them: the attention list and the lead times, p50 of 20 each. */
export async function measureRadarReads(get: (path: string) => Promise<Response>) {
  const timed = async (path: string) => {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const answer = await get(path);
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
      times.push(performance.now() - started);
    }
    return percentile(times, 50);
  };
  return {
    attentionMs: await timed('/api/admin/attention'),
    leadTimesMs: await timed('/api/admin/insights/lead-times'),
  };
}

/**
 * What the radar's projection costs a rebuild: events/s of a rebuild of the app's read models without it
 * and with it, in this run. A history written a moment before reads faster at each of the first rebuilds
 * (its pages are read, hinted and cached), so two rebuilds are not counted, then the two kinds alternate
 * and each rate is the median of its five: on a shared 2-core box one rebuild's CPU time swings by a fifth.
 */
export async function measureRebuildCost(databaseUrl: string) {
  const pool = createPool(databaseUrl, 4, 'bench-rebuild');
  const store = await createEventStore(loadConfig({ DATABASE_URL: databaseUrl } as NodeJS.ProcessEnv), pool);
  const logger = createLogger('bench', 'silent');
  const without = projections.filter((projection) => projection !== itemStagesProjection);
  const rate = async (list: typeof projections) => {
    const report = await rebuildReadModels({ pool, store, projections: list, logger });
    return (report.events / report.ms) * 1000;
  };
  try {
    await rate(without);
    await rate(projections);
    const rates = { without: [] as number[], with: [] as number[] };
    for (let round = 0; round < 5; round++) {
      rates.without.push(await rate(without));
      // Each round ends with every projection: the app is left with all its read models.
      rates.with.push(await rate(projections));
    }
    const withoutRate = percentile(rates.without, 50);
    const withRate = percentile(rates.with, 50);
    return { withoutRate, withRate, slower: withoutRate / withRate };
  } finally {
    await store.close();
    await pool.end();
  }
}
