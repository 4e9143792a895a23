import {
  type ImportReport,
  MAX_IMPORT_ROWS,
  type RejectedRow,
  type SkippedRow,
  summariseImport,
} from '@ot/contracts/imports/import-report.ts';
import { badRequest, HttpError } from '@ot/infra/http/errors.ts';
import type { AppContext } from '@ot/infra/http/session.ts';

/** The rows of a JSON import: an array, not empty, not huge. */
export function importRows(body: unknown, noun: 'orders' | 'customers'): unknown[] {
  if (!Array.isArray(body)) throw badRequest(`Data must be an array of ${noun}`);
  if (body.length === 0) throw badRequest('No valid data to import');
  if (body.length > MAX_IMPORT_ROWS) throw tooManyRows();
  return body;
}

export const tooManyRows = () =>
  new HttpError(413, `Too many rows: at most ${MAX_IMPORT_ROWS} can be imported at once`, 'PAYLOAD_TOO_LARGE');

const describeRejection = (first: RejectedRow) => `row ${first.row}: ${first.message}`;

/**
 * Answer with the report (and the position of the last append, for read-your-writes). When every
 * row was wrong the import failed as a whole: a 400 whose message names the first problem.
 */
export function replyWithReport(ctx: AppContext, report: Omit<ImportReport, 'message'>, lastPosition: number): void {
  const summary = summariseImport(report);
  if (lastPosition > 0) {
    ctx.set('x-event-position', String(lastPosition));
    ctx.set('Access-Control-Expose-Headers', 'x-event-position');
  }
  const [first] = summary.rejected;
  if (summary.imported === 0 && summary.skipped.length === 0 && first) {
    const count = summary.rejected.length;
    const { message: _summary, ...details } = summary;
    throw new HttpError(
      400,
      `None of the ${count} row${count === 1 ? '' : 's'} could be imported (${describeRejection(first)})`,
      'IMPORT_REJECTED',
      details,
    );
  }
  ctx.body = summary;
}

/** How one row's write ended: appended (the order number or email it is known by, and where) or skipped. */
export type RowOutcome = { kind: 'imported'; key: string; position: number } | { kind: 'skipped'; skip: SkippedRow };

/**
 * Answer with the report of an import from the rows skipped before any write (`skipped`) and the
 * outcomes of the writes: every skip in row order, the position of the last append the highest.
 */
export function replyWithOutcomes(
  ctx: AppContext,
  report: Pick<ImportReport, 'kind' | 'total' | 'rejected'> & { skipped: SkippedRow[]; outcomes: RowOutcome[] },
): void {
  const { outcomes, ...counts } = report;
  const imported = outcomes.flatMap((outcome) => (outcome.kind === 'imported' ? [outcome] : []));
  const skipped = [
    ...report.skipped,
    ...outcomes.flatMap((outcome) => (outcome.kind === 'skipped' ? [outcome.skip] : [])),
  ];
  replyWithReport(
    ctx,
    {
      ...counts,
      imported: imported.length,
      importedKeys: imported.map((outcome) => outcome.key),
      skipped: skipped.sort((a, b) => a.row - b.row),
    },
    imported.reduce((max, outcome) => Math.max(max, outcome.position), 0),
  );
}
