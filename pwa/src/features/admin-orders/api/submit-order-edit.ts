import { useMutation } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client.ts';
import { registerSender, type SubmitOutcome, submit } from '../outbox/outbox.ts';
import { freshProgress, storedDocument } from '../outbox/outbox-entry.ts';
import { sendQueuedEdit } from '../outbox/send-edit-order.ts';
import type { OrderSnapshot } from '../outbox/three-way-merge.ts';

/** The edit screen's save, as the outbox keeps it: the order it was based on and the change. */
export interface OrderEdit {
  orderNumber: string;
  /** The order version the form was loaded at (If-Match). */
  version: number;
  base: OrderSnapshot;
  mine: OrderSnapshot;
  notifyCustomer: boolean;
  documentFile: File | null;
  itemNames: Record<string, string>;
}

/**
 * The edit screen's submit: upload-document when a file was chosen, then
 * update-order-details, then update-order-item for the changed items (the last with x-send-email
 * when Notify Customer is ticked). Stored in the outbox first, so offline it waits and is sent later;
 * a 409 is merged field by field (outbox/send-entry.ts).
 */
export function submitOrderEdit(edit: OrderEdit): Promise<SubmitOutcome> {
  return submit({
    kind: 'edit-order',
    orderNumber: edit.orderNumber,
    base: edit.base,
    version: edit.version,
    mine: edit.mine,
    notifyCustomer: edit.notifyCustomer,
    document: storedDocument(edit.documentFile),
    itemNames: edit.itemNames,
    progress: freshProgress(),
    conflict: null,
    removedItems: [],
  });
}

export const submitOrderEditKey = ['admin', 'edit-order'] as const;

// The outbox keeps the change durable, so the mutation itself never waits paused ('always').
queryClient.setMutationDefaults(submitOrderEditKey, { mutationFn: submitOrderEdit, networkMode: 'always' });
registerSender('edit-order', sendQueuedEdit);

export const useSubmitOrderEdit = () =>
  useMutation<SubmitOutcome, Error, OrderEdit>({ mutationKey: submitOrderEditKey });
