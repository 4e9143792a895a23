import { CSV_NEEDS_DATA } from './customer-rows.ts';

/** The checks the import screen makes before anything is sent. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export const INVALID_JSON = 'Invalid JSON format. Please check your data and try again.';
export const NOT_AN_ARRAY = 'Data must be an array of orders';
export const NO_VALID_DATA = 'No valid data to import';

/** Pasted or loaded JSON must be an array of orders; each order is checked by the server. */
export function checkOrdersJson(text: string): Checked<unknown[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: INVALID_JSON };
  }
  if (!Array.isArray(parsed)) return { ok: false, message: NOT_AN_ARRAY };
  if (parsed.length === 0) return { ok: false, message: NO_VALID_DATA };
  return { ok: true, value: parsed };
}

/** A CSV needs a header row and at least one data row (the server reads the columns). */
export function checkCustomersCsv(text: string): Checked<string> {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .filter((line) => line.replace(/[,;\t"\s]/g, '') !== '');
  return lines.length >= 2 ? { ok: true, value: text } : { ok: false, message: CSV_NEEDS_DATA };
}

/** An uploaded .csv file fills the customers input; any other file the orders input. */
export const inputForFile = (fileName: string): 'customers' | 'orders' =>
  fileName.toLowerCase().endsWith('.csv') ? 'customers' : 'orders';
