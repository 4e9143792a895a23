import { createStore, del, get, keys, set, values } from 'idb-keyval';
import type { OutboxEntry } from './outbox-entry.ts';

/**
 * The outbox on the device (IndexedDB): written before anything is sent, so a change survives a
 * reload, a closed browser and an expired session. Files are kept as Blobs.
 */
const store = createStore('order-tracker-outbox', 'entries');

export const saveEntry = (entry: OutboxEntry): Promise<void> => set(entry.id, entry, store);

export const loadEntry = (id: string): Promise<OutboxEntry | undefined> => get<OutboxEntry>(id, store);

export const deleteEntry = (id: string): Promise<void> => del(id, store);

/** Oldest first: changes are sent in the order they were made. */
export async function loadEntries(): Promise<OutboxEntry[]> {
  const entries = await values<OutboxEntry>(store);
  return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Whether any change waits on this device, whoever made it. Asked by the app shell (the update
 * prompt) without loading the outbox itself: this module needs only idb-keyval.
 */
export async function hasQueuedChanges(): Promise<boolean> {
  return (await keys(store)).length > 0;
}
