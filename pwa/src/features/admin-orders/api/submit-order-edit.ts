import type { ItemStatus } from '@ot/contracts/orders/item-status.ts';
import type {
  UpdateOrderItemRequest as UpdateItemRequest,
  UpdateOrderDetailsRequest as UpdateOrderRequest,
} from '@ot/contracts/orders/order-commands.ts';
import { z } from 'zod';
import { request } from '../../../lib/api-client.ts';
import { updateItem, updateOrder } from './admin-order-mutations.ts';

export interface ItemEdit {
  id: string;
  /** The status the form shows (re-sent when only a notification is wanted). */
  status: ItemStatus;
  /** Only the fields the admin changed; empty when the item is unchanged. */
  changes: UpdateItemRequest;
}

export interface OrderEdit {
  orderNumber: string;
  /** The order version the form was loaded at (If-Match). */
  version: number;
  order: Omit<UpdateOrderRequest, 'documentUrl' | 'notifyCustomer'>;
  documentFile: File | null;
  documentUrl: string;
  items: ItemEdit[];
  notifyCustomer: boolean;
}

const uploadSchema = z.object({ documentUrl: z.string() });

/** POST /api/admin/upload-document (multipart: the file and the order number). */
export async function uploadDocument(file: File, orderNumber: string): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  body.append('orderNumber', orderNumber);
  try {
    return (await request('/api/admin/upload-document', uploadSchema, { method: 'POST', body })).data.documentUrl;
  } catch {
    throw new Error('Failed to upload document');
  }
}

/**
 * The spec's edit submit sequence: upload the chosen file first (its URL wins over a typed one), then
 * the order call, then only the changed items in order (each with only its changed fields: its
 * estimatedDelivery and/or status), the last carrying `x-send-email: true` when
 * Notify Customer is ticked. When no item changed but notify is ticked, the first item is re-sent
 * with its current status so the customer still hears about the update.
 */
export async function submitOrderEdit(edit: OrderEdit): Promise<void> {
  let documentUrl = edit.documentUrl.trim() || undefined;
  if (edit.documentFile) documentUrl = await uploadDocument(edit.documentFile, edit.orderNumber);

  let version = await updateOrder({
    orderNumber: edit.orderNumber,
    version: edit.version,
    body: { ...edit.order, ...(documentUrl ? { documentUrl } : {}), notifyCustomer: false },
  });

  const changed = edit.items.filter((item) => Object.keys(item.changes).length > 0);
  for (const [index, item] of changed.entries()) {
    version = await updateItem({
      orderNumber: edit.orderNumber,
      itemId: item.id,
      version,
      body: item.changes,
      sendEmail: edit.notifyCustomer && index === changed.length - 1,
    });
  }

  const first = edit.items[0];
  if (changed.length === 0 && edit.notifyCustomer && first) {
    await updateItem({
      orderNumber: edit.orderNumber,
      itemId: first.id,
      version,
      body: { status: first.status },
      sendEmail: true,
    });
  }
}
