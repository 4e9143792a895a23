import type { ItemStatus } from '@ot/contracts/orders/item-status.ts';
import type { UpdateOrderDetailsRequest, UpdateOrderItemRequest } from '@ot/contracts/orders/order-commands.ts';
import { useMutation } from '@tanstack/react-query';
import { queryClient, refreshAfterWrite } from '../../../lib/query-client.ts';
import { updateOrderDetails } from './update-order-details.ts';
import { updateOrderItem } from './update-order-item.ts';
import { uploadDocument } from './upload-document.ts';

export interface ItemEdit {
  id: string;
  /** The status the form shows (re-sent when only a notification is wanted). */
  status: ItemStatus;
  /** Only the fields the admin changed; empty when the item is unchanged. */
  changes: UpdateOrderItemRequest;
}

export interface OrderEdit {
  orderNumber: string;
  /** The order version the form was loaded at (If-Match). */
  version: number;
  details: Omit<UpdateOrderDetailsRequest, 'documentUrl' | 'notifyCustomer'>;
  documentFile: File | null;
  documentUrl: string;
  items: ItemEdit[];
  notifyCustomer: boolean;
}

/**
 * The edit screen's submit sequence (spec section 7): upload the chosen file first (its URL wins over
 * a typed one), then update-order-details, then update-order-item for only the changed items in order
 * (each with only its changed fields), the last carrying `x-send-email: true` when Notify Customer is
 * ticked. When no item changed but notify is ticked, the first item is re-sent with its current status
 * so the customer still hears about the update.
 */
export async function submitOrderEdit(edit: OrderEdit): Promise<void> {
  let documentUrl = edit.documentUrl.trim() || undefined;
  if (edit.documentFile)
    documentUrl = await uploadDocument(
      edit.documentFile,
      edit.documentFile.name,
      edit.orderNumber,
      crypto.randomUUID(),
    );

  let version = await updateOrderDetails({
    orderNumber: edit.orderNumber,
    version: edit.version,
    body: { ...edit.details, ...(documentUrl ? { documentUrl } : {}), notifyCustomer: false },
    idempotencyKey: crypto.randomUUID(),
  });

  const changed = edit.items.filter((item) => Object.keys(item.changes).length > 0);
  const first = edit.items[0];
  const calls =
    changed.length === 0 && edit.notifyCustomer && first
      ? [{ id: first.id, changes: { status: first.status } }]
      : changed;
  for (const [index, item] of calls.entries()) {
    version = await updateOrderItem({
      orderNumber: edit.orderNumber,
      itemId: item.id,
      version,
      body: item.changes,
      sendEmail: edit.notifyCustomer && index === calls.length - 1,
      idempotencyKey: crypto.randomUUID(),
    });
  }
}

export const submitOrderEditKey = ['admin', 'edit-order'] as const;

queryClient.setMutationDefaults(submitOrderEditKey, {
  mutationFn: submitOrderEdit,
  onSettled: () => refreshAfterWrite(),
});

export const useSubmitOrderEdit = () => useMutation<void, Error, OrderEdit>({ mutationKey: submitOrderEditKey });
