import { recentlyUsed } from '@ot/infra/recently-used.ts';
import type { ChangeFence } from './change-fence.ts';

/**
 * Answers of the database kept in memory while they stay true: each until its own deadline
 * (`performance.now()` time), and all of them only while the fence's generation has not moved (a change
 * of the auth tables, or a LISTEN connection lost or regained, forgets them all). Read an entry only
 * after `fence.pass()` resolved for the request, so the generation is as of the request's arrival.
 */
export function keptAnswers<V>(fence: ChangeFence, max: number) {
  const entries = recentlyUsed<string, { value: V; until: number }>(max);
  let generation = fence.generation();
  const current = () => {
    const now = fence.generation();
    if (now !== generation) {
      entries.clear();
      generation = now;
    }
  };
  return {
    get(key: string): V | undefined {
      current();
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (performance.now() >= entry.until) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    /**
     * Keeps an answer read from the database by a statement sent when the generation was `readUnder`
     * (taken before sending it): kept only when it has not moved since and the connection is up, so no
     * change committed after the read can have been missed.
     */
    keep(key: string, value: V, until: number, readUnder: number): void {
      if (!fence.listening() || fence.generation() !== readUnder || until <= performance.now()) return;
      current();
      entries.set(key, { value, until });
    },
  };
}
export type KeptAnswers<V> = ReturnType<typeof keptAnswers<V>>;
