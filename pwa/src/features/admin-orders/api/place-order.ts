import type { PlaceOrderRequest } from '@ot/contracts/orders/order-commands.ts';
import { type OrderView, orderViewSchema } from '@ot/contracts/orders/order-views.ts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryClient, refreshAfterWrite } from '../../../lib/query-client.ts';

export interface PlaceOrderVariables {
  payload: PlaceOrderRequest;
  idempotencyKey: string;
}

/** POST /api/admin/orders. */
export async function placeOrder({ payload, idempotencyKey }: PlaceOrderVariables): Promise<OrderView> {
  return (await request('/api/admin/orders', orderViewSchema, { method: 'POST', body: payload, idempotencyKey })).data;
}

export const placeOrderKey = ['admin', 'place-order'] as const;

// Registered with the module (admin code only), so a paused place-order knows its function after a reload.
queryClient.setMutationDefaults(placeOrderKey, { mutationFn: placeOrder, onSuccess: () => refreshAfterWrite() });

export const usePlaceOrder = () => useMutation<OrderView, Error, PlaceOrderVariables>({ mutationKey: placeOrderKey });
