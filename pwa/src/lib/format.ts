import { format, isValid, parseISO } from 'date-fns';

/**
 * Amounts are held in pence and shown in pounds, as Intl's en-GB pound format writes them (`£1,234.56`,
 * `-£5.00`), without it: creating that formatter loads the browser's locale data in one long task of a
 * phone's main thread as the customer's pages load.
 */
export function formatMoney(pence: number): string {
  if (!Number.isFinite(pence))
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence);
  const whole = Math.round(Math.abs(pence));
  const pounds = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${pence < 0 || Object.is(pence, -0) ? '-' : ''}£${pounds}.${String(whole % 100).padStart(2, '0')}`;
}

/** The date formats every screen uses. */
export const DATE = 'MMM dd, yyyy';
export const LONG_DATE = 'EEEE, MMMM do, yyyy';
export const DATE_TIME = 'MMM dd, yyyy HH:mm';

/** A calendar date (`2024-03-05`) is read as that local day; a timestamp as its local time. */
export function formatDate(iso: string | null | undefined, pattern: string = DATE): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, pattern) : '';
}

/** The calendar day of an ISO date or timestamp, for `<input type="date">`. */
export const toDateInput = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10) : '');

/** Today as `yyyy-MM-dd` in local time. */
export const todayDateInput = (): string => format(new Date(), 'yyyy-MM-dd');

/** Pounds typed in a form to whole pence (`'12.345'` -> 1235). */
export const poundsToPence = (pounds: string | number): number => Math.round(Number(pounds) * 100);
