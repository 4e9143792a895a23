import type { UpdateOrderItemRequest } from '@ot/contracts/orders/order-commands.ts';
import { z } from 'zod';
import { request } from '../../../lib/api-client.ts';
import { orderPath, versionOf } from './order-version.ts';

export interface UpdateOrderItemVariables {
  orderNumber: string;
  itemId: string;
  version: number;
  body: UpdateOrderItemRequest;
  /** Adds `x-send-email: true` (Notify Customer). */
  sendEmail: boolean;
  idempotencyKey: string;
}

/** PATCH /api/admin/orders/{n}/items/{id}. Returns the new version. */
export async function updateOrderItem(vars: UpdateOrderItemVariables): Promise<number> {
  const headers: Record<string, string> = { 'If-Match': `"${vars.version}"` };
  if (vars.sendEmail) headers['x-send-email'] = 'true';
  const answer = await request(`${orderPath(vars.orderNumber)}/items/${encodeURIComponent(vars.itemId)}`, z.unknown(), {
    method: 'PATCH',
    body: vars.body,
    headers,
    idempotencyKey: vars.idempotencyKey,
  });
  return versionOf(answer.headers, vars.version);
}
