import type {
  PlaceOrderRequest as AddOrderRequest,
  UpdateOrderItemRequest as UpdateItemRequest,
  UpdateOrderDetailsRequest as UpdateOrderRequest,
} from '@ot/contracts/orders/order-commands.ts';
import { orderViewSchema } from '@ot/contracts/orders/order-views.ts';
import { z } from 'zod';
import { request } from '../../../lib/api-client.ts';

const orderPath = (orderNumber: string) => `/api/admin/orders/${encodeURIComponent(orderNumber)}`;

/** The order's version after a write, from its ETag (`"7"`), for the next write's If-Match. */
const versionOf = (headers: Headers, fallback: number): number => {
  const match = /(\d+)/.exec(headers.get('etag') ?? '');
  return match ? Number(match[1]) : fallback;
};

/** POST /api/admin/orders. */
export async function addOrder(payload: AddOrderRequest) {
  return (await request('/api/admin/orders', orderViewSchema, { method: 'POST', body: payload })).data;
}

/** PATCH /api/admin/orders/{n}/status, based on the version the admin saw. Returns the new version. */
export async function updateOrder(vars: { orderNumber: string; version: number; body: UpdateOrderRequest }) {
  const { headers } = await request(`${orderPath(vars.orderNumber)}/status`, z.unknown(), {
    method: 'PATCH',
    body: vars.body,
    headers: { 'If-Match': `"${vars.version}"` },
  });
  return versionOf(headers, vars.version);
}

/** PATCH /api/admin/orders/{n}/items/{id}; `sendEmail` adds `x-send-email: true` (Notify Customer). */
export async function updateItem(vars: {
  orderNumber: string;
  itemId: string;
  version: number;
  body: UpdateItemRequest;
  sendEmail: boolean;
}) {
  const headers: Record<string, string> = { 'If-Match': `"${vars.version}"` };
  if (vars.sendEmail) headers['x-send-email'] = 'true';
  const answer = await request(`${orderPath(vars.orderNumber)}/items/${encodeURIComponent(vars.itemId)}`, z.unknown(), {
    method: 'PATCH',
    body: vars.body,
    headers,
  });
  return versionOf(answer.headers, vars.version);
}

export const adminMutationKeys = {
  addOrder: ['admin', 'add-order'] as const,
  editOrder: ['admin', 'edit-order'] as const,
};
