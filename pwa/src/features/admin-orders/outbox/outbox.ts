import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import { onlineManager } from '@tanstack/react-query';
import { proxy } from 'valtio';
import { isApiError, isTransientError } from '../../../lib/api-client.ts';
import { queryClient, refreshAfterWrite, sessionQueryKey } from '../../../lib/query-client.ts';
import { toast } from '../../../lib/toast.ts';
import {
  type EditOrderEntry,
  freshProgress,
  type NewEntry,
  newEntry,
  type OutboxEntry,
  type PlaceOrderEntry,
  type Sender,
  type SendOutcome,
} from './outbox-entry.ts';
import { nextState, type OutboxEvent, sendsByItself } from './outbox-machine.ts';
import { deleteEntry, loadEntries, loadEntry, saveEntry } from './outbox-store.ts';
import { applyChoices, type Choice, threeWayMerge } from './three-way-merge.ts';

/**
 * The admin's outbox at run time: IndexedDB holds the entries; `outboxView` (valtio) is
 * the screens' view of them. It drains on start, on `online`, on focus and after every new change,
 * one entry at a time in the order they were made, and only for the admin who made them.
 */
export const outboxView = proxy<{ entries: OutboxEntryView[]; loaded: boolean }>({ entries: [], loaded: false });

/** The entries themselves (plain objects, files as Blobs); the view holds copies without the files. */
const entries = new Map<string, OutboxEntry>();

/** An entry as the screens see it: everything but the file's bytes. */
type ViewOf<E extends OutboxEntry> = Omit<E, 'document'> & { document: { name: string } | null };
export type OutboxEntryView = ViewOf<PlaceOrderEntry> | ViewOf<EditOrderEntry>;

const viewOf = (entry: OutboxEntry): OutboxEntryView =>
  structuredClone({ ...entry, document: entry.document ? { name: entry.document.name } : null }) as OutboxEntryView;

type Senders = { [K in OutboxEntry['kind']]?: Sender<Extract<OutboxEntry, { kind: K }>> };
const senders: Senders = {};

/** Each kind's api/ module says how its entries are sent, when it loads. */
export function registerSender<K extends OutboxEntry['kind']>(kind: K, sender: Senders[K]): void {
  senders[kind] = sender as never;
  void drain();
}

function sendEntry(entry: OutboxEntry): Promise<SendOutcome> {
  const sender = senders[entry.kind] as Sender<OutboxEntry> | undefined;
  if (!sender) throw new Error(`No sender for ${entry.kind}`);
  return sender(entry, store);
}
const inFlight = new Set<string>();

const show = (entry: OutboxEntry) => {
  entries.set(entry.id, entry);
  const copy = viewOf(entry);
  const index = outboxView.entries.findIndex((candidate) => candidate.id === entry.id);
  if (index === -1) outboxView.entries.push(copy);
  else outboxView.entries[index] = copy;
};

async function store(entry: OutboxEntry): Promise<void> {
  await saveEntry(entry);
  show(entry);
}

async function drop(id: string): Promise<void> {
  await deleteEntry(id);
  entries.delete(id);
  outboxView.entries = outboxView.entries.filter((entry) => entry.id !== id);
}

/** Moves an entry on by the state machine and stores it before anything else happens. */
async function move(entry: OutboxEntry, event: OutboxEvent, note: string | null = null): Promise<boolean> {
  const next = nextState(entry.state, event);
  if (next === null) return false;
  if (next === 'gone') await drop(entry.id);
  else {
    entry.state = next;
    entry.note = note;
    await store(entry);
  }
  return true;
}

/**
 * One tab sends at a time (Web Locks, where the browser has them): two open tabs of the app never
 * send the same change side by side. Whoever holds the lock reads the device's copy first.
 */
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return work();
  return navigator.locks.request('order-tracker-outbox', work) as Promise<T>;
}

