import { z } from 'zod';
import { itemStatuses, manufacturers, orderStatuses } from './item-status.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A real calendar day: `Date.parse` rolls `2024-02-30` over to March 1st, and the projector's date
 * formatting rejects it, so the day must exist in its month.
 */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60 &&
    !Number.isNaN(Date.parse(value))
  );
}

/** A calendar date (`2024-03-05`) or a full ISO timestamp, as the API's payloads carry them. */
export const isoDate = z.string().refine(isIsoDate, { message: 'Invalid date' });

/**
 * Dates inside stored events: as loose as the day they were written (events are never rewritten),
 * so a stricter input rule never makes an old event unreadable.
 */
export const recordedDate = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), {
    message: 'Invalid date',
  });

/** Money is integer pence, never negative. */
export const pence = z.number().int('Amounts are whole pence').min(0, 'Amounts cannot be negative').max(1_000_000_000);

/**
 * An order's number: `.` and `..` are path steps, not names, so no order page or API address
 * (`/orders/{orderNumber}`) could reach them, and control characters cannot be typed at login.
 */
export const orderNumber = z
  .string()
  .trim()
  .min(1, 'Order number is required')
  .max(100)
  .refine((value) => value !== '.' && value !== '..', 'Order number cannot be "." or ".."')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'Order number cannot contain control characters');

/** Order numbers are one order whatever their case, as every lookup (login, order pages) treats them. */
export const orderNumberKey = (value: string): string => value.toUpperCase();

export const itemStatus = z.enum(itemStatuses, { error: 'Invalid item status' });
export const orderStatus = z.enum(orderStatuses, { error: 'Invalid order status' });
export const manufacturer = z.enum(manufacturers, {
  error: `Manufacturer must be one of ${manufacturers.join(', ')}`,
});

export const addressSchema = z.object({
  name: z.string().max(200),
  address1: z.string().max(200),
  address2: z.string().max(200).nullish(),
  city: z.string().max(100),
  state: z.string().max(100).nullish(),
  zipCode: z.string().max(20),
  country: z.string().max(100),
});
export type Address = z.infer<typeof addressSchema>;

/** Free text an admin types; empty means "none". */
export const optionalText = (max: number) => z.string().max(max).nullish();
