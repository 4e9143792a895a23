import { format, isValid, parseISO } from 'date-fns';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Amounts are held in pence and shown in pounds. */
export const formatMoney = (pence: number): string => gbp.format(pence / 100);

/** The spec's date formats (section 9). */
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
