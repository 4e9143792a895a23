import type { PlaceOrderRequest } from '@ot/contracts/orders/order-commands.ts';
import { nextOrderNumberSchema, type OrderView, orderViewSchema } from '@ot/contracts/orders/order-views.ts';
import { useMutation } from '@tanstack/react-query';
import { getJson, request } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { registerSender, type SubmitOutcome, submit } from '../outbox/outbox.ts';
import { type PlaceOrderEntry, type Save, type SendOutcome, storedDocument } from '../outbox/outbox-entry.ts';
import { uploadDocument } from './upload-document.ts';

export interface PlaceOrderVariables {
  payload: PlaceOrderRequest;
  idempotencyKey: string;
}

/** POST /api/admin/orders. */
export async function placeOrder({ payload, idempotencyKey }: PlaceOrderVariables): Promise<OrderView> {
  return (await request('/api/admin/orders', orderViewSchema, { method: 'POST', body: payload, idempotencyKey })).data;
}

export interface OrderToPlace {
  payload: PlaceOrderRequest;
  /** A chosen spec sheet: uploaded first, its URL given to every item. */
  documentFile: File | null;
}

/** Sends a queued order: its document first (for the number it will most likely get), then the order. */
async function placeQueuedOrder(entry: PlaceOrderEntry, save: Save): Promise<SendOutcome> {
  let payload = entry.payload;
  const document = entry.document;
  if (document) {
    if (!document.documentUrl) {
      const { nextOrderNumber } = await getJson('/api/admin/next-order-number', nextOrderNumberSchema);
      document.documentUrl = await uploadDocument(document.file, document.name, nextOrderNumber, document.uploadKey);
      await save(entry);
    }
    const documentUrl = document.documentUrl;
    payload = { ...payload, items: payload.items.map((item) => ({ ...item, documentUrl })) };
  }
  return { kind: 'sent', order: await placeOrder({ payload, idempotencyKey: entry.idempotencyKey }) };
}

/** The add-order screen's save: stored in the outbox first, sent at once when online. */
export function submitPlaceOrder(order: OrderToPlace): Promise<SubmitOutcome> {
  return submit({
    kind: 'place-order',
    payload: order.payload,
    idempotencyKey: crypto.randomUUID(),
    document: storedDocument(order.documentFile),
  });
}

export const placeOrderKey = ['admin', 'place-order'] as const;

// Registered with the module (admin code only); the outbox makes the write durable, so never paused.
queryClient.setMutationDefaults(placeOrderKey, { mutationFn: submitPlaceOrder, networkMode: 'always' });
registerSender('place-order', placeQueuedOrder);

export const usePlaceOrder = () => useMutation<SubmitOutcome, Error, OrderToPlace>({ mutationKey: placeOrderKey });
