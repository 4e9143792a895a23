import type { PlaceOrderRequest } from '@ot/contracts/orders/order-commands.ts';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import type { EntryState } from './outbox-machine.ts';
import type { FieldConflict, OrderSnapshot } from './three-way-merge.ts';

/** A chosen PDF, kept on the device until it is uploaded (its key makes a repeated upload harmless). */
export interface StoredDocument {
  file: Blob;
  name: string;
  uploadKey: string;
  /** Set once uploaded. */
  documentUrl: string | null;
}

interface EntryBase {
  id: string;
  /** The admin who made the change: only they send it (after signing in again if need be). */
  userId: string;
  createdAt: string;
  state: EntryState;
  /** Why it waits or failed, in words for the list. */
  note: string | null;
}

/** An order placed on the add-order screen. */
export interface PlaceOrderEntry extends EntryBase {
  kind: 'place-order';
  payload: PlaceOrderRequest;
  idempotencyKey: string;
  document: StoredDocument | null;
}

/** What has been sent of an edit, so a resumed send repeats nothing (each call keeps its key). */
export interface EditProgress {
  detailsKey: string;
  detailsSent: boolean;
  itemKeys: Record<string, string>;
  itemsSent: string[];
}

/** The edit screen's save: order details, then changed items, with an optional document. */
export interface EditOrderEntry extends EntryBase {
  kind: 'edit-order';
  orderNumber: string;
  /** The order as the edit was based on, its version (If-Match), and the change. */
  base: OrderSnapshot;
  version: number;
  mine: OrderSnapshot;
  notifyCustomer: boolean;
  document: StoredDocument | null;
  /** Item names, for the conflict list. */
  itemNames: Record<string, string>;
  progress: EditProgress;
  /** Set while the admin has to decide (state 'conflict'). */
  conflict: { current: OrderSnapshot; currentVersion: number; fields: FieldConflict[] } | null;
  /** Items the change edited that were removed meanwhile. */
  removedItems: string[];
}

export type OutboxEntry = PlaceOrderEntry | EditOrderEntry;

export const freshProgress = (): EditProgress => ({
  detailsKey: crypto.randomUUID(),
  detailsSent: false,
  itemKeys: {},
  itemsSent: [],
});

export const entryLabel = (
  entry: Pick<PlaceOrderEntry, 'kind' | 'payload'> | Pick<EditOrderEntry, 'kind' | 'orderNumber'>,
): string =>
  entry.kind === 'edit-order' ? `Edit order ${entry.orderNumber}` : `New order for ${entry.payload.customerName}`;

/** What a send ended in; no answer, a 401 or a refusal are thrown as they came. */
export type SendOutcome = { kind: 'sent'; order: OrderView | null } | { kind: 'conflict' };

/** Stores the entry as it now stands; called before and after every call, so a resume repeats nothing. */
export type Save = (entry: OutboxEntry) => Promise<void>;

/** How one kind of entry is sent; each kind's api/ module registers its own (like mutation defaults). */
export type Sender<E extends OutboxEntry> = (entry: E, save: Save) => Promise<SendOutcome>;

/** A change as a form hands it over; the outbox adds its own bookkeeping (`EntryBase`). */
export type NewEntry = Omit<PlaceOrderEntry, keyof EntryBase> | Omit<EditOrderEntry, keyof EntryBase>;

/** A new change as the outbox stores it: a fresh id, who made it (the signed-in admin), when, and waiting. */
export const newEntry = (change: NewEntry, userId: string): OutboxEntry =>
  ({
    ...change,
    id: crypto.randomUUID(),
    userId,
    createdAt: new Date().toISOString(),
    state: 'waiting',
    note: null,
  }) as OutboxEntry;

/** A chosen file as the outbox keeps it until it is uploaded. */
export const storedDocument = (file: File | null): StoredDocument | null =>
  file ? { file, name: file.name, uploadKey: crypto.randomUUID(), documentUrl: null } : null;
