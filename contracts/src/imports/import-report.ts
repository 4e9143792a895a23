import { z } from 'zod';

/** A row left out on purpose (already there, or not meant to be imported), with why. */
export const skippedRowSchema = z.object({
  row: z.number(),
  key: z.string().nullable(),
  reason: z.string(),
});
export type SkippedRow = z.infer<typeof skippedRowSchema>;

/** A row that is wrong: its number (1 = first data row; for CSV the spreadsheet row) and what is wrong. */
export const rejectedRowSchema = z.object({
  row: z.number(),
  field: z.string().nullable(),
  message: z.string(),
});
export type RejectedRow = z.infer<typeof rejectedRowSchema>;

/** The answer of every import endpoint. */
export const importReportSchema = z.object({
  kind: z.enum(['orders', 'customers']),
  total: z.number(),
  imported: z.number(),
  /** Order numbers or customer emails, in file order. */
  importedKeys: z.array(z.string()),
  skipped: z.array(skippedRowSchema),
  rejected: z.array(rejectedRowSchema),
  message: z.string(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const MAX_IMPORT_ROWS = 10_000;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export function summariseImport(report: Omit<ImportReport, 'message'>): ImportReport {
  const noun = report.kind === 'orders' ? 'order' : 'customer';
  const parts = [`${plural(report.imported, noun)} imported`];
  if (report.skipped.length) parts.push(`${report.skipped.length} skipped`);
  if (report.rejected.length) parts.push(`${report.rejected.length} rejected`);
  return { ...report, message: `${parts.join(', ')}.` };
}