/** The device's copy wins for every entry this tab is not busy with (another tab may have sent or added some). */
async function reloadFromStore(): Promise<void> {
  const stored = await loadEntries();
  const onDevice = new Set(stored.map((entry) => entry.id));
  for (const id of entries.keys()) if (!onDevice.has(id) && !inFlight.has(id)) entries.delete(id);
  for (const entry of stored) if (!inFlight.has(entry.id)) entries.set(entry.id, entry);
  outboxView.entries = [...entries.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(viewOf);
}

const loading = exclusive(async () => {
  // Holding the lock, no tab is sending: an entry left 'sending' is one whose page closed mid-send.
  // It is sent again (each call's Idempotency-Key makes the repeat harmless).
  const interrupted = (await loadEntries()).filter((entry) => entry.state === 'sending');
  for (const entry of interrupted) await saveEntry({ ...entry, state: 'waiting' });
  await reloadFromStore();
}).finally(() => {
  // Loaded, or the device has no IndexedDB: either way the screens stop waiting for it.
  outboxView.loaded = true;
});

export type SubmitOutcome = SendOutcome | { kind: 'queued' };

/** What a form says at once when its change could not be sent now. */
export const SAVED_ON_DEVICE = {
  title: 'Saved on this device',
  description: 'The change is saved on this device and will be sent when online.',
};

/** The same for a new order, which gets its number from the server when it is sent. */
export const ORDER_SAVED_ON_DEVICE = {
  title: 'Saved on this device',
  description: 'The order is saved on this device and will be sent when online. It gets its order number then.',
};

/** Sends one entry now; what went wrong is kept on the entry (and thrown back only when refused). */
async function sendNow(entry: OutboxEntry): Promise<SubmitOutcome> {
  inFlight.add(entry.id);
  try {
    await move(entry, 'send');
    const outcome = await sendEntry(entry);
    if (outcome.kind === 'sent') {
      await move(entry, 'sent');
      void refreshAfterWrite();
    } else await move(entry, 'conflict', 'Changed by someone else meanwhile: choose what to keep');
    return outcome;
  } catch (error) {
    if (isApiError(error, 401)) {
      await move(entry, 'signed-out', 'Waiting for sign-in');
      // The session ended meanwhile: the app asks again who is signed in (and shows the sign-in screens).
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      return { kind: 'queued' };
    }
    if (isTransientError(error)) {
      await move(entry, 'no-answer', 'Waiting for the network');
      return { kind: 'queued' };
    }
    const message = (isApiError(error) && error.serverMessage) || (error instanceof Error ? error.message : 'Failed');
    await move(entry, 'rejected', message);
    throw error;
  } finally {
    inFlight.delete(entry.id);
  }
}

/** Who is signed in now, from the session in the cache. */
const sessionUserId = () => queryClient.getQueryData<SessionUser | null>(sessionQueryKey)?.id ?? null;

const mine = (entry: OutboxEntry) => entry.userId !== '' && entry.userId === sessionUserId();

/**
 * What became of a change that waited, said as the form would have said it (a new order with the
 * number it got); one that needs the admin points to the list.
 */
function announce(entry: OutboxEntry, outcome: SendOutcome | { kind: 'failed' }): void {
  const what = entry.kind === 'place-order' ? 'A new order' : `The change to order ${entry.orderNumber}`;
  if (outcome.kind === 'conflict')
    toast({
      title: 'Changed by someone else',
      description: `${what} waits in Pending changes: choose what to keep.`,
    });
  else if (outcome.kind === 'failed')
    toast({ title: 'Error', description: `${what} was refused: see Pending changes.`, variant: 'destructive' });
  else if (entry.kind === 'edit-order')
    toast({ title: 'Order Updated', description: `Order ${entry.orderNumber} has been updated successfully.` });
  else if (outcome.order)
    toast({ title: 'Order Added', description: `Order ${outcome.order.orderNumber} has been added successfully.` });
}

let draining: Promise<void> | null = null;

/** Sends every waiting change of the signed-in admin, oldest first; stops at the first that cannot go. */
export function drain(): Promise<void> {
  if (draining) return draining;
  draining = (async () => {
    await loading;
    await exclusive(async () => {
      await reloadFromStore();
      for (;;) {
        if (!onlineManager.isOnline() || !sessionUserId()) return;
        const entry = [...entries.values()].find(
          (candidate) =>
            mine(candidate) && sendsByItself(candidate.state) && !inFlight.has(candidate.id) && senders[candidate.kind],
        );
        if (!entry) return;
        const outcome = await sendNow(entry).catch(() => ({ kind: 'failed' as const }));
        if (outcome.kind === 'queued') return;
        announce(entry, outcome);
      }
    });
  })().finally(() => {
    draining = null;
  });
  return draining;
}

/**
 * A new change: stored first, then sent at once when nothing older of this admin waits (offline it
 * stays queued). Refused at once (a 4xx other than 409): it leaves the outbox and the error is thrown,
 * the form still holding what was typed.
 */
export async function submit(change: NewEntry): Promise<SubmitOutcome> {
  await loading;
  const entry = newEntry(change, sessionUserId() ?? '');
  if (!onlineManager.isOnline()) entry.note = 'Waiting for the network';
  // Kept from drains while stored and until a running one ends: queued behind it, it would lose its answer.
  inFlight.add(entry.id);
  try {
    await store(entry);
    while (draining) await draining.catch(() => {});
  } finally {
    inFlight.delete(entry.id);
  }
  const older = [...entries.values()].some(
    (other) => other.id !== entry.id && mine(other) && (other.state === 'waiting' || other.state === 'sending'),
  );
  if (!onlineManager.isOnline() || !mine(entry) || older) {
    void drain();
    return { kind: 'queued' };
  }
  try {
    return await exclusive(() => sendIfStillWaiting(entry));
  } catch (error) {
    await drop(entry.id);
    throw error;
  } finally {
    void drain();
  }
}

/** Sends an entry this tab holds, unless another tab took it meanwhile (sent it, or is resolving it). */
async function sendIfStillWaiting(entry: OutboxEntry): Promise<SubmitOutcome> {
  const onDevice = await loadEntry(entry.id);
  if (!onDevice) {
    entries.delete(entry.id);
    outboxView.entries = outboxView.entries.filter((candidate) => candidate.id !== entry.id);
    return { kind: 'sent', order: null };
  }
  if (onDevice.state !== 'waiting') return { kind: 'queued' };
  return sendNow(entry);
}

export async function retry(id: string): Promise<void> {
  const entry = entries.get(id);
  if (entry && (await move(entry, 'retry'))) await drain();
}

export async function discard(id: string): Promise<void> {
  const entry = entries.get(id);
  if (entry && !inFlight.has(id)) await move(entry, 'discard');
}

/** The admin's choice per conflicting field; then the change is sent on the order as it is now. */
export async function resolve(id: string, choices: Record<string, Choice>): Promise<SubmitOutcome> {
  const entry = entries.get(id);
  if (entry?.kind !== 'edit-order' || !entry.conflict || inFlight.has(id)) return { kind: 'queued' };
  const conflict = entry.conflict;
  const { merged } = threeWayMerge(entry.base, conflict.current, entry.mine);
  entry.mine = applyChoices(merged, conflict.fields, choices);
  entry.base = conflict.current;
  entry.version = conflict.currentVersion;
  entry.conflict = null;
  entry.progress = freshProgress();
  inFlight.add(id);
  try {
    await move(entry, 'resolved');
  } finally {
    inFlight.delete(id);
  }
  if (!onlineManager.isOnline() || !mine(entry)) return { kind: 'queued' };
  return exclusive(() => sendIfStillWaiting(entry)).finally(() => void drain());
}

/** An admin signed in (again): what waited for them is sent. */
export function startOutbox(): void {
  void drain();
}

if (typeof window !== 'undefined') {
  onlineManager.subscribe((online) => {
    if (online) void drain();
  });
  window.addEventListener('focus', () => void drain());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void drain();
  });
}
