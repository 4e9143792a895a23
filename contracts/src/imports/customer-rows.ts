import { z } from 'zod';

/** A customer row as the import screen sends it (JSON), or as a CSV row is read. */
const cell = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

export const importCustomerRowSchema = z.object(
  {
    firstName: cell,
    lastName: cell,
    email: cell,
    phone: cell,
  },
  { error: 'Each row must be an object with firstName, lastName, email and phone' },
);
export type ImportCustomerRow = z.input<typeof importCustomerRowSchema>;

export interface ImportCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  customerName: string;
}

const emailSchema = z.email().max(255);

export type CustomerRowOutcome =
  | { kind: 'customer'; customer: ImportCustomer }
  | { kind: 'skip'; reason: string }
  | { kind: 'reject'; field: string | null; message: string };

export const MISSING_CUSTOMER_FIELDS = 'Missing first name, last name or email';

/**
 * The spec's rule: rows without a first name, a last name and an email are skipped; the name is
 * first + ' ' + last. Cell text is kept as text (a leading `=` stays a character, never a formula).
 */
export function toImportCustomer(input: unknown): CustomerRowOutcome {
  const parsed = importCustomerRowSchema.safeParse(input);
  if (!parsed.success)
    return { kind: 'reject', field: null, message: parsed.error.issues[0]?.message ?? 'Invalid row' };
  const { firstName, lastName, email, phone } = parsed.data;
  if (!firstName || !lastName || !email) return { kind: 'skip', reason: MISSING_CUSTOMER_FIELDS };
  if (!emailSchema.safeParse(email).success)
    return { kind: 'reject', field: 'email', message: 'Invalid email address' };
  if (firstName.length > 100 || lastName.length > 100)
    return { kind: 'reject', field: 'name', message: 'Names must be at most 100 characters' };
  if (phone.length > 50) return { kind: 'reject', field: 'phone', message: 'Phone must be at most 50 characters' };
  return {
    kind: 'customer',
    customer: { firstName, lastName, email, phone: phone || null, customerName: `${firstName} ${lastName}` },
  };
}

export type CustomerColumn = 'firstName' | 'lastName' | 'email' | 'phone';

/** Header text without case, spaces or punctuation: "First Name", "first_name" and "E-mail" all match. */
const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

function columnFor(header: string): CustomerColumn | null {
  const h = squash(header);
  if (h.includes('first') && h.includes('name')) return 'firstName';
  if (h.includes('last') && h.includes('name')) return 'lastName';
  if (h.includes('email')) return 'email';
  if (h.includes('phone')) return 'phone';
  return null;
}

/** Which column holds what, by the spec's header rule; the first matching column wins. */
export function mapCustomerColumns(headers: readonly string[]): Partial<Record<CustomerColumn, number>> {
  const columns: Partial<Record<CustomerColumn, number>> = {};
  headers.forEach((header, index) => {
    const column = columnFor(header);
    if (column && columns[column] === undefined) columns[column] = index;
  });
  return columns;
}

export const CSV_NEEDS_DATA = 'CSV must have a header row and at least one data row';

const columnLabels: Record<CustomerColumn, string> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'email',
  phone: 'phone',
};

/** The CSV's records (header first) as customer rows, or the message saying why it cannot be imported. */
export function customerRowsFromRecords(
  records: readonly (readonly string[])[],
): { ok: true; rows: { row: number; data: ImportCustomerRow }[] } | { ok: false; message: string } {
  const [headers, ...data] = records;
  const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === '');
  if (!headers || isBlank(headers) || data.every(isBlank)) return { ok: false, message: CSV_NEEDS_DATA };
  const columns = mapCustomerColumns(headers);
  const missing = (['firstName', 'lastName', 'email'] as const).filter((column) => columns[column] === undefined);
  if (missing.length > 0) {
    return {
      ok: false,
      message: `No valid data to import: the CSV needs first name, last name and email columns (missing: ${missing
        .map((column) => columnLabels[column])
        .join(', ')})`,
    };
  }
  const at = (record: readonly string[], column: CustomerColumn) => {
    const index = columns[column];
    return index === undefined ? '' : (record[index] ?? '');
  };
  return {
    ok: true,
    // Row numbers as a spreadsheet shows them: the header is row 1.
    rows: data.flatMap((record, index) =>
      isBlank(record)
        ? []
        : [
            {
              row: index + 2,
              data: {
                firstName: at(record, 'firstName'),
                lastName: at(record, 'lastName'),
                email: at(record, 'email'),
                phone: at(record, 'phone'),
              },
            },
          ],
    ),
  };
}
