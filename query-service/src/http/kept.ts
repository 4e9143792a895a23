import type { ChangeSignal } from '@ot/infra/db/change-signal.ts';
import { recentlyUsed } from '@ot/infra/recently-used.ts';

/**
 * Answers of the database kept in memory while they stay true: each until its own deadline
 * (`performance.now()` time), and all of them only while the signal's generation has not moved (a change
 * of the auth tables, or a LISTEN connection lost or regained, forgets them all). Read an entry only
 * after `changes.pass()` resolved for the request, so the generation is as of the request's arrival.
 */
export function keptAnswers<V>(changes: ChangeSignal, max: number) {
  const entries = recentlyUsed<string, { value: V; until: number }>(max);
  let generation = changes.generation();
  const current = () => {
    const now = changes.generation();
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
      if (!changes.listening() || changes.generation() !== readUnder || until <= performance.now()) return;
      current();
      entries.set(key, { value, until });
    },
  };
}
export type KeptAnswers<V> = ReturnType<typeof keptAnswers<V>>;
