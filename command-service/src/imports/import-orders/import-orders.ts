import { createHash } from 'node:crypto';
import type { RejectedRow, SkippedRow } from '@ot/contracts/imports/import-report.ts';
import { type PlaceOrderRequest, placeOrderSchema } from '@ot/contracts/orders/order-commands.ts';
import { orderNumberKey } from '@ot/contracts/orders/order-fields.ts';

export interface OrderRow {
  /** 1 = the first order in the file. */
  row: number;
  request: PlaceOrderRequest;
  /**
   * What makes a row without an order number the same order when it comes again: its Squarespace
   * id, else its whole content. Null when the row carries its own order number.
   */
  importKey: string | null;
}

export interface OrderImportPlan {
  orders: OrderRow[];
  skipped: SkippedRow[];
  rejected: RejectedRow[];
  /** The numbers of the file's own `<prefix><number>` order numbers: the sequence must move past them. */
  sequenceNumbers: number[];
}

/** A row's identity when it has no order number: its Squarespace id, else a digest of all its fields. */
export function importKeyOf(request: PlaceOrderRequest): string | null {
  if (request.orderNumber) return null;
  const externalId = request.squarespaceOrderId?.trim();
  if (externalId) return `squarespace:${externalId}`;
  return `content:${createHash('sha256').update(JSON.stringify(request)).digest('hex')}`;
}

/**
 * Check every row with the add-order rules, independently: a bad row is rejected with its number
 * and the schema's message, the others go on. The same order twice in one file is imported once.
 */
export function planOrderImport(rows: readonly unknown[], orderNumberPrefix: string): OrderImportPlan {
  const plan: OrderImportPlan = { orders: [], skipped: [], rejected: [], sequenceNumbers: [] };
  const seenNumbers = new Map<string, number>();
  const seenKeys = new Map<string, number>();
  rows.forEach((input, index) => {
    const row = index + 1;
    const parsed = placeOrderSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      plan.rejected.push({
        row,
        field: issue?.path.length ? issue.path.map(String).join('.') : null,
        message: issue?.message ?? 'Invalid order',
      });
      return;
    }
    const request = parsed.data;
    const orderNumber = request.orderNumber;
    if (orderNumber) {
      // Order numbers are looked up without regard to case (login, order pages): EP-0007 and ep-0007 are one order.
      const first = seenNumbers.get(orderNumberKey(orderNumber));
      if (first !== undefined) {
        plan.skipped.push({ row, key: orderNumber, reason: `Order ${orderNumber} appears twice (row ${first})` });
        return;
      }
      seenNumbers.set(orderNumberKey(orderNumber), row);
      const suffix = numberAfterPrefix(orderNumber, orderNumberPrefix);
      if (suffix !== null) plan.sequenceNumbers.push(suffix);
    }
    const importKey = importKeyOf(request);
    if (importKey) {
      const first = seenKeys.get(importKey);
      if (first !== undefined) {
        const externalId = request.squarespaceOrderId?.trim();
        plan.skipped.push(
          externalId
            ? { row, key: externalId, reason: `Squarespace order ${externalId} appears twice (row ${first})` }
            : { row, key: null, reason: `The same order appears twice (row ${first})` },
        );
        return;
      }
      seenKeys.set(importKey, row);
    }
    plan.orders.push({ row, request, importKey });
  });
  return plan;
}

/** `EP-0042` with prefix `EP-` -> 42; numbers of another shape are not the sequence's business. */
export function numberAfterPrefix(orderNumber: string, prefix: string): number | null {
  if (!orderNumber.startsWith(prefix)) return null;
  const digits = orderNumber.slice(prefix.length);
  return /^\d{1,15}$/.test(digits) ? Number(digits) : null;
}
