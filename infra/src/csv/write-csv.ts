import { writeToString } from '@fast-csv/format';
import { neutraliseCsvCell } from '@ot/contracts/csv/csv-cell.ts';

/**
 * Every CSV we hand out goes through here: RFC 4180 quoting by fast-csv, and any cell that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) neutralised.
 */
export function writeCsv(headers: readonly string[], rows: readonly (readonly (string | number | null)[])[]) {
  const cells = (row: readonly (string | number | null)[]) =>
    row.map((cell) => (cell === null ? '' : typeof cell === 'number' ? String(cell) : neutraliseCsvCell(cell)));
  return writeToString([cells(headers), ...rows.map(cells)], { headers: false, quoteColumns: false });
}
