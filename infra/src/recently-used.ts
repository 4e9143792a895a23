/**
 * A map that holds at most `max` entries: past that, the least recently used (read or set) is forgotten.
 * For what a process keeps in memory to save a round trip (folded orders, answers, ids).
 */
export function recentlyUsed<K, V>(max: number) {
  const entries = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    has: (key: K) => entries.has(key),
    set(key: K, value: V): void {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > max) entries.delete(entries.keys().next().value as K);
    },
    delete: (key: K) => entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
export type RecentlyUsed<K, V> = ReturnType<typeof recentlyUsed<K, V>>;
