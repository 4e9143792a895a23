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

/** The address alone, as contact exports also write it: "Jane Golfer <jane@example.com>", "mailto:jane@example.com". */
const plainAddress = (email: string): string =>
  (/<([^<>\s]+@[^<>\s]+)>\s*$/.exec(email)?.[1] ?? email).replace(/^mailto:/i, '').trim();

export type CustomerRowOutcome =
  | { kind: 'customer'; customer: ImportCustomer }
  | { kind: 'skip'; reason: string }
  | { kind: 'reject'; field: string | null; message: string };

export const MISSING_CUSTOMER_FIELDS = 'Missing first name, last name or email';

/**
 * Rows without a first name, a last name and an email are skipped; the name is
 * first + ' ' + last. Cell text is kept as text (a leading `=` stays a character, never a formula).
 */
export function toImportCustomer(input: unknown): CustomerRowOutcome {
  const parsed = importCustomerRowSchema.safeParse(customerRowFromObject(input));
  if (!parsed.success)
    return { kind: 'reject', field: null, message: parsed.error.issues[0]?.message ?? 'Invalid row' };
  const { firstName, lastName, phone } = parsed.data;
  const email = plainAddress(parsed.data.email);
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
/** A column holding the whole name ("Name", "Full Name", "customerName"): split when there are no first and last name columns. */
type HeaderColumn = CustomerColumn | 'fullName';

/** Header text without case, spaces or punctuation: "First Name", "first_name" and "E-mail" all match. */
const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Headers that name a column outright; they win over headers that merely contain its words ("Email" over "Email Opt-in"). */
const exactHeaders: Record<string, HeaderColumn> = {
  firstname: 'firstName',
  givenname: 'firstName',
  forename: 'firstName',
  lastname: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  email: 'email',
  emailaddress: 'email',
  phone: 'phone',
  phonenumber: 'phone',
  name: 'fullName',
  fullname: 'fullName',
  customername: 'fullName',
  contactname: 'fullName',
};

/** How well a header names a column: 3 outright, 2 by containing the words, 1 by a common synonym. */
function matchHeader(header: string): { column: HeaderColumn; score: number } | null {
  const h = squash(header);
  const exact = exactHeaders[h];
  if (exact) return { column: exact, score: 3 };
  if (h.includes('first') && h.includes('name')) return { column: 'firstName', score: 2 };
  if (h.includes('last') && h.includes('name')) return { column: 'lastName', score: 2 };
  if (h.includes('email')) return { column: 'email', score: 2 };
  if (h.includes('phone')) return { column: 'phone', score: 2 };
  if (/givenname|forename/.test(h)) return { column: 'firstName', score: 1 };
  if (/surname|familyname/.test(h)) return { column: 'lastName', score: 1 };
  if (/mobile|^tel|^cell/.test(h)) return { column: 'phone', score: 1 };
  return null;
}

function mapHeaderColumns(headers: readonly string[]): Partial<Record<HeaderColumn, number>> {
  const best: Partial<Record<HeaderColumn, { index: number; score: number }>> = {};
  headers.forEach((header, index) => {
    const match = matchHeader(header);
    if (!match) return;
    const current = best[match.column];
    if (!current || match.score > current.score) best[match.column] = { index, score: match.score };
  });
  return Object.fromEntries(Object.entries(best).map(([column, found]) => [column, found.index]));
}

/**
 * Which column holds what, by its header (a header containing first+name, last+name, email
 * or phone) plus the spellings exports use (Surname, Given Name, Mobile...); among several candidates
 * the one named outright wins, then the first.
 */
export function mapCustomerColumns(headers: readonly string[]): Partial<Record<CustomerColumn, number>> {
  const { fullName: _fullName, ...columns } = mapHeaderColumns(headers);
  return columns;
}

/** "Jane Golfer" -> Jane / Golfer, "Mary Ann O'Brien" -> Mary Ann / O'Brien, "Golfer, Jane" -> Jane / Golfer. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const comma = fullName.indexOf(',');
  if (comma > 0) return { firstName: fullName.slice(comma + 1).trim(), lastName: fullName.slice(0, comma).trim() };
  const words = fullName.trim().split(/\s+/);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}

/** Cells of one record (a CSV line, or a JSON row's values) as a customer row, by the columns found. */
function rowFrom(
  columns: Partial<Record<HeaderColumn, number>>,
  cellAt: (index: number) => unknown,
): Record<CustomerColumn, unknown> {
  const at = (column: HeaderColumn) => {
    const index = columns[column];
    return index === undefined ? '' : cellAt(index);
  };
  const row = { firstName: at('firstName'), lastName: at('lastName'), email: at('email'), phone: at('phone') };
  const fullName = at('fullName');
  if (columns.firstName === undefined && columns.lastName === undefined && typeof fullName === 'string') {
    return { ...row, ...splitFullName(fullName) };
  }
  return row;
}

/**
 * A JSON row as the import screen sends it ({firstName, lastName, email, phone}), or with the keys a
 * spreadsheet converter writes ("First Name", first_name, customerEmail...): keys are read like CSV headers.
 */
export function customerRowFromObject(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const entries = Object.entries(input);
  return rowFrom(mapHeaderColumns(entries.map(([key]) => key)), (index) => entries[index]?.[1]);
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
  const columns = mapHeaderColumns(headers);
  const hasName = columns.fullName !== undefined && columns.firstName === undefined && columns.lastName === undefined;
  const missing = (['firstName', 'lastName', 'email'] as const).filter(
    (column) => columns[column] === undefined && !(hasName && column !== 'email'),
  );
  if (missing.length > 0) {
    return {
      ok: false,
      message: `No valid data to import: the CSV needs first name, last name and email columns (missing: ${missing
        .map((column) => columnLabels[column])
        .join(', ')})`,
    };
  }
  return {
    ok: true,
    // Row numbers as a spreadsheet shows them: the header is row 1.
    rows: data.flatMap((record, index) =>
      isBlank(record)
        ? []
        : [{ row: index + 2, data: rowFrom(columns, (column) => record[column] ?? '') as ImportCustomerRow }],
    ),
  };
}
