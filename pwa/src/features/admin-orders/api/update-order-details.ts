import type { UpdateOrderDetailsRequest } from '@ot/contracts/orders/order-commands.ts';
import { z } from 'zod';
import { request } from '../../../lib/api-client.ts';
import { orderPath, versionOf } from './order-version.ts';

export interface UpdateOrderDetailsVariables {
  orderNumber: string;
  /** The order version the change is based on (If-Match). */
  version: number;
  body: UpdateOrderDetailsRequest;
  idempotencyKey: string;
}

/** PATCH /api/admin/orders/{n}/status (every order field, not only the status). Returns the new version. */
export async function updateOrderDetails(vars: UpdateOrderDetailsVariables): Promise<number> {
  const { headers } = await request(`${orderPath(vars.orderNumber)}/status`, z.unknown(), {
    method: 'PATCH',
    body: vars.body,
    headers: { 'If-Match': `"${vars.version}"` },
    idempotencyKey: vars.idempotencyKey,
  });
  return versionOf(headers, vars.version);
}
