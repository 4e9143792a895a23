import { createStore, del, set, values } from 'idb-keyval';
import type { OutboxEntry } from './outbox-entry.ts';

/**
 * The outbox on the device (IndexedDB): written before anything is sent, so a change survives a
 * reload, a closed browser and an expired session. Files are kept as Blobs.
 */
const store = createStore('order-tracker-outbox', 'entries');

export const saveEntry = (entry: OutboxEntry): Promise<void> => set(entry.id, entry, store);

export const deleteEntry = (id: string): Promise<void> => del(id, store);

/** Oldest first: changes are sent in the order they were made. */
export async function loadEntries(): Promise<OutboxEntry[]> {
  const entries = await values<OutboxEntry>(store);
  return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
