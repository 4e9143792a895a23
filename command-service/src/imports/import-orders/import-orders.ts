import type { RejectedRow, SkippedRow } from '@ot/contracts/imports/import-report.ts';
import { type AddOrderRequest, addOrderSchema } from '@ot/contracts/orders/order-commands.ts';

export interface OrderRow {
  /** 1 = the first order in the file. */
  row: number;
  request: AddOrderRequest;
}

export interface OrderImportPlan {
  orders: OrderRow[];
  skipped: SkippedRow[];
  rejected: RejectedRow[];
  /** The highest `<prefix><number>` among the file's own order numbers: the sequence must move past it. */
  highestNumber: number | null;
}

/**
 * Check every row with the add-order rules, independently: a bad row is rejected with its number
 * and the schema's message, the others go on. The same order twice in one file is imported once.
 */
export function planOrderImport(rows: readonly unknown[], orderNumberPrefix: string): OrderImportPlan {
  const plan: OrderImportPlan = { orders: [], skipped: [], rejected: [], highestNumber: null };
  const seenNumbers = new Map<string, number>();
  const seenExternalIds = new Map<string, number>();
  rows.forEach((input, index) => {
    const row = index + 1;
    const parsed = addOrderSchema.safeParse(input);
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
      const first = seenNumbers.get(orderNumber);
      if (first !== undefined) {
        plan.skipped.push({ row, key: orderNumber, reason: `Order ${orderNumber} appears twice (row ${first})` });
        return;
      }
      seenNumbers.set(orderNumber, row);
      const suffix = numberAfterPrefix(orderNumber, orderNumberPrefix);
      if (suffix !== null && suffix > (plan.highestNumber ?? 0)) plan.highestNumber = suffix;
    } else if (request.squarespaceOrderId) {
      const externalId = request.squarespaceOrderId.trim();
      const first = seenExternalIds.get(externalId);
      if (first !== undefined) {
        plan.skipped.push({
          row,
          key: externalId,
          reason: `Squarespace order ${externalId} appears twice (row ${first})`,
        });
        return;
      }
      seenExternalIds.set(externalId, row);
    }
    plan.orders.push({ row, request });
  });
  return plan;
}

/** `EP-0042` with prefix `EP-` -> 42; numbers of another shape are not the sequence's business. */
export function numberAfterPrefix(orderNumber: string, prefix: string): number | null {
  if (!orderNumber.startsWith(prefix)) return null;
  const digits = orderNumber.slice(prefix.length);
  return /^\d{1,15}$/.test(digits) ? Number(digits) : null;
}
