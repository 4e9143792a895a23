import { fieldLabel } from '@ot/contracts/audit/field-labels.ts';
import { statusLabel } from '@ot/contracts/orders/item-status.ts';
import { DATE, DATE_TIME, formatDate, formatMoney } from '../../lib/format.ts';

/** Which kinds of change an auditor can filter the history by. */
export const changeKinds = ['items', 'customer', 'notes', 'emails', 'order'] as const;
export type ChangeKind = (typeof changeKinds)[number];
export const changeKindLabels: Record<ChangeKind, string> = {
  items: 'Items',
  customer: 'Customer details',
  notes: 'Notes',
  emails: 'Emails',
  order: 'Order',
};

const moneyFields = new Set(['subtotal', 'shipping', 'tax', 'total', 'amountPaid', 'amountRemaining', 'price']);
const dateFields = new Set(['orderDate', 'estimatedDelivery', 'eta']);
const lastKey = (field: string) => field.split('.').at(-1) ?? field;

/** A value as the order screens write it: pounds from pence, dates, status names; an empty value as '(none)'. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  const key = lastKey(field);
  if (typeof value === 'number' && moneyFields.has(key)) return formatMoney(value);
  if (typeof value === 'string' && dateFields.has(key)) return formatDate(value, DATE) || value;
  const delivery = field.startsWith('emails[') || field.startsWith('pushes[');
  if (typeof value === 'string' && key === 'status' && !delivery) return statusLabel(value);
  if (typeof value === 'string' && delivery) return value.charAt(0).toUpperCase() + value.slice(1);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value);
}

export const formatTime = (iso: string) => formatDate(iso, DATE_TIME);

/** The kinds an event belongs to, from its stream, type and the fields it changed. */
export function kindsOf(event: { stream: string; type: string; changes: { field: string }[] }): Set<ChangeKind> {
  const kinds = new Set<ChangeKind>();
  // Push messages are the customer's notifications too: shown with the emails.
  const notification = /^(email|push)-/.test(event.stream) || event.type === 'CustomerNotificationRequested';
  if (notification) kinds.add('emails');
  for (const { field } of event.changes) {
    if (field.startsWith('items[')) kinds.add('items');
    else if (field.startsWith('emails[') || field.startsWith('pushes[')) kinds.add('emails');
    else if (/^(customer(Name|Email|Phone)|shippingAddress|billingAddress)/.test(field)) kinds.add('customer');
    else if (/^(customerNotes|fitterNotes)$/.test(field)) kinds.add('notes');
    else kinds.add('order');
  }
  if (kinds.size === 0) kinds.add('order');
  return kinds;
}

/** What an order was placed with, in a few lines (its every field is in the export and the as-of view). */
export function placedSummary(
  changes: readonly { field: string; after: unknown }[],
  itemNames: ReadonlyMap<string, string>,
): string[] {
  const lines = ['customerName', 'customerEmail', 'status', 'total'].flatMap((field) => {
    const change = changes.find((candidate) => candidate.field === field);
    return change ? [`${fieldLabel(field, itemNames)}: ${formatValue(field, change.after)}`] : [];
  });
  return itemNames.size > 0 ? [...lines, `Items: ${[...itemNames.values()].join(', ')}`] : lines;
}
